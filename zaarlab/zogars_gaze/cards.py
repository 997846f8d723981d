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
>>> cards = load_cards()
>>> cards["rope"].level, cards["rope"].uses, cards["flame_bow"].level   # market cards trade at 0 (AMB-G11)
(0, ('escape_pit',), 2)
>>> cards.races["lurker"].threshold(players=3), cards.classes["knight"].owns
(6, 'princess_3')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property

from ..core.data import Bounded, DataError, OneOf, Optional, load, register_schema
from .odds import parse

LEVEL_COUNTS = {1: 63, 2: 39, 3: 24}  # ZOGAR-COMP-01
MARKET_COUNT = 18  # ZOGAR-COMP-02
CHARACTERS = 5  # five race and five class cards (ZOGAR-COMP-03)
KINDS = ("gaze", "monster", "thieves", "treasure", "artifact", "weapon", "pit_trap", "darkness", "mimic",
         "overconfident", "consuming_fear", "princess", "glow_rock")
ENEMIES = ("monster", "thieves")
NAMED = {"pit_trap", "darkness", "mimic", "thieves", "overconfident", "consuming_fear", "princess", "glow_rock"}
WEAPONS = {"poison_daggers", "frost_axe", "flame_bow", "harvester", "elemist"}  # ZOGAR-FEAR-02
USES = ("peek", "escape_pit", "escape_darkness", "cancel_death", "extra_roll", "pass_thieves")  # what items do
COUNTS = ("treasure_points", "gaze_revealed", "artifacts", "fame_points", "monsters")  # what races count

register_schema("zogars_gaze/dungeon.yaml", {"cards": [{
    "id": str, "name": str, "kind": OneOf(KINDS), "level": OneOf((1, 2, 3)), "count": Bounded(1, 126),
    "fp": Optional(int), "tp": Optional(int), "requirement": Optional(str), "weaknesses": Optional([str]),
    "damage": Optional(str), "uses": Optional([OneOf(USES)])}]}, check=lambda doc, fail: _check_dungeon(doc, fail))
register_schema("zogars_gaze/market.yaml", {"cards": [{
    "id": str, "name": str, "count": Bounded(1, 18), "reusable": bool, "uses": [OneOf(USES)], "damage": Optional(str),
    "effect": str}]},
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
    uses: tuple[str, ...] = ()

    @property
    def reusable(self) -> bool:
        """Glow Rocks are the only dungeon cards boxed after use (ZOGAR-GLOW-01, AMB-G06)."""
        return self.kind != "glow_rock"

    @property
    def is_enemy(self) -> bool:
        return self.kind in ENEMIES


@dataclass(frozen=True)
class MarketCard:
    """One kind of market card. Its trade value is 0: values are the dungeon level a card was found on (AMB-G11)."""

    id: str
    name: str
    count: int
    reusable: bool
    uses: tuple[str, ...]
    effect: str
    damage: str = ""
    kind: str = "market"
    level: int = 0
    fp: int = 0
    tp: int = 0
    requirement: str = ""
    weaknesses: tuple[str, ...] = ()
    is_enemy: bool = False


@dataclass(frozen=True)
class Race:
    """A race card: at least ``threshold(players)`` of what it ``counts`` (ZOGAR-SETUP-04)."""

    id: str
    name: str
    counts: str
    thresholds: tuple[int, ...]  # for 2, 3, 4 and 5 players

    def threshold(self, players: int) -> int:
        """The amount needed; one player uses the two-player value (GAP-G03)."""
        return self.thresholds[max(players, 2) - 2]


@dataclass(frozen=True)
class CharacterClass:
    """A class card: own the card ``owns`` (ZOGAR-SETUP-05)."""

    id: str
    name: str
    owns: str


@dataclass(frozen=True)
class CardSet:
    """Every card of the game by id (dungeon and market), the races, the classes; ``cards[id]`` looks one up."""

    dungeon: dict
    market: dict
    races: dict
    classes: dict

    def __getitem__(self, card_id: str) -> DungeonCard | MarketCard:
        return self.dungeon.get(card_id) or self.market[card_id]

    def worth(self, card_ids) -> int:
        """What the cards are worth: the sum of their levels (a trade-in's value, the Mimic's count); market cards 0.

        >>> load_cards().worth(("treasure_3", "treasure_3", "rope"))
        6
        """
        return sum(map(self._levels.__getitem__, card_ids))

    def dungeon_deck(self) -> tuple[str, ...]:
        """The 126 dungeon cards as a sorted multiset of ids."""
        return self._decks[0]

    def market_deck(self) -> tuple[str, ...]:
        """The 18 market cards as a sorted multiset of ids."""
        return self._decks[1]

    @cached_property
    def every_card(self) -> Counter:
        """All 144 cards, dungeon and market, counted by id: what every state holds somewhere."""
        return Counter(self.dungeon_deck()) + Counter(self.market_deck())

    @cached_property
    def _levels(self) -> dict[str, int]:  # asked at every market step and every Mimic
        return {card.id: card.level for cards in (self.market, self.dungeon) for card in cards.values()}

    @cached_property
    def _decks(self) -> tuple[tuple[str, ...], tuple[str, ...]]:  # every state's validation asks: made once
        return tuple(tuple(sorted(c.id for c in cards.values() for _ in range(c.count)))
                     for cards in (self.dungeon, self.market))


def dungeon(data_dir=None) -> tuple[DungeonCard, ...]:
    """The dungeon cards, validated."""
    doc = load("zogars_gaze/dungeon.yaml", data_dir)
    return tuple(DungeonCard(**{**c, "weaknesses": tuple(c.get("weaknesses", ())), "uses": tuple(c.get("uses", ()))})
                 for c in doc["cards"])


def market(data_dir=None) -> tuple[MarketCard, ...]:
    """The market cards, validated."""
    doc = load("zogars_gaze/market.yaml", data_dir)
    return tuple(MarketCard(**{**c, "uses": tuple(c["uses"])}) for c in doc["cards"])


@cache
def load_cards(data_dir=None) -> CardSet:
    """The dungeon, the market, the races and the classes, checked against each other.

    Raises :class:`~zaarlab.core.data.DataError` when a class wants a card nobody can own, a weakness or damage
    is not a known damage type, or a dungeon and a market card share an id.
    """
    doc = load("zogars_gaze/characters.yaml", data_dir)
    deck, shop = {c.id: c for c in dungeon(data_dir)}, {c.id: c for c in market(data_dir)}
    for card_id in deck.keys() & shop.keys():
        raise DataError("zogars_gaze/market.yaml", card_id, "a dungeon card has the same id")
    damage = set(doc["damage_types"])
    for file, cards in (("dungeon", deck), ("market", shop)):
        for c in cards.values():
            unknown = (set(c.weaknesses) | {c.damage}) - damage - {""}
            if unknown:
                raise DataError(f"zogars_gaze/{file}.yaml", c.id,
                                f"unknown damage type {', '.join(sorted(unknown))}; characters.yaml lists "
                                f"{', '.join(doc['damage_types'])}")
    classes = {c["id"]: CharacterClass(c["id"], c["name"], c["owns"]) for c in doc["classes"]}
    for c in classes.values():
        if c.owns not in deck and c.owns not in shop:
            raise DataError("zogars_gaze/characters.yaml", c.id, f"owns {c.owns!r}, which is no card")
    races = {r["id"]: Race(r["id"], r["name"], r["counts"], tuple(r["thresholds"])) for r in doc["races"]}
    return CardSet(deck, shop, races, classes)


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
    extra = sorted({c["id"] for c in cards if c["kind"] == "weapon"} - WEAPONS)
    if extra:
        fail("cards", f"the weapons are the five the rulebook lists (ZOGAR-FEAR-02), not also {', '.join(extra)}")
    dragons = [c for c in cards if c["id"] == "dragon"]
    if not dragons or dragons[0].get("fp") != 5:
        fail("cards", "the dragon is worth 5 Fame Points (ZOGAR-COMBAT-12)")


def _check_characters(doc: dict, fail) -> None:
    twice = sorted({kind for kind in doc["damage_types"] if doc["damage_types"].count(kind) > 1})
    if twice:
        fail("damage_types", f"each damage type once: {', '.join(map(str, twice))[:60]} listed twice")
    for key in ("races", "classes"):
        if len(doc[key]) != CHARACTERS:
            fail(key, f"there are {CHARACTERS} {key} (ZOGAR-COMP-03), not {len(doc[key])}")
    for i, race in enumerate(doc["races"]):
        if race["counts"] not in COUNTS:
            fail(f"races[{i}] ({race['id']}).counts", f"one of {', '.join(COUNTS)}, not {race['counts']!r}")
        if len(race["thresholds"]) != 4:
            fail(f"races[{i}] ({race['id']}).thresholds", "one threshold each for 2, 3, 4 and 5 players")
