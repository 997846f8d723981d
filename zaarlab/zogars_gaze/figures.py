"""Plotly figures for Zogar's Gaze combat odds; pure functions of exact data."""

from __future__ import annotations

import plotly.graph_objects as go

from .odds import ROLLS, p_win

OPTIMAL, SIMPLE = "#1f77b4", "#ff7f0e"


def policies_figure(requirement: str) -> go.Figure:
    """P(win) with 1, 2 and 3 rolls, optimal holds against simple holds; exact fractions on hover.

    >>> fig = policies_figure("3x5")
    >>> [trace.name for trace in fig.data], fig.data[0].customdata[-1]
    (['optimal holds', 'simple holds'], '726829127/1632586752')
    """
    fig = go.Figure()
    rolls = list(range(1, ROLLS + 1))
    for policy, name, colour in (("optimal", "optimal holds", OPTIMAL), ("simple", "simple holds", SIMPLE)):
        probs = [p_win(requirement, r, policy) for r in rolls]
        fig.add_trace(go.Bar(x=rolls, y=[float(p) for p in probs], customdata=[str(p) for p in probs], name=name,
                             marker_color=colour, hovertemplate="%{x} roll(s): %{customdata}<extra></extra>"))
    fig.update_layout(title=f"P(beat {requirement})", xaxis=dict(title="rolls allowed", dtick=1),
                      yaxis=dict(title="probability", range=[0, 1]), barmode="group", height=340,
                      margin=dict(l=50, r=20, t=50, b=40))
    return fig
