"""Plotly figures for Zogar's Gaze: combat odds and deck odds; pure functions of exact data."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import plotly.graph_objects as go

from ..core.api import replace
from ..core.readable import exact_text
from ..ui import theme
from ..ui.theme import TEMPLATE, Figure
from .deck import next_card_dist, p_seventh_gaze_within, p_survive
from .odds import ROLLS, p_win, parse
from .state import ZogarState

OPTIMAL, SIMPLE = "#1f77b4", "#ff7f0e"
SAFE, DANGER = theme.WIN, theme.LOSS
DANGEROUS = {"gaze", "monster", "thieves", "pit_trap", "darkness", "mimic", "consuming_fear", "overconfident"}


def policies_figure(requirement: str) -> go.Figure:
    """P(win) with 1, 2 and 3 rolls, optimal holds against simple holds; exact fractions on hover.

    >>> fig = policies_figure("3x5")
    >>> [trace.name for trace in fig.data], fig.data[0].customdata[-1]
    (['optimal holds', 'simple holds'], '726829127/1632586752 ≈ 44.52%')
    """
    fig = Figure(layout=dict(template=TEMPLATE))
    rolls = list(range(1, ROLLS + 1))
    for policy, name, colour in (("optimal", "optimal holds", OPTIMAL), ("simple", "simple holds", SIMPLE)):
        probs = [p_win(requirement, r, policy, number=Fraction) for r in rolls]
        fig.add_trace(go.Bar(x=rolls, y=[float(p) for p in probs], customdata=[exact_text(p) for p in probs], name=name,
                             marker_color=colour, hovertemplate="%{x} roll(s): %{customdata}<extra></extra>"))
    fig.update_layout(title=f"The chance to beat {parse(requirement).words()}",
                      xaxis=dict(title="rolls allowed", dtick=1),
                      yaxis=dict(title="probability", range=[0, 1]), barmode="group", height=340,
                      margin=dict(l=50, r=20, t=50, b=40))
    return fig


def next_card_figure(state: ZogarState) -> go.Figure:
    """What the next dungeon card may be, by kind, with the exact chance on hover.

    >>> from .state import ZogarGame
    >>> fig = next_card_figure(ZogarGame(players=2).initial_state())
    >>> dict(zip(fig.data[0].x, fig.data[0].customdata))["gaze"]
    '1/14 ≈ 7.14%'
    """
    kinds = next_card_dist(state)
    names = sorted(kinds.outcomes, key=lambda k: (-kinds.weight(k), k))
    probs = [kinds.fraction(k) for k in names]  # no sympy: the static site's exercises page draws it without
    fig = Figure(layout=dict(template=TEMPLATE), data=go.Bar(
        x=[k.replace("_", " ") for k in names], y=[float(p) for p in probs],  # "pit trap", as the players say it
        customdata=[exact_text(p) for p in probs],
        marker=dict(color=[DANGER if k in DANGEROUS else SAFE for k in names],
                    pattern=dict(shape=["x" if k in DANGEROUS else "" for k in names])),  # not colour alone
        hovertemplate="%{x}: %{customdata}<extra></extra>"))
    fig.update_layout(title=f"The next card ({len(state.dungeon)} unseen)", yaxis=dict(title="probability"),
                      height=320, margin=dict(l=50, r=20, t=50, b=80))
    return fig


def survival_figure(state: ZogarState, flips: int = 6) -> go.Figure:
    """P(alive after 1..``flips`` more flips) with the cards carried, and P(the seventh Gaze in that many cards).

    >>> from .state import ZogarGame
    >>> fig = survival_figure(ZogarGame(players=2).initial_state(), flips=3)
    >>> [t.name for t in fig.data], list(fig.data[0].x)
    (['alive', 'the seventh Gaze comes'], [1, 2, 3])
    """
    xs = list(range(1, flips + 1))
    alive = [p_survive(replace(state, drawable=max(state.drawable, flips)), k) for k in xs]
    gaze = [p_seventh_gaze_within(state, k) for k in xs]
    fig = Figure(layout=dict(template=TEMPLATE))
    for name, probs, colour in (("alive", alive, SAFE), ("the seventh Gaze comes", gaze, DANGER)):
        fig.add_trace(go.Scatter(x=xs, y=[float(p) for p in probs], customdata=[exact_text(p) for p in probs],
                                 name=name, mode="lines+markers", line_color=colour,
                                 hovertemplate="%{x} flip(s): %{customdata}<extra></extra>"))
    fig.update_layout(title="Pressing your luck", xaxis=dict(title="more cards turned", dtick=1),
                      yaxis=dict(title="probability", range=[0, 1]), height=320, margin=dict(l=50, r=20, t=50, b=40))
    return fig


def two_cards_figure(kind: str, plural: str, of_kind: int, unseen: int) -> go.Figure:
    """Two cards turned one after the other from ``unseen`` cards, ``of_kind`` of them a ``kind``: each card's bar, the
    share of a ``kind`` and of any other card, the second's after a ``kind`` came first (one fewer of them, one card
    fewer in all); the product of the two shares of ``kind`` in the title.

    >>> fig = two_cards_figure("monster", "monsters", 3, 10)
    >>> [list(trace.customdata) for trace in fig.data][0], fig.layout.title.text
    (['3/10 ≈ 30.00%', '2/9 ≈ 22.22%'], 'Both monsters: 3/10 × 2/9 = 1/15 ≈ 6.67%')
    """
    first, second = Fraction(of_kind, unseen), Fraction(of_kind - 1, unseen - 1)
    cards = ["the first card", f"the second, a {kind} turned first"]
    fig = Figure(layout=dict(template=TEMPLATE))
    for name, shares, colour in ((f"a {kind}", (first, second), theme.BLUE),
                                 ("any other card", (1 - first, 1 - second), theme.LIGHT_GREY)):
        fig.add_trace(go.Bar(x=cards, y=[float(s) for s in shares], customdata=[exact_text(s) for s in shares],
                             name=name, marker_color=colour, hovertemplate="%{x}: %{customdata}<extra></extra>"))
    fig.update_layout(barmode="stack", height=340, yaxis=dict(title="share of the cards unseen"),
                      title=f"Both {plural}: {first} × {second} = {exact_text(first * second)}",
                      margin=dict(l=50, r=20, t=50, b=60), legend=dict(orientation="h", y=-0.15))
    return fig


def gazes_among_figure(unseen: int, gazes: int, cards: int, needed: int) -> go.Figure:
    """How many of the ``gazes`` Gaze cards among ``unseen`` cards the next ``cards`` turned hold, each count's exact
    chance (counted over the sets of cards: which Gazes, which others); the counts of ``needed`` or more, the seventh
    Gaze coming, marked apart.

    >>> fig = gazes_among_figure(10, 3, 2, 1)
    >>> list(fig.data[0].x), list(fig.data[1].customdata), fig.layout.title.text
    ([0], ['7/15 ≈ 46.67%', '1/15 ≈ 6.67%'], 'The seventh Gaze comes: 8/15 ≈ 53.33%')
    """
    chances = {k: Fraction(comb(gazes, k) * comb(unseen - gazes, cards - k), comb(unseen, cards))
               for k in range(min(gazes, cards) + 1)}
    fig = Figure(layout=dict(template=TEMPLATE))
    for name, counts, colour, pattern in (("fewer: the game goes on", [k for k in chances if k < needed], SAFE, ""),
                                          ("enough: the seventh Gaze comes", [k for k in chances if k >= needed],
                                           DANGER, "x")):
        fig.add_trace(go.Bar(x=counts, y=[float(chances[k]) for k in counts], name=name,
                             customdata=[exact_text(chances[k]) for k in counts], marker=dict(
                                 color=colour, pattern=dict(shape=pattern)),
                             hovertemplate="%{x} Gazes: %{customdata}<extra></extra>"))
    fig.update_layout(height=340, xaxis=dict(title=f"Gazes among the next {cards} cards", dtick=1),
                      yaxis=dict(title="probability"), margin=dict(l=50, r=20, t=50, b=60),
                      title=f"The seventh Gaze comes: {exact_text(sum(chances[k] for k in chances if k >= needed))}",
                      legend=dict(orientation="h", y=-0.25))
    return fig
