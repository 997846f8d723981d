"""The hall of the class's matches (``zaarlab.classroom.play.Hall``): what a page may ask, what each page is sent
after a change (each student their own view), and the refusals of what a page may not send."""

import pytest

from tests.helpers import Patient
from zaarlab.classroom.matches import Matches, Refused
from zaarlab.classroom.play import Hall


class Page:
    """A student's open page: what the hall sent it."""

    def __init__(self):
        self.sent: list[dict] = []

    def send(self, message: dict) -> None:
        self.sent.append(message)


@pytest.fixture
def hall():
    hall = Hall(Matches())
    for student in ("Ada", "Bo", "Cy"):
        hall.pages[student].add(Page())
    return hall


def page_of(hall: Hall, student: str) -> Page:
    [page] = hall.pages[student]
    return page


def test_a_table_opened_and_joined_sends_each_student_their_own_view_and_everyone_the_list(hall):
    answer, changed = hall.handle("Ada", {"do": "open", "game": "zerzura", "seats": ["person", "person"]})
    [table] = changed
    assert answer["view"]["seat"] == 0 and answer["view"]["seats"] == ["Ada", "a free seat"]
    lobby = hall.lobby("Bo")
    assert lobby["tables"][0]["mine"] is False and lobby["games"]["zerzura"]["bots"] == ["greedy", "planner", "random"]
    answer, changed = hall.handle("Bo", {"do": "sit", "table": table, "seat": 1})
    hall.send_tables(changed)
    ada, bo, cy = (page_of(hall, s) for s in ("Ada", "Bo", "Cy"))
    assert [m["view"]["seat"] for m in ada.sent if "view" in m] == [0]  # Ada's own view, and nobody else's
    assert [m["view"]["seat"] for m in bo.sent if "view" in m] == [1]
    assert not [m for m in cy.sent if "view" in m] and cy.sent[-1]["tables"]["tables"][0]["sitters"] == ["Ada", "Bo"]
    mover = "Ada" if answer["view"]["to_move"] == 0 else "Bo"
    seen = hall.matches.view(mover, table)
    assert hall.handle(mover, {"do": "move", "table": table, "step": seen["step"], "choice": 0}) == (None, {table})


@pytest.mark.parametrize("message, refusal", [
    ("a text", 'a message is a JSON object with "do"'),
    ({"do": 3}, 'a message is a JSON object with "do"'),
    ({"do": "shuffle"}, "not 'shuffle'"),
    ({"do": "open", "game": "zerzura", "seats": "person"}, "a table's seats are a list"),
    ({"do": "open", "game": "zerzura", "seats": [1, 2]}, "a table's seats are a list"),
    ({"do": "open", "game": "zerzura", "seats": ["person"] * 9}, "a table has 2 to 4 seats, not 5"),
    ({"do": "open", "game": "zerzura", "seats": ["person"] * 2, "turns": 5}, "a game with a limit of turns"),
    ({"do": "open", "game": "zargos", "seats": ["person"] * 2, "turns": 0}, "may be given 1 to 500"),
    ({"do": "open", "game": "zargos", "seats": ["person"] * 2, "turns": 501}, "may be given 1 to 500"),
    ({"do": "open", "game": "zargos", "seats": ["person"] * 2, "turns": "5"}, "may be given 1 to 500"),
    ({"do": "open", "game": "zargos", "seats": ["person"] * 2, "turns": True}, "may be given 1 to 500"),
    ({"do": "open", "game": "zerzura", "seats": ["person"] * 2, "deal": -1}, "a deal number is a whole number"),
    ({"do": "open", "game": "zerzura", "seats": ["person"] * 2, "deal": "7"}, "a deal number is a whole number"),
    ({"do": "open", "game": "zerzura", "seats": ["person"] * 2, "deal": 10**9}, "a deal number is a whole number"),
    ({"do": "look", "table": "forged"}, "there is no such table"),
    ({"do": "sit", "table": None, "seat": 0}, "there is no such table"),
    ({"do": "move", "table": {"a": 1}, "step": 0, "choice": 0}, "there is no such table"),
    ({"do": "replay", "table": "forged", "moment": 0}, "there is no such table"),
])
def test_what_a_page_may_not_send_is_refused_in_words(hall, message, refusal):
    with pytest.raises(Refused, match=refusal):
        hall.handle("Ada", message)
    assert hall.matches.tables == {}


def test_a_table_may_be_opened_for_a_short_game_where_the_game_has_a_limit_of_turns(hall):
    _, [table] = hall.handle("Ada", {"do": "open", "game": "zogars_gaze", "seats": ["person", "cautious"],
                                     "turns": 8})
    assert hall.matches.tables[table].match.game.turn_limit == 8
    assert [name for name, game in hall.games.items() if game["turns"]] == ["zaar", "zogars_gaze", "zargos"]


def test_a_student_away_from_every_page_has_a_bot_play_their_seat_and_the_table_is_told(hall):
    clock = [0.0]
    hall.matches.clock = lambda: clock[0]
    hall.away = 300
    _, [table] = hall.handle("Ada", {"do": "open", "game": "zerzura", "seats": ["person", "person"]})
    hall.handle("Bo", {"do": "sit", "table": table, "seat": 1})
    hall.look_round()
    hall.pages["Bo"].clear()  # Bo closed his last page
    clock[0] = 301
    hall.look_round()  # Ada's page is open: she is there; Bo is not
    assert hall.matches.tables[table].match.seats == ("person", "greedy")
    assert page_of(hall, "Ada").sent[-2]["view"]["notes"][-1].startswith("Bo was away: the greedy bot plays seat 2")


def test_a_table_the_teacher_ends_or_restarts_tells_its_students_pages(hall):
    _, [table] = hall.handle("Ada", {"do": "open", "game": "zargos", "seats": ["person", "person"]})
    hall.handle("Bo", {"do": "sit", "table": table, "seat": 1})
    hall.end(table, restart=True)
    [again] = hall.matches.tables
    for student in ("Ada", "Bo"):
        sent = page_of(hall, student).sent
        told = next(i for i, m in enumerate(sent) if m.get("ended") == table)
        assert sent[told]["why"] == "your teacher restarted this table: a new deal"
        assert any(m.get("view", {}).get("table") == again for m in sent[told:])  # then the new table's view
    hall.end(again)
    assert hall.matches.tables == {} and page_of(hall, "Cy").sent[-1]["tables"]["tables"] == []
    assert page_of(hall, "Ada").sent[-2] == {"ended": again, "why": "your teacher ended this table"}
    with pytest.raises(Refused, match="there is no such table"):
        hall.end(again)


def test_a_finished_game_is_replayed_through_the_hall_and_listed_among_the_students_finished_games(hall):
    hall.matches.clock = Patient()  # a student's pace: a game played at a machine's speed is a flood (seen in CI)
    _, [table] = hall.handle("Ada", {"do": "open", "game": "zogars_gaze", "seats": ["person", "cautious"],
                                     "turns": 4})
    with pytest.raises(Refused, match="once it is over"):
        hall.handle("Ada", {"do": "replay", "table": table, "moment": 0})
    while not (seen := hall.matches.view("Ada", table))["over"]:
        hall.handle("Ada", {"do": "move", "table": table, "step": seen["step"], "choice": 0})
    [finished] = hall.lobby("Ada")["finished"]
    assert finished["table"] == table and hall.lobby("Bo")["finished"] == []  # Bo did not sit there
    answer, changed = hall.handle("Ada", {"do": "replay", "table": table, "moment": finished["moments"] - 1})
    assert changed == set() and answer["view"]["over"] == seen["over"] and answer["view"]["replay"]["moment"] == \
        finished["moments"] - 1
    with pytest.raises(Refused, match="replayed from moment 0"):
        hall.handle("Ada", {"do": "replay", "table": table, "moment": "0"})


def test_a_hint_is_asked_through_the_hall_and_answers_that_page_alone():
    hall = Hall(Matches(hints=True))
    hall.pages["Ada"].add(Page())
    _, [table] = hall.handle("Ada", {"do": "open", "game": "zargos", "seats": ["person", "greedy"], "turns": 2})
    answer, changed = hall.handle("Ada", {"do": "hint", "table": table})
    assert changed == set() and answer["hint"]["table"] == table
    assert answer["hint"]["words"].startswith("the greedy bot would ")
    with pytest.raises(Refused, match="there is no such table"):
        hall.handle("Ada", {"do": "hint", "table": "forged"})


def test_a_table_opened_with_a_deal_number_deals_that_game_again(hall):
    opened = [hall.handle("Ada", {"do": "open", "game": "zogars_gaze", "seats": ["person", "cautious"], "deal": 7})
              for _ in range(2)]
    (first, _), (second, _) = opened
    assert first["view"]["table"] != second["view"]["table"]
    assert {**first["view"], "table": ""} == {**second["view"], "table": ""}
    assert hall.matches.tables[first["view"]["table"]].match.seed == 7
