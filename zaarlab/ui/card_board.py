"""A card game's table as buttons: piles, face-up cards, dice and the moves that are no card, each one a click.

The kernel lays the table out as zones of pieces; the page draws each piece as a button and reports a click by the
piece's key. What a click means is the kernel's to decide (and to refuse, in words): a tampered page may report any
key, so :meth:`CardBoard.on_click` hands on only keys the kernel laid out. Pieces the player may pick now are
marked; the others still answer a click, with the reason they cannot be picked.

>>> from zaarlab.ui.pieces import Piece
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

from collections.abc import Callable, Sequence

import anywidget
import traitlets

from .assets import asset
from .controls import Guarded
from .pieces import Zone, looks, plain_zones


class CardBoard(Guarded, anywidget.AnyWidget):
    """The table's zones (``zones``, the kernel's alone) and the last click (``clicked``: ``{"key", "n"}``), all a
    page may change (:class:`zaarlab.ui.controls.Guarded`)."""

    _from_page = ("clicked",)
    _esm = asset("die_face.js", "pieces.js", "card_board.js")
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
        self.zones = plain_zones(zones)

    def looks(self) -> dict[str, tuple]:
        """How each piece laid now looks, by its key (what :func:`zaarlab.ui.pieces.mark_changes` compares with)."""
        return looks(self.zones)

    def on_click(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(key)`` for each click on a piece the kernel laid out."""
        self._callbacks.append(callback)

    def _on_clicked(self, change) -> None:
        key = change.new.get("key") if isinstance(change.new, dict) else None
        if self.disabled or not isinstance(key, str) or key not in self._keys:
            return
        for callback in self._callbacks:
            callback(key)
