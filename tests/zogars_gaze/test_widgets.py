"""The hold advisor headless: set dice and holds, roll, and read the exact chances it reports."""

import pytest

from zaarlab.core.readable import exact_text
from zaarlab.ui.panel import PLOTLY_MIME
from zaarlab.zogars_gaze.odds import hold_advice, p_win
from zaarlab.zogars_gaze.widgets import DeckExplorer, HoldAdvisor, tournament_runner


def test_the_advisor_follows_dice_holds_and_requirement():
    advisor = HoldAdvisor("3x5", dice=(2, 2, 2, 4, 5), rolls_left=2)  # Bob's first roll (EX-G03)
    best = hold_advice("3x5", (2, 2, 2, 4, 5), 2).ranking[0][1]
    assert advisor.text.startswith(f"Best: keep 2, 2 and 2, a chance to win of {exact_text(best)}")
    advisor.tray.held = [True, True, True, False, False]
    assert advisor.text.splitlines()[1] == "Your hold: keep 2, 2 and 2, 4051/7776 ≈ 52.10%"
    assert "<td>keep 2, 2 and 2</td><td>4051/7776 ≈ 52.10%</td>" in advisor.report.value  # every hold, ranked
    advisor.requirement.value = "straight:1-4"
    assert advisor.figure.data[0].customdata[-1] == exact_text(p_win("straight:1-4"))
    shown = advisor.chart.outputs[0]["data"][PLOTLY_MIME]
    assert shown["layout"]["title"]["text"] == "The chance to beat a straight from 1 to 4"
    assert [label for label, _ in advisor.requirement.options][:4] == [
        "three 5s", "two 3s", "four 6s", "a straight from 1 to 4"]


def test_rolling_rerolls_only_the_free_dice_and_uses_a_roll():
    advisor = HoldAdvisor("3x5", dice=(5, 5, 1, 2, 3), rolls_left=2, seed=7)
    advisor.tray.held = [True, True, False, False, False]
    advisor.roll_unheld()
    assert advisor.faces()[:2] == (5, 5) and advisor.rolls_left.value == 1
    assert advisor.tray.faces == list(advisor.faces()) and advisor.tray.held[:2] == [True, True]


@pytest.mark.parametrize("setup, why", [
    (dict(dice=(5, 5, 5, 1, 2)), "The enemy is dead: there is nothing to roll."),  # it once rerolled the winners
    (dict(dice=(5, 5, 1, 2, 3), rolls_left=0), "No roll left"),  # it once did nothing and said nothing
    (dict(dice=(5, 5, 1, 2, 3), hold_all=True), "You hold all five dice"),  # it once used up a roll for nothing
])
def test_roll_the_others_is_disabled_with_a_reason_when_it_cannot_act(setup, why):
    hold_all = setup.pop("hold_all", False)
    advisor = HoldAdvisor("3x5", seed=3, **setup)
    if hold_all:
        advisor.tray.held = [True] * 5
    before = (advisor.faces(), advisor.rolls_left.value)
    assert advisor.roll.disabled and why in advisor.why.value
    advisor.roll_unheld()  # a click that reaches the kernel all the same (a stale or tampered page)
    assert (advisor.faces(), advisor.rolls_left.value) == before and why in advisor.why.value


def test_a_won_combat_says_so():
    advisor = HoldAdvisor("3x5", dice=(5, 5, 5, 1, 2))
    assert advisor.text == "Your dice 1, 2, 5, 5 and 5 beat three 5s: the enemy is dead."


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
    assert survival.data[1].customdata[0] != "0 (0%)"  # with six out, the seventh Gaze can come at once


def test_the_tournament_runner_counts_every_game():
    runner = tournament_runner(seats=("bold", "random"), games=6)
    runner.games.value = 8
    runner.run()
    assert runner.progress.value == runner.progress.max == 8 and runner.result.games == 8
    endings = [n for _, n in runner.result.endings]
    assert list(runner.figure.data[0].text) == [str(n) for n in (*runner.result.wins, *endings)]
    assert sum(runner.result.wins) + sum(endings) == 8
