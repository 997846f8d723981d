"""What a table lays out, with no widget in it: zones of pieces (a card, a pile, a die, a move), as a game's referee
describes the board a seat may see (``Hooks.board_zones``) and a card board (:mod:`zaarlab.ui.card_board`) or a
class's play page draws it from :func:`plain_zones`.

>>> plain_zones([Zone("market", (Piece("buy:rope", "Rope", "item", target=True),))])[0]["pieces"][0]["target"]
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

KINDS = ("card", "pile", "die", "move")


@dataclass(frozen=True)
class Piece:
    """One thing on the table: a ``card`` (its name and a note), a face-down ``pile`` (its count as the name), a
    ``die`` (its face), or a ``move`` that is no piece of the game (a button, e.g. "leave the dungeon").

    ``key`` is what a click reports; ``target`` marks a piece the player may pick now; ``held``, a die set aside;
    ``changed``, a piece that is new or changed since the player last acted; ``colour``, a card's background.
    """

    key: str
    name: str
    note: str = ""
    kind: str = "card"
    target: bool = False
    held: bool = False
    face: int = 0
    colour: str = "#ffffff"
    changed: bool = False

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"a piece is one of {', '.join(KINDS)}, not {self.kind!r}")


@dataclass(frozen=True)
class Zone:
    """A titled row of pieces: "the market", "your hand", "the dice"."""

    title: str
    pieces: tuple[Piece, ...]


def mark_changes(zones: Sequence[Zone], seen: Mapping[str, tuple]) -> list[Zone]:
    """``zones`` with every piece not as it looked in ``seen`` (:func:`looks`) marked ``changed``; a move is no
    change.

    >>> before = looks(plain_zones([Zone("market", (Piece("a", "Rope"), Piece("b", "Torch")))]))
    >>> now = mark_changes([Zone("market", (Piece("a", "Rope"), Piece("c", "Lamp")))], before)
    >>> [piece.changed for piece in now[0].pieces]
    [False, True]
    """
    return [Zone(zone.title, tuple(replace(piece, changed=piece.kind != "move" and seen.get(piece.key) != look(
        asdict(piece))) for piece in zone.pieces)) for zone in zones]


def look(piece: Mapping) -> tuple:
    """What of a laid piece a player sees change: its name, note, face and colour (not the marks of a choice)."""
    return piece["name"], piece["note"], piece["face"], piece["colour"]


def looks(zones: Sequence[Mapping[str, Any]]) -> dict[str, tuple]:
    """How each piece of plain ``zones`` (:func:`plain_zones`) looks, by its key (what :func:`mark_changes` reads)."""
    return {piece["key"]: look(piece) for zone in zones for piece in zone["pieces"]}


def plain_zones(zones: Sequence[Zone]) -> list[dict[str, Any]]:
    """``zones`` as JSON holds them: each a title and its pieces' fields (what a page draws)."""
    return [{"title": zone.title, "pieces": [asdict(p) for p in zone.pieces]} for zone in zones]
