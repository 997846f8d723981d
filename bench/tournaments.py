"""Tournaments on every local core: the speed-up of a seeded series on 2 processes over 1, same result.

Zerzura (3 players: greedy, planner, random) and Zogar's Gaze (3 players: cautious, bold, random), 60 games each,
in this process (workers=1, the baseline), then on 2 local processes; both results are checked equal. A first series
in this process, not timed, builds what the bots keep (the odds tables) for both. Each figure is the best of 3 runs:
a shared machine disturbs a run that needs both cores more than one that needs one.
Goal: at least 1.7x on 2 cores.
Run: .venv/bin/python bench/tournaments.py
"""

from __future__ import annotations

import time

from zaarlab.tournaments import tournament
from zaarlab.zerzura.bots import BOTS as ZERZURA_BOTS
from zaarlab.zerzura.state import ZerzuraGame
from zaarlab.zogars_gaze.bots import BOTS as ZOGAR_BOTS
from zaarlab.zogars_gaze.bots import verdict as zogar_verdict
from zaarlab.zogars_gaze.state import ZogarGame

GAMES, REPEATS = 60, 3
SERIES = {
    "Zerzura": (ZerzuraGame(players=3), ZERZURA_BOTS, ["greedy", "planner", "random"], None),
    "Zogar's Gaze": (ZogarGame(players=3), ZOGAR_BOTS, ["cautious", "bold", "random"], zogar_verdict),
}


def timed(game, bots, seats, verdict, workers: int):
    """The series' result, and the best time of :data:`REPEATS` runs."""
    extra = {"verdict": verdict} if verdict else {}
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        result = tournament(game, bots, seats, GAMES, seed=7, workers=workers, **extra)
        times.append(time.perf_counter() - start)
    return result, min(times)


def main() -> None:
    print(f"{GAMES} seeded games per series, best of {REPEATS} runs")
    print("series          1 process s  2 processes s  speed-up")
    for name, (game, bots, seats, verdict) in SERIES.items():
        timed(game, bots, seats, verdict, workers=1)  # warm: what the bots keep is built once, for both
        serial, one = timed(game, bots, seats, verdict, workers=1)
        parallel, two = timed(game, bots, seats, verdict, workers=2)
        assert parallel == serial, name
        print(f"{name:<14} {one:>12.2f}  {two:>13.2f}  {one / two:>7.2f}x")


if __name__ == "__main__":
    main()
