"""Every classroom dashboard in Voila on a desktop screen (1400x900), a tablet (768x1024) and a phone (390x844): nothing
runs off the right edge, the mouse wheel and PageDown both scroll the page to its last chart, and every button stands
out from the page; a screenshot of each screen is kept with the test's files. (The static site's pages get the same
checks in tests/browser/test_static_site.py.)"""

import pytest

from tests.browser.conftest import assert_no_python_error
from tests.browser.pages import check_every_screen
from tests.browser.test_classroom_dashboards import CHARTS, DASHBOARDS

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("dashboard", list(DASHBOARDS))
def test_the_dashboard_fits_scrolls_and_shows_its_buttons_on_every_screen(voila_classroom, browser, dashboard,
                                                                          tmp_path):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        page.goto(f"{voila_classroom}/voila/render/{dashboard}.ipynb", wait_until="domcontentloaded")
        page.get_by_text(DASHBOARDS[dashboard][0]).first.wait_for(state="visible", timeout=90_000)
        check_every_screen(page, dashboard, CHARTS[dashboard], tmp_path)
        assert_no_python_error(page)
    finally:
        page.close()
