"""The static site (``zaarlab site``, from a wheel installed in a fresh environment): built from the registries,
served by a plain static server, it runs every classroom dashboard in the browser with Python in WebAssembly, asks no
other host for anything, answers its controls, passes an accessibility scan, computes in Pyodide exactly what zaarlab
computes here, and its JupyterLab runs teaching notebooks top to bottom."""

import contextlib
import io
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.browser.conftest import accessibility_violations, assert_no_python_error, refuse_other_hosts
from tests.browser.pages import check_every_screen, text_problems
from tests.browser.test_classroom_dashboards import CHARTS, DASHBOARDS
from tests.plain_install import install_fresh
from tests.processes import free_port, stop
from zaarlab.classroom.launch import dashboards

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("static-site")]
ROOT = Path(__file__).resolve().parents[2]
READY = {name: ready for name, (ready, *_) in DASHBOARDS.items()}
CLI = [["odds", "dice", "3d6", "--json"],  # one exact answer of each game, asked of the command line
       ["odds", "zargos-battle", "10", "5", "--capital", "--json"],
       ["odds", "zogar-hold", "3x5", "--dice", "2,3,4,6,6", "--rolls-left", "1", "--json"],
       ["score", "zerzura", "CARDS", "--json"],  # CARDS: a file of the cards below
       ["odds", "zaar-battle", "--requirement", "0_3", "--wisdom", "3", "--warrior", "--json"]]
CARDS = {"cards": ["lamp_2", "guard_plus_1"], "tiles": ["ring_7"]}


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site as a teacher builds it: ``zaarlab site`` from zaarlab's wheel installed in a fresh environment, run
    far from the repository (the downloads from the checkout's cache, as ``make site`` keeps them)."""
    folder = tmp_path_factory.mktemp("site")
    installed = install_fresh(folder, extras="")
    out = folder / "site"
    subprocess.run([installed / "zaarlab", "site", out, "--cache", ROOT / "build" / "site-cache"], check=True,
                   cwd=folder, env={**os.environ, "PATH": f"{installed}{os.pathsep}{os.environ['PATH']}"},
                   stdout=subprocess.DEVNULL, timeout=1200)
    return out


@pytest.fixture(scope="session")
def served(site):
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "-b", "127.0.0.1", "-d", str(site)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(50):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
    stop(server)


@pytest.fixture()
def offline(page, served):
    """The page, with every request to another host refused and recorded."""
    foreign = refuse_other_hosts(page, served)
    yield page, foreign
    assert foreign == [], f"the site asked other hosts: {foreign[:5]}"


def test_the_site_is_small_enough_for_a_usb_stick_and_carries_its_own_python(site):
    figures = json.loads((site / "build.json").read_text())
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    assert size <= 150e6 and figures["megabytes"] <= 150
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    for name, entry in lock.items():  # every package listed is there, as listed
        assert (site / "static" / "pyodide" / entry["file_name"]).is_file(), name
    assert {"zaarlab", "sympy", "networkx", "plotly", "ipywidgets", "pyyaml"} <= set(lock)
    assert "sympy" not in lock["zaarlab"]["depends"]  # the dashboards start without it, the notebooks with it
    for page in (site / "voici" / "render" / "classroom").glob("*.html"):
        packages = re.search(r'"loadPyodideOptions": \{"packages": (\[[^]]*\])', page.read_text()).group(1)
        assert "zaarlab" in json.loads(packages) and "sympy" not in json.loads(packages), page.name
    lab = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"]
    assert "sympy" in lab["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]["packages"]
    assert not list((site / "static" / "pyodide").glob("*.html"))  # Pyodide's console demo loads from CDNs
    extensions = [e["name"] for e in json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"][
        "federated_extensions"]]
    assert "zaarlab-plotly" in extensions and "jupyterlab-plotly" not in extensions  # the whole library on every page
    for bundle in _plotly_bundles(site):
        assert (site / "extensions" / "zaarlab-plotly" / "static" / bundle["file"]).is_file(), bundle


def _plotly_bundles(site: Path) -> list[dict]:
    """plotly's bundles in the site, smallest first, each with its traces, as the site's renderer reads them."""
    entry = next((site / "extensions" / "zaarlab-plotly" / "static").glob("remoteEntry.*.js"))
    return json.loads(re.match(r"const ZAARLAB_PLOTLY = (.*);\n", entry.read_text()).group(1))


def _plotly_bundles_for(site: Path, charts: list[list[str]]) -> set[str]:
    """The bundles a page whose charts have these traces loads: the smallest (made ready while Python starts) and,
    for each chart, the smallest with all its traces."""
    bundles = _plotly_bundles(site)
    return {bundles[0]["file"]} | {next(b["file"] for b in bundles if set(chart) <= set(b["traces"]))
                                   for chart in charts}


def test_the_first_page_lists_every_dashboard_and_notebook_and_its_links_resolve(offline, served, site):
    page, _ = offline
    page.goto(f"{served}/index.html")
    boards = dashboards(ROOT / "notebooks" / "classroom")
    links = page.locator("a")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    for board in boards:
        assert page.get_by_role("link", name=board.title).count() == 1
    assert f"voici/render/classroom/{boards[0].name}.html" in hrefs
    for href in hrefs:
        assert (site / href.split("?")[0]).is_file(), href
    notebooks = [h for h in hrefs if h.startswith("lab/index.html?path=")]
    teaching = [p for p in (ROOT / "notebooks").rglob("*.ipynb") if "classroom" not in p.parts
                and ".ipynb_checkpoints" not in p.parts]
    assert len(notebooks) == len(teaching)
    for href in notebooks:
        assert (site / "files" / href.split("path=")[1]).is_file(), href


def _dice_slider_recalculates_exactly(page) -> None:
    from playwright.sync_api import expect

    from zaarlab.core import sum_dist
    from zaarlab.core.readable import exact_text

    expect(page.get_by_text("P(sum of 3d6 ≥ 11) = 1/2").first).to_be_visible(timeout=30_000)
    page.locator(".widget-slider .noUi-handle").nth(1).focus()
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_text("P(sum of 3d6 ≥ 10) = 5/8 ≈ 62.50%").first).to_be_visible(timeout=30_000)
    page.locator(".widget-slider .noUi-handle").nth(0).focus()
    page.keyboard.press("ArrowRight")  # a fourth die: the threshold moves with the range of sums
    shown = page.get_by_text(re.compile(r"P\(sum of 4d6 ≥ \d+\) =")).first
    expect(shown).to_be_visible(timeout=30_000)
    # the threshold the kernel chose (the new range's middle), read from the answer: the handle's own value may
    # still be the old one for a moment
    threshold = int(re.search(r"4d6 ≥ (\d+)", shown.inner_text()).group(1))
    exact = exact_text(sum_dist(4, 6).p(lambda total: total >= threshold))
    expect(page.get_by_text(f"P(sum of 4d6 ≥ {threshold}) = {exact}").first).to_be_visible(timeout=30_000)
    expect(page.locator(".widget-slider .noUi-handle").nth(1)).to_have_attribute(
        "aria-valuenow", re.compile(rf"^{threshold}(\.0+)?$"), timeout=30_000)


def _battle_slider_answers_exactly(page) -> None:
    from playwright.sync_api import expect

    from zaarlab.core.readable import exact_text
    from zaarlab.zargos.odds import p_attacker_wins

    handle = page.locator(".widget-slider .noUi-handle").nth(1)  # the defenders
    before = int(float(handle.get_attribute("aria-valuenow")))
    attackers = int(float(page.locator(".widget-slider .noUi-handle").nth(0).get_attribute("aria-valuenow")))
    handle.focus()
    page.keyboard.press("ArrowLeft")
    won = exact_text(p_attacker_wins(attackers, before - 1)).split(" (exact")[0]
    expect(page.get_by_text(f"attacker takes the province: {won}").first).to_be_visible(timeout=30_000)


def _every_lessons_exercises_checked(page) -> None:
    """Every exercise of every lesson answered, then the answers downloaded as the file a student hands in: every
    lesson's answers in it, wrong and right, as the page checked them (and another student's two wrong tries, in the
    exercises where the drivers ask for another question like it)."""
    from tests.browser.drivers import drive_lesson_exercises
    from zaarlab.lessons import LESSONS, LessonExercises
    from zaarlab.teaching.answers import read_csv

    drive_lesson_exercises(page, page, LessonExercises())
    with page.expect_download() as download:
        page.get_by_role("button", name="download my answers").click()
    path = download.value.path()
    answers = [answer for _, _, answer in read_csv(path.read_text(encoding="utf-8"), download.value.suggested_filename)]
    assert download.value.suggested_filename == "answers-Ben.csv"
    assert {a.lesson for a in answers} == set(LESSONS) and {a.name for a in answers} == {"Ada", "Cy"}
    assert {a.right for a in answers} == {True, False}
    assert not any(a.right for a in answers if a.name == "Cy")  # the two wrong tries before another question


# What a student then does on a dashboard whose answer is checked against zaarlab here (the other dashboards'
# controls are operated in Voila, tests/browser/test_classroom_dashboards.py: the same notebooks, the same code).
OPERATE = {"dice_sums": _dice_slider_recalculates_exactly, "zargos_battle": _battle_slider_answers_exactly,
           "exercises": _every_lessons_exercises_checked}


@pytest.mark.parametrize("name", list(READY))
def test_every_dashboard_runs_offline_passes_an_accessibility_scan_and_answers(offline, served, site, name,
                                                                               axe_script, tmp_path):
    """One visit a dashboard, as Python in the browser takes a while to start: it starts from the dashboards'
    snapshot with nothing falling back (no "zaarlab:" warning in the console, the kernel's worker's included), draws
    with no other host asked, axe-core finds no violation of any impact, it fits, scrolls and shows its buttons on
    every screen, draws its charts with the smallest of plotly's bundles that has their traces, and a slider moved
    gives the exact answer zaarlab gives here."""
    from playwright.sync_api import expect

    page, _ = offline
    warnings, bundles = [], set()
    page.on("console", lambda message: "zaarlab:" in message.text and warnings.append(message.text))
    page.on("request", lambda r: "/zaarlab-plotly/static/plotly-" in r.url and bundles.add(r.url.rsplit("/", 1)[1]))
    page.goto(f"{served}/voici/render/classroom/{name}.html")
    waiting = page.locator("#loading_text")  # while Python starts: what happens, in words, and for how long
    expect(waiting).to_have_text(re.compile(r"^(Loading the page|Starting Python.*|Preparing the dashboard)\.\.\. "
                                            r"\d+ s$"), timeout=30_000)
    expect(page.get_by_text(READY[name]).first).to_be_visible(timeout=240_000)
    assert_no_python_error(page)
    assert warnings == []
    assert accessibility_violations(page, axe_script) == []
    check_every_screen(page, name, CHARTS[name], tmp_path)  # it fits, scrolls and shows its buttons, as in Voila
    charts = page.evaluate("() => [...document.querySelectorAll('.js-plotly-plot')]"
                           ".map(chart => chart.data.map(trace => trace.type || 'scatter'))")
    assert bundles == _plotly_bundles_for(site, charts), "plotly's whole library where a chart needs less"
    page.set_viewport_size({"width": 1100, "height": 900})
    if name in OPERATE:
        OPERATE[name](page)
        assert_no_python_error(page)
    assert text_problems(page) == [], "a programmer's text where students read"


def test_the_sites_first_page_has_no_accessibility_violation(offline, served, axe_script):
    from playwright.sync_api import expect

    page, _ = offline
    page.goto(f"{served}/index.html")
    expect(page.get_by_role("heading", name="zaarlab classroom")).to_be_visible()
    assert accessibility_violations(page, axe_script) == []


def test_zaarlab_in_the_sites_pyodide_computes_what_it_computes_here(site, tmp_path):
    """Node.js runs the site's own Pyodide with its own package list: zaarlab imports with its data from the
    wheel and the command line gives, for every game, the same exact answer as here."""
    script = tmp_path / "run.js"
    script.write_text("""
const { loadPyodide } = require(process.argv[2] + "/static/pyodide/pyodide.js");
(async () => {
  const pyodide = await loadPyodide({ indexURL: process.argv[2] + "/static/pyodide/" });
  await pyodide.loadPackage(["zaarlab", "sympy"], { messageCallback: () => {} });  // as the notebooks
  pyodide.runPython(process.argv[3]);
})();
""")
    program = f"""
import contextlib, io, json, sys
from zaarlab.cli import main
open("/tmp/cards.json", "w").write({json.dumps(json.dumps(CARDS))})
answers = []
for argv in {CLI!r}:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main([a.replace("CARDS", "/tmp/cards.json") for a in argv])
    answers.append(json.loads(out.getvalue()))
print(json.dumps({{"platform": sys.platform, "answers": answers}}))
"""
    done = subprocess.run(["node", str(script), str(site), program], capture_output=True, text=True, timeout=600,
                          check=True)
    there = json.loads(done.stdout.strip().splitlines()[-1])
    assert there["platform"] == "emscripten"
    from zaarlab.cli import main

    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps(CARDS))
    here = []
    for argv in CLI:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            main([a.replace("CARDS", str(cards)) for a in argv])
        here.append(json.loads(out.getvalue()))
    assert there["answers"] == here



RESTORE = """
const fs = require("fs");
const [site, start, options, look, visits] = process.argv.slice(2);
const folder = site + "/static/pyodide/";
const { loadPyodide } = require(folder + "pyodide.js");
globalThis.fetch = async (path) => new Response(fs.readFileSync(path));  // the site's files, from the disk
(async () => {
  const restored = [];
  for (let visit = 0; visit < Number(visits); visit++) {  // pages, each starting Python as a dashboard page does
    const pyodide = await eval(fs.readFileSync(start, "utf8"))(loadPyodide, folder, JSON.parse(options));
    const python = JSON.parse(pyodide.runPython(look));
    restored.push({ ...python, listed: Object.keys(pyodide.loadedPackages) });
  }
  console.log(JSON.stringify(restored));
})();
"""
LOOK = """
import json, random, sys
from zaarlab.core.rule_texts import rule_text
json.dumps({"modules": sorted(m for m in ("pyodide_kernel", "zaarlab.intro.widgets", "sympy") if m in sys.modules),
            "rule": rule_text("ZAAR-ROOM-09"), "draw": random.random()})
"""


def test_a_dashboard_starts_python_from_the_snapshot_with_its_files_and_dice_of_its_own(site, tmp_path):
    """The dashboards' snapshot restored as a dashboard page restores it (``zaarlab/static_site/snapshot-start.js``,
    here in Node.js, with the settings of a built page): Python is back with the kernel and the dashboards' modules
    imported and without sympy, Pyodide lists the packages as loaded (so a cell's imports load nothing), zaarlab
    reads its files, and each visit throws dice of its own. Nothing falls back to the ordinary start."""
    options = _dashboard_kernel_options(site)
    assert set(options["zaarlabSnapshot"]) == {"heap", "files", "index", "version"}
    done, (first, second) = _start_python(site, options, 2, tmp_path)
    assert "zaarlab:" not in done.stdout + done.stderr, done.stderr[-2000:]  # no fallback, no warning
    from zaarlab.core.rule_texts import rule_text

    for visit in (first, second):
        assert visit["modules"] == ["pyodide_kernel", "zaarlab.intro.widgets"]
        assert {"zaarlab", "plotly", "ipywidgets", "pyodide-kernel"} <= set(visit["listed"])
        assert visit["rule"] == rule_text("ZAAR-ROOM-09")
    assert first["draw"] != second["draw"]


def test_a_dashboard_whose_snapshot_is_missing_starts_python_the_ordinary_way(site, tmp_path):
    """A page whose snapshot cannot be read (here: a file the site lacks) says so in the console and starts Python
    as a notebook page does, from the package list: zaarlab is there and reads its files."""
    options = _dashboard_kernel_options(site)
    options["zaarlabSnapshot"]["heap"] = "no-such-snapshot.bin.gz"
    done, (only,) = _start_python(site, options, 1, tmp_path)
    assert "zaarlab: starting Python without the snapshot" in done.stdout + done.stderr
    from zaarlab.core.rule_texts import rule_text

    assert only["modules"] == [] and "zaarlab" in only["listed"]  # nothing imported ahead, the packages loaded
    assert only["rule"] == rule_text("ZAAR-ROOM-09")


def _dashboard_kernel_options(site: Path) -> dict:
    """The settings a built dashboard page gives the Pyodide kernel."""
    page = (site / "voici" / "render" / "classroom" / "dice_sums.html").read_text()
    config = json.loads(re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', page,
                                  re.S).group(1))
    return config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]


def _start_python(site: Path, options: dict, visits: int, tmp_path: Path):
    """Start Python ``visits`` times with ``snapshot-start.js`` and ``options`` in Node.js: the finished process
    and, for each visit, what ``LOOK`` found plus Pyodide's list of loaded packages."""
    script = tmp_path / "start.js"
    script.write_text(RESTORE)
    done = subprocess.run(["node", str(script), str(site), str(ROOT / "zaarlab" / "static_site" / "snapshot-start.js"),
                           json.dumps(options), LOOK, str(visits)], capture_output=True, text=True, timeout=600,
                          check=True)
    return done, json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", ["play_zogars_gaze", "play_zerzura", "play_zargos", "play_zaar"])
def test_a_whole_game_is_played_at_the_table_in_the_site(offline, served, name):
    """A game table with Python in the browser: the deal chosen, a whole game against a bot played by clicking the
    board, the odds before each decision exactly the engine's here (the same drivers as in Voila)."""
    from playwright.sync_api import expect

    page, _ = offline
    ready, twin, drive = DASHBOARDS[name]
    page.goto(f"{served}/voici/render/classroom/{name}.html")
    expect(page.get_by_text(ready).first).to_be_visible(timeout=240_000)
    drive(page, page, twin())
    assert_no_python_error(page)


def test_a_game_saved_in_the_site_is_a_file_loaded_again_where_it_stood(offline, served, tmp_path):
    from playwright.sync_api import expect

    from tests.browser import drivers

    page, _ = offline
    page.goto(f"{served}/voici/render/classroom/play_zerzura.html")
    expect(page.get_by_text("What happened").first).to_be_visible(timeout=240_000)
    drivers.save_and_load(page, tmp_path)
    assert_no_python_error(page)


# Teaching notebooks in the site's JupyterLite, run as a reader runs them: what only a live run shows (a line an
# output prints, a widget's answer), and how many figures are drawn at least. Two of the thirteen, as Python in the
# browser is several times slower than here; between them they use what the notebooks load: sympy's expressions,
# widgets, plotly's figures, networkx's maps.
LITE_NOTEBOOKS = {"00_start_here.ipynb": ("P(sum of 3d6 ≥", 1), "zargos/01_the_planet.ipynb": ("92 by land", 3)}


def _menu(page, menu: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=menu).first.click()
    page.locator(".lm-Menu-itemLabel", has_text=item).first.click()


@pytest.mark.parametrize("notebook", list(LITE_NOTEBOOKS))
def test_a_teaching_notebook_runs_top_to_bottom_in_the_sites_jupyterlite(offline, served, notebook):
    from playwright.sync_api import expect

    page, _ = offline
    shown, figures = LITE_NOTEBOOKS[notebook]
    code_cells = sum(c["cell_type"] == "code" for c in json.loads((ROOT / "notebooks" / notebook).read_text())["cells"])
    page.set_viewport_size({"width": 1400, "height": 12_000})  # JupyterLab draws the cells in view: here, all of them
    page.goto(f"{served}/lab/index.html?path={notebook}")
    expect(page.get_by_role("button", name="Python (Pyodide) | Idle")).to_be_visible(timeout=180_000)
    _menu(page, "Edit", "Clear Outputs of All Cells")  # what follows is the live run's, not the saved outputs
    expect(page.get_by_text(shown)).to_have_count(0)
    _menu(page, "Run", "Run All Cells")
    page.wait_for_function("""count => { const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
        return prompts.length === count && prompts.every(prompt => /\\[\\d+\\]/.test(prompt.textContent)); }""",
                           arg=code_cells, timeout=600_000)  # every cell has run: none waiting ([ ]) or running ([*])
    expect(page.get_by_text(shown).first).to_be_visible(timeout=60_000)
    expect(page.locator(".jp-Notebook .js-plotly-plot").nth(figures - 1)).to_be_visible(timeout=60_000)  # drawn
    assert_no_python_error(page)
    handle = page.locator(".jp-Notebook .widget-slider .noUi-handle").first
    if handle.count():  # a slider moves from the keyboard: the lab once took the arrow keys for itself
        before = float(handle.get_attribute("aria-valuenow"))
        handle.focus()
        page.keyboard.press("ArrowRight")
        expect(handle).not_to_have_attribute("aria-valuenow", str(before), timeout=30_000)
    expect(page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']")).to_have_count(0)
