"""The cards, tiles and point scales of Zerzura, read from ``data/zerzura/`` and checked against the rulebook.

The rulebook prints the counts (50 Goods, 10 Characters, 9 Command tiles: ZERZURA-COMP-04..06), the characters,
the tiles and the scales up to Quantity 3; the Goods list and the scales beyond are reconstructions (GAP-R01, R02),
labelled cell by cell in the data.

Examples
--------
>>> cards = load_cards()
>>> len(cards.deck()), cards.objects
(60, ('turban', 'zither', 'peppers', 'ring', 'lamp'))
>>> cards.vp("lamp", 5), cards.vp("lamp", 6), cards.vp("peppers", 12)   # Romaric's lamps; the last value goes on
(1, 9, -3)
>>> cards["turban_ring"].objects, cards["mage_lamp"].batch
(('turban', 'ring'), 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..core.data import Bounded, DataError, OneOf, Optional, file_key, load_file, register_schema
from . import GUARD_USES  # noqa: F401  (kept here too, beside the cards it is about)

OBJECTS = ("turban", "zither", "peppers", "ring", "lamp")  # ZERZURA-COMP-08
GOODS, CHARACTERS, TILES = 50, 10, 9  # ZERZURA-COMP-04..06
CHARACTER_KINDS = {"guard": 3, "mage": 5, "sultan": 1, "sultana": 1}  # ZERZURA-CHAR-06
TILE_VP = 3  # ZERZURA-CMD-04
PLAYERS = (2, 5)  # the fewest and most players (GAP-R08, ZERZURA-COMP-02)
TILES_IN_PLAY = 4  # ZERZURA-SETUP-06

register_schema("zerzura/scoring.yaml", {"objects": [{
    "id": OneOf(OBJECTS), "name": str, "colour": str, "scale": [{"vp": int, "provenance": dict}]}]},
    check=lambda doc, fail: _check_scoring(doc, fail))
register_schema("zerzura/goods.yaml", {"cards": [{"id": str, "objects": [OneOf(OBJECTS)], "count": Bounded(1, GOODS)}]},
                check=lambda doc, fail: _check_goods(doc, fail))
register_schema("zerzura/characters.yaml", {"cards": [{
    "id": str, "name": str, "kind": OneOf(tuple(CHARACTER_KINDS)), "shift": Optional(Bounded(-3, 3)),
    "object": Optional(OneOf(OBJECTS)), "batch": Optional(Bounded(1, 20))}]},
    check=lambda doc, fail: _check_characters(doc, fail))
register_schema("zerzura/commands.yaml", {"tiles": [{
    "id": str, "name": str, "needs": {"cards": Optional(Bounded(1, GOODS + CHARACTERS)),
                                      "stored": Optional(Bounded(1, GOODS + CHARACTERS)),
                                      "characters": Optional(Bounded(1, CHARACTERS)), "objects": Optional(dict)},
    "not_with_players": Optional([Bounded(*PLAYERS)])}]}, check=lambda doc, fail: _check_tiles(doc, fail))


@dataclass(frozen=True)
class Goods:
    """A Goods card: the Objects it shows (1 to 3, repeats allowed)."""

    id: str
    objects: tuple[str, ...]
    count: int = 1
    kind: str = "goods"


@dataclass(frozen=True)
class Character:
    """A Character card: a Guard (``shift``), a Mage (``object``, ``batch``), the Sultan or the Sultana."""

    id: str
    name: str
    kind: str
    shift: int = 0
    object: str = ""
    batch: int = 0
    objects: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tile:
    """A Command tile and what it needs (at least, ZERZURA-CMD-14, AMB-R04)."""

    id: str
    name: str
    cards: int = 0
    stored: int = 0
    characters: int = 0
    objects: tuple[tuple[str, int], ...] = ()
    not_with_players: tuple[int, ...] = ()


@dataclass(frozen=True)
class CardSet:
    """Every card by id, the tiles, the scales (``scales[object][q]``; the last value for larger Quantities)."""

    goods: dict
    characters: dict
    tiles: dict
    scales: dict
    colours: dict
    names: dict
    sources: dict  # object -> the source of each cell of its scale: rulebook, public or reconstructed
    objects: tuple[str, ...] = OBJECTS

    def __getitem__(self, card_id: str) -> Goods | Character:
        return self.goods.get(card_id) or self.characters[card_id]

    def deck(self) -> tuple[str, ...]:
        """The 60 cards (Goods and Characters) as a sorted multiset of ids."""
        goods = [g.id for g in self.goods.values() for _ in range(g.count)]
        return tuple(sorted(goods + list(self.characters)))

    def card_name(self, card_id: str) -> str:
        """A card as a player names it: a Character's printed name; a Goods card by its Objects.

        >>> cards = load_cards()
        >>> cards.card_name("guard_plus_1"), cards.card_name("lamp_2"), cards.card_name("turban_ring")
        ('Guard (Q+1)', 'Enchanted lamp ×2', "Genie's turban + Magic ring")
        """
        if card_id in self.characters:
            return self.characters[card_id].name
        objects = self.goods[card_id].objects
        if len(set(objects)) == 1:
            return self.names[objects[0]] + (f" ×{len(objects)}" if len(objects) > 1 else "")
        return " + ".join(self.names[o] for o in objects)

    def vp(self, obj: str, quantity: int) -> int:
        """The victory points of ``quantity`` of ``obj`` (ZERZURA-END-03; beyond the scale, its last value)."""
        scale = self.scales[obj]
        return scale[min(max(quantity, 0), len(scale) - 1)]


@cache
def counted_objects(name: str, count: int) -> str:
    """``count`` Objects called ``name`` (an Object's name or its short one, as the rulebook gives it: "Magic ring",
    "Cursed peppers", "lamp"), counted in English: one pepper, several peppers.

    >>> counted_objects("Magic ring", 2), counted_objects("Cursed peppers", 1), counted_objects("peppers", 3)
    ('2 Magic rings', '1 Cursed pepper', '3 peppers')
    """
    one = name.removesuffix("s")
    return f"{count} {one if count == 1 else one + 's'}"


CARD_FILES = ("zerzura/scoring.yaml", "zerzura/goods.yaml", "zerzura/characters.yaml", "zerzura/commands.yaml")


def load_cards(data_dir=None) -> CardSet:
    """Goods, Characters, Command tiles and point scales, validated; read again only when a file changes."""
    return _cards_from(tuple(file_key(name, data_dir) for name in CARD_FILES))


@cache
def _cards_from(files: tuple[tuple[str, int, int], ...]) -> CardSet:
    scoring, goods_doc, characters_doc, commands = (load_file(Path(path), name) for (path, _, _), name in zip(
        files, CARD_FILES, strict=True))
    goods = {c["id"]: Goods(c["id"], tuple(c["objects"]), c["count"]) for c in goods_doc["cards"]}
    characters = {c["id"]: Character(**c) for c in characters_doc["cards"]}
    for card_id in goods.keys() & characters.keys():
        raise DataError("zerzura/characters.yaml", card_id, "a Goods card has the same id")
    tiles = {}
    for t in commands["tiles"]:
        needs = t["needs"]
        tiles[t["id"]] = Tile(t["id"], t["name"], needs.get("cards", 0), needs.get("stored", 0),
                              needs.get("characters", 0), tuple(sorted(needs.get("objects", {}).items())),
                              tuple(t.get("not_with_players", ())))
    rows = {row["id"]: row for row in scoring["objects"]}
    return CardSet(goods, characters, tiles, {o: tuple(cell["vp"] for cell in rows[o]["scale"]) for o in OBJECTS},
                   {o: rows[o]["colour"] for o in OBJECTS}, {o: rows[o]["name"] for o in OBJECTS},
                   {o: tuple(cell["provenance"]["source"] for cell in rows[o]["scale"]) for o in OBJECTS})


# -- checks against the rulebook -----------------------------------------------------------------------------
def _check_scoring(doc: dict, fail) -> None:
    ids = [row["id"] for row in doc["objects"]]
    if sorted(ids) != sorted(OBJECTS):
        fail("objects", f"one scale for each of the five Objects {', '.join(OBJECTS)} (ZERZURA-COMP-08), not {ids}")
    for i, row in enumerate(doc["objects"]):
        scale = [cell["vp"] for cell in row["scale"]]
        if not scale or scale[0] != 0:
            fail(f"objects[{i}] ({row['id']}).scale", "Quantity 0 scores 0 (ZERZURA-SCORE-01)")
        if row["id"] == "lamp" and (len(scale) < 7 or scale[5] != 1 or scale[6] != 9):
            fail(f"objects[{i}] (lamp).scale", "five lamps score 1 and six score 9 (ZERZURA-SCORE-06, Romaric)")


def _check_goods(doc: dict, fail) -> None:
    total = sum(c["count"] for c in doc["cards"])
    if total != GOODS:
        fail("cards", f"there are {GOODS} Goods cards (ZERZURA-COMP-04), not {total}")
    for i, card in enumerate(doc["cards"]):
        if not 1 <= len(card["objects"]) <= 3:
            fail(f"cards[{i}] ({card['id']}).objects", "a Goods card shows 1 to 3 Objects (ZERZURA-COMP-04)")


def _check_characters(doc: dict, fail) -> None:
    cards = doc["cards"]
    kinds = {kind: sum(c["kind"] == kind for c in cards) for kind in CHARACTER_KINDS}
    if len(cards) != CHARACTERS or kinds != CHARACTER_KINDS:
        fail("cards", f"3 Guards, 5 Mages, the Sultan and the Sultana (ZERZURA-CHAR-06), not {kinds}")
    for i, c in enumerate(cards):
        needed = {"guard": ("shift",), "mage": ("object", "batch")}.get(c["kind"], ())
        for key in needed:
            if key not in c:
                fail(f"cards[{i}] ({c['id']})", f"a {c['kind']} needs its {key}")


def _check_tiles(doc: dict, fail) -> None:
    if len(doc["tiles"]) != TILES:
        fail("tiles", f"there are {TILES} Command tiles (ZERZURA-COMP-05), not {len(doc['tiles'])}")
    for i, tile in enumerate(doc["tiles"]):
        for obj, n in tile["needs"].get("objects", {}).items():
            if obj not in OBJECTS or not isinstance(n, int) or n < 1:
                fail(f"tiles[{i}] ({tile['id']}).needs.objects", f"{obj}: {n} is not an Object and a count")
        if not tile["needs"]:
            fail(f"tiles[{i}] ({tile['id']}).needs", "a tile needs something")
    for players in range(2, 6):  # enough tiles to draw from for every table (ZERZURA-SETUP-06)
        pool = sum(players not in tile.get("not_with_players", ()) for tile in doc["tiles"])
        if pool < TILES_IN_PLAY:
            fail("tiles", f"with {players} players only {pool} tiles may be drawn, and {TILES_IN_PLAY} are shown "
                          "(ZERZURA-SETUP-06)")
