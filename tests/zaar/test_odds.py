"""Zaar's next-card odds against counting by hand, and the command line."""

import json
from math import comb

import pytest
import sympy

from tests.zaar.helpers import grow
from zaarlab.cli import main
from zaarlab.zaar.board import Mansion
from zaarlab.zaar.missions import completed_by
from zaarlab.zaar.odds import completing_rooms, default_pile, next_card_odds, p_sacred, p_sacred_within

START = grow(Mansion.start("smoggy_chamber"), ("smoggy_room_3", (1, 0)))


def test_next_card_odds_count_the_pile():
    pile = default_pile(START)
    assert len(pile) == 70
    odds = next_card_odds(START, missions=["smoggy_triangle"])
    placeable = [c for c in pile if c in START.cards.rooms and START.legal_placements(c)]
    assert odds["placeable"] == sympy.Rational(len(placeable), 70)
    assert odds["sacred"] == sympy.Rational(9, 70) and odds["event"] == sympy.Rational(20, 70)
    closers = completing_rooms(START, "smoggy_triangle")
    for card in closers:  # each one really has a placement that closes the triangle
        assert any(completed_by(START.place(card, c, k), c) for c, k in START.legal_placements(card))
    assert odds["smoggy_triangle"] == sympy.Rational(len(closers), 70) and closers


def test_a_sacred_room_within_n_draws():
    n, sacred = 70, 9
    for draws in (1, 5, 20):
        assert p_sacred_within(START, draws) == 1 - sympy.Rational(comb(n - sacred, draws), comb(n, draws))
    assert p_sacred_within(START, 70) == 1


def test_the_command_line(tmp_path, capsys):
    path = tmp_path / "mansion.json"
    path.write_text(json.dumps({**START.to_dict(), "pile": ["sacred_hall", "smoggy_room_4", "gift_amulet"]}))
    assert main(["odds", "zaar-next-card", "--mansion", str(path), "--missions", "smoggy_triangle", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {"placeable": "2/3", "sacred": "1/3", "event": "1/3", "smoggy_triangle": "1/3"}
    path.write_text(json.dumps({"rooms": [{"room": "sacred_hall", "cell": [0, 0]}]}))
    assert main(["odds", "zaar-next-card", "--mansion", str(path)]) == 2
    assert "ZAAR-SETUP-02" in capsys.readouterr().err


@pytest.mark.rule("ZAAR-LVL1-01")
def test_the_next_sacred_room_counts_only_one_that_can_be_placed():
    mansion = Mansion.from_dict({"rooms": [  # two open doors left: only a one- or two-door room fits them
        {"room": "windy_room_5", "cell": [0, -2], "rotation": 1},
        {"room": "smoggy_room_7", "cell": [0, -1], "rotation": 5},
        {"room": "bloody_room_3", "cell": [0, 0], "rotation": 2},
        {"room": "sacred_room_3", "cell": [0, 1], "rotation": 5},
        {"room": "smoggy_room_3", "cell": [1, -2], "rotation": 3}]})
    pile = ("sacred_hall", "sacred_room_4", "sacred_room_1", "gift_amulet")
    fitting = [c for c in pile if c in mansion.cards.rooms and mansion.legal_placements(c)]
    assert not mansion.legal_placements("sacred_hall") and "sacred_hall" not in fitting
    assert p_sacred(mansion, pile) == sympy.Rational(sum(mansion.cards.rooms[c].is_sacred for c in fitting), 4)
    assert p_sacred(mansion, pile) < sympy.Rational(3, 4)  # three sacred cards, not all of them placeable


@pytest.mark.rule("ZAAR-ASTRO-12")
def test_the_battle_command_labels_both_table_cases_or_takes_the_table_throw(capsys):
    assert main(["odds", "zaar-battle", "--requirement", "0_3", "--wisdom", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["before_table"] == {"lose": "225/256", "win": "45/1024", "extra_win": "79/1024",
                                    "lose_in_w": "15*(15/16)**w/16"}
    assert data["table_failed"] == {"lose": "15/16", "win": "3/64", "extra_win": "1/64", "lose_in_w": "(15/16)**w"}
    assert main(["odds", "zaar-battle", "--requirement", "0_3", "--wisdom", "1", "--table", "B013"]) == 0
    text = capsys.readouterr().out
    assert "given the table throw B013" in text and "extra_win  1 " in text
    assert main(["odds", "zaar-battle", "--requirement", "0_3", "--wisdom", "1", "--table", "B113", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["given_table"]["lose"] == "15/16"
    for argv, says in ((["--requirement", "3", "--wisdom", "1"], "exactly 3 positions"),
                       (["--requirement", "0_3", "--wisdom", "100000"], "0 to 48"),
                       (["--requirement", "0_3", "--wisdom", "1", "--table", "Z013"], "--table 'Z013'"),
                       (["--requirement", "9_1", "--wisdom", "1"], "exactly 3 positions"),
                       (["--requirement", "0_3", "--wisdom", "1", "--unordered"], "1 to 3 raml numbers")):
        assert main(["odds", "zaar-battle", *argv]) == 2
        assert says in capsys.readouterr().err
