"""Clicks on a chart, told to the kernel: click a free cell of the mansion's map to choose it.

A chart drawn in an output widget is plain plotly in the page; plotly reports a click on one of its points in the
page only. :class:`ChartClicks` is an invisible widget that listens there, on the chart inside the output widget
that carries its CSS class, and sends the clicked point's ``customdata`` to the kernel. The kernel decides what a
click means and checks it: a tampered page can send anything here.

>>> clicks = ChartClicks()
>>> output = widgets.Output()
>>> clicks.watch(output) == clicks.target and clicks.target in output._dom_classes
True
>>> seen = []
>>> clicks.on_click(seen.append)
>>> clicks.clicked = {"value": 7, "n": 1}
>>> seen
[7]
"""

from __future__ import annotations

from collections.abc import Callable
from uuid import uuid4

import anywidget
import ipywidgets as widgets
import traitlets

from .assets import asset
from .controls import Guarded


class ChartClicks(Guarded, anywidget.AnyWidget):
    """Invisible; ``clicked`` is ``{"value": <the point's customdata>, "n": <a count>}`` after each click: all a page
    may change (:class:`zaarlab.ui.controls.Guarded`)."""

    _from_page = ("clicked",)
    _esm = asset("chart_clicks.js")
    target = traitlets.Unicode().tag(sync=True)
    clicked = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(target=f"zaarlab-clicks-{uuid4().hex[:12]}", **kwargs)

    def watch(self, output: widgets.Output) -> str:
        """Listen to the charts shown in ``output`` (it gets this widget's CSS class); returns the class."""
        output.add_class(self.target)
        return self.target

    def on_click(self, callback: Callable[[object], None]) -> None:
        """Call ``callback`` with the clicked point's ``customdata`` (as a page sent it: check it before use)."""
        self.observe(lambda change: callback(change.new.get("value")), names="clicked")
