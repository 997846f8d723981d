"""The planet as a map: each province and sea space a region of the disc, drawn from the drawing positions.

The rulebook prints no map (GAP-S01), only how the kingdoms and seas touch; ``map.yaml`` gives every province and
sea space a drawing position. Its region is the part of the planet's disc nearer to that position than to any other
(a Voronoi cell): the regions tile the disc, and a province lies where its position puts it. Plain geometry:
each cell is the disc (a polygon of many sides) cut by the half-plane of every other position.

>>> from zaarlab.zargos.board import load_planet
>>> cells = regions(load_planet())
>>> len(cells), round(sum(area(c) for c in cells.values()) / area(disc()), 4)
(69, 1.0)
"""

from __future__ import annotations

import math
from functools import cache

from .board import Planet

RADIUS = 9.2  # the planet's disc around the drawing positions (which lie within 8.0)
SIDES = 96

Point = tuple[float, float]


def disc(radius: float = RADIUS, sides: int = SIDES) -> list[Point]:
    """The disc as a polygon, counter-clockwise."""
    return [(radius * math.cos(2 * math.pi * k / sides), radius * math.sin(2 * math.pi * k / sides))
            for k in range(sides)]


@cache
def regions(planet: Planet) -> dict[str, tuple[Point, ...]]:
    """Province or sea space -> its region: a convex polygon, counter-clockwise."""
    sites = {node: planet.graph.nodes[node]["pos"] for node in planet.graph}
    found = {}
    for node, here in sites.items():
        cell = disc()
        for other, there in sites.items():
            if other != node:
                cell = _nearer(cell, here, there)
        found[node] = tuple(cell)
    return found


def area(polygon) -> float:
    """The area of a simple polygon (shoelace formula)."""
    edges = zip(polygon, [*polygon[1:], polygon[0]], strict=True)
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in edges)) / 2


def _nearer(polygon: list[Point], here: Point, there: Point) -> list[Point]:
    """The part of ``polygon`` nearer to ``here`` than to ``there`` (Sutherland-Hodgman against the bisector)."""
    nx, ny = there[0] - here[0], there[1] - here[1]
    limit = (there[0] ** 2 + there[1] ** 2 - here[0] ** 2 - here[1] ** 2) / 2  # points p with n.p <= limit

    def side(p: Point) -> float:
        return nx * p[0] + ny * p[1] - limit

    kept = []
    for a, b in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        sa, sb = side(a), side(b)
        if sa <= 0:
            kept.append(a)
        if sa * sb < 0:
            t = sa / (sa - sb)
            kept.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
    return kept

