"""Checks shared by the games' ``validate(state)`` and their parameters: shapes, ranges, and ledgers of cards.

A saved state comes from a file a person may have edited. Each game's ``validate`` (run by ``state_from_dict`` and by
the conformance tests at every step) asks of it what every reachable state satisfies: every card, coin and unit
accounted for, players in range, one entry per player. The first problem found is raised as :class:`InvalidState`,
whose message names the field.

Examples
--------
>>> ledger("cards", ["a", "a", "c"], ["a", "b", "c"])
Traceback (most recent call last):
...
zaarlab.core.validate.InvalidState: cards: a 2 times where the game has 1; b missing
"""

from __future__ import annotations

import dataclasses
import enum
import sys
from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import repeat
from typing import Any

from .jsonio import MAX_DEPTH  # one bound for a saved state, read as JSON or handed over as data
from .story import Event, Story, old_line


class InvalidState(ValueError):
    """A state no game can reach: cards made or lost, a player out of range, a field of the wrong shape."""


def require(condition: bool, where: str, problem: str) -> None:
    """Raise :class:`InvalidState` ``"where: problem"`` unless ``condition``."""
    if not condition:
        raise InvalidState(f"{where}: {problem}")


def ledger(where: str, found: Iterable[Any], expected: Iterable[Any]) -> None:
    """Refuse unless ``found`` holds exactly the multiset ``expected`` (items, or a ``Counter`` of them), naming
    the first differences."""
    have, want = Counter(found), expected if isinstance(expected, Counter) else Counter(expected)
    if dict.__eq__(have, want) or have == want:  # the same counts compared in C; as Counters (zeros) only if not
        return
    problems = [f"{item} {n} times where the game has {want[item]}" if item in want else f"{item} is not in the game"
                for item, n in sorted(have.items(), key=lambda kv: str(kv[0])) if n > want[item]]
    problems += [f"{item} missing" for item, n in sorted(want.items(), key=lambda kv: str(kv[0])) if have[item] < n]
    raise InvalidState(f"{where}: {'; '.join(problems[:4])}" + ("; ..." if len(problems) > 4 else ""))


# The checks below run for every field of every state loaded or played under the conformance tests: each writes
# its message only when it fails.
def per_player(state: Any, players: int, *names: str) -> None:
    """Each field in ``names`` is a tuple with one entry per player."""
    for name in names:
        value = getattr(state, name)
        if not (isinstance(value, tuple) and len(value) == players):
            raise InvalidState(f"{name}: one entry per player ({players}) expected, not {_shape(value)}")


def integer(value: Any, where: str, low: int, high: int) -> None:
    """``value`` is an int (not a bool or a float) from ``low`` to ``high``."""
    if not (isinstance(value, int) and not isinstance(value, bool) and low <= value <= high):
        raise InvalidState(f"{where}: a whole number from {low} to {high} expected, not {value!r}")


def players(value: Any, where: str, n: int, once: bool = True) -> None:
    """``value`` is a tuple of players of an ``n``-player game (ints from 0), each at most once if ``once``."""
    if not (isinstance(value, tuple) and all(type(p) is int and 0 <= p < n for p in value)
            and (not once or len(set(value)) == len(value))):
        raise InvalidState(f"{where}: players of this game{', each once,' if once else ''} expected, not "
                           f"{_shape(value)}")


def pairs(value: Any, where: str) -> None:
    """``value`` is a tuple of pairs (two-element tuples): ``(cell, letter)``, ``(player, number)``..."""
    if not (isinstance(value, tuple) and all(isinstance(v, tuple) and len(v) == 2 for v in value)):
        raise InvalidState(f"{where}: a list of pairs expected, not {_shape(value)}")


def strings(value: Any, where: str) -> None:
    """``value`` is a tuple of strings (a pile of card ids)."""
    if not (isinstance(value, tuple) and all(map(isinstance, value, repeat(str)))):
        raise InvalidState(f"{where}: a list of card ids expected, not {_shape(value)}")


MAX_TURNS = 1000  # a turn limit: far past any game's end (the defaults are 30 to 200), short of a run without end


def check_params(game: Any) -> None:
    """Refuse a game parameter whose type is not the declared one (``players=2.5``, ``players=True``), and a turn
    limit outside 1 to :data:`MAX_TURNS`.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Toy:
    ...     players: int = 2
    >>> check_params(Toy(players=True))
    Traceback (most recent call last):
    ...
    ValueError: players is a whole number, not True
    """
    kinds = {"int": "a whole number", "str": "text", "bool": "true or false"}
    for f in dataclasses.fields(game):
        value, kind = getattr(game, f.name), f.type if isinstance(f.type, str) else f.type.__name__
        if kind in kinds and type(value).__name__ != kind:
            raise ValueError(f"{f.name} is {kinds[kind]}, not {value!r:.40}")
    limit = getattr(game, "turn_limit", 1)
    if not 1 <= limit <= MAX_TURNS:
        raise ValueError(f"the turn limit is from 1 to {MAX_TURNS} turns, not {limit}")


def params_from_dict(cls: Any, data: Any) -> Any:
    """A game from its parameters, refusing anything but a dict of its known parameters."""
    if not isinstance(data, dict):
        raise ValueError(f"{cls.name}'s parameters are a JSON object, not {_shape(data)}")
    known = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - known)
    if unknown:
        named = ", ".join(repr(name[:40]) for name in unknown[:3]) + (f" and {len(unknown) - 3} more"
                                                                      if len(unknown) > 3 else "")
        raise ValueError(f"{cls.name} has no parameter {named} (it has {', '.join(sorted(known))})")
    return cls(**data)


def _shape(value: Any) -> str:
    if isinstance(value, tuple | list):
        return f"a list of {len(value)}"
    return f"{type(value).__name__} {value!r}"[:60]


_KIND_WORDS = {tuple: "a list", int: "a whole number", bool: "true or false", str: "text"}


def _depth(data: Any) -> int:
    """How deep lists and dicts nest in ``data``, counted level by level without recursion (a list 5,000 deep is a
    value too), and no further than one level past ``MAX_DEPTH``.

    >>> _depth(5), _depth([]), _depth({"a": [1, [2]], "b": ()})
    (0, 1, 3)
    """
    level, depth = [data] if isinstance(data, list | tuple | dict) else [], 0
    while level and depth <= MAX_DEPTH:
        depth += 1
        level = [child for value in level for child in (value.values() if isinstance(value, dict) else value)
                 if isinstance(child, list | tuple | dict)]
    return depth


@cache
def _kinds(cls: type) -> dict[str, type]:
    """Each field of a state class whose default is a list, a number, a flag or a name: the type it always holds."""
    return {f.name: type(f.default) for f in dataclasses.fields(cls) if type(f.default) in _KIND_WORDS}


@cache
def _enums(cls: type) -> dict[str, type[enum.StrEnum]]:
    """Each field of a state class typed as an enum of text (a game's ``Phase``): the enum its saved text is read as."""
    names = vars(sys.modules[cls.__module__])
    kinds = {f.name: names.get(f.type, f.type) if isinstance(f.type, str) else f.type for f in dataclasses.fields(cls)}
    return {name: kind for name, kind in kinds.items() if isinstance(kind, type) and issubclass(kind, enum.StrEnum)}


def _log(data: Any, story: Story) -> tuple[Event, ...]:
    """A saved log: events this game tells, or the lines of a game saved before logs held events (read as written)."""
    require(isinstance(data, list), "log", f"a list of events, not {_shape(data)}")
    events = []
    for i, entry in enumerate(data):
        if isinstance(entry, str):
            events.append(old_line(entry))
            continue
        try:
            told = Event.from_json(entry)
        except ValueError as error:
            raise InvalidState(f"log[{i}]: cannot be read: {error}") from None
        why = story.check(told)
        require(why is None, f"log[{i}]", str(why))
        events.append(told)
    return tuple(events)


def load_state(cls: type, data: Any, types: Iterable[type], game: Any) -> Any:
    """A game's state from :func:`~zaarlab.core.codec.encode_fields` output, checked by its ``validate()``."""
    from .codec import decode

    if not isinstance(data, dict):
        raise InvalidState(f"a saved {game.name} state is a JSON object, not {_shape(data)}")
    fields = {f.name for f in dataclasses.fields(cls)} - {"game"}
    unknown = sorted(set(data) - fields)
    require(not unknown, "state", f"no field {', '.join(map(repr, unknown))} in a {game.name} state")
    missing = sorted(fields - set(data))
    require(not missing, "state", f"a saved {game.name} state holds every field; {', '.join(missing)} is missing")
    position = {name: value for name, value in data.items() if name != "log"}  # the log's events bound their own depth
    require(_depth(position) <= MAX_DEPTH, "state", f"nested deeper than {MAX_DEPTH} levels: no game's state is")
    values: dict[str, Any] = {}
    kinds, enums = _kinds(cls), _enums(cls)
    for name, value in data.items():
        if name == "log":
            values[name] = _log(value, getattr(cls, "story"))  # noqa: B009 (every game's state class has one)
            continue
        try:
            values[name] = decode(value, types)
        except (TypeError, ValueError, KeyError, AttributeError) as error:
            raise InvalidState(f"{name}: cannot be read: {error}") from None
        if name in enums:
            try:
                values[name] = enums[name](values[name])
            except (ValueError, TypeError):
                raise InvalidState(f"{name}: one of {', '.join(enums[name])}, not {_shape(values[name])}") from None
        kind = kinds.get(name)
        if kind is not None and type(values[name]) is not kind:  # a pile, a count, a flag or a name, as saved
            raise InvalidState(f"{name}: {_KIND_WORDS[kind]} expected, not {_shape(values[name])}")
    try:
        state = cls(**values, game=game)
    except TypeError as error:
        raise InvalidState(f"state: {error}") from None
    state.validate()
    return state
