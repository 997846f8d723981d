"""The match model: a whole game of each kind played on :class:`zaarlab.core.match.Match` alone, headless, with no
widget imported: a person's moves, undo, bots and chance stepping, out-of-turn and illegal moves refused with nothing
changed, and a save reloaded mid-game that goes on to the same end.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from zaarlab.core.api import GAMES, IllegalActionError
from zaarlab.core.catalogue import import_game_packages
from zaarlab.core.match import PERSON, Hooks, Match

GAMES_PLAYED = {  # game: (its parameters, a bot of its own for the other seat), short games as the tables' tests play
    "zaar": ({"players": 2, "turn_limit": 40}, "greedy"),
    "zargos": ({"players": 2, "turn_limit": 6}, "greedy"),
    "zerzura": ({"players": 2}, "greedy"),
    "zogars_gaze": ({"players": 2}, "cautious"),
}


def bots_of(name: str):
    import importlib

    return importlib.import_module(f"zaarlab.{name}.bots").BOTS


def play_out(name: str, seed: int) -> dict:
    """A whole game between a person (who plays the first legal move but one, and takes back one move in three) and
    the game's bot; saved and reloaded half way. What it saw, as data."""
    import random

    import_game_packages()
    params, bot = GAMES_PLAYED[name]
    bots = bots_of(name)
    match = Match(GAMES[name](**params), [PERSON, bot], seed=seed, bots=bots)
    chooser, moves, undone, reloaded = random.Random(seed), 0, 0, False
    while not match.state.is_terminal():
        match.skip()
        if match.state.is_terminal():
            break
        assert match.to_move() == 0
        legal = match.state.legal_actions()
        match.play(chooser.choice(legal))
        moves += 1
        if moves % 3 == 0 and match.undoable:
            match.undo()
            undone += 1
            match.play(chooser.choice(legal))
        if moves == 20 and not reloaded:
            again = Match.load(match.save(), bots=bots)
            assert again.state == match.state and again.history == match.history and again.seats == match.seats
            match, reloaded = again, True
    return {"moves": moves, "undone": undone, "reloaded": reloaded, "history": len(match.history),
            "returns": [str(r) for r in match.state.returns()]}


@pytest.mark.parametrize("name", sorted(GAMES_PLAYED))
def test_a_whole_game_of_each_kind_plays_on_the_match_model_with_no_widget_imported(name):
    """In a fresh interpreter: the game ends, the person moved, undid and reloaded, and neither ipywidgets, plotly
    nor any of zaarlab's ui modules was imported."""
    script = (f"import json, sys; from tests.test_match import play_out; seen = play_out({name!r}, 3); "
              "seen['widgets'] = sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'plotly', "
              "'anywidget') or m.startswith('zaarlab.ui')); print(json.dumps(seen))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["widgets"] == []
    assert seen["moves"] >= 20 and seen["undone"] >= 1 and seen["reloaded"], seen
    assert len(seen["returns"]) == 2


@pytest.fixture
def zerzura() -> Match:
    import_game_packages()
    match = Match(GAMES["zerzura"](players=2), [PERSON, "greedy"], seed=11, bots=bots_of("zerzura"))
    match.reveal_chance()
    match.skip()
    return match


def test_a_move_out_of_turn_or_illegal_is_refused_and_changes_nothing(zerzura):
    match = zerzura
    assert match.to_move() == 0
    before = (match.state, list(match.history), match.undoable)
    with pytest.raises(IllegalActionError):
        match.play("no such move")
    assert (match.state, list(match.history), match.undoable) == before
    with pytest.raises(IllegalActionError, match="nothing to take back"):
        match.undo()
    match.play(match.state.legal_actions()[0])
    if match.to_move() is None:  # the bot's turn: the person may not move
        with pytest.raises(IllegalActionError, match="not your turn"):
            match.play(match.state.legal_actions()[0])


def test_what_others_do_cannot_be_taken_back(zerzura):
    match = zerzura
    match.play(match.state.legal_actions()[0])
    assert match.undoable == 1
    if match.skip():
        assert match.undoable == 0


def test_seats_are_checked():
    import_game_packages()
    game = GAMES["zerzura"](players=2)
    with pytest.raises(ValueError, match="not 'nobody'"):
        Match(game, [PERSON, "nobody"], seed=1, bots=bots_of("zerzura"))
    with pytest.raises(ValueError, match="has 2 seats, not 3"):
        Match(game, [PERSON, PERSON, PERSON], seed=1, bots=bots_of("zerzura"))


def test_a_save_of_another_game_or_a_damaged_file_is_refused(zerzura):
    saved = zerzura.save()
    with pytest.raises(ValueError, match="a game of zerzura, not of zargos"):
        Match.load(saved, bots=bots_of("zerzura"), game_name="zargos")
    with pytest.raises(ValueError, match="the saved game"):
        Match.load(saved[:-5], bots=bots_of("zerzura"))


def test_hooks_judge_the_persons_decisions_and_move_for_them():
    """A game's hooks: the judge's decisions are kept by the step they were made at (and dropped on undo), and a
    hook that moves for the person makes the match step on its own."""
    import_game_packages()

    class FirstIsBest(Hooks):
        def judge(self, state, action):
            from zaarlab.core.match import Decision
            return Decision(0, "a move", chosen=int(action == state.legal_actions()[0]), best=1)

    match = Match(GAMES["zerzura"](players=2), [PERSON, "greedy"], seed=11, bots=bots_of("zerzura"),
                  hooks=FirstIsBest())
    match.reveal_chance()
    match.skip()
    match.play(match.state.legal_actions()[-1])
    step = len(match.history) - 1
    assert match.decisions[step].chosen == 0
    match.undo()
    assert step not in match.decisions

    class MovesForThePerson(Hooks):
        def autoplays(self, state):
            return True

        def autoplay(self, state):
            return state.legal_actions()[0]

    auto = Match(GAMES["zerzura"](players=2), [PERSON, "greedy"], seed=11, bots=bots_of("zerzura"),
                 hooks=MovesForThePerson())
    assert auto.skip() > 0 and auto.state.is_terminal() and auto.to_move() is None


def play_to_the_end(match: Match) -> None:
    """The person plays the first legal move each turn, the others their own, to the end."""
    match.skip()
    while not match.state.is_terminal():
        match.play(match.state.legal_actions()[0])
        match.skip()


@pytest.fixture
def told(monkeypatch) -> list:
    """What the matches that end tell (``ENDINGS``), in a list."""
    import_game_packages()
    endings = []
    monkeypatch.setattr("zaarlab.core.match.ENDINGS", [endings.append])
    return endings


def test_a_match_tells_its_end_once_with_each_players_place_and_the_persons_decisions(told):
    params, bot = GAMES_PLAYED["zargos"]
    match = Match(GAMES["zargos"](**params), [PERSON, bot], seed=11, bots=bots_of("zargos"))
    play_to_the_end(match)
    [done] = told
    returns = match.state.returns()
    assert (done.game, done.deal, done.seats, done.moves) == ("zargos", 11, (PERSON, bot), len(match.history))
    assert done.returns == tuple(returns) and done.words == Hooks().ending(match.state)
    assert [done.place(p) for p in (0, 1)] == [1 + sum(r > returns[p] for r in returns) for p in (0, 1)]
    assert done.best_decisions == {0: (sum(d.chosen == d.best for d in match.decisions.values()),
                                       len(match.decisions))}
    assert match.skip() == 0 and len(told) == 1  # over: nothing more to tell
    again = Match.load(match.save(), bots=bots_of("zargos"))
    again.skip()
    assert len(told) == 1  # a game saved at its end was told where it was played


def test_a_game_of_bots_alone_is_told_with_no_person_to_judge(told):
    params, bot = GAMES_PLAYED["zerzura"]
    match = Match(GAMES["zerzura"](**params), [bot, bot], seed=3, bots=bots_of("zerzura"))
    match.skip()
    assert match.state.is_terminal() and [(d.best_decisions, d.moves) for d in told] == [({}, len(match.history))]
