"""The dice-sums dashboard in a real browser: it loads, the slider moves, the exact fraction changes."""

import pytest

from zaarlab.intro.odds import p_sum_at_least

pytestmark = pytest.mark.browser


def test_dice_sums_dashboard(voila_classroom, page, tmp_path):
    from playwright.sync_api import expect

    page.goto(f"{voila_classroom}/voila/render/dice_sums.ipynb", wait_until="domcontentloaded")
    handle = page.locator(".widget-slider .noUi-handle").first
    handle.wait_for(state="visible", timeout=90_000)
    answer = page.locator(".widget-label", has_text="P(sum of").first
    expect(answer).to_have_text(f"P(sum of 3d6 ≥ 11) = {p_sum_at_least(3, 6, 11)} ≈ 50.00%", timeout=30_000)
    bars = page.locator(".js-plotly-plot .bars .point")
    expect(bars).to_have_count(16, timeout=30_000)  # totals 3..18

    handle.focus()
    page.keyboard.press("ArrowRight")  # 4 dice: the threshold moves to the middle, 14
    expected = p_sum_at_least(4, 6, 14)
    expect(answer).to_contain_text(f"P(sum of 4d6 ≥ 14) = {expected}", timeout=30_000)
    expect(bars).to_have_count(21, timeout=30_000)  # totals 4..24: the chart was redrawn
    page.screenshot(path=str(tmp_path / "dice_sums.png"), full_page=True)
