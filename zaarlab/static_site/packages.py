"""The packages the static site carries, fetched from the registries and made ready for Pyodide: the build tools and
the wheels from PyPI, Pyodide's runtime, plotly's bundles and the icon font from npm (kept in a cache folder), zaarlab's
own wheel made from the installed package, then each wheel compiled ahead for Python 3.12 and listed in the site's own
``pyodide-lock.json``.

:mod:`zaarlab.static_site.build` (``zaarlab site``, ``make site``) assembles the site from them, and says why each step
is taken.
"""

from __future__ import annotations

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
import zipfile
from importlib import metadata
from pathlib import Path

import zaarlab
from zaarlab.core.data import bundled_dir
from zaarlab.core.rule_texts import rules_dir

HERE = Path(__file__).resolve().parent  # the scripts and the list of wheels beside this module
BUILD_TOOLS = ["voici-core==0.9.0", "jupyterlite-core==0.6.4", "jupyterlite-pyodide-kernel==0.6.1"]
EXTENSIONS = ["jupyterlab_widgets==3.0.17", "anywidget==0.11.0"]  # their front-end parts (plotly's: plotly_charts)
PYYAML = "PyYAML==6.0.4"
# Requirements the package list leaves out, as the package imports them only on first use: a page that never asks
# for a sympy.Rational need not fetch and unpack 9 MB (tests/test_dashboard_imports.py checks the dashboards).
LAZY = {"zaarlab": {"sympy"}}
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


def zaarlab_wheel(out: Path) -> Path:
    """zaarlab's own wheel for the browser, made from the package as installed here (a wheel's install or a
    checkout's), so that a teacher who installed zaarlab with pip builds the site as a checkout does: the package's
    files with its data and its rule files, without the notebooks (the site carries them as its pages; a student's
    browser need not load them twice) and without compiled files (each wheel is compiled for Pyodide's Python)."""
    distribution = metadata.distribution("zaarlab")
    described = distribution.read_text("METADATA") or distribution.read_text("PKG-INFO")
    if not described:
        raise SystemExit("zaarlab's installed metadata is missing: install zaarlab again (pip install zaarlab)")
    version = distribution.version
    package = Path(zaarlab.__file__).resolve().parent
    parts = {"zaarlab": package, "zaarlab/bundled_data": bundled_dir(), "zaarlab/bundled_rules": rules_dir()}
    skipped = {"__pycache__", ".ipynb_checkpoints", "bundled_data", "bundled_rules", "bundled_notebooks"}
    files = {f"{inside}/{file.relative_to(folder).as_posix()}": file for inside, folder in parts.items()
             for file in sorted(folder.rglob("*")) if file.is_file() and file.suffix != ".pyc"
             and not skipped & set(file.relative_to(folder).parts)}
    return pure_wheel(out, "zaarlab", version, described, files)


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
    return pure_wheel(folder, name, "1.0.0", f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0.0\n", {})


def pure_wheel(folder: Path, name: str, version: str, described: str, files: dict[str, Path]) -> Path:
    """A wheel for any Python in ``folder``: ``files`` by their names inside it, and the metadata ``described``
    (its RECORD left empty: :func:`rewrite_wheel` writes it with every file's hash, where it matters)."""
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for inside, file in files.items():
            z.write(file, inside)
        z.writestr(f"{info}/METADATA", described)
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
                             "add it to zaarlab/static_site/browser-wheels.txt")
    lock = {"info": upstream["info"], "packages": dict(sorted(packages.items()))}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    return lock


# Requirements of the wheels that the browser does without: the kernel's own mock of widgetsnbextension stands in
# for the real one; IPython's pexpect is for terminals; Jinja2 makes the pages zaarlab serves or writes
# (zaarlab.ui.pages), which the static site's pages never do.
KNOWN_ABSENT = {"pexpect", "widgetsnbextension", "jinja2"}
