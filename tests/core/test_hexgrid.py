"""Hex grid geometry: sides, rings (Zaar's enclosures), distances and drawing positions."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zaarlab.core.hexgrid import (
    ORIGIN,
    Hex,
    cells_within,
    corners,
    distance,
    neighbour,
    neighbours,
    opposite,
    ring,
    ring_number,
    rotate_sides,
    side_between,
    to_pixel,
)

cells = st.builds(Hex, st.integers(-20, 20), st.integers(-20, 20))


@pytest.mark.rule("ZAAR-SETUP-01")
def test_enclosures_are_rings_numbered_from_the_centre():
    assert ring_number(ORIGIN) == 1
    assert {ring_number(c) for c in neighbours(ORIGIN)} == {2}
    assert all(ring_number(c) == 3 for c in ring(3))
    assert [len(ring(n)) for n in range(1, 6)] == [1, 6, 12, 18, 24]
    assert len(set(cells_within(4))) == 37


def test_ring_walks_clockwise_from_north_east_without_gaps():
    cells_of_ring = ring(4)
    assert cells_of_ring[0] == Hex(3, -3)
    for a, b in zip(cells_of_ring, cells_of_ring[1:] + cells_of_ring[:1], strict=True):
        assert distance(a, b) == 1
    bearings = [math.degrees(math.atan2(*to_pixel(c))) for c in cells_of_ring]  # clockwise from north
    from_start = [(b - bearings[0]) % 360 for b in bearings]
    assert bearings[0] == pytest.approx(30) and from_start == sorted(from_start)


@given(cells, st.integers(0, 5))
def test_the_neighbour_across_a_side_sees_us_across_the_opposite_side(cell, side):
    other = neighbour(cell, side)
    assert side_between(cell, other) == side
    assert side_between(other, cell) == opposite(side)
    assert neighbour(other, opposite(side)) == cell


@given(cells, cells, cells)
def test_distance_is_a_metric(a, b, c):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


def test_sides_face_their_compass_points_on_the_drawing():
    for side, bearing in enumerate([30, 90, 150, 210, 270, 330]):  # degrees clockwise from north
        x, y = to_pixel(neighbour(ORIGIN, side))
        assert math.isclose(math.degrees(math.atan2(x, y)) % 360, bearing)
        assert math.isclose(math.hypot(x, y), math.sqrt(3))


def test_rotating_a_door_set():
    assert rotate_sides({0, 3}, 1) == {1, 4}
    assert rotate_sides({5}, 1) == {0}
    assert rotate_sides({0, 1, 2}, 6) == {0, 1, 2}


def test_corners_lie_on_the_circumscribed_circle():
    cx, cy = to_pixel(Hex(2, -1), 2.0)
    assert all(math.isclose(math.hypot(x - cx, y - cy), 2.0) for x, y in corners(Hex(2, -1), 2.0))


def test_rings_start_at_one():
    with pytest.raises(ValueError):
        ring(0)
    assert side_between(ORIGIN, Hex(2, 0)) is None
