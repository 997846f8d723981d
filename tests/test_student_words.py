"""Every classroom dashboard speaks a student's words, not a programmer's: built as its notebook builds it and
operated control by control (headless), no text it shows (labels, menus, buttons, charts and their hovers) holds a
rule ID outside the small print, a snake_case name, ``->``, ``[]`` or a long fraction without its percent; and every
probability a chart shows on hover carries its percent. (The browser tests scan the drawn pages too.)"""

import re

import pytest

from tests.helpers import student_text_problems
from tests.widget_text import widget_texts
from zaarlab.intro.widgets import DiceSumExplorer
from zaarlab.zaar.widgets import AstrolabeBattle, MansionBuilder
from zaarlab.zargos.widgets import BattleCalculator
from zaarlab.zerzura.widgets import CollectionBuilder
from zaarlab.zogars_gaze.widgets import HoldAdvisor


def dice_steps(explorer):
    yield
    explorer.dice.value = 10
    yield
    explorer.at_least.value = explorer.at_least.max


def battle_steps(calc):
    yield
    calc.attackers.value, calc.defenders.value = 60, 60
    yield
    for toggle in (calc.capital, calc.attacker_war, calc.defender_war):
        toggle.value = True
        yield


def hold_steps(advisor):
    yield
    for _, requirement in advisor.requirement.options:
        advisor.requirement.value = requirement
        yield
    advisor.tray.held = [False, False, False, True, False]
    yield
    advisor.roll_unheld()
    yield
    advisor.tray.held = [True] * 5
    yield


def collection_steps(builder):
    yield
    for slider in builder.quantity.values():
        slider.value = 4
    for toggle in builder.character.values():
        toggle.value = True
    yield
    builder.stored.value = builder.stored.max
    yield


def astrolabe_steps(bench):
    yield
    for letter in "ABCD":
        for room in bench.category.options:
            bench.letter.value, bench.category.value = letter, room[1] if isinstance(room, tuple) else room
            bench.read()
            yield
            for _ in range(3):
                bench.throw()
                yield


def mansion_steps(builder):
    yield
    builder.place()
    yield
    builder.room.value = "sacred_room_5"
    builder.rotation.value = 0
    for cell in [c for _, c in builder.cell.options][:6]:
        builder.cell.value = cell
        builder.place()
        yield
    builder.mission_odds.value = True
    yield
    builder.undo()
    yield


DASHBOARDS = {"dice_sums": (lambda: DiceSumExplorer(dice=3), dice_steps),
              "zargos_battle": (BattleCalculator, battle_steps),
              "zogar_hold_advisor": (HoldAdvisor, hold_steps),
              "zerzura_collection": (CollectionBuilder, collection_steps),
              "zaar_astrolabe": (AstrolabeBattle, astrolabe_steps),
              "zaar_mansion_builder": (lambda: MansionBuilder(seed=1), mansion_steps)}
PERCENT_BESIDE = re.compile(r"\d+/\d+ (?:≈ |, [<>] |\()[\d.]+%|\d\.\d+… (?:≈ |, )")


@pytest.mark.parametrize("name", list(DASHBOARDS))
def test_every_text_of_the_dashboard_is_a_students(name):
    make, steps = DASHBOARDS[name]
    dashboard = make()
    problems = set()
    for _ in steps(dashboard):
        for text in widget_texts(dashboard.box):
            problems.update(student_text_problems(text))
    assert sorted(problems) == []


@pytest.mark.parametrize("name", list(DASHBOARDS))
def test_every_probability_on_hover_carries_its_percent(name):
    make, _ = DASHBOARDS[name]
    dashboard = make()
    figures = getattr(dashboard, "figures", None) or (dashboard.figure,)
    for figure in figures:
        for trace in figure.data:
            for text in _hover_values(trace):
                if re.fullmatch(r"\d+/\d+|0|1", text.split(": ")[-1]):
                    raise AssertionError(f"{name}: {text!r} has no percent beside it")


def _hover_values(trace):
    data = getattr(trace, "customdata", None)
    if data is None:
        return []
    flat = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, str):  # a probability is shown as text; numbers there are labels (a cell's number)
            flat.append(item)
    return flat
