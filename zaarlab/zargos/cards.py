"""The peoples of Zargos and the magic deck, read from ``zargos/peoples.yaml`` and ``zargos/magic.yaml``.

Names, colours and counts are printed; the powers (GAP-S02) and most card effects (GAP-S03) are
reconstructions, labelled as such in the data and in :attr:`MagicCard.reconstructed`.

Examples
--------
>>> deck = magic_deck()
>>> len(deck), sum(card.startswith("wind_of_war") for card in deck)
(40, 12)
>>> [p.name for p in peoples()]
['Knights', 'Spiders', 'Amazons', 'Monks', 'Dragons', 'Winged']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from ..core.data import Bounded, OneOf, Optional, load, register_schema

PEOPLES = ("knights", "spiders", "amazons", "monks", "dragons", "winged")  # ZARGOS-PRES-01
POWER_KINDS = {"knights": "attack", "winged": "movement", "spiders": "movement", "dragons": "movement",
               "amazons": "combat", "monks": "combat"}  # ZARGOS-POWERS-01
RED_COUNTS = {"wind_of_madness": 4, "wind_of_ice": 4, "wind_of_storm": 4, "wind_of_death": 2, "typhoon": 1,
              "eclipse": 1, "heatwave": 1, "floods": 1, "tidal_wave": 1, "earthquake": 1}  # ZARGOS-MAGIC-04
GREEN_COUNTS = {"wind_of_war": 12, "wind_of_land": 4, "wind_of_mist": 2, "wind_of_elsewhere": 2}  # ZARGOS-MAGIC-05
_PROVENANCE = Optional(dict)

register_schema(
    "zargos/peoples.yaml",
    {"peoples": [{"id": OneOf(PEOPLES), "name": str, "power_kind": OneOf(("attack", "movement", "combat")),
                  "power": {"hook": str, "text": str, "suspended_by": str, "provenance": _PROVENANCE}}]},
    check=lambda doc, fail: _check_peoples(doc, fail),
)
register_schema(
    "zargos/magic.yaml",
    {"cards": [{"id": str, "name": str, "colour": OneOf(("red", "green")), "count": Bounded(1, 40),
                "effect": {"kind": str, "target": str, "text": str, "provenance": _PROVENANCE}}]},
    check=lambda doc, fail: _check_magic(doc, fail),
)


@dataclass(frozen=True)
class People:
    """A people with its (placeholder) power, the hook the engine calls, and the red card that suspends it."""

    id: str
    name: str
    power_kind: str
    hook: str
    power_text: str
    suspended_by: str
    reconstructed: bool


@dataclass(frozen=True)
class MagicCard:
    """One kind of magic card; the deck holds ``count`` copies."""

    id: str
    name: str
    colour: str
    count: int
    effect_kind: str
    target: str
    text: str
    reconstructed: bool


@cache
def peoples(data_dir=None) -> tuple[People, ...]:
    """The six peoples, in the order of the data file."""
    doc = load("zargos/peoples.yaml", data_dir)
    return tuple(
        People(p["id"], p["name"], p["power_kind"], p["power"]["hook"], p["power"]["text"], p["power"]["suspended_by"],
               _reconstructed(p["power"], doc))
        for p in doc["peoples"]
    )


@cache
def magic_cards(data_dir=None) -> tuple[MagicCard, ...]:
    """The kinds of magic card, in the order of the data file."""
    doc = load("zargos/magic.yaml", data_dir)
    return tuple(
        MagicCard(c["id"], c["name"], c["colour"], c["count"], c["effect"]["kind"], c["effect"]["target"],
                  c["effect"]["text"], _reconstructed(c["effect"], doc))
        for c in doc["cards"]
    )


@cache
def magic_deck(data_dir=None) -> tuple[str, ...]:
    """The 40 cards of the deck as card ids, unshuffled (copies adjacent)."""
    return tuple(card.id for card in magic_cards(data_dir) for _ in range(card.count))


def _reconstructed(block: dict, doc: dict) -> bool:
    return block.get("provenance", doc["provenance"])["source"] == "reconstructed"


def _check_peoples(doc: dict, fail) -> None:
    ids = [p["id"] for p in doc["peoples"]]
    if sorted(ids) != sorted(PEOPLES):
        fail("peoples", f"expected each of {', '.join(PEOPLES)} once (ZARGOS-PRES-01), got {', '.join(ids)}")
    for i, p in enumerate(doc["peoples"]):
        if p["power_kind"] != POWER_KINDS[p["id"]]:
            expected = POWER_KINDS[p["id"]]
            fail(f"peoples[{i}].power_kind", f"the {p['name']} power is of kind {expected} (ZARGOS-POWERS-01)")
        if p["power"]["suspended_by"] not in RED_COUNTS:
            fail(f"peoples[{i}].power.suspended_by", f"{p['power']['suspended_by']!r} is not a red card")


def _check_magic(doc: dict, fail) -> None:
    ids = [c["id"] for c in doc["cards"]]
    for colour, expected, rule in (("red", RED_COUNTS, "ZARGOS-MAGIC-04"), ("green", GREEN_COUNTS, "ZARGOS-MAGIC-05")):
        found = Counter({c["id"]: c["count"] for c in doc["cards"] if c["colour"] == colour})
        if found != Counter(expected):
            fail("cards", f"the {colour} cards must be {dict(expected)} ({rule}); found {dict(found)}")
    if len(ids) != len(set(ids)):
        fail("cards", "a card id appears twice")
