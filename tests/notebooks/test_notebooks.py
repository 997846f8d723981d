"""Notebooks: committed executed, in order, without widget state.

``make test`` runs each notebook once, under nbval, which compares every output with the committed one (an
error in a cell, an unknown magic included, fails it).
"""

from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).parents[2]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def test_there_are_notebooks_and_a_dashboard():
    names = {p.relative_to(ROOT / "notebooks").as_posix() for p in NOTEBOOKS}
    assert {"00_start_here.ipynb", "classroom/dice_sums.ipynb", "classroom/zargos_battle.ipynb",
            "zargos/01_the_planet.ipynb", "zargos/02_combat_odds.ipynb", "zargos/03_play_zargos.ipynb",
            "zogars_gaze/01_combat_dice.ipynb", "zogars_gaze/02_press_your_luck.ipynb",
            "zogars_gaze/03_play_zogars_gaze.ipynb", "classroom/zogar_hold_advisor.ipynb", "zerzura/01_scoring.ipynb",
            "zerzura/02_play_zerzura.ipynb", "classroom/zerzura_collection.ipynb", "zaar/01_the_mansion.ipynb",
            "classroom/zaar_mansion_builder.ipynb", "zaar/02_raml_and_astrolabe.ipynb", "classroom/zaar_astrolabe.ipynb",
            "zaar/03_play_zaar.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_committed_executed_without_widget_state(path):
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    assert code and all(c.execution_count is not None for c in code), "run `make notebooks` before committing"
    assert "widgets" not in nb.metadata, "widget state is stored: re-run `make notebooks`"
    counts = [c.execution_count for c in code]
    assert counts == list(range(1, len(code) + 1)), "cells were run out of order: re-run `make notebooks`"


def test_every_lesson_with_exercises_opens_with_its_goals_and_closes_with_what_the_student_can_now_do():
    from zaarlab.lessons import LESSONS

    lessons = {}
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        code = " ".join(c.source for c in nb.cells if c.cell_type == "code")
        if "classroom" not in path.parts and ("ExerciseSheet(" in code or "YourBot(" in code):
            lessons[path.name] = nb
    assert len(lessons) == len(LESSONS) + 1  # every lesson of the exercises page, and writing your own bot
    for name, nb in lessons.items():
        cells = [c.source for c in nb.cells if c.cell_type == "markdown"]
        assert any("**By the end of this" in source and "1. " in source for source in cells[:3]), name
        closing = [source for source in cells if source.startswith("## What you can now do")]
        assert len(closing) == 1 and closing[0].count("\n- ") >= 3, name
