"""The hold advisor headless: set dice and holds, roll, and read the exact chances it reports."""

from zaarlab.ui import PLOTLY_MIME
from zaarlab.zogars_gaze.odds import hold_advice, p_win
from zaarlab.zogars_gaze.widgets import HoldAdvisor


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
