"""Zerzura's final scoring: Objects on their scales, Guards, Mages, the Sultan, the Sultana and Command tiles.

A player's Quantity of an Object is the number of that Object on all their Goods cards, face up and stored alike
(ZERZURA-GOAL-02, ZERZURA-END-02); the scale turns it into victory points (ZERZURA-END-03). Then:

- a **Guard** shifts the Quantity of one Object type the player has (Q-1, Q+1, Q+2; ZERZURA-CHAR-02). Which type
  is the player's choice: the sheet uses the best, and lists the others (AMB-R06: a type present, several Guards
  may pick the same one, never below 0). A Guard changes only the table lookup (AMB-R07);
- a **Mage**: +1 per full batch of its Object (ZERZURA-CHAR-03, AMB-R08);
- the **Sultan**: +1 per two Goods cards (ZERZURA-CHAR-04, AMB-R09); the **Sultana**: +1 per Character card,
  herself included (ZERZURA-CHAR-05);
- each **Command tile**: +3 (ZERZURA-CMD-04).

The total is the sum (ZERZURA-END-04).

Examples
--------
>>> sheet = score(["lamp_2", "lamp_3", "guard_plus_1"])    # Romaric's five lamps, and a Guard
>>> sheet.line("lamp").quantity, sheet.line("lamp").counted, sheet.line("lamp").vp, sheet.total
(5, 6, 9, 9)
>>> sheet.guards
(('guard_plus_1', 'lamp'),)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import product

from .cards import TILE_VP, CardSet, Tile, load_cards


@dataclass(frozen=True)
class ObjectLine:
    """One row of the sheet: the Quantity owned, the Quantity counted after Guards, its victory points."""

    object: str
    quantity: int
    counted: int
    vp: int


@dataclass(frozen=True)
class ScoreSheet:
    """A player's final score, line by line; ``alternatives`` are the other Guard choices with their totals."""

    lines: tuple[ObjectLine, ...]
    guards: tuple[tuple[str, str], ...]
    bonuses: tuple[tuple[str, int], ...]
    tiles: tuple[tuple[str, int], ...]
    total: int
    alternatives: tuple[tuple[tuple[tuple[str, str], ...], int], ...] = ()

    def line(self, obj: str) -> ObjectLine:
        return next(line for line in self.lines if line.object == obj)

    @property
    def objects_vp(self) -> int:
        return sum(line.vp for line in self.lines)

    def text(self) -> str:
        """The sheet in words, as a notebook prints it.

        >>> print(score(["ring_2", "ring_2", "sultana", "mage_ring"], tiles=["characters_2"]).text())
        ring: 4 -> 8 VP
        Mage of rings: +2
        The Sultana: +2
        Command tile characters_2: +3
        total: 15
        """
        cards = load_cards()
        rows = [f"{line.object}: {line.quantity}" + (f" (counted {line.counted})" if line.counted != line.quantity
                                                      else "") + f" -> {line.vp} VP" for line in self.lines
                if line.quantity or line.counted]
        rows += [f"{cards[g].name} on {obj or 'nothing'}" for g, obj in self.guards]
        rows += [f"{cards[c].name}: {vp:+d}" for c, vp in self.bonuses]
        rows += [f"Command tile {t}: {vp:+d}" for t, vp in self.tiles]
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


def score(cards: Iterable[str], tiles: Iterable[str] = (), card_set: CardSet | None = None) -> ScoreSheet:
    """The score sheet of a player owning ``cards`` (face up and stored alike) and the Command ``tiles``."""
    card_set = card_set or load_cards()
    cards = list(cards)
    characters = [c for c in cards if card_set[c].kind != "goods"]
    return score_counts(quantities(cards, card_set), characters, len(cards) - len(characters), tiles, card_set)


def score_counts(counts: Mapping[str, int], characters: Iterable[str], goods_cards: int, tiles: Iterable[str] = (),
                 card_set: CardSet | None = None) -> ScoreSheet:
    """The score sheet from Object counts, Character cards and the number of Goods cards (what a sheet needs).

    >>> score_counts({"lamp": 5}, ["guard_plus_1", "sultan"], goods_cards=4).total   # 9 VP of lamps, +2 Sultan
    11
    """
    card_set = card_set or load_cards()
    counts = Counter({obj: counts.get(obj, 0) for obj in card_set.objects})
    characters = sorted((card_set[c] for c in characters), key=lambda c: c.id)
    guards = [c for c in characters if c.kind == "guard"]
    present = [obj for obj in card_set.objects if counts[obj]] or [""]
    choices = []
    for assignment in product(present, repeat=len(guards)):
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
