"""The command line as a person feels it: whole-process wall time of three commands beside ``import networkx``.

Each command runs in a fresh process (median of 7 runs, after one warm-up run that fills the file cache); the
baseline in the same run is ``python -c "import networkx"``. Goal: each command within 1.5x the baseline.
Run: .venv/bin/python bench/cli_startup.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

RUNS = 7
BASELINE = [sys.executable, "-c", "import networkx"]
COMMANDS = {
    "zaarlab odds dice 3d6": ["odds", "dice", "3d6"],
    "zaarlab odds zogar 3x5": ["odds", "zogar", "3x5"],
    "zaarlab odds zargos-battle 10 10": ["odds", "zargos-battle", "10", "10"],
    "zaarlab --help": ["--help"],
}


def wall(argv: list[str]) -> float:
    subprocess.run(argv, check=True, capture_output=True)  # warm-up
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    baseline = wall(BASELINE)
    print(f'python -c "import networkx": {1000 * baseline:.0f} ms (the baseline)')
    print("command                              median ms  x baseline")
    for name, args in COMMANDS.items():
        seconds = wall([sys.executable, "-m", "zaarlab.cli", *args])
        print(f"{name:<36} {1000 * seconds:>9.0f}  {seconds / baseline:>9.2f}x")


if __name__ == "__main__":
    main()
