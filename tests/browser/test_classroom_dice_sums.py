"""The dice-sums dashboard in a real browser: both sliders, from the keyboard, change the exact answer and the
chart; after the number of dice changes, the threshold is the middle of the new range (never a stale value)."""

import pytest

from tests.browser.conftest import assert_no_python_error, open_dashboard, press
from zaarlab.core.readable import exact_text
from zaarlab.intro.odds import p_sum_at_least

pytestmark = pytest.mark.browser


def test_dice_sums_dashboard(voila_classroom, page, tmp_path):
    from playwright.sync_api import expect

    answer = open_dashboard(page, voila_classroom, "dice_sums.ipynb", "P(sum of")
    expect(answer).to_have_text(f"P(sum of 3d6 ≥ 11) = {exact_text(p_sum_at_least(3, 6, 11))}", timeout=30_000)
    bars = page.locator(".js-plotly-plot .bars .point")
    expect(bars).to_have_count(16, timeout=30_000)  # totals 3..18
    handles = page.locator(".widget-slider .noUi-handle")
    dice, at_least = handles.nth(0), handles.nth(1)

    press(page, dice, "ArrowRight")  # 4 dice: the threshold moves to the middle, 14
    expect(answer).to_have_text(f"P(sum of 4d6 ≥ 14) = {exact_text(p_sum_at_least(4, 6, 14))}", timeout=30_000)
    expect(bars).to_have_count(21, timeout=30_000)  # totals 4..24: the chart was redrawn
    press(page, dice, "ArrowRight", 5)  # 9 dice, one step at a time: the threshold lands in the middle, 32
    expect(answer).to_have_text(f"P(sum of 9d6 ≥ 32) = {exact_text(p_sum_at_least(9, 6, 32))}", timeout=30_000)
    expect(page.locator(".widget-slider .widget-readout").nth(1)).to_have_text("32", timeout=30_000)

    press(page, at_least, "ArrowLeft", 3)
    expect(answer).to_have_text(f"P(sum of 9d6 ≥ 29) = {exact_text(p_sum_at_least(9, 6, 29))}", timeout=30_000)
    press(page, at_least, "ArrowRight", 5)
    expect(answer).to_have_text(f"P(sum of 9d6 ≥ 34) = {exact_text(p_sum_at_least(9, 6, 34))}", timeout=30_000)
    assert_no_python_error(page)
    page.screenshot(path=str(tmp_path / "dice_sums.png"), full_page=True)
