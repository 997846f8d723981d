"""``zaarlab site DIR`` (``make site``): the classroom as a static offline site, Python running in each student's
browser (Pyodide).

The site holds the classroom dashboards as Voici pages (no code shown) and the teaching notebooks in JupyterLite,
with everything they need inside the folder: Pyodide's runtime, the wheels of zaarlab and its dependencies, the
front-end extensions of the widgets and of zaarlab's plotly charts, the icon font. Any static server serves it
(``python -m http.server`` in the folder, from a USB stick if need be); no page asks any other host for anything.

Everything comes from package registries: the build tools and the wheels from PyPI, Pyodide's runtime, plotly's
bundles and the icon font from npm; zaarlab's own wheel is made from the package installed here (a pip install or a
checkout). What is downloaded is kept in a cache folder (``--cache``; ``make site`` keeps it in ``build/site-cache``)
so that a second build is quick and offline. The build needs Node.js with npm and Python 3.12 (Pyodide's).

    zaarlab site build/site

Why each step (the versions are pinned below and in ``browser-wheels.txt``):

- Voici 0.9 with JupyterLite 0.6 and its Pyodide kernel 0.6.1 (Pyodide 0.27.6) is the newest set that works from
  PyPI alone: later Voici releases need packages from conda channels.
- npm's ``pyodide`` package is the runtime only; its package list points at a CDN. The site gets a package list
  of its own (``pyodide-lock.json``) naming exactly the wheels it carries, and the kernel is told to load them at
  start and never to look on PyPI.
- The kernel always loads ``sqlite3`` and ``ssl``, two parts of Python that Pyodide ships apart from the runtime;
  empty packages of those names stand in for them (IPython 9 runs without sqlite3; nothing here uses ssl).
- PyYAML has no pure-Python wheel on PyPI: it is built from its source without the C extension.
- Python files are compiled ahead (with Python 3.12, Pyodide's) and the sources dropped, except zaarlab's, so that
  tracebacks show its code; plotly's wheel loses 15 MB of JavaScript the kernel never reads, and every package its
  own tests (19 MB of sympy's 43). Less to unpack and nothing to compile in the browser: a first render several
  times faster.
- A dashboard page starts Python without sympy (9 MB, a second and a half of a student's wait): zaarlab imports it
  only when asked for a ``sympy.Rational``, which no dashboard does. The notebooks start with it.
- A dashboard page starts Python from a memory snapshot (``snapshot.mjs``, made here with Node.js): Python with the
  dashboards' packages unpacked and imported, the kernel ready. Starting Python, unpacking 30 wheels and importing
  them was most of a student's wait; restoring the snapshot and writing the files back takes a fraction of it. The
  kernel's worker is given ``snapshot-start.js`` in place of its own start, which falls back to it on any failure.
- plotly's own front-end extension evaluates its whole charting library (4.8 MB) on every page, most of a second
  of the page's own thread. zaarlab's renderer of plotly's charts (``plotly-renderer.js``) stands in for it and
  draws each chart with the smallest of plotly's bundles from npm that has the chart's traces: bars and lines (a
  fifth of the time) on most dashboards, the whole library only for the astrolabe's polar chart or a table.
- Voici resolves the kernel's relative addresses against the page, one folder too deep: the pages are rewritten to
  point at the top of the site, and at the local copy of the icon font instead of a CDN.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from zaarlab.classroom.launch import STYLESHEET, WAITING, dashboards, describe, index_html
from zaarlab.core.data import notebooks_dir
from zaarlab.static_site.packages import (
    HERE,
    browser_wheels,
    build_tools,
    canonical,
    log,
    npm_package,
    plotly_charts,
    pyodide_folder,
    python312,
    rewrite_wheel,
    run,
    stub_wheel,
    zaarlab_wheel,
)

PYODIDE = "pyodide@0.27.6"
FONT = "@fortawesome/fontawesome-free@5.15.4"
STUBS = ("sqlite3", "ssl")
# What a dashboard page starts Python with. "pyodide_kernel" is spelt as the kernel checks it (Pyodide reads it as
# "pyodide-kernel"): what the list lacks, the kernel installs with piplite, which a page from the snapshot skips.
PRELOAD = ["micropip", "piplite", "ssl", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython",
           "zaarlab"]
NOTEBOOK_PRELOAD = [*PRELOAD, "sympy"]  # the notebooks work with sympy's expressions; the dashboards never import it
PLOTLY_UNUSED = ("plotly/labextension/", "plotly-7.1.0.data/", "plotly/package_data/widgetbundle.js")


# ---- the dashboards' snapshot ---------------------------------------------------------------------------------

SNAPSHOT = {"heap": "dashboards-heap.bin.gz", "files": "dashboards-files.bin.gz", "index": "dashboards.json"}
# Run every dashboard once, its widgets' messages going nowhere (there is no page yet), then close the widgets: what
# a dashboard imports, loads (zaarlab's data, plotly's table of validators) and caches on its first run is in the
# snapshot, so that a student's first answer does not wait for it.
WARM = """
import json
import ipywidgets
import pyodide_kernel
from IPython import get_ipython

shell = get_ipython()
shell.send_comm = lambda *args, **kwargs: None
for cells in json.loads({dashboards!r}):
    namespace = {{}}
    for code in cells:
        exec(code, namespace)
ipywidgets.Widget.close_all()
del shell.send_comm
"""


def dashboard_cells(notebooks: Path) -> list[list[str]]:
    """The code cells of every classroom dashboard."""
    return [["".join(cell["source"]) for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]
             if cell["cell_type"] == "code"] for notebook in sorted((notebooks / "classroom").glob("*.ipynb"))]


def snapshot(pyodide: Path, notebooks: Path) -> dict:
    """Make the dashboards' memory snapshot in ``pyodide`` (see ``snapshot.mjs``); its sizes."""
    warm = WARM.format(dashboards=json.dumps(dashboard_cells(notebooks)))
    with tempfile.NamedTemporaryFile("w", suffix=".json") as settings:
        json.dump({"packages": PRELOAD, "warm": warm, "names": SNAPSHOT}, settings)
        settings.flush()
        done = subprocess.run(["node", str(HERE / "snapshot.mjs"), str(pyodide), str(pyodide), settings.name],
                              capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the dashboards' snapshot failed:\n{done.stderr[-3000:]}")
    sizes = json.loads(done.stdout.splitlines()[-1])
    sizes["version"] = hashlib.sha256((pyodide / SNAPSHOT["heap"]).read_bytes()).hexdigest()[:16]
    return sizes


# The kernel worker's own start (the loader and the folder's address have other names in each of its bundles), and
# its call of the package manager.
WORKER_START = re.compile(r"this\._pyodide=await (\w+)\(\{indexURL:(\w+),\.\.\.e\.loadPyodideOptions\}\)")
WORKER_PACKAGE_MANAGER = "await this.initPackageManager(e)"
WORKER_CALL = "this._pyodide=await ({})({},{},e.loadPyodideOptions||{{}})"  # snapshot-start.js, the loader, the folder


def start_kernels_from_the_snapshot(output: Path) -> None:
    """Give the Pyodide kernel's worker ``snapshot-start.js`` in place of its call of loadPyodide, and let a page
    started from the snapshot skip the package manager (micropip and piplite: a dashboard installs nothing)."""
    start = (HERE / "snapshot-start.js").read_text(encoding="utf-8")  # its comments kept: each ends its line
    replaced = 0
    for worker in (output / "extensions").rglob("*.js"):  # a worker for each way of talking to the page
        text = worker.read_text(encoding="utf-8")
        starts, managers = len(WORKER_START.findall(text)), text.count(WORKER_PACKAGE_MANAGER)
        if starts != managers:
            raise SystemExit(f"{worker.name}: {starts} starts of Python and {managers} calls of the package manager")
        if starts:
            text = WORKER_START.sub(lambda m: WORKER_CALL.format(start, m[1], m[2]), text)
            text = text.replace(WORKER_PACKAGE_MANAGER,
                                f"(e.loadPyodideOptions||{{}}).zaarlabSnapshot||{WORKER_PACKAGE_MANAGER}")
            worker.write_text(text, encoding="utf-8")
            replaced += starts
    if not replaced:
        raise SystemExit(f"no Pyodide kernel worker starts Python as {WORKER_START.pattern}")


# ---- the site -------------------------------------------------------------------------------------------------

def content(folder: Path) -> None:
    """The notebooks: the classroom dashboards at the top (Voici lists them first), the teaching notebooks in
    their game folders."""
    notebooks = notebooks_dir()
    for notebook in sorted(notebooks.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in notebook.parts:
            continue
        target = folder / notebook.relative_to(notebooks)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(notebook, target)


MERMAID = re.compile(r'<script type="module">\s*document\.addEventListener\("DOMContentLoaded", async \(\) => \{\s*'
                     r'const diagrams = document\.querySelectorAll\("\.jp-Mermaid.*?</script>', re.S)
FONT_AWESOME_4 = re.compile(r'<link rel="stylesheet" href="https://cdn\.jsdelivr\.net/npm/font-awesome@4[^"]*"[^>]*>')
CELLS = re.compile(r'<div (id="rendered_cells".*?)</div>'  # the cells' box, up to the script that shows it
                   r'(\s*<script type="text/javascript">\s*window\.voila_finish\(\);)', re.S)


# What a dashboard page runs before Voici starts, after zaarlab's words for the wait: two savings of the first answer
PAGE_SCRIPTS = ("service-worker-version.js", "plotly-warmup.js")


def point_pages_at_the_site(output: Path, font: Path, version: str) -> int:
    """Rewrite Voici's pages: the kernel's relative addresses and the icon font's CDN point into the site, the
    loader of Mermaid diagrams (from a CDN, and for diagrams no notebook here has) goes, a dashboard starts Python
    from the snapshot of that ``version``, and a dashboard's cells are a <main> landmark with zaarlab's stylesheet,
    its words for the wait and ``PAGE_SCRIPTS``, as in the classroom's Voila
    template (``zaarlab/classroom/jupyter-data``)."""
    shutil.copytree(font / "css", output / "voici" / "fontawesome" / "css")
    shutil.copytree(font / "webfonts", output / "voici" / "fontawesome" / "webfonts")
    pages = 0
    for page in (output / "voici").rglob("*.html"):
        up = "../" * (len(page.relative_to(output).parts) - 1)
        text = original = page.read_text(encoding="utf-8")
        text = text.replace('"./static/pyodide/', f'"{up}static/pyodide/').replace("./extensions/", f"{up}extensions/")
        text = re.sub(r"https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@[^/\"']+/",
                      f"{up}voici/fontawesome/", text)
        text = FONT_AWESOME_4.sub(f'<link rel="stylesheet" href="{up}voici/fontawesome/css/all.min.css">'
                                  f'<link rel="stylesheet" href="{up}voici/fontawesome/css/v4-shims.min.css">', text)
        text = MERMAID.sub("", text)
        if page.parent.name == "classroom":  # a dashboard or the folder's listing: Python starts with less (PRELOAD)
            notebooks = f'"loadPyodideOptions": {{"packages": {json.dumps(NOTEBOOK_PRELOAD)}}}'
            kernel = {"packages": PRELOAD, "zaarlabSnapshot": {**SNAPSHOT, "version": version}}
            dashboards = json.dumps({"loadPyodideOptions": kernel})[1:-1]
            if notebooks not in text:
                raise SystemExit(f"{page.relative_to(output)} does not name the kernel's packages as {notebooks}")
            text = text.replace(notebooks, dashboards)
            if page.parent.parent.name == "render":  # a dashboard, not the folder's listing
                text, found = CELLS.subn(r"<main \1</main>\2", text)
                if found != 1:
                    raise SystemExit(f"{page.relative_to(output)}: no box of cells found to make the main landmark")
                text = text.replace("</head>", f"<style>\n{STYLESHEET.read_text(encoding='utf-8')}</style>\n</head>", 1)
                scripts = "".join(p.read_text(encoding="utf-8") for p in (WAITING, *(HERE / n for n in PAGE_SCRIPTS)))
                text = text.replace('<main id="rendered_cells"', f"<script>\n{scripts}"
                                    '</script>\n<main id="rendered_cells"', 1)  # after Voila's loading helpers
        if text != original:
            page.write_text(text, encoding="utf-8")
            pages += 1
    return pages


LANDING = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>zaarlab classroom</title>
{lite_settings}
<style>body {{ font-family: system-ui, sans-serif; max-width: 44em; margin: 2em auto; padding: 0 1em;
line-height: 1.6; color: #1a1a1a }} a {{ color: #0057a8 }} li {{ margin: .4em 0 }}</style></head>
<body><main><h1>zaarlab classroom</h1>
<p>Exact odds and rules of Zaar, Zogar's Gaze, Zerzura and Zargos. Everything runs in this browser: a dashboard
takes a few seconds to start Python (a notebook longer), then every answer is computed here, with no server and no
internet.</p>
<h2>Dashboards</h2>{dashboards}
<h2>Teaching notebooks</h2>
<p>The notebooks open in JupyterLab, in the browser; run them, change them (changes stay in this browser).</p>
<ul>{notebooks}</ul>
</main></body></html>
"""


def landing_page(output: Path, notebooks: Path) -> None:
    """The site's first page, in place of JupyterLite's redirect: the dashboards by title, then the notebooks.

    It keeps the redirect's settings element: JupyterLite's lab reads the settings of every folder above it, up to
    the site's first page, and without them draws nothing."""
    redirect = (output / "index.html").read_text(encoding="utf-8")
    settings = re.search(r'<script\s+id="jupyter-config-data".*?</script>', redirect, re.S)
    if not settings:
        raise SystemExit("JupyterLite's first page has no jupyter-config-data element for the landing page to keep")
    boards = index_html(dashboards(notebooks / "classroom"), "voici/render/classroom/{}.html")
    teaching = []
    for notebook in sorted(notebooks.rglob("*.ipynb")):
        relative = notebook.relative_to(notebooks).as_posix()
        if relative.startswith("classroom/"):
            continue
        teaching.append(f'<li><a href="lab/index.html?path={relative}">{describe(notebook).title}</a> '
                        f'<small>({relative})</small></li>')
    page = LANDING.format(lite_settings=settings.group(0), dashboards=boards, notebooks="".join(teaching))
    (output / "index.html").write_text(page, encoding="utf-8")


def foreign_addresses(output: Path) -> list[str]:
    """Where a page of the site would load something from another host: "page: address" (none may remain)."""
    found = set()
    pattern = re.compile(r"""(?:src|href)\s*=\s*["'](https?://[^"']+)|import\(\s*["'](https?://[^"']+)""")
    for file in output.rglob("*.html"):
        for match in pattern.finditer(file.read_text(encoding="utf-8", errors="replace")):
            found.add(f"{file.relative_to(output)}: {match.group(1) or match.group(2)}")
    return sorted(found)


def build(out: Path, cache: Path) -> dict:
    began = time.perf_counter()
    cache.mkdir(parents=True, exist_ok=True)
    bin = build_tools(cache)
    runtime = npm_package(PYODIDE, cache)
    font = npm_package(FONT, cache)
    downloaded = browser_wheels(bin, cache)
    python = python312()
    with tempfile.TemporaryDirectory() as tmp:
        wheels_dir = Path(tmp) / "wheels"
        shutil.copytree(downloaded, wheels_dir, ignore=shutil.ignore_patterns(".downloaded"))
        wheels = sorted(wheels_dir.glob("*.whl"))
        log(f"compiling {len(wheels) + 1} wheels ahead with {python}")
        for wheel in wheels:
            drop = PLOTLY_UNUSED if wheel.name.startswith("plotly-") else ()
            rewrite_wheel(wheel, python, keep_source=False, drop=drop)
        own = zaarlab_wheel(wheels_dir)
        rewrite_wheel(own, python, keep_source=True)
        kernel_wheels = bin.parent / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
        wheels = [*sorted(wheels_dir.glob("*.whl")), *sorted(kernel_wheels.glob("*.whl")),
                  *(stub_wheel(name, wheels_dir) for name in STUBS)]

        site = Path(tmp) / "site"
        content(site / "content")
        own_extensions = Path(tmp) / "extensions"
        plotly_charts(next(downloaded.glob("plotly-*.whl")), cache, own_extensions / "zaarlab-plotly")
        lock = pyodide_folder(runtime, wheels, site / "static" / "pyodide")
        missing = [p for p in NOTEBOOK_PRELOAD if canonical(p) not in lock["packages"]]
        if missing:
            raise SystemExit(f"the kernel preloads {missing}, which the site does not carry")
        log("the dashboards' snapshot (Node.js)")
        held = snapshot(site / "static" / "pyodide", site / "content")
        (site / "jupyter_lite_config.json").write_text(json.dumps({"LiteBuildConfig": {
            "contents": ["content"], "output_dir": "_output", "no_sourcemaps": True,
            "no_unused_shared_packages": True},
            "FederatedExtensionAddon": {"extra_labextensions_path": [str(own_extensions)]}}))
        (site / "jupyter-lite.json").write_text(json.dumps({"jupyter-lite-schema-version": 0, "jupyter-config-data": {
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
                "pyodideUrl": "./static/pyodide/pyodide.js", "disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": NOTEBOOK_PRELOAD}}}}}))
        log("voici build")
        run(bin / "voici", "build", "--apps", "lab", "--apps", "voici", cwd=site,
            env={**os.environ, "PATH": f"{bin}{os.pathsep}{os.environ['PATH']}"}, stdout=subprocess.DEVNULL)
        output = site / "_output"
        pages = point_pages_at_the_site(output, font, held["version"])
        start_kernels_from_the_snapshot(output)
        landing_page(output, site / "content")
        shutil.rmtree(out, ignore_errors=True)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(output, out)
    foreign = foreign_addresses(out)
    if foreign:
        raise SystemExit("the site would load from other hosts:\n  " + "\n  ".join(foreign[:10]))
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    figures = {"seconds": round(time.perf_counter() - began, 1), "megabytes": round(size / 1e6, 1),
               "wheels": len(lock["packages"]), "pages_rewritten": pages, "snapshot": held}
    (out / "build.json").write_text(json.dumps(figures))
    return figures


def default_cache() -> Path:
    """Where a build keeps its downloads unless told: ``$XDG_CACHE_HOME/zaarlab/site`` (``~/.cache/zaarlab/site``)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "zaarlab" / "site"


def main(argv: list[str] | None = None, prog: str = "zaarlab site") -> int:
    """Build the site into the folder named; a folder that holds anything but an earlier site is refused."""
    parser = argparse.ArgumentParser(prog=prog, description="The classroom as a static offline site, Python running in "
                                     "each student's browser: the dashboards and the teaching notebooks, served by any "
                                     "static server. Needs Node.js with npm, and Python 3.12 (Pyodide's).")
    parser.add_argument("out", type=Path, metavar="DIR",
                        help="the folder to build the site in (an earlier site there is replaced)")
    parser.add_argument("--cache", type=Path, default=default_cache(),
                        help="where the downloads are kept for the next build (default: %(default)s)")
    args = parser.parse_args(argv)
    out = args.out.resolve()
    if out.exists() and any(out.iterdir()) and not (out / "build.json").is_file():
        parser.error(f"{args.out} holds files that are not a site built here: name a new or empty folder")
    figures = build(out, args.cache.resolve())
    log(f"built {args.out} in {figures['seconds']} s: {figures['megabytes']} MB, {figures['wheels']} packages. "
        f"Serve it with: cd {args.out} && python3 -m http.server 8000   (students open http://HOST:8000/)")
    return 0
