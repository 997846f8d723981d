"""The class's answers (``zaarlab.teaching.answers``): pages writing one SQLite file, the tallies the teacher reads,
the bounds a hostile page meets, the files students download and the command that reads them, and the exercises
page that sends each check."""

import csv
import io
import os
import sqlite3
import subprocess
import sys

import pytest

from zaarlab.classroom.launch import run_folder, teacher_address, voila_command, voila_environment
from zaarlab.cli import main
from zaarlab.lessons import ExerciseBox, LessonExercises
from zaarlab.teaching import answers
from zaarlab.teaching.answers import (
    MAX_PER_PAGE,
    MAX_TEXT,
    Answer,
    AnswerBook,
    Mode,
    PageAnswers,
    answers_csv,
    read_csv,
    tallies,
)
from zaarlab.teaching.exercises import DICE_EXERCISES
from zaarlab.teaching.teacher import teacher_page


def an_answer(name="Ada", typed="1/2", right=False, exercise="A sum at least") -> Answer:
    return Answer("Start here", exercise, name, f"{name}'s question", "5/18", typed, right)


def test_pages_writing_one_file_are_tallied_per_exercise_and_student(tmp_path):
    path = str(tmp_path / "answers.sqlite")
    first, second = AnswerBook(path), AnswerBook(path)  # two kernels, one file
    first.record("p1", an_answer("Ada", "1/4"))
    second.record("p2", an_answer("Ada", "5/18", True))  # another student who typed the same name
    first.record("p1", an_answer("Ada", "5/18", True))
    second.record("p2", an_answer("Bo", "0", exercise="Counting throws"))
    teacher = AnswerBook(path)
    [sums, counts] = tallies(teacher.rows())
    assert (sums.exercise, sums.students, sums.first_try, sums.later, sums.not_yet) == ("A sum at least", 2, 1, 1, 0)
    assert [(s.name, s.tries, s.right_at, s.last) for s in sums.rows] == [("Ada", 2, 2, "5/18"), ("Ada", 1, 1, "5/18")]
    assert (counts.exercise, counts.not_yet, counts.rows[0].last) == ("Counting throws", 1, "0")
    for book in (first, second, teacher):
        book.close()


def test_a_hostile_page_keeps_short_texts_and_a_bounded_number_of_answers(tmp_path, monkeypatch):
    monkeypatch.setenv(answers.ANSWERS, str(tmp_path / "answers.sqlite"))
    page = PageAnswers()
    long = an_answer(name="x" * 10_000, typed="9" * 10_000)
    for _ in range(MAX_PER_PAGE + 50):
        assert page.send(long)
    book = AnswerBook(str(tmp_path / "answers.sqlite"))
    rows = book.rows()
    assert len(rows) == len(page.kept) == MAX_PER_PAGE
    assert {len(a.name) for _, _, a in rows} == {len(a.typed) for _, _, a in rows} == {MAX_TEXT}
    book.close()


def test_an_answer_that_cannot_be_written_is_said_and_still_kept(tmp_path, monkeypatch):
    monkeypatch.setenv(answers.ANSWERS, str(tmp_path / "no-such-folder" / "answers.sqlite"))
    page = PageAnswers()
    assert page.send(an_answer()) is False and len(page.kept) == 1
    monkeypatch.setattr("zaarlab.lessons.THIS_PAGE", page)
    box = ExerciseBox(DICE_EXERCISES[0])
    box.name.value = "Ada"
    box.answer.value = "0"
    box.check()
    assert "could not be sent to your teacher's page" in box.feedback.value and "Not yet" in box.feedback.value


def test_each_check_on_the_exercises_page_is_sent_and_can_be_downloaded(tmp_path, monkeypatch):
    monkeypatch.setenv(answers.ANSWERS, str(tmp_path / "answers.sqlite"))
    page = PageAnswers()
    monkeypatch.setattr("zaarlab.lessons.THIS_PAGE", page)
    lessons = LessonExercises()
    assert lessons.download_button.disabled and "once you have checked one" in lessons.download_why.value
    lessons.name.value = "Ada Lovelace"
    box = lessons.sheet.exercises[0]
    question = box.current
    box.answer.value = "0"
    box.check()
    box.answer.value = question.answer_text.split(" ≈ ")[0]
    box.check()
    assert not lessons.download_button.disabled and "2 answers checked" in lessons.download_why.value
    lessons.download_answers()
    assert lessons.download.file["name"] == "answers-Ada-Lovelace.csv" and lessons.download.file["type"] == "text/csv"
    downloaded = read_csv(lessons.download.file["text"], "answers-Ada-Lovelace.csv")
    book = AnswerBook(str(tmp_path / "answers.sqlite"))
    assert [a for _, _, a in downloaded] == [a for _, _, a in book.rows()]
    assert [(a.lesson, a.exercise, a.name, a.question, a.exact, a.right) for _, _, a in downloaded][-1] == (
        "Start here: exact odds with dice", "A sum at least", "Ada Lovelace", question.text, question.answer_text, True)
    book.close()


@pytest.mark.parametrize(("text", "problem"), [
    ("name,answer\nAda,1/2\n", "line 1 is not a file of answers"),
    ("at,page,lesson,exercise,name,question,exact,typed,right\n1,p,L,E,Ada,q,1/2\n", "line 2 has 7 values, not 9"),
    ("at,page,lesson,exercise,name,question,exact,typed,right\nnoon,p,L,E,Ada,q,1/2,1/2,1\n", "'noon' is not a time"),
    ("at,page,lesson,exercise,name,question,exact,typed,right\n1,p,L,E,Ada,q,1/2,1/2,yes\n", "not 0 or 1"),
    ("at,page,lesson,exercise,name,question,exact,typed,right\nnan,p,L,E,Ada,q,1/2,1/2,1\n", "'nan' is not a time"),
    ("at,page,lesson,exercise,name,question,exact,typed,right\ninf,p,L,E,Ada,q,1/2,1/2,1\n", "'inf' is not a time"),
    ("at,page,lesson,exercise,name,question,exact,typed,right\n1,p,L,E,Ada,q,1/2," + "x" * 5_000_000 + ",1\n",
     "line 2: not a file of answers .field larger than field limit"),
    ("at,page,lesson,exercise,name,question,exact,typed,right\n1,p,L,E,Ada,q,1/2," + "x" * 1_000 + ",1\n",
     "line 2: a value longer than a page writes"),
])
def test_a_file_that_is_not_answers_is_refused_naming_the_file_and_line(tmp_path, capsys, text, problem):
    with pytest.raises(ValueError, match=problem):
        read_csv(text, "ada.csv")
    file = tmp_path / "ada.csv"
    file.write_text(text)
    assert main(["answers", str(file), "--out", str(tmp_path / "page.html")]) == 2
    assert f"{file}: " in capsys.readouterr().err and not (tmp_path / "page.html").exists()


@pytest.mark.parametrize("make, problem", [
    (lambda path: os.mkfifo(path), "not a regular file (a named pipe)"),
    (lambda path: path.write_bytes(b"a" * 13_000_000), "larger than 12,000,000 bytes, the limit for a file of answers"),
], ids=["named pipe", "100 MB"])
def test_a_file_the_command_cannot_read_is_refused_at_once(tmp_path, capsys, make, problem):
    """It waited forever on a named pipe, and read a 100 MB file whole (611 MB of memory) to die with a traceback."""
    file = tmp_path / "answers.csv"
    make(file)
    assert main(["answers", str(file), "--out", str(tmp_path / "page.html")]) == 2
    assert problem in capsys.readouterr().err


def test_a_students_file_holds_no_live_formula_and_reads_back_as_typed():
    """A student who typed =HYPERLINK(...) or =1+1 once handed the teacher's spreadsheet a live formula."""
    typed = ['=HYPERLINK("http://example.org","x")', "=1+1", "+1", "-0.5", "@SUM(A1)", "'=quoted", "1/2"]
    rows = [(1.0, "p", an_answer("=cmd|' /C calc'!A0", text, False)) for text in typed]
    text = answers_csv(rows)
    cells = [cell for values in list(csv.reader(io.StringIO(text)))[1:] for cell in values]
    assert "'=HYPERLINK(\"http://example.org\",\"x\")" in cells and "'-0.5" in cells and "1/2" in cells
    assert not any(cell.startswith(("=", "+", "-", "@")) for cell in cells)
    assert read_csv(text, "ada.csv") == rows


def test_the_command_makes_the_teachers_page_from_the_students_files(tmp_path, capsys):
    files = []
    below = 1 - DICE_EXERCISES[0].for_student("Bo").answer  # Bo's likely mistake: the chance of a sum below
    for name, typed in (("Ada", DICE_EXERCISES[0].for_student("Ada").answer_text.split(" ≈ ")[0]), ("Bo", str(below))):
        files.append(tmp_path / f"answers-{name}.csv")
        files[-1].write_text(answers_csv([(at, name.lower(), answer) for at, _, answer in real_answers(name, typed)]))
    out = tmp_path / "class.html"
    assert main(["answers", *map(str, files), "--out", str(out)]) == 0
    assert "2 answers of 2 page(s) from 2 file(s)" in capsys.readouterr().out
    page = out.read_text()
    assert "right at the first try: 1 of 2; right after more tries: 0 of 2; not right yet: 1 of 2" in page
    assert 'http-equiv="refresh"' not in page  # a page made once does not reload itself
    assert "<li>1 answer: the complement: the chance of the opposite</li>" in page  # the mistake Bo made, named


def test_the_classrooms_teacher_page_finds_the_lessons_exercises_to_name_mistakes():
    from zaarlab.classroom.teacher import _find_exercise

    assert _find_exercise("Start here: exact odds with dice", "At least once").id == "dice-once"
    assert _find_exercise("Start here: exact odds with dice", "no such exercise") is None


def test_the_teachers_page_escapes_what_students_typed():
    page = teacher_page([(1.0, "p", an_answer(name="<script>alert(1)</script>", typed="<b>"))])
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;b&gt;" in page
    assert "No answer yet" in teacher_page([])


def test_the_server_is_told_where_answers_go_and_the_teacher_where_to_read_them(tmp_path):
    command = voila_command("0.0.0.0", 8866, pool=1, answers="/runs/a.sqlite", teacher_key="k")
    assert "--ClassroomVoila.answers=/runs/a.sqlite" in command and "--ClassroomVoila.teacher_key=k" in command
    assert voila_environment({}, answers=tmp_path / "a.sqlite")[answers.ANSWERS] == str(tmp_path / "a.sqlite")
    assert answers.ANSWERS not in voila_environment({})
    assert voila_environment({})[answers.MODE] == "practice"  # a kernel never inherits the teacher's shell's mode
    assert voila_environment({}, mode=Mode(test=True, tries=3))[answers.MODE] == "test:3"
    first, second = run_folder(tmp_path / "runs"), run_folder(tmp_path / "runs")
    assert first != second and first.is_dir() and second.is_dir()
    assert teacher_address("http://10.0.0.2:8866/", "k&y") == "http://10.0.0.2:8866/zaarlab/teacher?key=k%26y"


def test_sqlite_is_imported_only_where_answers_are_collected():
    """The static site's Python has no sqlite3: a page there (no ANSWERS) checks and keeps answers without it."""
    program = ("import sys; sys.modules['sqlite3'] = None\n"
               "from zaarlab.teaching.answers import PageAnswers, Answer\n"
               "page = PageAnswers()\n"
               "print(page.send(Answer('L', 'E', 'Ada', 'q', '1/2', '0', False)), len(page.kept))")
    env = {k: v for k, v in os.environ.items() if k != answers.ANSWERS}
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.split() == ["True", "1"]
    with pytest.raises(sqlite3.OperationalError):
        AnswerBook("/no/such/folder/answers.sqlite")


def real_answers(name: str, *typed: str) -> list:
    """Rows as a page writes them: ``name``'s own question of the first dice exercise, each text typed checked."""
    question = DICE_EXERCISES[0].for_student(name)
    return [(float(i), "p", Answer("Start here: exact odds with dice", "A sum at least", name, question.text,
                                   question.answer_text, text, question.check(text).right))
            for i, text in enumerate(typed)]


def test_the_command_judges_each_answer_of_a_file_again_and_names_a_row_that_does_not_hold(tmp_path, capsys):
    """Changing a downloaded file's ``1/4,0`` to ``1/4,1`` once turned a wrong answer into "right at the first try"."""
    ada = tmp_path / "answers-Ada.csv"
    ada.write_text(answers_csv(real_answers("Ada", "1/4", "5/18")).replace("1/4,0,", "1/4,1,"))
    bo = tmp_path / "answers-Bo.csv"
    question = DICE_EXERCISES[0].for_student("Bo")
    other = DICE_EXERCISES[0].for_student("Ada")  # Ada's question, passed off as Bo's, with its answer
    bo.write_text(answers_csv([
        (1.0, "b", Answer("Start here: exact odds with dice", "A sum at least", "Bo", question.text,
                          question.answer_text, question.answer_text.split(" ≈ ")[0], True)),
        (2.0, "b", Answer("Start here: exact odds with dice", "A sum at least", "Bo", other.text, other.answer_text,
                          other.answer_text.split(" ≈ ")[0], True)),
        (3.0, "b", Answer("Start here: exact odds with dice", "No such exercise", "Bo", "q", "1/2", "1/2", True))]))
    out = tmp_path / "class.html"
    assert main(["answers", str(ada), str(bo), "--out", str(out)]) == 1
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"{ada}: line 2: marked right, but '1/4' is not the answer to Ada's question (counted as wrong)",
        f"{bo}: line 3: the question is not the one 'Bo' is given (not counted)",
        f"{bo}: line 4: no exercise 'No such exercise' in the lesson 'Start here: exact odds with dice' (not counted)"]
    assert "3 answers of 2 page(s) from 2 file(s); 3 row(s) did not hold, each named above" in captured.out
    page = out.read_text()  # Ada's right answer came second, as she gave it; Bo's was right at once
    assert "right at the first try: 1 of 2; right after more tries: 1 of 2; not right yet: 0 of 2" in page


def test_a_file_saved_before_solutions_were_kept_still_reads():
    rows = real_answers("Ada", "1/4")
    old = answers_csv(rows).replace(",kind\n", "\n").replace(",check\n", "\n")
    assert old.splitlines()[0].endswith(",typed,right") and read_csv(old, "old.csv") == rows


def test_the_command_reads_the_servers_own_record_too(tmp_path, capsys):
    book = AnswerBook(str(tmp_path / "answers.sqlite"))
    for at, page, answer in real_answers("Ada", "1/4", "5/18"):
        book.record(page, answer, at=at)
    book.record("p", Answer("L", "E", "Ada", "q", "1/2", "", False, kind="solution"), at=3.0)
    book.close()
    out = tmp_path / "class.html"
    assert main(["answers", str(tmp_path / "answers.sqlite"), "--out", str(out)]) == 0
    assert "3 answers of 1 page(s) from 1 file(s): open" in capsys.readouterr().out
    assert "right after more tries: 1 of 1" in out.read_text()


def test_a_book_from_before_solutions_were_kept_opens_with_every_row_a_check(tmp_path):
    path = tmp_path / "answers.sqlite"
    old = sqlite3.connect(path)
    old.execute("CREATE TABLE answers (at, page, lesson, exercise, name, question, exact, typed, right)")
    old.execute("INSERT INTO answers VALUES (1.0, 'p', 'L', 'E', 'Ada', 'q', '1/2', '1/3', 0)")
    old.commit()
    old.close()
    book = AnswerBook(str(path))
    assert book.rows() == [(1.0, "p", Answer("L", "E", "Ada", "q", "1/2", "1/3", False))]
    book.close()


def test_a_test_is_asked_for_at_the_start_and_every_page_of_the_class_reads_it(monkeypatch):
    from zaarlab.classroom.launch import _mode

    assert (_mode("3"), _mode("0")) == (Mode(test=True, tries=3), Mode(test=True))
    with pytest.raises(Exception, match="TRIES is a number of tries from 1 to 99, not '100'"):
        _mode("100")
    monkeypatch.setenv(answers.MODE, "test:2")
    assert ExerciseBox(DICE_EXERCISES[0]).mode == Mode(test=True, tries=2)
    monkeypatch.setenv(answers.MODE, "exam")
    with pytest.raises(ValueError, match="the class mode is 'exam'"):
        ExerciseBox(DICE_EXERCISES[0])


def test_a_page_of_a_class_that_signs_in_waits_for_its_student_then_reads_their_earlier_answers(tmp_path,
                                                                                                monkeypatch):
    monkeypatch.setenv(answers.ANSWERS, str(tmp_path / "answers.sqlite"))
    monkeypatch.setenv(answers.SIGN_IN, "1")
    earlier = PageAnswers()  # Ada's first page, before a reload
    earlier.sign_in("Ada")
    question = DICE_EXERCISES[0].for_student("Ada")
    earlier.send(Answer("Start here: exact odds with dice", "A sum at least", "Ada", question.text,
                        question.answer_text, "1/4", False))
    page = PageAnswers()
    monkeypatch.setattr("zaarlab.lessons.THIS_PAGE", page)
    lessons = LessonExercises()
    box = lessons.sheet.exercises[0]
    assert lessons.name.disabled and box.name.disabled and box.current is None and box.check_button.disabled
    assert "Signing you in" in box.question.value
    box.check()  # a click sent before the server said whose page it is: nothing recorded
    assert page.kept == []
    page.sign_in("Ada")  # as the server does when the page connects
    assert (lessons.name.value, lessons.name.description, box.current) == ("Ada", "signed in as", question)
    assert box.name.layout.display == "none" and "Earlier: 1/4, not right (1 try)" in box.feedback.value
    assert "1 answer checked" in lessons.download_why.value
    box.answer.value = question.answer_text.split(" ≈ ")[0]
    box.check()
    [tally] = tallies(AnswerBook(str(tmp_path / "answers.sqlite")).rows())
    assert [(s.name, s.tries, s.right_at) for s in tally.rows] == [("Ada", 2, 2)]  # one student, two pages


def test_a_game_finished_at_a_signed_in_students_table_is_theirs_in_the_teachers_record(tmp_path, monkeypatch,
                                                                                         capsys):
    from zaarlab.teaching.gradebook import games_csv, gradebook, gradebook_csv
    from zaarlab.zerzura.table import ZerzuraTable

    path = tmp_path / "answers.sqlite"
    monkeypatch.setenv(answers.ANSWERS, str(path))
    nobody = ZerzuraTable(seats=("person", "greedy"))  # a page nobody signed in on: its games are nobody's record
    nobody.pacing.pace = 0
    nobody.start(["greedy", "greedy"], 5)
    assert nobody.state.is_terminal() and AnswerBook(str(path)).games() == []
    answers.THIS_PAGE.sign_in("Ada")  # as the server does when the page connects
    table = ZerzuraTable(seats=("person", "greedy"))
    table.pacing.pace = 0
    table.start(["person", "greedy"], 7)
    while not table.state.is_terminal():
        table.play(table.state.legal_actions()[0])
    if table.match.undoable:  # taken back after the end and played again: still one game
        table.undo()
    while not table.state.is_terminal():
        table.play(table.state.legal_actions()[0])
    [played] = AnswerBook(str(path)).games()
    returns = table.state.returns()
    assert (played.student, played.game, played.deal, played.seats, played.seat) == ("Ada", "zerzura", 7,
                                                                                       "person, greedy", 1)
    assert (played.moves, played.place, played.players) == (len(table.match.history), 1 + (returns[1] > returns[0]), 2)
    assert played.ending == table.ending(table.state) and played.judged == len(table.match.decisions)
    book = gradebook([], [played])
    assert book.students == ["Ada"] and gradebook_csv(book).splitlines()[1] == f"Ada,0,0,0,0,0,1,{int(played.won)}"
    assert list(csv.DictReader(io.StringIO(games_csv(book))))[0]["ending"] == played.ending
    page = teacher_page([], games=[played])
    assert f"Zerzura, deal 7, seat 1 of 2 (with the greedy bot): {'1st' if played.won else '2nd'} of 2" in page
    out = tmp_path / "class.html"
    assert main(["answers", str(path), "--out", str(out), "--csv", str(tmp_path)]) == 0
    assert "deal 7" in out.read_text() and "Ada,zerzura,7" in (tmp_path / "games.csv").read_text()


def test_a_rostered_classs_files_are_judged_against_the_questions_its_pages_dealt(tmp_path, capsys, monkeypatch):
    """A class dealt its questions from a roster: a student's downloaded file holds their dealt question, which may
    be none of the questions their name draws alone (its own and those like it); ``--roster`` judges it as the
    class's pages did."""
    monkeypatch.setenv(answers.ROSTER, "")  # no roster yet; the command's own is undone after the test
    roster = tmp_path / "roster.txt"
    names = [f"Student {i}" for i in range(40)]
    roster.write_text("\n".join(names) + "\n")
    exercise = DICE_EXERCISES[0]
    dealt = exercise.dealt(names)
    name = next(n for n in names if dealt[n.casefold()] not in exercise.variants(n))  # dealt past their own draws
    question = dealt[name.casefold()]
    typed = question.answer_text.split(" ≈ ")[0]
    file = tmp_path / "answers.csv"
    file.write_text(answers_csv([(1.0, "p", Answer("Start here: exact odds with dice", exercise.title, name,
                                                   question.text, question.answer_text, typed, True))]))
    out = tmp_path / "class.html"
    assert main(["answers", str(file), "--out", str(out)]) == 1  # drawn alone, the name has another question
    assert "the question is not the one" in capsys.readouterr().err
    assert main(["answers", str(file), "--out", str(out), "--roster", str(roster)]) == 0
    assert "right at the first try: 1 of 1" in out.read_text()


def test_the_answer_key_gives_each_student_of_a_roster_the_answers_the_checker_takes(tmp_path, capsys):
    from zaarlab.lessons import LESSONS

    roster = tmp_path / "class.csv"
    roster.write_text("name,code\nAda,\nBo,\nChloé,\n")
    out = tmp_path / "key.csv"
    lesson = "Zargos 2: the odds of combat"
    assert main(["key", lesson, "--roster", str(roster), "--out", str(out)]) == 0
    assert "the 3 students to each of the 5 exercises" in capsys.readouterr().out
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [(row["student"], row["exercise"]) for row in rows] == [
        (name, exercise.title) for name in ("Ada", "Bo", "Chloé") for exercise in LESSONS[lesson]]
    for row in rows:
        exercise = next(e for e in LESSONS[lesson] if e.title == row["exercise"])
        question = exercise.question_for(row["student"], ["Ada", "Bo", "Chloé"])
        assert row["question"] == question.text
        assert question.check(row["answer"].split(" ≈ ")[0]).right  # the key's answer, as a student types it
    assert main(["key", "no such lesson", "--roster", str(roster), "--out", str(out)]) == 2
    assert "no lesson 'no such lesson'" in capsys.readouterr().err
