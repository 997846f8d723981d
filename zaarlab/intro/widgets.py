"""The dice-sum explorer: sliders for the number of dice and a threshold, an exact answer, a chart.

Thin glue: every number comes from :mod:`zaarlab.intro.odds`, every chart from
:mod:`zaarlab.intro.figures`.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..core.dice import sum_dist
from ..core.readable import exact_text
from ..ui import controls
from ..ui.panel import Panel, guarded, row, set_range, show_figure
from .figures import sum_figure


class DiceSumExplorer(Panel):
    """``display(DiceSumExplorer())``; ``.answer.value`` holds the exact fraction shown. When the number of dice
    changes, the threshold moves to the middle of the new range.

    >>> explorer = DiceSumExplorer(dice=3, faces=6)
    >>> explorer.at_least.value = 10
    >>> explorer.answer.value
    'P(sum of 3d6 ≥ 10) = 5/8 ≈ 62.50%'
    """

    title = "the dice-sum explorer"

    def __init__(self, dice: int = 3, faces: int = 6, max_dice: int = 10):
        self.faces = faces
        self.dice = controls.Slider(value=dice, min=1, max=max_dice, description="dice",
                                      continuous_update=False)
        self.at_least = controls.Slider(description="sum at least", continuous_update=False,
                                          style={"description_width": "initial"})
        self.answer = widgets.Label()
        self.chart = widgets.Output()
        self.figure = None
        self._set_range()
        self.dice.observe(guarded(self._on_dice, self.answer), names="value")
        self.at_least.observe(guarded(self._redraw, self.answer), names="value")
        self._redraw()
        self.box = widgets.VBox([row([self.dice, self.at_least]), self.answer, self.chart])

    def _set_range(self) -> bool:
        n = self.dice.value
        return set_range(self.at_least, n, n * self.faces, (n * (self.faces + 1) + 1) // 2)

    def _on_dice(self) -> None:
        if not self._set_range():  # else the threshold's own observer has redrawn
            self._redraw()

    def _redraw(self) -> None:
        n, total = self.dice.value, self.at_least.value
        sums = sum_dist(n, self.faces)
        p = sums.fraction(lambda s: s >= total)  # p_sum_at_least's value, without importing sympy into the page
        self.answer.value = f"P(sum of {n}d{self.faces} ≥ {total}) = {exact_text(p)}"
        self.figure = sum_figure(sums, f"Sum of {n}d{self.faces}", at_least=total)
        show_figure(self.chart, self.figure)
