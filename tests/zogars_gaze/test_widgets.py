"""The hold advisor headless: set dice and holds, roll, and read the exact chances it reports."""

from zaarlab.ui import PLOTLY_MIME
from zaarlab.zogars_gaze.odds import hold_advice, p_win
from zaarlab.zogars_gaze.state import ZogarGame
from zaarlab.zogars_gaze.widgets import DeckExplorer, GameViewer, HoldAdvisor, tournament_runner


def test_the_advisor_follows_dice_holds_and_requirement():
    advisor = HoldAdvisor("3x5", dice=(2, 2, 2, 4, 5), rolls_left=2)  # Bob's first roll (EX-G03)
    best = hold_advice("3x5", (2, 2, 2, 4, 5), 2).ranking[0][1]
    assert advisor.text.startswith(f"best: keep [2, 2, 2] -> P(win) = {best}")
    for i in range(3):
        advisor.held[i].value = True
    assert advisor.text.splitlines()[1].startswith("your hold [2, 2, 2] -> 4051/7776")
    advisor.requirement.value = "straight:1-4"
    assert advisor.figure.data[0].customdata[-1] == str(p_win("straight:1-4"))
    shown = advisor.chart.outputs[0]["data"][PLOTLY_MIME]
    assert shown["layout"]["title"]["text"] == "P(beat straight:1-4)"


def test_rolling_rerolls_only_the_free_dice_and_uses_a_roll():
    advisor = HoldAdvisor("3x5", dice=(5, 5, 1, 2, 3), rolls_left=2, seed=7)
    advisor.held[0].value = advisor.held[1].value = True
    advisor.roll_unheld()
    assert [d.value for d in advisor.dice[:2]] == [5, 5] and advisor.rolls_left.value == 1
    advisor.rolls_left.value = 0
    advisor.roll_unheld()  # no roll left: nothing happens
    assert advisor.rolls_left.value == 0
    assert advisor.text.startswith("No roll left") or advisor.text.endswith("the enemy is dead.")


def test_a_won_combat_says_so():
    advisor = HoldAdvisor("3x5", dice=(5, 5, 5, 1, 2))
    assert advisor.text == "[1, 2, 5, 5, 5] beats 3x5: the enemy is dead."


def test_the_deck_explorer_follows_a_delve_to_its_end():
    explorer = DeckExplorer(seed=5)
    first = explorer.figures[0]
    assert [t.type for t in first.data] == ["bar"] and abs(sum(first.data[0].y) - 1) < 1e-12
    assert explorer.charts.outputs and "P(alive after the next card)" in explorer.report.value
    for _ in range(60):
        explorer.flip()
    assert "This delve is over" in explorer.text and explorer.figures == ()
    explorer.new_delve()
    assert explorer.delves == 1 and explorer.session.history == [] and explorer.figures
    explorer.gazes.value = 6
    survival = explorer.figures[1]
    assert survival.data[1].customdata[0] != "0"  # with six out, the seventh Gaze can come at once


def test_the_tournament_runner_counts_every_game():
    runner = tournament_runner(seats=("bold", "random"), games=6)
    runner.games.value = 8
    runner.run()
    assert runner.progress.value == runner.progress.max == 8 and runner.result.games == 8
    endings = [n for _, n in runner.result.endings]
    assert list(runner.figure.data[0].text) == [str(n) for n in (*runner.result.wins, *endings)]
    assert sum(runner.result.wins) + sum(endings) == 8


def test_the_game_viewer_lets_a_person_play_a_seat():
    viewer = GameViewer(ZogarGame(players=2), seed=2, seat=0)
    viewer.session.run_until(lambda s: viewer.session.waiting_for_person())
    viewer.refresh()
    assert viewer.session.waiting_for_person() and not viewer.buttons["play"].disabled
    chosen = viewer.choice.options[0][1]
    viewer.choice.value = chosen
    viewer.play_chosen()
    assert viewer.session.history[-1] == chosen
    assert viewer.figure.layout.title.text == str(viewer.session.state) and "market:" in viewer.text
