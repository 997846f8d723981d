"""The Zaar mansion builder dashboard in a real browser: choose a cell that fits, click *place*, the room is there."""

import pytest

from zaarlab.zaar.widgets import MansionBuilder

pytestmark = pytest.mark.browser


def test_mansion_builder_places_a_room_by_clicking(voila_classroom, page):
    from playwright.sync_api import expect

    twin = MansionBuilder(seed=1)  # the dashboard's widget, headless: the same first room and cells
    fitting = next(label for label, cell in twin.cell.options if "✓" in label)
    room = twin.room.label
    page.goto(f"{voila_classroom}/voila/render/zaar_mansion_builder.ipynb", wait_until="domcontentloaded")
    status = page.locator(".widget-html", has_text="room(s) in the mansion").first
    status.wait_for(state="visible", timeout=90_000)
    expect(status).to_contain_text("1 room(s) in the mansion", timeout=30_000)
    page.locator(".widget-dropdown select").nth(1).select_option(label=fitting)
    page.locator(".widget-button", has_text="place").first.click()
    expect(page.locator(".widget-html", has_text="placed").first).to_contain_text(f"player 1 placed {room} at",
                                                                                 timeout=30_000)
    expect(page.locator(".js-plotly-plot")).to_have_count(2, timeout=30_000)
