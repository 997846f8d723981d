"""``make test`` (and, with ``--browser``, ``make test-browser``): the wall time, and where the time goes.

The suite runs as the Makefile runs it, with pytest's ``--durations`` added. The baseline in the same run is the sum
of every test's time: what the suite would take on one core, without ``pytest-xdist``. The split is by area, in test
seconds summed over the workers. Goal: ``make test`` at most 6 minutes on 2 cores.
Run: .venv/bin/python bench/test_suite.py [--browser]
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DURATION = re.compile(r"^(\d+\.\d+)s (?:call|setup|teardown) +(\S+)")
AREAS = (  # the first pattern a test's path matches names its area
    ("conformance games", r"test_conformance\.py"), ("notebooks under nbval", r"^notebooks/"),
    ("browser: notebooks in JupyterLab", r"test_lab_notebooks"), ("browser: the offline site", r"test_static_site"),
    ("documentation (build, links; pages in Chromium)", r"test_docs_site"),
    ("browser: classroom (Voila)", r"tests/browser/"),
    ("doctests", r"^zaarlab/"), ("packaging (an interpreter per module)", r"test_packaging"),
    ("other unit tests", r""),
)


def run(target: str) -> tuple[float, Counter]:
    """Run ``make target``; its wall time and the test seconds of each area."""
    start = time.perf_counter()
    done = subprocess.run(["make", target], cwd=ROOT, capture_output=True, text=True,
                          env=os.environ | {"PYTEST_ADDOPTS": "--durations=0 --durations-min=0.01 -p no:cacheprovider"})
    wall = time.perf_counter() - start
    if done.returncode:
        sys.exit(f"make {target} failed:\n{done.stdout[-3000:]}{done.stderr[-2000:]}")
    areas = Counter()
    for line in done.stdout.splitlines():
        if found := DURATION.match(line):
            test = found[2].split("::")[0]
            areas[next(name for name, pattern in AREAS if re.search(pattern, test))] += float(found[1])
    return wall, areas


def main() -> None:
    for target in ("test", "test-browser") if "--browser" in sys.argv else ("test",):
        wall, areas = run(target)
        serial = sum(areas.values())
        print(f"make {target}: {wall / 60:.1f} min wall on {os.cpu_count()} cores; its tests add up to "
              f"{serial / 60:.1f} min (one core, the baseline): {serial / wall:.1f}x")
        for area, seconds in areas.most_common():
            print(f"  {area:<40} {seconds:>7.1f} s  {seconds / serial:>4.0%}")


if __name__ == "__main__":
    main()
