"""The static site against the Voila server, in the same run: time to the first answer and recalculation in Chromium.

For every dashboard: time from navigation until its first exact answer is on the page, cold (a new browser
profile) and warm (the same profile, the page opened again, its files in the browser's cache), then the time from
one key press on a slider until the answer changes (where a slider changes the answer). The site is the folder
``make site`` built (``build/site``, built first if missing), served by ``python -m http.server``; every request to
another host is refused by the browser and counted (not by a Playwright route: routing turns the browser's cache
off, and the warm figures would be cold ones). Voila is the classroom server with pre-heated kernels for every page
the run opens, started once the site is measured: a pool of idle kernels beside the browser (36 for six pages) made
the site's figures 0.3 to 0.8 s slower, and no student's device runs one. Goals (issues 28 and 46): the site's first
answer within 3 s warm and 6 s cold (on the exercises page: its first question, the student's name typed as soon as
the box shows); recalculation <= 1 s.
Run: .venv/bin/python bench/classroom_site.py [--repeat 3] [--pages dice_sums zargos_battle]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from zaarlab.classroom.launch import voila_command, voila_environment

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.processes import CHROMIUM, CHROMIUM_ARGS, free_port, kernels, settle, stop  # noqa: E402

# every dashboard: the text of its first answer, and the slider (its index) and key that change that answer
PAGES = {"dice_sums": ("P(sum of 3d6", 1, "ArrowLeft"), "zargos_battle": ("attacker takes", 1, "ArrowLeft"),
         "zogar_hold_advisor": ("Best: keep", 0, "ArrowLeft"), "zerzura_collection": ("total:", 0, "ArrowRight"),
         "zaar_astrolabe": ("read the astrolabe to turn", 0, "ArrowLeft"),
         "zaar_mansion_builder": ("room(s) in the mansion", None, None),
         "exercises": ("What is the chance", None, None)}
NAMED = {"exercises"}  # pages whose first answer comes once the student's name is typed (as a student does at once)


def _wait(url: str, seconds: float) -> None:
    import urllib.request

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"{url} did not answer")


def _record_others(host: str, refused: list):
    """A request listener recording every request to a host other than ``host``. The browser itself refuses them
    (``REFUSE_OTHERS``): a Playwright route would do it too, but routing turns off the browser's cache, and a warm
    cache is what this measures."""
    def listen(request):
        if request.url.split("/")[2] != host:
            refused.append(request.url)
    return listen


REFUSE_OTHERS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"  # no name resolves but loopback


def measure(playwright, url_of, repeat: int, pages: list[str]) -> dict:
    """Cold and warm time to the first answer, and a recalculation, for every page; seconds."""
    figures = {}
    for name in pages:
        ready, slider, key = PAGES[name]
        cold, warm, recalc, refused = [], [], [], []
        for _ in range(repeat):
            with tempfile.TemporaryDirectory() as profile:
                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, REFUSE_OTHERS],
                    viewport={"width": 1100, "height": 900})
                context.on("request", _record_others(url_of(name).split("/")[2], refused))
                for times in (cold, warm):
                    page = context.new_page()
                    began = time.perf_counter()
                    page.goto(url_of(name))
                    if name in NAMED:
                        page.get_by_placeholder("a name or a number").first.fill("Ada", timeout=300_000)
                    answer = page.get_by_text(ready).first
                    answer.wait_for(timeout=300_000)
                    times.append(time.perf_counter() - began)
                    if slider is not None:
                        answer = page.locator(".widget-html, .widget-label", has_text=ready).first
                        before = answer.text_content()
                        page.locator(".widget-slider .noUi-handle").nth(slider).focus()
                        pressed = time.perf_counter()
                        page.keyboard.press(key)
                        page.wait_for_function("([el, old]) => el.textContent !== old",
                                               arg=[answer.element_handle(), before], timeout=60_000)
                        recalc.append(time.perf_counter() - pressed)
                    page.close()
                context.close()
        figures[name] = {"cold": statistics.median(cold), "warm": statistics.median(warm),
                         "recalc": statistics.median(recalc) if recalc else None, "refused": len(refused)}
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--pages", nargs="*", choices=sorted(PAGES), default=list(PAGES))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if not (args.site / "build.json").exists():
        subprocess.run([sys.executable, "-m", "zaarlab.cli", "site", str(args.site), "--cache",
                        str(ROOT / "build" / "site-cache")], check=True)
    build = json.loads((args.site / "build.json").read_text())
    site_port, voila_port = free_port(), free_port()
    site = subprocess.Popen([sys.executable, "-m", "http.server", str(site_port), "-b", "127.0.0.1", "-d",
                             str(args.site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    dashboards = Path(tempfile.mkdtemp())  # only those measured, each page opened fresh from the pool
    for name in args.pages:
        shutil.copy(ROOT / "notebooks" / "classroom" / f"{name}.ipynb", dashboards)
    visits = 2 * args.repeat * len(args.pages)  # all from this one address: the server's cap per device must allow it
    voila = None
    results = {}
    try:
        with sync_playwright() as p:
            # the site first, with no Voila server running beside it: a student's device runs no kernel pool
            _wait(f"http://127.0.0.1:{site_port}/index.html", 30)
            results["site"] = measure(p, lambda n: f"http://127.0.0.1:{site_port}/voici/render/classroom/{n}.html",
                                      args.repeat, args.pages)
            stop(site)
            voila = subprocess.Popen(voila_command("127.0.0.1", voila_port, 2 * args.repeat, folder=dashboards,
                                                   pages=max(60, visits), per_device=visits),
                                     env=voila_environment(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _wait(f"http://127.0.0.1:{voila_port}/voila/tree", 120)
            deadline = time.monotonic() + 300
            while len(kernels(voila.pid)) < visits and time.monotonic() < deadline:
                time.sleep(1)
            settle(voila.pid, deadline)  # the pool's kernels have run their notebooks: nothing competes for the cores
            results["voila"] = measure(p, lambda n: f"http://127.0.0.1:{voila_port}/voila/render/{n}.ipynb",
                                       args.repeat, args.pages)
    finally:
        stop(site)
        if voila is not None:
            stop(voila)
        shutil.rmtree(dashboards, ignore_errors=True)
    print(f"site: built in {build['seconds']} s, {build['megabytes']} MB, {build['wheels']} packages")
    print(f"{'':20} {'':6} {'cold s':>8} {'warm s':>8} {'recalc s':>9} {'refused':>8}")
    for name in args.pages:
        for server, figures in results.items():
            f = figures[name]
            recalc = "-" if f["recalc"] is None else f"{f['recalc']:.2f}"
            print(f"{name:20} {server:6} {f['cold']:8.2f} {f['warm']:8.2f} {recalc:>9} {f['refused']:8d}")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
