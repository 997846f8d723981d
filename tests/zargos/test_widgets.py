"""Zargos widgets headless: set values, read the exact answers and the figures' data."""

from zaarlab.core.readable import exact_text
from zaarlab.ui.panel import PLOTLY_MIME
from zaarlab.zargos.odds import p_attacker_wins, win_table
from zaarlab.zargos.widgets import BattleCalculator, ProvinceExplorer


def test_battle_calculator_follows_its_controls():
    calc = BattleCalculator(attackers=2, defenders=1, heatmap_size=6)
    assert calc.text.splitlines()[0] == "attacker takes the province: 107/245 ≈ 43.67%"
    assert "107/245" in calc.answer.value
    calc.defenders.value = 2
    assert calc.text.startswith(f"attacker takes the province: {p_attacker_wins(2, 2)} ")
    calc.capital.value = True
    assert calc.text.startswith(f"attacker takes the province: {p_attacker_wins(2, 2, capital=True)} ")
    assert calc.figure.layout.title.text == "2 attackers v 2 defenders (capital)"
    heat = calc.heatmap_figure.data[0]
    assert heat.customdata[4][2] == exact_text(win_table(6, 6, capital=True)[4][2])
    calc.attacker_war.value = True
    with_war = p_attacker_wins(2, 2, capital=True, attacker_war=True)
    assert calc.text.startswith(f"attacker takes the province: {with_war} ")
    [shown] = calc.chart.outputs
    assert shown["data"][PLOTLY_MIME]["layout"]["title"]["text"] == "2 attackers v 2 defenders (capital, attacker war)"


def test_province_explorer_reports_neighbours_and_routes():
    explorer = ProvinceExplorer(province="ZC1")
    assert explorer.text.splitlines()[1] == "land neighbours: Salt Strand (ZC2), Pearl Strand (ZC6), East Gate (ZS1)"
    explorer.province.value = "KORI-2"
    assert "Highcrag (LUDOS-5) (1 boat)" in explorer.text and "Goldmoor (K03-2) (2 boats)" in explorer.text
    assert ("Fenmarch (KORI-2)", "KORI-2") in explorer.province.options
    ringed = next(trace for trace in explorer.figure.data if trace.name == "highlighted")
    assert list(ringed.x).count(None) == 1 + 2 + 1  # outlined: itself, two land neighbours, one sea
