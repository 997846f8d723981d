"""Exact probabilities as a student reads them: the fraction with a percent beside it, long fractions kept short.

Tables and JSON keep the full fraction; these are for text on screen. Percents never claim 0% or 100% for a
chance that is not exactly that.

Examples
--------
>>> from fractions import Fraction
>>> exact_text(Fraction(5, 8))
'5/8 ≈ 62.50%'
>>> exact_text(Fraction(1, 20_000)), percent(Fraction(19_999, 20_000))
('1/20000, < 0.01%', '> 99.99%')
>>> exact_text(Fraction(75527324390295123777474704639413, 78513733144117822159768780800000))
'0.96196… ≈ 96.20% (exact: 32 digits over 32)'
>>> exact_text(0), exact_html(Fraction(1, 3))
('0 (0%)', '1/3 ≈ 33.33%')
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

LONG = 23  # characters (two 11-digit numbers): longer fractions show as a decimal, the fraction a click away


def percent(p: Any, places: int = 2) -> str:
    """``p`` as a percent, rounded, but ``< 0.01%`` and ``> 99.99%`` near the ends rather than 0.00% or 100.00%."""
    p = _fraction(p)
    smallest = Fraction(1, 100 * 10 ** places)
    if p in (0, 1):
        return f"{int(p) * 100}%"
    if p < smallest:
        return f"< {float(smallest * 100):.{places}f}%"
    if p > 1 - smallest:
        return f"> {float((1 - smallest) * 100):.{places}f}%"
    return f"{float(p * 100):.{places}f}%"


def exact_text(p: Any) -> str:
    """The exact fraction and its percent; a fraction longer than :data:`LONG` characters as a decimal instead,
    with the size of the exact one."""
    p = _fraction(p)
    if len(str(p)) <= LONG:
        return _beside(str(p), p)
    return f"{_beside(_decimal(p), p)} (exact: {len(str(p.numerator))} digits over {len(str(p.denominator))})"


def exact_html(p: Any) -> str:
    """:func:`exact_text` for an HTML widget: a long fraction behind a *show exact* toggle, wrapped to fit, its percent
    beside it. The toggle sits on the line's first row, whatever the line holds before it."""
    p = _fraction(p)
    if len(str(p)) <= LONG:
        return html.escape(_beside(str(p), p))
    return (f'<details class="zaarlab-exact" style="display: inline-block; vertical-align: top"><summary>'
            f'{html.escape(_beside(_decimal(p), p))} <small>(show exact)</small></summary>'
            f'<code style="overflow-wrap: anywhere">{p}</code> {html.escape(_beside("", p).strip())}</details>')


def _beside(shown: str, p: Fraction) -> str:
    share = percent(p)
    if p in (0, 1):
        return f"{shown} ({share})"
    return f"{shown}, {share}" if share[0] in "<>" else f"{shown} ≈ {share}"


def _decimal(p: Fraction) -> str:
    """Five decimals, with an ellipsis when they are not the whole value."""
    digits = f"{float(p):.5f}"
    return digits if Fraction(digits) == p else digits + "…"


def _fraction(p: Any) -> Fraction:
    if isinstance(p, Fraction | int):
        return Fraction(p)
    return Fraction(int(p.numerator), int(p.denominator))  # sympy.Rational and the like
