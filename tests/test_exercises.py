"""Exercises checked exactly (``zaarlab.teaching.exercises``): equivalent forms of the right answer pass, rounding is
held to the digits typed, every student's answer equals a brute force over all throws, and the exercise box answers a
student, hints after a wrong try and refuses what a page cannot send."""

import dataclasses
import json
import re
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb

import pytest

from tests.helpers import student_text_problems
from tests.widget_text import widget_texts
from zaarlab.lessons import LESSONS, ExerciseBox, LessonExercises
from zaarlab.teaching.answers import Mode, PageAnswers, tallies
from zaarlab.teaching.exercises import COMPLEMENT, DICE_EXERCISES, SIGNIFICANT, check, read_number
from zaarlab.teaching.teacher import teacher_page
from zaarlab.zargos.board import load_planet

NAMES = [f"student {i}" for i in range(40)] + ["Ada", "Ben", "  ada ", "12"]


@pytest.mark.parametrize("typed", ["1/8", "2/16", " 3 / 24 ", "12.5%", "12.5 %", "12,5 %", "0.125", ".125", "0,125",
                                   "0.1250", "12.50%"])
def test_every_form_of_the_right_answer_is_right(typed):
    assert check(typed, Fraction(1, 8)).right, typed


@pytest.mark.parametrize(("typed", "why"), [
    ("1/7", "not the exact answer"), ("0.126", "not the exact answer rounded"), ("13%", "significant digits"),
    ("0.12", "2 significant digits: give at least 3"), ("0.13", "significant digits"),
    ("0.1", "has 1 significant digit: give"), ("", "type an answer first"),
    ("one eighth", "is not a number"), ("1/0", "cannot have 0 below the line"), ("1/8%", "is not a number"),
    ("9" * 100, "at most 60 characters"), ("0x10", "is not a number"), ("1e-3", "is not a number"),
])
def test_a_wrong_or_unreadable_answer_says_why(typed, why):
    verdict = check(typed, Fraction(1, 8))
    assert not verdict.right and why in verdict.why


def test_a_decimal_must_round_the_exact_answer_to_the_digits_typed():
    third = Fraction(1, 3)
    assert [check(t, third).right for t in ("0.333", "33.33 %", "0.3333", "33.3%", "1/3", "3/9")] == [True] * 6
    assert [check(t, third).right for t in ("0.334", "33.4 %", "0.3", "0.33")] == [False] * 4
    assert check("1", 1).right and check("1.00", 1).right and not check("0.99", 1).right
    assert read_number("50 %") == (Fraction(1, 2), 2) and SIGNIFICANT == 3


def _brute_at_least(n, faces, t):
    throws = list(product(range(1, faces + 1), repeat=n))
    return Fraction(sum(sum(throw) >= t for throw in throws), len(throws))


@pytest.mark.parametrize("exercise", DICE_EXERCISES, ids=[e.id for e in DICE_EXERCISES])
def test_every_students_answer_is_what_counting_every_throw_gives(exercise):
    seen = set()
    for name in NAMES:
        question = exercise.for_student(name)
        params = question.params
        seen.add((question.text, question.options))
        if exercise.id == "dice-at-least":
            assert question.answer == _brute_at_least(params["dice"], params["faces"], params["at_least"])
        elif exercise.id == "dice-count":
            n, faces, total = params["dice"], params["faces"], params["total"]
            assert question.answer == sum(sum(t) == total for t in product(range(1, faces + 1), repeat=n))
        elif exercise.id == "dice-choice":
            chances = [_brute_at_least(*event) for event in params["events"]]
            assert question.answer == question.options[chances.index(max(chances))]
        elif exercise.id == "dice-once":
            hits = _once(params["faces"], params["tries"], params["top"])
            assert question.answer == Fraction(sum(hits[n] for n in hits if n), sum(hits.values()))
        else:
            chances = {letter: _brute_at_least(*event) for letter, event in zip("ABC", params["events"], strict=True)}
            assert question.answer == tuple(sorted(chances, key=chances.get, reverse=True))
    assert len(seen) >= 5  # neighbours get different numbers


def _brute_mistakes(exercise_id: str, params: dict) -> set[Fraction]:
    """What each likely mistake of a dice question computes, by listing every throw (not the code under test)."""
    if exercise_id == "dice-at-least":
        n, faces, t = params["dice"], params["faces"], params["at_least"]
        throws = list(product(range(1, faces + 1), repeat=n))
        share = lambda hit: Fraction(sum(map(hit, throws)), len(throws))  # noqa: E731
        return {share(lambda w: sum(w) < t), share(lambda w: sum(w) == t), share(lambda w: sum(w) > t),
                Fraction(sum(sum(w) >= t for w in throws))}
    if exercise_id == "dice-count":
        n, faces, total = params["dice"], params["faces"], params["total"]
        throws = [w for w in product(range(1, faces + 1), repeat=n) if sum(w) == total]
        return {Fraction(len({tuple(sorted(w)) for w in throws})), Fraction(len(throws), faces**n)}
    faces, tries, top = params["faces"], params["tries"], params["top"]
    hits = _once(faces, tries, top)
    return {Fraction(hits[0], sum(hits.values())), Fraction(tries * top, faces),
            Fraction(hits[1], sum(hits.values()))}


@cache
def _once(faces: int, tries: int, top: int) -> Counter:
    """Every throw of ``tries`` throws of a die with ``faces`` faces, by how many show one of its ``top`` highest."""
    return Counter(sum(face > faces - top for face in throw) for throw in product(range(1, faces + 1), repeat=tries))


@pytest.mark.parametrize("exercise", [e for e in DICE_EXERCISES if e.id in ("dice-at-least", "dice-count",
                                                                            "dice-once")], ids=lambda e: e.id)
def test_the_dice_questions_likely_mistakes_are_what_counting_every_throw_gives(exercise):
    for name in NAMES:
        question = exercise.for_student(name)
        assert {Fraction(m.value) for m in question.mistakes} == _brute_mistakes(exercise.id, question.params)


EVERY_EXERCISE = [exercise for exercises in LESSONS.values() for exercise in exercises]


@pytest.mark.parametrize("exercise", [e for e in EVERY_EXERCISE if e.for_student("Ada").mistakes],
                         ids=lambda e: e.id)
def test_every_listed_mistake_is_made_by_some_student_and_named_when_typed(exercise):
    """Over a class of 30 names each mistake of the question differs from the right answer for some student (it can be
    made), and typed as a fraction or as a percent to two decimals it is told in its own words, not marked right."""
    reached: dict[str, int] = {}
    for name in NAMES[:30]:
        question = exercise.for_student(name)
        for mistake in question.mistakes:
            value = Fraction(mistake.value)
            if value == Fraction(question.answer):
                continue
            reached[mistake.kind] = reached.get(mistake.kind, 0) + 1
            typed = str(value)
            verdict = question.check(typed)
            assert not verdict.right and verdict.attempt, (question.text, typed)
            named = next(m for m in question.mistakes if Fraction(m.value) == value)  # the first of equal values
            assert (verdict.mistake, verdict.why) == (named.kind, named.words), (question.text, typed)
            percent = f"{float(value * 100):.2f} %"  # 3 significant digits or more from 1 % up
            apart = abs(Fraction(percent[:-2]) / 100 - Fraction(question.answer)) > Fraction(1, 20000)
            if value >= Fraction(1, 100) and apart:  # not also a rounding of the right answer
                assert question.check(percent).mistake, (question.text, percent)
    kinds = {m.kind for name in NAMES[:30] for m in exercise.for_student(name).mistakes}
    assert len(kinds) >= 2 and set(reached) == kinds, f"never made: {kinds - set(reached)}"


CLASS = ("Amira", "Bastien", "Chloé", "Dmitri", "Esther", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kenji", "Lena",
         "Malik", "Noor", "Oscar", "Priya", "Quentin", "Rosa", "Samir", "Tove", "Ugo", "Vera", "Wanjiru", "Xavier",
         "Yara", "Zeno", "Aoife", "Bilal", "Camille", "Dario")  # a class of 30, none of them the names drawn above


FREE = ("Abel", "Bea", "Cyrus", "Dalia", "Emil", "Fatou", "Gil", "Hana", "Ivo", "Jade", "Kofi", "Lior", "Mina", "Nils",
        "Olga", "Pablo", "Qiu", "Rania", "Sven", "Tara", "Umar", "Vita", "Wes", "Xia", "Yusuf", "Zoe", "Anouk", "Boris",
        "Clara", "Diego")  # a class of 30 that typed their names: no roster, nobody dealt


@pytest.mark.parametrize("exercise", EVERY_EXERCISE, ids=lambda e: e.id)
def test_a_class_of_30_without_a_roster_gets_answers_too_varied_to_copy(exercise):
    """Each student's own draw, no deal: a number question gives at least 10 different answers, a choice or an
    ordering its commonest answer to at most 60 % of the class. A choice has three answers, each drawn for about a
    third of the class, so its commonest letter stays within 60 % in all but about one class in 450 (of two answers:
    one in five)."""
    questions = [exercise.for_student(name) for name in FREE]
    answers = Counter(str(question.answer) for question in questions)
    if questions[0].kind == "number":
        assert len(answers) >= 10, answers
    else:
        assert answers.most_common(1)[0][1] <= 18, answers
        if questions[0].kind == "choice":
            assert all(len(question.options) == 3 for question in questions)


@pytest.mark.parametrize("exercise", EVERY_EXERCISE, ids=lambda e: e.id)
def test_a_class_of_30_on_a_roster_shares_no_question_and_gets_answers_too_varied_to_copy(exercise):
    """Dealt among a roster of 30: no two students share a question; a number question gives at least 10 different
    answers, a choice or an ordering its commonest answer to at most 60 % of the class (18 students). Each student's
    question is theirs wherever it is asked (the page, the teacher's book), and a name off the roster keeps its own."""
    dealt = exercise.dealt(CLASS)
    assert len(dealt) == 30 and len({(q.text, q.options) for q in dealt.values()}) == 30
    answers = Counter(str(question.answer) for question in dealt.values())
    if dealt["amira"].kind == "number":
        assert len(answers) >= 10, answers
    else:
        assert answers.most_common(1)[0][1] <= 18, answers
    assert exercise.question_for("  AMIRA ", CLASS) == dealt["amira"]
    assert exercise.question_for("Ada", CLASS) == exercise.for_student("Ada")
    assert exercise.dealt(list(reversed(CLASS))) == dealt  # the same roster, the same deal
    made = []
    counted = dataclasses.replace(exercise, make=lambda params: made.append(params) or exercise.make(params))
    assert counted.dealt(CLASS, exercise.deal_draws(CLASS)) == dealt and len(made) == 30  # each drawn alone


def test_a_class_with_a_roster_is_dealt_its_questions_on_the_page_and_in_the_teachers_book(monkeypatch):
    """The classroom tells the kernels the roster's names (never its codes); the exercise box shows the dealt question,
    and the book judges an answer against it, as the teacher's page reads it."""
    from zaarlab.classroom.launch import voila_environment
    from zaarlab.teaching.answers import ROSTER, Answer, question_of
    from zaarlab.teaching.gradebook import mistake_made

    env = voila_environment({}, roster=CLASS)
    assert env[ROSTER].splitlines() == list(CLASS) and ROSTER not in voila_environment(env)
    exercise = DICE_EXERCISES[0]
    dealt = exercise.dealt(CLASS)
    name = next(n for n in CLASS if dealt[n.casefold()] != exercise.for_student(n))  # a student the deal moved
    monkeypatch.setenv(ROSTER, env[ROSTER])
    box = ExerciseBox(exercise)
    box.name.value = name
    assert box.current == dealt[name.casefold()] == question_of(exercise, name)
    wrong = next(m for m in box.current.mistakes if m.kind == COMPLEMENT)
    typed = str(wrong.value)
    answer = Answer("L", exercise.title, name, box.current.text, box.current.answer_text, typed, False)
    assert mistake_made(answer, lambda lesson, title: exercise) == COMPLEMENT
    monkeypatch.delenv(ROSTER)
    assert question_of(exercise, name) == exercise.for_student(name)  # without a roster, the name's own


def test_the_server_deals_a_roster_once_and_every_page_reads_the_same_questions_from_its_file(monkeypatch, tmp_path):
    """``deal_the_class`` writes which draw each student was dealt, for every lesson's exercises; a page told the file
    asks each student's question as it would have dealt it, and one whose file is damaged or names other students
    deals them itself."""
    from zaarlab.classroom.launch import deal_the_class, voila_environment
    from zaarlab.teaching.answers import ROSTER, question_of, variant_of
    from zaarlab.teaching.class_deal import DEAL

    path = deal_the_class(tmp_path, CLASS)
    env = voila_environment({}, roster=CLASS, deal=path)
    assert env[DEAL] == str(path) and DEAL not in voila_environment(env)
    monkeypatch.setenv(ROSTER, env[ROSTER])
    monkeypatch.setenv(DEAL, env[DEAL])
    for exercise in EVERY_EXERCISE:
        assert question_of(exercise, "Camille") == exercise.dealt(CLASS)["camille"]
    exercise = DICE_EXERCISES[3]
    assert variant_of(exercise, "Camille", 1) == exercise.variants("Camille", CLASS)[1]
    told = {exercise.id: {name.casefold(): 7 for name in CLASS}}  # the pages ask what the file says, not deal again
    path.write_text(json.dumps({"draws": told}), encoding="utf-8")
    assert question_of(exercise, "Camille") == exercise.drawn("Camille", 7) != exercise.dealt(CLASS)["camille"]
    for damaged in ("{", '{"draws": [1, 2]}', '{"draws": {"dice-order": {"camille": -1}}}',
                    '{"draws": {"dice-order": {"camille": 0}}}'):  # the last: the other 29 students missing
        path.write_text(damaged, encoding="utf-8")
        assert question_of(exercise, "Camille") == exercise.dealt(CLASS)["camille"]


def test_two_wrong_tries_in_practice_offer_another_question_like_it_that_the_teachers_book_knows(monkeypatch):
    from zaarlab.teaching.answers import Answer, recheck

    box = ExerciseBox(DICE_EXERCISES[0], "Start here: exact odds with dice", mode=Mode())
    box.name.value = "Ada"
    first = box.current
    box.next_variant()  # a page's click on the hidden button, before two wrong tries: nothing
    assert box.current == first and box.another.layout.display == "none"
    for typed in ("1/2", "1/3"):
        box.answer.value = typed
        box.check()
    assert box.another.layout.display != "none"
    box.another.click()
    second = box.current
    assert second.text != first.text and second == DICE_EXERCISES[0].variants("Ada")[1]
    assert box.another.layout.display == "none" and box.feedback.value == ""
    typed = second.answer_text.split(" ≈ ")[0]
    row = (1.0, "p", Answer("Start here: exact odds with dice", "A sum at least", "Ada", second.text,
                            second.answer_text, typed, True))
    counted, problems = recheck([row], lambda lesson, title: DICE_EXERCISES[0], "ada.csv")
    assert problems == [] and counted[0][2].right  # the book finds the variant among Ada's
    test = ExerciseBox(DICE_EXERCISES[0], mode=Mode(test=True))
    test.name.value = "Ada"
    for typed in ("1/2", "1/3", "1/4"):
        test.answer.value = typed
        test.check()
    test.next_variant()
    assert test.current == first and test.another.layout.display == "none"  # a test keeps one question


def test_a_wrong_answer_no_mistake_explains_is_told_only_that_it_is_wrong():
    question = DICE_EXERCISES[0].for_student("Ada")  # at least 9 with two dice: 5/18
    assert question.check("1/3").why == "not the exact answer" and question.check("1/3").mistake == ""
    assert question.check("0.2778").right  # the right answer's rounding is right, whatever mistake is near it


def test_the_teachers_page_groups_the_wrong_answers_by_the_mistake_they_make():
    from zaarlab.lessons import find_exercise
    from zaarlab.teaching.answers import Answer

    lesson = "Start here: exact odds with dice"
    rows = []
    for i, name in enumerate(NAMES[:6]):
        exercise = find_exercise(lesson, "A sum at least")
        question = exercise.for_student(name)
        below = next(m for m in question.mistakes if m.kind == COMPLEMENT)
        rows.append((float(i), "p", Answer(lesson, exercise.title, name, question.text, question.answer_text,
                                           str(below.value) if i < 4 else "1/1000", False)))
    page = teacher_page(rows, find=find_exercise)
    assert "The mistakes these wrong answers make:" in page
    assert "<li>4 answers: the complement: the chance of the opposite</li>" in page  # 4 students, 4 numbers: 1 line
    assert page.count("<li>") == teacher_page(rows).count("<li>") + 1  # the two answers no mistake explains: none
    assert "The mistakes these wrong answers make:" not in teacher_page(rows)  # without the exercises: not named


def test_every_lesson_starts_basic_and_has_one_stretch_whose_helping_widget_is_the_one_its_solution_opens():
    from zaarlab.explainers import explainer
    from zaarlab.intro.widgets import DiceSumExplorer
    from zaarlab.lessons import LEVELS, STRETCH, level

    assert set(STRETCH) == set(LESSONS)
    for lesson, exercises in LESSONS.items():
        levels = [level(lesson, exercise) for exercise in exercises]
        assert levels[0] == "basic" and levels.count("stretch") == 1 and set(levels) <= set(LEVELS), lesson
        stretch = next(e for e in exercises if level(lesson, e) == "stretch")
        panel = explainer(stretch.for_student("Ada"))
        helper = panel.title if panel else DiceSumExplorer.title  # ranking sums: the explorer, one sum at a time
        assert STRETCH[lesson] == (stretch.id, helper)
        box = ExerciseBox(stretch, lesson)
        assert f"(stretch: {helper} in the lesson" in box.box.children[0].value.replace("&#x27;", "'")


def test_every_exercise_has_an_id_of_its_own():  # its questions are drawn from it: two alike would draw alike
    assert len({exercise.id for exercise in EVERY_EXERCISE}) == len(EVERY_EXERCISE)


@pytest.mark.parametrize("lesson", list(LESSONS))
def test_every_lesson_has_at_least_five_exercises_of_every_kind(lesson):
    kinds = {exercise.for_student("Ada").kind for exercise in LESSONS[lesson]}
    assert len(LESSONS[lesson]) >= 5 and kinds == {"number", "choice", "ordering"}


@pytest.mark.parametrize("exercise", EVERY_EXERCISE, ids=[e.id for e in EVERY_EXERCISE])
def test_every_question_reads_well_and_its_own_answer_as_written_is_right(exercise):
    seen = set()
    for name in NAMES:
        question = exercise.for_student(name)
        seen.add(question.text)
        assert question.check(question.answer_text.split(" ≈ ")[0]).right, question.text
        assert student_text_problems(" ".join([question.text, question.hint, question.solution, question.how])) == []
    assert exercise.for_student("Ada") == exercise.for_student("  ada ")  # the name as typed, however spaced
    assert len(seen) >= 3  # neighbours get different questions (five dice alike has three, a game's length four)


def test_the_exercise_box_checks_hints_and_shows_the_solution():
    box = ExerciseBox(DICE_EXERCISES[0])
    assert box.check_button.disabled and "Type your name" in box.question.value
    box.name.value = "Ada"
    assert not box.check_button.disabled and "at least 9" in box.question.value and "significant" in box.how.value
    box.answer.value = "1/4"
    box.check()
    assert "Not yet" in box.feedback.value and "Hint: Count the throws" in box.feedback.value
    for right in ("5/18", "27.78 %", "0.2778"):
        box.answer.value = right
        box.check()
        assert "Right</b>: 5/18 ≈ 27.78%" in box.feedback.value, right
    box.solution_button.value = True
    assert "10 of the 36 throws give 9 or more" in box.solution.value
    box.name.value = "Ben"  # another student: another question, the old answer and solution gone
    assert box.feedback.value == box.solution.value == "" and box.solution_button.disabled


def test_a_verdict_goes_when_its_answer_is_changed_so_none_stands_beside_an_answer_it_did_not_judge():
    box = ExerciseBox(DICE_EXERCISES[0])
    box.name.value = "Ada"
    box.answer.value = "5/18"
    box.check()
    assert "Right" in box.feedback.value
    box.answer.value = "5/1"  # the student types on (or a slow kernel takes a text's change after the click)
    assert box.feedback.value == ""
    choice = ExerciseBox(DICE_EXERCISES[2])
    choice.name.value = "Ada"
    choice.option.value = choice.current.answer
    choice.check()
    assert "Right" in choice.feedback.value
    choice.option.value = next(option for option in choice.current.options if option != choice.current.answer)
    assert choice.feedback.value == ""


def test_a_choice_is_picked_and_an_order_is_typed():
    choice = ExerciseBox(DICE_EXERCISES[2])
    choice.name.value = "Ada"
    assert choice.option.layout.display == "" and choice.answer.layout.display == "none"
    choice.option.value = next(option for option in choice.current.options if option != choice.current.answer)
    choice.check()  # a wrong pick: not yet, and the hint (no empty reason before it)
    assert "<b>Not yet</b>. Hint: " in choice.feedback.value
    choice.option.value = choice.current.answer
    choice.check()
    assert "Right" in choice.feedback.value
    order = ExerciseBox(DICE_EXERCISES[3])
    order.name.value = "Ada"
    order.answer.value = "b, a, c"
    order.check()
    assert "Right</b>: B, A, C" in order.feedback.value
    order.answer.value = "A, B"
    order.check()
    assert "type each of A, B, C once" in order.feedback.value


def test_a_page_cannot_send_the_box_a_pasted_page():
    box = ExerciseBox(DICE_EXERCISES[0])
    box._repr_mimebundle_()  # shown: refusals are told
    box.answer._handle_msg({"content": {"data": {"method": "update", "state": {"value": "1" * 100_000}}}})
    assert box.answer.value == "" and "Refused: at most 80 characters" in box._notice().value


def test_a_page_cannot_open_the_solution_before_a_try():
    """The toggle is disabled until the student checks an answer, but a page once set its value by a widget message
    and read the worked solution first, then answered "right at the first try". The kernel keeps it closed."""
    box = ExerciseBox(DICE_EXERCISES[0])
    box.name.value = "Ada"
    opening = {"content": {"data": {"method": "update", "state": {"value": True}, "buffer_paths": []}},
               "buffers": []}
    box.solution_button.comm.handle_msg(opening)
    assert box.solution_button.value is False and box.solution.value == "" and box.explained.children == ()
    box.answer.value = "1/2"
    box.check()
    box.solution_button.comm.handle_msg(opening)
    assert box.solution_button.value is True and box.current.solution.split(".")[0] in box.solution.value


@pytest.mark.parametrize("typed", ["", "   ", "a third", "0.3", "1/0"])
def test_a_check_that_is_no_answer_is_no_try_and_opens_no_solution(typed, monkeypatch):
    """Any check, an empty box or a refused paste included, once opened *show the solution* and counted as a try."""
    page = PageAnswers()
    monkeypatch.setattr("zaarlab.lessons.THIS_PAGE", page)
    box = ExerciseBox(DICE_EXERCISES[4])  # at least once: a chance like 1 - (5/6)^3, never a round number
    box.name.value = "Ada"
    box.answer.value = typed
    box.check()
    assert "Not an answer yet" in box.feedback.value and "Hint" not in box.feedback.value
    assert ".." not in box.feedback.value and box.feedback.value.endswith(".</p>")  # one full stop to a sentence
    assert box.solution_button.disabled and page.kept == [] and set(box.tries.values()) == {0}
    box.answer.value = "1/2"  # a real try, if a wrong one
    box.check()
    assert not box.solution_button.disabled and [a.typed for _, _, a in page.kept] == ["1/2"]


def test_a_choice_starts_with_nothing_picked_so_a_check_without_a_pick_is_no_try(monkeypatch):
    """A multiple choice was judged on its preselected option: *check* untouched was "right at the first try"."""
    page = PageAnswers()
    monkeypatch.setattr("zaarlab.lessons.THIS_PAGE", page)
    box = ExerciseBox(DICE_EXERCISES[2])
    for name in ("Ada", "Ben"):  # a new question starts unpicked too, whatever the last one had picked
        box.name.value = name
        assert box.option.value == "" and box.option.label == "pick one"
        box.check()
        assert "pick one of the options first" in box.feedback.value and page.kept == []
        box.option.value = box.current.answer
    box.check()
    assert "Right" in box.feedback.value and len(page.kept) == 1


def test_opening_the_solution_is_kept_once_with_the_tries_before_it(monkeypatch):
    page = PageAnswers()
    monkeypatch.setattr("zaarlab.lessons.THIS_PAGE", page)
    box = ExerciseBox(DICE_EXERCISES[0])
    box.name.value = "Ada"
    box.answer.value = "1/4"
    box.check()
    for opened in (True, False, True):  # opened, closed, opened again: the teacher learns it once
        box.solution_button.value = opened
    box.answer.value = box.current.answer_text.split(" ≈ ")[0]
    box.check()
    assert [a.kind for _, _, a in page.kept] == ["check", "solution", "check"]
    [tally] = tallies(page.kept)
    [ada] = tally.rows
    assert (ada.tries, ada.right_at, ada.solution_after, ada.right_on_their_own) == (2, 2, 1, False)
    page = teacher_page(page.kept)
    assert "right (try 2, after the solution)" in page and "opened after 1 try, at " in page
    assert "right at try 2, after opening the solution" in page  # the grid's mark, in words


def test_in_a_test_no_solution_is_shown_and_tries_are_limited(monkeypatch):
    page = PageAnswers()
    monkeypatch.setattr("zaarlab.lessons.THIS_PAGE", page)
    box = ExerciseBox(DICE_EXERCISES[0], mode=Mode(test=True, tries=2))
    box.name.value = "Ada"
    assert box.solution_button.layout.display == "none" and "Hint" not in box.how.value
    for typed in ("1/4", "1/3"):
        box.answer.value = typed
        box.check()
        assert box.solution_button.disabled and "Hint" not in box.feedback.value
    assert box.check_button.disabled and "No tries left for this question." in box.feedback.value
    box.answer.value = box.current.answer_text.split(" ≈ ")[0]
    box.check()  # a click sent before the button was drawn disabled: nothing counted
    box.solution_button.comm.handle_msg({"content": {"data": {"method": "update", "state": {"value": True},
                                                              "buffer_paths": []}}, "buffers": []})
    assert [a.typed for _, _, a in page.kept] == ["1/4", "1/3"] and box.solution.value == ""
    box.name.value = "Ben"  # another question: tries of its own
    assert not box.check_button.disabled
    box.name.value = "Ada"  # back to the first: still none left
    assert box.check_button.disabled and "Earlier: 1/3, not right (no tries left" in box.feedback.value


def test_the_lessons_page_shows_each_lessons_sheet_and_keeps_a_students_answers():
    """The classroom's exercises page: every lesson picked shows its own sheet, whose every question, wrong and right
    answer, hint and solution read as a student's words; going back to a lesson finds the answers left there."""
    page = LessonExercises()
    assert list(page.lesson.options) == list(LESSONS)
    for lesson, exercises in LESSONS.items():
        page.lesson.value = lesson
        assert [box.exercise for box in page.sheet.exercises] == list(exercises)
        assert page.shown.children == (page.sheet.box,)
        for box in page.sheet.exercises:
            box.name.value = "Ada"
            question = box.current
            if question.kind == "choice":
                tries = [next(o for o in question.options if o != question.answer), question.answer]
            else:
                tries = ["2/3", question.answer_text.split(" ≈ ")[0]]
            for typed in tries:
                box.option.value, box.answer.value = (typed, "") if question.kind == "choice" else (None, typed)
                box.check()
            assert "Right" in box.feedback.value, (lesson, question.text)
            box.solution_button.value = True
        problems = {p for text in widget_texts(page.box) for p in student_text_problems(text)}
        assert problems == set(), lesson
    first = next(iter(LESSONS))
    page.lesson.value = first
    assert all(box.name.value == "Ada" and "Right" in box.feedback.value for box in page.sheet.exercises)


def test_a_page_cannot_pick_a_lesson_the_menu_does_not_offer():
    page = LessonExercises()
    page._repr_mimebundle_()
    page.lesson._handle_msg({"content": {"data": {"method": "update", "state": {"index": len(LESSONS)}}}})
    assert page.lesson.value == next(iter(LESSONS)) and "refused" in page._notice().value


def test_the_lessons_page_takes_the_name_once_and_never_wipes_a_name_typed_in_an_exercise():
    page = LessonExercises()
    first, second = list(LESSONS)[:2]
    page.sheet.exercises[0].name.value = "Ben"  # typed in one exercise, none on the page
    page.lesson.value = second
    page.lesson.value = first
    assert page.sheet.exercises[0].name.value == "Ben"
    page.name.value = "Ada"  # the page's name: in every exercise of every sheet made, and of those made later
    assert {box.name.value for sheet in page.sheets.values() for box in sheet.exercises} == {"Ada"}
    page.lesson.value = list(LESSONS)[2]
    assert all(box.current == box.exercise.for_student("Ada") for box in page.sheet.exercises)


def _shows_why(question, panel) -> None:
    """The widget a solution opens is set to the question's numbers and shows its answer (or the numbers it is drawn
    from), read off the widget as the student sees it."""
    from zaarlab.core.readable import exact_text
    from zaarlab.zargos.exercises import p_takes

    kind, settings = question.explainer
    params = question.params
    if kind == "dice_sums":
        assert (panel.dice.value, panel.faces, panel.at_least.value) == (
            settings["dice"], settings["faces"], settings["at_least"])
        if isinstance(question.answer, Fraction):  # a chance: the explorer's answer line is it
            assert panel.answer.value.endswith(f"= {exact_text(question.answer)}")
        else:  # a count: the chart's bar at that sum is the count over every throw
            bar = dict(zip(panel.figure.data[0].x, panel.figure.data[0].y, strict=True))[settings["at_least"]]
            assert bar == pytest.approx(question.answer / settings["faces"] ** settings["dice"])
    elif kind == "hold_advisor":
        assert (panel.requirement.value, panel.faces(), panel.rolls_left.value) == (
            settings["requirement"], tuple(settings["dice"]), settings["rolls_left"])
        if "kept" in params:  # the hold the question keeps, held, with its chance
            assert panel.text.splitlines()[1].endswith(exact_text(question.answer))
    elif kind == "province":
        lines = panel.text.splitlines()
        assert lines[0].startswith(f"{load_planet().names[settings['province']]} ({settings['province']})")
        if question.kind == "number" and "route" not in params:  # neighbours by land
            assert len(lines[1].removeprefix("land neighbours: ").split(", ")) == question.answer
        elif "route" in params:  # the boats the units are bought after
            origin, target = params["route"]
            boats = load_planet().boats_needed(origin, target)
            assert f"({target}) ({boats} boat" in lines[2] and question.answer == (params["points"] - 5 * boats) // 2
    elif kind == "walk":  # each room's label: its fewest moves from the pawn's (or its ways to walk the moves asked,
        import networkx as nx  # the question's answer under its room), over the doors the question lists

        from zaarlab.zaar.mansion_exercises import described_mansion

        graph, _ = described_mansion(settings["seed"])
        shown = dict(label.split(": ") for label in panel.figures[0].data[-1].text)
        if settings["walked"]:
            assert shown[params["to"]] == str(question.answer) and len(shown) == len(graph)
        else:
            moves = nx.single_source_shortest_path_length(graph, settings["room"])
            assert shown == {room: "pawn" if n == 0 else str(n) for room, n in moves.items()}
    elif kind == "next_card":  # every kind's bar: its share of the cards left, as the question counts them
        from zaarlab.zogars_gaze.deck_exercises import unseen

        left = unseen(settings["turned"], settings["seed"])
        bars = dict(zip(panel.figures[0].data[0].x, panel.figures[0].data[0].customdata, strict=True))
        for kind_asked in ("monster", "treasure", "gaze"):
            assert bars[kind_asked] == exact_text(Fraction(left[kind_asked], sum(left.values())))
    elif kind == "two_cards":  # each card's share of the kind asked, the second after one came: the answer's factors
        from zaarlab.zogars_gaze.deck_exercises import unseen

        left = unseen(settings["turned"], settings["seed"])
        n, c = sum(left.values()), left[settings["kind"]]
        asked = panel.figures[0].data[0]
        assert list(asked.customdata) == [exact_text(Fraction(c, n)), exact_text(Fraction(c - 1, n - 1))]
        assert Fraction(c, n) * Fraction(c - 1, n - 1) == question.answer
        assert panel.figures[0].layout.showlegend is not False and len(panel.figures[0].data) == 2  # a key
    elif kind == "gazes_among":  # each count of Gazes among the cards turned, counted over every set of cards
        from itertools import combinations

        unseen, gazes, cards = settings["unseen"], settings["gazes"], settings["cards"]
        sets = list(combinations(range(unseen), cards)) if comb(unseen, cards) < 200_000 else None
        bars = {x: text for trace in panel.figures[0].data for x, text in zip(trace.x, trace.customdata, strict=True)}
        if sets:  # the first gazes cards stand for the Gazes
            held = Counter(sum(card < gazes for card in chosen) for chosen in sets)
            assert bars == {k: exact_text(Fraction(held[k], len(sets))) for k in held}
        enough = next(trace for trace in panel.figures[0].data if "seventh" in trace.name)
        assert min(enough.x) == settings["needed"]
        assert panel.figures[0].layout.title.text.endswith(exact_text(question.answer))
    elif kind == "throws":  # each requirement's chart: the throws met, counted here over the 64
        from zaarlab.zaar.raml import Requirement

        back = {0: 2, 1: 3, 2: 0, 3: 1}  # the reconstruction's backsides: the Warrior may read either side
        for code, figure in zip(settings["codes"], panel.figures, strict=True):
            need = Requirement.from_text(code)
            met = {" ".join(map(str, t)) for t in product(range(4), repeat=3) if any(
                need.met(read) for read in (product(*((n, back[n]) for n in t)) if settings["warrior"] else [t]))}
            cells = {text.removesuffix(" ✓"): (hit, text.endswith("✓")) for texts, hits in zip(
                figure.data[0].text, figure.data[0].z, strict=True) for text, hit in zip(texts, hits, strict=True)}
            assert len(cells) == 64 and {throw for throw, (hit, ticked) in cells.items() if hit and ticked} == met
            assert not any(hit or ticked for throw, (hit, ticked) in cells.items() if throw not in met)
            assert figure.layout.title.text.endswith(f": {len(met)} of the 64 throws meet it")
            assert not isinstance(question.answer, int) or len(met) == question.answer  # a count: the throws met
    elif kind == "targets":  # the provinces held dotted, those to attack outlined: the answer's provinces
        planet, held = load_planet(), settings["held"]
        assert sum("●" in text for text in panel.figures[0].data[-1].text) == len(held)
        outlined = next(trace for trace in panel.figures[0].data if trace.name == "highlighted")
        attacked = {n for p in held for n in planet.land_neighbours(p)} - set(held)
        assert sum(x is None for x in outlined.x) == len(attacked)  # one region a province, each closed by a gap
        assert not isinstance(question.answer, int) or question.answer == len(attacked)
    elif kind == "leads":  # the bars: both hands scored now and after each move, as the question's lead says
        from zaarlab.zerzura.play_exercises import after
        from zaarlab.zerzura.scoring import score

        mine, theirs = settings["mine"], settings["theirs"]
        hands = [(mine, theirs)] + [after(tuple(move), mine, theirs) for move in settings["moves"]]
        figure = panel.figures[0]
        assert list(figure.data[0].y) == [score(a).total for a, _ in hands]
        assert list(figure.data[1].y) == [score(b).total for _, b in hands]
        if question.kind == "number":
            assert figure.data[0].y[1] - figure.data[1].y[1] - (figure.data[0].y[0] - figure.data[1].y[0]) == \
                question.answer
    elif kind == "battle":
        attackers, defenders = params["attacks"][0]
        assert panel.text.splitlines()[0] == f"attacker takes the province: {exact_text(p_takes(attackers, defenders))}"
    else:
        assert {obj: panel.quantity[obj].value for obj in settings["quantities"]} == settings["quantities"]
        if question.kind == "number":
            assert panel.text.splitlines()[-1] == f"total: {question.answer}"
        else:  # the Guard: the sheet puts it where the totals are highest
            best = max(int(total) for total in re.findall(r"[A-C] (-?\d+)", question.solution))
            assert f"total: {best}" in panel.text


@pytest.mark.parametrize("lesson", list(LESSONS))
def test_a_solution_opens_the_widget_that_shows_why_set_to_the_students_numbers(lesson):
    from zaarlab.explainers import explainer

    opened = 0
    for exercise in LESSONS[lesson]:
        for name in ("Ada", "Ben", "Cy", "student 7"):
            question = exercise.for_student(name)
            panel = explainer(question)
            assert (panel is None) == (question.explainer == ())
            if panel is not None:
                _shows_why(question, panel)
                opened += 1
    box = ExerciseBox(LESSONS[lesson][-1], lesson)
    box.name.value = "Ada"
    box.solution_button.value = True
    assert bool(box.explained.children) == bool(box.current.explainer)
    box.name.value = "Ben"  # a new question: its solution closed, and its widget with it
    assert box.explained.children == ()
    assert opened >= 8  # most of every lesson's questions open a widget or a chart
