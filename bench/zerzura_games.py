"""Zerzura: games per second with random, greedy and planner bots, and the exact tile chance against simulation.

1. 200 games of each player count with random bots (target: at least 100 games a second), then with the greedy
   and the planner bots; the ratio is what reading the score sheet at every decision costs.
2. ``p_complete_tile`` for a one-Object tile, exact, against the same model simulated 4,000 times; the exact value
   must lie within the simulation's 95% interval.
Run: .venv/bin/python bench/zerzura_games.py
"""

from __future__ import annotations

import time
from dataclasses import replace

from zaarlab.core.play import play, random_bot
from zaarlab.zerzura.bots import greedy_bot, planner_bot
from zaarlab.zerzura.odds import _simulate, p_complete_tile, unseen
from zaarlab.zerzura.state import ZerzuraGame

GAMES = 200


def rate(players: int, bot) -> float:
    start = time.perf_counter()
    for seed in range(GAMES):
        play(ZerzuraGame(players=players), [bot] * players, seed=seed)
    return GAMES / (time.perf_counter() - start)


def main() -> None:
    print("players  random games/s  greedy games/s  planner games/s  random/planner")
    for players in (2, 3, 4, 5):
        random_rate, greedy_rate, planner_rate = (rate(players, bot) for bot in (random_bot, greedy_bot, planner_bot))
        print(f"{players:>7}  {random_rate:>14.0f}  {greedy_rate:>14.0f}  {planner_rate:>15.0f}  "
              f"{random_rate / planner_rate:>13.1f}x")
    state = ZerzuraGame(players=3).initial_state()
    while state.phase == "remove":
        state = state.apply(state.legal_actions()[0])
    state = replace(state, phase="deal", areas=(("ring_1",), (), ()))
    start = time.perf_counter()
    exact = p_complete_tile(state, 0, "ring_7")
    exact_time = time.perf_counter() - start
    start = time.perf_counter()
    simulated = _simulate(state, 0, state.game.cards.tiles["ring_7"], unseen(state), 4000, 1)
    simulated_time = time.perf_counter() - start
    assert abs(float(exact.p) - simulated.p) <= simulated.error, (exact, simulated)
    print(f"P(7 rings, 3 players, from 1 ring) = {float(exact.p):.5f} exact in {exact_time:.2f} s; "
          f"simulated {simulated} in {simulated_time:.2f} s")


if __name__ == "__main__":
    main()
