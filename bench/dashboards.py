"""The classroom dashboards as a student feels them: the time each control's callback takes, headless.

Every control of the six dashboards is driven 60 times (a slider back and forth across its range, a toggle on
and off, a menu through its options, a button pressed), the callback timed from the value change to the last
update of the widget (figures included). The baseline in the same run is the cheapest thing a dashboard does on
every change: writing one already-built figure into its output. Goal: p95 under 50 ms for every control.
Run: .venv/bin/python bench/dashboards.py
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import plotly.graph_objects as go
from ipywidgets import Output

from zaarlab.intro.widgets import DiceSumExplorer
from zaarlab.ui.panel import show_figure
from zaarlab.zaar.widgets import AstrolabeBattle, MansionBuilder
from zaarlab.zargos.widgets import BattleCalculator
from zaarlab.zerzura.widgets import CollectionBuilder
from zaarlab.zogars_gaze.widgets import HoldAdvisor

MOVES = 60


def slide(slider, low=None, high=None) -> Callable[[int], None]:
    low = slider.min if low is None else low
    high = slider.max if high is None else high
    span = list(range(low, high + 1)) + list(range(high - 1, low, -1))
    return lambda i: setattr(slider, "value", span[i % len(span)])


def toggle(control) -> Callable[[int], None]:
    return lambda i: setattr(control, "value", not control.value)


def choose(menu) -> Callable[[int], None]:
    values = [o[1] if isinstance(o, tuple) else o for o in menu.options]
    return lambda i: setattr(menu, "value", values[i % len(values)])


def place(builder: MansionBuilder) -> None:
    """Click the first cell where the room fits on the map, then *place*: what a student does for each room."""
    if builder.fitting:
        builder.click_cell(builder.numbers[builder.fitting[0]])
    builder.buttons["place"].click()


def controls() -> tuple[AstrolabeBattle, dict[str, Callable[[int], None]]]:
    dice, battle, hold, collection = DiceSumExplorer(), BattleCalculator(), HoldAdvisor(), CollectionBuilder()
    astro, builder = AstrolabeBattle(), MansionBuilder(seed=1, mission_odds=True)
    astro.read()
    found = {
        "dice: dice": slide(dice.dice), "dice: sum at least": lambda i: slide(
            dice.at_least, dice.at_least.min, dice.at_least.max)(i),
        "battle: attackers": slide(battle.attackers, 1, 30), "battle: defenders": slide(battle.defenders, 1, 30),
        "battle: capital": toggle(battle.capital), "battle: attacker war": toggle(battle.attacker_war),
        "battle: defender war": toggle(battle.defender_war),
        "hold: enemy needs": choose(hold.requirement), "hold: a die": choose(hold.dice[0]),
        "hold: a hold": lambda i: setattr(hold.tray, "held", [j == 3 and i % 2 == 0 for j in range(5)]),
        "hold: rolls left": slide(hold.rolls_left),
        "hold: roll the others": lambda i: (setattr(hold.rolls_left, "value", 2), hold.roll.click()),
        "collection: an Object": slide(collection.quantity["lamp"]),
        "collection: a Guard": toggle(collection.character["guard_plus_1"]),
        "collection: Goods cards": lambda i: slide(collection.goods_cards, collection.goods_cards.min, 30)(i),
        "collection: stored": slide(collection.stored, 0, 30),
        "astrolabe: wisdom": slide(astro.wisdom), "astrolabe: Warrior": toggle(astro.warrior),
        "astrolabe: read": lambda i: astro.buttons["read the astrolabe"].click(),
        "astrolabe: throw": lambda i: astro.buttons["throw the raml"].click(),
        "builder: turn": slide(builder.rotation), "builder: room": choose(builder.room),
        "builder: place + undo": lambda i: place(builder) if i % 2 == 0 else builder.buttons["undo"].click(),
    }
    return astro, found


def p95(times: list[float]) -> float:
    return sorted(times)[int(0.95 * (len(times) - 1))]


def main() -> None:
    figure, out = go.Figure(go.Bar(x=list(range(20)), y=list(range(20)))), Output()
    baseline = []
    for _ in range(MOVES):
        start = time.perf_counter()
        show_figure(out, figure)
        baseline.append(time.perf_counter() - start)
    print(f"baseline (write one built figure into an output): median {1000 * statistics.median(baseline):.1f} ms")
    print("control                        median ms  p95 ms  p95 / baseline")
    worst = 0.0
    astro, found = controls()
    for name, move in found.items():
        times = []
        for i in range(MOVES):
            if name == "astrolabe: throw" and astro.outcome:  # a new battle, untimed, when one is over
                astro.read()
            start = time.perf_counter()
            move(i)
            times.append(time.perf_counter() - start)
        worst = max(worst, p95(times))
        print(f"{name:<30} {1000 * statistics.median(times):>9.1f}  {1000 * p95(times):>6.1f}  "
              f"{p95(times) / statistics.median(baseline):>10.0f}x")
    print(f"worst p95: {1000 * worst:.1f} ms (goal: under 50 ms)")


if __name__ == "__main__":
    main()
