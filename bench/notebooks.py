"""Every notebook run top to bottom, as ``make test`` runs it: the wall time of each and of all.

Each notebook is executed in a fresh kernel with nbclient (outputs discarded); the baseline in the same run is an
empty notebook of one cell, which is what starting a kernel costs. Goals: every notebook at most 10 s, all of
them at most 90 s.
Run: .venv/bin/python bench/notebooks.py
"""

from __future__ import annotations

import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def run(notebook: nbformat.NotebookNode, where: Path) -> float:
    start = time.perf_counter()
    NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(where)}}).execute()
    return time.perf_counter() - start


def main() -> None:
    empty = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    baseline = run(empty, ROOT)
    print(f"an empty notebook (starting a kernel): {baseline:.1f} s (the baseline)")
    total = 0.0
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        seconds = run(nbformat.read(path, as_version=4), path.parent)
        total += seconds
        print(f"{path.relative_to(ROOT).as_posix():<48} {seconds:>6.1f} s  {seconds / baseline:>5.1f}x")
    print(f"{'all notebooks':<48} {total:>6.1f} s")


if __name__ == "__main__":
    main()
