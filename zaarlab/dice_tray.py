"""Dice on the screen as dice: each die drawn with its pips, and a button that holds it or lets it go (a click, or
Enter or Space from the keyboard), its state shown by its look and told to screen readers.

The kernel owns the dice. Whatever a browser sends for ``held`` is made into one true-or-false per die before anyone
reads it (a list too short, too long or of other things is corrected, and the browser shown the corrected one); the
faces and ``disabled`` are the kernel's alone, and a browser's change to them is refused.

>>> tray = DiceTray(faces=[1, 1, 2, 5, 6])
>>> tray.held
[False, False, False, False, False]
>>> tray.held = [0, 1, True, None, "yes", True]     # what a tampered page might send
>>> tray.held
[False, True, True, False, False]
>>> tray.kept()
(1, 2)
>>> tray.held = "xxxx"
>>> tray.held
[False, False, False, False, False]
"""

from __future__ import annotations

import anywidget
import traitlets

from .controls import Guarded

DIE_FACE_JS = """
const PIPS = {1: [[50, 50]], 2: [[27, 27], [73, 73]], 3: [[27, 27], [50, 50], [73, 73]],
              4: [[27, 27], [73, 27], [27, 73], [73, 73]],
              5: [[27, 27], [73, 27], [50, 50], [27, 73], [73, 73]],
              6: [[27, 24], [73, 24], [27, 50], [73, 50], [27, 76], [73, 76]]};
function face(n) {
  const pips = (PIPS[n] || []).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9"/>`).join("");
  return `<svg viewBox="0 0 100 100" width="56" height="56" aria-hidden="true">
    <rect x="4" y="4" width="92" height="92" rx="16" class="zaarlab-die-face"/>${pips}</svg>`;
}
"""
"""``face(n)``: a die showing ``n`` as SVG markup, for every widget that draws dice."""


class DiceTray(Guarded, anywidget.AnyWidget):
    """A row of six-sided dice (``faces``), each a button that toggles whether it is ``held``: all a page may change
    (:class:`zaarlab.controls.Guarded`)."""

    _from_page = ("held",)
    _esm = DIE_FACE_JS + """
    function render({ model, el }) {
      el.classList.add("zaarlab-dice");
      function draw() {
        const faces = model.get("faces"), held = model.get("held"), off = model.get("disabled");
        el.replaceChildren(...faces.map((n, i) => {
          const die = document.createElement("button");
          die.type = "button";
          die.className = "zaarlab-die" + (held[i] ? " zaarlab-held" : "");
          die.disabled = off;
          die.setAttribute("aria-pressed", held[i] ? "true" : "false");
          die.setAttribute("aria-label", `${held[i] ? "held" : "hold"}: die ${i + 1}, showing ${n}`);  // its words
          die.title = held[i] ? "held: click to roll it again" : "click to hold this die";
          die.innerHTML = face(n) + `<span>${held[i] ? "held" : "hold"}</span>`;
          die.addEventListener("click", () => {
            const now = [...model.get("held")];
            now[i] = !now[i];
            model.set("held", now);
            model.save_changes();
          });
          return die;
        }));
      }
      for (const name of ["faces", "held", "disabled"]) model.on(`change:${name}`, draw);
      draw();
    }
    export default { render };
    """
    _css = """
    .zaarlab-dice { display: flex; flex-wrap: wrap; gap: 10px; margin: 6px 0; }
    .zaarlab-die { display: flex; flex-direction: column; align-items: center; gap: 2px; padding: 6px 8px 4px;
                   border: 2px solid #5c5c5c; border-radius: 10px; background: #f2f5f8; cursor: pointer;
                   font: 600 14px system-ui, sans-serif; color: #1a1a1a; }
    .zaarlab-die svg circle { fill: #1a1a1a; }
    .zaarlab-die-face { fill: #ffffff; stroke: #1a1a1a; stroke-width: 4; }
    .zaarlab-die.zaarlab-held { border-color: #00507d; background: #0072b2; color: #ffffff; }
    .zaarlab-die.zaarlab-held .zaarlab-die-face { stroke: #00507d; stroke-width: 6; }
    .zaarlab-die:focus-visible { outline: 3px solid #e69f00; outline-offset: 2px; }
    .zaarlab-die:disabled { cursor: not-allowed; opacity: 0.6; }
    @media (max-width: 480px) {  /* five dice in a row on a phone */
      .zaarlab-dice { gap: 6px; }
      .zaarlab-die { padding: 4px 5px 3px; }
      .zaarlab-die svg { width: 46px; height: 46px; }
    }
    """
    faces = traitlets.List(traitlets.Int(min=1, max=6)).tag(sync=True)
    held = traitlets.List(traitlets.Any()).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, faces=(), **kwargs):
        super().__init__(**kwargs)
        self.show(faces)

    def show(self, faces, held=()) -> None:
        """Show ``faces``, the dice ``held`` (one flag a die; by default none), in one message to the browser."""
        with self.hold_sync():
            self.faces = list(faces)
            self.held = list(held)

    @traitlets.validate("held")
    def _one_flag_a_die(self, proposal) -> list[bool]:
        """One true-or-false a die: a flag sent for a die that is not there is dropped, a die without one (or with
        anything but true, false, 1 or 0) is not held."""
        sent = proposal["value"]
        return [sent[i] in (True, 1) and isinstance(sent[i], bool | int) for i in range(min(len(sent), len(self.faces)))
                ] + [False] * (len(self.faces) - len(sent))

    def kept(self) -> tuple[int, ...]:
        """The faces of the dice held, in order."""
        return tuple(sorted(face for face, held in zip(self.faces, self.held, strict=True) if held))

