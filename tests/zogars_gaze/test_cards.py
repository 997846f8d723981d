"""The reconstructed cards of Zogar's Gaze, checked against the printed counts; trap escapes by brute force."""

import itertools
import shutil
from fractions import Fraction

import pytest
import sympy

from zaarlab.core.data import DataError, bundled_dir
from zaarlab.zogars_gaze.cards import dungeon
from zaarlab.zogars_gaze.odds import expected_turns_trapped, p_escape, parse


@pytest.mark.rule("ZOGAR-COMP-01", "ZOGAR-COMP-02", "ZOGAR-COMP-03", "ZOGAR-COMBAT-12")
def test_the_dungeon_and_the_market_as_printed():
    from zaarlab.core.data import load

    cards = dungeon()
    assert [sum(c.count for c in cards if c.level == level) for level in (1, 2, 3)] == [63, 39, 24]
    assert sum(c.count for c in cards if c.kind == "gaze") >= 7
    enemies = [c for c in cards if c.kind in ("monster", "thieves")]
    assert all(parse(c.requirement) for c in enemies)
    fungoid = next(c for c in cards if c.id == "fungoid_scout")
    assert fungoid.requirement == "2x3"
    fps = [c.fp for c in enemies for _ in range(c.count)]
    assert max(fps) == 5 and sum(fp in (1, 2) for fp in fps) >= 0.9 * len(fps)  # most are worth 1 or 2
    assert sum(c["count"] for c in load("zogars_gaze/market.yaml")["cards"]) == 18
    characters = load("zogars_gaze/characters.yaml")
    assert len(characters["races"]) == len(characters["classes"]) == 5


@pytest.mark.parametrize(("old", "new", "problem"), [
    ('{id: treasure_1, name: "Level 1 treasure", kind: treasure, level: 1, count: 14',
     '{id: treasure_1, name: "Level 1 treasure", kind: treasure, level: 1, count: 13', "level 1 has 63 cards"),
    ('requirement: "4x6"', 'requirement: "four sixes"', "cannot read the requirement"),
    ("{id: dragon, name: \"The Dragon\", kind: monster, level: 3, count: 1, fp: 5",
     "{id: dragon, name: \"The Dragon\", kind: monster, level: 3, count: 1, fp: 4", "5 Fame Points"),
])
def test_a_user_deck_is_checked(tmp_path, old, new, problem):
    folder = tmp_path / "zogars_gaze"
    folder.mkdir()
    text = (bundled_dir() / "zogars_gaze" / "dungeon.yaml").read_text()
    assert old in text
    (folder / "dungeon.yaml").write_text(text.replace(old, new, 1))
    with pytest.raises(DataError, match=problem):
        dungeon(tmp_path)
    shutil.rmtree(folder)


def test_trap_escapes_agree_with_every_ordered_throw():
    throws = list(itertools.product(range(1, 7), repeat=5))
    pit = Fraction(sum(max(t.count(f) for f in range(1, 7)) >= 3 for t in throws), len(throws))
    dark = Fraction(sum(any(set(range(a, a + 4)) <= set(t) for a in (1, 2, 3)) for t in throws), len(throws))
    assert p_escape("pit_trap") == sympy.Rational(pit.numerator, pit.denominator)
    assert p_escape("darkness") == sympy.Rational(dark.numerator, dark.denominator)
    assert expected_turns_trapped("pit_trap") == 1 / p_escape("pit_trap")
    with pytest.raises(ValueError):
        p_escape("quicksand")
