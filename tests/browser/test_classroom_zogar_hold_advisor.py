"""The Zogar's Gaze hold advisor dashboard in a real browser: holding a die changes the exact chance shown."""

import pytest

from zaarlab.zogars_gaze.odds import hold_advice

pytestmark = pytest.mark.browser


def test_hold_advisor_dashboard(voila_classroom, page):
    from playwright.sync_api import expect

    page.goto(f"{voila_classroom}/voila/render/zogar_hold_advisor.ipynb", wait_until="domcontentloaded")
    report = page.locator(".widget-html", has_text="best: keep").first
    report.wait_for(state="visible", timeout=90_000)
    advice = hold_advice("3x5", (1, 1, 2, 5, 6), 2)
    expect(report).to_contain_text(f"best: keep [5] -> P(win) = {advice.ranking[0][1]}", timeout=30_000)
    expect(report).to_contain_text(f"your hold [] -> {advice.p(())}", timeout=30_000)
    page.locator(".widget-toggle-button", has_text="hold").nth(3).click()  # hold the 5
    expect(report).to_contain_text(f"your hold [5] -> {advice.p((5,))}", timeout=30_000)
    expect(page.locator(".js-plotly-plot")).to_have_count(1, timeout=30_000)
