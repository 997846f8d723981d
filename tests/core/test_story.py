"""The structured log: engines record events, one renderer tells them, saves keep them (and read older ones)."""

import ast
import json
from pathlib import Path

import pytest

from zaarlab.core.api import GAMES
from zaarlab.core.catalogue import import_game_packages
from zaarlab.core.play import play, random_bot
from zaarlab.core.rule_texts import rule_text
from zaarlab.core.story import OLD_LINE, Event, Story, event, old_line
from zaarlab.core.validate import InvalidState

import_game_packages()
PACKAGES = {name: Path(__file__).parents[2] / "zaarlab" / cls.__module__.split(".")[1] for name, cls in GAMES.items()
            if cls.__module__.startswith("zaarlab.")}  # the four games (a test's game registers itself too)


def test_an_event_keeps_its_facts_typed_and_the_story_tells_them():
    story = Story({"holds": "{player:seat} holds {dice:dice} against {enemy:card}"})
    held = event("holds", "ZOGAR-COMBAT-06", player=1, dice=(2, 5, 5), enemy="goblin")
    assert held["dice"] == (2, 5, 5) and "enemy" in held and "card" not in held and held.rules == ("ZOGAR-COMBAT-06",)
    assert story.words(held, {"goblin": "the Goblin"}) == "player 2 holds 2, 5, 5 against the Goblin"
    assert story.line(held) == "player 2 holds 2, 5, 5 against goblin (ZOGAR-COMBAT-06)"
    with pytest.raises(KeyError):
        held["face"]


def test_a_phrase_that_asks_an_unknown_format_is_refused_when_the_story_is_made():
    with pytest.raises(ValueError, match="known format"):
        Story({"holds": "{player:nobody_knows} holds"})


def test_check_names_what_is_wrong_with_an_event():
    story = Story({"rolls": "{player:seat} rolls {face}"})
    assert story.check(event("rolls", player=0, face=3)) is None
    assert "no event of kind 'flies'" in story.check(event("flies", player=0))
    assert "lacks face" in story.check(event("rolls", player=0))
    assert "cannot be read" in story.check(event("rolls", player="one", face=3))
    assert "an event, not str" in story.check("player 1 rolls 3")
    assert story.check(old_line("player 1 rolls 3 (PIG-ROLL-01)")) is None


def _recorded(package: Path) -> tuple[set[str], set[str]]:
    """Every kind an engine module of ``package`` records (the text first given to ``event(...)``, both ends of a
    choice ``"a" if c else "b"`` too) and every rule ID it names there as text."""
    kinds, rules = set(), set()
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "event" and node.args:
                first = node.args[0]
                ends = (first.body, first.orelse) if isinstance(first, ast.IfExp) else (first,)
                assert all(isinstance(end, ast.Constant) for end in ends), f"{path.name}: a kind is named in the code"
                kinds.update(end.value for end in ends)
                rules.update(arg.value for arg in node.args[1:] if isinstance(arg, ast.Constant))
    return kinds, rules


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_every_kind_an_engine_records_has_a_phrase_and_every_phrase_is_recorded(name):
    story = GAMES[name]().initial_state().story
    recorded, rules = _recorded(PACKAGES[name])
    assert recorded - set(story.phrases) == set(), "recorded without a phrase"
    assert set(story.phrases) - {OLD_LINE} - recorded == set(), "a phrase no engine records"
    assert rules and [rule for rule in sorted(rules) if not rule_text(rule)] == [], "an event names no rule of ours"


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_a_whole_game_is_told_from_its_events_and_saved_with_them(name):
    game = GAMES[name]()
    final = play(game, [random_bot] * game.num_players, seed=5).final
    assert final.log and all(isinstance(e, Event) and final.story.check(e) is None for e in final.log)
    lines = final.story.lines(final)
    assert not any("[" in line or "_" in line.split("(")[0] for line in lines), "a list or an id in the words"
    saved = json.loads(json.dumps(final.to_dict()))
    assert game.state_from_dict(saved).log == final.log


def test_a_game_saved_when_logs_were_sentences_still_loads_its_lines_as_written():
    game = GAMES["zerzura"]()
    saved = game.initial_state().to_dict() | {"log": ["ZERZURA-SETUP-04: 10 cards leave the game unseen"]}
    loaded = game.state_from_dict(saved)
    assert loaded.log == (old_line("ZERZURA-SETUP-04: 10 cards leave the game unseen"),)
    assert loaded.story.lines(loaded) == ("ZERZURA-SETUP-04: 10 cards leave the game unseen",)


@pytest.mark.parametrize(("log", "problem"), [
    ({"kind": "takes"}, "log: a list of events, not"),
    ([{"kind": "flies", "rules": []}], "log[0]: no event of kind 'flies'"),
    ([{"kind": "takes", "rules": [], "player": 0}], "log[0]: the takes event lacks card"),
    (["fine", {"__type__": "Move", "to": 3}], "log[1]: cannot be read: an event names its kind"),
    ([{"kind": "passes", "rules": [7], "player": 0}], "log[0]: cannot be read: the passes event's rules are rule IDs"),
    ([{"kind": "passes", "player": {"__q__": "1/2"}}], "log[0]: cannot be read: the fact player is a number"),
    ([{"kind": "passes", "player": "first"}], "log[0]: the passes event's facts cannot be read"),
    ([[1, 2]], "log[0]: cannot be read: an event is a JSON object, not list"),
])
def test_a_saved_log_that_no_game_wrote_is_refused_naming_the_entry(log, problem):
    game = GAMES["zerzura"]()
    with pytest.raises(InvalidState, match=problem.replace("[", r"\[").replace("]", r"\]")):
        game.state_from_dict(game.initial_state().to_dict() | {"log": log})
