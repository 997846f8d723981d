"""Zaar's greedy bot reads the battle odds; the game viewer follows a game; the command line plays one."""

import json
import random
from dataclasses import replace

from tests.helpers import run
from tests.zaar.engine import at, begin, with_rooms
from zaarlab.cli import main
from zaarlab.core.hexgrid import ORIGIN, Hex
from zaarlab.core.play import dumps, loads, play
from zaarlab.zaar.bots import NERVE, greedy_bot, random_bot
from zaarlab.zaar.odds import astrolabe_battle_dist
from zaarlab.zaar.state import ChoosePlaque, ChoosePlayer, ChooseRoom, DrawCard, EndTurn, Fight, Move, ZaarGame
from zaarlab.zaar.widgets import GameViewer


def test_the_bot_fights_when_the_odds_are_good_enough():
    state = with_rooms(begin(), ("sacred_room_5", (1, 0)), level=2)
    trapped = run(at(state, 0, (1, 0)), Move(ORIGIN), ("A", 1, 1, 1))
    rng = random.Random(0)
    odds = float(astrolabe_battle_dist("A", "bloody", 3).p(lambda o: o in ("win", "extra_win")))
    assert greedy_bot(trapped, rng) == (Fight() if odds >= NERVE else EndTurn())
    poor = replace(trapped, wisdom=(0, 3))  # no throws: only revoked results win
    assert float(astrolabe_battle_dist("A", "bloody", 0).p(lambda o: o in ("win", "extra_win"))) < NERVE
    assert greedy_bot(poor, rng) == EndTurn()
    assert greedy_bot(state, rng) == DrawCard()


def test_the_bot_heads_for_the_demon_then_for_safety():
    state = with_rooms(begin(), ("sacred_room_5", (1, 0)), ("humid_room_2", (-1, 0)), level=3,
                       demon_room=(Hex(-1, 0),), revoked=((ORIGIN, "A"),), table_coins=(((0, 0), "life"),))
    state = replace(at(state, 0, (1, 0)), bag=(state.bag[0] - 1, state.bag[1]))
    assert greedy_bot(state, random.Random(0)) == Move(ORIGIN)
    ruin = replace(at(state, 0, (-1, 0)), level=4, table_coins=(), bag=state.bag, moves_left=1)
    assert greedy_bot(ruin, random.Random(0)) == Move(ORIGIN)


def test_bots_finish_games_and_the_viewer_follows():
    final = play(ZaarGame(players=3), [greedy_bot] * 3, seed=4).final
    assert final.is_terminal() and final.level == 4 and final.winner
    viewer = GameViewer(ZaarGame(players=2), seed=3, seat=1)
    viewer.session.run_until(lambda s: viewer.session.waiting_for_person())
    viewer.refresh()
    assert viewer.choice.options and "plaques left" in viewer.text
    viewer.choice.value = viewer.choice.options[0][1]
    viewer.play_chosen()
    assert viewer.figure is None or viewer.figure.layout.title.text == str(viewer.session.state)


def test_play_zaar_from_the_command_line(tmp_path, capsys):
    save = tmp_path / "zaar.json"
    assert main(["play", "zaar", "--players", "2", "--seed", "5", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "ZAAR-SETUP-02" in out and loads(save.read_text()).final.game.players == 2



def as_written_before(action, encoded):
    """An action as saves before 2026-12-06 wrote it: a room, plaque or player chosen as text in ``Choose``."""
    if isinstance(action, ChooseRoom):
        return {"__type__": "Choose", "what": f"[{action.cell.q}, {action.cell.r}]"}
    if isinstance(action, ChoosePlaque):
        return {"__type__": "Choose", "what": f"[{action.cell.q}, {action.cell.r}] {action.letter}"}
    if isinstance(action, ChoosePlayer):
        return {"__type__": "Choose", "what": f"player {action.player + 1}"}
    return encoded


def test_a_save_that_wrote_a_choice_as_text_loads_as_the_choice_it_meant():
    for seed, kind in ((3, ChoosePlayer), (9, ChoosePlaque), (16, ChooseRoom)):
        played = play(ZaarGame(players=3, turn_limit=60), [random_bot] * 3, seed=seed)
        assert any(isinstance(action, kind) for action in played.history), seed
        saved = json.loads(dumps(played))
        old = [as_written_before(*pair) for pair in zip(played.history, saved["history"], strict=True)]
        loaded = loads(json.dumps({**saved, "history": old}))
        assert loaded.history == played.history and loaded.final == played.final
