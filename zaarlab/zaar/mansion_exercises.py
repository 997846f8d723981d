"""Zaar 1's exercises: the mansion of hexagons, checked exactly (the API is :mod:`zaarlab.teaching.exercises`).

Five questions, drawn for each student: which of two cells lies in the higher enclosure, how many turns of a room
card fit a cell beside two rooms, how many rooms a pawn can reach with a few moves, the chance that a sacred room
(the end of level 1) comes within the next draws, and three rooms ranked by the moves it takes to walk to them. The
mansions are grown by the engine from the Bloody Chamber, each room drawn and placed where the rules let it go; the
room cards are zaarlab's reconstruction (the rulebook prints no card list), and the questions that use one say so.

>>> question = MANSION_EXERCISES[1].for_student("Ada")
>>> print(question.text)  # doctest: +ELLIPSIS
The Bloody Chamber stands in the centre, a door on each of its six sides, and east of it a room with a ... on its \
north-west side. ...: of its six turns, how many fit?
>>> question.check(question.answer_text).right
True
"""

from __future__ import annotations

import random
import string
from collections.abc import Sequence
from fractions import Fraction
from math import comb

import networkx as nx

from ..core.draws import p_drawn
from ..core.hexgrid import Hex, distance, rotate_sides
from ..core.readable import exact_text
from ..teaching.exercises import Exercise, Question
from .board import Mansion
from .cards import load_cards

CENTRE_ROOM = "bloody_chamber"  # six doors: every neighbour of the centre meets one
SIDE_WORDS = ("north-east", "east", "south-east", "south-west", "west", "north-west")
MANSION_ROOMS = 8  # rooms of a drawn mansion: few enough to list its doors in a sentence
# The sides of the cell north-east of the centre, where "turns that fit" lays its card: it touches the centre
# through its south-west side and the room east of the centre through its south-east side.
SW, SE = 3, 2


enclosure = Mansion.enclosure  # one more than a cell's distance from the centre (ZAAR-SETUP-01)


def _cell(cell: Hex) -> str:
    return f"[{cell.q}, {cell.r}]"


def _higher(params: dict) -> Question:
    a, b = (Hex(*cell) for cell in params["cells"])
    return Question(
        f"A cell is written [q, r]: q grows to the east, r to the south-east, and [0, 0] is the centre (enclosure "
        f"1). Which cell lies in the higher enclosure? A: {_cell(a)}; B: {_cell(b)}.",
        "A" if enclosure(a) > enclosure(b) else "B",
        "A cell's distance from the centre is the largest of |q|, |r| and |q + r|; its enclosure is one more.",
        f"A: the largest of {abs(a.q)}, {abs(a.r)} and {abs(a.q + a.r)} is {distance(Hex(0, 0), a)}, so enclosure "
        f"{enclosure(a)}; B: the largest of {abs(b.q)}, {abs(b.r)} and {abs(b.q + b.r)} is "
        f"{distance(Hex(0, 0), b)}, so enclosure {enclosure(b)}.", params, ("A", "B"))


def _draw_cells(rng: random.Random) -> dict:
    """Two cells of different enclosures, 2 to 6, their coordinates not both on an axis (a sum to think about)."""
    while True:
        cells = [(rng.randint(-5, 5), rng.randint(-5, 5)) for _ in range(2)]
        rings = [enclosure(Hex(*cell)) for cell in cells]
        if len(set(rings)) == 2 and all(2 <= n <= 6 for n in rings) and any(q and r for q, r in cells):
            return {"cells": cells}


def fitting_turns(doors: frozenset[int], east_door: bool) -> tuple[int, ...]:
    """The turns (sixths clockwise) of a card with ``doors`` that fit north-east of the Bloody Chamber, beside a
    room east of it with (``east_door``) or without a door on its north-west side: a door meets the Chamber's, and
    every door faces a door (ZAAR-PLACE-01), one turn per different set of doors (AMB-Z09).

    >>> fitting_turns(frozenset({0, 3}), east_door=False)  # SW a door, SE a wall
    (0,)
    """
    fits, seen = [], set()
    for turn in range(6):
        sides = rotate_sides(doors, turn)
        if sides not in seen and SW in sides and (SE in sides) == east_door:
            fits.append(turn)
        seen.add(sides)
    return tuple(fits)


def _sides(doors) -> str:
    names = [SIDE_WORDS[side] for side in sorted(doors)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _turns(params: dict) -> Question:
    room, east_door = load_cards().rooms[params["room"]], params["east_door"]
    fits = fitting_turns(room.doors, east_door)
    wall = "door" if east_door else "wall"
    laid = "; ".join(f"turned {turn}: doors {_sides(rotate_sides(room.doors, turn))}" for turn in fits)
    return Question(
        f"The Bloody Chamber stands in the centre, a door on each of its six sides, and east of it a room with a "
        f"{wall} on its north-west side. {room.name} (zaarlab's reconstruction of the card) has doors on its "
        f"{_sides(room.doors)} sides, as printed. It is to be laid on the cell north-east of the centre, which "
        "touches the Chamber through its south-west side and the other room through its south-east side. Turning "
        "the card a sixth clockwise moves each door one side on (north-east to east, and so on): of its six turns, "
        "how many fit?", len(fits),
        f"Its south-west side must have a door (facing the Chamber's door) and its south-east side a {wall} (facing "
        f"the other room's {wall}): try each of the six turns.",
        f"{len(fits)}: {laid}. Every other turn puts a wall against a door or a door against a wall.", params)


def _draw_turns(rng: random.Random) -> dict:
    """A room with no special power whose six turns all differ (a card that looks alike turned is counted once by
    the game), with at least one turn that fits."""
    rooms = load_cards().rooms
    while True:
        room_id = rng.choice(sorted(rooms))
        doors, east_door = rooms[room_id].doors, rng.random() < 0.5
        if (room_id != CENTRE_ROOM and not rooms[room_id].special and fitting_turns(doors, east_door)
                and len({rotate_sides(doors, k) for k in range(6)}) == 6):
            return {"room": room_id, "east_door": east_door}


def grown_mansion(seed: int, rooms: int = MANSION_ROOMS) -> tuple[Mansion, tuple[Hex, ...]]:
    """A mansion of ``rooms`` rooms grown from the Bloody Chamber by the rules: the room cards shuffled with
    ``seed``, each laid where it fits (a cell and turn drawn among them), one that fits nowhere set aside. Returns the
    mansion and its cells in the order they were filled (the Chamber first).

    >>> mansion, order = grown_mansion(1)
    >>> len(mansion.rooms), order[0], nx.is_connected(mansion.door_graph)
    (8, Hex(q=0, r=0), True)
    """
    rng = random.Random(seed)
    mansion = Mansion.start(CENTRE_ROOM)
    pile = sorted(room for room in mansion.cards.rooms if room != CENTRE_ROOM)
    rng.shuffle(pile)
    order = [Hex(0, 0)]
    for room in pile:
        if len(order) == rooms:
            break
        options = mansion.legal_placements(room)
        if options:
            cell, turn = rng.choice(options)
            mansion = mansion.place(room, cell, turn)
            order.append(cell)
    return mansion, tuple(order)


def lettered_mansion(seed: int) -> tuple[Mansion, dict[Hex, str]]:
    """A grown mansion (:func:`grown_mansion`) and its rooms' letters, A, B, ... in the order they were laid.

    >>> mansion, letters = lettered_mansion(4)
    >>> letters[Hex(0, 0)], len(letters) == len(mansion.rooms)
    ('A', True)
    """
    mansion, order = grown_mansion(seed)
    return mansion, dict(zip(order, string.ascii_uppercase, strict=False))


def described_mansion(seed: int) -> tuple[nx.Graph, str]:
    """A grown mansion's door graph on the letters A, B, ... (in the order the rooms were laid), and the sentence
    that describes it to a student.

    >>> graph, sentence = described_mansion(4)
    >>> sorted(graph["A"]), sentence.split(";")[1]
    (['B', 'C', 'G'], ' its doors join A–B, A–C, A–G, B–E, B–G, C–D, E–F, E–G, E–H.')
    """
    mansion, letter = lettered_mansion(seed)
    order = list(letter)
    graph = nx.relabel_nodes(mansion.door_graph, letter)
    links = sorted("–".join(sorted(edge)) for edge in graph.edges())
    last = string.ascii_uppercase[len(order) - 1]
    return graph, (f"A mansion of {len(order)} rooms, lettered A to {last} (A the Bloody Chamber in the centre); "
                   f"its doors join {', '.join(links)}.")


def _reach(params: dict) -> Question:
    graph, mansion = described_mansion(params["seed"])
    start, moves = params["room"], params["moves"]
    near = nx.single_source_shortest_path_length(graph, start, cutoff=moves)
    others = sorted(room for room in near if room != start)
    return Question(
        f"{mansion} A pawn stands in room {start}. Each move takes it through one door to the next room. How many "
        f"other rooms are at most {moves} moves away?", len(others),
        "Draw the rooms as dots and the doors as lines. Mark the rooms one move away, then those one move further.",
        f"{len(others)}: " + "; ".join(f"{rooms} at {n} move{'s' * (n > 1)}" for n, rooms in (
            (n, ", ".join(r for r in others if near[r] == n)) for n in range(1, moves + 1)) if rooms) + ".", params,
        explainer=_walk(params["seed"], start))


def _walk(seed: int, room: str) -> tuple:
    """The question's mansion drawn as its door graph, each room with its letter and its moves from ``room``."""
    return ("walk", {"seed": seed, "room": room})


def _draw_reach(rng: random.Random) -> dict:
    """A mansion, a room and 2 or 3 moves that reach some rooms but not all (all or one teaches little)."""
    while True:
        seed, moves = rng.randrange(10**6), rng.choice((2, 3))
        graph, _ = described_mansion(seed)
        room = rng.choice(sorted(graph))
        reached = len(nx.single_source_shortest_path_length(graph, room, cutoff=moves)) - 1
        if 1 < reached < len(graph) - 1:
            return {"seed": seed, "room": room, "moves": moves}


def p_sacred_soon(pile: int, sacred: int, draws: int) -> Fraction:
    """The chance that at least one of the next ``draws`` cards of a shuffled pile of ``pile`` cards, ``sacred`` of
    them sacred rooms, is a sacred room: 1 − C(pile − sacred, draws) / C(pile, draws).

    >>> p_sacred_soon(10, 2, 1), p_sacred_soon(10, 2, 2)
    (Fraction(1, 5), Fraction(17, 45))
    """
    return p_drawn(pile, sacred, 1, draws)


def _sacred(params: dict) -> Question:
    pile, sacred, draws = params["pile"], params["sacred"], params["draws"]
    p = p_sacred_soon(pile, sacred, draws)
    none = 1 - p
    return Question(
        f"Level 1 ends as soon as a sacred room is in the mansion. The draw pile holds {pile} cards, shuffled, "
        f"{sacred} of them sacred rooms. What is the chance that at least one of the next {draws} cards is a sacred "
        "room?", p,
        f"First the chance that none of the {draws} cards is sacred: choose them among the {pile - sacred} others.",
        f"None sacred: C({pile - sacred}, {draws}) / C({pile}, {draws}) = {comb(pile - sacred, draws)}/"
        f"{comb(pile, draws)} = {none}. At least one: 1 − {none} = {exact_text(p)}.", params)


def _rank(params: dict) -> Question:
    graph, mansion = described_mansion(params["seed"])
    start, rooms, letters = params["room"], params["rooms"], "XYZ"
    moves = nx.single_source_shortest_path_length(graph, start)
    order = tuple(sorted(letters, key=lambda letter: moves[rooms[letters.index(letter)]]))
    return Question(
        f"{mansion} Rank these rooms by the fewest moves a pawn in room {start} needs to walk there, the nearest "
        "first: " + "; ".join(f"{letter}: room {room}" for letter, room in zip(letters, rooms, strict=True)) + ".",
        order, "Follow the doors from the pawn's room: one move to each room next to it, and so on.",
        "; ".join(f"{letter} (room {room}): {moves[room]} move{'s' * (moves[room] > 1)}" for letter, room in (
            (letter, rooms[letters.index(letter)]) for letter in order)) + ".", params,
        explainer=_walk(params["seed"], start))


def _draw_ranked(rng: random.Random) -> dict:
    """A mansion, a pawn's room and three other rooms at three different numbers of moves from it."""
    while True:
        seed = rng.randrange(10**6)
        graph, _ = described_mansion(seed)
        start = rng.choice(sorted(graph))
        moves = nx.single_source_shortest_path_length(graph, start)
        rooms = rng.sample(sorted(room for room in graph if room != start), 3)
        if len({moves[room] for room in rooms}) == 3:
            return {"seed": seed, "room": start, "rooms": rooms}


MANSION_EXERCISES: Sequence[Exercise] = (
    Exercise("zaar-enclosure", "The higher enclosure", _draw_cells, _higher),
    Exercise("zaar-turns", "Turns that fit", _draw_turns, _turns),
    Exercise("zaar-reach", "Rooms within reach", _draw_reach, _reach),
    Exercise("zaar-sacred", "A sacred room soon", lambda rng: {
        "pile": rng.randint(20, 40), "sacred": rng.randint(2, 8), "draws": rng.randint(2, 4)}, _sacred),
    Exercise("zaar-walk", "Rank by moves", _draw_ranked, _rank),
)
"""Zaar 1's exercises (the mansion)."""
