"""The class's gradebook (``zaarlab.teaching.gradebook``) and the teacher's page made of it: a record per student and
question equal to the answers given, the grid's marks in symbols and words, the wrong answers counted, and the two
CSV files a spreadsheet reads as they are; ``zaarlab answers --csv`` writes them."""

import csv
import io

from zaarlab.cli import main
from zaarlab.teaching.answers import SIGNED_IN, Answer, answers_csv
from zaarlab.teaching.exercises import DICE_EXERCISES
from zaarlab.teaching.gradebook import GRADEBOOK_COLUMNS, RECORD_COLUMNS, gradebook, gradebook_csv, records_csv
from zaarlab.teaching.teacher import teacher_page


def check(name, typed, right, exercise="E", lesson="L", page=SIGNED_IN, at=1.0, kind="check"):
    return (at, page, Answer(lesson, exercise, name, f"{name}'s {exercise}", "1/2", typed, right, kind))


ROWS = [check("Ada", "1/3", False, at=1), check("Ada", "", False, at=2, kind="solution"),
        check("Ada", "1/2", True, at=3), check("Bo", "1/2", True, at=4), check("Cy", "1/3", False, at=5),
        check("Cy", "=1+1", False, at=6),
        check("Bo", "0", False, exercise="F", at=7), check("Ada", "1/2", True, exercise="F", lesson="M", at=8),
        check("Dee", "1/2", True, page="p1", at=9), check("Dee", "1/4", False, page="p2", at=10)]


def test_each_record_holds_the_answers_given_and_the_grid_marks_them_in_symbols_and_words():
    book = gradebook(ROWS)
    assert book.students == ["Ada", "Bo", "Cy", "Dee (page p1)", "Dee (page p2)"]  # a name typed on two pages: two
    assert book.questions == [("L", "E"), ("L", "F"), ("M", "F")] and book.lessons() == [("L", 2), ("M", 1)]
    marks = {(s, q[1] + q[0]): (book.cell(s, q).symbol, book.cell(s, q).kind) for s in book.students
             for q in book.questions}
    assert marks[("Ada", "EL")] == ("✓2 S", "later") and marks[("Bo", "EL")] == ("✓", "first")
    assert marks[("Cy", "EL")] == ("✗2", "wrong") and marks[("Cy", "FL")] == ("·", "none")
    assert book.cell("Ada", ("L", "E")).words == "right at try 2, after opening the solution"
    assert book.wrong_answers(("L", "E")) == [("1/3", 2), ("=1+1", 1), ("1/4", 1)]
    assert book.first_try_share(("L", "E")) == (2, 5)  # Bo and Dee's first page


def test_the_csv_files_hold_a_row_per_record_and_per_student_that_a_spreadsheet_reads_as_they_are():
    book = gradebook(ROWS)
    records = list(csv.DictReader(io.StringIO(records_csv(book))))
    assert tuple(records[0]) == RECORD_COLUMNS and len(records) == len(book.records) == 7
    ada = next(r for r in records if r["student"] == "Ada" and r["exercise"] == "E")
    assert (ada["tries"], ada["right"], ada["right at try"], ada["first try right"], ada["solution opened"],
            ada["solution opened after tries"], ada["wrong answers"]) == ("2", "1", "2", "0", "1", "1", "1/3")
    cy = next(r for r in records if r["student"] == "Cy")
    assert cy["wrong answers"] == "1/3 | =1+1" and not any(v.startswith("=") for r in records for v in r.values())
    totals = list(csv.DictReader(io.StringIO(gradebook_csv(book))))
    assert tuple(totals[0]) == GRADEBOOK_COLUMNS
    assert [(t["student"], t["questions"], t["right"], t["right at the first try"], t["tries"],
             t["solutions opened"]) for t in totals][:3] == [("Ada", "2", "2", "1", "3", "1"),
                                                              ("Bo", "2", "1", "1", "2", "0"),
                                                              ("Cy", "1", "0", "0", "2", "0")]


def test_the_teachers_page_fits_a_class_of_thirty_on_one_grid():
    rows = [check(f"student {n:02}", "1/2" if (n + q) % 3 else "0", bool((n + q) % 3), exercise=f"question {q:02}",
                  at=n * 100 + q) for n in range(30) for q in range(15)]
    page = teacher_page(rows)
    grid = page[page.index('<table class="grid">'):page.index("</table>")]
    assert grid.count("<tr>") == 32 and grid.count('class="cell ') == 30 * 15
    assert "not right after 1 try" in grid and "right at try 1" in grid  # every mark in words too


def test_zaarlab_answers_writes_the_csv_files_beside_the_page(tmp_path, capsys):
    question = DICE_EXERCISES[0].for_student("Ada")
    file = tmp_path / "answers-Ada.csv"
    file.write_text(answers_csv([(1.0, "p", Answer("Start here: exact odds with dice", "A sum at least", "Ada",
                                                   question.text, question.answer_text, "1/4", False))]))
    assert main(["answers", str(file), "--out", str(tmp_path / "class.html"), "--csv", str(tmp_path)]) == 0
    assert "gradebook.csv, " in (said := capsys.readouterr().out) and "games.csv written" in said
    [record] = csv.DictReader((tmp_path / "answers.csv").open())
    assert (record["student"], record["question"], record["tries"], record["right"]) == ("Ada", question.text, "1",
                                                                                         "0")
    assert (tmp_path / "gradebook.csv").read_text().splitlines()[1] == "Ada,1,0,0,1,0,0,0"
