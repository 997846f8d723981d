"""The Zaar mansion builder dashboard in a real browser: *place* works at once (a fitting cell is chosen), and
the room and cell menus, the turn slider, *draw a card*, the placer, *undo* and the mission odds each do what the
same widget does headless."""

import re

import pytest

from tests.browser.conftest import assert_no_python_error, open_dashboard, press, widget_with
from zaarlab.zaar.widgets import MansionBuilder

pytestmark = pytest.mark.browser


def test_mansion_builder_dashboard(voila_classroom, page):
    from playwright.sync_api import expect

    twin = MansionBuilder(seed=1)  # the dashboard's widget, headless: the same rooms, cells and draws
    status = open_dashboard(page, voila_classroom, "zaar_mansion_builder.ipynb", "room(s) in the mansion")
    odds = widget_with(page, "next card:")
    expect(status).to_contain_text("1 room(s) in the mansion", timeout=30_000)

    def same_as_twin():
        for line in twin.text.splitlines():
            expect(status).to_contain_text(line, timeout=30_000)

    buttons = {name: page.locator(".widget-button", has_text=name).first for name in ("draw a card", "place", "undo")}
    buttons["place"].click()  # before: nothing happened until a cell was picked
    twin.place()
    same_as_twin()
    assert twin.text.startswith("player 1 placed")
    expect(page.locator(".js-plotly-plot")).to_have_count(2, timeout=30_000)

    selects = page.locator(".widget-dropdown select")  # room, cell, placer
    buttons["draw a card"].click()
    twin.draw()
    expect(selects.nth(0).locator("option:checked")).to_have_text(twin.room.label, timeout=30_000)
    press(page, page.locator(".widget-slider .noUi-handle").first, "ArrowRight")  # turn it
    twin.rotation.value = (twin.rotation.value + 1) % 6
    expect(page.locator(".widget-slider .widget-readout").first).to_have_text(str(twin.rotation.value))
    room = next(label for label, r in twin.room.options if twin.mansion.legal_placements(r))
    selects.nth(0).select_option(label=room)
    twin.room.value = dict(twin.room.options)[room]
    fitting = next(label for label, cell in twin.cell.options if "✓" in label)
    selects.nth(1).select_option(label=fitting)
    twin.cell.value = dict(twin.cell.options)[fitting]
    selects.nth(2).select_option(label="player 3")
    twin.player.value = 2
    buttons["place"].click()
    twin.place()
    same_as_twin()
    assert twin.text.startswith("player 3 placed")
    buttons["undo"].click()
    twin.undo()
    same_as_twin()

    expect(odds).not_to_contain_text("bloody corridor")
    page.get_by_label("mission odds").check()
    twin.mission_odds.value = True
    for line in re.sub(r"<[^>]+>", "", twin.odds.value).splitlines():
        expect(odds).to_contain_text(line.strip(), timeout=30_000)
    assert_no_python_error(page)
