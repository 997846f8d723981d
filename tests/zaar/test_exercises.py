"""Zaar 2's exercises: each drawn question's answer checked against every throw of the raml counted here, and against
the battle odds of :func:`zaarlab.zaar.odds.battle_dist`, for many students."""

from fractions import Fraction
from itertools import product

import pytest

from tests.helpers import by_id
from zaarlab.zaar.astrolabe import Result
from zaarlab.zaar.exercises import RAML_EXERCISES, REQUIREMENTS
from zaarlab.zaar.odds import battle_dist
from zaarlab.zaar.raml import Requirement

STUDENTS = [f"student {i}" for i in range(40)]
THROWS = list(product("ABCD", range(4), range(4), range(4)))  # the raml: a letter die and three number dice


def meets(code: str, throw) -> bool:
    """Met by the throw's numbers, read here apart: in place for an order, as a multiset otherwise."""
    numbers = throw[1:]
    if code.startswith("{"):
        wanted = [int(n) for n in code.strip("{}").split(", ")]
        return all(numbers.count(n) >= wanted.count(n) for n in wanted)
    return all(c == "*" or int(c) == n for c, n in zip(code, numbers, strict=True))


def share(event) -> Fraction:
    return Fraction(sum(map(event, THROWS)), len(THROWS))


def trap_chances(rooms) -> list[Fraction]:
    return [share(lambda t, letters=letters: t[0] in letters) for letters in rooms]


def walk_of_throws(rooms, last: bool) -> Fraction:
    """Every sequence of letters the rooms' throws can show, one throw a room, counted: those that trap the demon
    in the last room (missed in each before it), or in any room."""
    letters = list(product("ABCD", repeat=len(rooms)))
    first = [next((i for i, (shown, plaques) in enumerate(zip(seq, rooms, strict=True)) if shown in plaques), None)
             for seq in letters]
    return Fraction(sum(f == len(rooms) - 1 if last else f is not None for f in first), len(letters))


@pytest.mark.rule("ZAAR-RAML-02")
@pytest.mark.rule("ZAAR-RAML-03")
def test_the_chance_of_trapping_the_demon_counts_every_throw_of_each_room_entered():
    seen, answers = set(), set()
    for name in STUDENTS:
        question = by_id(RAML_EXERCISES, "zaar-trap").for_student(name)
        rooms, last = question.params["rooms"], question.params["last"]
        assert question.answer == walk_of_throws(rooms, last)
        seen.add((len(rooms), last))
        answers.add(question.answer)
    assert {n for n, _ in seen} == {2, 3, 4} and {last for _, last in seen} == {True, False} and len(answers) >= 10


BACK = {0: 2, 1: 3, 2: 0, 3: 1}  # the reconstruction's backsides, as the question says them


@pytest.mark.rule("ZAAR-PAWN-03")
def test_the_counts_of_number_throws_are_counted_as_thrown_and_for_the_warrior():
    answers = set()
    for name in STUDENTS:
        question = by_id(RAML_EXERCISES, "zaar-count").for_student(name)
        code, warrior = question.params["code"], question.params["warrior"]
        if warrior:  # some reading, each die as thrown or turned over, meets it
            assert "0 and 2 and 1 and 3 are each other's backside" in question.text
            assert question.answer == sum(any(meets(code, (t[0], *reading)) for reading in product(
                *((n, BACK[n]) for n in t[1:]))) for t in THROWS) // 4
        else:
            assert question.answer == sum(meets(code, t) for t in THROWS) // 4  # the letter die: four alike
        answers.add(question.answer)
    drawn = {by_id(RAML_EXERCISES, "zaar-count").for_student(n).params["code"] for n in STUDENTS}
    assert drawn <= set(REQUIREMENTS) and len(drawn) >= 12 and len(answers) >= 10


@pytest.mark.rule("ZAAR-BATTLE-01")
def test_a_battles_chance_is_one_minus_every_throw_missing_and_the_engines_battle_odds():
    for name in STUDENTS:
        question = by_id(RAML_EXERCISES, "zaar-battle").for_student(name)
        code, throws = question.params["code"], question.params["throws"]
        miss = share(lambda t, code=code: not meets(code, t))
        assert question.answer == 1 - miss ** throws
        need = Requirement.from_text(code)
        ends = battle_dist(Result(need.kind, need), throws, "bloody", "A")
        assert question.answer == ends.fraction(lambda end: end in ("win", "extra_win"))


def test_the_likely_mistakes_are_shares_of_the_raml_throws_counted():
    """The trap: the complement, one room alone, the rooms' chances added (or, for the last room, a trap in any); the
    count: the misses, the chance, the dice read as thrown for the Warrior; the battle: every throw missing, one throw
    alone, the throws' chances added."""
    for name in STUDENTS:
        trap = by_id(RAML_EXERCISES, "zaar-trap").for_student(name)
        rooms, last = trap.params["rooms"], trap.params["last"]
        chances, anywhere = trap_chances(rooms), walk_of_throws(rooms, last=False)
        expected = {1 - trap.answer, chances[-1] if last else chances[0], anywhere if last else sum(chances)}
        assert {m.value for m in trap.mistakes} == expected - {trap.answer}
        count = by_id(RAML_EXERCISES, "zaar-count").for_student(name)
        misses, as_thrown = 64 - count.answer, sum(meets(count.params["code"], t) for t in THROWS) // 4
        expected = {misses, Fraction(count.answer, 64)} | ({as_thrown} if count.params["warrior"] else set())
        assert {m.value for m in count.mistakes} == expected - {count.answer}
        battle = by_id(RAML_EXERCISES, "zaar-battle").for_student(name)
        code, throws = battle.params["code"], battle.params["throws"]
        hit = share(lambda t, code=code: meets(code, t))
        assert {m.value for m in battle.mistakes} == {(1 - hit) ** throws, hit, throws * hit} - {battle.answer}


def test_the_easier_requirement_and_the_ranking_follow_the_counts():
    for name in STUDENTS:
        which = by_id(RAML_EXERCISES, "zaar-which").for_student(name)
        easy = {letter: share(lambda t, c=code: meets(c, t)) for letter, code in zip("ABC", which.params["codes"],
                                                                                      strict=True)}
        assert which.answer == max(easy, key=easy.get) and len(set(easy.values())) == 3
        rank = by_id(RAML_EXERCISES, "zaar-rank").for_student(name)
        codes = rank.params["codes"]
        chances = {letter: share(lambda t, c=code: meets(c, t)) for letter, code in zip("ABC", codes, strict=True)}
        assert list(rank.answer) == sorted("ABC", key=chances.get, reverse=True)
        assert len(set(chances.values())) == 3


@pytest.mark.parametrize("exercise", RAML_EXERCISES, ids=lambda e: e.id)
def test_every_question_reads_as_a_player_speaks_and_its_solution_gives_the_answer(exercise):
    for name in STUDENTS[:10]:
        question = exercise.for_student(name)
        assert "*" not in question.text and "{" not in question.text  # codes are said in words
        if question.kind == "number":
            assert question.check(question.answer_text.split(" ≈ ")[0]).right
            assert (str(question.answer) if isinstance(question.answer, int) else
                    question.answer_text.split(" ≈ ")[0].split(" (")[0]) in question.solution
