"""The package's layers, read from its own imports (every ``import`` statement, lazy ones inside functions too):
each folder imports only from the layers it stands on, no game imports another, and no module imports itself back
through a circle. ``docs/guides/contributing.md`` draws the same table; a test here keeps the two equal.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "zaarlab"
GAMES = ("zaarlab.intro", "zaarlab.zaar", "zaarlab.zargos", "zaarlab.zerzura", "zaarlab.zogars_gaze")
LAYERS = {  # layer: (its packages or modules, the layers below it that it may import)
    "core": (("zaarlab", "zaarlab.core"), ()),
    "ui": (("zaarlab.ui",), ("core",)),
    "teaching": (("zaarlab.teaching",), ("core", "ui")),
    "tournaments": (("zaarlab.tournaments",), ("core", "ui")),
    "classroom": (("zaarlab.classroom", "zaarlab.static_site"), ("core", "ui", "teaching")),
    "games": (GAMES, ("core", "ui", "teaching", "tournaments")),
    "top": (("zaarlab.lessons", "zaarlab.explainers", "zaarlab.cli"),
            ("core", "ui", "teaching", "tournaments", "classroom", "games")),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def targets(name: str, path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """Every import of a module as (the module named, the names taken from it), relative ones resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found.append((base, tuple(alias.name for alias in node.names)))
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The zaarlab modules that a module imports (``from . import x`` names module x where x is one)."""
    found = set()
    for base, names in targets(name, path):
        found |= {base} | {f"{base}.{n}" for n in names if f"{base}.{n}" in known}
    return {module for module in found if module in known}


def layer_of(module: str) -> str:
    """The layer of a module: the one listing its longest enclosing package."""
    owners = [(len(top), layer) for layer, (tops, _) in LAYERS.items() for top in tops
              if module == top or module.startswith(f"{top}.")]
    if not owners:
        raise AssertionError(f"{module} is in no layer: add its folder to LAYERS and to the contributors' guide")
    return max(owners)[1]


def game_of(module: str) -> str | None:
    return next((game for game in GAMES if module == game or module.startswith(f"{game}.")), None)


@pytest.fixture(scope="module")
def graph() -> nx.DiGraph:
    found = modules()
    graph = nx.DiGraph()
    for name, path in found.items():
        graph.add_node(name)
        graph.add_edges_from((name, imported) for imported in imports(name, path, set(found)) if imported != name)
    return graph


def wrong_imports(edges) -> list[str]:
    """The imports that climb a layer or cross from one game to another, in words."""
    return ([f"{a} ({layer_of(a)}) imports {b} ({layer_of(b)})" for a, b in edges
             if layer_of(b) != layer_of(a) and layer_of(b) not in LAYERS[layer_of(a)][1]]
            + [f"{a} imports another game's {b}" for a, b in edges
               if game_of(a) and game_of(b) and game_of(a) != game_of(b)])


def test_every_import_points_down_the_layers_and_no_game_imports_another(graph):
    wrong = wrong_imports(graph.edges)
    assert not wrong, "\n".join(wrong)


def test_every_import_of_the_package_names_one_of_its_modules():
    """A relative import that climbs too little or too far (``from .core`` in a folder) names no module: an error
    the layers above cannot see, since they read only the imports that resolve."""
    found = modules()
    wrong = [f"{name} imports {base}, which is no module of zaarlab" for name, path in found.items()
             for base, _ in targets(name, path) if base.split(".")[0] == "zaarlab" and base not in found]
    assert not wrong, "\n".join(wrong)


def test_the_import_graph_has_no_circle(graph):
    assert nx.is_directed_acyclic_graph(graph), f"import circles: {list(nx.simple_cycles(graph))[:5]}"


def test_the_checker_sees_a_wrong_import(tmp_path):
    """A relative import that climbs from the table frame to a game and to the lessons, and one game's import of
    another, are read and refused (so the test above can fail)."""
    table = tmp_path / "zaarlab" / "ui" / "table.py"
    table.parent.mkdir(parents=True)
    table.write_text("from ..zargos import rules\n\ndef later():\n    from ..lessons import LESSONS\n")
    found = imports("zaarlab.ui.table", table, {"zaarlab.zargos", "zaarlab.zargos.rules", "zaarlab.lessons"})
    assert found == {"zaarlab.zargos", "zaarlab.zargos.rules", "zaarlab.lessons"}
    edges = [("zaarlab.ui.table", module) for module in sorted(found)] + [("zaarlab.zaar.odds", "zaarlab.zargos.odds")]
    assert wrong_imports(edges) == [
        "zaarlab.ui.table (ui) imports zaarlab.lessons (top)", "zaarlab.ui.table (ui) imports zaarlab.zargos (games)",
        "zaarlab.ui.table (ui) imports zaarlab.zargos.rules (games)",
        "zaarlab.zaar.odds imports another game's zaarlab.zargos.odds"]


def folder(top: str) -> str:
    """How the guide names a layer's package or module: ``zaarlab/ui/``, ``zaarlab/cli.py``, ``zaarlab/__init__.py``."""
    path = top.replace(".", "/")
    return "zaarlab/__init__.py" if top == "zaarlab" else f"{path}/" if (ROOT / path).is_dir() else f"{path}.py"


def test_the_contributors_guide_draws_these_layers():
    """Each row of the guide's layer table names a layer, its folders and the layers it may import, as LAYERS does."""
    guide = (ROOT / "docs" / "guides" / "contributing.md").read_text()
    rows = {layer: (folders, may) for layer, folders, may
            in re.findall(r"^\| \*\*(\w+)\*\* \| (.+?) \| (.+?) \|$", guide, re.MULTILINE)}
    assert set(rows) == set(LAYERS)
    for layer, (tops, below) in LAYERS.items():
        folders, may = rows[layer]
        assert set(re.findall(r"`([\w./]+)`", folders)) == {folder(top) for top in tops}, layer
        named = set(re.findall(r"\b(" + "|".join(LAYERS) + r")\b", may.replace("everything below", " ".join(below))))
        assert named == set(below), layer
