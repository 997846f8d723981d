"""The boundary where exact answers become ``sympy.Rational``.

Everything inside zaarlab counts with integers; a public function hands its answer over as a ``sympy.Rational``
through :func:`rational`. sympy is imported on the first such call, not before, so the command line and any code
that only needs integers or ``fractions.Fraction`` start without it (importing sympy takes most of a second).

>>> rational(3, 6), rational(Fraction(2, 3))
(1/2, 2/3)
>>> is_rational(rational(1, 2)), is_rational(0.5)
(True, False)
"""

from __future__ import annotations

import sys
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sympy


@lru_cache(maxsize=1 << 14)  # chance nodes ask for the same few thousand fractions all game long: made once
def rational(numerator: int | Fraction, denominator: int = 1) -> sympy.Rational:
    """``numerator / denominator`` (integers, or one ``Fraction``) as a ``sympy.Rational`` in lowest terms."""
    import sympy  # imported on first use, see the module docstring

    if isinstance(numerator, Fraction):
        numerator, denominator = numerator.numerator, numerator.denominator * denominator
    return sympy.Rational(numerator, denominator)


def is_rational(value: Any) -> bool:
    """Whether ``value`` is a ``sympy.Rational``, without importing sympy (if it is not loaded, none exists)."""
    return is_rational_type(type(value))


def is_rational_type(kind: type) -> bool:
    """Whether ``kind`` is ``sympy.Rational`` or one of its classes (``Integer``, ``Half``...), without importing
    sympy."""
    sympy = sys.modules.get("sympy")
    return sympy is not None and issubclass(kind, sympy.Rational)
