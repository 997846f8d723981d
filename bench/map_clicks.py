"""How long a click on a table's map takes to settle in Chromium: from the press to the frame after the map shows its
answer, on the classroom server (Voila), beside the kernel's own answer to the same click (headless, in this process).

For the two map tables (Zargos and Zaar), a whole game is played against the greedy bot as the browser tests play it
(the same deals): every decision made by clicking, the others' turns skipped. Each click on the map that changes what
the map shows (a province picked or let go, a unit placed, a room placed or a pawn moved) is timed in the page: from
the pointer going down to the animation frame after the new map (its ``data-shows``) is in the page. Printed per
table: p50, p95 and the slowest in the page, and the same clicks in the twin table here (``Table.click``: the
kernel's whole answer; with the others' moves after a move at once, as a twin plays them), and their ratio.
Goal (issue 45): p95 <= 150 ms in the page.
Run: .venv/bin/python bench/map_clicks.py
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.browser import drivers  # noqa: E402
from tests.processes import CHROMIUM, CHROMIUM_ARGS, free_port, jupyter_home, serving  # noqa: E402
from tests.tables import MAP_KEYS  # noqa: E402
from zaarlab.classroom.launch import voila_command, voila_environment  # noqa: E402
from zaarlab.zaar.table import ZaarTable  # noqa: E402
from zaarlab.zargos.table import ZargosTable  # noqa: E402

TABLES = {"Zargos": ("play_zargos", lambda: ZargosTable(seats=("person", "greedy"), pace=0), 128),
          "Zaar": ("play_zaar", lambda: ZaarTable(seats=("person", "greedy"), pace=0), 116)}
MOST = 60  # timed clicks a table

# set before a click: resolves with the ms from the pointer going down to the frame after the map has changed
SETTLE = """() => { window.zaarlabSettled = new Promise((resolve) => {
    const map = () => document.querySelector('.zaarlab-table-map .js-plotly-plot');
    const before = (map() || {dataset: {}}).dataset.shows;
    document.addEventListener('pointerdown', () => {
        const pressed = performance.now();
        const look = () => {
            const plot = map();
            if (plot && plot.dataset.shows !== before) {
                requestAnimationFrame(() => resolve(performance.now() - pressed));
            } else requestAnimationFrame(look);
        };
        look();
    }, { once: true, capture: true });
}); }"""


def play(page, twin, deal: int) -> tuple[list[float], list[float]]:
    """A whole game on the page and its twin; the page's and the twin's times of each map click that changes the
    map, in ms."""
    root = page.locator("body")
    drivers.start_game(root, twin, ("person", "greedy"), deal)
    heading, skip = root.locator(".zaarlab-table-heading"), root.get_by_role("button", name="skip to my turn")
    in_page, here = [], []
    answer = twin.click

    def timed_click(key):
        start = time.perf_counter()
        try:
            return answer(key)
        finally:
            here.append((time.perf_counter() - start) * 1000)

    twin.click = timed_click
    rng = random.Random(deal)
    while not twin.state.is_terminal() and len(in_page) < MOST:
        shown = twin.heading_text.splitlines()[0]
        drivers.skip_the_others(page, skip, lambda shown=shown: shown in heading.inner_text())
        for key in twin.clicks_for(twin.bots["greedy"](twin.state, rng)):
            if not key.startswith(tuple(MAP_KEYS)):
                root.locator(f'.zaarlab-piece[data-key="{key}"]').click(timeout=drivers.WAIT)
                answer(key)
                continue
            drivers.map_drawn(page, root, twin)
            page.evaluate(SETTLE)
            told, before = len(here), twin.map_meta()
            drivers.click_map(page, root, twin, key)
            if twin.map_meta() != before:  # the page's map changes too: the promise resolves
                in_page.append(page.evaluate("window.zaarlabSettled"))
            else:
                del here[told:]
    return in_page, here


def p(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    from playwright.sync_api import sync_playwright

    home = Path(tempfile.mkdtemp())
    port = free_port()
    command = voila_command("127.0.0.1", port, 1, pages=100, per_device=100)
    with serving("voila", command, voila_environment(jupyter_home(home)), port, home / "voila.log") as base, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        print(f"{'table':8} {'clicks':>6}  page p50   p95  slowest   kernel p50   p95  slowest   p95 ratio")
        for name, (notebook, make, deal) in TABLES.items():
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(f"{base}/voila/render/{notebook}.ipynb", wait_until="domcontentloaded", timeout=180_000)
            page.get_by_role("button", name="start a new game").wait_for(timeout=180_000)
            in_page, here = play(page, make(), deal)
            ratio = p(in_page, .95) / p(here, .95)
            print(f"{name:8} {len(in_page):6}  {p(in_page, .5):8.0f} {p(in_page, .95):5.0f} {max(in_page):8.0f}"
                  f"   {p(here, .5):10.0f} {p(here, .95):5.0f} {max(here):8.0f}   {ratio:9.1f}")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
