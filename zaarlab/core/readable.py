"""Exact probabilities as a student reads them: the fraction with a percent beside it, long fractions kept short.

Tables and JSON keep the full fraction; these are for text on screen. Percents never claim 0% or 100% for a
chance that is not exactly that, and two long fractions never read alike: "about" a percent with as many places as
tell it from 0% and 100%, the exact fraction a hover or a click away on a page.

Examples
--------
>>> from fractions import Fraction
>>> exact_text(Fraction(5, 8))
'5/8 ≈ 62.50%'
>>> exact_text(Fraction(1, 20_000)), percent(Fraction(19_999, 20_000))
('1/20000, < 0.01%', '> 99.99%')
>>> exact_text(Fraction(75527324390295123777474704639413, 78513733144117822159768780800000))
'about 96.20%'
>>> exact_text(1 - Fraction(1, 3 * 10**20 + 7)), exact_text(Fraction(1, 3 * 10**22 + 7))
('about 99.9999999999999999997%', 'about 0.000000000000000000003%')
>>> exact_text(0), exact_html(Fraction(1, 3))
('0 (0%)', '1/3 ≈ 33.33%')
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

LONG = 23  # characters (two 11-digit numbers): longer fractions show as "about" a percent, the fraction a click away


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
    """The exact fraction and its percent; a fraction longer than :data:`LONG` characters as "about" its percent
    (:func:`about`) instead."""
    p = _fraction(p)
    if len(str(p)) <= LONG:
        return _beside(str(p), p)
    return about(p)


def about(p: Any) -> str:
    """``p`` as "about" a percent, with two decimal places, or as many more as tell it from 0% and 100%.

    >>> about(Fraction(2, 3)), about(Fraction(999_999, 1_000_000))
    ('about 66.67%', 'about 99.9999%')
    """
    p, places = _fraction(p), 2
    while not 0 < round(p * 100, places) < 100:  # exact rounding: a float would make 1 - 10**-20 a whole 100
        places += 1
    hundredths = round(p * 100 * 10**places)
    shown = f"{hundredths // 10**places}.{hundredths % 10**places:0{places}d}"
    return f"about {shown.rstrip('0') if places > 2 else shown}%"


def exact_html(p: Any) -> str:
    """:func:`exact_text` for an HTML widget: a long fraction as "about" its percent, the exact fraction on hover and
    behind a click (a touch screen has no hover), wrapped to fit. The toggle sits on the line's first row, whatever
    the line holds before it."""
    p = _fraction(p)
    if len(str(p)) <= LONG:
        return html.escape(_beside(str(p), p))
    return (f'<details class="zaarlab-exact" style="display: inline-block; vertical-align: top">'
            f'<summary title="exact: {p}">{html.escape(about(p))} <small>(exact fraction)</small></summary>'
            f'<code style="overflow-wrap: anywhere">{p}</code> {html.escape(_beside("", p).strip())}</details>')


def _beside(shown: str, p: Fraction) -> str:
    share = percent(p)
    if p in (0, 1):
        return f"{shown} ({share})"
    return f"{shown}, {share}" if share[0] in "<>" else f"{shown} ≈ {share}"


def _fraction(p: Any) -> Fraction:
    if isinstance(p, Fraction | int):
        return Fraction(p)
    return Fraction(int(p.numerator), int(p.denominator))  # sympy.Rational and the like
