"""``make soak``: the conformance harness over many more games than CI plays, with seeds CI never uses.

Each game runs with the same bots, turn caps and invariants as its conformance test, one seed at a time, so a fault is
reported with the seed that reproduces it (``check_conformance(game, runs=1, seed=SEED, ...)``), and the run goes on.
Prints games per second for each game. Not part of ``make test``.

    python -m tests.soak                 # 2,000 games of Zaar, Zargos and Zogar's Gaze, 5,000 of Zerzura
    python -m tests.soak --scale 0.01    # a quick look
"""

from __future__ import annotations

import argparse
import sys
import time

from tests.conformance import check_conformance
from tests.zaar.test_conformance import TURN_CAP, ledger
from tests.zargos.test_conformance import Ledger as ZargosLedger
from tests.zerzura.test_conformance import Ledger as ZerzuraLedger
from tests.zogars_gaze.test_conformance import Ledger as ZogarLedger
from zaarlab.core.play import random_bot
from zaarlab.zaar.bots import greedy_bot as zaar_greedy
from zaarlab.zaar.state import ZaarGame
from zaarlab.zargos.bots import greedy_bot as zargos_greedy
from zaarlab.zargos.state import ZargosGame
from zaarlab.zerzura.bots import greedy_bot as zerzura_greedy
from zaarlab.zerzura.bots import planner_bot
from zaarlab.zerzura.state import ZerzuraGame
from zaarlab.zogars_gaze.bots import bold_bot, cautious_bot
from zaarlab.zogars_gaze.state import ZogarGame

FIRST_SEED = 1_000_000  # CI's conformance tests use seeds below 10


def _zaar(i):
    players, mode = 2 + i % 5, ("normal", "advanced")[i % 2]
    return (ZaarGame(players=players, mode=mode, turn_limit=TURN_CAP),
            [zaar_greedy] * (players - 1) + [random_bot], [ledger])


def _zargos(i):
    players = 2 + i % 5
    return ZargosGame(players=players, turn_limit=3), [zargos_greedy] + [random_bot] * (players - 1), [ZargosLedger()]


def _zerzura(i):
    players = 2 + i % 4
    game = ZerzuraGame(players=players, **({} if i % 2 else {"bird_protection": "round", "exchange_free": "both",
                                                            "side": "expert"}))
    return game, [zerzura_greedy, planner_bot, random_bot, random_bot, random_bot][:players], [ZerzuraLedger(game)]


def _zogar(i):
    game = ZogarGame(players=1 + i % 5)
    return game, [cautious_bot, bold_bot, random_bot, random_bot, random_bot][:game.players], [ZogarLedger(game)]


SETUPS = {"zaar": (_zaar, 2000), "zargos": (_zargos, 2000), "zerzura": (_zerzura, 5000), "zogars_gaze": (_zogar, 2000)}


def soak(name: str, games: int) -> list[tuple[int, dict, str]]:
    """Play ``games`` games of ``name`` under the harness; return (seed, parameters, fault) for each failing game."""
    make, _ = SETUPS[name]
    failures, start = [], time.perf_counter()
    for i in range(games):
        game, bots, invariants = make(i)
        seed = FIRST_SEED + i
        try:
            check_conformance(game, runs=1, seed=seed, bots=bots, invariants=invariants)
        except Exception as fault:  # noqa: BLE001  every fault is reported with its seed, and the soak goes on
            failures.append((seed, game.to_dict(), f"{type(fault).__name__}: {' '.join(str(fault).split())[:300]}"))
    elapsed = time.perf_counter() - start
    print(f"{name:<12} {games:>6} games in {elapsed:7.1f} s: {games / elapsed:6.2f} games/s, {len(failures)} failing",
          flush=True)
    for seed, params, fault in failures:
        print(f"  seed {seed} {params}: {fault}")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.soak", description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the default games (default 1)")
    parser.add_argument("--games", nargs="*", choices=sorted(SETUPS), default=sorted(SETUPS))
    args = parser.parse_args(argv)
    failures = [f for name in args.games for f in soak(name, max(1, round(SETUPS[name][1] * args.scale)))]
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
