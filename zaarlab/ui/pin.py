"""A pin: keeps the widget placed after it in a box in view while the box is (a table's heading, what to do, the
result and the last refusal stay on screen as a student scrolls to the board).

>>> import ipywidgets as widgets
>>> box = widgets.VBox([Pin(), widgets.HTML("Player 1, your turn"), widgets.HTML("the board")])
>>> "position: fixed" in Pin._css, Pin._from_page   # over the screen's top, and nothing a page may change
(True, ())
"""

from __future__ import annotations

import anywidget

from .assets import asset
from .controls import Guarded


class Pin(Guarded, anywidget.AnyWidget):
    """Placed just before the widget to keep in view; a page may change nothing of it."""

    _esm = asset("pin.js")
    _css = asset("pin.css")
