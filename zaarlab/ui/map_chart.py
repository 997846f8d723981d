"""A map a student clicks: a plotly figure drawn in the page and redrawn in place when the kernel sends another, each
click on one of its points told to the kernel, and the width the page gives it.

A chart shown in an output widget is drawn anew at every change: the old chart's elements thrown away and every
trace laid out again, about 0.3 s a click on a table's map in Chromium. :class:`MapChart` draws with plotly.js's
``Plotly.react``, which keeps the chart and redraws what differs. The page loads plotly.js once: its own where it
has one, else the copy this widget carries (the plotly package's, the version the rest of the page draws with).
The kernel decides what a click means and checks it: a tampered page can send anything here. The width lets a map
be drawn about as tall as it is wide (a map drawn 640 px tall on a phone's 336 px had empty bands above and below).

>>> chart = MapChart()
>>> chart.show(go.Figure(go.Scatter(x=[0], y=[0], customdata=[7])))
>>> chart.figure["data"][0]["customdata"], chart.figure["config"], chart.figure["shows"]
([7], {'displayModeBar': False, 'responsive': True}, {})
>>> seen = []
>>> chart.on_click(seen.append)
>>> chart.clicked = {"value": 7, "n": 1}
>>> seen
[7]
>>> chart.fitted_height(640, besides=100), chart.set_state({"width": 336}), chart.fitted_height(640, besides=100)
(640, None, 436)
>>> chart.show({"data": [{"type": "bar", "y": [2]}], "layout": {}}); chart.figure["data"]
[{'type': 'bar', 'y': [2]}]
>>> chart.show(None); chart.figure
{}
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib.resources import files

import anywidget
import ipywidgets as widgets
import plotly.graph_objects as go
import traitlets

from .assets import asset
from .controls import Guarded
from .theme import PLOTLY_MIME, plotly_bundle

NARROWEST, WIDEST = 120, 4000  # px: the widths a page may report for a chart (a phone's to a wall's)
CONFIG = {"displayModeBar": False, "responsive": True}  # a board, not a chart to zoom: no tool bar over it


@cache
def plotly_js() -> str:
    """plotly.js as the plotly package ships it (read once, when the first map is made)."""
    return files("plotly").joinpath("package_data", "plotly.min.js").read_text(encoding="utf-8")


class MapChart(Guarded, anywidget.AnyWidget):
    """A figure (``figure``: plotly's JSON, ``{}`` for none); ``clicked`` is ``{"value": <the point's customdata>,
    "n": <a count>}`` after each click, ``width`` the page's width for it: all a page may change
    (:class:`zaarlab.ui.controls.Guarded`)."""

    _from_page = ("clicked", "width")
    _esm = asset("map_chart.js")
    _plotly = traitlets.Unicode().tag(sync=True)
    figure = traitlets.Dict().tag(sync=True)
    clicked = traitlets.Dict().tag(sync=True)
    width = traitlets.Int(0).tag(sync=True)  # px the page gives the chart (0: not told yet)

    @traitlets.validate("width")
    def _a_screens_width(self, proposal) -> int:
        if not (proposal.value == 0 or NARROWEST <= proposal.value <= WIDEST):  # a page may send anything
            raise traitlets.TraitError(f"a chart's width is {NARROWEST} to {WIDEST} px")
        return proposal.value

    def __init__(self, widest: int = 640, **kwargs):
        """``widest``: the map's width in px where the page has room (else the page's width)."""
        layout = widgets.Layout(width=f"{widest}px", max_width="100%")
        super().__init__(_plotly=plotly_js(), layout=layout, **kwargs)
        self.add_class("zaarlab-map")

    def show(self, figure: go.Figure | dict | None, shows: dict | None = None) -> None:
        """Draw ``figure``: a plotly figure, or one as plain data (``data`` and ``layout``, as plotly's JSON has them:
        no figure built and checked at every click); ``None``: nothing. The page redraws what differs from the
        figure it shows. ``shows``: what the figure shows, in a few words a page's test waits for (the chart's
        ``data-shows``, once drawn): kept out of the layout, where each change would redraw the whole chart."""
        if isinstance(figure, go.Figure):
            figure = plotly_bundle(figure)[PLOTLY_MIME]
        self.figure = {"data": figure["data"], "layout": figure["layout"], "config": CONFIG,
                       "shows": shows or {}} if figure else {}

    def fitted_height(self, tallest: int, besides: int) -> int:
        """A square chart's height for the width the page gives it: as wide, and ``besides`` px more for its title
        and legend; ``tallest`` before the page has said (and at most)."""
        return min(tallest, self.width + besides) if self.width else tallest

    def on_resize(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when the page gives the chart another width (a window resized, a phone turned)."""
        self.observe(lambda change: callback(), names="width")

    def on_click(self, callback: Callable[[object], None]) -> None:
        """Call ``callback`` with the clicked point's ``customdata`` (as a page sent it: check it before use)."""
        self.observe(lambda change: callback(change.new.get("value")), names="clicked")
