"""Zaar 1's exercises: each drawn question's answer checked, for many students, against what is read here apart: a
cell's ring found by walking the hex grid, the ways to fill a cell tried on the engine's own mansion, the walks
written out one by one and the fewest moves found by a breadth-first search over the doors *as the question's text
lists them*, and the
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


def engine_ways(cards: list[str], sides: dict[str, bool]) -> int:
    """The (card, turn) ways the engine lets ``cards`` go north-east of the Bloody Chamber, beside the rooms ``sides``
    lays: east of the Chamber ("2", the cell's south-east side) with a door (or a wall) on its north-west side, and
    north-west of it ("4", the cell's west side) with one on its east side. Those rooms are laid by the engine too."""
    mansion = Mansion.start("bloody_chamber")
    for side, (cell, facing) in (("2", (Hex(1, 0), 5)), ("4", (Hex(0, -1), 1))):
        if side in sides:
            laid = {room for _, room, _ in mansion.rooms} | set(cards)
            mansion = next(mansion.place(room, at, turn) for room in sorted(set(CARDS.rooms) - laid)
                           for at, turn in mansion.legal_placements(room)
                           if at == cell and (facing in mansion.place(room, at, turn).doors(at)) == sides[side])
    return sum(cell == Hex(1, -1) for card in cards for cell, _ in mansion.legal_placements(card))


def walks_listed(rooms: dict[str, set[str]], start: str, end: str, moves: int, again: bool = True) -> int:
    """Every walk of ``moves`` moves from ``start`` through the doors listed, written out one by one: those ending in
    ``end`` (``again=False``: those that enter no room twice, the start included)."""
    routes = [[start]]
    for _ in range(moves):
        routes = [route + [nxt] for route in routes for nxt in sorted(rooms[route[-1]])
                  if again or nxt not in route]
    return sum(route[-1] == end for route in routes)


@pytest.mark.rule("ZAAR-SETUP-01")
def test_zaar_setup_01_the_higher_enclosure_is_the_one_found_by_walking_the_grid():
    for name in STUDENTS:
        question = by_id(MANSION_EXERCISES, "zaar-enclosure").for_student(name)
        a, b = (ring_by_walking(cell) for cell in question.params["cells"])
        assert question.answer == ("the same" if a == b else "A" if a > b else "B")
        assert f"enclosure {a}" in question.solution and f"enclosure {b}" in question.solution


@pytest.mark.rule("ZAAR-PLACE-01")
@pytest.mark.rule("AMB-Z09")
def test_zaar_place_01_the_ways_to_fill_the_cell_are_the_engines_on_its_own_mansion():
    drawn, answers = set(), set()
    for name in STUDENTS:
        question = by_id(MANSION_EXERCISES, "zaar-turns").for_student(name)
        cards, sides = question.params["rooms"], question.params["sides"]
        assert question.answer == engine_ways(cards, sides) >= 1, question.text
        assert all(CARDS.rooms[card].name in question.text for card in cards)
        assert "zaarlab's reconstruction" in question.text
        drawn.add(tuple(sorted(sides.items())))
        answers.add(question.answer)
        others = {m.kind: m.value for m in question.mistakes}
        if "another rule's number" in others:  # the Chamber's door alone
            assert others["another rule's number"] == engine_ways(cards, {})
    assert len(drawn) >= 6 and len(answers) >= 10  # rooms beside it or not, doors and walls; many answers


@pytest.mark.rule("ZAAR-MOVE-01")
@pytest.mark.rule("ZAAR-MOVE-03")
def test_zaar_move_03_the_walks_are_counted_over_the_doors_the_question_lists():
    answers = set()
    for name in STUDENTS:
        question = by_id(MANSION_EXERCISES, "zaar-reach").for_student(name)
        params = question.params
        rooms = doors_in_text(question.text)
        start, end, moves = params["room"], params["to"], params["moves"]
        assert f"room {start} and makes exactly {moves} moves" in question.text
        assert f"end in room {end}?" in question.text
        assert question.answer == walks_listed(rooms, start, end, moves) >= 1
        assert {m.value for m in question.mistakes} == {
            walks_listed(rooms, start, end, moves - 1), walks_listed(rooms, start, end, moves, again=False)} - {
            question.answer}
        answers.add(question.answer)
    assert len(answers) >= 10


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
        assert {m.value for m in question.mistakes} == {none, 1 - Fraction(pile - sacred, pile) ** draws,
                                                       Fraction(sacred * draws, pile), Fraction(sacred, pile)} - {
            question.answer}
        start = Mansion.start("bloody_chamber")
        cards = default_pile(start)
        holy = [c for c in cards if c in CARDS.rooms and CARDS.rooms[c].is_sacred][:sacred]
        others = [c for c in cards if c not in CARDS.rooms or not CARDS.rooms[c].is_sacred][:pile - sacred]
        assert Fraction(str(p_sacred_within(start, draws, holy + others))) == question.answer
