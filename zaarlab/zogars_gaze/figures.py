"""Plotly figures for Zogar's Gaze: combat odds, deck odds, the table; pure functions of exact data."""

from __future__ import annotations

from fractions import Fraction

import plotly.graph_objects as go

from .. import theme
from ..core.api import replace
from ..core.readable import exact_text
from ..tabletop import canvas, die, label, pile
from ..tabletop import card as card_shape
from ..theme import TEMPLATE, Figure
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
    probs = [kinds.p(k) for k in names]
    fig = Figure(layout=dict(template=TEMPLATE), data=go.Bar(
        x=names, y=[float(p) for p in probs], customdata=[exact_text(p) for p in probs],
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


KIND_COLOURS = {"gaze": "#E6D3E0", "monster": "#F6D5C2", "thieves": "#F6D5C2", "treasure": "#FBF3C4",
                "artifact": "#F8E2B8", "weapon": "#D3E8F6", "market": "white"}  # each card also names its kind
SHOWN = 8  # cards of a hand drawn before "+ N more"


def table_figure(state: ZogarState) -> go.Figure:
    """The table as it lies: the dungeon deck face down with its count (and the cards under the cut), the cards
    turned this turn, the enemy faced and the dice showing (the ones held outlined), the market deck and its face-up
    cards, the Gazes revealed, and each player's cards (the whole hand, as the engine sees it).

    >>> from .state import ZogarGame
    >>> fig = table_figure(ZogarGame(players=2).initial_state())
    >>> fig.layout.title.text.endswith("0 Gazes revealed"), [a.text for a in fig.layout.annotations][:2]
    (True, ['<b>126</b>', 'dungeon'])
    """
    cards, n = state.game.cards, state.game.players
    fig = canvas(str(state), width=9.2, height=4.5 + 1.8 * n)
    pile(fig, 0, 0.2, len(state.dungeon), "dungeon")
    label(fig, 0, 1.85, f"{state.drawable} under the cut" if state.drawable else "", 11)
    label(fig, 1.3, 0.1, "found this turn" if state.found else "", 11)
    for i, card_id in enumerate(state.found[:4]):
        _card(fig, 1.3 + 1.1 * i, 0.2, cards[card_id])
    if state.enemy:
        label(fig, 5.8, 0.1, "faced", 11)
        _card(fig, 5.8, 0.2, cards[state.enemy])
    if state.dice:
        label(fig, 7.0, 0.1, f"the dice, roll {state.rolls} of {state.rolls_allowed} (held: outlined)", 11)
    kept = list(state.kept)
    for i, face in enumerate(state.dice):
        held = face in kept
        if held:
            kept.remove(face)
        die(fig, 7.0 + 0.7 * (i % 3), 0.3 + 0.7 * (i // 3), face, held)
    pile(fig, 0, 2.3, len(state.market_deck), "market")
    label(fig, 1.3, 2.2, "market", 11)
    for i, card_id in enumerate(state.market_up):
        _card(fig, 1.3 + 1.1 * i, 2.3, cards[card_id])
    label(fig, 4.0, 3.0, f"Zogar's Gazes revealed: {len(state.gazes)} of 7", 13)
    for p in range(n):
        y = 4.3 + 1.8 * p
        hand = state.owned(p)
        label(fig, 0, y - 0.15, f"<b>player {p + 1}</b>: {len(hand)} card{'s' if len(hand) != 1 else ''}"
              + (f", trapped by {cards[state.traps[p]].name}" if state.traps and state.traps[p] else ""), 13)
        for i, card_id in enumerate(hand[:SHOWN]):
            _card(fig, 1.1 * i, y + 0.1, cards[card_id])
        if len(hand) > SHOWN:
            label(fig, 1.1 * SHOWN, y + 0.8, f"+ {len(hand) - SHOWN} more", 12)
    return fig


def _card(fig: go.Figure, x: float, y: float, card) -> None:
    if card.kind == "market":
        what = "item"
    elif card.requirement:
        what = f"{card.kind}: {card.requirement}"
    else:
        what = f"{card.kind.replace('_', ' ')}, level {card.level}"
    card_shape(fig, x, y, card.name, what, KIND_COLOURS.get(card.kind, "#EEEEEE"))
