"""Seeded bot tournaments for any game: who won how often, and a leaderboard of bots met by the same opponents in the
same deals (the charts and the widget that runs a tournament: :mod:`zaarlab.tournaments.widgets`).

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

from ..core.play import play

CHUNKS_PER_WORKER = 4  # a worker gets its games in a few chunks: little overhead, an even finish, a live progress bar


@dataclass(frozen=True)
class Tournament:
    """Wins per seat, and how many games ended otherwise (``endings``: name -> count)."""

    names: tuple[str, ...]
    wins: tuple[int, ...]
    games: int
    endings: tuple[tuple[str, int], ...] = ()


def winning_seats(final) -> tuple[int, ...]:
    """The default verdict: the seats with a positive return in the final state (none: "no winner")."""
    return tuple(p for p, r in enumerate(final.returns()) if r > 0)


def tournament(game, bots: Mapping[str, Callable], names: Sequence[str], games: int, seed: int = 0,
               progress: Callable[[int], None] | None = None,
               verdict: Callable[[object], tuple[int, ...] | str] = winning_seats,
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


@dataclass(frozen=True)
class Standing:
    """A contender's place on a leaderboard: games won of those played in the first seat."""

    name: str
    wins: int
    games: int


def leaderboard(game, bots: Mapping[str, Callable], contenders: Sequence[str], opponents: Sequence[str], games: int,
                seed: int = 0, verdict: Callable[[object], tuple[int, ...] | str] = winning_seats,
                workers: int | None = 1) -> list[Standing]:
    """Each contender in turn in the first seat, against the same ``opponents`` in the same ``games`` seeded deals
    (so that a contender's luck is every contender's), ranked by games won, the first listed first among equals.
    ``workers`` as in :func:`tournament` (by default here, in this process: a bot written in a notebook need not
    travel to other processes).

    >>> from zaarlab.zerzura.bots import BOTS
    >>> from zaarlab.zerzura.state import ZerzuraGame
    >>> [(s.name, s.wins) for s in leaderboard(ZerzuraGame(players=2), BOTS, ["random", "planner"], ["random"], 6)]
    [('planner', 6), ('random', 4)]
    """
    standings = [Standing(name, tournament(game, bots, [name, *opponents], games, seed=seed, verdict=verdict,
                                           workers=workers).wins[0], games) for name in contenders]
    return sorted(standings, key=lambda s: -s.wins)


def play_games(game, seats: Sequence[Callable], seeds: Iterable[int], verdict: Callable = winning_seats) -> list:
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
