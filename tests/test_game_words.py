"""The tables speak the games' words: a count agrees with its noun ("1 card", "3 coins", never "card(s)"), the game's
end says why (nobody escaped Zaar's mansion is not a turn limit), a Zargos player choosing again is asked for their
second people, and the Zaar map's mark of where a room fits shares no colour with a room's power."""

from __future__ import annotations

import random

import pytest

from zaarlab.core.api import GAMES
from zaarlab.core.catalogue import import_game_packages
from zaarlab.core.play import play, random_bot

PLAYED = {"zaar": {"players": 3, "turn_limit": 60}, "zargos": {"players": 3, "turn_limit": 4},
          "zerzura": {"players": 3}, "zogars_gaze": {"players": 3, "turn_limit": 40}}


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_every_line_of_the_story_counts_in_words_that_agree(game):
    import_game_packages()
    kind, told = GAMES[game](**PLAYED[game]), 0
    for seed in range(3):
        final = play(kind, [random_bot] * kind.num_players, seed=seed, max_steps=3_000).states()[-1]
        lines = final.story.lines(final)
        assert not [line for line in lines if "(s)" in line], game
        told += len(lines)
    assert told > 50


def test_zaar_says_why_nobody_won():
    """A game the turn limit stopped, and one where the last pawn inside was buried (the engine's own end: nobody
    escaped, ZAAR-END-01), each said as it happened."""
    from dataclasses import replace

    from zaarlab.zaar.bots import BOTS
    from zaarlab.zaar.encounter import settle
    from zaarlab.zaar.referee import ZaarReferee

    states = play(GAMES["zaar"](players=2), [BOTS["greedy"]] * 2, seed=1, max_steps=20_000).states()
    assert states[-1].log[-1].kind == "turn_limit" and not states[-1].winner
    assert ZaarReferee().ending(states[-1]) == "the game stopped at its turn limit: nobody wins"
    inside = next(s for s in states if s.status == ("in", "in") and s.level >= 2 and not s.is_terminal())
    over = settle(replace(inside, status=("buried", "buried")))
    assert over.is_terminal() and over.winner == () and over.log[-1].kind == "game_over"
    assert ZaarReferee().ending(over) == "nobody escaped the mansion alive (player 1 buried, player 2 buried): " \
                                        "nobody wins"


def test_a_zargos_player_choosing_again_is_asked_for_their_second_people():
    from zaarlab.zargos.table import ZargosTable

    table = ZargosTable(seats=("person", "greedy"), seed=3, pace=0, quick_start=False)
    assert "choose your people" in table.heading_text
    table.play(table.state.legal_actions()[0])
    table.skip()
    assert "choose your second people" in table.heading_text
    assert table.board.zones[0]["title"] == "Choose your second people"


def test_where_a_room_fits_is_marked_in_a_colour_no_room_has():
    from zaarlab.zaar.board import Mansion
    from zaarlab.zaar.figures import COLOURS, free_cells, mansion_figure

    start = Mansion.start("bloody_chamber")
    free = free_cells(start)
    figure = mansion_figure(start, free=free, fitting=[next(iter(free))])
    fits = next(trace for trace in figure.data if trace.name == "the room fits here")
    assert fits.marker.color not in set(COLOURS.values())


def test_a_blank_raml_die_is_explained_where_the_throw_shows_one():
    from zaarlab.zaar.table import ZaarTable

    table = ZaarTable(seats=("person", "greedy"), seed=3, pace=0)
    rng = random.Random(3)
    while not table.state.is_terminal():
        throw = table._last_throw()
        titles = [zone["title"] for zone in table.board.zones if zone["title"].startswith("The raml's last throw")]
        if throw is not None and 0 in throw[1:] and table.to_move() is not None:
            assert titles == ["The raml's last throw (a blank number die shows 0)"]
            return
        table.play(table.bots["greedy"](table.state, rng)) if table.to_move() is not None else table.skip()
    raise AssertionError("no throw with a blank die in the game")


def test_pawns_in_one_room_stand_side_by_side_each_in_a_shape_of_its_own():
    from zaarlab.core.hexgrid import to_pixel
    from zaarlab.zaar.board import Mansion
    from zaarlab.zaar.figures import COLOURS, mansion_figure

    start = Mansion.start("bloody_chamber")
    room = next(iter(start.layout))
    figure = mansion_figure(start, pawns={f"player {p}": room for p in range(1, 5)})
    drawn = [trace for trace in figure.data if trace.name.startswith("player ")]
    xs = [trace.x[0] for trace in drawn]
    assert len(set(xs)) == 4 and max(xs) - min(xs) < 3 ** 0.5  # apart, and all inside the room's width
    assert abs(sum(xs) / 4 - to_pixel(room)[0]) < 1e-9  # around the room's centre
    assert len({trace.marker.symbol for trace in drawn}) == 4
    assert not {trace.marker.color for trace in drawn} & set(COLOURS.values())
