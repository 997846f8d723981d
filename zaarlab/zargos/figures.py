"""Plotly figures for Zargos: the round planet, battle outcomes, win heat maps, the demons. Pure functions."""

from __future__ import annotations

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
PEOPLE_COLOURS = {"knights": theme.GREY, "spiders": theme.PURPLE, "amazons": theme.GREEN, "monks": theme.ORANGE,
                  "dragons": theme.VERMILLION, "winged": theme.SKY}


def planet_figure(planet: Planet, highlight: tuple[str, ...] = (), title: str = "The planet Zargos") -> go.Figure:
    """The planet as a map: every province a region coloured by its kingdom, sea spaces as water, capitals starred,
    every region named; ``highlight`` regions outlined in orange. (The graph view: :func:`planet_graph_figure`.)

    >>> from zaarlab.zargos.board import load_planet
    >>> fig = planet_figure(load_planet(), highlight=("FC",))
    >>> [trace.name for trace in fig.data][:4], fig.data[-2].name
    (['seas', 'names', 'Kingdom of Zargos', 'Kori'], 'highlighted')
    """
    fig = Figure(layout=dict(template=TEMPLATE))
    _water(fig, planet)
    for colour, kingdom in zip(KINGDOM_COLOURS, planet.kingdoms.values(), strict=False):
        _regions(fig, planet, kingdom.provinces, colour, kingdom.name,
                 [_province_hover(planet, p) for p in kingdom.provinces])
    _outline(fig, planet, highlight)
    _labels(fig, planet, planet.provinces, size=9)
    return _finish_map(fig, title)


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
    return _finish_map(fig, title)


def board_figure(state, title: str | None = None, targets: tuple[str, ...] = (), chosen: tuple[str, ...] = (),
                 changed: tuple[str, ...] = ()) -> go.Figure:
    """A game position on the map: each province coloured by the people holding it, its units in large type;
    ``targets`` outlined in orange, ``chosen`` in black, ``changed`` (since the player last acted) ringed in a dotted
    black line, and under every province a point whose ``customdata`` is the province (what a click on the map
    reports, :mod:`zaarlab.ui.chart_clicks`).

    >>> from zaarlab.zargos.state import ZargosGame
    >>> state = ZargosGame(players=2).initial_state()
    >>> fig = board_figure(state, targets=("FC",))
    >>> [trace.name for trace in fig.data][:3], fig.data[-1].name, "FC" in fig.data[-1].customdata
    (['seas', 'names', 'empty'], 'provinces', True)
    """
    planet = state.game.planet
    fig = Figure(layout=dict(template=TEMPLATE))
    _water(fig, planet)
    groups: dict[str, list[str]] = {}
    for province in planet.provinces:
        groups.setdefault(state.holder(province) or "empty", []).append(province)
    for people, provinces in sorted(groups.items(), key=lambda item: (item[0] == "empty", item[0])):
        _regions(fig, planet, provinces, PEOPLE_COLOURS.get(people, "#FFFFFF"), people,
                 [f"{_province_hover(planet, p)}: {state.units(p)} {people}" for p in provinces])
    graph = planet.graph
    held = [p for p in planet.provinces if state.units(p)]
    fig.add_trace(go.Scatter(
        x=[graph.nodes[p]["pos"][0] for p in held], y=[graph.nodes[p]["pos"][1] for p in held], mode="text",
        text=[f"<b>{state.units(p)}</b>" for p in held], textfont=dict(size=16, color=theme.BLACK),
        name="units", hoverinfo="skip", showlegend=False))
    _labels(fig, planet, [p for p in planet.provinces if not state.units(p)], size=8)
    _outline(fig, planet, targets)
    _ring(fig, planet, changed, "changed since your move", dict(color=theme.BLACK, width=3, dash="dot"))
    _ring(fig, planet, chosen, "chosen", dict(color=theme.BLACK, width=5))
    provinces = list(planet.provinces)
    fig.add_trace(go.Scatter(  # a click anywhere near a province's centre picks it
        x=[graph.nodes[p]["pos"][0] for p in provinces], y=[graph.nodes[p]["pos"][1] for p in provinces],
        mode="markers", marker=dict(size=30, color="rgba(255,255,255,0.01)"), customdata=provinces,
        name="provinces", hoverinfo="none", showlegend=False))
    return _finish_map(fig, title or str(state))


def _ring(fig: go.Figure, planet: Planet, provinces: tuple[str, ...], name: str, line: dict) -> None:
    """A line around each of ``provinces`` (none drawn for none), named ``name`` in the legend."""
    if provinces:
        cells = regions(planet)
        fig.add_trace(go.Scatter(x=[x for n in provinces for x, _ in (*cells[n], cells[n][0], (None, None))],
                                 y=[y for n in provinces for _, y in (*cells[n], cells[n][0], (None, None))],
                                 mode="lines", line=line, name=name, hoverinfo="skip"))


def _water(fig: go.Figure, planet: Planet) -> None:
    """The sea spaces (and the lake) as water, named."""
    _regions(fig, planet, planet.seas, theme.WATER, "seas",
             [f"{planet.graph.nodes[s]['name']} ({planet.graph.nodes[s]['kind']})" for s in planet.seas],
             line=SEA_BLUE)
    _labels(fig, planet, planet.seas, size=8, colour=SEA_BLUE)


def _regions(fig: go.Figure, planet: Planet, nodes, colour: str, name: str, hover: list[str],
             line: str = "#555555") -> None:
    """One trace of filled regions, one hover text per region."""
    xs, ys, texts = [], [], []
    cells = regions(planet)
    for node, text in zip(nodes, hover, strict=True):
        points = [*cells[node], cells[node][0]]
        xs += [x for x, _ in points] + [None]
        ys += [y for _, y in points] + [None]
        texts += [text] * len(points) + [None]
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", fill="toself", fillcolor=colour, name=name,
                             line=dict(color=line, width=1), hoverinfo="text", hovertext=texts, hoveron="fills"))


def _outline(fig: go.Figure, planet: Planet, nodes) -> None:
    cells = regions(planet)
    xs, ys = [], []
    for node in nodes:
        points = [*cells[node], cells[node][0]]
        xs += [x for x, _ in points] + [None]
        ys += [y for _, y in points] + [None]
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color=HIGHLIGHT, width=4), name="highlighted",
                             hoverinfo="skip", showlegend=bool(nodes)))


def _labels(fig: go.Figure, planet: Planet, nodes, size: int, colour: str = theme.BLACK) -> None:
    graph = planet.graph
    stars = [n for n in nodes if graph.nodes[n].get("capital")]
    fig.add_trace(go.Scatter(
        x=[graph.nodes[n]["pos"][0] for n in nodes], y=[graph.nodes[n]["pos"][1] for n in nodes], mode="text",
        text=[f"★ {n}" if n in stars else n for n in nodes], textfont=dict(size=size, color=colour),
        hoverinfo="skip", showlegend=False, name="names"))


def _finish_map(fig: go.Figure, title: str) -> go.Figure:
    fig.update_layout(title=title, height=640, margin=dict(l=10, r=10, t=40, b=10), plot_bgcolor="white",
                      # the disc keeps its shape by shrinking its box, not by widening its ranges (which plotly
                      # widens anew at each redraw to a new size: the planet shrank to a third of its box)
                      xaxis=dict(visible=False, range=[-RADIUS - 0.3, RADIUS + 0.3], constrain="domain"),
                      yaxis=dict(visible=False, scaleanchor="x", range=[-RADIUS - 0.3, RADIUS + 0.3],
                                 constrain="domain"),
                      legend=dict(font=dict(size=11), itemsizing="constant"))
    return fig


def _province_hover(planet: Planet, province: str) -> str:
    parts = [f"{province} — {planet.kingdoms[planet.kingdom_of(province)].name}"]
    if planet.is_capital(province):
        parts.append("capital")
    if planet.is_coastal(province):
        parts.append("coastal")
    if planet.ring(province) != "outer":
        parts.append(f"ring {planet.ring(province)}")
    return ", ".join(parts)


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
