"""The first lesson's odds, figure and widget, headless: set values, read the exact answer and the chart."""

import pytest
import sympy

from zaarlab.core.dice import sum_dist
from zaarlab.intro.figures import HIGHLIGHT
from zaarlab.intro.odds import W, at_least_once, p_sum_at_least, tries_needed
from zaarlab.intro.widgets import DiceSumExplorer


def test_at_least_once_closed_form_matches_direct_enumeration():
    p = sympy.Rational(1, 6)
    for w in range(1, 7):
        # P(at least one six among w dice), counted from the distribution of w-dice pools
        direct = 1 - sympy.Rational(5**w, 6**w)
        assert at_least_once(p).subs(W, w) == direct
    assert at_least_once(p).subs(W, 4) == sympy.Rational(671, 1296)


def test_de_mere():
    assert tries_needed(sympy.Rational(1, 6), sympy.Rational(1, 2)) == 4
    assert tries_needed(sympy.Rational(1, 36), sympy.Rational(1, 2)) == 25
    assert at_least_once(sympy.Rational(1, 36)).subs(W, 24) < sympy.Rational(1, 2)
    assert tries_needed(1, sympy.Rational(9, 10)) == 1 and tries_needed(sympy.Rational(1, 2), 0) == 0
    with pytest.raises(ValueError):
        tries_needed(0, sympy.Rational(1, 2))


def test_p_sum_at_least_is_a_tail_of_the_sum():
    assert p_sum_at_least(2, 6, 7) == sum(sum_dist(2, 6).p(t) for t in range(7, 13))
    assert p_sum_at_least(4, 6, 4) == 1


def test_explorer_answers_exactly_and_redraws():
    explorer = DiceSumExplorer(dice=3)
    assert (explorer.at_least.min, explorer.at_least.max, explorer.at_least.value) == (3, 18, 11)
    assert explorer.answer.value == "P(sum of 3d6 ≥ 11) = 1/2 ≈ 50.00%"
    explorer.dice.value = 2
    assert (explorer.at_least.min, explorer.at_least.max, explorer.at_least.value) == (2, 12, 7)
    assert explorer.answer.value == "P(sum of 2d6 ≥ 7) = 7/12 ≈ 58.33%"
    explorer.at_least.value = 12
    assert explorer.answer.value.startswith("P(sum of 2d6 ≥ 12) = 1/36")
    bars = explorer.figure.data[0]
    assert list(bars.x) == list(range(2, 13)) and bars.customdata[5] == "1/6 ≈ 16.67%"
    assert [c for c in bars.marker.color].count(HIGHLIGHT) == 1 and list(bars.marker.pattern.shape).count("/") == 1
    [shown] = explorer.chart.outputs
    assert shown["output_type"] == "display_data" and "application/vnd.plotly.v1+json" in shown["data"]


def test_new_bounds_reach_the_browser_in_one_message_with_the_middle_value(monkeypatch):
    """A browser sent the new minimum alone clamps its handle there and sends it back: "4d6 ≥ 4 = 100%" instead of
    the middle of the range (seen in Chromium after the threshold was at its minimum)."""
    explorer = DiceSumExplorer(dice=3)
    explorer.at_least.value = 3
    sent = []
    monkeypatch.setattr(explorer.at_least, "send_state", lambda key=None: sent.append(set(key or ())))
    explorer.dice.value = 4
    assert len(sent) == 1 and set(sent[0]) == {"min", "max", "value"}
    assert explorer.at_least.value == 14 and explorer.answer.value.startswith("P(sum of 4d6 ≥ 14) = ")
