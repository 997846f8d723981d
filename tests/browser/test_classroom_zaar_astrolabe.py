"""The Zaar astrolabe dashboard in a real browser: reading the astrolabe turns the plates and shows the exact odds."""

import pytest

from zaarlab.zaar.widgets import AstrolabeBattle

pytestmark = pytest.mark.browser


def test_astrolabe_dashboard_reads_and_shows_the_odds(voila_classroom, page):
    from playwright.sync_api import expect

    twin = AstrolabeBattle()  # the dashboard's widget, headless
    twin.read()
    page.goto(f"{voila_classroom}/voila/render/zaar_astrolabe.ipynb", wait_until="domcontentloaded")
    report = page.locator(".widget-html", has_text="plates:").first
    report.wait_for(state="visible", timeout=90_000)
    expect(report).to_contain_text("(read the astrolabe)", timeout=30_000)
    page.locator(".widget-button", has_text="read the astrolabe").click()
    expect(report).to_contain_text(twin.text.splitlines()[0], timeout=30_000)
    expect(report).to_contain_text(twin.text.splitlines()[1], timeout=30_000)
    expect(page.locator(".js-plotly-plot")).to_have_count(len(twin.figures), timeout=30_000)
