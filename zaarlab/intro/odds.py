"""Exact odds for the first lesson: the sum of n dice, and "at least once in w tries".

Examples
--------
>>> p_sum_at_least(3, 6, 11)
1/2
>>> at_least_once(sympy.Rational(1, 6))
1 - (5/6)**w
>>> tries_needed(sympy.Rational(1, 6), sympy.Rational(1, 2))
4
"""

from __future__ import annotations

import math

import sympy

from ..core.dice import sum_dist

W = sympy.Symbol("w", integer=True, positive=True)
"""The number of tries in the closed forms."""


def p_sum_at_least(n: int, faces: int, total: int) -> sympy.Rational:
    """P(the sum of n dice with ``faces`` faces is at least ``total``), exactly."""
    return sum_dist(n, faces).p(lambda s: s >= total)


def at_least_once(p: sympy.Expr) -> sympy.Expr:
    """P(an event of probability ``p`` happens at least once in ``w`` independent tries), as an expression in w.

    >>> at_least_once(sympy.Rational(1, 36)).subs(W, 24)
    11033126465283976852912127963392284191/22452257707354557240087211123792674816
    """
    return 1 - (1 - p) ** W


MAX_TRIES = 100_000  # the exact count compares (1 - p)^w for w near the estimate: numbers of a few 100,000 digits


def tries_needed(p: sympy.Rational, target: sympy.Rational) -> int:
    """The fewest tries w with P(at least once in w tries) >= target (0 < p <= 1, 0 <= target < 1).

    Exact: counts up with rationals from the estimate ``log(1 - target) / log(1 - p)``, at most :data:`MAX_TRIES`.

    >>> tries_needed(sympy.Rational(1, 36), sympy.Rational(1, 2))   # de Mere's double six
    25
    """
    p, target = sympy.Rational(p), sympy.Rational(target)
    if not (0 < p <= 1 and 0 <= target < 1):
        raise ValueError(f"need 0 < p <= 1 and 0 <= target < 1, got p={p}, target={target}")
    if p == 1 or target == 0:
        return 1 if target > 0 else 0
    closest = math.log1p(-float(p))  # -inf when p rounds to 1 as a float: the exact count below starts at 0
    estimate = math.log1p(-float(target)) / closest
    if estimate > MAX_TRIES:
        raise ValueError(f"at most {MAX_TRIES:,} tries are counted; about {estimate:.3g} are needed")
    w = max(int(estimate) - 1, 0)
    while 1 - (1 - p) ** w < target:
        w += 1
    return w
