"""Dice: sums, pools as sorted multisets, ordered throws and rerolls, all as exact :class:`Dist`.

A *die* is given either as a number of faces (``6`` for faces 1..6) or as a :class:`Dist` over its
faces (a Zaar raml die has letters). When only the faces shown matter, not which die shows them, a
throw of n dice is a *pool*: a sorted tuple, weighted by how many ordered throws give it. That is far
smaller than the ordered throws (252 pools against 7,776 throws for five d6).

Examples
--------
>>> sum_dist(3, 6).p(10)
1/8
>>> pools = pool_dist(2, 6)
>>> len(pools), pools.p((3, 3)), pools.p((2, 5))
(21, 1/36, 1/18)
"""

from __future__ import annotations

import math
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from .dist import Dist

Die = int | Dist


def as_die(die: Die) -> Dist:
    """A die as a :class:`Dist` over its faces; an int k means a fair die numbered 1..k.

    >>> as_die(3)
    Dist({1: 1, 2: 1, 3: 1} / 3)
    """
    return _fair_die(die) if isinstance(die, int) else die


@cache
def _fair_die(faces: int) -> Dist:
    return Dist.die(faces)


_SUMS: dict[Dist, list[Dist]] = {}  # die -> [sum of 0 dice, sum of 1 die, ...], grown on demand


MAX_DICE, MAX_FACES, MAX_DICE_TIMES_FACES = 100, 100, 2000
"""The most :func:`sum_dist` works out: up to 100 dice of up to 100 faces, dice times faces at most 2000 (100d20,
20d100: every total, exactly, in a quarter of a second here). Beyond, it refuses rather than start work without end."""


def sum_dist(n: int, die: Die = 6) -> Dist:
    """The distribution of the sum of n dice (0 to :data:`MAX_DICE`), cached.

    Sums are built one die at a time and all kept, so a slider over n pays one small convolution per new
    value of n, and every value already seen is a lookup.

    >>> sum_dist(2, 6).p(7)
    1/6
    >>> sum_dist(0, 6)
    Dist({0: 1} / 1)
    >>> sum_dist(3000, 6)
    Traceback (most recent call last):
    ...
    ValueError: sum_dist: 0 to 100 dice of 1 to 100 faces, dice times faces at most 2000, not 3000 dice of 6 faces
    """
    faces = die if isinstance(die, int) else len(die)
    if not (isinstance(n, int) and 0 <= n <= MAX_DICE and 1 <= faces <= MAX_FACES
            and n * faces <= MAX_DICE_TIMES_FACES):
        raise ValueError(f"sum_dist: 0 to {MAX_DICE} dice of 1 to {MAX_FACES} faces, dice times faces at most "
                         f"{MAX_DICE_TIMES_FACES}, not {n!r} dice of {faces} faces")
    face = as_die(die)
    sums = _SUMS.get(face) or _SUMS.setdefault(face, [Dist.certain(0)])
    while len(sums) <= n:
        sums.append(sums[-1] + face)
    return sums[n]


def clear_caches() -> None:
    """Forget every cached sum and pool (for benchmarks that must start cold)."""
    _SUMS.clear()
    pool_dist.cache_clear()


@cache
def pool_dist(n: int, die: Die = 6) -> Dist:
    """The distribution of n dice thrown together, as sorted tuples of faces (multisets).

    The weight of a pool is the number of ordered throws that show it (a multinomial coefficient) times
    the face weights.

    >>> pool_dist(3, 2)
    Dist({(1, 1, 1): 1, (1, 1, 2): 3, (1, 2, 2): 3, (2, 2, 2): 1} / 8)
    """
    faces = as_die(die)
    weights = {}
    for pool in combinations_with_replacement(faces.outcomes, n):
        weight = arrangements(pool)
        for face in pool:
            weight *= faces.weight(face)
        weights[pool] = weight
    return Dist(weights)


def ordered_dist(n: int, die: Die = 6) -> Dist:
    """The distribution of n dice where position matters (die 1, die 2, ...), as tuples.

    >>> ordered_dist(2, Dist.uniform("AB"))
    Dist({('A', 'A'): 1, ('A', 'B'): 1, ('B', 'A'): 1, ('B', 'B'): 1} / 4)
    """
    return Dist.product(*[as_die(die)] * n)


def reroll_dist(kept: tuple[Any, ...], rerolled: int, die: Die = 6) -> Dist:
    """Keep some dice and throw the rest again: the distribution of the new pool, sorted.

    >>> reroll_dist((6, 6), 1, 6).p((6, 6, 6))
    1/6
    """
    kept = tuple(kept)
    return pool_dist(rerolled, die).map(lambda fresh: tuple(sorted(kept + fresh)))


def arrangements(pool: tuple[Any, ...]) -> int:
    """How many orders the dice of a pool can come in: n! / (m1! m2! ...).

    >>> arrangements((1, 1, 2)), arrangements((1, 2, 3))
    (3, 6)
    """
    counts: dict[Any, Any] = {}
    for face in pool:
        counts[face] = counts.get(face, 0) + 1
    result = math.factorial(len(pool))
    for count in counts.values():
        result //= math.factorial(count)
    return result
