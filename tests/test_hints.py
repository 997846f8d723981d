"""A table's *hint*: the move the game's strongest bot would make for the person to move, and why, counted in the
end's summary; refused in words (nothing changed, nothing counted) where none can be given; switched off by the
teacher. That the hint reads nothing the person may not know is proven in ``tests/test_seat_views.py``."""

from __future__ import annotations

import ast
import importlib
import random

import pytest

from zaarlab.core.api import IllegalActionError
from zaarlab.core.match import HINTS, Match

TABLES = {  # the table, its seats, a game short enough to play to its end at every decision
    "zogars_gaze": ("zaarlab.zogars_gaze.table", "ZogarTable", "('person', 'bold')", {"turn_limit": 12}),
    "zerzura": ("zaarlab.zerzura.table", "ZerzuraTable", "('person', 'greedy')", {}),
    "zargos": ("zaarlab.zargos.table", "ZargosTable", "('person', 'greedy')", {"turn_limit": 2}),
    "zaar": ("zaarlab.zaar.table", "ZaarTable", "('person', 'greedy')", {"turn_limit": 12}),
}


def table_of(game: str, **kwargs):
    module, name, seats, params = TABLES[game]
    return getattr(importlib.import_module(module), name)(seats=ast.literal_eval(seats), seed=5, pace=0,
                                                          **params, **kwargs)


@pytest.mark.parametrize("game", list(TABLES))
def test_a_hint_at_every_decision_names_the_strongest_bots_move_and_the_game_played_by_them_ends_counted(game):
    table = table_of(game)
    strongest = table.bots[table.hint_bot]
    asked = 0
    while not table.state.is_terminal():
        state, step = table.state, len(table.match.history)
        table.give_hint()
        table.give_hint()  # asked twice at one decision: one hint used
        expected = strongest(state, random.Random(step))  # the bot's own choice, its dice as the hint's
        assert table.state is state and expected in state.legal_actions()
        if table.no_hint(state):  # Zogar's Gaze, delving past cards traded in face down: refused, not counted
            assert table.message == f"Not now: {table.no_hint(state)}."
        else:
            assert table.message.startswith(f"Hint: the {table.hint_bot} bot would "
                                            f"{table.move_words(state, expected)}")
            assert "_" not in table.message and "Action" not in table.message, table.message  # the game's words
            asked += 1
        table.play(expected)
        table.skip()
    assert table.match.hints_used(0) == asked > 3
    assert f"Player 1 used {asked} hints." in table.heading_text  # in the end's summary


@pytest.mark.parametrize("game", list(TABLES))
def test_no_hint_out_of_turn_nor_where_the_teacher_switched_them_off_and_nothing_is_counted(game, monkeypatch):
    table = table_of(game)
    table.skip()
    table.play(table.state.legal_actions()[0])
    if table.match.others_to_move():  # the others' turn: no hint for them
        state = table.state
        table.give_hint()
        assert table.message == "Not now: it is not your turn: wait for the others to move." and table.state is state
        assert table.buttons["hint"].disabled and "hint: at your turn" in table.why_not.value
    assert table.match.hints_used(0) == 0
    monkeypatch.setenv(HINTS, "off")
    off = table_of(game)
    assert off.buttons["hint"].layout.display == "none" and not off.hints
    off.skip()
    off.give_hint()
    assert off.message == "Not now: hints are switched off at this table." and off.match.hints_used(0) == 0
    assert table_of(game, hints=True).hints  # the table's own choice overrides the server's


def test_zogars_gaze_gives_no_hint_in_a_delve_past_cards_the_others_traded_in_face_down():
    """The cautious bot weighs the next card by the dungeon's cards, which then hold cards the person never saw."""
    from zaarlab.zogars_gaze.bots import BOTS
    from zaarlab.zogars_gaze.referee import ZogarReferee, traded_in_by_others
    from zaarlab.zogars_gaze.state import Phase, ZogarGame

    for seed in range(40):
        match = Match(ZogarGame(players=2), ["person", "person"], seed=seed, bots=BOTS, hooks=ZogarReferee())
        while not match.state.is_terminal():
            match.skip()
            state = match.state
            if state.phase == Phase.DELVE and traded_in_by_others(state):
                with pytest.raises(IllegalActionError, match="no hint while the dungeon holds cards the others"):
                    match.hint()
                assert match.hints_used(state.current_player()) == 0 and match.state is state
                return
            match.play(BOTS["bold"](state, random.Random(seed)))
    raise AssertionError("no delve past cards another traded in, in 40 games")


def test_the_hints_asked_are_kept_in_a_saved_game():
    table = table_of("zerzura")
    table.give_hint()
    table.play(table.state.legal_actions()[0])
    table.skip()
    table.give_hint()
    other = table_of("zerzura")
    other.load(table.save())
    assert other.match.hinted == table.match.hinted and other.match.hints_used(0) == 2
