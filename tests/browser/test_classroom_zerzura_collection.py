"""The Zerzura collection builder dashboard in a real browser: a slider and a Guard change the score shown."""

import pytest

pytestmark = pytest.mark.browser


def test_collection_builder_dashboard(voila_classroom, page):
    from playwright.sync_api import expect

    page.goto(f"{voila_classroom}/voila/render/zerzura_collection.ipynb", wait_until="domcontentloaded")
    report = page.locator(".widget-html", has_text="total:").first
    report.wait_for(state="visible", timeout=90_000)
    expect(report).to_contain_text("total: 0", timeout=30_000)
    lamp = page.locator(".widget-slider .noUi-handle").nth(4)  # turban, zither, peppers, ring, lamp
    lamp.focus()
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    expect(report).to_contain_text("lamp: 5 -> 1 VP", timeout=30_000)
    page.locator(".widget-toggle-button", has_text="Guard (Q+1)").click()
    expect(report).to_contain_text("total: 9", timeout=30_000)
    expect(page.locator(".js-plotly-plot")).to_have_count(2, timeout=30_000)
