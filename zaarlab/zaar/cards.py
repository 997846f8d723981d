"""The cards and the cloth of Zaar, read from ``data/zaar/``: 52 rooms, 20 events, the cloth.

The rulebook gives the counts (ZAAR-COMP-02), names ten rooms and sets a few facts; the lists are reconstructions
(GAP-Z01, GAP-Z02, GAP-Z08), checked here against every constraint the rulebook and the missions impose.

Examples
--------
>>> cards = load_cards()
>>> len(cards.rooms), len(cards.events)
(52, 20)
>>> chamber = cards.rooms["bloody_chamber"]
>>> chamber.category, chamber.plaques, len(chamber.doors)
('bloody', ('A',), 6)
>>> cards.rooms["suspended_room"].category is None
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from ..core.data import Bounded, DataError, OneOf, Optional, load, register_schema
from ..core.hexgrid import Hex, opposite

CATEGORIES = ("bloody", "smoggy", "humid", "windy", "sacred")  # ZAAR-CARD-02
PLAQUE_CATEGORIES = ("bloody", "smoggy", "humid", "windy")
LETTERS = ("A", "B", "C", "D")  # ZAAR-CARD-03
SPECIALS = ("suspended", "shortcut", "windcatcher")
ROOMS, EVENTS = 52, 20  # ZAAR-COMP-02
BAG = {"life": 48, "wisdom": 48}  # the coin bag (ZAAR-COMP-03)
TOOLS = {"boswellia": 7, "amulet": 7, "peganum": 7}  # the tool coins (ZAAR-COMP-04, GAP-Z10: a supply of their own)
PAWNS = 6  # the Zaar allies: at most six players (ZAAR-COMP-05)
FIRST_ROOMS = {"bloody_chamber": 6, "smoggy_chamber": 6, "moss_chamber": 6, "panjdari": 5}  # ZAAR-SETUP-03
SHORTCUTS = {"broken_porch", "broken_stairway", "jive_khane"}  # ZAAR-ROOM-05
NAMED = {*FIRST_ROOMS, *SHORTCUTS, "suspended_room", "windcatcher_corridor", "motreb_khane"}
EFFECTS = ("throw_raml", "lose_coin", "gain_coin", "gain_tool", "revoke_plaque", "move_to", "swap_pawns",
           "give_coin", "deadline", "exile_until", "skip_turns", "extra_battle_throw", "nothing")

register_schema("zaar/rooms.yaml", {"rooms": [{
    "id": str, "name": str, "category": OneOf((*CATEGORIES, None)), "plaques": [OneOf(LETTERS)], "doors": [int],
    "special": Optional(OneOf(SPECIALS)), "provenance": Optional(dict)}]},
    check=lambda doc, fail: _check_rooms(doc, fail))
register_schema("zaar/events.yaml", {"events": [{
    "id": str, "name": str, "text": str, "lasting": Optional(bool), "effects": [dict], "provenance": Optional(dict)}]},
    check=lambda doc, fail: _check_events(doc, fail))
register_schema("zaar/characters.yaml", {"characters": [{
    "id": str, "name": str, "life": Bounded(1, BAG["life"]), "wisdom": Bounded(0, BAG["wisdom"]),
    "tools": [OneOf(tuple(TOOLS))], "ability": str}]}, check=lambda doc, fail: _check_characters(doc, fail))
register_schema("zaar/board.yaml", {"enclosures": Bounded(2, 10), "name_table": [[int]]},
                check=lambda doc, fail: _check_board(doc, fail))


@dataclass(frozen=True)
class Room:
    """A room card: its category (``None`` for the Suspended Room), spell plaques, doors (sides, unrotated)."""

    id: str
    name: str
    category: str | None
    plaques: tuple[str, ...]
    doors: frozenset[int]
    special: str = ""

    @property
    def is_sacred(self) -> bool:
        """A room without a spell plaque is sacred (ZAAR-CARD-01); the Suspended Room has no category at all."""
        return self.category == "sacred"


@dataclass(frozen=True)
class Event:
    """An event card: its text and its effects in the effect language of ``events.yaml``."""

    id: str
    name: str
    text: str
    effects: tuple[dict, ...]
    lasting: bool = False


@dataclass(frozen=True)
class Cloth:
    """The printed cloth: how many enclosures, and the demon's-name table cells (no room goes there)."""

    enclosures: int
    name_table: frozenset[Hex]


@dataclass(frozen=True)
class Character:
    """An advanced-mode character: starting life, wisdom and tools, and its ability (ZAAR-PAWN-02..08)."""

    id: str
    name: str
    life: int
    wisdom: int
    tools: tuple[str, ...]
    ability: str


@cache
def load_characters(data_dir=None) -> dict[str, Character]:
    """The six characters by id.

    >>> load_characters()["monk"].tools
    ('amulet',)
    """
    return {c["id"]: Character(c["id"], c["name"], c["life"], c["wisdom"], tuple(c["tools"]), c["ability"])
            for c in load("zaar/characters.yaml", data_dir)["characters"]}


@dataclass(frozen=True)
class CardSet:
    rooms: dict
    events: dict
    cloth: Cloth

    def deck(self) -> tuple[str, ...]:
        """Every card id, rooms and events, sorted."""
        return tuple(sorted([*self.rooms, *self.events]))


@cache
def load_cards(data_dir=None) -> CardSet:
    """Rooms, events and the cloth, validated."""
    rooms = {r["id"]: Room(r["id"], r["name"], r["category"], tuple(r["plaques"]), frozenset(r["doors"]),
                           r.get("special", "")) for r in load("zaar/rooms.yaml", data_dir)["rooms"]}
    events = {e["id"]: Event(e["id"], e["name"], e["text"], tuple(e["effects"]), e.get("lasting", False))
              for e in load("zaar/events.yaml", data_dir)["events"]}
    for card_id in rooms.keys() & events.keys():
        raise DataError("zaar/events.yaml", card_id, "a room has the same id")
    board = load("zaar/board.yaml", data_dir)
    return CardSet(rooms, events, Cloth(board["enclosures"], frozenset(Hex(q, r) for q, r in board["name_table"])))


# -- checks --------------------------------------------------------------------------------------------------
def _check_rooms(doc: dict, fail) -> None:
    rooms = doc["rooms"]
    if len(rooms) != ROOMS:
        fail("rooms", f"there are {ROOMS} room cards (ZAAR-COMP-02), not {len(rooms)}")
    for i, r in enumerate(rooms):
        where = f"rooms[{i}] ({r['id']})"
        if not r["doors"] or any(not 0 <= d <= 5 for d in r["doors"]) or len(set(r["doors"])) != len(r["doors"]):
            fail(f"{where}.doors", "one to six distinct sides 0-5 (ZAAR-CARD-04)")
        if (r["category"] in ("sacred", None)) != (not r["plaques"]):
            fail(f"{where}.plaques", "sacred rooms (and the Suspended Room) have no plaque, every other room has one "
                                     "or two (ZAAR-CARD-01)")
        if (r["category"] is None) != (r.get("special") == "suspended"):
            fail(f"{where}.category", "only the Suspended Room has no category (ZAAR-CARD-02, ZAAR-ROOM-01)")
    ids = {r["id"]: r for r in rooms}
    missing = NAMED - ids.keys()
    if missing:
        fail("rooms", f"the rulebook names these rooms, they are missing: {', '.join(sorted(missing))}")
    for rid, n in FIRST_ROOMS.items():
        if len(ids[rid]["doors"]) != n or not ids[rid]["plaques"]:
            fail(f"rooms ({rid})", f"has {n} doors and a plaque, a suitable first room (ZAAR-SETUP-03)")
    shortcuts = {r["id"] for r in rooms if r.get("special") == "shortcut"}
    if shortcuts != SHORTCUTS:
        fail("rooms", f"the shortcut rooms are {', '.join(sorted(SHORTCUTS))} (ZAAR-ROOM-05), not {sorted(shortcuts)}")
    plaque_rooms, sacred = sum(bool(r["plaques"]) for r in rooms), sum(r["category"] == "sacred" for r in rooms)
    if plaque_rooms <= sacred or not sacred:
        fail("rooms", "most rooms carry a plaque, and sacred rooms exist (ZAAR-CARD-05, level 1)")
    _check_missions_possible(rooms, fail)


def _check_missions_possible(rooms: list[dict], fail) -> None:
    """Every placement mission can be done with these cards (GAP-Z01)."""

    def of(category):
        return [r for r in rooms if r["category"] == category]

    straight = [r for r in of("bloody") if any(opposite(d) in r["doors"] for d in r["doors"])]
    if len(of("bloody")) < 4 or len(straight) < 2:
        fail("rooms", "four bloody rooms, two with doors on opposite sides, make the corridor (ZAAR-MISSION-03)")
    for category, letters, rule in (("humid", "AB", "ZAAR-MISSION-04"), ("windy", "ABD", "ZAAR-MISSION-05")):
        held = {letter for r in of(category) for letter in r["plaques"]}
        if not set(letters) <= held:
            fail("rooms", f"{category} rooms with plaques {', '.join(letters)} are needed ({rule})")
    corners = [r for r in of("smoggy") if any((d + 1) % 6 in r["doors"] for d in r["doors"])]
    if len(corners) < 3:
        fail("rooms", "three smoggy rooms with doors on two neighbouring sides make the triangle (ZAAR-MISSION-06)")


def _check_events(doc: dict, fail) -> None:
    if len(doc["events"]) != EVENTS:
        fail("events", f"there are {EVENTS} event cards (ZAAR-COMP-02), not {len(doc['events'])}")
    for i, event in enumerate(doc["events"]):
        for j, effect in enumerate(event["effects"]):
            if effect.get("do") not in EFFECTS:
                fail(f"events[{i}] ({event['id']}).effects[{j}]", f"'do' is one of {', '.join(EFFECTS)}")


def _check_characters(doc: dict, fail) -> None:
    if len(doc["characters"]) != PAWNS:
        fail("characters", f"six characters, one a pawn (ZAAR-PAWN-03..08), not {len(doc['characters'])}")
    for i, character in enumerate(doc["characters"]):
        for tool, n in Counter(character["tools"]).items():
            if n > TOOLS[tool]:
                fail(f"characters[{i}].tools", f"{n} {tool} coins, the supply has {TOOLS[tool]} (ZAAR-COMP-04)")


def _check_board(doc: dict, fail) -> None:
    if not doc["name_table"]:
        fail("name_table", "the demon's-name table has cells (ZAAR-COMP-01)")
    for i, cell in enumerate(doc["name_table"]):
        if len(cell) != 2:
            fail(f"name_table[{i}]", "a cell is [q, r]")
        elif max(abs(cell[0]), abs(cell[1]), abs(cell[0] + cell[1])) < doc["enclosures"]:
            fail(f"name_table[{i}]", "the name table lies beside the cloth, not on its enclosures (ZAAR-COMP-01)")
