"""Zerzura drawn: the point scales and the table (plotly figures), a score sheet (an HTML table); pure functions of
the data and state."""

from __future__ import annotations

import html

import plotly.graph_objects as go

from ..ui.tabletop import canvas, label, pile
from ..ui.tabletop import card as card_shape
from ..ui.theme import SHADES, TEMPLATE, Figure
from .cards import CardSet, load_cards
from .scoring import ScoreSheet
from .state import ZerzuraState

MARKERS = {"rulebook": "circle", "public": "diamond", "reconstructed": "circle-open"}


def leads_figure(scores: list[tuple[str, int, int]]) -> go.Figure:
    """Your score and another player's side by side, at each moment of ``scores`` ((label, yours, theirs): now,
    after a move...), with the lead between them: what a move does to both.

    >>> fig = leads_figure([("now", 7, 7), ("after A", 11, 3)])
    >>> fig.data[0].y, fig.data[1].y, fig.data[0].customdata
    ((7, 11), (7, 3), ('lead 0', 'lead +8'))
    """
    labels = [label for label, _, _ in scores]
    leads = [f"lead {yours - theirs:+d}" if yours != theirs else "lead 0" for _, yours, theirs in scores]
    fig = Figure(layout=dict(template=TEMPLATE))
    for name, column, colour, pattern in (("you", 1, SHADES["blue"], ""), ("player 2", 2, SHADES["orange"], "/")):
        fig.add_trace(go.Bar(x=labels, y=[row[column] for row in scores], name=name, customdata=leads,
                             marker=dict(color=colour, pattern=dict(shape=pattern)),
                             text=[row[column] for row in scores], textposition="outside",
                             hovertemplate=f"{name}: %{{y}} VP, %{{customdata}}<extra></extra>"))
    fig.update_layout(title="Scores now and after", barmode="group", height=320, yaxis=dict(title="VP"),
                      legend=dict(orientation="h", y=-0.15), margin=dict(l=50, r=20, t=50, b=40))
    return fig


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


def sheet_table(sheet: ScoreSheet, card_set: CardSet | None = None) -> str:
    """The score sheet as an HTML table (a table a screen reader reads as one, its words selectable): a row per
    Object (held, counted after the Guards, victory points), a row per Character bonus and Command tile, each
    Guard's use, and the total.

    >>> from .scoring import score
    >>> table = sheet_table(score(["lamp_3", "lamp_2", "guard_plus_1"]))
    >>> "<caption>Score sheet: 9 VP</caption>" in table, table.count("<tr"), '<th scope="row">total</th>' in table
    (True, 8, True)
    """
    card_set = card_set or load_cards()
    rows = [(card_set.names[line.object], line.quantity, line.counted, line.vp, _pale(card_set.colours[line.object]))
            for line in sheet.lines]
    rows += [(card_set[c].name, "", "", vp, "") for c, vp in sheet.bonuses]
    rows += [(f"Command tile: {card_set.tiles[t].name}", "", "", vp, "") for t, vp in sheet.tiles]
    rows += [(f"{card_set[g].name}: {('on ' + card_set.names[obj]) if obj else 'left unused'}", "", "", "", "")
             for g, obj in sheet.guards]
    rows.append(("total", "", "", sheet.total, ""))
    body = "".join(
        f'<tr{f" style=background:{fill}" if fill else ""}><th scope="row"'
        f'{"" if name == "total" else " style=font-weight:normal"}>{html.escape(str(name))}</th>'
        + "".join(f'<td style="text-align:right">{value}</td>' for value in (held, counted, vp)) + "</tr>"
        for name, held, counted, vp, fill in rows)
    head = "<td></td>" + "".join(f'<th scope="col" style="text-align:right">{word}</th>'
                                 for word in ("held", "counted", "VP"))  # the corner has no words: no header
    return (f"<table><caption>Score sheet: {sheet.total} VP</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


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
