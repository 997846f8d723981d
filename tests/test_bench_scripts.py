"""Every quick bench script runs to its end, on a few games or sizes: a bench that breaks unseen measures nothing.

The figures they print are not read (speed is measured by running the benches, never in tests); what they assert
on the way (the exact odds within a simulation's error, a parallel series equal to the serial one) still holds. The
benches that run the whole suite, every notebook or the static site are left to be run by hand.
"""

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
SMALL = {  # script -> its constants, made small
    "class_deal": {"ROSTER_SIZE": 4},
    "cli_startup": {"RUNS": 1},
    "dashboards": {"MOVES": 2},
    "dist_bench": {"MAX_DICE": 4, "REPEATS": 1},
    "tournaments": {"GAMES": 4, "REPEATS": 1},
    "zaar_builder": {"SEEDS": 1},
    "zaar_game": {"GAMES": 1},
    "zaar_mansion": {"SEEDS": 1},
    "table_clicks": {"GAMES": 1},
    "zargos_battle": {"SIZES": (3, 5), "BASELINE_UP_TO": 5},
    "zargos_winds": {"BASELINE_UP_TO": 300},
    "zerzura_games": {"GAMES": 2},
    "zogar_game": {"GAMES": 2, "DELVES": 400, "REPEATS": 1},
    "zogar_odds": {"REQUIREMENTS": ("3x5", "straight:1-4")},
}
BY_HAND = {"class_matches", "classroom_door", "classroom_site", "map_clicks", "notebooks", "table_site",
           "test_suite"}  # a server, a browser, a site or minutes


def test_every_bench_script_is_run_here_or_named_as_run_by_hand():
    assert {path.stem for path in BENCH.glob("*.py")} == SMALL.keys() | BY_HAND


@pytest.mark.parametrize("script", sorted(SMALL))
def test_the_bench_script_runs_to_its_end(script, monkeypatch, capsys):
    spec = importlib.util.spec_from_file_location(f"bench_{script}", BENCH / f"{script}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, value in SMALL[script].items():
        assert hasattr(module, name), f"bench/{script}.py has no {name} to make small"
        monkeypatch.setattr(module, name, value)
    module.main()
    assert capsys.readouterr().out.strip(), f"bench/{script}.py printed nothing"
