"""The raml, Zaar's geomancy dice: a letter die and three number dice in positions (GAP-Z03, ``data/zaar/raml.yaml``).

A throw is ordered, ``(letter, n1, n2, n3)``: positions matter for ordered requirements and name-table codes, so the
throw is one chance node over 4 x 4^3 = 256 equally likely outcomes (GAP-Z03 in docs/rules/readings.md). The Warrior
may read each die's backside too (ZAAR-PAWN-03): every die can be read either way, independently.

Requirements come from the astrolabe (ZAAR-ASTRO-10, -11) or the name table (ZAAR-LVL3-03): *ordered* numbers at
positions (``"0*3"``: 0 first, 3 last, anything between) or *unordered* numbers that must all show, anywhere.

Examples
--------
>>> raml = load_raml()
>>> len(throw_dist(raml))
256
>>> Requirement.parse("0*3").met((0, 2, 3)), Requirement.parse("0*3").met((3, 2, 0))
(True, False)
>>> Requirement.unordered((1, 2)).met((2, 0, 1))
True
>>> traps(("B", 0, 0, 0), ("D",), raml), traps(("B", 0, 0, 0), ("D",), raml, warrior=True)   # D is B's backside
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product

from ..core.data import Bounded, load, register_schema
from ..core.dice import ordered_dist
from ..core.dist import Dist

Throw = tuple  # (letter, n1, n2, n3)

register_schema("zaar/raml.yaml", {"letter_die": {"faces": [str], "backside": dict},
                                   "number_dice": {"count": Bounded(1, 4), "faces": [int], "backside": dict}},
                check=lambda doc, fail: _check(doc, fail))


@dataclass(frozen=True)
class Raml:
    """The dice: letter faces and their backsides; number faces, how many number dice, their backsides."""

    letters: tuple[str, ...]
    letter_back: tuple[tuple[str, str], ...]
    numbers: tuple[int, ...]
    number_back: tuple[tuple[int, int], ...]
    count: int

    def back(self, face):
        """The face opposite ``face`` (the backside a Warrior may read)."""
        table = dict(self.letter_back) if isinstance(face, str) else dict(self.number_back)
        return table[face]


@cache
def load_raml(data_dir=None) -> Raml:
    doc = load("zaar/raml.yaml", data_dir)
    letters, numbers = doc["letter_die"], doc["number_dice"]
    return Raml(tuple(letters["faces"]), tuple(sorted(letters["backside"].items())), tuple(numbers["faces"]),
                tuple(sorted(numbers["backside"].items())), numbers["count"])


@cache
def throw_dist(raml: Raml) -> Dist:
    """Every ordered throw ``(letter, n1, n2, n3)``, equally likely (ZAAR-RAML-02)."""
    return Dist.product(Dist.uniform(raml.letters), ordered_dist(raml.count, Dist.uniform(raml.numbers))).map(
        lambda t: (t[0], *t[1]))


@dataclass(frozen=True)
class Requirement:
    """What the numbers must show: ``ordered`` (a pattern, ``None`` = any) or ``unordered`` (a multiset)."""

    kind: str
    values: tuple

    @classmethod
    def parse(cls, pattern: str) -> Requirement:
        """An ordered requirement from a pattern like ``"0*3"`` or a name-table code ``"020"``."""
        return cls("ordered", tuple(None if c == "*" else int(c) for c in pattern))

    @classmethod
    def unordered(cls, numbers) -> Requirement:
        return cls("unordered", tuple(sorted(numbers)))

    @classmethod
    def from_text(cls, text: str) -> Requirement:
        """The requirement ``str()`` wrote: ``"0*3"`` ordered, ``"{0, 3}"`` on any dice.

        >>> Requirement.from_text("{0, 3}"), Requirement.from_text(str(Requirement.parse("1*2"))).kind
        (Requirement(kind='unordered', values=(0, 3)), 'ordered')
        """
        if text.startswith("{"):
            return cls.unordered(int(n) for n in text.strip("{}").split(", "))
        return cls.parse(text)

    def met(self, numbers: tuple[int, ...]) -> bool:
        """Whether the number dice, read as ``numbers`` (in position order), meet it."""
        if self.kind == "ordered":
            return len(numbers) == len(self.values) and all(v is None or v == n for v, n in zip(
                self.values, numbers, strict=True))
        return all(numbers.count(v) >= self.values.count(v) for v in self.values)  # a sub-multiset (a few dice)

    def __str__(self) -> str:
        if self.kind == "ordered":
            return "".join("*" if v is None else str(v) for v in self.values)
        return "{" + ", ".join(map(str, self.values)) + "}"

    def words(self) -> str:
        """What the number dice must show, as a player says it.

        >>> Requirement.parse("0*3").words(), Requirement.parse("12*").words()
        ('0, any number, 3, in that order', '1, 2, any number, in that order')
        >>> Requirement.unordered((1,)).words(), Requirement.unordered((1, 3, 3)).words()
        ('a 1 on any die', '1, 3 and 3, on any dice')
        """
        if self.kind == "ordered":
            return ", ".join("any number" if v is None else str(v) for v in self.values) + ", in that order"
        if len(self.values) == 1:
            return f"a {self.values[0]} on any die"
        return ", ".join(map(str, self.values[:-1])) + f" and {self.values[-1]}, on any dice"


def readings(throw: Throw, raml: Raml, warrior: bool = False) -> tuple[Throw, ...]:
    """The ways a player may read a throw: as thrown, or for the Warrior any die turned over (ZAAR-PAWN-03)."""
    if not warrior:
        return (tuple(throw),)
    return tuple(dict.fromkeys(product(*((face, raml.back(face)) for face in throw))))


def traps(throw: Throw, plaques: tuple[str, ...], raml: Raml, warrior: bool = False) -> bool:
    """Whether the letter die shows a letter of the room's plaques: the demon is there (ZAAR-RAML-03)."""
    return any(reading[0] in plaques for reading in readings(throw[:1], raml, warrior))


def meets(throw: Throw, requirement: Requirement, raml: Raml, warrior: bool = False) -> bool:
    """Whether the number dice of ``throw`` meet ``requirement`` (any reading, for the Warrior)."""
    return any(requirement.met(tuple(r)) for r in readings(tuple(throw[1:]), raml, warrior))


def _check(doc: dict, fail) -> None:
    letters, numbers = doc["letter_die"], doc["number_dice"]
    if not set("ABCD") <= set(letters["faces"]):
        fail("letter_die.faces", "the letter die shows the plaques' letters A-D (ZAAR-RAML-03, ZAAR-CARD-03)")
    for key, die in (("letter_die", letters), ("number_dice", numbers)):
        back = die["backside"]
        faces = set(die["faces"])
        if set(back) != faces or set(back.values()) != faces:
            fail(f"{key}.backside", "every face has exactly one backside among the faces (ZAAR-PAWN-03)")
    for key, die in (("letter_die", letters), ("number_dice", numbers)):
        if not 1 <= len(die["faces"]) <= 8 or len(set(die["faces"])) != len(die["faces"]):
            fail(f"{key}.faces", "1 to 8 different faces (a raml throw stays a few thousand outcomes)")
