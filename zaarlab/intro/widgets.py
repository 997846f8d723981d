"""The dice-sum explorer: sliders for the number of dice and a threshold, an exact answer, a chart.

Thin glue: every number comes from :mod:`zaarlab.intro.odds`, every chart from
:mod:`zaarlab.intro.figures`.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..core.dice import sum_dist
from ..ui import show_figure
from .figures import sum_figure
from .odds import p_sum_at_least


class DiceSumExplorer:
    """``display(DiceSumExplorer().box)``; ``.answer.value`` holds the exact fraction shown.

    >>> explorer = DiceSumExplorer(dice=3, faces=6)
    >>> explorer.at_least.value = 10
    >>> explorer.answer.value
    'P(sum of 3d6 ≥ 10) = 5/8 ≈ 62.50%'
    """

    def __init__(self, dice: int = 3, faces: int = 6, max_dice: int = 10):
        self.faces = faces
        self.dice = widgets.IntSlider(value=dice, min=1, max=max_dice, description="dice",
                                      continuous_update=False)
        self.at_least = widgets.IntSlider(description="sum at least", continuous_update=False,
                                          style={"description_width": "initial"})
        self.answer = widgets.Label()
        self.chart = widgets.Output()
        self.figure = None
        self._set_range()
        self.dice.observe(self._on_dice, names="value")
        self.at_least.observe(self._redraw, names="value")
        self._redraw()
        self.box = widgets.VBox([widgets.HBox([self.dice, self.at_least]), self.answer, self.chart])

    def _set_range(self) -> None:
        n = self.dice.value
        middle = (n * (self.faces + 1) + 1) // 2
        with self.at_least.hold_trait_notifications():
            self.at_least.max = n * self.faces
            self.at_least.min = n
            self.at_least.value = middle

    def _on_dice(self, _change=None) -> None:
        self._set_range()
        self._redraw()

    def _redraw(self, _change=None) -> None:
        n, total = self.dice.value, self.at_least.value
        p = p_sum_at_least(n, self.faces, total)
        self.answer.value = f"P(sum of {n}d{self.faces} ≥ {total}) = {p} ≈ {100 * float(p):.2f}%"
        self.figure = sum_figure(sum_dist(n, self.faces), f"Sum of {n}d{self.faces}", at_least=total)
        show_figure(self.chart, self.figure)
