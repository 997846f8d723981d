"""zaarlab odds zargos-battle / zargos-demons: exact JSON and readable text."""

import json

import sympy

from zaarlab.cli import main
from zaarlab.zargos.odds import battle_dist, p_attacker_wins


def run_json(capsys, *argv):
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_battle_json_has_the_three_outcomes_and_the_whole_distribution(capsys):
    data = run_json(capsys, "odds", "zargos-battle", "3", "1")
    assert (data["p_attacker_wins"], data["p_defender_holds"], data["p_mutual_annihilation"]) == (
        "6409/8575", "361/8575", "361/1715")
    total = sum(sympy.Rational(row["p"]) for row in data["distribution"])
    assert total == 1 and len(data["distribution"]) == len(battle_dist(3, 1))


def test_battle_flags(capsys):
    data = run_json(capsys, "odds", "zargos-battle", "10", "5", "--capital", "--attacker-war")
    assert data["capital"] and data["attacker_war"] and not data["defender_war"]
    assert sympy.Rational(data["p_attacker_wins"]) == p_attacker_wins(10, 5, capital=True, attacker_war=True)


def test_battle_text_and_errors(capsys):
    assert main(["odds", "zargos-battle", "7", "7"]) == 0
    out = capsys.readouterr().out
    assert "attacker wins" in out and "39.42%" in out
    assert main(["odds", "zargos-battle", "0", "3"]) == 2
    assert "whole number of units" in capsys.readouterr().err


def test_demons(capsys):
    data = run_json(capsys, "odds", "zargos-demons", "7", "--dice", "4")
    assert data["p_survives"] == "575/1296" and data["expected_left"]
    assert main(["odds", "zargos-demons", "3"]) == 2  # --dice is required
    assert "required" in capsys.readouterr().err


def test_zaarlab_play_zargos_from_a_fresh_process(tmp_path):
    import subprocess
    import sys

    from zaarlab.core.play import loads

    saved = tmp_path / "game.json"
    proc = subprocess.run([sys.executable, "-m", "zaarlab.cli", "play", "zargos", "--seed", "2", "--params",
                           '{"players": 3, "turn_limit": 2}', "--save", str(saved)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "(ZARGOS-SETUP-02)" in proc.stdout and proc.stdout.strip().endswith("returns: 0, 0, 0")
    game = loads(saved.read_text())
    assert game.final.is_terminal() and game.final.turn == 2
