"""Zaar 1's exercises: the mansion of hexagons, checked exactly (the API is :mod:`zaarlab.teaching.exercises`).

Five questions, drawn for each student: which of two cells lies in the higher enclosure, in how many ways (a card and
a turn) a few room cards can fill a cell beside the rooms laid, in how many ways a pawn can walk a few moves from one
room to another, the chance that a sacred room (the end of level 1) comes within the next draws, and three rooms
ranked by the moves it takes to walk to them. The
mansions are grown by the engine from the Bloody Chamber, each room drawn and placed where the rules let it go; the
room cards are zaarlab's reconstruction (the rulebook prints no card list), and the questions that use one say so.

>>> question = MANSION_EXERCISES[1].for_student("Ada")
>>> print(question.text)  # doctest: +ELLIPSIS
The Bloody Chamber stands in the centre, a door on each of its six sides. A room lies east of it, ... in how many \
ways can the cell be filled?
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
from ..core.story import joined
from ..teaching.exercises import (
    ADDED,
    COMPLEMENT,
    OFF_BY_ONE,
    ONE_ALONE,
    OTHER_RULE,
    PAIR,
    REPLACED,
    SAME,
    Exercise,
    Mistake,
    Question,
    compared,
    evenly,
    in_order,
)
from .board import Mansion, walks
from .cards import load_cards

CENTRE_ROOM = "bloody_chamber"  # six doors: every neighbour of the centre meets one
SIDE_WORDS = ("north-east", "east", "south-east", "south-west", "west", "north-west")
MANSION_ROOMS = 8  # rooms of a drawn mansion: few enough to list its doors in a sentence
# The sides of the cell north-east of the centre, where "turns that fit" lays its card: it touches the centre
# through its south-west side, the room east of the centre (if one is laid) through its south-east side and the room
# north-west of the centre (if one is laid) through its west side.
SW, SE, W = 3, 2, 4
NUMBERS = {3: "three", 4: "four"}
NEIGHBOURS = {SE: ("south-east", "east", "north-west"), W: ("west", "north-west", "east")}  # our side, where the
# room lies from the centre, and its side that faces ours

enclosure = Mansion.enclosure  # one more than a cell's distance from the centre (ZAAR-SETUP-01)


def _cell(cell: Hex) -> str:
    return f"[{cell.q}, {cell.r}]"


def _higher(params: dict) -> Question:
    a, b = (Hex(*cell) for cell in params["cells"])
    return Question(
        f"A cell is written [q, r]: q grows to the east, r to the south-east, and [0, 0] is the centre (enclosure "
        f"1). Which cell lies in the higher enclosure? A: {_cell(a)}; B: {_cell(b)}; or are both in {SAME}?",
        compared(enclosure(a), enclosure(b)),
        "A cell's distance from the centre is the largest of |q|, |r| and |q + r|; its enclosure is one more.",
        f"A: the largest of {abs(a.q)}, {abs(a.r)} and {abs(a.q + a.r)} is {distance(Hex(0, 0), a)}, so enclosure "
        f"{enclosure(a)}; B: the largest of {abs(b.q)}, {abs(b.r)} and {abs(b.q + b.r)} is "
        f"{distance(Hex(0, 0), b)}, so enclosure {enclosure(b)}.", params, PAIR)


def _draw_cells(rng: random.Random) -> dict:
    """Two cells in enclosures 2 to 6, their coordinates not both on an axis (a sum to think about); A, B and "the
    same" are each the answer for a third of the students."""
    answer = rng.choice(PAIR)
    while True:
        cells = [(rng.randint(-5, 5), rng.randint(-5, 5)) for _ in range(2)]
        rings = [enclosure(Hex(*cell)) for cell in cells]
        if (all(2 <= n <= 6 for n in rings) and any(q and r for q, r in cells)
                and (rings[0] == rings[1]) == (answer == SAME)):
            return {"cells": in_order(answer, cells, key=lambda cell: enclosure(Hex(*cell)))}


def fitting_turns(doors: frozenset[int], sides: dict[int, bool]) -> tuple[int, ...]:
    """The turns (sixths clockwise) of a card with ``doors`` that fit north-east of the Bloody Chamber, beside the
    rooms laid around that cell: ``sides`` maps a side of the cell that touches a room (:data:`SE`, :data:`W`) to
    whether that room shows a door there. A door meets the Chamber's, and every door faces a door (ZAAR-PLACE-01),
    one turn per different set of doors (AMB-Z09).

    >>> fitting_turns(frozenset({0, 3}), {SE: False})  # SW a door, SE a wall
    (0,)
    >>> fitting_turns(frozenset({0, 1}), {})  # the Chamber alone beside it: a door on the south-west side
    (2, 3)
    """
    fits, seen = [], set()
    for turn in range(6):
        turned = rotate_sides(doors, turn)
        if turned not in seen and SW in turned and all((side in turned) == door for side, door in sides.items()):
            fits.append(turn)
        seen.add(turned)
    return tuple(fits)


def _sides(doors) -> str:
    return joined(SIDE_WORDS[side] for side in sorted(doors))


def _doors(doors) -> str:
    """``doors on its north-east and east sides``, ``a door on its west side``."""
    return f"door{'s' * (len(doors) > 1)} on its {_sides(doors)} side{'s' * (len(doors) > 1)}".replace(
        "door on", "a door on", len(doors) == 1)


def _around(sides: dict[int, bool]) -> str:
    """The rooms laid around the cell north-east of the centre, in words."""
    told = ["The Bloody Chamber stands in the centre, a door on each of its six sides."]
    for side, door in sorted(sides.items()):
        ours, where, theirs = NEIGHBOURS[side]
        told.append(f"A room lies {where} of it, with a {'door' if door else 'wall'} on its {theirs} side.")
    if not sides:
        told.append("No other room is laid yet.")
    return " ".join(told)


def _turns(params: dict) -> Question:
    rooms = [load_cards().rooms[room] for room in params["rooms"]]
    sides = {int(side): door for side, door in params["sides"].items()}
    fits = [fitting_turns(room.doors, sides) for room in rooms]
    total = sum(map(len, fits))
    must = ["its south-west side a door (facing the Chamber's)"] + [
        f"its {NEIGHBOURS[side][0]} side a {'door' if door else 'wall'} (facing the {NEIGHBOURS[side][1]} room's)"
        for side, door in sorted(sides.items())]
    chamber_only = sum(len(fitting_turns(room.doors, {})) for room in rooms)
    laid = "; ".join(f"{room.name}: " + (", ".join(f"turned {turn} (doors {_sides(rotate_sides(room.doors, turn))})"
                                                   for turn in turns) if turns else "no turn")
                     for room, turns in zip(rooms, fits, strict=True))
    return Question(
        f"{_around(sides)} The next room card drawn is one of these {NUMBERS[len(rooms)]} (zaarlab's reconstruction "
        "of the cards, doors as printed): " + "; ".join(f"{room.name}, {_doors(room.doors)}" for room in rooms) +
        ". It is to be laid on the cell north-east of the centre, which touches " + joined(
            ["the Chamber through its south-west side"] + [f"the {NEIGHBOURS[side][1]} room through its "
                                                           f"{NEIGHBOURS[side][0]} side" for side in sorted(sides)]) +
        ". Turning a card a sixth clockwise moves each door one side on (north-east to east, and so on). Counting "
        "each card and each of its six turns, in how many ways can the cell be filled?", total,
        f"A turn fits with {joined(must)}: try each card's six turns and add up.",
        f"{total}: {laid}. Every other turn puts a wall against a door or a door against a wall.", params,
        mistakes=tuple(m for m in (
            Mistake(ONE_ALONE, "that counts the cards that fit: a card that fits in two turns fills the cell two ways",
                    sum(1 for turns in fits if turns)),
            Mistake(OTHER_RULE, "that counts the turns with a door to the Chamber: the other rooms' sides must "
                                "match too", chamber_only) if sides else None) if m))


def _draw_turns(rng: random.Random) -> dict:
    """Three or four rooms with no special power whose six turns all differ (a card that looks alike turned is counted
    once by the game), and the rooms laid beside the cell, drawn evenly over the ways 1 to 12."""
    rooms = load_cards().rooms
    plain = [room for room in sorted(rooms) if room != CENTRE_ROOM and not rooms[room].special
             and len({rotate_sides(rooms[room].doors, k) for k in range(6)}) == 6]

    def draw(rng: random.Random) -> dict:
        sides = {side: rng.random() < 0.5 for side in (SE, W) if rng.random() < 2 / 3}
        return {"rooms": rng.sample(plain, rng.choice((3, 4))), "sides": {str(side): door for side, door in
                                                                           sides.items()}}

    return evenly(draw, lambda params: _turns(params).answer, range(1, 13))(rng)


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
    start, end, moves = params["room"], params["to"], params["moves"]
    ways = walks(graph, start, moves)
    steps = "; ".join(f"after {n} move{'s' * (n > 1)}: " + ", ".join(
        f"{room} {count}" for room, count in sorted(walks(graph, start, n).items())) for n in range(1, moves + 1))
    fewer = walks(graph, start, moves - 1).get(end, 0)
    once = sum(1 for path in nx.all_simple_paths(graph, start, end, cutoff=moves) if len(path) == moves + 1)
    return Question(
        f"{mansion} A pawn stands in room {start} and makes exactly {moves} moves, each through one door to the next "
        f"room; it may enter a room again, or go back the way it came. In how many different ways can it end in room "
        f"{end}?", ways[end],
        "Write the rooms in a row. Under each, the ways to be there after 1 move, then after 2: a room's ways after a "
        "move are the sum of its neighbours' ways before it.",
        f"{ways[end]}: {steps}.", params, explainer=_walk(params["seed"], start, moves),
        mistakes=(Mistake(OFF_BY_ONE, f"that counts the ways in {moves - 1} moves: the walk makes {moves}", fewer),
                  Mistake(OTHER_RULE, "that counts only the walks that never enter a room twice: a pawn may enter a "
                                      "room again", once)))


def _walk(seed: int, room: str, walked: int = 0) -> tuple:
    """The question's mansion drawn as its door graph, each room with its letter and its fewest moves from ``room``
    (or, ``walked`` moves given, its ways to walk them from ``room``)."""
    return ("walk", {"seed": seed, "room": room, "walked": walked})


def _draw_reach(rng: random.Random) -> dict:
    """A mansion, a pawn's room, 3 to 5 moves and a room to end in, drawn evenly over the counts 1 to 15 (most rooms
    are reached in few ways): the mansion drawn again until some room is reached in as many ways as wanted."""
    wanted = rng.randint(1, 15)
    for _ in range(300):
        seed, moves = rng.randrange(10**6), rng.choice((3, 4, 5))
        graph, _ = described_mansion(seed)
        start = rng.choice(sorted(graph))
        ways = walks(graph, start, moves)
        ends = sorted(room for room, count in ways.items() if room != start and count == wanted)
        if ends:
            break
    else:  # no mansion drawn gave that count: another room, reached some way
        ends = sorted(room for room in ways if room != start) or sorted(set(graph) - {start})
    return {"seed": seed, "room": start, "moves": moves, "to": rng.choice(ends)}


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
        f"{comb(pile, draws)} = {none}. At least one: 1 − {none} = {exact_text(p)}.", params, mistakes=(
            Mistake(COMPLEMENT, "that is the chance that none is sacred: take it from 1", none),
            Mistake(REPLACED, "that puts each card back: each card drawn leaves one fewer in the pile",
                    1 - Fraction(pile - sacred, pile) ** draws),
            Mistake(ADDED, f"adding {sacred}/{pile} for each card counts the draws with two sacred rooms several "
                           "times: take 1 minus the chance of none", Fraction(sacred * draws, pile)),
            Mistake(ONE_ALONE, f"that is the next card's chance alone: {draws} cards are drawn",
                    Fraction(sacred, pile))))


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
    Exercise("zaar-reach", "Walks through the doors", _draw_reach, _reach),
    Exercise("zaar-sacred", "A sacred room soon", lambda rng: {
        "pile": rng.randint(20, 40), "sacred": rng.randint(2, 8), "draws": rng.randint(2, 4)}, _sacred),
    Exercise("zaar-walk", "Rank by moves", _draw_ranked, _rank),
)
"""Zaar 1's exercises (the mansion)."""
