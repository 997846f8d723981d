"""Playing a game table as a person would, by clicking its board: for the tests of every game's table."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from zaarlab.core.rule_texts import RULE_ID
from zaarlab.ui.table import Table, text_of

SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")  # an engine id: lucky_charm, straight_alt
CLASS = re.compile(r"\b[A-Z][a-z]+[A-Z]\w*\(")  # a class or its repr: TradeIn(
REPR = re.compile(r"\w\((?:\w+=|\))|\[\]|->|\b(?:None|True|False)\b")


def unreadable(text: str) -> list[str]:
    """What in ``text`` a player should never read: engine ids, class names, Python reprs, bare rule IDs."""
    found = []
    for pattern in (SNAKE, CLASS, REPR, RULE_ID):
        found += [m.group(0) for m in pattern.finditer(text)]
    return found


def click_move(table: Table, action) -> None:
    """Make ``action`` by clicking the board: it must be there, marked."""
    keys = table.clicks_for(action)
    assert keys, f"no click on the board makes {table.move_words(table.state, action)!r}"
    before = len(table.match.session.history)
    for key in keys:
        send(table, key)
    assert len(table.match.session.history) > before, table.said.value


MAP_KEYS = {"province:": str, "room:": str, "free:": int}  # a map's keys, by the type of the point's customdata


def send(table: Table, key: str) -> None:
    """A click as the page sends it: on the map (a province, a room, a free cell's number:
    :mod:`zaarlab.ui.map_chart`) or on the board."""
    prefix = next((p for p in MAP_KEYS if key.startswith(p)), None)
    if prefix:
        value = MAP_KEYS[prefix](key.removeprefix(prefix))
        table.map.clicked = {"value": value, "n": table.map.clicked.get("n", 0) + 1}
    else:
        table.board.clicked = {"key": key, "n": table.board.clicked.get("n", 0) + 1}


def play_by_clicks(table: Table, choose: Callable, rng: random.Random, read: Callable[[Table], None] = lambda t: None,
                   max_moves: int = 2_000) -> int:
    """Play every person's move by clicking, the move ``choose(state, rng)`` picks; ``read(table)`` before each one
    and at the end. Returns the moves made."""
    moves = 0
    while not table.state.is_terminal():
        assert moves < max_moves, "the game did not end"
        if table.passing:
            table.buttons["show my cards"].click()
        read(table)
        click_move(table, choose(table.state, rng))
        moves += 1
    read(table)
    return moves


def readable(table: Table) -> None:
    """The table shows nothing a player should not have to read."""
    assert not unreadable(text_of(table)), (unreadable(text_of(table)), text_of(table))


def moves_are_marked(table: Table) -> int:
    """Every legal move of the person to move is made by clicks on the board, and every marked piece that is no mere
    choice makes a legal move. Returns the moves checked."""
    if table.to_move() is None or table.passing:
        return 0
    legal = table.state.legal_actions()
    for action in legal:
        assert table.clicks_for(action), table.move_words(table.state, action)
    for zone in table.board.zones:
        for piece in zone["pieces"]:
            if piece["target"] and not table.select_only(piece["key"]):
                assert table.action_for(table.state, piece["key"]) in legal, piece["key"]
    return len(legal)
