"""Hexagonal grids in axial coordinates, pointy-top, as Zaar's mansion uses them.

A cell is ``Hex(q, r)``: ``q`` grows to the east, ``r`` to the south-east. Its six sides are numbered
clockwise from north-east: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW. The cell across side ``s`` touches us
through its side ``opposite(s)``, so a door on our side 1 meets a door on the neighbour's side 4.

Rings are numbered as Zaar numbers its enclosures: ring 1 is the centre cell, ring 2 the six cells
around it, ring n the cells at distance n - 1 from the centre.

Examples
--------
>>> centre = Hex(0, 0)
>>> neighbour(centre, 1)
Hex(q=1, r=0)
>>> side_between(centre, Hex(1, 0)), opposite(1)
(1, 4)
>>> ring_number(Hex(2, -1)), len(ring(3))
(3, 12)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

SIDE_NAMES = ("NE", "E", "SE", "SW", "W", "NW")
"""Side i of a cell faces SIDE_NAMES[i]."""


class Hex(NamedTuple):
    """An axial hex coordinate; in words ``[q, r]``, as a move names it.

    >>> str(Hex(3, -1)), Hex(3, -1)
    ('[3, -1]', Hex(q=3, r=-1))
    """

    q: int
    r: int

    def __str__(self) -> str:
        return f"[{self.q}, {self.r}]"

    @property
    def s(self) -> int:
        """The third cube coordinate (q + r + s = 0)."""
        return -self.q - self.r


# The step across each side, in side order (clockwise from north-east).
DIRECTIONS = (Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1))
ORIGIN = Hex(0, 0)


def neighbour(cell: Hex, side: int) -> Hex:
    """The cell across ``side`` of ``cell``.

    >>> neighbour(Hex(0, 0), 0)
    Hex(q=1, r=-1)
    """
    step = DIRECTIONS[side % 6]
    return Hex(cell.q + step.q, cell.r + step.r)


@lru_cache(maxsize=4096)  # a mansion's few hundred cells, asked for again at every placement
def neighbours(cell: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``cell``, in side order.

    >>> neighbours(Hex(0, 0))[3]
    Hex(q=-1, r=1)
    """
    q, r = cell
    return tuple(Hex(q + dq, r + dr) for dq, dr in DIRECTIONS)


def opposite(side: int) -> int:
    """The side facing ``side`` across a shared edge.

    >>> [opposite(side) for side in range(6)]
    [3, 4, 5, 0, 1, 2]
    """
    return (side + 3) % 6


def rotate_sides(sides: Iterable[int], steps: int) -> frozenset[int]:
    """A set of sides (a card's doors) after turning the card ``steps`` sixths clockwise.

    >>> sorted(rotate_sides({0, 1}, 1)), sorted(rotate_sides({0, 1}, -1))
    ([1, 2], [0, 5])
    """
    return _rotated(sides if isinstance(sides, frozenset) else frozenset(sides), steps % 6)


@lru_cache(maxsize=1024)  # 64 sets of sides x 6 turns: every card's doors are turned again and again
def _rotated(sides: frozenset[int], steps: int) -> frozenset[int]:
    return frozenset((side + steps) % 6 for side in sides)


def side_between(a: Hex, b: Hex) -> int | None:
    """The side of ``a`` that touches ``b``, or ``None`` if they are not neighbours.

    >>> side_between(Hex(0, 0), Hex(0, 1)), side_between(Hex(0, 0), Hex(2, 0))
    (2, None)
    """
    step = Hex(b.q - a.q, b.r - a.r)
    return DIRECTIONS.index(step) if step in DIRECTIONS else None


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between two cells.

    >>> distance(Hex(0, 0), Hex(2, -1)), distance(Hex(-1, 1), Hex(1, -1))
    (2, 2)
    """
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring_number(cell: Hex, centre: Hex = ORIGIN) -> int:
    """The ring (Zaar's enclosure) of ``cell``: 1 for the centre, 2 around it, and so on.

    >>> ring_number(Hex(0, 0)), ring_number(Hex(0, -1))
    (1, 2)
    """
    return distance(cell, centre) + 1


def ring(n: int, centre: Hex = ORIGIN) -> tuple[Hex, ...]:
    """The cells of ring ``n`` (n >= 1), clockwise, starting north-east of the centre.

    >>> ring(1)
    (Hex(q=0, r=0),)
    >>> ring(2)[:2]
    (Hex(q=1, r=-1), Hex(q=1, r=0))
    """
    if n < 1:
        raise ValueError(f"rings are numbered from 1, not {n}")
    if n == 1:
        return (centre,)
    radius = n - 1
    cell = Hex(centre.q + DIRECTIONS[0].q * radius, centre.r + DIRECTIONS[0].r * radius)
    cells = []
    # From the north-east corner, walk each of the six edges of the ring; edge i runs along side i + 2.
    for edge in range(6):
        for _ in range(radius):
            cells.append(cell)
            cell = neighbour(cell, edge + 2)
    return tuple(cells)


def cells_within(n: int, centre: Hex = ORIGIN) -> tuple[Hex, ...]:
    """Every cell of rings 1..n, ring by ring (3n(n-1) + 1 cells).

    >>> len(cells_within(4))
    37
    """
    return tuple(cell for k in range(1, n + 1) for cell in ring(k, centre))


def to_pixel(cell: Hex, size: float = 1.0) -> tuple[float, float]:
    """The centre of ``cell`` on a drawing with north up (y grows upwards), for hexes of radius ``size``.

    >>> x, y = to_pixel(Hex(1, -1))
    >>> round(x, 3), round(y, 3)
    (0.866, 1.5)
    """
    return (size * math.sqrt(3) * (cell.q + cell.r / 2), -size * 1.5 * cell.r)


def corners(cell: Hex, size: float = 1.0) -> tuple[tuple[float, float], ...]:
    """The six corners of a pointy-top cell, clockwise from the top, for drawing its outline.

    >>> [tuple(round(v, 3) for v in c) for c in corners(Hex(0, 0))][:2]
    [(0.0, 1.0), (0.866, 0.5)]
    """
    x, y = to_pixel(cell, size)
    return tuple(
        (x + size * math.sin(math.radians(60 * k)), y + size * math.cos(math.radians(60 * k))) for k in range(6)
    )
