"""One look for every figure of zaarlab: a plotly template with one font, readable sizes and a colour-blind-safe
palette (Okabe and Ito's eight colours), and the games' colours named for what they mean.

Every figure function passes ``template=TEMPLATE``; nothing changes plotly's defaults for a user's own plots.
Colour is never the only carrier of meaning: the figures also name what they colour (legends, labels, hovers).

>>> TEMPLATE.layout.colorway[:3]
('#0072B2', '#D55E00', '#009E73')
"""

from __future__ import annotations

import plotly.graph_objects as go

BLACK, ORANGE, SKY, GREEN, YELLOW, BLUE, VERMILLION, PURPLE = (
    "#000000", "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")
GREY, LIGHT_GREY, WATER = "#8C8C8C", "#D9D9D9", "#D6EAF8"
PALETTE = (BLUE, VERMILLION, GREEN, ORANGE, PURPLE, SKY, YELLOW, BLACK)
"""The qualitative colours, in the order a figure uses them."""

FONT = "Segoe UI, Helvetica Neue, Arial, sans-serif"
TEMPLATE = go.layout.Template(layout=dict(
    font=dict(family=FONT, size=14, color="#222222"), title=dict(font=dict(size=18)),
    colorway=PALETTE, paper_bgcolor="white", plot_bgcolor="white", hoverlabel=dict(font=dict(size=14)),
    xaxis=dict(gridcolor="#EEEEEE", zerolinecolor="#CCCCCC", automargin=True),
    yaxis=dict(gridcolor="#EEEEEE", zerolinecolor="#CCCCCC", automargin=True),
    legend=dict(font=dict(size=13)),
))
"""The template every zaarlab figure uses."""

# what the colours stand for, shared by the games
WIN, LOSS, EVEN, BEST = GREEN, VERMILLION, GREY, BLUE
