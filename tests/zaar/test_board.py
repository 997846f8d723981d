"""Zaar's mansion: the first room, door-matching placement, the door graph, movement and special rooms."""

import networkx as nx
import pytest

from tests.zaar.helpers import grow
from zaarlab.core.api import IllegalActionError
from zaarlab.core.hexgrid import ORIGIN, Hex, neighbour, opposite, ring, rotate_sides
from zaarlab.zaar.board import Mansion


def refused(call, rule):
    with pytest.raises(IllegalActionError) as err:
        call()
    assert err.value.rule_id == rule, str(err.value)
    return err.value


def test_zaar_setup_01_enclosures_are_rings():
    assert Mansion.enclosure(ORIGIN) == 1
    assert {Mansion.enclosure(c) for c in ring(2)} == {2} and {Mansion.enclosure(c) for c in ring(3)} == {3}


@pytest.mark.rule("ZAAR-SETUP-02", "ZAAR-SETUP-03")
@pytest.mark.parametrize(("room", "players", "ok"), [
    ("bloody_chamber", 6, True), ("smoggy_chamber", 6, True), ("moss_chamber", 6, True), ("panjdari", 5, True),
    ("panjdari", 6, False), ("sacred_hall", 2, False), ("bloody_room_3", 3, False)])
def test_ex_z02_the_first_room(room, players, ok):
    if ok:
        assert Mansion.start(room, players).rooms == ((ORIGIN, room, 0),)
    else:
        refused(lambda: Mansion.start(room, players), "ZAAR-SETUP-02")


def test_zaar_place_01_doors_must_meet_doors_and_never_walls():
    start = Mansion.start("bloody_chamber")
    east = Hex(1, 0)
    err = refused(lambda: start.place("sacred_room_5", east, 0), "ZAAR-PLACE-01")  # doors NE and SW: chamber's E door
    assert "Bloody Chamber" in err.message and "wall" in err.message
    mansion = start.place("sacred_room_5", east, 1)  # doors E and W: meets the chamber's E door
    err = refused(lambda: mansion.place("humid_room_11", Hex(2, -1), 3), "ZAAR-PLACE-01")  # its door faces a wall
    assert "its SW side" in err.message or "SW" in err.message
    far = Hex(3, 0)
    err = refused(lambda: mansion.place("humid_room_11", far, 0), "ZAAR-PLACE-01")
    assert err.rules == ("ZAAR-PLACE-01", "AMB-Z03") and "cell [3, 0]" in err.message  # touching nothing


@pytest.mark.rule("ZAAR-PLACE-02", "ZAAR-PLACE-03")
def test_one_room_a_cell_and_none_on_the_name_table():
    mansion = Mansion.start("bloody_chamber")
    refused(lambda: mansion.place("sacred_hall", ORIGIN, 0), "ZAAR-PLACE-03")
    refused(lambda: mansion.place("bloody_chamber", Hex(1, 0), 0), "ZAAR-PLACE-03")
    table = Mansion(rooms=((Hex(3, -2), "smoggy_chamber", 0),))  # a room beside the table, beyond the cloth
    refused(lambda: table.place("sacred_hall", Hex(4, -2), 0), "ZAAR-PLACE-02")
    assert Hex(4, -2) not in table.frontier
    beyond = Hex(0, 4)  # enclosure 5: beyond the printed cloth, allowed
    line = grow(mansion, ("sacred_room_5", (0, 1)), ("humid_room_2", (0, 2)), ("humid_room_3", (0, 3)))
    assert any(c == beyond for c, _ in line.legal_placements("windy_room_4"))


def test_legal_placements_are_exactly_the_placements_accepted():
    mansion = grow(Mansion.start("smoggy_chamber"), ("sacred_room_5", (1, 0)), ("windy_room_7", (0, 1)))
    room = mansion.cards.rooms["bloody_room_9"]
    listed = {(cell, rotate_sides(room.doors, k)) for cell, k in mansion.legal_placements("bloody_room_9")}
    accepted = set()
    for cell in mansion.frontier:
        for rotation in range(6):
            try:
                mansion.place("bloody_room_9", cell, rotation)
            except IllegalActionError:
                continue
            accepted.add((cell, rotate_sides(room.doors, rotation)))
    assert listed == accepted and listed  # the same cells and doors; turns giving the same doors listed once
    assert len(listed) == len(mansion.legal_placements("bloody_room_9"))


@pytest.mark.rule("ZAAR-MOVE-01", "ZAAR-MOVE-03")
def test_moves_go_through_doors_and_may_come_back():
    mansion = grow(Mansion.start("bloody_chamber"), ("sacred_room_5", (1, 0)), ("bloody_room_10", (0, 1)))
    assert mansion.moves(Hex(1, 0)) == (ORIGIN,)  # its other doors: none; (0, 1) is behind a wall
    assert mansion.door_graph.has_edge(ORIGIN, Hex(0, 1))
    assert not mansion.door_graph.has_edge(Hex(1, 0), Hex(0, 1))  # they touch through walls
    assert Hex(0, 1) in mansion.moves(Hex(1, 0), kinds=("door", "wall"))  # the Alchemist passes (ZAAR-PAWN-06)
    assert mansion.reachable(Hex(1, 0), 2) == {Hex(1, 0): 0, ORIGIN: 1, Hex(0, 1): 2}
    assert mansion.shortest_path(Hex(1, 0), Hex(0, 1)) == [Hex(1, 0), ORIGIN, Hex(0, 1)]
    walk = [Hex(1, 0), ORIGIN, Hex(1, 0), ORIGIN]  # back and forth: every step a legal move
    assert all(b in mansion.moves(a) for a, b in zip(walk, walk[1:], strict=False))


@pytest.mark.rule("ZAAR-TOOL-10", "ZAAR-TOOL-12")
def test_amulet_doors_and_boswellia_passages_are_edges_of_their_own():
    mansion = grow(Mansion.start("bloody_chamber"), ("sacred_room_5", (1, 0)), ("bloody_room_10", (0, 1)),
                   ("humid_room_2", (-1, 0)))
    side = next(s for s in range(6) if neighbour(Hex(1, 0), s) == Hex(0, 1))
    amulet = mansion.with_amulet_door(Hex(1, 0), side)
    assert Hex(0, 1) in amulet.moves(Hex(1, 0)) and amulet.graph.has_edge(Hex(1, 0), Hex(0, 1), key="amulet")
    assert opposite(side) in amulet.doors(Hex(0, 1))
    refused(lambda: amulet.with_amulet_door(Hex(1, 0), side), "ZAAR-TOOL-10")
    passage = mansion.with_passage(Hex(-1, 0))
    assert Hex(-1, 0) in passage.moves(Hex(1, 0))  # from the sacred room to the Boswellia room: one move
    assert Hex(1, 0) in passage.moves(Hex(-1, 0))  # and back to any sacred room
    assert passage.graph.has_edge(Hex(1, 0), Hex(-1, 0), key="passage")
    assert Hex(-1, 0) not in mansion.moves(Hex(1, 0))


@pytest.mark.rule("ZAAR-ROOM-02", "ZAAR-ROOM-03")
def test_the_suspended_room_moves_anywhere_its_walls_may_cover_doors():
    mansion = grow(Mansion.start("bloody_chamber"), ("suspended_room", (0, 1)), ("smoggy_room_3", (1, -1)))
    refused(lambda: mansion.relocations(ORIGIN), "ZAAR-ROOM-02")
    spots = mansion.relocations(Hex(0, 1))
    assert Hex(0, 1) not in spots and Hex(1, 0) in spots
    normal = {c for c, _ in mansion.without(Hex(0, 1)).legal_placements("suspended_room")}
    assert Hex(1, 0) not in normal  # two doors face (1, 0) on neighbouring sides: no straight room fits there...
    moved = mansion.relocate(Hex(0, 1), Hex(1, 0))  # ...but the Suspended Room may go, covering a door
    assert moved.room_at(Hex(1, 0)).special == "suspended" and Hex(0, 1) not in moved.layout
    refused(lambda: mansion.relocate(Hex(0, 1), Hex(5, 5)), "ZAAR-ROOM-02")


@pytest.mark.rule("ZAAR-ROOM-07", "ZAAR-ROOM-08", "ZAAR-ROOM-09")
def test_windcatcher_and_shortcut_destinations():
    mansion = grow(Mansion.start("moss_chamber"), ("sacred_room_5", (1, 0)), ("sacred_room_6", (-1, 0)),
                   ("humid_room_2", (0, 1)), ("windcatcher_corridor", (0, 2)), ("humid_room_3", (0, 3)),
                   ("sacred_room_3", (0, 4)))
    wind = Hex(0, 2)  # enclosure 3; the sacred rooms of enclosure 2 are one step in
    assert set(mansion.windcatcher_destinations(wind)) == {Hex(1, 0), Hex(-1, 0)}  # the player chooses
    assert set(mansion.windcatcher_destinations(wind, via_shortcut=True)) == {Hex(1, 0), Hex(-1, 0)}
    no_inner = mansion.without(Hex(1, 0)).without(Hex(-1, 0))
    assert no_inner.windcatcher_destinations(wind) == (Hex(0, 4),)  # none lower: the search goes outward
    assert mansion.shortcut_destinations(Hex(0, 3)) == (Hex(0, 4),)  # enclosure 4 -> 5, the nearest step
    only_same = Mansion(rooms=((ORIGIN, "moss_chamber", 0), (Hex(2, 0), "sacred_room_5", 0),
                               (Hex(0, 2), "windcatcher_corridor", 0), (Hex(-2, 2), "sacred_room_6", 0),
                               (Hex(-2, 0), "sacred_room_7", 0)))  # all three sacred rooms in enclosure 3
    assert set(only_same.windcatcher_destinations(Hex(0, 2))) == {Hex(2, 0), Hex(-2, 2)}  # the nearest


def test_save_and_load_rebuild_and_check():
    mansion = grow(Mansion.start("bloody_chamber"), ("sacred_room_5", (1, 0)), ("humid_room_2", (-1, 0)),
                   ("windy_room_4", (-2, 0)))
    data = mansion.with_passage(Hex(1, 0)).to_dict()
    again = Mansion.from_dict(data)
    assert again == mansion.with_passage(Hex(1, 0)) and nx.utils.graphs_equal(again.graph, Mansion(
        again.rooms, passages=again.passages).graph)
    data["rooms"][1]["rotation"] = (data["rooms"][1]["rotation"] + 1) % 6
    with pytest.raises(ValueError, match="ZAAR-PLACE-01"):
        Mansion.from_dict(data)
    with pytest.raises(ValueError, match="centre"):
        Mansion.from_dict({"rooms": [{"room": "bloody_chamber", "cell": [1, 0]}]})
