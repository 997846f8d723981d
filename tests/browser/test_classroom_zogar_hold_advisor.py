"""The Zogar's Gaze hold advisor dashboard in a real browser: the requirement, each die, each hold toggle, the
rolls-left slider and *roll the others* each change the report to what the same widget computes headless."""

import pytest

from tests.browser.conftest import assert_no_python_error, open_dashboard, press
from zaarlab.zogars_gaze.odds import hold_advice
from zaarlab.zogars_gaze.widgets import HoldAdvisor

pytestmark = pytest.mark.browser


def test_hold_advisor_dashboard(voila_classroom, page):
    from playwright.sync_api import expect

    twin = HoldAdvisor()  # the dashboard's widget, headless: what each control should lead to
    report = open_dashboard(page, voila_classroom, "zogar_hold_advisor.ipynb", "best: keep")
    advice = hold_advice("3x5", (1, 1, 2, 5, 6), 2)
    expect(report).to_contain_text(f"best: keep [5] -> P(win) = {advice.ranking[0][1]}", timeout=30_000)

    def same_as_twin():
        for line in twin.text.splitlines()[:3]:
            expect(report).to_contain_text(line, timeout=30_000)

    holds = page.locator(".widget-toggle-button", has_text="hold")
    for i in range(5):  # every hold toggle, on and off
        holds.nth(i).click()
        twin.held[i].value = True
        same_as_twin()
    for i in (0, 1, 2):
        holds.nth(i).click()
        twin.held[i].value = False
        same_as_twin()
    selects = page.locator(".widget-dropdown select")
    for i, face in enumerate((3, 4, 5, 5, 2)):  # every die
        selects.nth(1 + i).select_option(str(face))
        twin.dice[i].value = face
        same_as_twin()
    selects.nth(0).select_option("4x6")  # the requirement
    twin.requirement.value = "4x6"
    same_as_twin()
    press(page, page.locator(".widget-slider .noUi-handle").first, "ArrowLeft")  # one roll left
    twin.rolls_left.value = 1
    same_as_twin()
    page.locator(".widget-button", has_text="roll the others").click()  # seeded like the twin's roll
    twin.roll_unheld()
    same_as_twin()
    expect(page.locator(".widget-slider .widget-readout").first).to_have_text("0", timeout=30_000)
    expect(page.locator(".js-plotly-plot")).to_have_count(1, timeout=30_000)
    assert_no_python_error(page)
