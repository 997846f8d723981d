"""Zerzura's final scoring: Objects on their scales, Guards, Mages, the Sultan, the Sultana and Command tiles.

A player's Quantity of an Object is the number of that Object on all their Goods cards, face up and stored alike
(ZERZURA-GOAL-02, ZERZURA-END-02); the scale turns it into victory points (ZERZURA-END-03). Then:

- a **Guard** *allows* its owner to shift the Quantity of one Object type they have (Q-1, Q+1, Q+2;
  ZERZURA-CHAR-02): a permission, so a Guard that would cost points is left unused (``guard_use="optional"``,
  the default; ``"mandatory"`` is the other reading). Which type is the player's choice: the sheet uses the best,
  says which Guards were left unused, and lists the other choices (AMB-R06: a type present, several Guards may
  pick the same one, never below 0). A Guard changes only the table lookup (AMB-R07);
- a **Mage**: +1 per full batch of its Object (ZERZURA-CHAR-03, AMB-R08);
- the **Sultan**: +1 per two Goods cards (ZERZURA-CHAR-04, AMB-R09); the **Sultana**: +1 per Character card,
  herself included (ZERZURA-CHAR-05);
- each **Command tile**: +3 (ZERZURA-CMD-04).

The total is the sum (ZERZURA-END-04). A collection the box cannot hold (more copies of a card than it has, an
unknown card or tile, a tile twice, more than the four tiles in play) is refused with :class:`ImpossibleCollection`.

Examples
--------
>>> sheet = score(["lamp_2", "lamp_3", "guard_plus_1"])    # Romaric's five lamps, and a Guard
>>> sheet.line("lamp").quantity, sheet.line("lamp").counted, sheet.line("lamp").vp, sheet.total
(5, 6, 9, 9)
>>> sheet.guards
(('guard_plus_1', 'lamp'),)
>>> sheet = score(["lamp_1", "guard_minus_1"])      # one lamp is worth 7: the Guard stays unused
>>> sheet.total, sheet.unused_guards
(7, ('guard_minus_1',))
>>> score(["lamp_1", "guard_minus_1"], guard_use="mandatory").total
0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import product

from .cards import GUARD_USES, TILE_VP, TILES_IN_PLAY, CardSet, Tile, load_cards


class ImpossibleCollection(ValueError):
    """Cards or tiles that no player can own in one game of Zerzura; the message names the card and the count."""


@dataclass(frozen=True)
class ObjectLine:
    """One row of the sheet: the Quantity owned, the Quantity counted after Guards, its victory points."""

    object: str
    quantity: int
    counted: int
    vp: int


@dataclass(frozen=True)
class ScoreSheet:
    """A player's final score, line by line; ``alternatives`` are the other Guard choices with their totals.

    ``guards`` pairs each Guard with the Object it shifts, or ``""`` for a Guard left unused.
    """

    lines: tuple[ObjectLine, ...]
    guards: tuple[tuple[str, str], ...]
    bonuses: tuple[tuple[str, int], ...]
    tiles: tuple[tuple[str, int], ...]
    total: int
    alternatives: tuple[tuple[tuple[tuple[str, str], ...], int], ...] = ()

    def line(self, obj: str) -> ObjectLine:
        return next(line for line in self.lines if line.object == obj)

    @property
    def unused_guards(self) -> tuple[str, ...]:
        """The Guards left unused: using them would not have raised the total."""
        return tuple(g for g, obj in self.guards if not obj)

    def choices_text(self, limit: int = 3) -> str:
        """The best other Guard choices in words, with the total each gives; ``""`` if none.

        >>> score(["lamp_3", "lamp_2", "guard_plus_1"]).choices_text()
        'other Guard choices: Guard (Q+1) left unused, total 1'
        """
        if not self.alternatives:
            return ""
        cards = load_cards()
        return "other Guard choices: " + "; ".join(
            ", ".join(f"{cards[g].name} on {obj}" if obj else f"{cards[g].name} left unused" for g, obj in guards)
            + f", total {total}" for guards, total in self.alternatives[:limit])

    @property
    def objects_vp(self) -> int:
        return sum(line.vp for line in self.lines)

    def text(self) -> str:
        """The sheet in words, as a notebook prints it.

        >>> print(score(["ring_2", "ring_2", "sultana", "mage_ring"], tiles=["characters_2"]).text())
        ring: Quantity 4: 8 VP
        Mage of rings: +2
        The Sultana: +2
        Command tile "2 Character cards": +3
        total: 15
        >>> score(["lamp_3", "lamp_2", "guard_plus_1"]).text().splitlines()[:2]
        ['lamp: Quantity 5, counted as 6: 9 VP', 'Guard (Q+1) on lamp']
        """
        cards = load_cards()
        rows = [f"{line.object}: Quantity {line.quantity}" + (f", counted as {line.counted}" if line.counted !=
                                                              line.quantity else "") + f": {line.vp} VP"
                for line in self.lines if line.quantity or line.counted]
        rows += [f"{cards[g].name} on {obj}" if obj else f"{cards[g].name} left unused" for g, obj in self.guards]
        rows += [f"{cards[c].name}: {vp:+d}" for c, vp in self.bonuses]
        rows += [f'Command tile "{cards.tiles[t].name}": {vp:+d}' for t, vp in self.tiles]
        return "\n".join(rows + [f"total: {self.total}"])


def quantities(cards: Iterable[str], card_set: CardSet | None = None) -> Counter:
    """How many of each Object the Goods cards show (ZERZURA-GOAL-02: Objects, not cards).

    >>> quantities(["lamp_3", "lamp_1", "turban_ring"])["lamp"]
    4
    """
    card_set = card_set or load_cards()
    counts = Counter({obj: 0 for obj in card_set.objects})
    for card in cards:
        counts.update(card_set[card].objects)
    return counts


def check_collection(cards: Iterable[str], tiles: Iterable[str] = (), card_set: CardSet | None = None) -> None:
    """Refuse cards and tiles one player cannot own: unknown ids, more copies than the box has, bad tiles.

    >>> check_collection(["ring_7", "ring_7"])
    Traceback (most recent call last):
    ...
    zaarlab.zerzura.scoring.ImpossibleCollection: unknown card 'ring_7' (2 copies)
    >>> check_collection(["sultan", "sultan"])
    Traceback (most recent call last):
    ...
    zaarlab.zerzura.scoring.ImpossibleCollection: 2 copies of sultan, the box has 1
    """
    card_set = card_set or load_cards()
    cards, tiles = list(cards), list(tiles)
    for item in cards + tiles:
        if not isinstance(item, str):
            raise ImpossibleCollection(f"unknown card {item!r}: cards and tiles are named by their ids")
    in_box = Counter(card_set.deck())
    for card, n in sorted(Counter(cards).items(), key=lambda item: str(item[0])):
        if card not in in_box:
            raise ImpossibleCollection(f"unknown card {card!r}" + (f" ({n} copies)" if n > 1 else ""))
        if n > in_box[card]:
            raise ImpossibleCollection(f"{n} copies of {card}, the box has {in_box[card]}")
    check_tiles(tiles, card_set)


def check_tiles(tiles: Iterable[str], card_set: CardSet) -> None:
    """Refuse unknown Command tiles, a tile twice, or more tiles than the four in play (ZERZURA-SETUP-06)."""
    tiles = list(tiles)
    for tile, n in sorted(Counter(tiles).items(), key=lambda item: str(item[0])):
        if tile not in card_set.tiles:
            raise ImpossibleCollection(f"unknown Command tile {tile!r}")
        if n > 1:
            raise ImpossibleCollection(f"Command tile {tile} {n} times, there is one of each")
    if len(tiles) > TILES_IN_PLAY:
        raise ImpossibleCollection(f"{len(tiles)} Command tiles, only {TILES_IN_PLAY} are in play (ZERZURA-SETUP-06)")


def score(cards: Iterable[str], tiles: Iterable[str] = (), card_set: CardSet | None = None,
          guard_use: str = "optional") -> ScoreSheet:
    """The score sheet of a player owning ``cards`` (face up and stored alike) and the Command ``tiles``.

    Refuses a collection the box cannot hold (:func:`check_collection`).
    """
    card_set = card_set or load_cards()
    for name, given in (("cards", cards), ("tiles", tiles)):
        if isinstance(given, str | bytes) or not isinstance(given, Iterable):
            raise ImpossibleCollection(f"{name} are a list of ids, not {type(given).__name__} {str(given)[:40]!r}")
    cards, tiles = list(cards), list(tiles)
    check_collection(cards, tiles, card_set)
    characters = [c for c in cards if card_set[c].kind != "goods"]
    return score_counts(quantities(cards, card_set), characters, len(cards) - len(characters), tiles, card_set,
                        guard_use)


def score_counts(counts: Mapping[str, int], characters: Iterable[str], goods_cards: int, tiles: Iterable[str] = (),
                 card_set: CardSet | None = None, guard_use: str = "optional") -> ScoreSheet:
    """The score sheet from Object counts, Character cards and the number of Goods cards (what a sheet needs).

    Each Guard goes on the Object type that scores best, or stays unused when ``guard_use="optional"`` and no type
    gains (ties go to leaving it unused).

    >>> score_counts({"lamp": 5}, ["guard_plus_1", "sultan"], goods_cards=4).total   # 9 VP of lamps, +2 Sultan
    11
    """
    card_set = card_set or load_cards()
    if guard_use not in GUARD_USES:
        raise ValueError(f"guard_use is 'optional' or 'mandatory' (ZERZURA-CHAR-02), not {guard_use!r}")
    for character, n in Counter(characters).items():
        if character not in card_set.characters:
            raise ImpossibleCollection(f"unknown Character card {character!r}")
        if n > 1:
            raise ImpossibleCollection(f"{n} copies of {character}, the box has 1")
    check_tiles(tiles, card_set)
    counts = Counter({obj: counts.get(obj, 0) for obj in card_set.objects})
    characters = sorted((card_set[c] for c in characters), key=lambda c: c.id)
    guards = [c for c in characters if c.kind == "guard"]
    present = [obj for obj in card_set.objects if counts[obj]]
    options = [""] + present if guard_use == "optional" or not present else present
    choices = []
    for assignment in product(options, repeat=len(guards)):
        shifted = Counter(counts)
        for guard, obj in zip(guards, assignment, strict=True):
            if obj:
                shifted[obj] = max(shifted[obj] + guard.shift, 0)
        lines = tuple(ObjectLine(o, counts[o], shifted[o], card_set.vp(o, shifted[o])) for o in card_set.objects)
        choices.append((tuple((g.id, o) for g, o in zip(guards, assignment, strict=True)), lines))
    choices.sort(key=lambda choice: -sum(line.vp for line in choice[1]))  # stable: the first best in order
    chosen, lines = choices[0]
    bonuses = []
    for c in characters:
        if c.kind == "mage":
            bonuses.append((c.id, counts[c.object] // c.batch))
        elif c.kind == "sultan":
            bonuses.append((c.id, goods_cards // 2))
        elif c.kind == "sultana":
            bonuses.append((c.id, len(characters)))
    tile_rows = tuple((t, TILE_VP) for t in sorted(tiles))
    extra = sum(vp for _, vp in bonuses) + sum(vp for _, vp in tile_rows)
    alternatives = tuple(dict.fromkeys((guards_, sum(line.vp for line in lines_) + extra)
                                       for guards_, lines_ in choices[1:]))
    return ScoreSheet(lines, chosen, tuple(bonuses), tile_rows, sum(line.vp for line in lines) + extra, alternatives)


def meets(tile: Tile, cards: Iterable[str], stored: Iterable[str], card_set: CardSet | None = None) -> bool:
    """Whether face-up ``cards`` and ``stored`` cards meet the tile's condition (ZERZURA-CMD-01, -14).

    Counts are at least the printed ones (AMB-R04), the 12-card tile counts Characters (AMB-R05), and Objects are
    counted as printed on the cards, Guards aside (AMB-R07).

    >>> cards = load_cards()
    >>> meets(cards.tiles["turban_5_ring_3"], ["turban_3", "turban_2", "ring_2"], ["turban_ring"])
    True
    """
    return met(tile, Holdings.of(cards, stored, card_set or load_cards()))


@dataclass(frozen=True)
class Holdings:
    """What the Command tiles count: Objects as printed (AMB-R07), cards, stored cards, Character cards."""

    objects: Counter
    cards: int
    stored: int
    characters: int

    @classmethod
    def of(cls, cards: Iterable[str], stored: Iterable[str], card_set: CardSet) -> Holdings:
        every = list(cards) + list(stored)
        return cls(quantities(every, card_set), len(every), len(list(stored)),
                   sum(card_set[c].kind != "goods" for c in every))


def met(tile: Tile, holdings: Holdings) -> bool:
    """Whether ``holdings`` meet the tile (at least each count, ZERZURA-CMD-14, AMB-R04, AMB-R05)."""
    return (holdings.cards >= tile.cards and holdings.stored >= tile.stored
            and holdings.characters >= tile.characters and all(holdings.objects[o] >= n for o, n in tile.objects))


# The rulebook's example score sheet: VP per Object for each player (EX-R03).
EXAMPLE_SHEET = {
    "Gaëlle": {"turban": 6, "zither": 4, "peppers": 6, "ring": 0, "lamp": 7},
    "Séb": {"turban": 4, "zither": 5, "peppers": -3, "ring": 8, "lamp": 3},
    "Romaric": {"turban": 0, "zither": 4, "peppers": 0, "ring": 4, "lamp": 1},
    "Manu": {"turban": 1, "zither": 7, "peppers": 3, "ring": 8, "lamp": 1},
}


def explain_example_sheet(card_set: CardSet | None = None) -> list[tuple[str, str, int]]:
    """The example sheet's values that no Quantity can score on the scales in use: (player, Object, VP).

    With the bundled scales only Séb's lamp score of 3 is out of reach (AMB-R01: the printed lamp row has no 3).

    >>> explain_example_sheet()
    [('Séb', 'lamp', 3)]
    """
    card_set = card_set or load_cards()
    reachable = {obj: set(card_set.scales[obj]) for obj in card_set.objects}
    return [(player, obj, vp) for player, row in EXAMPLE_SHEET.items() for obj, vp in row.items()
            if vp not in reachable[obj]]
