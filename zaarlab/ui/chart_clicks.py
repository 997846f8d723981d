"""Clicks on a chart, told to the kernel: click a free cell of the mansion's map to choose it; and the chart's width.

A chart drawn in an output widget is plain plotly in the page; plotly reports a click on one of its points in the
page only. :class:`ChartClicks` is an invisible widget that listens there, on the chart inside the output widget
that carries its CSS class, and sends the clicked point's ``customdata`` to the kernel. The kernel decides what a
click means and checks it: a tampered page can send anything here. It also tells the width the page gives the
output, so that a map is drawn about as tall as it is wide (plotly's renderers in Voila and JupyterLab draw a chart
of no height 360 px tall, and a map drawn 640 px tall on a phone's 336 px had empty bands above and below it).

>>> clicks = ChartClicks()
>>> output = widgets.Output()
>>> clicks.watch(output) == clicks.target and clicks.target in output._dom_classes
True
>>> seen = []
>>> clicks.on_click(seen.append)
>>> clicks.clicked = {"value": 7, "n": 1}
>>> seen
[7]
>>> clicks.fitted_height(640, besides=100), clicks.set_state({"width": 336}), clicks.fitted_height(640, besides=100)
(640, None, 436)
"""

from __future__ import annotations

from collections.abc import Callable
from uuid import uuid4

import anywidget
import ipywidgets as widgets
import traitlets

from .assets import asset
from .controls import Guarded

NARROWEST, WIDEST = 120, 4000  # px: the widths a page may report for a chart (a phone's to a wall's)


class ChartClicks(Guarded, anywidget.AnyWidget):
    """Invisible; ``clicked`` is ``{"value": <the point's customdata>, "n": <a count>}`` after each click, ``width``
    the charts' output's width: all a page may change (:class:`zaarlab.ui.controls.Guarded`)."""

    _from_page = ("clicked", "width")
    _esm = asset("chart_clicks.js")
    target = traitlets.Unicode().tag(sync=True)
    clicked = traitlets.Dict().tag(sync=True)
    width = traitlets.Int(0).tag(sync=True)  # px the page gives the charts' output (0: not told yet)

    @traitlets.validate("width")
    def _a_screens_width(self, proposal) -> int:
        if not (proposal.value == 0 or NARROWEST <= proposal.value <= WIDEST):  # a page may send anything
            raise traitlets.TraitError(f"a chart's width is {NARROWEST} to {WIDEST} px")
        return proposal.value

    def __init__(self, **kwargs):
        super().__init__(target=f"zaarlab-clicks-{uuid4().hex[:12]}", **kwargs)

    def watch(self, output: widgets.Output) -> str:
        """Listen to the charts shown in ``output`` (it gets this widget's CSS class); returns the class."""
        output.add_class(self.target)
        return self.target

    def fitted_height(self, tallest: int, besides: int) -> int:
        """A square chart's height for the width the page gives it: as wide, and ``besides`` px more for its title
        and legend; ``tallest`` before the page has said (and at most)."""
        return min(tallest, self.width + besides) if self.width else tallest

    def on_resize(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when the page gives the charts another width (a window resized, a phone turned)."""
        self.observe(lambda change: callback(), names="width")

    def on_click(self, callback: Callable[[object], None]) -> None:
        """Call ``callback`` with the clicked point's ``customdata`` (as a page sent it: check it before use)."""
        self.observe(lambda change: callback(change.new.get("value")), names="clicked")
