"""The Zargos battle calculator dashboard in a real browser: sliders and toggles change the exact odds."""

import pytest

from zaarlab.zargos.odds import p_attacker_wins

pytestmark = pytest.mark.browser


def test_zargos_battle_dashboard(voila_classroom, page):
    from playwright.sync_api import expect

    page.goto(f"{voila_classroom}/voila/render/zargos_battle.ipynb", wait_until="domcontentloaded")
    attackers = page.locator(".widget-slider .noUi-handle").first
    attackers.wait_for(state="visible", timeout=90_000)
    answer = page.locator(".widget-html", has_text="attacker takes the province").first
    expect(answer).to_contain_text(f"attacker takes the province: {p_attacker_wins(7, 5)} ", timeout=30_000)
    expect(page.locator(".js-plotly-plot")).to_have_count(2, timeout=30_000)  # bars and heat map

    attackers.focus()
    page.keyboard.press("ArrowRight")
    expect(answer).to_contain_text(f"attacker takes the province: {p_attacker_wins(8, 5)} ", timeout=30_000)

    page.get_by_label("capital (walls)").check()
    expect(answer).to_contain_text(f"attacker takes the province: {p_attacker_wins(8, 5, capital=True)} ",
                                   timeout=30_000)
    expect(page.locator(".js-plotly-plot .gtitle").first).to_contain_text("(capital)", timeout=30_000)
