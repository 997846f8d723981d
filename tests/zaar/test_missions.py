"""Zaar's placement missions: examples for each, and property tests against an independent brute force."""

from itertools import combinations, permutations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.zaar.helpers import grow
from zaarlab.core.hexgrid import Hex, distance, neighbour, opposite
from zaarlab.zaar.board import Mansion
from zaarlab.zaar.cards import load_cards
from zaarlab.zaar.missions import MISSIONS, completed_by, find_missions, instances, placement_missions

CARDS = load_cards()


# -- the missions, one example each ---------------------------------------------------------------------------
def test_zaar_mission_03_a_straight_bloody_corridor():
    line = grow(Mansion.start("bloody_chamber"), ("bloody_room_3", (1, 0)), ("bloody_room_4", (2, 0)))
    done = completed_by(grow(line, ("bloody_room_10", (3, 0))), Hex(3, 0))
    assert done.mission == "bloody_corridor" and done.rooms == (Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0))
    bent = (Mansion.start("bloody_chamber").place("bloody_room_3", Hex(-1, 0), 1).place("bloody_room_8", Hex(1, 0), 4)
            .place("bloody_room_10", Hex(2, -1), 3))  # four bloody rooms door to door, bent at (1, 0)
    assert nx.has_path(bent.door_graph, Hex(-1, 0), Hex(2, -1))
    assert instances(bent, "bloody_corridor") == () and completed_by(bent, Hex(2, -1)) is None


def test_zaar_mission_04_humid_a_and_b_door_to_door():
    pair = grow(Mansion.start("moss_chamber"), ("humid_room_2", (1, 0)), ("humid_room_3", (2, 0)))
    done = completed_by(pair, Hex(2, 0))
    assert done.mission == "humid_pair" and done.rooms == (Hex(1, 0), Hex(2, 0))
    assert completed_by(grow(Mansion.start("moss_chamber"), ("humid_room_2", (1, 0))), Hex(1, 0)) is None


def test_zaar_mission_05_windy_a_b_d_touching_doors_or_not():
    trio = grow(Mansion.start("panjdari"), ("windy_room_6", (1, 0)), ("broken_porch", (-1, 0)))  # D, A, B
    chain = instances(trio, "windy_trio")
    assert chain == (frozenset({Hex(0, 0), Hex(1, 0), Hex(-1, 0)}),)  # a chain through Panjdari (AMB-Z01 a)
    assert instances(trio, "windy_trio", windy_mutual=True) == ()  # (1, 0) and (-1, 0) do not touch


def test_zaar_mission_06_three_smoggy_rooms_in_a_door_triangle():
    triangle = Mansion.start("smoggy_chamber").place("smoggy_room_3", Hex(1, 0), 4)
    assert completed_by(triangle, Hex(1, 0)) is None
    triangle = triangle.place("smoggy_room_4", Hex(1, -1), 2)
    assert completed_by(triangle, Hex(1, -1)).mission == "smoggy_triangle"


@pytest.mark.rule("ZAAR-MISSION-07", "ZAAR-MISSION-02")
def test_four_types_close_and_connected_and_one_mission_per_room():
    four = grow(Mansion.start("moss_chamber"), ("smoggy_room_7", (1, 0)), ("windy_room_7", (0, 1)),
                ("bloody_room_7", (1, -1)))
    done = completed_by(four, Hex(1, -1))
    assert done.mission == "four_types" and len(done.rooms) == 4
    assert completed_by(four, Hex(1, -1), used=frozenset({Hex(0, 1)})) is None  # the windy room served already
    everything = find_missions(four)
    used = [c for m in everything for c in m.rooms]
    assert len(used) == len(set(used))  # disjoint


# -- an independent brute force -------------------------------------------------------------------------------
def meet(m: Mansion, a: Hex, b: Hex) -> bool:
    if distance(a, b) != 1:
        return False
    side = next(s for s in range(6) if neighbour(a, s) == b)
    return side in m.doors(a) and opposite(side) in m.doors(b)


def door_component(m: Mansion, start: Hex) -> set:
    seen, todo = {start}, [start]
    while todo:
        a = todo.pop()
        for b in m.layout:
            if b not in seen and meet(m, a, b):
                seen.add(b)
                todo.append(b)
    return seen


def touching(cells) -> bool:
    cells = list(cells)
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        a = todo.pop()
        for b in cells:
            if b not in seen and distance(a, b) == 1:
                seen.add(b)
                todo.append(b)
    return len(seen) == len(cells)


def is_mission(m: Mansion, mission: str, cells: tuple) -> bool:
    cat = [m.room_at(c).category for c in cells]
    plaques = [m.room_at(c).plaques for c in cells]
    if mission == "bloody_corridor":
        return cat.count("bloody") == 4 and any(
            all(neighbour(o[i], s) == o[i + 1] and meet(m, o[i], o[i + 1]) for i in range(3))
            for o in permutations(cells) for s in range(6))
    if mission == "humid_pair":
        return cat == ["humid"] * 2 and meet(m, *cells) and (
            ("A" in plaques[0] and "B" in plaques[1]) or ("B" in plaques[0] and "A" in plaques[1]))
    if mission == "windy_trio":
        return cat == ["windy"] * 3 and touching(cells) and any(
            all(letter in p for letter, p in zip("ABD", perm, strict=True)) for perm in permutations(plaques))
    if mission == "smoggy_triangle":
        return cat == ["smoggy"] * 3 and all(meet(m, a, b) for a, b in combinations(cells, 2))
    return sorted(cat) == ["bloody", "humid", "smoggy", "windy"] and touching(cells) and set(cells) <= \
        door_component(m, cells[0])


SIZES = {"bloody_corridor": 4, "humid_pair": 2, "windy_trio": 3, "smoggy_triangle": 3, "four_types": 4}
FIRST = ("bloody_chamber", "smoggy_chamber", "moss_chamber", "panjdari")
MISSION_ROOMS = sorted(r.id for r in CARDS.rooms.values() if r.category in ("bloody", "smoggy", "humid", "windy"))


def build(first: str, picks: list[tuple[int, int]], rooms=MISSION_ROOMS) -> Mansion:
    mansion = Mansion.start(first)
    for room_pick, place_pick in picks:
        room = [r for r in rooms if r not in mansion.placed_ids][room_pick % (len(rooms) - len(mansion.rooms))]
        options = mansion.legal_placements(room)
        if options:
            cell, rotation = options[place_pick % len(options)]
            mansion = mansion.place(room, cell, rotation)
    return mansion


picks = st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 10_000)), min_size=1, max_size=9)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FIRST), picks)
def test_random_mansions_obey_the_placement_rules_and_keep_their_graph(first, chosen):
    mansion = build(first, chosen)
    for a in mansion.layout:
        for side in range(6):
            b = neighbour(a, side)
            if b in mansion.layout:  # never a door against a wall
                assert (side in mansion.doors(a)) == (opposite(side) in mansion.doors(b))
    rebuilt = Mansion(rooms=mansion.rooms).graph  # from scratch, against the graph kept up placement by placement
    assert nx.utils.edges_equal(sorted(rebuilt.edges(keys=True)), sorted(mansion.graph.edges(keys=True)))
    assert nx.is_connected(mansion.door_graph)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FIRST), picks)
def test_every_mission_reported_is_real_and_none_is_missed(first, chosen):
    mansion = build(first, chosen)
    cells = sorted(mansion.layout)
    for mission in MISSIONS:
        found = set(instances(mansion, mission))
        brute = {frozenset(c) for c in combinations(cells, SIZES[mission]) if is_mission(mansion, mission, c)}
        assert found == brute, mission
        for cell in cells:
            assert set(instances(mansion, mission, containing=cell)) == {f for f in brute if cell in f}
    chosen_missions = find_missions(mansion)
    rooms = [c for m in chosen_missions for c in m.rooms]
    assert len(rooms) == len(set(rooms))  # disjoint (ZAAR-MISSION-02) ...
    for mission in MISSIONS:  # ... and maximal: nothing more fits
        assert all(set(r) & set(rooms) for r in instances(mansion, mission))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FIRST), picks)
def test_what_a_mansion_keeps_placement_by_placement_equals_what_it_finds_from_scratch(first, chosen):
    """Placements, door graph and mission answers are updated near each new room, not recomputed: check every
    step against a fresh copy, and the mission answers against mansions built from scratch with the room placed."""
    grown = Mansion.start(first)
    answers = placement_missions(grown)  # so every step has answers to update
    history = [grown]  # as the builder keeps it: a mansion updates the answers of one still alive
    for room_pick, place_pick in chosen:
        rooms = [r for r in MISSION_ROOMS if r not in grown.placed_ids]
        room = rooms[room_pick % len(rooms)]
        options = grown.legal_placements(room)
        if not options:
            continue
        grown = grown.place(room, *options[place_pick % len(options)])
        history.append(grown)
        fresh = Mansion(grown.rooms)
        assert grown.door_adjacency == fresh.door_adjacency
        assert len(set(grown.door_components.values())) == len(set(fresh.door_components.values())) == 1
        assert all(grown.legal_placements(r) == fresh.legal_placements(r) for r in CARDS.rooms)
        answers = placement_missions(grown)
        assert answers == placement_missions(fresh)
    for (room, cell, rotation), mission in sorted(answers.items())[::5]:
        done = completed_by(Mansion(tuple(sorted(grown.rooms + ((cell, room, rotation),)))), cell)
        assert mission == (done and done.mission)
