"""How many of each rulebook's rule IDs the test suite names, and where each rule lives in the tests and the code.

The IDs come from ``docs/rules/<game>.md`` (table rows ``| ZARGOS-COMBAT-02 | ... |``). A test names a
rule either by its function name, ``test_zargos_combat_02_attacker_rolls_three_dice``, or by a marker,
``@pytest.mark.rule("ZARGOS-COMBAT-02")`` (also as ``pytestmark`` or in ``pytest.param(marks=...)``).
Test files are read as source with :mod:`ast`; nothing is imported or run. :func:`trace` goes further, for the
documentation: for every rule, the tests that name it and the functions of ``zaarlab`` whose docstrings or refusals
name it.

Examples
--------
>>> sorted(ids_in_test_source('''
... import pytest
... @pytest.mark.rule("ZAAR-PLACE-03", "ZAAR-PLACE-02")
... def test_occupied_cell(): ...
... def test_zargos_combat_02_three_dice(): ...
... def helper_zargos_combat_09(): ...
... '''))
['ZAAR-PLACE-02', 'ZAAR-PLACE-03', 'ZARGOS-COMBAT-02']
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .files import FileRefused, read_text

MAX_SOURCE_BYTES = 5_000_000  # a test or rules file: the largest of the project's is under 100 kB

_ROW = re.compile(r"^\|\s*([A-Z]+-[A-Z]+\d?-\d+)\s*\|", re.MULTILINE)  # LVL1..4 carry a digit
_ROW_TEXT = re.compile(r"^\|\s*([A-Z]+-[A-Z]+\d?-\d+)\s*\|(.*)\|\s*$", re.MULTILINE)  # (ID, paraphrase)
_ID = re.compile(r"\b[A-Z]+-[A-Z]+\d?-\d+\b")
_TEST_NAME = re.compile(r"^test_(zaar|zogar|zerzura|zargos)_([a-z]+\d?)_(\d+)")


@dataclass(frozen=True)
class GameCoverage:
    """The rule IDs of one game's docs file, and which of them no test names."""

    game: str
    rule_ids: tuple[str, ...]
    missing: tuple[str, ...]

    @property
    def covered(self) -> int:
        return len(self.rule_ids) - len(self.missing)


def documented_ids(docs_file: Path) -> tuple[str, ...]:
    """The rule IDs listed in a ``docs/rules/<game>.md`` table, in file order."""
    return tuple(dict.fromkeys(_ROW.findall(read_text(docs_file, MAX_SOURCE_BYTES, "a rules file"))))


def ids_in_test_source(source: str) -> set[str]:
    """Rule IDs named by the tests of one Python source file."""
    return _ids_in(ast.parse(source))


def _ids_in(tree: ast.Module) -> set[str]:
    named = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            match = _TEST_NAME.match(node.name)
            if match:
                named.add(f"{match[1]}-{match[2]}-{match[3]}".upper())
        elif isinstance(node, ast.Call) and _is_rule_marker(node.func):
            named.update(arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str))
    return named


def coverage(root: Path) -> list[GameCoverage]:
    """Coverage of every ``docs/rules/*.md`` that lists rule IDs by the tests under ``root/tests``."""
    docs = root / "docs" / "rules"
    tests = root / "tests"
    if not docs.is_dir() or not tests.is_dir():
        raise FileNotFoundError(f"{root} has no docs/rules/ and tests/ folders: run from the project's top folder")
    named = set()
    for path in sorted(tests.rglob("*.py")):
        named |= _ids_in(_parse(path))
    report = []
    for docs_file in sorted(docs.glob("*.md")):
        ids = documented_ids(docs_file)
        if not ids:  # readings.md and public-facts.md: the record of readings, no rule table
            continue
        report.append(GameCoverage(docs_file.stem, ids, tuple(i for i in ids if i not in named)))
    return report


@dataclass(frozen=True)
class RuleTrace:
    """One rule: its ID and paraphrase, the tests that name it (``path::name``) and the code that names it
    (``zaarlab.module.function``)."""

    rule_id: str
    text: str
    tests: tuple[str, ...]
    code: tuple[str, ...]


def trace(root: Path) -> dict[str, list[RuleTrace]]:
    """For each game (docs file), every rule with the tests and the code that name it, in the docs' order.

    Examples
    --------
    >>> root = Path(__file__).resolve().parents[2]  # the project folder of a source checkout
    >>> place = next(r for r in trace(root)["zaar"] if r.rule_id == "ZAAR-PLACE-03")
    >>> place.text
    'A cell holds at most one room (implied by placing cards on hex markings).'
    >>> "zaarlab.zaar.board.Mansion.check_placement" in place.code
    True
    """
    rows = {}
    for docs_file in sorted((root / "docs" / "rules").glob("*.md")):
        found = _ROW_TEXT.findall(read_text(docs_file, MAX_SOURCE_BYTES, "a rules file"))
        if found:
            rows[docs_file.stem] = dict(found)
    known = {rule for game in rows.values() for rule in game}
    tests, code = _named_by(root, "tests", _tests_naming, known), _named_by(root, "zaarlab", _code_naming, known)
    return {game: [RuleTrace(rule, text.strip(), tuple(sorted(tests.get(rule, ()))), tuple(sorted(code.get(rule, ()))))
                   for rule, text in rules.items()] for game, rules in rows.items()}


def _parse(path: Path) -> ast.Module:
    """A Python file's syntax tree; a file that is not Python is refused by name (it is read, never run)."""
    try:
        return ast.parse(read_text(path, MAX_SOURCE_BYTES, "a Python file"), filename=str(path))
    except SyntaxError as error:
        where = f" (line {error.lineno})" if error.lineno else ""
        raise FileRefused(path, f"not Python: {error.msg}{where}") from None
    except ValueError as error:  # a NUL byte, in the Pythons that do not call it a SyntaxError
        if isinstance(error, FileRefused):
            raise
        raise FileRefused(path, f"not Python: {error}") from None


def _named_by(root: Path, folder: str, naming: Callable[[ast.Module, Path], Iterator[tuple[str, str]]],
              known: set[str]) -> dict[str, set[str]]:
    named: dict[str, set[str]] = {}
    for path in sorted((root / folder).rglob("*.py")):
        where = path.relative_to(root)
        for rule, place in naming(_parse(path), where):
            if rule in known:
                named.setdefault(rule, set()).add(place)
    return named


def _tests_naming(tree: ast.Module, where: Path) -> Iterator[tuple[str, str]]:
    """(rule, "path::test") for every test function and the IDs its name or its rule markers give."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            source = ast.Module(body=[ast.Expr(d) for d in node.decorator_list], type_ignores=[])
            for rule in ids_in_test_source(ast.unparse(source)) | ids_in_test_source(f"def {node.name}(): ..."):
                yield rule, f"{where.as_posix()}::{node.name}"


def _code_naming(tree: ast.Module, where: Path) -> Iterator[tuple[str, str]]:
    """(rule, "zaarlab.module.qualname") for every function or class whose own strings name the rule."""
    module = ".".join(where.with_suffix("").parts).removesuffix(".__init__")

    def visit(node: ast.AST, prefix: str) -> Iterator[tuple[str, str]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                for rule in _own_ids(child):
                    yield rule, f"{module}.{name}"
                yield from visit(child, f"{name}.")

    yield from visit(tree, "")


def _own_ids(node: ast.AST) -> set[str]:
    """Rule IDs in the string constants of ``node``, leaving out those of functions and classes inside it."""
    found, stack = set(), list(ast.iter_child_nodes(node))
    while stack:
        child = stack.pop()
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if isinstance(child, ast.Constant) and isinstance(child.value, str):
            found.update(_ID.findall(child.value))
        stack.extend(ast.iter_child_nodes(child))
    return found


def format_report(report: list[GameCoverage], show_missing: bool = True) -> str:
    """The report as text: one line per game, then its missing IDs."""
    lines = []
    for game in report:
        lines.append(f"{game.game}: {game.covered}/{len(game.rule_ids)} rule IDs named by tests")
        if show_missing and game.missing:
            lines.append("  missing: " + " ".join(game.missing))
    return "\n".join(lines)


def _is_rule_marker(func: ast.expr) -> bool:
    # pytest.mark.rule(...) or mark.rule(...)
    return isinstance(func, ast.Attribute) and func.attr == "rule" and (
        isinstance(func.value, ast.Attribute) and func.value.attr == "mark"
        or isinstance(func.value, ast.Name) and func.value.id == "mark"
    )
