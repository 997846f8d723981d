"""The hold advisor: set the five dice, hold some, roll the rest, and read the exact P(win) of every hold.

Thin glue over :func:`zaarlab.zogars_gaze.odds.hold_advice` and :mod:`zaarlab.zogars_gaze.figures`.
"""

from __future__ import annotations

import random

import ipywidgets as widgets

from ..ui import as_html, show_figure
from .figures import policies_figure
from .odds import hold_advice

REQUIREMENTS = ("3x5", "2x3", "4x6", "straight:1-4", "straight:2-6", "5x*")


class HoldAdvisor:
    """A dice table for one combat.

    >>> advisor = HoldAdvisor(dice=(1, 1, 2, 5, 6))
    >>> advisor.text.splitlines()[0]
    'best: keep [5] -> P(win) = 26159/69984 ≈ 37.38%'
    >>> advisor.held[3].value = True           # hold the 5
    >>> advisor.text.splitlines()[1]
    'your hold [5] -> 26159/69984 ≈ 37.38%'
    """

    def __init__(self, requirement: str = "3x5", dice: tuple[int, ...] = (1, 1, 2, 5, 6), rolls_left: int = 2,
                 seed: int = 0):
        self.rng = random.Random(seed)
        self.requirement = widgets.Dropdown(options=REQUIREMENTS, value=requirement, description="enemy needs")
        self.dice = [widgets.Dropdown(options=list(range(1, 7)), value=d, layout=widgets.Layout(width="60px"))
                     for d in dice]
        self.held = [widgets.ToggleButton(description="hold", layout=widgets.Layout(width="60px")) for _ in dice]
        self.rolls_left = widgets.IntSlider(value=rolls_left, min=0, max=2, description="rolls left")
        self.roll = widgets.Button(description="roll the others")
        self.roll.on_click(lambda _: self.roll_unheld())
        self.report = widgets.HTML()
        self.chart = widgets.Output()
        self.figure = None
        for control in (*self.dice, *self.held, self.rolls_left):
            control.observe(self._update, names="value")
        self.requirement.observe(self._new_requirement, names="value")
        self._new_requirement()
        columns = [widgets.VBox([die, hold]) for die, hold in zip(self.dice, self.held, strict=True)]
        self.box = widgets.VBox([self.requirement, widgets.HBox(columns), widgets.HBox([self.rolls_left, self.roll]),
                                 self.report, self.chart])

    def roll_unheld(self) -> None:
        """Reroll every die not held, using up one roll."""
        if self.rolls_left.value == 0:
            return
        with self.rolls_left.hold_trait_notifications():
            for die, hold in zip(self.dice, self.held, strict=True):
                if not hold.value:
                    die.value = self.rng.randint(1, 6)
            self.rolls_left.value -= 1
        self._update()

    def _new_requirement(self, _change=None) -> None:
        self.figure = policies_figure(self.requirement.value)
        show_figure(self.chart, self.figure)
        self._update()

    def _update(self, _change=None) -> None:
        dice = tuple(d.value for d in self.dice)
        advice = hold_advice(self.requirement.value, dice, self.rolls_left.value)
        if advice.already_won:
            self.text = f"{sorted(dice)} beats {self.requirement.value}: the enemy is dead."
        elif not advice.ranking:
            self.text = f"No roll left: {sorted(dice)} does not beat {self.requirement.value}."
        else:
            mine = tuple(sorted(d.value for d, h in zip(self.dice, self.held, strict=True) if h.value))
            best, p_best = advice.ranking[0]
            lines = [f"best: keep {list(best)} -> P(win) = {p_best} ≈ {100 * float(p_best):.2f}%",
                     f"your hold {list(mine)} -> {advice.p(mine)} ≈ {100 * float(advice.p(mine)):.2f}%",
                     f"simple hold {list(advice.simple)} -> {advice.p(advice.simple)}", "every hold:"]
            lines += [f"  keep {str(list(h)):<18} {str(p):>24}  {100 * float(p):6.2f}%" for h, p in advice.ranking]
            self.text = "\n".join(lines)
        self.report.value = as_html(self.text)
