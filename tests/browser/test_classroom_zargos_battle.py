"""The Zargos battle calculator dashboard in a real browser: both sliders from the keyboard, the three toggles,
and the *show exact* toggle of a long fraction each change what is shown to the right value."""

import pytest

from tests.browser.conftest import assert_no_python_error, open_dashboard, press
from zaarlab.core.readable import exact_text
from zaarlab.zargos.odds import p_attacker_wins, p_defender_holds

pytestmark = pytest.mark.browser


def test_zargos_battle_dashboard(voila_classroom, page):
    from playwright.sync_api import expect

    answer = open_dashboard(page, voila_classroom, "zargos_battle.ipynb", "attacker takes the province")
    summary = answer.locator("summary").first

    def shows(attackers, defenders, **conditions):
        p = p_attacker_wins(attackers, defenders, **conditions)
        expect(answer).to_contain_text(f"attacker takes the province: {exact_text(p).split(' (exact')[0]}",
                                       timeout=30_000)
        expect(answer).to_contain_text(str(p_defender_holds(attackers, defenders, **conditions)), timeout=30_000)
        return p

    exact = shows(7, 5)
    expect(page.locator(".js-plotly-plot")).to_have_count(2, timeout=30_000)  # bars and heat map
    code = answer.locator("code").first
    expect(code).to_be_hidden()
    summary.click()  # show exact
    expect(code).to_be_visible()
    expect(code).to_have_text(str(exact))

    handles = page.locator(".widget-slider .noUi-handle")
    attackers, defenders = handles.nth(0), handles.nth(1)
    press(page, attackers, "ArrowRight")
    shows(8, 5)
    press(page, defenders, "ArrowLeft")
    shows(8, 4)
    page.get_by_label("capital (walls)").check()
    shows(8, 4, capital=True)
    expect(page.locator(".js-plotly-plot .gtitle").first).to_contain_text("(capital)", timeout=30_000)
    page.get_by_label("attacker: Wind of War").check()
    shows(8, 4, capital=True, attacker_war=True)
    page.get_by_label("defender: Wind of War").check()
    shows(8, 4, capital=True, attacker_war=True, defender_war=True)
    page.get_by_label("capital (walls)").uncheck()
    shows(8, 4, attacker_war=True, defender_war=True)
    assert_no_python_error(page)
