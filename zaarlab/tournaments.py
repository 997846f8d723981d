"""Seeded bot tournaments for any game: who won how often, charted; and the widget that runs one.

A game supplies its bots by name and a ``verdict(final_state)``: the seats that won (shared wins count for each)
or the name of another ending ("Zogar (7 Gazes)", "turn limit").

A series runs on every local core by default (``workers``), or on a Dask cluster (``cluster``: a
``dask.distributed.Client`` or a scheduler's address; ``pip install "zaarlab[cluster]"``). Game ``i`` always has the
seed ``seed * 1_000_003 + i``, so the result is the same however the games are spread. Where no process can be
started (Pyodide in a browser), the games run one after another here.

Examples
--------
>>> from zaarlab.zerzura.bots import BOTS
>>> from zaarlab.zerzura.state import ZerzuraGame
>>> result = tournament(ZerzuraGame(players=2), BOTS, ["planner", "random"], games=4, seed=1)
>>> result.names, result.wins, result.games
(('planner', 'random'), (4, 0), 4)
>>> tournament(ZerzuraGame(players=2), BOTS, ["planner", "random"], games=4, seed=1, workers=2) == result
True
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

import ipywidgets as widgets
import plotly.graph_objects as go

from . import theme, ui
from .core.play import play
from .theme import TEMPLATE, Figure
from .ui import Panel, as_html, guarded, show_figure

WIN, OTHER = theme.WIN, theme.EVEN
CHUNKS_PER_WORKER = 4  # a worker gets its games in a few chunks: little overhead, an even finish, a live progress bar


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
               verdict: Callable[[object], tuple[int, ...] | str] = _winners,
               workers: int | None = None, cluster=None) -> Tournament:
    """Play ``games`` seeded games of ``game``, seat ``i`` played by ``bots[names[i]]``; ``progress(done)`` as games
    finish.

    ``verdict(final)`` names the winning seats, or returns a string for another ending (the default: every seat
    with a positive return won, and a game nobody won is a "no winner"). ``workers``: local processes (default:
    every core; 1 plays here, in this process); ``cluster``: a Dask client or scheduler address to play on instead.
    The bots, the game and ``verdict`` travel to the workers, so they are module-level functions or plain objects.
    """
    seats = tuple(bots[name] for name in names)
    seeds = [seed * 1_000_003 + i for i in range(games)]
    wins, endings, done = [0] * len(seats), Counter(), 0
    for outcomes in _played(game, seats, seeds, verdict, workers, cluster):
        for outcome in outcomes:
            if isinstance(outcome, str):
                endings[outcome] += 1
            elif not outcome:
                endings["no winner"] += 1
            for p in () if isinstance(outcome, str) else outcome:
                wins[p] += 1
        done += len(outcomes)
        if progress:
            progress(done)
    return Tournament(tuple(names), tuple(wins), games, tuple(sorted(endings.items())))


def play_games(game, seats: Sequence[Callable], seeds: Iterable[int], verdict: Callable = _winners) -> list:
    """The verdicts of the games played with these seeds, in order: one chunk of a tournament, wherever it runs."""
    return [verdict(play(game, list(seats), seed=s).final) for s in seeds]


def _played(game, seats, seeds: list[int], verdict, workers: int | None, cluster) -> Iterator[list]:
    """The verdicts, chunk by chunk as chunks finish (in any order)."""
    if cluster is not None:
        yield from _on_dask(cluster, game, seats, seeds, verdict)
        return
    workers = min(workers or _cores(), len(seeds))
    if workers <= 1:
        yield from ([v] for v in play_games(game, seats, seeds, verdict)) if seeds else ()
        return
    try:  # imported here: Pyodide (the static site) has no processes, nor the module
        from concurrent.futures import ProcessPoolExecutor, as_completed

        pool = ProcessPoolExecutor(workers)
    except (ImportError, NotImplementedError, OSError):  # no processes here: play the games in turn
        yield from ([v] for v in play_games(game, seats, seeds, verdict))
        return
    with pool:
        futures = [pool.submit(play_games, game, seats, chunk, verdict) for chunk in _chunks(seeds, workers)]
        for future in as_completed(futures):
            yield future.result()


def _on_dask(cluster, game, seats, seeds: list[int], verdict) -> Iterator[list]:
    from dask.distributed import Client  # the optional extra zaarlab[cluster]
    from dask.distributed import as_completed as dask_completed

    client = Client(cluster) if isinstance(cluster, str) else cluster
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        futures = [client.submit(play_games, game, seats, chunk, verdict, pure=False)
                   for chunk in _chunks(seeds, workers)]
        for future in dask_completed(futures):
            yield future.result()
    finally:
        if isinstance(cluster, str):
            client.close()


def _chunks(seeds: list[int], workers: int) -> list[list[int]]:
    size = max(1, -(-len(seeds) // (workers * CHUNKS_PER_WORKER)))
    return [seeds[i:i + size] for i in range(0, len(seeds), size)]


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


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


class TournamentRunner(Panel):
    """Seat bots, play a seeded series of games with a progress bar, and chart who won.

    ``make_game(players)`` builds the game for the seats chosen; ``verdict`` as in :func:`tournament`.
    """

    title = "the tournament runner"

    def __init__(self, make_game: Callable[[int], object], bots: Mapping[str, Callable], seats: Sequence[str],
                 games: int = 40, seed: int = 0, verdict: Callable = _winners):
        self.make_game, self.bots, self.seed, self.verdict = make_game, bots, seed, verdict
        self.seats = [widgets.Dropdown(options=sorted(bots), value=name, description=f"seat {i + 1}")
                      for i, name in enumerate(seats)]
        self.games = widgets.IntSlider(value=games, min=2, max=200, step=2, description="games")
        self.button = widgets.Button(description="play them")
        self.progress = widgets.IntProgress(value=0, min=0, max=games, description="played")
        self.status = widgets.HTML()
        self.button.on_click(guarded(self.run, self.status))
        for control in (*self.seats, self.games):
            control.observe(guarded(self.ready, self.status), "value")
        self.chart = widgets.Output()
        self.result, self.figure = None, None
        self.box = widgets.VBox([ui.row(self.seats), ui.row([self.games, self.button]), self.progress,
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
