"""Reading JSON that a user hands over (score files, mansions, saved games, ``--params``), with bounded work.

Every failure is one :class:`ValueError` whose message names where the JSON came from: a file too big (or endless,
like ``/dev/zero``), bytes that are not UTF-8, text that is not JSON, nesting deeper than any zaarlab file needs,
numbers JSON has no place for (``NaN``, ``Infinity``) or longer than any game's (:data:`MAX_DIGITS`), or a key twice
in one object.

Examples
--------
>>> parse_json('{"players": 3}', "--params")
{'players': 3}
>>> parse_json('{"players": 3', "--params")
Traceback (most recent call last):
...
ValueError: --params: not valid JSON: it breaks off or goes wrong at line 1, column 14
>>> parse_json("[" * 500 + "]" * 500, "--params")
Traceback (most recent call last):
...
ValueError: --params: JSON nested deeper than 64 levels
>>> parse_json("[" + "9" * 5000 + "]", "game.json")
Traceback (most recent call last):
...
ValueError: game.json: a number of 5,000 digits: zaarlab's files hold none longer than 100
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

from .files import read_text

MAX_JSON_BYTES = 20_000_000  # a saved game of thousands of actions is a few MB
MAX_DEPTH = 64  # a saved state nests about ten levels
MAX_DIGITS = 100  # a saved game's longest number is the dice's state (ten digits); a fraction's, far below this


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number zaarlab accepts")


def _bounded_int(digits: str) -> int:
    """A whole number of at most :data:`MAX_DIGITS` digits (Python's own refusal of longer ones names its limit)."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(digits.lstrip('-')):,} digits: zaarlab's files hold none longer than "
                         f"{MAX_DIGITS}")
    return int(digits)


def _no_key_twice(pairs: list[tuple[str, Any]]) -> dict[Any, Any]:
    """An object, refused if a key comes twice (JSON would keep the last silently)."""
    found = dict(pairs)
    if len(found) < len(pairs):
        twice = next(key for i, (key, _) in enumerate(pairs) if any(key == k for k, _ in pairs[:i]))
        raise ValueError(f"the key {twice[:40]!r} comes twice in one object")
    return found


def parse_json(text: str, where: str) -> Any:
    """Parse ``text``; refuse deep nesting and ``NaN``/``Infinity``, naming ``where`` it came from."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:  # brackets outside strings: a cheap bound before json recurses
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                raise ValueError(f"{where}: JSON nested deeper than {MAX_DEPTH} levels")
        elif char in "]}":
            depth -= 1
    try:
        return json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_no_key_twice,
                          parse_int=_bounded_int)
    except json.JSONDecodeError as error:
        raise ValueError(f"{where}: not valid JSON: it breaks off or goes wrong at line {error.lineno}, column "
                         f"{error.colno}") from None  # the parser's own words name its internals
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


def read_json(path: str | Path, limit: int = MAX_JSON_BYTES) -> Any:
    """Read a JSON file (a regular file, :mod:`zaarlab.core.files`) of at most ``limit`` bytes, UTF-8; every error
    names the file."""
    return parse_json(read_text(path, limit, "a JSON file"), str(path))
