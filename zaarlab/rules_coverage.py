"""How many of each rulebook's rule IDs the test suite names: a report, not a test.

The IDs come from ``docs/rules/<game>.md`` (table rows ``| ZARGOS-COMBAT-02 | ... |``). A test names a
rule either by its function name, ``test_zargos_combat_02_attacker_rolls_three_dice``, or by a marker,
``@pytest.mark.rule("ZARGOS-COMBAT-02")`` (also as ``pytestmark`` or in ``pytest.param(marks=...)``).
Test files are read as source with :mod:`ast`; nothing is imported or run.

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
from dataclasses import dataclass
from pathlib import Path

_ROW = re.compile(r"^\|\s*([A-Z]+-[A-Z]+\d?-\d+)\s*\|", re.MULTILINE)  # LVL1..4 carry a digit
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
    return tuple(dict.fromkeys(_ROW.findall(docs_file.read_text(encoding="utf-8"))))


def ids_in_test_source(source: str) -> set[str]:
    """Rule IDs named by the tests of one Python source file."""
    named = set()
    for node in ast.walk(ast.parse(source)):
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
        named |= ids_in_test_source(path.read_text(encoding="utf-8"))
    report = []
    for docs_file in sorted(docs.glob("*.md")):
        ids = documented_ids(docs_file)
        if not ids:  # readings.md and public-facts.md: the record of readings, no rule table
            continue
        report.append(GameCoverage(docs_file.stem, ids, tuple(i for i in ids if i not in named)))
    return report


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
