"""Thin ipywidgets glue for the Zargos notebooks: a province explorer and a battle calculator.

All answers come from :mod:`zaarlab.zargos.board` and :mod:`zaarlab.zargos.odds`; all drawings from
:mod:`zaarlab.zargos.figures`.
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as widgets

from ..core.readable import exact_html, exact_text
from ..ui import controls
from ..ui.panel import GameViewer, Panel, as_html, guarded, row, show_figure
from .board import Planet, load_planet
from .bots import greedy_bot
from .figures import battle_figure, board_figure, planet_figure, win_heatmap
from .odds import battle_dist, win_table
from .state import ZargosGame


class ProvinceExplorer(Panel):
    """Pick a province: its kingdom, land neighbours and every sea route with its boat cost, each place by its name
    and its id (the id is what the map's data file and the lesson plans use).

    >>> explorer = ProvinceExplorer()
    >>> explorer.province.value = "KORI-3"
    >>> print(explorer.text)
    Reedwater (KORI-3), in Kori: coastal
    land neighbours: Korhold (KORI-1), Fenmarch (KORI-2), Lakeside (KORI-4)
    by sea: Lakeside (KORI-4) (1 boat), Mirrormere (LUDOS-3) (1 boat), Swanbank (LUDOS-4) (1 boat)
    """

    title = "the province explorer"

    def __init__(self, planet: Planet | None = None, province: str = "FC"):
        self.planet = planet or load_planet()
        self.province = controls.Menu(options=[(self._named(p), p) for p in self.planet.provinces], value=province,
                                      description="province")
        self.report = widgets.HTML()
        self.map = widgets.Output()
        self.figure = None
        self.province.observe(guarded(self._update, self.report), names="value")
        self._update()
        self.box = widgets.VBox([self.province, self.report, self.map])

    def _update(self) -> None:
        p, planet = self.province.value, self.planet
        traits = [t for t, on in (("capital", planet.is_capital(p)), ("coastal", planet.is_coastal(p))) if on]
        if planet.ring(p) != "outer":
            traits.append(f"demons: {planet.ring(p)} ring")
        routes = planet.sea_routes_from(p)
        by_sea = ", ".join(f"{self._named(q)} ({n} boat{'s' if n > 1 else ''})" for q, n in routes.items()) or "none"
        self.text = (f"{self._named(p)}, in {planet.names[planet.kingdom_of(p)]}: {', '.join(traits) or 'inland'}\n"
                     f"land neighbours: {', '.join(map(self._named, planet.land_neighbours(p)))}\nby sea: {by_sea}")
        self.report.value = as_html(self.text)
        highlight = (p, *planet.land_neighbours(p), *planet.seas_touching(p))
        self.figure = planet_figure(planet, highlight=highlight, title=f"{planet.names[p]} and its neighbours")
        show_figure(self.map, self.figure)

    def _named(self, place: str) -> str:
        return f"{self.planet.names[place]} ({place})"


class BattleCalculator(Panel):
    """Sliders for the two sides, toggles for walls and Winds of War; exact outcome fractions and charts.

    >>> calc = BattleCalculator()
    >>> calc.attackers.value, calc.defenders.value = 3, 1
    >>> print(calc.text)
    attacker takes the province: 6409/8575 ≈ 74.74%
    defender holds: 361/8575 ≈ 4.21%
    both wiped out, province empty: 361/1715 ≈ 21.05%
    """

    title = "the battle calculator"

    def __init__(self, attackers: int = 7, defenders: int = 5, max_units: int = 60, heatmap_size: int = 20):
        self.attackers = controls.Slider(value=attackers, min=1, max=max_units, description="attackers",
                                           continuous_update=False)
        self.defenders = controls.Slider(value=defenders, min=1, max=max_units, description="defenders",
                                           continuous_update=False)
        self.capital = controls.Checkbox(description="capital (walls)", indent=False)
        self.attacker_war = controls.Checkbox(description="attacker: Wind of War", indent=False)
        self.defender_war = controls.Checkbox(description="defender: Wind of War", indent=False)
        self.answer = widgets.HTML()
        self.answer.add_class("zaarlab-result")
        self.chart = widgets.Output()
        self.heatmap = widgets.Output()
        self.heatmap_size = heatmap_size
        self.figure = self.heatmap_figure = None
        self._heatmaps: dict[tuple, tuple] = {}
        for control in (self.attackers, self.defenders):
            control.observe(guarded(self._update_battle, self.answer), names="value")
        for toggle in (self.capital, self.attacker_war, self.defender_war):
            toggle.observe(guarded(self._update_all, self.answer), names="value")
        self._update_all()
        self.box = widgets.VBox([
            row([self.attackers, self.defenders]),
            row([self.capital, self.attacker_war, self.defender_war]),
            self.answer, self.chart, self.heatmap,
        ])

    def conditions(self) -> dict:
        return {"capital": self.capital.value, "attacker_war": self.attacker_war.value,
                "defender_war": self.defender_war.value}

    def _update_all(self) -> None:
        self._update_battle()
        key = tuple(self.conditions().values())
        if key not in self._heatmaps:  # eight at most; each is the same every time its toggles come back
            table = win_table(self.heatmap_size, self.heatmap_size, **self.conditions(), number=Fraction)
            figure = win_heatmap(table, f"P(attacker wins){self._suffix()}")
            self._heatmaps[key] = (figure, widgets.Output())
            show_figure(self._heatmaps[key][1], figure)
        self.heatmap_figure, shown = self._heatmaps[key]
        self.heatmap.outputs = shown.outputs

    def _update_battle(self) -> None:
        a, d = self.attackers.value, self.defenders.value
        ends = battle_dist(a, d, **self.conditions())
        lines = (("attacker takes the province", ends.fraction(lambda e: e[0] > 0)),
                 ("defender holds", ends.fraction(lambda e: e[1] > 0)),
                 ("both wiped out, province empty", ends.fraction((0, 0))))
        self.text = "\n".join(f"{name}: {exact_text(p)}" for name, p in lines)
        self.answer.value = "<br>".join(f"{name}: {exact_html(p)}" for name, p in lines)
        self.figure = battle_figure(ends, f"{a} attackers v {d} defenders{self._suffix()}")
        show_figure(self.chart, self.figure)

    def _suffix(self) -> str:
        on = [name.replace("_", " ") for name, value in self.conditions().items() if value]
        return f" ({', '.join(on)})" if on else ""


class GameViewer(GameViewer):
    """Step through a seeded game of Zargos: bots (or you) move, the map and the rule-by-rule log follow.

    ``people_seat``: a player index you play yourself (pick your move in the list), or ``None`` for bots only.

    >>> viewer = GameViewer(ZargosGame(players=3, turn_limit=2), seed=4)
    >>> viewer.to_next_turn(); viewer.session.state.turn
    1
    >>> viewer.step(); viewer.undo(); viewer.session.state.turn
    1
    """

    title = "the Zargos game viewer"

    def __init__(self, game: ZargosGame, seed: int = 0, people_seat: int | None = None, log_lines: int = 14):
        super().__init__(game, [greedy_bot] * game.players, seed=seed, seat=people_seat, log_lines=log_lines)

    def describe(self, state) -> str:
        points = ", ".join(f"{people} {n}" for people, n in state.points) or "not counted yet"
        outcome = f"the {state.winner} win" if state.winner else ("stopped at the turn limit"
                                                                  if state.is_terminal() else "")
        return f"{state}; points: {points}; boats: {list(state.boats)}" + (f"; {outcome}" if outcome else "")

    def draw(self, state):
        return board_figure(state)
