"""Cards drawn without replacement, counted exactly: the chance that enough of the marked cards of a shuffled deck
come up among the next draws (a hypergeometric tail). Every game draws so: Zaar's pile, Zogar's Gaze's dungeon,
Zerzura's Market and the cards its setup leaves out.

>>> p_drawn(deck=10, marked=2, needed=1, draws=3)
Fraction(8, 15)
>>> p_drawn(40, 5, 1, 4, number=lambda n, d: f"{n}/{d}")
'39030/91390'
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb
from typing import Any


def p_drawn(deck: int, marked: int, needed: int, draws: int,
            number: Callable[[int, int], Any] = Fraction) -> Any:
    """P(at least ``needed`` of the ``marked`` cards are among ``draws`` cards drawn from a shuffled ``deck``), made
    by ``number`` from its numerator and denominator (``Fraction``, or ``sympy.Rational`` at a public boundary).
    Raises ``ValueError`` for a deck that cannot hold the marked cards or give the draws."""
    if not (0 <= marked <= deck and 0 <= draws <= deck):
        raise ValueError(f"a deck of {deck} cannot hold {marked} marked cards or give {draws} draws")
    ways = sum(comb(marked, k) * comb(deck - marked, draws - k) for k in range(needed, min(marked, draws) + 1))
    return number(ways, comb(deck, draws))
