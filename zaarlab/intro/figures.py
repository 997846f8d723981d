"""Plotly figures for the first lesson; pure functions of exact data."""

from __future__ import annotations

import plotly.graph_objects as go

from ..core.dist import Dist
from ..core.readable import exact_text
from ..ui.theme import BLUE, LIGHT_GREY, TEMPLATE, Figure

HIGHLIGHT, PLAIN = BLUE, LIGHT_GREY  # the totals that count are also hatched: not colour alone


def sum_figure(dist: Dist, title: str, at_least: int | None = None) -> go.Figure:
    """A bar per total, its exact probability (and percent) on hover; totals >= ``at_least`` highlighted.

    >>> from zaarlab.core.dice import sum_dist
    >>> fig = sum_figure(sum_dist(2, 6), "2d6", at_least=11)
    >>> fig.data[0].customdata[-1], fig.data[0].marker.color[-2:], fig.data[0].marker.pattern.shape[-3:]
    ('1/36 ≈ 2.78%', ('#0072B2', '#0072B2'), ('', '/', '/'))
    """
    probs = dist.fractions()  # the same strings as sympy's, with nothing to import
    colours = [HIGHLIGHT if at_least is not None and total >= at_least else PLAIN for total in probs]
    bar = go.Bar(
        x=list(probs),
        y=[float(p) for p in probs.values()],
        customdata=[exact_text(p) for p in probs.values()],
        marker=dict(color=colours, pattern=dict(shape=["/" if c == HIGHLIGHT else "" for c in colours])),
        hovertemplate="sum %{x}: %{customdata}<extra></extra>",
    )
    fig = Figure(bar, layout=dict(template=TEMPLATE))
    fig.update_layout(title=title, xaxis_title="sum", yaxis_title="probability", bargap=0.1,
                      height=340, margin=dict(l=50, r=20, t=50, b=40))
    return fig
