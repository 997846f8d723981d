"""Plotly figures for Zargos: the round planet, battle outcomes, win heat maps, the demons. Pure functions."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import plotly.graph_objects as go

from ..core.dist import Dist
from ..core.readable import exact_text
from ..ui import theme
from ..ui.theme import TEMPLATE, Figure
from .board import Planet
from .regions import RADIUS, regions

SEA_BLUE, LAND_GREY, HIGHLIGHT = theme.SKY, theme.GREY, theme.ORANGE
# eleven kingdoms: the palette, then its colours lightened; every province is also labelled with its kingdom
KINGDOM_COLOURS = (*theme.PALETTE[:7], "#7FB8D8", "#EAAE80", "#80CEB9", "#E6CFA0")
ATTACKER, DEFENDER, NOBODY = theme.VERMILLION, theme.BLUE, theme.GREY
NAME_SIZE, UNITS_SIZE = 11, 16  # px: a kingdom's name, a province's units
NARROWEST = 360  # px: the map's width on a phone (390 px), where its labels must still fit between the units
LEGEND_ROOM = 70  # px below a table's map for its legend (three lines): a legend that needs more shrinks the map
TITLE_ROOM = 40  # px above a table's map for its title
PEOPLE_COLOURS = {"knights": theme.GREY, "spiders": theme.PURPLE, "amazons": theme.GREEN, "monks": theme.ORANGE,
                  "dragons": theme.VERMILLION, "winged": theme.SKY}


def planet_figure(planet: Planet, highlight: tuple[str, ...] = (), title: str = "The planet Zargos",
                  held: tuple[str, ...] = ()) -> go.Figure:
    """The planet as a map: every province a region coloured by its kingdom, sea spaces as water, capitals starred,
    every kingdom named, every place named on hover; ``highlight`` regions outlined in orange, ``held`` ones marked
    with a dot. (The graph view: :func:`planet_graph_figure`.)

    >>> from zaarlab.zargos.board import load_planet
    >>> fig = planet_figure(load_planet(), highlight=("FC",))
    >>> [trace.name for trace in fig.data][:3], [trace.name for trace in fig.data][-3:]
    (['seas', 'Kingdom of Zargos', 'Kori'], ['highlighted', 'names', 'units'])
    """
    traces = [_water(planet)]
    for colour, kingdom in zip(KINGDOM_COLOURS, planet.kingdoms.values(), strict=False):
        traces.append(_regions(planet, kingdom.provinces, colour, kingdom.name,
                               [_province_hover(planet, p) for p in kingdom.provinces]))
    traces += [_outline(planet, highlight), _labels(planet),
               _marks(planet, {p: ("●" if p in held else "") + ("★" if planet.is_capital(p) else "")
                               for p in planet.provinces})]
    return Figure({"data": traces, "layout": _map_layout(title)})


def planet_graph_figure(planet: Planet, highlight: tuple[str, ...] = (), title: str = "Zargos as a graph"
                        ) -> go.Figure:
    """The planet as a graph: provinces as dots coloured by kingdom (capitals as stars), sea spaces as blue dots,
    land borders as grey lines and sea links dotted: what :mod:`zaarlab.zargos.board` computes with.

    >>> from zaarlab.zargos.board import load_planet
    >>> fig = planet_graph_figure(load_planet(), highlight=("FC",))
    >>> [trace.name for trace in fig.data][3:6], fig.data[-1].name
    (['Kingdom of Zargos', 'Kori', 'Ludos'], 'highlighted')
    """
    graph = planet.graph
    fig = Figure(layout=dict(template=TEMPLATE))
    for kind, colour, dash in (("land", LAND_GREY, "solid"), ("sea", SEA_BLUE, "dot")):
        xs, ys = [], []
        for a, b, data in graph.edges(data=True):
            if data["kind"] == kind:
                (x0, y0), (x1, y1) = graph.nodes[a]["pos"], graph.nodes[b]["pos"]
                xs += [x0, x1, None]
                ys += [y0, y1, None]
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color=colour, width=1, dash=dash),
                                 hoverinfo="skip", name=f"{kind} borders", showlegend=False))
    seas = planet.seas
    fig.add_trace(go.Scatter(
        x=[graph.nodes[s]["pos"][0] for s in seas], y=[graph.nodes[s]["pos"][1] for s in seas],
        mode="markers+text", text=list(seas), textposition="bottom center", textfont=dict(size=9, color=SEA_BLUE),
        marker=dict(size=16, color=theme.WATER, line=dict(color=SEA_BLUE, width=1)), name="sea spaces",
        hovertext=[f"{graph.nodes[s]['name']} ({graph.nodes[s]['kind']})" for s in seas], hoverinfo="text"))
    for colour, kingdom in zip(KINGDOM_COLOURS, planet.kingdoms.values(), strict=False):
        provinces = kingdom.provinces
        fig.add_trace(go.Scatter(
            x=[graph.nodes[p]["pos"][0] for p in provinces], y=[graph.nodes[p]["pos"][1] for p in provinces],
            mode="markers+text", text=list(provinces), textposition="top center", textfont=dict(size=9),
            marker=dict(size=[18 if planet.is_capital(p) else 12 for p in provinces], color=colour,
                        symbol=["star" if planet.is_capital(p) else "circle" for p in provinces]),
            name=kingdom.name, hoverinfo="text", hovertext=[_province_hover(planet, p) for p in provinces]))
    if highlight:
        fig.add_trace(go.Scatter(
            x=[graph.nodes[n]["pos"][0] for n in highlight], y=[graph.nodes[n]["pos"][1] for n in highlight],
            mode="markers", marker=dict(size=26, color="rgba(0,0,0,0)", line=dict(color=HIGHLIGHT, width=3)),
            name="highlighted", hoverinfo="skip"))
    return fig.update_layout(_map_layout(title))


def board_figure(state, title: str | None = None, targets: tuple[str, ...] = (), chosen: tuple[str, ...] = (),
                 changed: tuple[str, ...] = (), yours: tuple[str, ...] = (), hovers: Sequence[str] = (),
                 at_table: bool = False) -> go.Figure:
    """A game position on the map: each province coloured by the people holding it (``yours`` named so in the
    legend), its units in large type; ``targets`` outlined in orange, ``chosen`` in black, ``changed`` (since the
    player last acted) ringed in a dotted black line, and under every province a point whose ``customdata`` is the
    province (what a click on the map reports, :mod:`zaarlab.ui.map_chart`), ``hovers`` its words on hover. At a
    table (``at_table``) a region takes no hover, so a touch reports the point, and the legend goes below the map.

    >>> from zaarlab.zargos.state import ZargosGame
    >>> state = ZargosGame(players=2).initial_state()
    >>> fig = board_figure(state, targets=("FC",))
    >>> [trace.name for trace in fig.data][:4], fig.data[-1].name, "FC" in fig.data[-1].customdata
    (['seas', 'empty', 'names', 'units'], 'provinces', True)
    """
    return Figure(board_data(state, title, targets, chosen, changed, yours, hovers, at_table))


def board_data(state, title: str | None = None, targets: tuple[str, ...] = (), chosen: tuple[str, ...] = (),
               changed: tuple[str, ...] = (), yours: tuple[str, ...] = (), hovers: Sequence[str] = (),
               at_table: bool = False) -> dict:
    """:func:`board_figure` as plain data (``data`` and ``layout``), what plotly's own checks would send: a table
    draws it at every click, where building a plotly figure took most of the click's time.

    >>> from zaarlab.zargos.state import ZargosGame
    >>> board_data(ZargosGame(players=2).initial_state())["data"][-1]["name"]
    'provinces'
    """
    planet = state.game.planet
    groups: dict[str, list[str]] = {}
    for province in planet.provinces:
        groups.setdefault(state.holder(province) or "empty", []).append(province)
    water = _water(planet)
    if at_table:  # the water takes no hover either
        water = {**{k: v for k, v in water.items() if k not in ("hovertext", "hoveron")}, "hoverinfo": "skip"}
    traces = [water]
    for people, provinces in sorted(groups.items(), key=lambda item: (item[0] == "empty", item[0])):
        traces.append(_regions(planet, provinces, PEOPLE_COLOURS.get(people, "#FFFFFF"),
                               f"{people} (yours)" if people in yours else people,
                               [f"{_province_hover(planet, p)}: {state.units(p)} {people}" for p in provinces],
                               hoverable=not at_table))
    traces += [_labels(planet),
               _marks(planet, {p: f"{'★' if planet.is_capital(p) else ''}{state.units(p) or ''}"
                               for p in planet.provinces})]
    x, y = _centres(planet)
    traces.append({"type": "scatter", "x": x, "y": y, "mode": "markers", "customdata": list(planet.provinces),
                   "marker": {"size": 30, "color": "rgba(255,255,255,0.01)"}, "name": "provinces",
                   "showlegend": False, **({"hoverinfo": "text", "hovertext": list(hovers)} if hovers else
                                           {"hoverinfo": "none"})})
    layout = _map_layout(title or str(state))
    marks = (("highlighted", targets, {"color": HIGHLIGHT, "width": 4}),
             ("changed since your move", changed, {"color": theme.BLACK, "width": 3, "dash": "dot"}),
             ("chosen", chosen, {"color": theme.BLACK, "width": 5}))
    rings = [ring for name, provinces, line in marks if (ring := _ring(planet, provinces, name, line))]
    if rings:
        layout["shapes"] = rings
    if at_table:  # the map as wide as the box, the peoples and every mark named below it, marked or not (a legend
        # that grew would shrink the map under the mouse)
        traces += [{"type": "scatter", "x": [None], "y": [None], "mode": "lines", "line": line, "name": name,
                    "hoverinfo": "skip"} for name, _, line in marks]
        layout.update(margin={"l": 0, "r": 0, "t": TITLE_ROOM, "b": LEGEND_ROOM},
                      legend={**layout["legend"], "orientation": "h", "x": 0, "y": 0, "yanchor": "top"})
    return {"data": traces, "layout": layout}


@cache
def _centres(planet: Planet) -> tuple[list[float], list[float]]:
    nodes = planet.graph.nodes
    return [nodes[p]["pos"][0] for p in planet.provinces], [nodes[p]["pos"][1] for p in planet.provinces]


def _ring(planet: Planet, provinces: tuple[str, ...], name: str, line: dict) -> dict | None:
    """A line around each of ``provinces`` (none drawn for none), named ``name``: a shape of the layout, not a trace,
    so that a table's map redraws only its shapes when only what is marked changes.

    >>> from zaarlab.zargos.board import load_planet
    >>> ring = _ring(load_planet(), ("FC",), "chosen", {"width": 5})
    >>> ring["path"].count("M"), ring["path"].endswith("Z"), ring["name"]
    (1, True, 'chosen')
    """
    if not provinces:
        return None
    cells = regions(planet)
    path = "".join("M" + "L".join(f"{x:g},{y:g}" for x, y in cells[p]) + "Z" for p in provinces)
    return {"type": "path", "path": path, "line": line, "name": name}


@cache
def _water(planet: Planet) -> dict:
    """The sea spaces (and the lake) as water, named on hover."""
    return _regions(planet, planet.seas, theme.WATER, "seas",
                    [f"{planet.names[s]} ({planet.graph.nodes[s]['kind']})<br><sub>{s}</sub>" for s in planet.seas],
                    line=SEA_BLUE)


def _outlines(planet: Planet, nodes) -> tuple[list, list]:
    """The closed outlines of ``nodes``' regions, one after another, a gap (``None``) after each."""
    cells = regions(planet)
    xs: list = []
    ys: list = []
    for node in nodes:
        points = [*cells[node], cells[node][0]]
        xs += [x for x, _ in points] + [None]
        ys += [y for _, y in points] + [None]
    return xs, ys


def _regions(planet: Planet, nodes, colour: str, name: str, hovers: list[str], line: str = "#555555",
             hoverable: bool = True) -> dict:
    """One trace of filled regions, one hover text per region (none, not ``hoverable``)."""
    xs, ys = _outlines(planet, nodes)
    cells = regions(planet)
    texts = [t for node, text in zip(nodes, hovers, strict=True) for t in [text] * (len(cells[node]) + 1) + [None]]
    return {"type": "scatter", "x": xs, "y": ys, "mode": "lines", "fill": "toself", "fillcolor": colour,
            "name": name, "line": {"color": line, "width": 1},
            **({"hoverinfo": "text", "hovertext": texts, "hoveron": "fills"} if hoverable else
               {"hoverinfo": "skip"})}


def _outline(planet: Planet, nodes) -> dict:
    x, y = _outlines(planet, nodes)
    return {"type": "scatter", "x": x, "y": y, "mode": "lines", "line": {"color": HIGHLIGHT, "width": 4},
            "name": "highlighted", "hoverinfo": "skip", "showlegend": bool(nodes)}


def _marks(planet: Planet, marks: dict[str, str]) -> dict:
    """Large type at the centre of provinces: their units, a star for a capital."""
    shown = [p for p in planet.provinces if marks.get(p)]
    nodes = planet.graph.nodes
    return {"type": "scatter", "x": [nodes[p]["pos"][0] for p in shown], "y": [nodes[p]["pos"][1] for p in shown],
            "mode": "text", "text": [f"<b>{marks[p]}</b>" for p in shown],
            "textfont": {"size": UNITS_SIZE, "color": theme.BLACK}, "name": "units", "hoverinfo": "skip",
            "showlegend": False}


@cache
def _labels(planet: Planet) -> dict:
    """Every kingdom's name, where it fits (:func:`name_places`); a province is named on hover."""
    places = name_places(planet)
    return {"type": "scatter", "x": [x for x, _ in places.values()], "y": [y for _, y in places.values()],
            "mode": "text", "text": [f"<b>{planet.names[k]}</b>" for k in places],
            "textfont": {"size": NAME_SIZE, "color": theme.BLACK}, "hoverinfo": "skip", "showlegend": False,
            "name": "names"}


def name_places(planet: Planet) -> dict[str, tuple[float, float]]:
    """Where each kingdom's name is written: the free point nearest the middle of its provinces, on a grid of a fifth
    of a unit, whose label at :data:`NARROWEST` px across overlaps no province's units (up to "★88"), no name placed
    before it and no edge of the disc. Computed, not stored, so a user's own map is labelled too; a kingdom with no
    such point is left unnamed on the map (its provinces name it on hover).

    >>> from zaarlab.zargos.board import load_planet
    >>> places = name_places(load_planet())
    >>> len(places), places["KORI"]
    (11, (-1.2, 5.2))
    """
    scale = NARROWEST / (2 * (RADIUS + 0.3))  # px per unit of the drawing positions
    graph, taken = planet.graph, []
    for p in planet.provinces:
        taken.append(label_box(graph.nodes[p]["pos"], "★88" if planet.is_capital(p) else "88", UNITS_SIZE, scale))
    grid = [(i / 5, j / 5) for i in range(-50, 51) for j in range(-50, 51)]
    places = {}
    for kingdom in planet.kingdoms.values():
        points = [graph.nodes[p]["pos"] for p in kingdom.provinces]
        middle = (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
        for point in sorted(grid, key=lambda q: math.dist(q, middle)):
            box = label_box(point, planet.names[kingdom.id], NAME_SIZE, scale)
            if math.dist((0, 0), (max(map(abs, box[::2])), max(map(abs, box[1::2])))) <= RADIUS and not any(
                    _overlap(box, other) for other in taken):
                places[kingdom.id] = point
                taken.append(box)
                break
    return places


def label_box(centre: tuple[float, float], text: str, size: int, scale: float) -> tuple[float, ...]:
    """The box (left, bottom, right, top), in drawing units, that ``text`` in bold ``size`` px takes around ``centre``
    at ``scale`` px per unit: a generous 0.62 em a character, 1.2 em high.

    >>> label_box((0, 0), "Ludos", 10, 10)
    (-1.55, -0.6, 1.55, 0.6)
    """
    half_width, half_height = 0.62 * size * len(text) / scale / 2, 1.2 * size / scale / 2
    return (centre[0] - half_width, centre[1] - half_height, centre[0] + half_width, centre[1] + half_height)


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _map_layout(title: str) -> dict:
    return {"template": TEMPLATE, "title": {"text": title}, "height": 640,
            "margin": {"l": 10, "r": 10, "t": 40, "b": 10}, "plot_bgcolor": "white",
            # the disc keeps its shape by shrinking its box, not by widening its ranges (which plotly widens anew at
            # each redraw to a new size: the planet shrank to a third of its box)
            "xaxis": {"visible": False, "range": [-RADIUS - 0.3, RADIUS + 0.3], "constrain": "domain"},
            "yaxis": {"visible": False, "scaleanchor": "x", "range": [-RADIUS - 0.3, RADIUS + 0.3],
                      "constrain": "domain"},
            "legend": {"font": {"size": 11}, "itemsizing": "constant"}}


def _province_hover(planet: Planet, province: str) -> str:
    """A province by its name, its kingdom and what it is; its id in small print, for who edits the map's data."""
    parts = [f"{planet.names[province]} — {planet.names[planet.kingdom_of(province)]}"]
    if planet.is_capital(province):
        parts.append("capital")
    if planet.is_coastal(province):
        parts.append("coastal")
    if planet.ring(province) != "outer":
        parts.append(f"ring {planet.ring(province)}")
    return f"{', '.join(parts)}<br><sub>{province}</sub>"


def battle_figure(ends: Dist, title: str) -> go.Figure:
    """One bar per end state of a battle on one axis: defenders left to the left of 0, attackers left to the right,
    nobody at 0; exact fractions on hover. The axis names a handful of ticks, so it stays readable at 58 v 58.

    >>> from zaarlab.zargos.odds import battle_dist
    >>> fig = battle_figure(battle_dist(2, 1), "2 v 1")
    >>> list(fig.data[0].x), fig.data[0].customdata[0]
    ([0], ['nobody left', '23/49 ≈ 46.94%'])
    >>> fig = battle_figure(battle_dist(58, 58), "58 v 58")
    >>> len(fig.layout.xaxis.tickvals) <= 13, fig.layout.xaxis.ticktext[0].endswith("defenders")
    (True, True)
    """
    fig = Figure(layout=dict(template=TEMPLATE))
    groups = (("nobody left", NOBODY, lambda e: e == (0, 0), lambda e: "nobody left"),
              ("defenders hold", DEFENDER, lambda e: e[1] > 0, lambda e: f"{_units(e[1], 'defender')} left"),
              ("attackers take it", ATTACKER, lambda e: e[0] > 0, lambda e: f"{_units(e[0], 'attacker')} left"))
    probs = ends.fractions()  # printed as sympy would print them
    for name, colour, keep, label in groups:
        chosen = sorted((e for e in probs if keep(e)), key=lambda e: e[0] - e[1])
        if chosen:
            fig.add_trace(go.Bar(x=[e[0] - e[1] for e in chosen], y=[float(probs[e]) for e in chosen],
                                 customdata=[[label(e), exact_text(probs[e])] for e in chosen], marker_color=colour,
                                 name=name, hovertemplate="%{customdata[0]}: %{customdata[1]}<extra></extra>"))
    low = -max((e[1] for e in probs), default=0)
    high = max((e[0] for e in probs), default=0)
    ticks = _ticks(low, high)
    fig.update_layout(title=title, yaxis_title="probability", height=360, margin=dict(l=50, r=20, t=50, b=60),
                      bargap=0.05, xaxis=dict(title="units left at the end", tickvals=ticks,
                                              ticktext=[_side(v) for v in ticks]))
    return fig


def _ticks(low: int, high: int, most: int = 6) -> list[int]:
    """0 and up to ``most`` evenly spaced ticks on each side."""
    step = max(1, -(-max(-low, high) // most))
    return list(range(-(-low // step) * step, high + 1, step))


def _side(v: int) -> str:
    return "nobody" if v == 0 else _units(-v, "defender") if v < 0 else _units(v, "attacker")


def _units(n: int, side: str) -> str:
    """``1 defender``, ``3 defenders``."""
    return f"{n} {side}{'s' if n != 1 else ''}"


def win_heatmap(table: list[list], title: str) -> go.Figure:
    """P(attacker wins) for every (attackers, defenders) start; exact fractions on hover.

    >>> from zaarlab.zargos.odds import win_table
    >>> fig = win_heatmap(win_table(2, 2), "P(win)")
    >>> fig.data[0].customdata[1][0]
    '107/245 ≈ 43.67%'
    """
    fig = Figure(layout=dict(template=TEMPLATE), data=go.Heatmap(
        z=[[float(p) for p in row] for row in table],
        customdata=[[exact_text(p) for p in row] for row in table],
        x=list(range(1, len(table[0]) + 1)), y=list(range(1, len(table) + 1)),
        colorscale="RdBu_r", zmin=0, zmax=1, colorbar=dict(title="P(win)"),
        hovertemplate="%{y} attackers v %{x} defenders: %{customdata}<extra></extra>"))
    fig.update_layout(title=title, xaxis_title="defenders", yaxis_title="attackers", height=460,
                      margin=dict(l=60, r=20, t=50, b=50))
    return fig


def demons_figure(curves: dict[int, list], title: str = "Surviving the demons of Zargos") -> go.Figure:
    """P(at least one unit survives) against the units sent, one line per number of demon dice.

    ``curves`` maps demon dice to the probabilities for 1, 2, ... units.
    """
    fig = Figure(layout=dict(template=TEMPLATE))
    for dice, probs in curves.items():
        fig.add_trace(go.Scatter(x=list(range(1, len(probs) + 1)), y=[float(p) for p in probs],
                                 customdata=[exact_text(p) for p in probs], mode="lines+markers", name=f"{dice} dice",
                                 hovertemplate="%{x} units: %{customdata}<extra></extra>"))
    fig.update_layout(title=title, xaxis_title="units sent", yaxis_title="P(province taken)", height=360,
                      margin=dict(l=50, r=20, t=50, b=40))
    return fig
