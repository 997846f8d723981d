"""Plotly figures for Zaar's mansion: the rooms on the cloth with their doors and plaques, and the door graph."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

import plotly.graph_objects as go

from ..core.hexgrid import Hex, cells_within, corners, to_pixel
from ..core.readable import exact_text
from ..ui import theme
from ..ui.theme import TEMPLATE, Figure
from .board import Mansion, walks

COLOURS = {"bloody": theme.VERMILLION, "smoggy": theme.GREY, "humid": theme.BLUE, "windy": theme.GREEN,
           "sacred": "#FBFBF5", None: theme.PURPLE}  # each room is also named on hover and in the legend
PAWN_SYMBOLS = ("diamond", "circle", "square", "triangle-up")  # a pawn's shape, one a player (all black)
PAWN_GAP = 0.3  # between two pawns in one room, side by side (a room is about 1.7 wide)
PATTERNS = {"bloody": "/", "smoggy": ".", "humid": "x", "windy": "-"}  # the powers are not told by colour alone
EDGE_COLOURS = {"door": theme.BLACK, "amulet": theme.ORANGE, "passage": theme.PURPLE, "wall": theme.LIGHT_GREY}


def free_cells(mansion: Mansion) -> dict[Hex, int]:
    """The free cells where a room could go, numbered as the map shows them: in reading order, from the top row down
    and left to right.

    >>> from .board import Mansion, walks
    >>> [(cell.q, cell.r, n) for cell, n in free_cells(Mansion.start("bloody_chamber")).items()][:3]
    [(0, -1, 1), (1, -1, 2), (-1, 0, 3)]
    """
    order = sorted(mansion.frontier, key=lambda cell: (-to_pixel(cell)[1], to_pixel(cell)[0]))
    return {cell: n for n, cell in enumerate(order, 1)}


def mansion_figure(mansion: Mansion, highlight: Iterable[Hex] = (), free: Mapping[Hex, int] | None = None,
                   fitting: Iterable[Hex] = (), chosen: Hex | None = None, pawns: dict | None = None,
                   revoked: Iterable[tuple[Hex, str]] = (), title: str = "The mansion",
                   changed: Iterable[Hex] = ()) -> go.Figure:
    """The cloth (enclosures, the name table) and the rooms: coloured by category, doors as dark bars on their
    sides, plaques as letters (revoked ones struck through); ``highlight`` rings rooms (a mission); ``free`` numbers
    free cells on the map (their numbers are the points' ``customdata``, what a click on one reports), the
    ``fitting`` ones filled; ``chosen`` outlines a cell; ``pawns`` maps a name to a cell; ``changed`` rings rooms
    (dotted) that changed since the player last acted.

    >>> from .board import Mansion, walks
    >>> start = Mansion.start("bloody_chamber")
    >>> fig = mansion_figure(start, free=free_cells(start), fitting=[Hex(1, 0)], chosen=Hex(1, 0))
    >>> [t.name for t in fig.data]
    ['cloth', 'name table', 'bloody', 'doors', 'plaques', 'chosen cell', 'the room fits here', 'free cell']
    >>> fig.data[6].customdata, fig.data[6].text
    ((4,), ('4',))
    """
    return Figure(mansion_data(mansion, highlight, free, fitting, chosen, pawns, revoked, title, changed))


def mansion_data(mansion: Mansion, highlight: Iterable[Hex] = (), free: Mapping[Hex, int] | None = None,
                 fitting: Iterable[Hex] = (), chosen: Hex | None = None, pawns: dict | None = None,
                 revoked: Iterable[tuple[Hex, str]] = (), title: str = "The mansion",
                 changed: Iterable[Hex] = ()) -> dict:
    """:func:`mansion_figure` as plain data (``data`` and ``layout``), what plotly's own checks would send: a table
    draws it at every click, where building a plotly figure took most of the click's time.

    >>> from .board import Mansion
    >>> mansion_data(Mansion.start("bloody_chamber"))["data"][-1]["name"]
    'plaques'
    """
    traces = [_outlines(cells_within(mansion.cards.cloth.enclosures), "cloth", "#f0e6d2", "#d4c5a9"),
              _outlines(sorted(mansion.cards.cloth.name_table), "name table", "#d7bde2", "#af7ac5")]
    by_category: dict = {}
    for cell in mansion.layout:
        by_category.setdefault(mansion.room_at(cell).category, []).append(cell)
    for category, cells in sorted(by_category.items(), key=lambda kv: str(kv[0])):
        traces.append(_outlines(sorted(cells), category or "suspended", COLOURS[category], "#34495e",
                                hover=[_hover(mansion, c) for c in sorted(cells)]))
    xs, ys = [], []
    for cell in mansion.layout:
        points = corners(cell)
        for side in mansion.doors(cell):
            (x0, y0), (x1, y1) = points[side], points[(side + 1) % 6]
            xs += [x0 + (x1 - x0) * 0.3, x0 + (x1 - x0) * 0.7, None]
            ys += [y0 + (y1 - y0) * 0.3, y0 + (y1 - y0) * 0.7, None]
    traces.append(_scatter(xs, ys, "lines", "doors", line={"color": "#1b2631", "width": 5}, hoverinfo="skip"))
    struck = set(revoked)
    labels = [(cell, " ".join(f"<s>{p}</s>" if (cell, p) in struck else p for p in mansion.room_at(cell).plaques))
              for cell in sorted(mansion.layout)]
    traces.append(_scatter([to_pixel(c)[0] for c, _ in labels], [to_pixel(c)[1] for c, _ in labels], "text",
                           "plaques", text=[t for _, t in labels], hoverinfo="skip",
                           textfont={"size": 14, "color": "black"}))
    highlight = list(highlight)
    if highlight:
        traces.append(_scatter([to_pixel(c)[0] for c in highlight], [to_pixel(c)[1] for c in highlight], "markers",
                               "highlighted", hoverinfo="skip",
                               marker={"size": 34, "color": "rgba(0,0,0,0)", "line": {"width": 4, "color": "#f39c12"}}))
    rings = [corner for cell in changed for corner in (*corners(cell), corners(cell)[0], (None, None))]
    if rings:
        traces.append(_scatter([p[0] for p in rings], [p[1] for p in rings], "lines", "changed since your move",
                               hoverinfo="skip", line={"color": theme.BLACK, "width": 3, "dash": "dot"}))
    if chosen is not None:
        outline = [*corners(chosen), corners(chosen)[0]]
        traces.append(_scatter([p[0] for p in outline], [p[1] for p in outline], "lines", "chosen cell",
                               hoverinfo="skip", line={"color": theme.BLACK, "width": 4, "dash": "dash"}))
    fits = set(fitting)
    for name, cells, marker, font, words in (
            ("the room fits here", [c for c in free or {} if c in fits], {"size": 24, "color": theme.BLACK},
             "white", "the room fits here, as turned"),
            ("free cell", [c for c in free or {} if c not in fits],
             {"size": 22, "color": "white", "line": {"width": 2, "color": theme.GREY}}, theme.BLACK,
             "free; the room does not fit here as turned")):
        if cells:
            traces.append(_scatter([to_pixel(c)[0] for c in cells], [to_pixel(c)[1] for c in cells], "markers+text",
                                   name, marker=marker, text=[str(free[c]) for c in cells],
                                   customdata=[free[c] for c in cells],
                                   textfont={"size": 12, "color": font},
                                   hovertemplate=f"cell %{{customdata}}: {words}<extra></extra>"))
    sharing: dict[Hex, list[str]] = {}  # the pawns in each room, fanned out side by side
    for who, cell in sorted((pawns or {}).items()):
        sharing.setdefault(cell, []).append(who)
    for i, (who, cell) in enumerate(sorted((pawns or {}).items())):
        x, y = to_pixel(cell)
        beside = sharing[cell]
        traces.append(_scatter([x + PAWN_GAP * (beside.index(who) - (len(beside) - 1) / 2)], [y - 0.45], "markers",
                               str(who), marker={  # black: no room's colour
                                   "size": 13, "symbol": PAWN_SYMBOLS[i % len(PAWN_SYMBOLS)], "color": theme.BLACK,
                                   "line": {"width": 2, "color": "white"}}))
    layout = {"template": TEMPLATE, "title": {"text": title}, "height": 600, "showlegend": True,
              "plot_bgcolor": "white", "xaxis": {"visible": False}, "yaxis": {"visible": False, "scaleanchor": "x"},
              "legend": {"orientation": "h", "yanchor": "top", "y": 0, "x": 0},  # below: the map keeps the width
              "margin": {"l": 10, "r": 10, "t": 50, "b": 10}}
    return {"data": traces, "layout": layout}


def door_graph_figure(mansion: Mansion, kinds: Iterable[str] = ("door", "amulet", "passage")) -> go.Figure:
    """The door graph drawn at the rooms' places: one line per edge, coloured by kind.

    >>> from .board import Mansion, walks
    >>> door_graph_figure(Mansion.start("bloody_chamber")).data[-1].name
    'rooms'
    """
    fig = Figure(layout=dict(template=TEMPLATE))
    for kind in kinds:
        xs, ys = [], []
        for u, v, key in mansion.graph.edges(keys=True):
            if key == kind:
                (x0, y0), (x1, y1) = to_pixel(u), to_pixel(v)
                xs += [x0, x1, None]
                ys += [y0, y1, None]
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", name=kind, line=dict(color=EDGE_COLOURS[kind], width=3)))
    cells = sorted(mansion.layout)
    fig.add_trace(go.Scatter(x=[to_pixel(c)[0] for c in cells], y=[to_pixel(c)[1] for c in cells], mode="markers",
                             name="rooms", text=[_hover(mansion, c) for c in cells], hoverinfo="text",
                             marker=dict(size=16, color=[COLOURS[mansion.room_at(c).category] for c in cells],
                                         line=dict(width=1, color="#34495e"))))
    fig.update_layout(title="The door graph", height=420, plot_bgcolor="white", xaxis=dict(visible=False),
                      yaxis=dict(visible=False, scaleanchor="x"), margin=dict(l=10, r=10, t=50, b=10))
    return fig


def walk_figure(mansion: Mansion, letters: Mapping[Hex, str], start: Hex, walked: int = 0) -> go.Figure:
    """The door graph with each room's letter and the fewest moves to it from ``start`` (the pawn's room), the
    rooms shaded by that number: how far a pawn walks, drawn. With ``walked`` moves, each room's number is instead
    the ways to walk exactly that many moves from ``start`` to it (:func:`~zaarlab.zaar.board.walks`).

    >>> from .board import Mansion, walks
    >>> fig = walk_figure(Mansion.start("bloody_chamber"), {Hex(0, 0): "A"}, Hex(0, 0))
    >>> fig.data[-1].text
    ('A: pawn',)
    """
    if walked:  # the ways in exactly that many moves: more ways, darker
        counts = walks(mansion.door_graph, start, walked)
        words = [f"{letters[c]}: {counts.get(c, 0)}" for c in sorted(letters, key=letters.get)]
        shade, top = {c: -counts.get(c, 0) for c in letters}, max(counts.values(), default=0)
        low, high = -top - 1, 0
        title = f"Ways to walk {walked} moves from room {letters[start]}, by the room reached"
    else:  # the fewest moves: nearer, darker
        moves = mansion.reachable(start, len(letters), kinds=("door",))
        words = [f"{letters[c]}: pawn" if c == start else f"{letters[c]}: {moves[c]}" if c in moves else
                 f"{letters[c]}: none" for c in sorted(letters, key=letters.get)]  # short: rooms stand close
        shade, low, high = {c: moves.get(c, len(letters)) for c in letters}, 0, max(moves.values(), default=0) + 1
        title = f"Moves from room {letters[start]} to each room"
    fig = Figure(layout=dict(template=TEMPLATE))
    xs, ys = [], []
    for u, v in mansion.door_graph.edges():
        (x0, y0), (x1, y1) = to_pixel(u), to_pixel(v)
        xs += [x0, x1, None]
        ys += [y0, y1, None]
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", name="doors", hoverinfo="skip",
                             line=dict(color=EDGE_COLOURS["door"], width=3)))
    cells = sorted(letters, key=letters.get)
    fig.add_trace(go.Scatter(
        x=[to_pixel(c)[0] for c in cells], y=[to_pixel(c)[1] for c in cells], mode="markers+text", name="rooms",
        text=words, textposition="top center", hoverinfo="text",
        marker=dict(size=22, color=[shade[c] for c in cells], colorscale="Blues", reversescale=True, cmin=low,
                    cmax=high, line=dict(width=1, color=theme.BLACK))))
    xs = [to_pixel(c)[0] for c in cells]
    ys = [to_pixel(c)[1] for c in cells]
    fig.update_layout(title=title, height=420, plot_bgcolor="white", showlegend=False,
                      xaxis=dict(visible=False, range=[min(xs) - 1.6, max(xs) + 1.6]),  # room for the edges' words
                      yaxis=dict(visible=False, range=[min(ys) - 1, max(ys) + 1.4]),
                      margin=dict(l=10, r=10, t=50, b=10))
    return fig


def throws_figure(requirement, title: str, warrior: bool = False) -> go.Figure:
    """The 64 throws of the raml's three number dice, one cell each (the first two dice by row, the third by column,
    four columns that fit a phone), those that meet ``requirement`` (a :class:`~zaarlab.zaar.raml.Requirement`)
    filled and ticked: a count to read off. For the ``warrior``, those that meet it read some way (a die by its
    backside, ZAAR-PAWN-03).

    >>> from .raml import Requirement
    >>> fig = throws_figure(Requirement.from_text("{1}"), "A")
    >>> fig.layout.title.text, sum(map(sum, fig.data[0].z)), fig.data[0].text[4][0]
    ('A: 37 of the 64 throws meet it', 37, '1 0 0 ✓')
    """
    from itertools import product

    from .raml import load_raml, meets

    raml = load_raml()
    firsts = list(product(raml.numbers, repeat=raml.count - 1))  # the rows: the first dice; the columns: the last
    rows = [[(*first, last) for last in raml.numbers] for first in firsts]
    met = [[int(meets((raml.letters[0], *throw), requirement, raml, warrior)) for throw in row] for row in rows]
    text = [[" ".join(map(str, throw)) + (" ✓" if hit else "") for throw, hit in zip(row, hits, strict=True)]
            for row, hits in zip(rows, met, strict=True)]
    count = sum(map(sum, met))
    fig = Figure(layout=dict(template=TEMPLATE), data=go.Heatmap(
        z=met, text=text, texttemplate="%{text}", textfont=dict(size=11), hovertemplate="%{text}<extra></extra>",
        colorscale=[[0, "#FFFFFF"], [1, theme.SKY]], zmin=0, zmax=1, showscale=False, xgap=2, ygap=2,
        x=[str(n) for n in raml.numbers], y=[" ".join(map(str, first)) for first in firsts]))
    fig.update_layout(title=f"{title}: {count} of the {len(rows) * len(raml.numbers)} throws meet it",
                      height=80 + 22 * len(rows), plot_bgcolor=theme.LIGHT_GREY,
                      xaxis=dict(side="top", type="category"),  # each cell names its whole throw
                      yaxis=dict(title="first dice", type="category", autorange="reversed"),
                      margin=dict(l=70, r=10, t=70, b=10))
    return fig


def _scatter(x: list, y: list, mode: str, name: str, **more) -> dict:
    """A scatter trace as plain data."""
    return {"type": "scatter", "x": x, "y": y, "mode": mode, "name": name, **more}


def _outlines(cells, name: str, fill: str, line: str, hover=None) -> dict:
    """The hexagons of ``cells``, filled, as one trace; ``hover`` a text per cell."""
    xs, ys = [], []
    for cell in cells:
        points = corners(cell)
        xs += [p[0] for p in points] + [points[0][0], None]
        ys += [p[1] for p in points] + [points[0][1], None]
    return _scatter(xs, ys, "lines", name, fill="toself", fillcolor=fill, line={"color": line, "width": 1},
                    **({"hoverinfo": "skip"} if hover is None else
                       {"hoverinfo": "text", "text": [h for h in hover for _ in range(8)]}))


def _hover(mansion: Mansion, cell: Hex) -> str:
    room = mansion.room_at(cell)
    plaques = ", ".join(room.plaques) or "no plaque"
    return f"{room.name} ({room.category or 'no category'}; {plaques}), enclosure {mansion.enclosure(cell)}"


LOWER_RING, TOP_RING = (1.15, 1.85), (0.25, 1.15)  # the plates' rings: inner and outer radius


def _sector(k: int, n: int, ring: tuple[float, float], steps: int = 8) -> tuple[list, list]:
    """The outline of sector ``k`` of ``n`` of a ``ring``, sector 0 at the top and the others clockwise: the outer
    arc, the inner one back, closed, then a gap (``None``) before the next outline."""
    angles = [math.radians(360 * (k - 0.5 + s / steps) / n) for s in range(steps + 1)]
    inner, outer = ring
    points = [(outer * math.sin(a), outer * math.cos(a)) for a in angles]
    points += [(inner * math.sin(a), inner * math.cos(a)) for a in reversed(angles)] + points[:1]
    return [x for x, _ in points] + [None], [y for _, y in points] + [None]


def _sectors(ks: Iterable[int], n: int, ring: tuple[float, float]) -> tuple[list, list]:
    xs, ys = [], []
    for k in ks:
        x, y = _sector(k, n, ring)
        xs += x
        ys += y
    return xs, ys


def astrolabe_figure(astro, plates, title: str = "The astrolabe") -> go.Figure:
    """The front: the lower plate's letters (outer ring) and the top plate's demon powers (inner ring, each power a
    colour and a pattern, named in the legend and on hover; the two at the notch in words above it), turned to
    ``plates``; the notch between the plates at the top, where the sectors read (outlined) meet. Drawn on a plane
    (not plotly's polar axes): the static site then draws it with plotly's smallest bundle.

    >>> from .astrolabe import Plates, load_astrolabe
    >>> fig = astrolabe_figure(load_astrolabe(), Plates(lower=1, top=2))
    >>> [t.name for t in fig.data][:6], fig.data[-2].text[0], fig.data[-1].text[0]
    (['lower plate', 'humid room', 'windy room', 'bloody room', 'smoggy room', 'sectors read'], 'B', 'notch: B, humid')
    """
    n = len(astro.lower)
    fig = Figure(layout=dict(template=TEMPLATE))
    lower = [astro.lower[(plates.lower + k) % n] for k in range(n)]  # the sector at the notch first, then clockwise
    top = [astro.top[(plates.top + k) % n] for k in range(n)]
    xs, ys = _sectors(range(n), n, LOWER_RING)
    fig.add_trace(go.Scatter(x=xs, y=ys, fill="toself", fillcolor="#F3E6D3", mode="lines", name="lower plate",
                             line=dict(color="#7f8c8d", width=1), hoverinfo="skip", showlegend=False))
    for power in dict.fromkeys(top):  # a trace per demon power: its colour, its pattern, its legend entry
        xs, ys = _sectors([k for k in range(n) if top[k] == power], n, TOP_RING)
        fig.add_trace(go.Scatter(x=xs, y=ys, fill="toself", fillcolor=COLOURS[power], mode="lines",
                                 fillpattern=dict(shape=PATTERNS[power], fillmode="overlay", fgcolor="white"),
                                 line=dict(color="#7f8c8d", width=1), name=f"{power} room", hoveron="fills",
                                 hoverinfo="name"))
    xs, ys = _sectors([0], n, (TOP_RING[0], LOWER_RING[1]))
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", name="sectors read", line=dict(color=theme.BLACK, width=4),
                             hoverinfo="skip", showlegend=False))
    middle = sum(LOWER_RING) / 2
    angles = [math.radians(360 * k / n) for k in range(n)]
    fig.add_trace(go.Scatter(x=[middle * math.sin(a) for a in angles], y=[middle * math.cos(a) for a in angles],
                             mode="text", name="letters", showlegend=False, text=lower,
                             hovertext=[f"lower plate: {letter}" for letter in lower], hoverinfo="text",
                             textfont=dict(size=18, color=theme.BLACK)))
    fig.add_trace(go.Scatter(x=[0], y=[1.97], mode="markers+text", name="the notch", showlegend=False,
                             marker=dict(symbol="triangle-down", size=16, color=theme.BLACK),
                             text=[f"notch: {lower[0]}, {top[0]}"], textposition="top center",
                             textfont=dict(size=14), hoverinfo="skip"))
    hidden = dict(visible=False, fixedrange=True, constrain="domain")  # the disc shrinks to fit, its ranges never grow
    fig.update_layout(title=title, height=520, margin=dict(l=20, r=20, t=70, b=20),
                      legend=dict(orientation="h", y=-0.02, font=dict(size=14)),
                      xaxis=dict(range=[-2.1, 2.1], **hidden),
                      yaxis=dict(range=[-1.95, 2.35], scaleanchor="x", **hidden))
    return fig


def battle_figure(curves: dict, title: str) -> go.Figure:
    """Stacked chances of each battle outcome by the number of throws (``curves``: outcome -> [(w, p), ...]).

    >>> from fractions import Fraction
    >>> fig = battle_figure({"lose": [(1, Fraction(1, 2))], "extra_win": [(1, Fraction(1, 2))]}, "t")
    >>> [trace.name for trace in fig.data], fig.data[1].customdata[0]
    (['lose', 'extra win'], '1/2 ≈ 50.00%')
    """
    colours = {"lose": theme.LOSS, "draw": theme.EVEN, "win": theme.BEST, "extra_win": theme.WIN}
    fig = Figure(layout=dict(template=TEMPLATE))
    for outcome, points in curves.items():
        name = outcome.replace("_", " ")
        fig.add_trace(go.Bar(x=[w for w, _ in points], y=[float(p) for _, p in points], name=name,
                             customdata=[exact_text(p) for _, p in points], marker_color=colours[outcome],
                             hovertemplate="%{x} throws: %{customdata}<extra>" + name + "</extra>"))
    fig.update_layout(title=title, barmode="stack", xaxis=dict(title="throws (wisdom coins)", dtick=1),
                      yaxis=dict(title="probability", range=[0, 1]), height=340, margin=dict(l=50, r=20, t=50, b=40))
    return fig
