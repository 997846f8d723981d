"""Zaar's astrolabe: two front plates that turn to a letter and a demon power, and a backside ring of commands.

The astrolabe has a state, :class:`Plates`, kept in the game and its save files. Reading it for a trapped demon
(ZAAR-ASTRO-03..05): the lower plate turns clockwise to the trapping letter's *next* appearance (if the letter is
showing already, on to where it shows again), then the top plate to the room's demon power likewise; the notch then
shows the :class:`Result` (ZAAR-ASTRO-06). An extra win turns the backside by the result's arrow and dots (ZAAR-CMD-02)
and reads a :class:`Command` there. Layout: ``data/zaar/astrolabe.yaml`` (GAP-Z04, GAP-Z05, reconstructed).

Examples
--------
>>> astro = load_astrolabe()
>>> result, plates = read(astro, Plates(), "A", "bloody")    # A and bloody both show at 0: on to 4 and 4
>>> plates.lower, plates.top, result.kind
(4, 4, 'ordered')
>>> again = read(astro, plates, "A", "bloody")[1]
>>> again.lower, again.top
(8, 8)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..core.api import replace
from ..core.data import OneOf, Optional, load, register_schema
from .raml import Requirement

KINDS = ("revoked", "not_revoked", "sacrifice", "ordered", "unordered")  # ZAAR-ASTRO-06
POWERS = ("bloody", "smoggy", "humid", "windy")

register_schema("zaar/astrolabe.yaml", {
    "lower": [str], "top": [OneOf(POWERS)],
    "notch": [[{"kind": OneOf(KINDS), "pattern": Optional(str), "numbers": Optional([int]),
                "category": Optional(OneOf(POWERS)), "turn": str}]],
    "backside": [{"plaque": Optional(str), "category": Optional(OneOf(POWERS)), "letter": str}]},
    check=lambda doc, fail: _check(doc, fail))


@dataclass(frozen=True)
class Result:
    """What the notch shows: a ``kind`` and its detail; ``turn`` is how to turn the backside for a command."""

    kind: str
    requirement: Requirement | None = None
    category: str = ""
    clockwise: bool = True
    dots: int = 1

    def __str__(self) -> str:
        if self.requirement is not None:
            return f"{self.kind} {self.requirement}"
        if self.kind == "sacrifice":
            return f"sacrifice a life in a {self.category} room"
        return self.kind.replace("_", " ")

    def words(self) -> str:
        """What the notch says, as a player reads it out.

        >>> Result("ordered", Requirement.parse("0*3")).words(), Result("not_revoked").words()
        ('the number dice must show 0, any number, 3, in that order', 'not revoked this round: a draw')
        """
        if self.requirement is not None:
            return f"the number dice must show {self.requirement.words()}"
        return {"revoked": "revoked: the spell falls at once, an extra win",
                "not_revoked": "not revoked this round: a draw",
                "sacrifice": f"sacrifice a life if in a {self.category} room"}[self.kind]


@dataclass(frozen=True)
class Command:
    """A backside command: revoke every plaque of a letter or every plaque in rooms of a category (ZAAR-CMD-04), and
    reveal a letter of the demon's name (ZAAR-CMD-05)."""

    plaque: str = ""
    category: str = ""
    letter: str = ""

    def __str__(self) -> str:
        target = f"is not in {self.plaque} plaques" if self.plaque else f"is not in {self.category} rooms"
        return f"{target} / {self.letter}"

    def words(self) -> str:
        """The command as a player reads it out.

        >>> Command(plaque="A", letter="R").words()
        "every A plaque not yet revoked is revoked, and the letter R is covered on the demon's-name table"
        >>> Command(category="humid").words()  # Boswellia's command: its first part only
        'every plaque in a humid room not yet revoked is revoked'
        """
        target = f"{self.plaque} plaque" if self.plaque else f"plaque in a {self.category} room"
        revoked = f"every {target} not yet revoked is revoked"
        return f"{revoked}, and the letter {self.letter} is covered on the demon's-name table" if self.letter \
            else revoked


@dataclass(frozen=True)
class Plates:
    """The astrolabe's state: the sector of each front plate at the notch, and the backside ring's position."""

    lower: int = 0
    top: int = 0
    back: int = 0


@dataclass(frozen=True)
class Astrolabe:
    lower: tuple[str, ...]
    top: tuple[str, ...]
    notch: tuple[tuple[Result, ...], ...]
    backside: tuple[Command, ...]


@cache
def load_astrolabe(data_dir=None) -> Astrolabe:
    doc = load("zaar/astrolabe.yaml", data_dir)
    notch = tuple(tuple(_result(cell) for cell in row) for row in doc["notch"])
    commands = tuple(Command(c.get("plaque", ""), c.get("category", ""), c["letter"]) for c in doc["backside"])
    return Astrolabe(tuple(doc["lower"]), tuple(doc["top"]), notch, commands)


def _result(cell: dict) -> Result:
    turn = cell["turn"]
    requirement = None
    if cell["kind"] == "ordered":
        requirement = Requirement.parse(cell["pattern"])
    elif cell["kind"] == "unordered":
        requirement = Requirement.unordered(cell["numbers"])
    return Result(cell["kind"], requirement, cell.get("category", ""), turn.startswith("cw"), int(turn[-1]))


def next_sector(sectors: tuple[str, ...], at: int, wanted: str) -> int:
    """Turning clockwise from ``at``, the next sector showing ``wanted`` -- not ``at`` itself (ZAAR-ASTRO-04).

    >>> next_sector(("A", "B", "A", "B"), 0, "A"), next_sector(("A", "B", "A", "B"), 1, "A")
    (2, 2)
    """
    n = len(sectors)
    for step in range(1, n + 1):
        if sectors[(at + step) % n] == wanted:
            return (at + step) % n
    raise ValueError(f"no sector shows {wanted!r}")


def read(astro: Astrolabe, plates: Plates, letter: str, power: str) -> tuple[Result, Plates]:
    """Turn the plates to ``letter`` and ``power`` and read the notch (ZAAR-ASTRO-03..06)."""
    lower = next_sector(astro.lower, plates.lower, letter)
    top = next_sector(astro.top, plates.top, power)
    return astro.notch[lower][top], replace(plates, lower=lower, top=top)


def command(astro: Astrolabe, plates: Plates, result: Result) -> tuple[Command, Plates]:
    """Turn the backside by the result's arrow and dots and read its command (ZAAR-CMD-01, -02).

    >>> astro = load_astrolabe()
    >>> command(astro, Plates(back=0), Result("revoked", clockwise=True, dots=2))[1].back   # EX-Z03
    2
    """
    step = result.dots if result.clockwise else -result.dots
    back = (plates.back + step) % len(astro.backside)
    return astro.backside[back], replace(plates, back=back)


def _check(doc: dict, fail) -> None:
    lower, top, notch = doc["lower"], doc["top"], doc["notch"]
    for ring in ("lower", "top", "backside"):
        if not doc[ring]:
            fail(ring, "a ring of the astrolabe has sectors (GAP-Z04, GAP-Z05)")
    if len(notch) != len(lower) or any(len(row) != len(top) for row in notch):
        fail("notch", f"one row per lower sector ({len(lower)}) and one cell per top sector ({len(top)})")
    for i, row in enumerate(notch):
        for j, cell in enumerate(row):
            where = f"notch[{i}][{j}]"
            turn = cell["turn"]
            if not (turn[:-1] in ("cw", "ccw") and turn[-1] in "123"):
                fail(f"{where}.turn", "cw or ccw and 1 to 3 dots, like cw2 (ZAAR-CMD-02)")
            needs = {"ordered": "pattern", "unordered": "numbers", "sacrifice": "category"}.get(cell["kind"])
            if needs and needs not in cell:
                fail(where, f"a {cell['kind']} result needs its {needs}")
    for letter in "ABCD":  # every (letter, power) pair reaches a result a player can win (GAP-Z04)
        for power in POWERS:
            cells = [notch[i][j] for i, a in enumerate(lower) if a == letter for j, b in enumerate(top) if b == power]
            if not any(c["kind"] in ("revoked", "ordered", "unordered") for c in cells):
                fail("notch", f"letter {letter} in a {power} room can never be won")
