"""Zerzura's bots, widgets and command line."""

import json
import random

from tests.zerzura.scenario import table
from zaarlab.cli import main
from zaarlab.core.play import loads, play, random_bot
from zaarlab.zerzura.bots import gain, greedy_bot, planner_bot
from zaarlab.zerzura.state import Exchange, Store, Take, ZerzuraGame
from zaarlab.zerzura.widgets import CollectionBuilder, GameViewer, tournament_runner


def test_the_greedy_bot_takes_the_best_gain_and_the_planner_denies():
    rng = random.Random(0)
    state = table(market=("lamp_1", "ring_1", "peppers_1"), areas=(("lamp_3", "lamp_2"), (), ()))
    assert greedy_bot(state, rng) == Take("lamp_1") and gain(state, 0, Take("lamp_1")) == 8
    coveted = table(market=("lamp_1", "turban_1"), areas=(("lamp_2",), ("lamp_3", "lamp_2"), ()))
    assert greedy_bot(coveted, rng) == Take("turban_1")  # a third lamp is worth nothing to player 1...
    assert planner_bot(coveted, rng) == Take("lamp_1")  # ...but a sixth would give player 2 eight points
    stuck = table(market=(), areas=(("peppers_1",), ("peppers_2",), ()))
    assert isinstance(greedy_bot(stuck, rng), Exchange | Store)


def test_the_bots_beat_random_play():
    wins = [0, 0]
    for seed in range(20):
        final = play(ZerzuraGame(players=2), [planner_bot, random_bot], seed=seed).final
        wins = [w + r for w, r in zip(wins, final.returns(), strict=True)]
    assert wins[0] >= 18


def test_the_collection_builder_follows_the_sliders():
    builder = CollectionBuilder()
    builder.quantity["peppers"].value = 4
    assert builder.sheet.line("peppers").vp == 0 and builder.goods_cards.value == 2  # at least 2 cards for 4
    builder.quantity["ring"].value = 7
    assert "7 rings" in builder.tiles.value
    builder.character["guard_minus_1"].value = True
    assert "guard_minus_1" in builder.text or "Q-1" in builder.text
    last = builder.sheet_view.value.split("<tr")[-1]  # the sheet's last row: the total
    assert '<th scope="row">total</th>' in last and f">{builder.sheet.total}</td>" in last
    assert builder.charts.outputs


def test_the_viewer_and_the_tournament():
    viewer = GameViewer(ZerzuraGame(players=2), seed=3, seat=1)
    viewer.session.run_until(lambda s: viewer.session.waiting_for_person())
    viewer.refresh()
    assert viewer.session.waiting_for_person() and viewer.choice.options
    viewer.choice.value = viewer.choice.options[-1][1]
    viewer.play_chosen()
    assert "Market:" in viewer.text and viewer.figure.layout.title.text == str(viewer.session.state)
    runner = tournament_runner(seats=("planner", "random"), games=4)
    runner.run()
    assert runner.result.wins[0] >= 3 and runner.progress.value == 4


def test_score_and_play_from_the_command_line(tmp_path, capsys):
    sheet = tmp_path / "cards.json"
    sheet.write_text(json.dumps({"cards": ["lamp_2", "lamp_3", "guard_plus_1"], "tiles": ["ring_7"]}))
    assert main(["score", "zerzura", str(sheet), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == 12 and data["objects"]["lamp"] == {"quantity": 5, "counted": 6, "vp": 9}
    sheet.write_text(json.dumps({"cards": ["lamp_9"]}))
    assert main(["score", "zerzura", str(sheet)]) == 2
    assert "unknown card" in capsys.readouterr().err
    save = tmp_path / "game.json"
    assert main(["play", "zerzura", "--players", "3", "--seed", "2", "--save", str(save)]) == 0
    assert "ZERZURA-END-04" in capsys.readouterr().out and loads(save.read_text()).final.game.players == 3
