"""The press-your-luck bots: they read the exact odds, beat random play, and the bold one out-delves the cautious."""

import random
from dataclasses import replace

from tests.helpers import run
from tests.zogars_gaze.scenario import delving, give
from zaarlab.cli import main
from zaarlab.core.play import loads, play, random_bot
from zaarlab.zogars_gaze.bots import PressYourLuck, bold_bot, cautious_bot
from zaarlab.zogars_gaze.deck import p_survive
from zaarlab.zogars_gaze.odds import hold_advice
from zaarlab.zogars_gaze.state import Flip, Hold, Leave, PassThieves, UseItem, ZogarGame


def wins(bots, games=30):
    results = [play(ZogarGame(players=len(bots)), bots, seed=seed).final.winner for seed in range(games)]
    return [results.count(p) for p in range(len(bots))]


def test_the_bots_beat_random_play():
    for bot in (cautious_bot, bold_bot):
        mine, theirs = wins([bot, random_bot])
        assert mine >= 3 * max(theirs, 1), (bot, mine, theirs)


def test_the_bots_leave_by_the_exact_odds():
    rng = random.Random(0)
    state = delving(found=("treasure_1",))
    sixth = give(state, 0, "gaze_1", "gaze_1", "gaze_1", "gaze_2", "gaze_2", "gaze_2", where="gazes")
    assert p_survive(sixth) < 0.84 < p_survive(state)  # the seventh Gaze counts as a death
    nervous = PressYourLuck(nerve=0.84, greed=9)
    assert nervous(state, rng) == Flip() and nervous(sixth, rng) == Leave()
    assert cautious_bot(state, rng) == Flip() == bold_bot(state, rng)
    greedy_enough = give(state, 0, "treasure_2", where="found")
    assert cautious_bot(greedy_enough, rng) == Leave() and bold_bot(greedy_enough, rng) == Flip()
    peeker = give(sixth, 0, "scrying_map", where="carried")
    assert nervous(peeker, rng) == UseItem("scrying_map")  # bad odds: look first


def test_the_bots_hold_what_the_advisor_ranks_best_and_pass_thieves():
    rng = random.Random(0)
    state = run(delving(carried=("thieves_signet",)), Flip(), "monster_l3_08", (1, 1, 2, 5, 6))
    assert bold_bot(state, rng) == Hold(hold_advice("3x5", (1, 1, 2, 5, 6), rolls_left=2).best)
    assert bold_bot(run(delving(carried=("thieves_signet",)), Flip(), "thieves_1"), rng) == PassThieves()
    market = replace(give(delving(), 0, "treasure_3", "treasure_2"), phase="market", flipped=0)
    assert cautious_bot(market, rng).card == "treasure_2"  # the cheapest spare card first


def test_play_from_the_command_line_and_load_the_save(tmp_path, capsys):
    save = tmp_path / "game.json"
    assert main(["play", "zogars_gaze", "--params", '{"players": 2}', "--seed", "3", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "ZOGAR-SETUP-03" in out and "returns:" in out
    game = loads(save.read_text())
    assert game.final.is_terminal() and game.final.story.lines(game.final)[-1] in out
