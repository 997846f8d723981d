"""Seeded bot tournaments for any game: who won how often, charted; and the widget that runs one.

A game supplies its bots by name and a ``verdict(final_state)``: the seats that won (shared wins count for each)
or the name of another ending ("Zogar (7 Gazes)", "turn limit").

Examples
--------
>>> from zaarlab.zerzura.bots import BOTS
>>> from zaarlab.zerzura.state import ZerzuraGame
>>> result = tournament(ZerzuraGame(players=2), BOTS, ["planner", "random"], games=4, seed=1)
>>> result.names, result.wins, result.games
(('planner', 'random'), (4, 0), 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import ipywidgets as widgets
import plotly.graph_objects as go

from .core.play import play
from .ui import show_figure

WIN, OTHER = "#2ca02c", "#d62728"


@dataclass(frozen=True)
class Tournament:
    """Wins per seat, and how many games ended otherwise (``endings``: name -> count)."""

    names: tuple[str, ...]
    wins: tuple[int, ...]
    games: int
    endings: tuple[tuple[str, int], ...] = ()


def _winners(final) -> tuple[int, ...] | str:
    return tuple(p for p, r in enumerate(final.returns()) if r > 0)


def tournament(game, bots: Mapping[str, Callable], names: Sequence[str], games: int, seed: int = 0,
               progress: Callable[[int], None] | None = None,
               verdict: Callable[[object], tuple[int, ...] | str] = _winners) -> Tournament:
    """Play ``games`` seeded games of ``game``, seat ``i`` played by ``bots[names[i]]``; ``progress(done)`` after each.

    ``verdict(final)`` names the winning seats, or returns a string for another ending (the default: every seat
    with a positive return won, and a game nobody won is a "no winner").
    """
    seats = [bots[name] for name in names]
    wins, endings = [0] * len(seats), Counter()
    for i in range(games):
        outcome = verdict(play(game, seats, seed=seed * 1_000_003 + i).final)
        if isinstance(outcome, str):
            endings[outcome] += 1
        elif not outcome:
            endings["no winner"] += 1
        for p in () if isinstance(outcome, str) else outcome:
            wins[p] += 1
        if progress:
            progress(i + 1)
    return Tournament(tuple(names), tuple(wins), games, tuple(sorted(endings.items())))


def tournament_figure(result: Tournament) -> go.Figure:
    """Each seat's share of wins, and of the other endings, from a seeded tournament.

    >>> fig = tournament_figure(Tournament(("cautious", "bold"), (3, 5), 10, (("Zogar (7 Gazes)", 2),)))
    >>> list(fig.data[0].x), list(fig.data[0].y)
    (['seat 1: cautious', 'seat 2: bold', 'Zogar (7 Gazes)'], [0.3, 0.5, 0.2])
    """
    names = [f"seat {i + 1}: {name}" for i, name in enumerate(result.names)] + [e for e, _ in result.endings]
    counts = [*result.wins, *(n for _, n in result.endings)]
    fig = go.Figure(go.Bar(x=names, y=[c / result.games for c in counts], text=counts,
                           marker_color=[WIN] * len(result.wins) + [OTHER] * len(result.endings)))
    fig.update_layout(title=f"{result.games} seeded games", yaxis=dict(title="share of games", range=[0, 1]),
                      height=320, margin=dict(l=50, r=20, t=50, b=60))
    return fig


class TournamentRunner:
    """Seat bots, play a seeded series of games with a progress bar, and chart who won.

    ``make_game(players)`` builds the game for the seats chosen; ``verdict`` as in :func:`tournament`.
    """

    def __init__(self, make_game: Callable[[int], object], bots: Mapping[str, Callable], seats: Sequence[str],
                 games: int = 40, seed: int = 0, verdict: Callable = _winners):
        self.make_game, self.bots, self.seed, self.verdict = make_game, bots, seed, verdict
        self.seats = [widgets.Dropdown(options=sorted(bots), value=name, description=f"seat {i + 1}")
                      for i, name in enumerate(seats)]
        self.games = widgets.IntSlider(value=games, min=2, max=200, step=2, description="games")
        self.button = widgets.Button(description="play them")
        self.button.on_click(lambda _: self.run())
        self.progress = widgets.IntProgress(value=0, min=0, max=games, description="played")
        self.chart = widgets.Output()
        self.result, self.figure = None, None
        self.box = widgets.VBox([widgets.HBox(self.seats), widgets.HBox([self.games, self.button]), self.progress,
                                 self.chart])

    def run(self) -> None:
        self.progress.max, self.progress.value = self.games.value, 0

        def advance(done: int) -> None:
            self.progress.value = done

        names = [s.value for s in self.seats]
        self.result = tournament(self.make_game(len(names)), self.bots, names, self.games.value, seed=self.seed,
                                 progress=advance, verdict=self.verdict)
        self.figure = tournament_figure(self.result)
        show_figure(self.chart, self.figure)
