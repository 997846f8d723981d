"""A card game's table as buttons: piles, face-up cards, dice and the moves that are no card, each one a click.

The kernel lays the table out as zones of pieces; the page draws each piece as a button and reports a click by the
piece's key. What a click means is the kernel's to decide (and to refuse, in words): a tampered page may report any
key, so :meth:`CardBoard.on_click` hands on only keys the kernel laid out. Pieces the player may pick now are
marked; the others still answer a click, with the reason they cannot be picked.

>>> board = CardBoard()
>>> board.lay([Zone("market", (Piece("buy:rope", "Rope", "item", target=True),))])
>>> seen = []
>>> board.on_click(seen.append)
>>> board.clicked = {"key": "buy:rope", "n": 1}
>>> board.clicked = {"key": "not:laid", "n": 2}        # a key the kernel never laid out: nothing happens
>>> seen
['buy:rope']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace

import anywidget
import traitlets

from .assets import asset
from .controls import Guarded

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
    """``zones`` with every piece not as it looked in ``seen`` (:meth:`CardBoard.looks`) marked ``changed``; a move
    is no change.

    >>> board = CardBoard()
    >>> board.lay([Zone("market", (Piece("a", "Rope"), Piece("b", "Torch")))])
    >>> now = mark_changes([Zone("market", (Piece("a", "Rope"), Piece("c", "Lamp")))], board.looks())
    >>> [piece.changed for piece in now[0].pieces]
    [False, True]
    """
    return [Zone(zone.title, tuple(replace(piece, changed=piece.kind != "move" and seen.get(piece.key) != _look(
        asdict(piece))) for piece in zone.pieces)) for zone in zones]


def _look(piece: Mapping) -> tuple:
    """What of a laid piece a player sees change: its name, note, face and colour (not the marks of a choice)."""
    return piece["name"], piece["note"], piece["face"], piece["colour"]


class CardBoard(Guarded, anywidget.AnyWidget):
    """The table's zones (``zones``, the kernel's alone) and the last click (``clicked``: ``{"key", "n"}``), all a
    page may change (:class:`zaarlab.ui.controls.Guarded`)."""

    _from_page = ("clicked",)
    _esm = asset("die_face.js", "card_board.js")
    _css = asset("card_board.css")
    zones = traitlets.List(traitlets.Dict()).tag(sync=True)
    clicked = traitlets.Dict().tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._keys: frozenset[str] = frozenset()
        self._callbacks: list[Callable[[str], None]] = []
        self.observe(self._on_clicked, names="clicked")

    def lay(self, zones: Sequence[Zone]) -> None:
        """Lay the table out anew: the page redraws it."""
        self._keys = frozenset(p.key for zone in zones for p in zone.pieces)
        self.zones = [{"title": zone.title, "pieces": [asdict(p) for p in zone.pieces]} for zone in zones]

    def looks(self) -> dict[str, tuple]:
        """How each piece laid now looks, by its key (what :func:`mark_changes` compares with)."""
        return {piece["key"]: _look(piece) for zone in self.zones for piece in zone["pieces"]}

    def on_click(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(key)`` for each click on a piece the kernel laid out."""
        self._callbacks.append(callback)

    def _on_clicked(self, change) -> None:
        key = change.new.get("key") if isinstance(change.new, dict) else None
        if self.disabled or not isinstance(key, str) or key not in self._keys:
            return
        for callback in self._callbacks:
            callback(key)
