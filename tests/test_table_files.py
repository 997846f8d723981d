"""A game at a table saved as a file and loaded again (the frame's, for every game's table): the same position, the
same dice to come, and every file that is not such a game refused in words with the game on the table untouched."""

import html
import json
import random

import pytest

from tests.tables import click_move, unreadable
from zaarlab.zerzura.table import ZerzuraTable
from zaarlab.zogars_gaze.table import ZogarTable


def played(table, moves: int, chooser: str, seed: int = 0):
    rng = random.Random(seed)
    for _ in range(moves):
        click_move(table, table.bots[chooser](table.state, rng))
    return table


def upload(table, content: bytes, name: str = "game.json") -> None:
    """As a page sends a file: the bytes in the message's buffers."""
    value = [{"name": name, "type": "application/json", "size": len(content), "last_modified": 0}]
    table.upload._handle_msg({"content": {"data": {"method": "update", "state": {"value": value},
                                                   "buffer_paths": [["value", 0, "content"]]}},
                              "buffers": [memoryview(content)]})


@pytest.mark.parametrize("make, chooser", [(lambda: ZogarTable(seats=("person", "cautious"), seed=155, pace=0), "bold"),
                                           (lambda: ZerzuraTable(seats=("person", "greedy"), seed=4, pace=0),
                                            "planner")], ids=["zogars_gaze", "zerzura"])
def test_a_saved_game_goes_on_as_it_would_have(make, chooser):
    table = played(make(), 8, chooser)
    saved = table.save()
    again = make()
    upload(again, saved.encode())
    assert (again.state, again.match.seats, again.match.seed) == (table.state, table.match.seats, table.match.seed)
    assert "moves replayed and checked" in again.message and again.upload.value == ()
    ours, theirs = random.Random(1), random.Random(1)
    while not table.state.is_terminal():  # the same choices meet the same dice
        action = table.bots[chooser](table.state, ours)
        assert again.bots[chooser](again.state, theirs) == action
        click_move(table, action)
        click_move(again, action)
        assert again.state == table.state
    assert again.heading_text == table.heading_text


def test_the_save_button_hands_the_page_a_file():
    table = played(ZerzuraTable(seats=("person", "greedy"), seed=4, pace=0), 2, "planner")
    table.buttons["save the game"].click()
    assert table.download.file["name"] == f"zerzura-deal-4-move-{len(table.match.session.history)}.json"
    assert json.loads(table.download.file["text"])["table"]["deal"] == 4 and "saved as a file" in table.message


def tampered(saved: str, change) -> bytes:
    data = json.loads(saved)
    change(data)
    return json.dumps(data).encode()


@pytest.mark.parametrize("change, said", [
    (lambda d: d.update(game="zaar"), "zaar has no parameter"),
    (lambda d: d["history"].__setitem__(-1, d["history"][0]), "is not"),
    (lambda d: d["table"].update(seats=["person"]), "one seat a player (2)"),
    (lambda d: d["table"].update(seats=["person", "ace"]), "a seat is a person or one of the bots"),
    (lambda d: d["table"].update(deal=-4), "the deal is a whole number"),
    (lambda d: d["table"]["dice"][1].__setitem__(0, 2 ** 40), "the dice's state is not one"),
    (lambda d: d.pop("table"), 'a saved table holds "seats", "deal", "dice" and "hints"'),
    (lambda d: d["table"].update(hints=[10 ** 6]), "the hints are the steps of the game they were asked at, 0 to"),
    (lambda d: d["table"].update(hints="all"), "the hints are the steps"),
], ids=["other game", "illegal move", "seats", "bot", "deal", "dice", "no table", "hint past the end", "hints"])
def test_a_file_that_is_not_a_saved_game_of_this_table_is_refused_and_nothing_changes(change, said):
    table = played(ZerzuraTable(seats=("person", "greedy"), seed=4, pace=0), 3, "planner")
    saved = table.save()
    other = played(ZerzuraTable(seats=("person", "planner"), seed=8, pace=0), 2, "greedy")
    before, history = other.state, list(other.match.session.history)
    upload(other, tampered(saved, change))
    assert other.state is before and other.match.session.history == history
    assert other.message == "This file cannot be loaded: it is damaged, or it is not a game saved at a zaarlab table."
    assert said in html.unescape(other.said.value), other.said.value  # what exactly is wrong: one click away


def test_other_files_are_refused_in_words():
    table = ZerzuraTable(seats=("person", "greedy"), seed=4, pace=0)
    before = table.state
    for content, said in ((b"\xff\xfe", "not UTF-8"), (b"[1, 2", "not valid JSON: it breaks off or goes wrong at "
                                                                 "line 1, column 6"), (b"{}", '"game" is missing')):
        upload(table, content)
        assert "it is damaged, or it is not a game saved" in table.message and said in html.unescape(table.said.value)
        assert not unreadable(table.message) and "Expecting" not in table.said.value  # the parser's words stay out
        assert table.state is before
    upload(table, ZogarTable(seats=("person", "bold"), seed=1, pace=0).save().encode())
    assert table.message == ("This file cannot be loaded here: it is a saved Zogar's Gaze game. Open it at the "
                             "Zogar's Gaze table.") and table.state is before
    assert not unreadable(table.message)
    upload(table, b" " * (table.upload.max_bytes + 1))  # refused by the control before anything reads it
    assert table.state is before and table.upload.value == ()


def test_two_files_or_one_too_big_are_refused_in_words_where_loading_is():
    """Both once changed nothing and said nothing: the table kept its previous message."""
    table = ZerzuraTable(seats=("person", "greedy"), seed=4, pace=0)
    before = table.state
    upload(table, b"{" + b" " * 2_000_001 + b"}")
    assert "Refused: this file is larger than a saved game can be (2,000,000 bytes at most)" in table.said.value
    files = [{"name": f"{n}.json", "type": "application/json", "size": 2, "last_modified": 0} for n in "ab"]
    table.upload._handle_msg({"content": {"data": {"method": "update", "state": {"value": files},
                                                   "buffer_paths": [["value", 0, "content"], ["value", 1, "content"]]}},
                              "buffers": [memoryview(b"{}"), memoryview(b"{}")]})
    assert "Refused: choose one file at a time" in table.said.value
    assert table.state is before and table.upload.value == ()


def test_a_number_longer_than_any_save_holds_is_refused_in_words():
    table = ZerzuraTable(seats=("person", "greedy"), seed=4, pace=0)
    upload(table, b'{"game": "zerzura", "params": {"players": ' + b"9" * 100_001 + b"}}")
    assert "a number of 100,001 digits" in table.said.value and "4300" not in table.said.value
