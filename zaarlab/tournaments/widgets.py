"""The face of a tournament (:mod:`zaarlab.tournaments`): the chart of who won, and the widget that seats the bots,
plays a seeded series with a progress bar and charts it. Kept apart so that playing games needs no plotly nor
ipywidgets (a bots module imports in a fraction of the time).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

import ipywidgets as widgets
import plotly.graph_objects as go

from ..core.readable import exact_text
from ..ui import controls, theme
from ..ui.panel import Panel, as_html, guarded, row, show_figure
from ..ui.theme import TEMPLATE, Figure
from . import Standing, Tournament, tournament, winning_seats

WIN, OTHER = theme.WIN, theme.EVEN


def tournament_figure(result: Tournament) -> go.Figure:
    """Each seat's share of wins, and of the other endings, from a seeded tournament.

    >>> fig = tournament_figure(Tournament(("cautious", "bold"), (3, 5), 10, (("Zogar (7 Gazes)", 2),)))
    >>> list(fig.data[0].x), list(fig.data[0].y)
    (['seat 1: cautious', 'seat 2: bold', 'Zogar (7 Gazes)'], [0.3, 0.5, 0.2])
    """
    names = [f"seat {i + 1}: {name}" for i, name in enumerate(result.names)] + [e for e, _ in result.endings]
    counts = [*result.wins, *(n for _, n in result.endings)]
    fig = Figure(layout=dict(template=TEMPLATE), data=go.Bar(
        x=names, y=[c / result.games for c in counts], text=counts,
        marker_color=[WIN] * len(result.wins) + [OTHER] * len(result.endings)))
    fig.update_layout(title=f"{result.games} seeded games", yaxis=dict(title="share of games", range=[0, 1]),
                      height=320, margin=dict(l=50, r=20, t=50, b=60))
    return fig


def leaderboard_figure(standings: Sequence[Standing], opponents: Sequence[str]) -> go.Figure:
    """A leaderboard (:func:`zaarlab.tournaments.leaderboard`): each contender's share of the games it won in the
    first seat, the best at the top, each bar with its exact fraction and percent.

    >>> fig = leaderboard_figure([Standing("mine", 12, 40), Standing("bold", 9, 40)], ["cautious", "bold"])
    >>> list(fig.data[0].y), list(fig.data[0].text)
    (['bold', 'mine'], ['9/40 ≈ 22.50%', '3/10 ≈ 30.00%'])
    """
    shown = list(reversed(standings))  # plotly draws the first bar at the bottom
    fig = Figure(layout=dict(template=TEMPLATE), data=go.Bar(
        y=[s.name for s in shown], x=[s.wins / s.games for s in shown], orientation="h", marker_color=WIN,
        text=[exact_text(Fraction(s.wins, s.games)) for s in shown], textposition="auto",
        hovertemplate="%{y}: won %{customdata} games<extra></extra>",
        customdata=[f"{s.wins} of {s.games}" for s in shown]))
    games = standings[0].games if standings else 0
    fig.update_layout(title=f"Who wins most: {games} seeded games each, against {' and '.join(opponents)}",
                      xaxis=dict(title="share of games won", range=[0, 1], tickformat=".0%"),
                      height=120 + 45 * len(standings), margin=dict(l=90, r=20, t=60, b=50))
    return fig


class TournamentRunner(Panel):
    """Seat bots, play a seeded series of games with a progress bar, and chart who won.

    ``make_game(players)`` builds the game for the seats chosen; ``verdict`` as in :func:`tournament`.
    """

    title = "the tournament runner"

    def __init__(self, make_game: Callable[[int], object], bots: Mapping[str, Callable], seats: Sequence[str],
                 games: int = 40, seed: int = 0, verdict: Callable = winning_seats):
        self.make_game, self.bots, self.seed, self.verdict = make_game, bots, seed, verdict
        self.seats = [controls.Menu(options=sorted(bots), value=name, description=f"seat {i + 1}")
                      for i, name in enumerate(seats)]
        self.games = controls.Slider(value=games, min=2, max=200, step=2, description="games")
        self.button = controls.Button(description="play them")
        self.progress = widgets.IntProgress(value=0, min=0, max=games, description="played")
        self.status = widgets.HTML()
        self.button.on_click(guarded(self.run, self.status))
        for control in (*self.seats, self.games):
            control.observe(guarded(self.ready, self.status), "value")
        self.chart = widgets.Output()
        self.result, self.figure = None, None
        self.box = widgets.VBox([row(self.seats), row([self.games, self.button]), self.progress,
                                 self.status, self.chart])
        self.ready()

    def ready(self) -> None:
        """Say what *play them* will play, as soon as a seat or the number of games changes: the reader sees the
        choice reached Python (a click sent right after a slider move can overtake the move's last update).

        >>> from zaarlab.zerzura.widgets import tournament_runner
        >>> runner = tournament_runner(seats=("planner", "random"), games=4)
        >>> runner.games.value = 6
        >>> "6 games to play: planner against random" in runner.status.value, runner.progress.max
        (True, 6)
        """
        self.progress.max, self.progress.value = self.games.value, 0
        self.status.value = as_html(f"{self.games.value} games to play: "
                                    + " against ".join(s.value for s in self.seats))

    def run(self) -> None:
        self.progress.value = 0

        def advance(done: int) -> None:
            self.progress.value = done

        names = [s.value for s in self.seats]
        self.result = tournament(self.make_game(len(names)), self.bots, names, self.games.value, seed=self.seed,
                                 progress=advance, verdict=self.verdict)
        self.figure = tournament_figure(self.result)
        self.status.value = as_html(f"{self.result.games} games played")
        show_figure(self.chart, self.figure)
