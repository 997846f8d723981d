"""Every classroom page passes an axe-core scan with no violation at all, minor to critical (every control named,
every menu labelled, the content in a landmark), and every control can be reached from the keyboard alone."""

import pytest

from tests.browser.conftest import accessibility_violations
from tests.browser.test_classroom_dashboards import DASHBOARDS

pytestmark = pytest.mark.browser

PAGES = {name: ready for name, (ready, *_) in DASHBOARDS.items()}


def _open(page, base: str, name: str) -> None:
    page.goto(f"{base}/voila/render/{name}.ipynb", wait_until="domcontentloaded")
    page.get_by_text(PAGES[name]).first.wait_for(state="visible", timeout=90_000)
    page.wait_for_timeout(500)  # the sliders get their names


def test_the_list_of_dashboards_has_no_accessibility_violation(voila_classroom, page, axe_script):
    page.goto(f"{voila_classroom}/", wait_until="domcontentloaded")
    page.get_by_text("Dice sums, exactly").first.wait_for(state="visible", timeout=90_000)
    assert accessibility_violations(page, axe_script) == []


@pytest.mark.parametrize("name", list(PAGES))
def test_the_dashboard_has_no_accessibility_violation_and_every_control_is_reached_with_tab(
        voila_classroom, page, axe_script, name):
    """One visit a dashboard (each starts a kernel): the axe-core scan, then the keyboard alone."""
    _open(page, voila_classroom, name)
    if name.startswith("play_"):  # a table: the bots play at a readable pace until it is the person's turn, and the
        # board is drawn anew after each of their moves; the controls are counted once it stands still
        page.locator(".zaarlab-table-heading", has_text="your turn").wait_for(state="visible", timeout=90_000)
        page.wait_for_timeout(500)
    assert accessibility_violations(page, axe_script) == []
    controls = page.locator(  # a disabled or hidden control is not on the way: a line beside it says why
        ".widget-slider .noUi-handle, .widget-dropdown select:enabled, .widget-button:enabled, "
        ".widget-toggle-button:enabled, .widget-checkbox input:enabled, .widget-select-multiple select:enabled, "
        ".zaarlab-die:enabled").filter(visible=True)
    expected = controls.count()
    for i in range(expected):
        controls.nth(i).evaluate(f"el => el.setAttribute('data-control', '{i}')")
    reached: set[str] = set()
    for _ in range(300):  # the figures' own buttons are on the way too
        page.keyboard.press("Tab")
        reached.add(page.evaluate("() => document.activeElement.getAttribute('data-control')"))
        if len(reached - {None}) == expected:
            break
    assert len(reached - {None}) == expected, f"{expected - len(reached - {None})} of {expected} controls cannot " \
                                               "be reached with Tab"
