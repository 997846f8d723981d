"""Install metadata: every subpackage listed, data, the notebooks, the Voila template, the pages' templates and the
widgets' files in the wheel, environment.yml in step with pyproject."""

import subprocess
import sys
import tomllib
import warnings
import zipfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_every_subpackage_and_data_folder_is_listed_for_the_wheel():
    setuptools = PYPROJECT["tool"]["setuptools"]
    code = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "zaarlab").rglob("__init__.py")}
    data = {".".join(("zaarlab.bundled_data", *p.relative_to(ROOT / "data").parts))
            for p in [ROOT / "data", *(d for d in (ROOT / "data").rglob("*") if d.is_dir())]}
    folders = [ROOT / "notebooks", *(d for d in (ROOT / "notebooks").iterdir() if d.is_dir() and d.name[0] != ".")]
    folders = [ROOT / "notebooks", *(d for d in (ROOT / "notebooks").iterdir() if d.is_dir() and d.name[0] != ".")]
    notebooks = {".".join(("zaarlab.bundled_notebooks", *p.relative_to(ROOT / "notebooks").parts)) for p in folders}
    assert setuptools["package-dir"]["zaarlab.bundled_rules"] == "docs/rules"
    assert setuptools["package-dir"]["zaarlab.bundled_notebooks"] == "notebooks"
    assert set(setuptools["package-data"]) - data - notebooks - {"zaarlab.bundled_rules"} <= code  # templates...
    assert not unshipped(setuptools["package-data"])


def not_python(path: Path) -> bool:
    return path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts


def unshipped(package_data: dict[str, list[str]]) -> list[str]:
    """The files of zaarlab/ that are not Python and that no package-data pattern of their package names."""
    missing = []
    for path in filter(not_python, (ROOT / "zaarlab").rglob("*")):
        package = next(p for p in path.parents if (p / "__init__.py").exists())
        patterns = package_data.get(".".join(package.relative_to(ROOT).parts), [])
        if not any(path.relative_to(package).match(pattern) for pattern in patterns):
            missing.append(path.relative_to(ROOT).as_posix())
    return missing


def test_a_file_no_pattern_names_is_found():
    assert "zaarlab/ui/web-assets/card_board.js" in unshipped({})


@pytest.mark.xdist_group("wheel-build")  # setuptools builds in the project's build/: one wheel at a time
def test_the_wheel_carries_the_data(tmp_path, monkeypatch):
    from setuptools import build_meta

    monkeypatch.chdir(ROOT)
    with warnings.catch_warnings():  # a packaging warning fails here, by name (xdist cannot carry setuptools' own)
        warnings.simplefilter("error")
        wheel = build_meta.build_wheel(str(tmp_path))
    names = set(zipfile.ZipFile(tmp_path / wheel).namelist())
    data = ROOT / "data"
    bundled = {f"zaarlab/bundled_data/{p.relative_to(data).as_posix()}" for p in data.rglob("*.yaml")}
    assert bundled and bundled <= names
    assert "zaarlab/cli.py" in names
    rules = {f"zaarlab/bundled_rules/{p.name}" for p in (ROOT / "docs" / "rules").glob("*.md")}
    assert "zaarlab/bundled_rules/readings.md" in rules and rules <= names  # every rule ID's words
    notebooks = {f"zaarlab/bundled_notebooks/{p.relative_to(ROOT / 'notebooks').as_posix()}"
                 for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts}
    assert len(notebooks) > 20 and notebooks <= names and "zaarlab/bundled_notebooks/classroom/index.html" in names
    assert {p.relative_to(ROOT).as_posix() for p in filter(not_python, (ROOT / "zaarlab").rglob("*"))} <= names


def test_environment_yml_installs_the_project_and_nothing_else():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["channels"][0] == "conda-forge"
    python = next(d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python"))
    assert python == "python=3.11" and PYPROJECT["project"]["requires-python"] == ">=3.11"
    assert "pip" in env["dependencies"]
    pip_section = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert pip_section == ["-e .[dev]"]


def test_the_readme_shows_the_two_commands():
    readme = (ROOT / "README.md").read_text()
    assert "make lab" in readme and "make test" in readme


MODULES = sorted(
    ".".join(p.with_suffix("").relative_to(ROOT).parts)
    for p in (ROOT / "zaarlab").rglob("*.py")
    if p.name not in ("__init__.py", "__main__.py")  # a __main__ runs its program when imported
)


@pytest.mark.parametrize("module", MODULES)
def test_every_module_imports_first_in_a_fresh_interpreter(module):
    """Import cycles show only in some orders: each module must import on its own."""
    proc = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
