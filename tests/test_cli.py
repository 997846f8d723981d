"""The zaarlab command: exact odds as JSON, data checks, rule coverage, bot games, one-line errors."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import tests.games.pig  # noqa: F401  registers the test game "pig" for `zaarlab play`
from zaarlab.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_dice_json_is_exact(capsys):
    code, out, err = run(capsys, "odds", "dice", "3d6", "--json")
    data = json.loads(out)
    assert code == 0 and not err
    assert data["distribution"]["10"] == "1/8" and data["mean"] == "21/2" and data["variance"] == "35/4"
    assert len(data["distribution"]) == 16


def test_odds_dice_text_table(capsys):
    code, out, _ = run(capsys, "odds", "dice", "d6")
    assert code == 0 and "| 6 | 1/6 | 16.67 |" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["odds", "dice", "3x6"], "cannot read dice '3x6'"),
        (["odds", "dice", "0d6"], "1 to 100 dice of 1 to 100 faces"),
        (["data", "check", "/no/such/folder"], "the data folder does not exist"),
        (["rules", "coverage", "--root", "/no/such/folder"], "no docs/rules/ and tests/ folders"),
    ],
)
def test_errors_are_one_line_with_exit_code_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out
    assert err.count("\n") == 1 and err.startswith("zaarlab: error: ") and message in err


def test_usage_errors_are_one_line_too():
    proc = subprocess.run([sys.executable, "-m", "zaarlab.cli", "odds", "nosuch"], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "invalid choice" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_help_lists_the_commands():
    proc = subprocess.run([sys.executable, "-m", "zaarlab.cli", "--help"], capture_output=True, text=True)
    assert proc.returncode == 0 and all(word in proc.stdout for word in ("data", "odds", "rules", "play"))


def test_data_check_lists_reconstructed_tables(capsys, tmp_path):
    code, out, _ = run(capsys, "data", "check")
    assert code == 0 and "games.yaml" in out and "GAP-Z03" in out
    bad = tmp_path / "games.yaml"
    bad.write_text("provenance: {source: rulebook, detail: x}\ngames: 3\n")
    code, out, err = run(capsys, "data", "check", str(tmp_path))
    assert code == 2 and f"{bad}: games: expected a list, got int 3" in err


def test_rules_coverage_counts_named_tests(capsys, tmp_path):
    (tmp_path / "docs" / "rules").mkdir(parents=True)
    (tmp_path / "docs" / "rules" / "zargos.md").write_text(
        "| ID | rule |\n|---|---|\n| ZARGOS-COMBAT-01 | a |\n| ZARGOS-COMBAT-02 | b |\n| ZARGOS-SEA-01 | c |\n"
    )
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(textwrap.dedent("""
        import pytest
        pytestmark = pytest.mark.rule("ZARGOS-SEA-01")
        def test_zargos_combat_02_three_dice(): pass
    """))
    code, out, _ = run(capsys, "rules", "coverage", "--root", str(tmp_path))
    assert code == 0 and "zargos: 2/3 rule IDs named by tests" in out and "missing: ZARGOS-COMBAT-01" in out


def test_project_rule_docs_list_every_game():
    from pathlib import Path

    from zaarlab.core.rules_coverage import coverage

    report = {g.game: len(g.rule_ids) for g in coverage(Path(__file__).parents[1])}
    assert report == {"zaar": 141, "zargos": 113, "zerzura": 64, "zogars_gaze": 69}


def test_play_a_registered_game_and_save_it(capsys, tmp_path):
    saved = tmp_path / "pig.json"
    code, out, _ = run(capsys, "play", "pig", "--seed", "3", "--params", '{"target": 12}', "--save", str(saved))
    assert code == 0 and "returns:" in out and "(PIG-" in out
    from zaarlab.core.play import loads

    assert loads(saved.read_text()).final.is_terminal()


def test_every_rule_is_traced_to_the_tests_and_the_code_that_name_it():
    from zaarlab.core.rules_coverage import trace

    traced = trace(Path(__file__).resolve().parents[1])
    assert {game: len(rules) for game, rules in traced.items()} == {"zaar": 141, "zargos": 113, "zerzura": 64,
                                                                    "zogars_gaze": 69}
    place = next(r for r in traced["zaar"] if r.rule_id == "ZAAR-PLACE-03")
    assert place.text.startswith("A cell holds at most one room")
    test = "tests/zaar/test_mansion_saves.py::test_a_second_room_on_an_occupied_cell_is_refused_not_dropped"
    assert test in place.tests
    assert "zaarlab.zaar.board.Mansion.check_placement" in place.code
    assert all(rule.tests for rules in traced.values() for rule in rules)  # the coverage report's 387/387


@pytest.mark.parametrize("argv", [["odds", "dice", "3d6"], ["odds", "zogar", "3x5"],
                                  ["odds", "zargos-battle", "10", "10"], ["--help"], ["odds", "zaar-battle", "--help"]])
def test_a_command_imports_only_what_it_needs(argv):
    """No sympy (most of a second to import) for exact odds: fractions print the same num/den; no networkx, no
    plotly, no widgets where no graph or figure is drawn."""
    code = ("import sys; from zaarlab.cli import main\n"
            f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('sympy', 'networkx', 'plotly', 'ipywidgets', 'yaml') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "[]"
