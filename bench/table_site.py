"""How long a student at a table in the static site waits for the others: Python in the browser (the site's own
Pyodide, run by Node.js) against Python here, in the same run.

For each table, ``GAMES`` deals are played to the end by one person (choosing as a bot of the game would) against
bots, every move a click (the table's whole answer: board, map, odds and story), the bots' turns and chance played at
once after it (what *skip to my turn* does; a page paced for reading waits on purpose between their moves). Printed
per table: the wait after a click, p50, p95 and the slowest, in the site and here, and their ratio.
Goal (issue 30): a bot's turn in the site within 1 s (the p95 of the click and every move of the others after it).
The site is the folder ``make site`` built (``build/site``).
Run: .venv/bin/python bench/table_site.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "site"
GAMES = 2  # deals a table

PROGRAM = """
import json, random, time
from zaarlab.zaar.table import ZaarTable
from zaarlab.zargos.table import ZargosTable
from zaarlab.zerzura.table import ZerzuraTable
from zaarlab.zogars_gaze.table import ZogarTable

TABLES = {"Zogar's Gaze": (lambda seed: ZogarTable(seats=("person", "cautious"), seed=seed, pace=0), "bold"),
          "Zerzura": (lambda seed: ZerzuraTable(seats=("person", "greedy", "planner"), seed=seed, pace=0), "planner"),
          "Zargos": (lambda seed: ZargosTable(seats=("person", "greedy"), seed=seed, pace=0), "greedy"),
          "Zaar": (lambda seed: ZaarTable(seats=("person", "greedy"), seed=seed, pace=0), "greedy")}
waits = {}
for name, (make, chooser) in TABLES.items():
    waits[name] = []
    for seed in range(1000, 1000 + GAMES):
        table, rng = make(seed), random.Random(seed)
        while not table.state.is_terminal():
            for key in table.clicks_for(table.bots[chooser](table.state, rng)):
                start = time.perf_counter()
                table.click(key)
                waits[name].append(time.perf_counter() - start)
print("WAITS " + json.dumps(waits))
"""

NODE = """
const { loadPyodide } = require(process.argv[2] + "/static/pyodide/pyodide.js");
(async () => {
  const pyodide = await loadPyodide({ indexURL: process.argv[2] + "/static/pyodide/" });
  await pyodide.loadPackage(JSON.parse(process.argv[4]), { messageCallback: () => {} });
  pyodide.runPython(process.argv[3]);
})();
"""


def waits(output: str) -> dict[str, list[float]]:
    return json.loads(next(line for line in output.splitlines() if line.startswith("WAITS "))[6:])


def p(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))] * 1000


def main() -> None:
    if not (SITE / "static" / "pyodide" / "pyodide.js").exists():
        raise SystemExit(f"no site in {SITE}: make site first")
    from zaarlab.static_site.build import PRELOAD  # what a dashboard page loads

    program = f"GAMES = {GAMES}\n" + PROGRAM
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "run.js"
        script.write_text(NODE)
        site = subprocess.run(["node", str(script), str(SITE), program, json.dumps([*PRELOAD, "zaarlab"])],
                              capture_output=True, text=True, check=True, timeout=3600)
    here = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=3600,
                          cwd=ROOT)
    there, local = waits(site.stdout), waits(here.stdout)
    print(f"{'table':14} {'site p50':>9} {'p95':>8} {'max':>9} {'here p50':>9} {'p95':>7} {'max':>8} {'ratio':>6}")
    for name in there:
        a, b = there[name], local[name]
        print(f"{name:14} {p(a, .5):7.0f}ms {p(a, .95):6.0f}ms {max(a) * 1000:7.0f}ms {p(b, .5):7.0f}ms "
              f"{p(b, .95):5.0f}ms {max(b) * 1000:6.0f}ms {p(a, .95) / max(p(b, .95), 1e-6):6.1f}")


if __name__ == "__main__":
    main()
