"""Zaar's raml and astrolabe, and the exact battle odds against brute force over every throw and Monte Carlo."""

import random
from collections import Counter
from itertools import product

import pytest
import sympy

from zaarlab.zaar.astrolabe import Plates, Result, command, load_astrolabe, next_sector, read
from zaarlab.zaar.name_table import load_name_table
from zaarlab.zaar.odds import (
    BEFORE_TABLE,
    W,
    astrolabe_battle_dist,
    battle_closed_form,
    battle_dist,
    expected_turns_to_empty,
    p_collect,
    p_trap,
    reachable_results,
    result_kind_dist,
)
from zaarlab.zaar.raml import Requirement, load_raml, meets, readings, throw_dist, traps

RAML, ASTRO = load_raml(), load_astrolabe()
THROWS = sorted(throw_dist(RAML).outcomes)


@pytest.mark.rule("ZAAR-RAML-02", "ZAAR-RAML-03", "ZAAR-COMP-06")
def test_a_throw_is_256_ordered_outcomes_and_the_letter_traps():
    assert len(THROWS) == 256 and throw_dist(RAML).p(("A", 0, 0, 3)) == sympy.Rational(1, 256)
    assert traps(("B", 1, 2, 3), ("B",), RAML) and not traps(("A", 1, 2, 3), ("B",), RAML)
    assert traps(("C", 0, 0, 0), ("C", "D"), RAML) and traps(("D", 0, 0, 0), ("C", "D"), RAML)  # two plaques
    assert throw_dist(RAML).p(lambda t: traps(t, ("B",), RAML)) == sympy.Rational(1, 4)
    by_count = sum(t[0] in ("C", "D") for t in THROWS)  # counted by hand over the 256 throws
    assert p_trap(("C", "D")) == sympy.Rational(by_count, 256) == sympy.Rational(1, 2)


def test_zaar_pawn_03_the_warrior_reads_backsides():
    assert len(readings(("A", 0, 1, 2), RAML, warrior=True)) == 16
    assert throw_dist(RAML).p(lambda t: traps(t, ("B",), RAML, warrior=True)) == sympy.Rational(1, 2)
    assert meets(("A", 2, 0, 1), Requirement.parse("0*3"), RAML, warrior=True)  # 2 reads 0, 1 reads 3
    assert not meets(("A", 2, 0, 1), Requirement.parse("0*3"), RAML)


@pytest.mark.rule("ZAAR-ASTRO-10", "ZAAR-ASTRO-11")
def test_ex_z09_ordered_and_unordered_numbers():
    ordered = Requirement.parse("0*3")
    assert ordered.met((0, 1, 3)) and ordered.met((0, 3, 3)) and not ordered.met((3, 1, 0))
    unordered = Requirement.unordered((1, 2))
    assert unordered.met((2, 0, 1)) and not unordered.met((2, 2, 0))
    assert Requirement.unordered((0, 0)).met((0, 3, 0)) and not Requirement.unordered((0, 0)).met((0, 3, 1))


@pytest.mark.rule("ZAAR-ASTRO-11")
def test_an_unordered_requirement_is_met_exactly_when_its_numbers_are_among_the_dice():
    """Against multiset subtraction, for every requirement of up to three numbers and every throw of three dice."""
    faces = range(4)
    for size in range(4):
        for wanted in product(faces, repeat=size):
            requirement = Requirement.unordered(wanted)
            for dice in product(faces, repeat=3):
                assert requirement.met(dice) == (not Counter(wanted) - Counter(dice)), (wanted, dice)


@pytest.mark.rule("ZAAR-ASTRO-03", "ZAAR-ASTRO-04", "ZAAR-ASTRO-05", "ZAAR-ASTRO-06")
def test_the_plates_turn_to_the_next_appearance():
    assert next_sector(ASTRO.lower, 0, "A") == 4 and next_sector(ASTRO.lower, 1, "A") == 4
    result, plates = read(ASTRO, Plates(), "B", "humid")
    assert (plates.lower, plates.top) == (1, 2) and result is ASTRO.notch[1][2]
    second, plates = read(ASTRO, plates, "B", "humid")  # the same letter again: the next sectors, a new result
    assert (plates.lower, plates.top) == (5, 6) and result.kind in ("revoked", "not_revoked", "sacrifice",
                                                                    "ordered", "unordered")
    kinds = [r.kind for r in reachable_results("B", "humid")]
    assert sorted(kinds) == ["not_revoked", "ordered", "ordered", "ordered", "revoked", "sacrifice", "unordered",
                             "unordered", "unordered"]
    assert result_kind_dist("B", "humid").p("ordered") == sympy.Rational(1, 3)
    assert result_kind_dist("B", "humid", Plates(0, 0)).p(result.kind) == 1


@pytest.mark.rule("ZAAR-CMD-02", "ZAAR-CMD-03")
def test_ex_z03_the_backside_turns_by_arrow_and_dots():
    cmd, plates = command(ASTRO, Plates(back=5), Result("revoked", clockwise=True, dots=2))
    assert plates.back == 7 and cmd == ASTRO.backside[7]
    cmd, plates = command(ASTRO, Plates(back=1), Result("revoked", clockwise=False, dots=3))
    assert plates.back == 10 and (cmd.plaque or cmd.category) and cmd.letter.startswith("L")


@pytest.mark.rule("ZAAR-ASTRO-07", "ZAAR-ASTRO-08", "ZAAR-ASTRO-09", "ZAAR-ASTRO-12", "ZAAR-BATTLE-05",
                  "ZAAR-PAWN-07")
def test_results_without_throws_and_a_table_that_already_wins():
    assert battle_dist(Result("revoked"), 3, "bloody", "A").p("extra_win") == 1
    assert battle_dist(Result("not_revoked"), 3, "bloody", "A").p("draw") == 1
    assert battle_dist(Result("sacrifice", category="humid"), 3, "humid", "A").p("lose") == 1
    assert battle_dist(Result("sacrifice", category="humid"), 3, "bloody", "A").p("draw") == 1
    need = Result("ordered", Requirement.parse("0*3"))
    assert battle_dist(need, 3, "bloody", "A", table=("A", 0, 2, 3)).p("extra_win") == 1
    assert battle_dist(need, 0, "bloody", "A").p("lose") == 1  # no wisdom, no throw (GAP-Z11)
    wise = battle_dist(need, 2, "bloody", "A", wise=True)
    assert wise.p("win") == 0 and wise.p("extra_win") == 1 - wise.p("lose")


def brute_force(result: Result, wisdom: int, letter: str, warrior: bool) -> dict:
    """Every sequence of ``wisdom`` throws, played by the rule: the first throw meeting the numbers ends it."""
    counts = {"lose": 0, "win": 0, "extra_win": 0}
    for sequence in product(THROWS, repeat=wisdom):
        outcome = "lose"
        for throw in sequence:
            if meets(throw, result.requirement, RAML, warrior):
                outcome = "extra_win" if traps(throw, (letter,), RAML, warrior) else "win"
                break
        counts[outcome] += 1
    return {k: sympy.Rational(v, len(THROWS) ** wisdom) for k, v in counts.items()}


@pytest.mark.rule("ZAAR-BATTLE-01", "ZAAR-BATTLE-02", "ZAAR-BATTLE-04", "ZAAR-BATTLE-06", "ZAAR-BATTLE-07")
@pytest.mark.parametrize(("pattern", "unordered", "warrior", "wisdom"), [
    ("0*3", False, False, 1), ("0*3", False, False, 2), ("12", True, False, 2), ("*1*", False, True, 2),
    ("3", True, True, 1), ("00", True, False, 2)])
def test_battle_odds_agree_with_every_sequence_of_throws(pattern, unordered, warrior, wisdom):
    requirement = Requirement.unordered(int(c) for c in pattern) if unordered else Requirement.parse(pattern)
    result = Result("unordered" if unordered else "ordered", requirement)
    exact = battle_dist(result, wisdom, "bloody", "B", warrior=warrior)
    assert {k: exact.p(k) for k in ("lose", "win", "extra_win")} == brute_force(result, wisdom, "B", warrior)
    closed = battle_closed_form(result, "B", warrior=warrior)
    assert {k: v.subs(W, wisdom) for k, v in closed.items()} == {k: exact.p(k) for k in ("lose", "win", "extra_win")}


@pytest.mark.rule("ZAAR-ASTRO-12", "ZAAR-BATTLE-01")
@pytest.mark.parametrize(("pattern", "unordered", "warrior", "wisdom"), [
    ("0*3", False, False, 1), ("12", True, False, 1), ("*1*", False, True, 1), ("3", True, False, 0)])
def test_before_the_table_throw_the_first_hit_wins_as_every_table_and_sequence_say(pattern, unordered, warrior, wisdom):
    requirement = Requirement.unordered(int(c) for c in pattern) if unordered else Requirement.parse(pattern)
    result = Result("unordered" if unordered else "ordered", requirement)
    expected = {"lose": 0, "win": 0, "extra_win": 0}
    for table in THROWS:  # the throw on the table, then every sequence of battle throws
        if meets(table, requirement, RAML, warrior):
            expected["extra_win"] += sympy.Rational(1, len(THROWS))
        else:
            for k, p in brute_force(result, wisdom, "B", warrior).items():
                expected[k] += p / len(THROWS)
    exact = battle_dist(result, wisdom, "bloody", "B", BEFORE_TABLE, warrior=warrior)
    assert {k: exact.p(k) for k in expected} == expected
    closed = battle_closed_form(result, "B", warrior=warrior, table=BEFORE_TABLE)
    assert {k: v.subs(W, wisdom) for k, v in closed.items()} == expected


def test_the_issue_figures_for_0_3_at_wisdom_1():
    need = Result("ordered", Requirement.parse("0*3"))
    before, failed = (battle_dist(need, 1, "", "A", table) for table in (BEFORE_TABLE, "table_failed"))
    assert [before.p(k) for k in ("lose", "win", "extra_win")] == [sympy.Rational(225, 256), sympy.Rational(45, 1024),
                                                                    sympy.Rational(79, 1024)]
    assert [failed.p(k) for k in ("lose", "win", "extra_win")] == [sympy.Rational(15, 16), sympy.Rational(3, 64),
                                                                    sympy.Rational(1, 64)]


def test_the_astrolabe_average_agrees_with_monte_carlo():
    rng = random.Random(7)
    exact = astrolabe_battle_dist("C", "windy", 3)
    trials, wins = 20_000, 0
    for _ in range(trials):
        result, _ = read(ASTRO, Plates(rng.randrange(12), rng.randrange(12)), "C", "windy")
        outcome = rng.choices(*zip(*battle_dist(result, 3, "windy", "C").to_sympy().items(), strict=True))[0]
        wins += outcome in ("win", "extra_win")
    p = float(exact.p(lambda o: o in ("win", "extra_win")))
    assert abs(wins / trials - p) < 4 * (p * (1 - p) / trials) ** 0.5


@pytest.mark.rule("ZAAR-LVL3-03", "ZAAR-LVL3-04")
def test_ex_z07_rows_and_columns_of_the_name_table():
    table = load_name_table()
    assert table.rows[0] == "020" and table.columns[0] == "010"
    row, column = Requirement.parse(table.rows[0]), Requirement.parse(table.columns[0])
    assert row.met((0, 2, 0)) and column.met((0, 1, 0)) and not row.met((0, 1, 0))
    revealed = {"L1", "L2"}
    hits = sum(any(Requirement.parse(code).met(t[1:]) for _, code, _ in table.lines() if code in
                   (*table.rows, table.columns[0], table.columns[1])) for t in THROWS)
    assert p_collect(1, revealed) == sympy.Rational(hits, 256)
    assert p_collect(2, revealed) == 1 - (1 - sympy.Rational(hits, 256)) ** 2


def test_expected_turns_to_empty_the_table_agree_with_simulation():
    exact = float(expected_turns_to_empty((2, 3), {"L1", "L2"}))
    table, rng = load_name_table(), random.Random(3)
    lines = [(Requirement.parse(code), set(cells)) for _, code, cells in table.lines()]
    total_turns, games = 0, 4000
    for _ in range(games):
        covered = set(table.covered({"L1", "L2"}, frozenset()))
        turn = 0
        while covered:
            for _ in range((2, 3)[turn % 2]):
                throw = rng.choice(THROWS)
                best = max((cells & covered for req, cells in lines if req.met(throw[1:]) and cells & covered),
                           key=len, default=None)
                if best:
                    covered -= best
                    break
            turn += 1
        total_turns += turn
    mean = total_turns / games
    assert abs(mean - exact) < 0.05 * exact


def test_zaar_raml_05_a_fair_throw():
    """The rulebook's throwing height (5-8 inches) is there to make the dice fall at random: in the engine every one
    of the 256 throws is a chance outcome of the same probability."""
    assert set(throw_dist(RAML).to_sympy().values()) == {sympy.Rational(1, 256)}
