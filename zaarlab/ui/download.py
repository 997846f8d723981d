"""A file handed to the page to save: a saved game downloads with one click, in Voila, JupyterLab and the static site.

The kernel sets the file (its name and text); the page turns it into a download at once. A page can change nothing
here (:class:`zaarlab.ui.controls.Guarded`).

>>> saver = Download()
>>> saver.offer("zerzura-deal-4.json", "{}")
>>> saver.file["name"], saver.file["n"]
('zerzura-deal-4.json', 1)
"""

from __future__ import annotations

import anywidget
import traitlets

from .assets import asset
from .controls import Guarded


class Download(Guarded, anywidget.AnyWidget):
    """Invisible; each :meth:`offer` makes the browser save a file."""

    _esm = asset("download.js")
    file = traitlets.Dict().tag(sync=True)

    def offer(self, name: str, text: str, kind: str = "application/json") -> None:
        """Have the page save ``text`` as a file called ``name``, of the media type ``kind``."""
        self.file = {"name": name, "text": text, "type": kind, "n": self.file.get("n", 0) + 1}
