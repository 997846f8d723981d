"""How fast a game table answers a click, and how long a game is, headless (the kernel's side of a page).

For each table, ``GAMES`` deals are played to the end by one person (choosing as a bot of the game would) against bots,
every move made by clicking the board (or the map) as a page would (the click set on the widget: the table's whole
answer, board, map, odds and story). Printed per table: the clicks' p50, p95 and slowest, beside the baseline in the
same run (the engine applying the same moves alone); the bots' turns (every step from a person's move to the next
decision, what *skip* plays, apart from the click) p50 and p95; and each game's length in a person's decisions and
turns (Zerzura: rounds).
Goals (issue 30): a click answers within 100 ms (p95), a bot's turn in the site within 1 s (Pyodide runs Python
3 to 5 times slower than here: 200 ms here is the bound).
Run: .venv/bin/python bench/table_clicks.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.tables import send  # noqa: E402
from zaarlab.zaar.table import ZaarTable  # noqa: E402
from zaarlab.zargos.table import ZargosTable  # noqa: E402
from zaarlab.zerzura.table import ZerzuraTable  # noqa: E402
from zaarlab.zogars_gaze.table import ZogarTable  # noqa: E402

GAMES = 10  # deals a table
TABLES = {"Zogar's Gaze": (lambda seed: ZogarTable(seats=("person", "cautious"), seed=seed, pace=0), "bold"),
          "Zerzura": (lambda seed: ZerzuraTable(seats=("person", "greedy", "planner"), seed=seed, pace=0), "planner"),
          "Zargos": (lambda seed: ZargosTable(seats=("person", "greedy"), seed=seed, pace=0), "greedy"),
          "Zaar": (lambda seed: ZaarTable(seats=("person", "greedy"), seed=seed, pace=0), "greedy")}


def p(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))] * 1000


def measure(make, chooser: str, games: int) -> dict:
    clicks, engine, bots, decisions, turns = [], [], [], [], []
    for seed in range(1000, 1000 + games):
        table = make(seed)
        stepping = _timed_steps(table.match.session)
        rng, made = random.Random(seed), 0
        while not table.state.is_terminal():
            action = table.bots[chooser](table.state, rng)
            start = time.perf_counter()
            table.state.apply(action)
            engine.append(time.perf_counter() - start)
            for key in table.clicks_for(action):
                stepping.clear()
                start = time.perf_counter()
                send(table, key)
                spent = time.perf_counter() - start
                clicks.append(spent - sum(stepping))  # the click's own answer; the others' moves after it apart
                if stepping:
                    bots.append(sum(stepping))
            made += 1
        decisions.append(made)
        turns.append(getattr(table.state, "turn", getattr(table.state, "round", 0)))  # Zerzura counts rounds
    return {"clicks": clicks, "engine": engine, "bots": bots, "decisions": decisions, "turns": turns}


def _timed_steps(session) -> list[float]:
    """Time each move chance or a bot makes in ``session`` (skip's steps): the list filled, cleared by the caller."""
    times, step = [], session.step

    def timed() -> bool:
        start = time.perf_counter()
        moved = step()
        if moved:
            times.append(time.perf_counter() - start)
        return moved

    session.step = timed
    return times


def main() -> None:
    print(f"{'table':14} {'click p50':>10} {'p95':>8} {'max':>8} {'engine p95':>11} {'ratio':>6} "
          f"{'bots p50':>9} {'p95':>7} {'decisions':>16} {'turns':>12}")
    for name, (make, chooser) in TABLES.items():
        m = measure(make, chooser, GAMES)
        ratio = p(m["clicks"], 0.95) / max(p(m["engine"], 0.95), 1e-6)
        print(f"{name:14} {p(m['clicks'], .5):8.1f}ms {p(m['clicks'], .95):6.1f}ms {max(m['clicks']) * 1000:6.1f}ms "
              f"{p(m['engine'], .95):9.2f}ms {ratio:6.0f} {p(m['bots'], .5):7.1f}ms {p(m['bots'], .95):5.1f}ms "
              f"{statistics.median(m['decisions']):6.0f} (max {max(m['decisions']):4}) "
              f"{statistics.median(m['turns']):5.0f} (max {max(m['turns'])})")


if __name__ == "__main__":
    main()
