"""The conformance harness every game's tests run: seeded random playthroughs checked at every step.

At each state of each playthrough:

- ``legal_actions()`` is a strictly increasing tuple (sorted, no duplicates), empty exactly when the state is
  terminal;
- at a chance node the outcomes are the legal actions, each with a ``sympy.Rational`` probability in
  (0, 1], summing to exactly 1;
- ``apply`` leaves its input unchanged: every field still holds the very object it held (a state hashes, so its
  values are immutable: the same objects mean the same ``to_dict``);
- ``state_from_dict(to_dict(s)) == s``, through real JSON text, with the same hash, and the events the step added to
  the log come back as they were (each event of a game is saved and loaded once, at the step that made it, rather
  than the whole log again at every step: a Zogar game's thousand events would make that a million);
- an action that is not legal here (taken from other states of the run, or a foreign object) raises
  ``IllegalActionError`` carrying a rule ID, and the state is still unchanged;
- the state passes the game's own ``validate()``: each game's ``state_from_dict`` runs it (as loading any save
  does) on the restored state, equal to this one (``tests/test_bad_inputs.py`` shows every game's loader refusing
  the states ``validate()`` refuses);
- the test's further invariants hold (callables that raise ``AssertionError``).

Each finished playthrough is also saved, loaded and replayed to the same final state.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import operator
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import sympy

from zaarlab.core.api import CHANCE, TERMINAL, Game, IllegalActionError
from zaarlab.core.play import Bot, Playthrough, chance_move, dumps, loads, random_bot

RULE_ID = re.compile(r"^[A-Z]+(-[A-Z]+\d?)*-\d+$")  # ZAAR-LVL2-03 has a digit in its group


class _Foreign:
    """An object no game accepts as an action."""

    def __repr__(self) -> str:
        return "<foreign action>"


@dataclass
class ConformanceStats:
    """What the harness saw, so tests can assert it explored enough."""

    games: int = 0
    steps: int = 0
    chance_nodes: int = 0
    terminal: int = 0
    illegal_checked: int = 0
    rules_refusing: set = field(default_factory=set)


def check_conformance(
    game: Game,
    runs: int = 20,
    seed: int = 0,
    max_steps: int = 10_000,
    bots: Sequence[Bot] | None = None,
    invariants: Sequence[Callable] = (),
) -> ConformanceStats:
    """Play ``runs`` seeded games and check every step; raise ``AssertionError`` at the first fault."""
    stats = ConformanceStats()
    bots = bots or [random_bot] * game.num_players
    for run in range(runs):
        rng = random.Random(seed * 1_000_003 + run)
        seen_actions, checked = _SeenActions(), {}
        state = game.initial_state()
        history = []
        told = 0  # the events of the log saved and loaded so far
        for _ in range(max_steps):
            _check_state(game, state, invariants, checked, told)
            told = len(state.log)
            before = _fields(state)
            actions = state.legal_actions()
            seen_actions.add(actions[:5])
            stats.rules_refusing |= _check_illegal(state, before, seen_actions, rng, stats)
            if state.is_terminal():
                stats.terminal += 1
                break
            if state.current_player() == CHANCE:
                stats.chance_nodes += 1
                action = chance_move(state, rng)  # from the integer weights where a state has them
            else:
                action = bots[state.current_player()](state, rng)
            nxt = state.apply(action)
            _assert_unchanged(state, before, f"apply({action!r}) changed its input state")
            history.append(action)
            state = nxt
            stats.steps += 1
        _check_save_load(game, history, state)
        stats.games += 1
    return stats


def _check_state(game: Game, state, invariants, checked: dict, told: int = 0) -> None:
    """Check one state (``checked``: see :func:`_check_chance`; ``told``: how many events of its log were saved and
    loaded at earlier steps)."""
    actions = state.legal_actions()
    assert isinstance(actions, tuple), f"legal_actions() must be a tuple, got {type(actions).__name__}"
    if not all(map(operator.lt, actions, actions[1:])):  # each before the next: sorted, and no two alike
        assert list(actions) == sorted(actions), f"legal_actions() not sorted: {actions!r}"
        raise AssertionError(f"legal_actions() has duplicates: {actions!r}")
    player = state.current_player()
    assert state.is_terminal() == (player == TERMINAL), "is_terminal() disagrees with current_player()"
    assert bool(actions) != state.is_terminal(), "legal_actions() must be empty exactly when terminal"
    if player == CHANCE:
        _check_chance(state.chance_outcomes(), actions, checked)
    if state.is_terminal():
        assert len(state.returns()) == game.num_players, "returns() needs one entry per player"
    new = dataclasses.replace(state, log=state.log[told:])  # the log is no part of the position: equal states
    restored = game.state_from_dict(json.loads(json.dumps(new.to_dict())))
    assert restored == state, "state_from_dict(to_dict(state)) differs from the state"
    assert restored.log == new.log, "state_from_dict(to_dict(state)) loses the log"
    assert hash(restored) == hash(state), "a restored state hashes differently"
    for invariant in invariants:
        invariant(state)


def _check_chance(outcomes: tuple, actions: tuple, checked: dict) -> None:
    """The outcomes are the legal actions, with exact probabilities summing to 1. ``checked`` holds the pairs of
    tuples already found right, by identity (games keep their dice tables, so the same pair comes back often)."""
    seen = checked.get(id(outcomes))
    if seen is not None and seen[0] is outcomes and seen[1] is actions:
        return
    assert tuple(o for o, _ in outcomes) == actions, "chance outcomes differ from legal_actions()"
    for outcome, p in outcomes:
        assert isinstance(p, sympy.Rational), f"P({outcome!r}) is {type(p).__name__}, not sympy.Rational"
        assert 0 < p.p <= p.q, f"P({outcome!r}) = {p} is not in (0, 1]"
    common = math.lcm(*(int(p.q) for _, p in outcomes))  # exact in integers: faster than summing fractions
    assert sum(int(p.p) * (common // int(p.q)) for _, p in outcomes) == common, \
        "chance probabilities do not sum to exactly 1"
    checked[id(outcomes)] = (outcomes, actions)  # kept alive, so no other tuple takes its identity


def _fields(state) -> tuple:
    """The state's field values, in order."""
    return _field_getter(type(state))(state)


@functools.cache
def _field_getter(cls: type) -> Callable:
    names = [f.name for f in dataclasses.fields(cls)]
    values = operator.attrgetter(*names)  # a tuple, in C, unless there is a single field
    return values if len(names) > 1 else lambda state: (values(state),)


def _assert_unchanged(state, before: tuple, complaint: str) -> None:
    """The state's fields hold the objects they held (``before``): a hashable state's values are immutable."""
    if not all(map(operator.is_, _fields(state), before)):
        names = [f.name for f, now, then in zip(dataclasses.fields(state), _fields(state), before, strict=True)
                 if now is not then]
        raise AssertionError(f"{complaint}: {', '.join(names)}")


class _SeenActions:
    """The distinct actions met so far in a run, in order (and a foreign object first): the illegal ones to try."""

    def __init__(self):
        self.order: list = [_Foreign()]
        self.index: dict = {self.order[0]: 0}

    def add(self, actions: Sequence) -> None:
        for action in actions:
            if action not in self.index:
                self.index[action] = len(self.order)
                self.order.append(action)

    def pick_not_in(self, legal: Sequence, rng: random.Random):
        """``rng.choice([a for a in self.order if a not in legal])``, the same pick from the same random state,
        without listing the thousands of actions a long run meets at every step."""
        skipped = sorted({self.index[a] for a in legal if a in self.index})
        i = rng.choice(range(len(self.order) - len(skipped)))
        for position in skipped:  # the i-th action not skipped
            if position > i:
                break
            i += 1
        return self.order[i]


def _check_illegal(state, before: tuple, seen_actions: _SeenActions, rng: random.Random,
                   stats: ConformanceStats) -> set:
    action = seen_actions.pick_not_in(state.legal_actions(), rng)
    try:
        state.apply(action)
    except IllegalActionError as err:
        assert RULE_ID.match(err.rule_id), f"refusal of {action!r} names no rule ID: {err.rule_id!r}"
        assert err.message, f"refusal of {action!r} gives no reason"
        rule_id = err.rule_id
    else:
        raise AssertionError(f"illegal action {action!r} was accepted in state {state!r}")
    _assert_unchanged(state, before, f"a refused action {action!r} changed the state")
    stats.illegal_checked += 1
    return {rule_id}


def _check_save_load(game: Game, history: list, final) -> None:
    playthrough = Playthrough(game, game.initial_state(), tuple(history), final)
    restored = loads(dumps(playthrough))
    assert restored.history == playthrough.history, "saved history did not load back equal"
    assert restored.final == final, "the replay of a saved game ends elsewhere"
