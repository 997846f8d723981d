"""The cards of Zogar's Gaze, read from ``data/zogars_gaze/``: the dungeon, the market, races and classes.

The rulebook prints the counts (ZOGAR-COMP-01..03) and names a few cards; the lists are reconstructions
(GAP-G01..G04), labelled in the data and checked here against every printed constraint.

Examples
--------
>>> deck = dungeon()
>>> sum(c.count for c in deck), sum(c.count for c in deck if c.kind == "gaze")
(126, 9)
>>> next(c for c in deck if c.id == "dragon").fp
5
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.data import OneOf, Optional, load, register_schema
from .odds import parse

LEVEL_COUNTS = {1: 63, 2: 39, 3: 24}  # ZOGAR-COMP-01
MARKET_COUNT = 18  # ZOGAR-COMP-02
CHARACTERS = 5  # five race and five class cards (ZOGAR-COMP-03)
KINDS = ("gaze", "monster", "thieves", "treasure", "artifact", "weapon", "pit_trap", "darkness", "mimic",
         "overconfident", "consuming_fear", "princess", "glow_rock")
ENEMIES = ("monster", "thieves")
NAMED = {"pit_trap", "darkness", "mimic", "thieves", "overconfident", "consuming_fear", "princess", "glow_rock"}
WEAPONS = {"poison_daggers", "frost_axe", "flame_bow", "harvester", "elemist"}  # named in the rulebook

register_schema("zogars_gaze/dungeon.yaml", {"cards": [{
    "id": str, "name": str, "kind": OneOf(KINDS), "level": OneOf((1, 2, 3)), "count": int,
    "fp": Optional(int), "tp": Optional(int), "requirement": Optional(str), "weaknesses": Optional([str]),
    "damage": Optional(str)}]}, check=lambda doc, fail: _check_dungeon(doc, fail))
register_schema("zogars_gaze/market.yaml", {"cards": [{
    "id": str, "name": str, "count": int, "reusable": bool, "effect": str}]},
    check=lambda doc, fail: sum(c["count"] for c in doc["cards"]) == MARKET_COUNT or fail(
        "cards", f"the market has {MARKET_COUNT} cards (ZOGAR-COMP-02), not {sum(c['count'] for c in doc['cards'])}"))
register_schema("zogars_gaze/characters.yaml", {
    "races": [{"id": str, "name": str, "counts": str, "thresholds": [int], "provenance": Optional(dict)}],
    "classes": [{"id": str, "name": str, "owns": str, "provenance": Optional(dict)}],
    "damage_types": [str]}, check=lambda doc, fail: _check_characters(doc, fail))


@dataclass(frozen=True)
class DungeonCard:
    """One kind of dungeon card; the deck holds ``count`` copies."""

    id: str
    name: str
    kind: str
    level: int
    count: int
    fp: int = 0
    tp: int = 0
    requirement: str = ""
    weaknesses: tuple[str, ...] = ()
    damage: str = ""


def dungeon(data_dir=None) -> tuple[DungeonCard, ...]:
    """The dungeon cards, validated."""
    doc = load("zogars_gaze/dungeon.yaml", data_dir)
    return tuple(DungeonCard(**{**c, "weaknesses": tuple(c.get("weaknesses", ()))}) for c in doc["cards"])


def _check_dungeon(doc: dict, fail) -> None:
    cards = doc["cards"]
    for level, expected in LEVEL_COUNTS.items():
        found = sum(c["count"] for c in cards if c["level"] == level)
        if found != expected:
            fail("cards", f"level {level} has {expected} cards (ZOGAR-COMP-01), not {found}")
    if sum(c["count"] for c in cards if c["kind"] == "gaze") < 7:
        fail("cards", "at least seven Zogar's Gaze cards: the seventh ends the game (ZOGAR-GAZE-02)")
    for i, c in enumerate(cards):
        if c["kind"] in ENEMIES:
            for key in ("fp", "requirement"):
                if key not in c:
                    fail(f"cards[{i}] ({c['id']})", f"an enemy needs its {key}")
            try:
                parse(c["requirement"])
            except ValueError as err:
                fail(f"cards[{i}] ({c['id']}).requirement", str(err))
    ids = {c["id"] for c in cards}
    missing = (WEAPONS - ids) | (NAMED - {c["kind"] for c in cards})
    if missing:
        fail("cards", f"the rulebook names these, they are missing: {', '.join(sorted(missing))}")
    dragons = [c for c in cards if c["id"] == "dragon"]
    if not dragons or dragons[0].get("fp") != 5:
        fail("cards", "the dragon is worth 5 Fame Points (ZOGAR-COMBAT-12)")


def _check_characters(doc: dict, fail) -> None:
    for key in ("races", "classes"):
        if len(doc[key]) != CHARACTERS:
            fail(key, f"there are {CHARACTERS} {key} (ZOGAR-COMP-03), not {len(doc[key])}")
    for i, race in enumerate(doc["races"]):
        if len(race["thresholds"]) != 4:
            fail(f"races[{i}] ({race['id']}).thresholds", "one threshold each for 2, 3, 4 and 5 players")
