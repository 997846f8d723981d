"""One look for every figure of zaarlab: a plotly template with one font, readable sizes and a colour-blind-safe
palette (Okabe and Ito's eight colours), and the games' colours named for what they mean.

Every figure function passes ``template=TEMPLATE``; nothing changes plotly's defaults for a user's own plots.
Colour is never the only carrier of meaning: the figures also name what they colour (legends, labels, hovers).

>>> TEMPLATE["layout"]["colorway"][:3]
('#0072B2', '#D55E00', '#009E73')
"""

from __future__ import annotations

import importlib.util
import json

import plotly.graph_objects as go

BLACK, ORANGE, SKY, GREEN, YELLOW, BLUE, VERMILLION, PURPLE = (
    "#000000", "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")
GREY, LIGHT_GREY, WATER = "#8C8C8C", "#D9D9D9", "#D6EAF8"
PALETTE = (BLUE, VERMILLION, GREEN, ORANGE, PURPLE, SKY, YELLOW, BLACK)
"""The qualitative colours, in the order a figure uses them."""

FONT = "Segoe UI, Helvetica Neue, Arial, sans-serif"
TEMPLATE = dict(layout=dict(
    font=dict(family=FONT, size=14, color="#222222"), title=dict(font=dict(size=18)),
    colorway=PALETTE, paper_bgcolor="white", plot_bgcolor="white", hoverlabel=dict(font=dict(size=14)),
    xaxis=dict(gridcolor="#EEEEEE", zerolinecolor="#CCCCCC", automargin=True),
    yaxis=dict(gridcolor="#EEEEEE", zerolinecolor="#CCCCCC", automargin=True),
    legend=dict(font=dict(size=13)),
))
"""The template every zaarlab figure uses, as plotly reads a template: a dict, checked when a figure is made (built
as plotly's object here, it would cost every page a fifth of a second at import, a chart or not)."""

SHADES = {"blue": BLUE, "red": VERMILLION, "green": GREEN, "orange": ORANGE, "purple": PURPLE, "yellow": YELLOW,
          "sky": SKY, "black": BLACK}
"""A colour the games name (a row of the Zerzura board is "red") as its colour-blind-safe shade."""

# what the colours stand for, shared by the games
WIN, LOSS, EVEN, BEST = GREEN, VERMILLION, GREY, BLUE


PLOTLY_MIME = "application/vnd.plotly.v1+json"


def plotly_bundle(figure: go.Figure) -> dict:
    """``figure`` as the mime bundle plotly's front-end draws, with a line of text where none can be drawn. The chart
    follows its box's width when the window changes (a phone turned, a window narrowed), as a page's text does.

    >>> bundle = plotly_bundle(go.Figure(layout=dict(title="odds")))
    >>> sorted(bundle), bundle[PLOTLY_MIME]["config"]
    (['application/vnd.plotly.v1+json', 'text/plain'], {'responsive': True})
    """
    return {PLOTLY_MIME: {**json.loads(figure.to_json()), "config": {"responsive": True}},
            "text/plain": f"<plotly figure: {figure.layout.title.text or 'untitled'}>"}


class Figure(go.Figure):
    """The figure every zaarlab function returns: a plotly figure that shows itself in any notebook. Where plotly's
    own display refuses (it asks for the nbformat package, which the static site's notebooks in Pyodide lack), it
    is shown by its mime bundle, as the dashboards show theirs."""

    def _ipython_display_(self):
        if importlib.util.find_spec("nbformat"):
            return super()._ipython_display_()
        from IPython.display import display

        display(plotly_bundle(self), raw=True)
