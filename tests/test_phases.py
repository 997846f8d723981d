"""Phases are typed: each game's ``Phase`` (a ``StrEnum``) is the only way the package names a phase, a saved state's
phase is read as one (an unknown one is refused in words), and saves keep the phase as its text."""

from __future__ import annotations

import ast
import importlib
import json
from pathlib import Path

import pytest

from zaarlab.core.api import GAMES
from zaarlab.core.catalogue import import_game_packages
from zaarlab.core.play import play, random_bot
from zaarlab.core.validate import InvalidState

ROOT = Path(__file__).resolve().parents[1]
GAME_NAMES = ("zaar", "zargos", "zerzura", "zogars_gaze")


def is_phase(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "phase") or (isinstance(node, ast.Name)
                                                                         and node.id == "phase")


def holds_text(node: ast.AST) -> bool:
    """A text constant, a tuple, list or set holding one, or a choice (``a if c else b``) one of whose ends is one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.IfExp):
        return holds_text(node.body) or holds_text(node.orelse)
    return isinstance(node, ast.Tuple | ast.List | ast.Set) and any(map(holds_text, node.elts))


def phase_texts(source: str) -> list[int]:
    """The lines of ``source`` that compare a phase with text, or set a phase to text."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and is_phase(node.left) and any(map(holds_text, node.comparators)):
            lines.append(node.lineno)
        elif isinstance(node, ast.keyword) and node.arg == "phase" and holds_text(node.value):
            lines.append(node.lineno)
        elif isinstance(node, ast.Dict):
            lines += [key.lineno for key, value in zip(node.keys, node.values, strict=True)
                      if isinstance(key, ast.Constant) and key.value == "phase" and holds_text(value)]
    return lines


def test_no_phase_is_compared_with_or_set_to_text():
    found = [f"{path.relative_to(ROOT)}:{line}" for path in sorted((ROOT / "zaarlab").rglob("*.py"))
             for line in phase_texts(path.read_text())]
    assert found == []


def test_the_reader_finds_a_phase_named_by_text():
    source = ('if state.phase == "draw" or phase in ("a", "b"):\n    replace(state, phase="over", **{"phase": "x"})\n'
              'replace(state, phase=Phase.A if c else "b")\n')
    assert sorted(phase_texts(source)) == [1, 1, 2, 2, 3]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_saved_state_keeps_its_phase_as_text_and_reads_it_back_as_a_phase(name):
    import_game_packages()
    phase_type = importlib.import_module(f"zaarlab.{name}.state").Phase
    game = GAMES[name]()
    final = play(game, [random_bot] * game.num_players, seed=2, max_steps=60).final
    saved = json.loads(json.dumps(final.to_dict()))
    assert saved["phase"] == str(final.phase) and type(saved["phase"]) is str
    again = game.state_from_dict(saved)
    assert again == final and type(again.phase) is phase_type
    with pytest.raises(InvalidState, match="phase: one of .*, not str 'nowhere'"):
        game.state_from_dict({**saved, "phase": "nowhere"})
    with pytest.raises(InvalidState, match="phase: one of"):
        game.state_from_dict({**saved, "phase": ["draw"]})
