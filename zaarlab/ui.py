"""Small helpers shared by every game's widgets."""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Sequence

import ipywidgets as widgets
import plotly.graph_objects as go

from .core.play import Session

PLOTLY_MIME = "application/vnd.plotly.v1+json"


def show_figure(output: widgets.Output, figure: go.Figure) -> None:
    """Replace what ``output`` shows with ``figure``, rendered by plotly's mimetype renderer.

    The output is written as data, not printed inside ``with output:``, so it behaves the same in
    JupyterLab, Voila, nbval and a plain test (where ``display`` has no kernel to talk to).

    >>> out = widgets.Output()
    >>> show_figure(out, go.Figure(go.Bar(x=[1], y=[2])))
    >>> out.outputs[0]["data"][PLOTLY_MIME]["data"][0]["y"]
    [2]
    """
    bundle = {PLOTLY_MIME: json.loads(figure.to_json()), "text/plain": f"<plotly figure: {_title(figure)}>"}
    output.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},)


def _title(figure: go.Figure) -> str:
    return figure.layout.title.text or "untitled"


def as_html(text: str) -> str:
    """Plain text for an ``ipywidgets.HTML``: escaped, lines kept.

    >>> as_html("P(a < b) = 1/2")
    '<pre style="margin: 0">P(a &lt; b) = 1/2</pre>'
    """
    return f'<pre style="margin: 0">{html.escape(text)}</pre>'


class GameViewer:
    """Step through a seeded game: bots (or you) move; the status, a figure and the rule-by-rule log follow.

    Each game subclasses it with :meth:`describe` (a status line) and :meth:`draw` (a figure, or ``None``).
    ``seat``: a player index you play yourself (pick your move in the list and press *play*), or ``None``.
    """

    def __init__(self, game, bots: Sequence[Callable | None], seed: int = 0, seat: int | None = None,
                 log_lines: int = 14):
        bots = [None if player == seat else bot for player, bot in enumerate(bots)]
        self.session = Session(game.initial_state(), bots, seed=seed)
        self.log_lines = log_lines
        self.buttons = {name: widgets.Button(description=name) for name in ("step", "next turn", "undo", "play")}
        self.buttons["step"].on_click(lambda _: self.step())
        self.buttons["next turn"].on_click(lambda _: self.to_next_turn())
        self.buttons["undo"].on_click(lambda _: self.undo())
        self.buttons["play"].on_click(lambda _: self.play_chosen())
        self.choice = widgets.Dropdown(description="your move", layout=widgets.Layout(width="60%"))
        self.status, self.log = widgets.HTML(), widgets.HTML()
        self.map = widgets.Output()
        self.figure = None
        self.refresh()
        self.box = widgets.VBox([
            widgets.HBox([self.buttons["step"], self.buttons["next turn"], self.buttons["undo"]]),
            widgets.HBox([self.choice, self.buttons["play"]]), self.status, self.map, self.log,
        ])

    def describe(self, state) -> str:
        """The status line under the buttons."""
        return str(state)

    def draw(self, state) -> go.Figure | None:
        """The figure of the position, or ``None`` for none."""
        return None

    def step(self) -> None:
        self.session.step()
        self.refresh()

    def to_next_turn(self) -> None:
        turn = self.session.state.turn
        self.session.run_until(lambda state: state.turn > turn)
        self.refresh()

    def undo(self) -> None:
        self.session.undo()
        self.refresh()

    def play_chosen(self) -> None:
        if self.session.waiting_for_person() and self.choice.value is not None:
            self.session.play(self.choice.value)
            self.refresh()

    def refresh(self) -> None:
        state = self.session.state
        waiting = self.session.waiting_for_person()
        self.choice.options = [(str(a), a) for a in state.legal_actions()] if waiting else []
        self.choice.disabled = self.buttons["play"].disabled = not waiting
        self.text = self.describe(state)
        self.status.value = as_html(self.text)
        self.log.value = as_html("\n".join(state.log[-self.log_lines:]))
        self.figure = self.draw(state)
        if self.figure is not None:
            show_figure(self.map, self.figure)
