"""Cards and dice drawn as they lie on the table, for the game figures: plotly shapes and labels on a plain canvas.

Coordinates are in card widths: a card is 1 wide and 1.4 tall. A face-down pile shows its count; a face-up card its
name and what it is; a die its pips.

>>> fig = canvas("a table", width=3, height=2)
>>> card(fig, 0, 0, "Rope", "item"); pile(fig, 1.2, 0, 12, "deck"); die(fig, 2.4, 0.2, 5)
>>> len(fig.layout.shapes), [a.text for a in fig.layout.annotations][:3]
(10, ['<b>Rope</b>', 'item', '<b>12</b>'])
"""

from __future__ import annotations

import plotly.graph_objects as go

from . import theme
from .theme import TEMPLATE, Figure

CARD_W, CARD_H, DIE = 1.0, 1.4, 0.6
PIPS = {1: [(0, 0)], 2: [(-1, 1), (1, -1)], 3: [(-1, 1), (0, 0), (1, -1)], 4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
        5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)], 6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)]}


def canvas(title: str, width: float, height: float, pixels_per_unit: int = 110) -> go.Figure:
    """An empty table ``width`` x ``height`` card widths, y down from the top."""
    return Figure(layout=dict(
        template=TEMPLATE, title=title, height=int(height * pixels_per_unit) + 70, showlegend=False,
        margin=dict(l=10, r=10, t=50, b=10), plot_bgcolor="#F4F1EA",
        xaxis=dict(visible=False, range=[-0.1, width + 0.1], fixedrange=True),
        # cards keep their shape; on a screen narrower than the table it shrinks and stays under its title
        yaxis=dict(visible=False, range=[height + 0.1, -0.1], scaleanchor="x", fixedrange=True, constrain="domain",
                   constraintoward="top")))


def card(fig: go.Figure, x: float, y: float, name: str, kind: str = "", colour: str = "white",
         border: str = theme.GREY) -> None:
    """A face-up card at (x, y) (its top left corner): its name in bold, its kind below."""
    fig.add_shape(type="rect", x0=x, y0=y, x1=x + CARD_W, y1=y + CARD_H, fillcolor=colour,
                  line=dict(color=border, width=2), layer="below")
    _text(fig, x + CARD_W / 2, y + 0.45, f"<b>{_wrap(name)}</b>", 12)
    if kind:
        _text(fig, x + CARD_W / 2, y + 1.1, kind, 11, theme.GREY)


def pile(fig: go.Figure, x: float, y: float, count: int, label: str) -> None:
    """A face-down pile: its back, its count and what it is."""
    for offset in (0.06, 0.03):
        fig.add_shape(type="rect", x0=x + offset, y0=y + offset, x1=x + CARD_W + offset, y1=y + CARD_H + offset,
                      fillcolor="#5B4A3A", line=dict(color="#3A2E24", width=1), layer="below")
    fig.add_shape(type="rect", x0=x, y0=y, x1=x + CARD_W, y1=y + CARD_H, fillcolor="#7A634D",
                  line=dict(color="#3A2E24", width=2), layer="below")
    _text(fig, x + CARD_W / 2, y + 0.55, f"<b>{count}</b>", 18, "white")
    _text(fig, x + CARD_W / 2, y + 1.05, label, 11, "white")


def die(fig: go.Figure, x: float, y: float, face: int, held: bool = False) -> None:
    """A die showing ``face`` at (x, y), outlined in the palette's blue when held."""
    fig.add_shape(type="rect", x0=x, y0=y, x1=x + DIE, y1=y + DIE, fillcolor="white",
                  line=dict(color=theme.BLUE if held else theme.BLACK, width=4 if held else 1.5))
    for dx, dy in PIPS[face]:
        cx, cy, r = x + DIE / 2 + dx * DIE / 4, y + DIE / 2 - dy * DIE / 4, DIE / 12
        fig.add_shape(type="circle", x0=cx - r, y0=cy - r, x1=cx + r, y1=cy + r, fillcolor=theme.BLACK,
                      line=dict(width=0))


def label(fig: go.Figure, x: float, y: float, text: str, size: int = 13, left: bool = True) -> None:
    """Words on the table (a player's name, a row's title)."""
    fig.add_annotation(x=x, y=y, text=text, showarrow=False, font=dict(size=size),
                       xanchor="left" if left else "center", yanchor="middle")


def _text(fig: go.Figure, x: float, y: float, text: str, size: int, colour: str = theme.BLACK) -> None:
    fig.add_annotation(x=x, y=y, text=text, showarrow=False, font=dict(size=size, color=colour),
                       xanchor="center", yanchor="middle")


def _wrap(name: str, width: int = 11) -> str:
    """A card name on up to three lines of about ``width`` characters, breaking between words only."""
    lines, line = [], ""
    for word in name.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return "<br>".join([*lines, line][:3])
