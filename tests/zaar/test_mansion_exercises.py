"""Zaar 1's exercises: each drawn question's answer checked, for many students, against what is read here apart: a
cell's ring found by walking the hex grid, the turns that fit tried on the engine's own mansion, the rooms within
reach and the walks found by a breadth-first search over the doors *as the question's text lists them*, and the
chance of a sacred room as a product of draws and by the engine's odds."""

import re
from collections import deque
from fractions import Fraction

import pytest

from tests.helpers import by_id
from zaarlab.core.hexgrid import Hex
from zaarlab.zaar.board import Mansion
from zaarlab.zaar.cards import load_cards
from zaarlab.zaar.mansion_exercises import MANSION_EXERCISES, grown_mansion
from zaarlab.zaar.odds import default_pile, p_sacred_within

STUDENTS = [f"student {i}" for i in range(40)]
STEPS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))  # the six neighbours of a cell, read here apart
CARDS = load_cards()


def ring_by_walking(cell) -> int:
    """The enclosure of ``cell``: 1 at the centre, one more for each step of the shortest walk on the grid."""
    depth, queue = {(0, 0): 1}, deque([(0, 0)])
    while tuple(cell) not in depth:
        q, r = queue.popleft()
        for dq, dr in STEPS:
            if (q + dq, r + dr) not in depth:
                depth[q + dq, r + dr] = depth[q, r] + 1
                queue.append((q + dq, r + dr))
    return depth[tuple(cell)]


def doors_in_text(text: str) -> dict[str, set[str]]:
    """The mansion a question describes: each room's letter -> the rooms its doors join, as the sentence says."""
    listed = re.search(r"its doors join ([A-Z–, ]+)\.", text)[1]
    rooms = {letter: set() for letter in "ABCDEFGH"[:int(re.search(r"A mansion of (\d+) rooms", text)[1])]}
    for a, b in (link.split("–") for link in listed.split(", ")):
        rooms[a].add(b)
        rooms[b].add(a)
    return rooms


def moves_from(rooms: dict[str, set[str]], start: str) -> dict[str, int]:
    depth, queue = {start: 0}, deque([start])
    while queue:
        room = queue.popleft()
        for nxt in sorted(rooms[room] - depth.keys()):
            depth[nxt] = depth[room] + 1
            queue.append(nxt)
    return depth


def engine_turns(room_id: str, east_door: bool) -> int:
    """The turns of ``room_id`` the engine lets go north-east of the Bloody Chamber, beside a room laid east of it
    with (or without) a door on its north-west side."""
    centre = Mansion.start("bloody_chamber")
    for east in sorted(CARDS.rooms):
        if east == room_id or east == "bloody_chamber":
            continue
        for cell, turn in centre.legal_placements(east):
            mansion = centre.place(east, cell, turn)
            if cell == Hex(1, 0) and (5 in mansion.doors(cell)) == east_door:
                return sum(cell == Hex(1, -1) for cell, _ in mansion.legal_placements(room_id))
    raise AssertionError("no room fits east of the Chamber with that side")


@pytest.mark.rule("ZAAR-SETUP-01")
def test_zaar_setup_01_the_higher_enclosure_is_the_one_found_by_walking_the_grid():
    for name in STUDENTS:
        question = by_id(MANSION_EXERCISES, "zaar-enclosure").for_student(name)
        a, b = (ring_by_walking(cell) for cell in question.params["cells"])
        assert a != b and question.answer == ("A" if a > b else "B")
        assert f"enclosure {a}" in question.solution and f"enclosure {b}" in question.solution


@pytest.mark.rule("ZAAR-PLACE-01")
@pytest.mark.rule("AMB-Z09")
def test_zaar_place_01_the_turns_that_fit_are_the_engines_on_its_own_mansion():
    drawn = set()
    for name in STUDENTS:
        question = by_id(MANSION_EXERCISES, "zaar-turns").for_student(name)
        room, east_door = question.params["room"], question.params["east_door"]
        assert question.answer == engine_turns(room, east_door) >= 1
        assert CARDS.rooms[room].name in question.text and "zaarlab's reconstruction" in question.text
        drawn.add(east_door)
    assert drawn == {True, False}  # both sides drawn: a door to meet, and a wall to keep clear of


@pytest.mark.rule("ZAAR-MOVE-01")
@pytest.mark.rule("ZAAR-MOVE-03")
def test_zaar_move_01_the_rooms_within_reach_are_counted_over_the_doors_the_question_lists():
    for name in STUDENTS:
        question = by_id(MANSION_EXERCISES, "zaar-reach").for_student(name)
        params = question.params
        rooms = doors_in_text(question.text)
        depth = moves_from(rooms, params["room"])
        assert question.answer == sum(0 < d <= params["moves"] for d in depth.values())
        assert 1 < question.answer < len(rooms) - 1


@pytest.mark.rule("ZAAR-MOVE-01")
def test_zaar_move_01_rank_by_moves_walks_the_doors_the_question_lists():
    for name in STUDENTS:
        question = by_id(MANSION_EXERCISES, "zaar-walk").for_student(name)
        depth = moves_from(doors_in_text(question.text), question.params["room"])
        named = dict(re.findall(r"([XYZ]): room ([A-H])", question.text))
        assert question.answer == tuple(sorted(named, key=lambda letter: depth[named[letter]]))


def test_the_question_lists_the_doors_of_the_mansion_the_engine_grew():
    question = by_id(MANSION_EXERCISES, "zaar-walk").for_student("Ada")
    mansion, order = grown_mansion(question.params["seed"])
    rooms = doors_in_text(question.text)
    letter = dict(zip(order, "ABCDEFGH", strict=True))
    assert {frozenset((letter[a], letter[b])) for a, b in mansion.door_graph.edges()} == {
        frozenset((a, b)) for a in rooms for b in rooms[a]}
    assert mansion.room_at(order[0]).id == "bloody_chamber"


@pytest.mark.rule("ZAAR-LVL1-01")
def test_zaar_lvl1_01_a_sacred_room_soon_is_the_engines_chance_and_a_product_of_draws():
    for name in STUDENTS:
        question = by_id(MANSION_EXERCISES, "zaar-sacred").for_student(name)
        pile, sacred, draws = (question.params[key] for key in ("pile", "sacred", "draws"))
        none = Fraction(1)
        for i in range(draws):  # the next cards one by one, each not sacred
            none *= Fraction(pile - sacred - i, pile - i)
        assert question.answer == 1 - none
        start = Mansion.start("bloody_chamber")
        cards = default_pile(start)
        holy = [c for c in cards if c in CARDS.rooms and CARDS.rooms[c].is_sacred][:sacred]
        others = [c for c in cards if c not in CARDS.rooms or not CARDS.rooms[c].is_sacred][:pile - sacred]
        assert Fraction(str(p_sacred_within(start, draws, holy + others))) == question.answer
