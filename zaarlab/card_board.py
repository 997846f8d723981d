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

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

import anywidget
import traitlets

from .controls import Guarded
from .dice_tray import DIE_FACE_JS

KINDS = ("card", "pile", "die", "move")


@dataclass(frozen=True)
class Piece:
    """One thing on the table: a ``card`` (its name and a note), a face-down ``pile`` (its count as the name), a
    ``die`` (its face), or a ``move`` that is no piece of the game (a button, e.g. "leave the dungeon").

    ``key`` is what a click reports; ``target`` marks a piece the player may pick now; ``held``, a die set aside;
    ``colour``, a card's background.
    """

    key: str
    name: str
    note: str = ""
    kind: str = "card"
    target: bool = False
    held: bool = False
    face: int = 0
    colour: str = "#ffffff"

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"a piece is one of {', '.join(KINDS)}, not {self.kind!r}")


@dataclass(frozen=True)
class Zone:
    """A titled row of pieces: "the market", "your hand", "the dice"."""

    title: str
    pieces: tuple[Piece, ...]


class CardBoard(Guarded, anywidget.AnyWidget):
    """The table's zones (``zones``, the kernel's alone) and the last click (``clicked``: ``{"key", "n"}``), all a
    page may change (:class:`zaarlab.controls.Guarded`)."""

    _from_page = ("clicked",)
    _esm = DIE_FACE_JS + """
    function piece(model, p, off) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = `zaarlab-piece zaarlab-${p.kind}` + (p.target ? " zaarlab-target" : "")
        + (p.held ? " zaarlab-held" : "");
      b.disabled = off;
      b.dataset.key = p.key;
      if (p.kind === "card") b.style.background = p.colour;
      const name = document.createElement("strong"), note = document.createElement("small");
      const hint = document.createElement("span");
      const chosen = p.held && p.kind !== "die";  // a card or a choice picked (a die says "held" its own way)
      name.textContent = (chosen ? "\u2713 " : "") + p.name;
      note.textContent = p.note;
      hint.className = "zaarlab-sr";  // for screen readers: the outline says it to the eye
      hint.textContent = (chosen ? " (chosen)" : "") + (p.target ? " (you can pick this)" : "");
      if (p.kind === "die") {  // a drawing: its words are its name
        b.innerHTML = face(p.face);
        b.setAttribute("aria-label", `die showing ${p.face}${p.held ? ", held" : ""}${hint.textContent}`);
        b.setAttribute("aria-pressed", p.held ? "true" : "false");
      }
      b.append(name, " ", note, hint);
      b.addEventListener("click", () => {
        model.set("clicked", { key: p.key, n: (model.get("clicked").n || 0) + 1 });
        model.save_changes();
      });
      return b;
    }
    function render({ model, el }) {
      el.classList.add("zaarlab-board");
      function draw() {
        const off = model.get("disabled");
        el.replaceChildren(...model.get("zones").map((zone) => {
          const section = document.createElement("section"), title = document.createElement("h2");
          const row = document.createElement("div");
          section.className = "zaarlab-zone";
          title.textContent = zone.title;
          row.className = "zaarlab-zone-row";
          row.append(...zone.pieces.map((p) => piece(model, p, off)));
          if (!zone.pieces.length) row.append(Object.assign(document.createElement("span"), { textContent: "none" }));
          section.append(title, row);
          return section;
        }));
      }
      model.on("change:zones", draw);
      model.on("change:disabled", draw);
      draw();
    }
    export default { render };
    """
    _css = """
    .zaarlab-board { display: flex; flex-wrap: wrap; gap: 8px 20px; background: #f4f1ea; padding: 8px;
                     border-radius: 8px; }
    .zaarlab-zone h2 { margin: 2px 0 4px; font: 600 15px system-ui, sans-serif; color: #333333; }
    .zaarlab-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    .zaarlab-zone-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: stretch; }
    .zaarlab-piece { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 4px;
                     border: 2px solid #5c5c5c; border-radius: 8px; cursor: pointer; color: #1a1a1a;
                     font: 14px system-ui, sans-serif; }
    .zaarlab-piece small { font-size: 12px; color: #444444; }
    .zaarlab-card { width: 104px; min-height: 128px; padding: 6px; text-align: center; }
    .zaarlab-pile { width: 104px; min-height: 128px; background: #7a634d; color: #ffffff; border-color: #3a2e24;
                    box-shadow: 3px 3px 0 #5b4a3a; }
    .zaarlab-pile strong { font-size: 24px; }
    .zaarlab-pile small { color: #ffffff; }
    .zaarlab-die { padding: 4px; background: #f2f5f8; }
    .zaarlab-die strong, .zaarlab-die small { display: none; }
    .zaarlab-die .zaarlab-die-face { fill: #ffffff; stroke: #1a1a1a; stroke-width: 4; }
    .zaarlab-die svg circle { fill: #1a1a1a; }
    .zaarlab-die.zaarlab-held { border-color: #00507d; background: #0072b2; color: #ffffff; }
    .zaarlab-move { padding: 8px 14px; background: #ffffff; font-weight: 600; }
    .zaarlab-target { border: 3px solid #d55e00; box-shadow: 0 0 0 3px #f6c8a4; }
    .zaarlab-held:not(.zaarlab-die) { border: 3px solid #00507d; box-shadow: 0 0 0 3px #56b4e9;
                                      transform: translateY(-4px); }
    .zaarlab-move.zaarlab-held { background: #0072b2; color: #ffffff; }
    .zaarlab-move.zaarlab-held small { color: #ffffff; }
    .zaarlab-piece:focus-visible { outline: 3px solid #e69f00; outline-offset: 2px; }
    .zaarlab-piece:disabled { cursor: not-allowed; opacity: 0.55; }
    @media (max-width: 480px) {
      .zaarlab-card, .zaarlab-pile { width: 84px; min-height: 104px; font-size: 13px; }
      .zaarlab-die svg { width: 44px; height: 44px; }
    }
    """
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

    def on_click(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(key)`` for each click on a piece the kernel laid out."""
        self._callbacks.append(callback)

    def _on_clicked(self, change) -> None:
        key = change.new.get("key") if isinstance(change.new, dict) else None
        if self.disabled or not isinstance(key, str) or key not in self._keys:
            return
        for callback in self._callbacks:
            callback(key)
