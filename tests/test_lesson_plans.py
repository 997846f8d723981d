"""The lesson plans in the docs say what zaarlab computes: every count, fraction and percent a plan gives a teacher
is computed here again from the rules (counted over every throw) and from the engine's battle chains."""

import re
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from zaarlab.zargos.exercises import p_takes, throws_losing
from zaarlab.zargos.odds import battle_dist

LESSONS = Path(__file__).resolve().parents[1] / "docs" / "guides" / "lessons"
ZARGOS_2 = (LESSONS / "zargos-2.md").read_text(encoding="utf-8")


def _rows(text: str, label: str) -> dict[int, int]:
    """A plan's table of throws: the totals row above the row named ``label``, as {total: throws}."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"| {label}"))
    totals = [int(cell) for cell in lines[at - 2].strip("|").split("|")[1:]]
    counts = [int(cell) for cell in lines[at].strip("|").split("|")[1:]]
    return dict(zip(totals, counts, strict=True))


@pytest.mark.parametrize(("label", "dice"), [("two dice (of 36)", 2), ("three dice (of 216)", 3)])
def test_zargos_combat_05_the_plans_tables_of_throws_count_every_throw(label, dice):
    table = _rows(ZARGOS_2, label)
    assert len(table) >= 11
    for total, throws in table.items():
        assert throws == sum(sum(t) >= total for t in product(range(1, 7), repeat=dice)), (label, total)
        if total % 2 == 0:  # a loss of at least total/2 units, as the exercise counts it
            assert throws == throws_losing(dice, total // 2)


def test_zargos_combat_04_the_plans_dice_for_units_are_the_rules():
    assert "**1 die** with 1 to 3 units, **2 dice** with 4 to 6, **3 dice** with 7 or more" in ZARGOS_2
    assert "rolls *d* = 1, 2 or 3 dice" in ZARGOS_2 and "A side of 2, 5 or 8 units" in ZARGOS_2


def test_zargos_combat_08_one_against_one_as_the_plan_works_it_out():
    ends = battle_dist(1, 1)
    assert [ends.fraction(lambda end, e=e: end == e) for e in ((0, 0), (1, 0), (0, 1))] == [
        Fraction(5, 7), Fraction(1, 7), Fraction(1, 7)]
    assert "25 kill both, 5 and 5 leave one side standing: 5/7 nobody left, 1/7 each" in ZARGOS_2


def test_zargos_combat_05_the_plans_three_units_lost_with_two_dice():
    assert "how many throws cost 3 units? (Sums 6 and 7: 5 + 6 = 11.)" in ZARGOS_2
    assert throws_losing(2, 3, at_least=False) == 11


def test_the_plans_percents_are_the_battle_calculators():
    quoted = re.search(r"from about (\d+) % to about (\d+) %", ZARGOS_2).groups()
    assert [round(100 * float(p_takes(6, 5))), round(100 * float(p_takes(7, 5)))] == [int(q) for q in quoted]
    assert round(100 * float(p_takes(8, 5))) == 97 and "8 against 5 takes\n  the province about 97 %" in ZARGOS_2
    assert p_takes(6, 4) > p_takes(5, 4)  # the discussion's answer: the extra units buy rounds, not dice
