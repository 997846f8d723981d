"""The Zerzura collection builder dashboard in a real browser: every Object slider (from the keyboard), every
Character toggle and the two card sliders change the score sheet to what the same widget computes headless."""

import pytest

from tests.browser.conftest import assert_no_python_error, open_dashboard, press
from zaarlab.zerzura.widgets import CollectionBuilder

pytestmark = pytest.mark.browser


def test_collection_builder_dashboard(voila_classroom, page):
    from playwright.sync_api import expect

    twin = CollectionBuilder()
    report = open_dashboard(page, voila_classroom, "zerzura_collection.ipynb", "total:")
    expect(report).to_contain_text("total: 0", timeout=30_000)
    handles = page.locator(".widget-slider .noUi-handle")  # turban, zither, peppers, ring, lamp, Goods cards, stored

    def same_as_twin():
        expect(report).to_contain_text(twin.text.splitlines()[-1] if "other Guard" not in twin.text
                                       else twin.sheet.text().splitlines()[-1], timeout=30_000)
        for line in twin.sheet.text().splitlines():
            expect(report).to_contain_text(line, timeout=30_000)

    for i, (obj, steps) in enumerate(zip(twin.cards.objects, (1, 2, 3, 4, 5), strict=True)):
        press(page, handles.nth(i), "ArrowRight", steps)
        twin.quantity[obj].value = steps
        same_as_twin()
    for toggle in twin.character.values():  # every Character, on
        page.get_by_role("button", name=toggle.description, exact=True).click()
        toggle.value = True
        same_as_twin()
    press(page, handles.nth(5), "ArrowRight", 2)  # two more Goods cards than the Objects need
    twin.goods_cards.value += 2
    same_as_twin()
    press(page, handles.nth(6), "ArrowRight", 3)  # three stored
    twin.stored.value = 3
    same_as_twin()
    expect(page.locator(".js-plotly-plot")).to_have_count(2, timeout=30_000)
    assert_no_python_error(page)
