"""What every game's table shares: a whole game at it needs no sympy (the classroom's pages start without it; the
static site loads it only for the notebooks), checked in a fresh interpreter."""

import subprocess
import sys

import pytest

TABLES = {  # the table, its seats and the bot whose choices the person makes
    "zogars_gaze": ("zaarlab.zogars_gaze.table", "ZogarTable", "('person', 'cautious')", "bold"),
    "zerzura": ("zaarlab.zerzura.table", "ZerzuraTable", "('person', 'greedy')", "planner"),
    "zargos": ("zaarlab.zargos.table", "ZargosTable", "('person', 'greedy')", "greedy"),
    "zaar": ("zaarlab.zaar.table", "ZaarTable", "('person', 'greedy')", "greedy"),
}


@pytest.mark.parametrize("game", list(TABLES))
def test_a_whole_game_at_the_table_needs_no_sympy(game):
    module, table, seats, bot = TABLES[game]
    code = (f"import random, sys; from tests.tables import play_by_clicks; from {module} import {table}; "
            f"t = {table}(seats={seats}, seed=3, pace=0); play_by_clicks(t, t.bots['{bot}'], random.Random(3)); "
            "print(t.state.is_terminal(), 'sympy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=600)
    assert done.stdout.split() == ["True", "False"]
