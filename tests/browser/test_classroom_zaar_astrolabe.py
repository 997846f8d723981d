"""The Zaar astrolabe dashboard in a real browser: the plaque and room menus, *read the astrolabe*, the wisdom
slider, the Warrior and Wise toggles and *throw the raml* each change the report to what the same widget computes
headless (its throws seeded alike)."""

import pytest

from tests.browser.conftest import assert_no_python_error, open_dashboard, press
from zaarlab.zaar.widgets import AstrolabeBattle

pytestmark = pytest.mark.browser


def test_astrolabe_dashboard(voila_classroom, page):
    from playwright.sync_api import expect

    twin = AstrolabeBattle()  # the dashboard's widget, headless
    report = open_dashboard(page, voila_classroom, "zaar_astrolabe.ipynb", "plates:")
    expect(report).to_contain_text("(read the astrolabe)", timeout=30_000)

    def same_as_twin():
        for line in twin.text.splitlines():
            expect(report).to_contain_text(line, timeout=30_000)

    selects = page.locator(".widget-dropdown select")
    selects.nth(0).select_option("B")
    twin.letter.value = "B"
    selects.nth(1).select_option("humid")
    twin.category.value = "humid"
    page.locator(".widget-button", has_text="read the astrolabe").click()
    twin.read()
    same_as_twin()
    expect(page.locator(".js-plotly-plot")).to_have_count(len(twin.figures), timeout=30_000)
    press(page, page.locator(".widget-slider .noUi-handle").first, "ArrowRight", 2)  # wisdom 5
    twin.wisdom.value = 5
    same_as_twin()
    page.get_by_label("Warrior (backsides)").check()
    twin.warrior.value = True
    same_as_twin()
    page.get_by_label("Wise (wins are extra)").check()
    twin.wise.value = True
    same_as_twin()
    for _ in range(3):
        page.locator(".widget-button", has_text="throw the raml").click()
        twin.throw()
        same_as_twin()
    assert_no_python_error(page)
