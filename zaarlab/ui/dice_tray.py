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

from .assets import asset
from .controls import Guarded


class DiceTray(Guarded, anywidget.AnyWidget):
    """A row of six-sided dice (``faces``), each a button that toggles whether it is ``held``: all a page may change
    (:class:`zaarlab.ui.controls.Guarded`)."""

    _from_page = ("held",)
    _esm = asset("die_face.js", "dice_tray.js")
    _css = asset("dice_tray.css")
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

