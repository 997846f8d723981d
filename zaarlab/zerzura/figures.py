"""Plotly figures for Zerzura: the point scales, a score sheet, the table; pure functions of the data and state."""

from __future__ import annotations

import plotly.graph_objects as go

from ..tabletop import canvas, label, pile
from ..tabletop import card as card_shape
from ..theme import SHADES, TEMPLATE, Figure
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
    fig = Figure(layout=dict(template=TEMPLATE))
    for obj in card_set.objects:
        qs = list(range(up_to + 1))
        sources = [card_set.sources[obj][min(q, len(card_set.sources[obj]) - 1)] for q in qs]
        fig.add_trace(go.Scatter(
            x=qs, y=[card_set.vp(obj, q) for q in qs], name=obj, mode="lines+markers",
            line=dict(color=SHADES.get(card_set.colours[obj], card_set.colours[obj]), shape="hv"), customdata=sources,
            marker=dict(symbol=[MARKERS[s] for s in sources], size=9),
            hovertemplate=f"{card_set.names[obj]}: Quantity %{{x}}, %{{y}} VP (%{{customdata}})<extra></extra>"))
    for obj, q in (highlight or {}).items():
        fig.add_trace(go.Scatter(x=[q], y=[card_set.vp(obj, q)], mode="markers", showlegend=False,
                                 marker=dict(size=18, color="rgba(0,0,0,0)", line=dict(width=3, color="black")),
                                 hovertemplate=f"your {obj}: Quantity %{{x}}, %{{y}} VP<extra></extra>"))
    fig.update_layout(title=dict(text="Victory points by Quantity<br><sup>filled: rulebook · diamond: reviews · "
                                      "open: reconstructed</sup>"),  # two short lines: a tablet shows them whole
                      xaxis=dict(title="Quantity", dtick=1), yaxis=dict(title="victory points"), height=400,
                      margin=dict(l=50, r=20, t=70, b=40))
    return fig


def sheet_figure(sheet: ScoreSheet, card_set: CardSet | None = None) -> go.Figure:
    """The score sheet as a sheet: a row per Object (held, counted after the Guards, victory points), a row per
    Character bonus and Command tile, each Guard's use, and the total.

    >>> from .scoring import score
    >>> fig = sheet_figure(score(["lamp_3", "lamp_2", "guard_plus_1"]))
    >>> fig.data[0].cells.values[0][-1], fig.data[0].cells.values[3][-1]
    ('<b>total</b>', '<b>9</b>')
    """
    card_set = card_set or load_cards()
    rows = [(card_set.names[line.object], str(line.quantity), str(line.counted), str(line.vp)) for line in sheet.lines]
    rows += [(card_set[c].name, "", "", str(vp)) for c, vp in sheet.bonuses]
    rows += [(f"Command tile: {card_set.tiles[t].name}", "", "", str(vp)) for t, vp in sheet.tiles]
    rows += [(f"{card_set[g].name}: {('on ' + card_set.names[obj]) if obj else 'left unused'}", "", "", "")
             for g, obj in sheet.guards]
    rows.append(("<b>total</b>", "", "", f"<b>{sheet.total}</b>"))
    fills = [_pale(card_set.colours[line.object]) for line in sheet.lines] + ["white"] * (len(rows) - len(sheet.lines))
    fig = Figure(go.Table(
        header=dict(values=["", "held", "counted", "VP"], align=["left", "right"], fill_color="#EDE6D8",
                    font=dict(size=14)),
        cells=dict(values=list(zip(*rows, strict=True)), align=["left", "right"], fill_color=[fills],
                   font=dict(size=14), height=26),
        columnwidth=[3, 1, 1, 1]), layout=dict(template=TEMPLATE))
    fig.update_layout(title=f"Score sheet: {sheet.total} VP", height=90 + 27 * (len(rows) + 1),
                      margin=dict(l=10, r=10, t=50, b=10))
    return fig


SHOWN = 8  # cards of an area drawn before "+ N more"


def table_figure(state: ZerzuraState) -> go.Figure:
    """The table as it lies: the draw deck face down with its count, the Market's cards with their Objects, the
    Command tiles still displayed, and for each player the face-up cards, the stored pile face down, the score so far
    and who holds the Dromedary.

    >>> from .state import ZerzuraGame
    >>> fig = table_figure(ZerzuraGame(players=3).initial_state())
    >>> fig.layout.title.text.startswith("Zerzura"), [a.text for a in fig.layout.annotations][:2]
    (True, ['<b>60</b>', 'draw deck'])
    """
    cards, n = state.game.cards, state.game.players
    fig = canvas(str(state), width=9.2, height=2.6 + 1.9 * n)
    pile(fig, 0, 0.3, len(state.deck), "draw deck")
    label(fig, 1.3, 0.15, "the Market", 12)
    for i, card_id in enumerate(state.market):
        _card(fig, 1.3 + 1.1 * i, 0.3, cards, card_id)
    tiles = [cards.tiles[t].name for t in state.tiles_up]
    label(fig, 6.0, 0.15, "Command tiles (3 VP each)", 12)
    for i, name in enumerate(tiles):
        label(fig, 6.0, 0.5 + 0.32 * i, f"• {name}", 11)
    sheets = state.sheets()
    for p in range(n):
        y = 2.35 + 1.9 * p
        area = state.areas[p]
        owned = ", ".join(cards.tiles[t].name for t in state.tiles_owned[p])
        label(fig, 0, y, f"<b>player {p + 1}</b>: {sheets[p].total} VP so far"
              + (" · holds the Dromedary" if p == state.holder else "") + (f" · tiles: {owned}" if owned else ""), 13)
        pile(fig, 0, y + 0.25, len(state.stored[p]), "stored")
        for i, card_id in enumerate(area[:SHOWN - 1]):
            _card(fig, 1.2 + 1.1 * i, y + 0.25, cards, card_id)
        if len(area) > SHOWN - 1:
            label(fig, 1.2 + 1.1 * (SHOWN - 1), y + 0.9, f"+ {len(area) - SHOWN + 1} more", 12)
    return fig


def _card(fig: go.Figure, x: float, y: float, cards: CardSet, card_id: str) -> None:
    if card_id in cards.characters:
        card_shape(fig, x, y, cards.card_name(card_id), cards.characters[card_id].kind, "#EFE7F5")
        return
    objects = cards.goods[card_id].objects
    colour = cards.colours[objects[0]] if len(set(objects)) == 1 else "white"
    shown = " ".join(f"{o.capitalize()} ×{objects.count(o)}" if objects.count(o) > 1 else o.capitalize()
                     for o in dict.fromkeys(objects))  # short words, so every Object fits on the card
    card_shape(fig, x, y, shown, f"{len(objects)} Object{'s' if len(objects) > 1 else ''}", _pale(colour))


def _pale(colour: str) -> str:
    """A light tint of a named colour, so the card's words stay readable on it."""
    return {"blue": "#DCE9F7", "green": "#DDF1E7", "red": "#F7DCD6", "purple": "#EEDDF2", "orange": "#FBE8CC"}.get(
        colour, "#FFFFFF")
