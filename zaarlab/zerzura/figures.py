"""Plotly figures for Zerzura: the point scales, a score sheet, the table; pure functions of the data and state."""

from __future__ import annotations

import plotly.graph_objects as go

from .cards import CardSet, load_cards
from .scoring import ScoreSheet
from .state import ZerzuraState

MARKERS = {"rulebook": "circle", "public": "diamond", "reconstructed": "circle-open"}


def scales_figure(card_set: CardSet | None = None, highlight: dict | None = None, up_to: int = 10) -> go.Figure:
    """The five non-monotone scales: victory points by Quantity, each cell marked by its source.

    Filled circles are printed in the rulebook, diamonds come from reviews, open circles are reconstructions
    (GAP-R01). ``highlight`` (object -> Quantity) rings the cells of a collection.

    >>> fig = scales_figure()
    >>> [t.name for t in fig.data][:2], list(fig.data[4].y)[:7]
    (['turban', 'zither'], [0, 7, 5, 5, 1, 1, 9])
    """
    card_set = card_set or load_cards()
    fig = go.Figure()
    for obj in card_set.objects:
        qs = list(range(up_to + 1))
        sources = [card_set.sources[obj][min(q, len(card_set.sources[obj]) - 1)] for q in qs]
        fig.add_trace(go.Scatter(
            x=qs, y=[card_set.vp(obj, q) for q in qs], name=obj, mode="lines+markers",
            line=dict(color=card_set.colours[obj], shape="hv"), customdata=sources,
            marker=dict(symbol=[MARKERS[s] for s in sources], size=9),
            hovertemplate=f"{card_set.names[obj]}: %{{x}} -> %{{y}} VP (%{{customdata}})<extra></extra>"))
    for obj, q in (highlight or {}).items():
        fig.add_trace(go.Scatter(x=[q], y=[card_set.vp(obj, q)], mode="markers", showlegend=False,
                                 marker=dict(size=18, color="rgba(0,0,0,0)", line=dict(width=3, color="black")),
                                 hovertemplate=f"your {obj}: %{{x}} -> %{{y}} VP<extra></extra>"))
    fig.update_layout(title="Victory points by Quantity (filled: rulebook, diamond: reviews, open: reconstructed)",
                      xaxis=dict(title="Quantity", dtick=1), yaxis=dict(title="victory points"), height=380,
                      margin=dict(l=50, r=20, t=50, b=40))
    return fig


def sheet_figure(sheet: ScoreSheet, card_set: CardSet | None = None) -> go.Figure:
    """A score sheet as bars: each Object's points, each bonus and tile, and the total.

    >>> from .scoring import score
    >>> fig = sheet_figure(score(["lamp_3", "lamp_2", "guard_plus_1"]))
    >>> list(fig.data[0].x)[-1], list(fig.data[0].y)[-1]
    ('total', 9)
    """
    card_set = card_set or load_cards()
    names = [line.object for line in sheet.lines] + [card_set[c].name for c, _ in sheet.bonuses]
    names += [f"tile {t}" for t, _ in sheet.tiles] + ["total"]
    values = [line.vp for line in sheet.lines] + [vp for _, vp in sheet.bonuses] + [vp for _, vp in sheet.tiles]
    colours = [card_set.colours[line.object] for line in sheet.lines] + ["#777777"] * (len(values) - 5) + ["black"]
    fig = go.Figure(go.Bar(x=names, y=values + [sheet.total], marker_color=colours, text=values + [sheet.total]))
    fig.update_layout(title=f"Score sheet: {sheet.total} VP", yaxis=dict(title="victory points"), height=320,
                      margin=dict(l=50, r=20, t=50, b=80))
    return fig


def table_figure(state: ZerzuraState) -> go.Figure:
    """Each player's score as it stands (face-up and stored cards, tiles): Objects, characters, tiles.

    >>> from .state import ZerzuraGame
    >>> table_figure(ZerzuraGame(players=3).initial_state()).layout.title.text.startswith("Zerzura")
    True
    """
    sheets = state.sheets()
    players = [f"player {p + 1}" for p in range(state.game.players)]
    fig = go.Figure()
    for label, part in (("Objects", lambda s: s.objects_vp), ("characters", lambda s: sum(v for _, v in s.bonuses)),
                        ("tiles", lambda s: sum(v for _, v in s.tiles))):
        fig.add_trace(go.Bar(x=players, y=[part(s) for s in sheets], name=label))
    fig.update_layout(title=str(state), barmode="relative", yaxis=dict(title="victory points"), height=320,
                      margin=dict(l=50, r=20, t=50, b=40))
    return fig
