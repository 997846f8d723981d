"""Every classroom dashboard fits a tablet (768 px) and a phone (390 px): nothing runs off the right edge, the
figures are drawn; a screenshot of each is kept with the test's files."""

import pytest

from tests.browser.conftest import assert_no_python_error
from tests.browser.test_classroom_dashboards import DASHBOARDS

pytestmark = pytest.mark.browser

SCREENS = {"tablet": (768, 1024), "phone": (390, 844)}
CONTROLS = (".widget-button, .widget-toggle-button, .widget-dropdown, .widget-slider, .widget-checkbox, "
            ".js-plotly-plot")


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("dashboard", list(DASHBOARDS))
def test_the_dashboard_fits_the_screen(voila_classroom, browser, dashboard, screen, tmp_path):
    from playwright.sync_api import expect

    width, height = SCREENS[screen]
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        page.goto(f"{voila_classroom}/voila/render/{dashboard}.ipynb", wait_until="domcontentloaded")
        page.get_by_text(DASHBOARDS[dashboard][0]).first.wait_for(state="visible", timeout=90_000)
        expect(page.locator(".js-plotly-plot").first).to_be_visible(timeout=30_000)
        page.wait_for_timeout(500)  # the figures settle to their width
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        cut = page.evaluate("""() => [...document.querySelectorAll(CONTROLS)]
            .filter(el => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .map(el => el.className.split(' ').filter(c => c.startsWith('widget-')).join(' '))""".replace(
            "CONTROLS", repr(CONTROLS)))
        page.screenshot(path=str(tmp_path / f"{dashboard}-{screen}.png"), full_page=True)
        assert overflow <= 1, f"{dashboard} runs {overflow} px off a {width} px screen"
        assert cut == [], f"{dashboard} on a {width} px screen cuts off {cut}"  # inside a widget box that clips
        assert_no_python_error(page)
    finally:
        page.close()
