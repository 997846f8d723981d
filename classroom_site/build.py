"""``make site``: the classroom as a static offline site, Python running in each student's browser (Pyodide).

The site holds the classroom dashboards as Voici pages (no code shown) and the teaching notebooks in JupyterLite,
with everything they need inside the folder: Pyodide's runtime, the wheels of zaarlab and its dependencies, the
front-end extensions of the widgets and of zaarlab's plotly charts, the icon font. Any static server serves it
(``python -m http.server`` in the folder, from a USB stick if need be); no page asks any other host for anything.

Everything comes from package registries: the build tools and the wheels from PyPI, Pyodide's runtime, plotly's
bundles and the icon font from npm. What is downloaded is kept in ``build/site-cache`` so that a second build is
quick and offline.

    python classroom_site/build.py --out build/site

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
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BUILD_TOOLS = ["voici-core==0.9.0", "jupyterlite-core==0.6.4", "jupyterlite-pyodide-kernel==0.6.1"]
EXTENSIONS = ["jupyterlab_widgets==3.0.17", "anywidget==0.11.0"]  # their front-end parts (plotly's: plotly_charts)
PYODIDE = "pyodide@0.27.6"
FONT = "@fortawesome/fontawesome-free@5.15.4"
PYYAML = "PyYAML==6.0.4"
STUBS = ("sqlite3", "ssl")
# What a dashboard page starts Python with. "pyodide_kernel" is spelt as the kernel checks it (Pyodide reads it as
# "pyodide-kernel"): what the list lacks, the kernel installs with piplite, which a page from the snapshot skips.
PRELOAD = ["micropip", "piplite", "ssl", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython",
           "zaarlab"]
NOTEBOOK_PRELOAD = [*PRELOAD, "sympy"]  # the notebooks work with sympy's expressions; the dashboards never import it
# Requirements the package list leaves out, as the package imports them only on first use: a page that never asks
# for a sympy.Rational need not fetch and unpack 9 MB (tests/test_dashboard_imports.py checks the dashboards).
LAZY = {"zaarlab": {"sympy"}}
PLOTLY_UNUSED = ("plotly/labextension/", "plotly-7.1.0.data/", "plotly/package_data/widgetbundle.js")
# plotly's charting library in three bundles, smallest first: bars and lines (1.2 MB, a fifth of a second to
# evaluate here), with heat maps (1.5 MB), all of it (4.8 MB, most of a second); a chart loads the first with its traces
PLOTLY_BUNDLES = ("plotly.js-basic-dist-min", "plotly.js-cartesian-dist-min", "plotly.js-dist-min")
SITE_PACKAGES = "/lib/python3.12/site-packages"
ENVIRONMENT = {"python_version": "3.12", "python_full_version": "3.12.7", "sys_platform": "emscripten",
               "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
               "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}


def run(*command, **kwargs) -> None:
    subprocess.run([str(c) for c in command], check=True, **kwargs)


def log(text: str) -> None:
    print(f"[site] {text}", flush=True)


# ---- downloads (cached) -------------------------------------------------------------------------------------

def build_tools(cache: Path) -> Path:
    """A virtual environment with Voici, JupyterLite and the front-end extensions; its ``bin``."""
    venv = cache / "venv"
    marker = venv / ".installed"
    wanted = " ".join(BUILD_TOOLS + EXTENSIONS)
    if not marker.exists() or marker.read_text() != wanted:
        log("build tools: " + wanted)
        run(sys.executable, "-m", "venv", "--clear", venv)
        pip = [venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        run(*pip, *BUILD_TOOLS)
        run(*pip, "--no-deps", *EXTENSIONS)
        marker.write_text(wanted)
    return venv / "bin"


def npm_package(spec: str, cache: Path) -> Path:
    """The unpacked npm package ``spec``, from the npm registry."""
    folder = cache / "npm" / re.sub(r"[^\w.@-]", "_", spec)
    if not (folder / "package").exists():
        log(f"npm: {spec}")
        folder.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", "--pack-destination", folder, spec, stdout=subprocess.DEVNULL)
        with tarfile.open(next(folder.glob("*.tgz"))) as tar:
            tar.extractall(folder, filter="data")
    return folder / "package"


def browser_wheels(bin: Path, cache: Path) -> Path:
    """The pure wheels of ``browser-wheels.txt`` and PyYAML's, for Python 3.12 in the browser."""
    folder = cache / "wheels"
    requirements = HERE / "browser-wheels.txt"
    marker = folder / ".downloaded"
    if not marker.exists() or marker.read_text() != requirements.read_text():
        log("wheels for the browser")
        shutil.rmtree(folder, ignore_errors=True)
        run(bin / "pip", "download", "--quiet", "--disable-pip-version-check", "--only-binary=:all:",
            "--platform", "any", "--python-version", "3.12", "--implementation", "py", "--abi", "none",
            "--no-deps", "-d", folder, "-r", requirements)
        with tempfile.TemporaryDirectory() as sdist:
            run(bin / "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
                "--no-binary", "PyYAML", "-d", sdist, PYYAML)
            with tarfile.open(next(Path(sdist).glob("*.tar.gz"))) as tar:
                tar.extractall(sdist, filter="data")
            source = next(p for p in Path(sdist).iterdir() if p.is_dir())
            run(bin / "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps", "-w", folder,
                source, env={**os.environ, "PYYAML_FORCE_LIBYAML": "0"})
        marker.write_text(requirements.read_text())
    return folder


def plotly_charts(plotly_wheel: Path, cache: Path, folder: Path) -> None:
    """zaarlab's renderer of plotly's charts (``plotly-renderer.js``) as a front-end extension in ``folder``, with
    plotly's bundles from npm (``PLOTLY_BUNDLES``), of the version ``plotly_wheel`` draws with, each with the traces
    its README names. It stands in for plotly's own extension, which evaluates the whole library on every page."""
    with zipfile.ZipFile(plotly_wheel) as wheel:
        version = re.search(r'"([\d.]+)"', wheel.read("plotly/offline/_plotlyjs_version.py").decode()).group(1)
    static = folder / "static"
    static.mkdir(parents=True)
    bundles = []
    for name in PLOTLY_BUNDLES:
        package = npm_package(f"{name}@{version}", cache)
        listed = re.search(r"Contains trace modules (.*)\.", (package / "README.md").read_text(encoding="utf-8"))
        if not listed:
            raise SystemExit(f"{name}@{version}: its README names no trace modules")
        main = json.loads((package / "package.json").read_text(encoding="utf-8"))["main"]
        bundles.append({"file": main.replace(".min.js", f"-{version}.min.js"),
                        "traces": re.findall(r"`(\w+)`", listed.group(1))})
        shutil.copy(package / main, static / bundles[-1]["file"])
    shutil.copy(package / "LICENSE", static / "plotly-LICENSE.txt")
    script = f"const ZAARLAB_PLOTLY = {json.dumps(bundles)};\n" + (HERE / "plotly-renderer.js").read_text()
    entry = f"remoteEntry.{hashlib.sha256(script.encode()).hexdigest()[:16]}.js"  # a new name for every change
    (static / entry).write_text(script, encoding="utf-8")
    (folder / "package.json").write_text(json.dumps({"name": "zaarlab-plotly", "version": version, "jupyterlab": {
        "mimeExtension": True, "_build": {"load": f"static/{entry}", "mimeExtension": "./mimeExtension"}}}))


def zaarlab_wheel(bin: Path, out: Path) -> Path:
    """zaarlab's own wheel, built from this checkout (its data and its rule files inside)."""
    unused = shutil.ignore_patterns(".git", ".venv", "build", "notebooks", "tests", "bench", "*.egg-info",
                                    "__pycache__", ".ipynb_checkpoints")

    def ignore(folder: str, names: list[str]) -> set[str]:  # of the documentation, only the rule files
        docs = Path(folder) == ROOT / "docs"
        return unused(folder, names) | ({n for n in names if n != "rules"} if docs else set())

    with tempfile.TemporaryDirectory() as copy:
        shutil.copytree(ROOT, copy, dirs_exist_ok=True, ignore=ignore)
        run(bin / "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps", "-w", out, copy)
    return next(out.glob("zaarlab-*.whl"))


# ---- wheels for Pyodide ---------------------------------------------------------------------------------------

def python312() -> str:
    """Python 3.12, Pyodide's version, to compile the wheels' files ahead."""
    candidates = [*sorted(Path.home().glob(".pyenv/versions/3.12*/bin/python3.12")), shutil.which("python3.12")]
    for candidate in filter(None, candidates):
        works = subprocess.run([str(candidate), "-c", "import sys; print(sys.version_info[:2])"],
                               capture_output=True, text=True)
        if works.returncode == 0 and works.stdout.strip() == "(3, 12)":
            return str(candidate)
    raise SystemExit("make site needs Python 3.12 (Pyodide's) to compile the wheels ahead; none was found")


def rewrite_wheel(wheel: Path, python: str, keep_source: bool, drop: tuple[str, ...] = ()) -> None:
    """Compile ``wheel``'s Python files with Pyodide's Python; drop the sources (unless ``keep_source``) and the
    entries under ``drop``; write a fresh RECORD."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp)
        with zipfile.ZipFile(wheel) as z:
            z.extractall(tree)
        for name in drop:
            target = tree / name
            shutil.rmtree(target) if target.is_dir() else target.unlink(missing_ok=True)
        for tests in [p for p in tree.rglob("tests") if p.is_dir()]:  # a package's own tests: 40% of sympy
            shutil.rmtree(tests)
        if keep_source:  # __pycache__ files that are never checked against the source (its mtime is lost in the zip)
            run(python, "-m", "compileall", "-q", "-j", "0", "--invalidation-mode", "unchecked-hash",
                "-s", tree, "-p", SITE_PACKAGES, tree)
        else:  # a .pyc in place of each .py
            run(python, "-m", "compileall", "-q", "-j", "0", "-b", "-s", tree, "-p", SITE_PACKAGES, tree)
            for source in tree.rglob("*.py"):
                source.unlink()
        record = next(tree.glob("*.dist-info")) / "RECORD"
        files = sorted(p for p in tree.rglob("*") if p.is_file() and p != record)
        lines = []
        for path in files:
            digest = base64.urlsafe_b64encode(hashlib.sha256(path.read_bytes()).digest()).rstrip(b"=").decode()
            lines.append(f"{path.relative_to(tree).as_posix()},sha256={digest},{path.stat().st_size}")
        record.write_text("\n".join(lines + [f"{record.relative_to(tree).as_posix()},,"]) + "\n")
        wheel.unlink()
        with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
            for path in [*files, record]:
                z.write(path, path.relative_to(tree).as_posix())


def stub_wheel(name: str, folder: Path) -> Path:
    """An empty package named ``name``: the kernel asks Pyodide for it, nothing imports it."""
    wheel = folder / f"{name}-1.0.0-py3-none-any.whl"
    info = f"{name}-1.0.0.dist-info"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0.0\n")
        z.writestr(f"{info}/WHEEL",
                   "Wheel-Version: 1.0\nGenerator: zaarlab\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        z.writestr(f"{info}/RECORD", "")
    return wheel


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_entry(wheel: Path) -> dict:
    """The package list's entry for ``wheel``: name, version, hash, what it imports and what it depends on."""
    from packaging.markers import Marker
    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    fields = [line.split(": ", 1) for line in metadata.splitlines() if ": " in line]
    name = next(v for k, v in fields if k == "Name")
    depends = []
    for key, value in fields:
        if key == "Requires-Dist":
            requirement = Requirement(value)
            if requirement.marker is None or Marker(str(requirement.marker)).evaluate(ENVIRONMENT):
                depends.append(canonical(requirement.name))
    imports = sorted({n.split("/")[0].removesuffix(".py").removesuffix(".pyc") for n in names
                      if re.match(r"[^/]+(/__init__)?\.pyc?$", n)})
    return {"name": canonical(name), "version": next(v for k, v in fields if k == "Version"),
            "file_name": wheel.name, "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": imports, "depends": depends, "unvendored_tests": False,
            "shared_library": False}


def pyodide_folder(runtime: Path, wheels: list[Path], out: Path) -> dict:
    """``out``: Pyodide's runtime, the wheels and a package list naming exactly them. Returns the list."""
    from packaging.version import Version

    out.mkdir(parents=True)
    for file in runtime.iterdir():
        if file.is_file() and file.name not in ("package.json", "README.md", "pyodide-lock.json") \
                and not file.name.endswith((".d.ts", ".map", ".html")):  # console.html: a demo, from CDNs
            shutil.copy2(file, out / file.name)
    upstream = json.loads((runtime / "pyodide-lock.json").read_text())
    packages = {}
    for wheel in wheels:  # of two versions of a package (the kernel carries two mocks of one), the newer
        entry = wheel_entry(wheel)
        known = packages.get(entry["name"])
        if known and Version(known["version"]) > Version(entry["version"]):
            continue
        packages[entry["name"]] = entry
    for entry in packages.values():
        shutil.copy2(next(w for w in wheels if w.name == entry["file_name"]), out / entry["file_name"])
    for entry in packages.values():
        entry["depends"] = [d for d in entry["depends"] if (d in packages or d not in KNOWN_ABSENT)
                            and d not in LAZY.get(entry["name"], ())]
        missing = [d for d in entry["depends"] if d not in packages]
        if missing:
            raise SystemExit(f"{entry['file_name']} needs {', '.join(missing)}, which the site does not carry: "
                             "add it to classroom_site/browser-wheels.txt")
    lock = {"info": upstream["info"], "packages": dict(sorted(packages.items()))}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    return lock


# Requirements of the wheels that the browser does without: the kernel's own mock of widgetsnbextension stands in
# for the real one; IPython's pexpect is for terminals; Jinja2 makes the pages zaarlab serves or writes
# (zaarlab.ui.pages), which the static site's pages never do.
KNOWN_ABSENT = {"pexpect", "widgetsnbextension", "jinja2"}


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
    notebooks = ROOT / "notebooks"
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
    sys.path.insert(0, str(ROOT))
    from zaarlab.classroom.launch import STYLESHEET, WAITING

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
    sys.path.insert(0, str(ROOT))
    from zaarlab.classroom.launch import dashboards, describe, index_html

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
        own = zaarlab_wheel(bin, wheels_dir)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "site-cache")
    args = parser.parse_args()
    figures = build(args.out.resolve(), args.cache.resolve())
    log(f"built {args.out} in {figures['seconds']} s: {figures['megabytes']} MB, {figures['wheels']} packages. "
        f"Serve it with: cd {args.out} && python3 -m http.server 8000   (students open http://HOST:8000/)")


if __name__ == "__main__":
    main()
