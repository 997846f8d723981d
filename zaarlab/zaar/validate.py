"""What every reachable state of Zaar satisfies; saved states are refused unless they do.

Once the first room is down: 48 life and 48 wisdom coins and 7 of each tool wherever they are (players, the bag, the
plaques, the name table, the supply, the mansion), all 72 cards in the pile, the mansion, a hand or the discards,
one room a cell, one entry per player, pawns in the mansion exactly when their player is inside.

Examples
--------
>>> from dataclasses import replace
>>> from .state import ZaarGame
>>> state = ZaarGame(players=2).initial_state()
>>> validate(state)
>>> validate(replace(state, level=7))
Traceback (most recent call last):
...
zaarlab.core.validate.InvalidState: level: a whole number from 1 to 4 expected, not 7
"""

from __future__ import annotations

from collections import Counter

from ..core.validate import integer, ledger, pairs, per_player, players, require, strings
from .cards import BAG, TOOLS
from .state import TOOL_ORDER, Phase

PHASES = tuple(Phase)
SETUP = (Phase.ORDER, Phase.CHARACTER, Phase.START)
STATUSES = ("in", "exiled", "escaped", "buried")


def validate(state) -> None:
    """Raise :class:`~zaarlab.core.validate.InvalidState` naming the first thing no game of Zaar can show."""
    game = state.game
    n = game.players
    require(state.phase in PHASES, "phase", f"one of {', '.join(PHASES)}, not {state.phase!r}")
    integer(state.turn, "turn", 0, game.turn_limit + 1)
    integer(state.player, "player", 0, n - 1)
    integer(state.level, "level", 1, 4)
    integer(state.trapper, "trapper", -1, n - 1)
    integer(state.last_taker, "last_taker", -1, n - 1)
    players(state.winner, "winner", n)
    coins = sum(BAG.values())  # a turn's draws and moves come from a player's coins, added to at most once more
    integer(state.draws_left, "draws_left", 0, 2 * coins)
    integer(state.moves_left, "moves_left", 0, 2 * coins)
    astrolabe = game.astrolabe
    require(isinstance(state.plates, tuple) and len(state.plates) == 3, "plates", "(lower, top, back) sectors")
    for name, value, ring in zip(("lower", "top", "back"), state.plates, (astrolabe.lower, astrolabe.top,
                                                                           astrolabe.backside), strict=True):
        integer(value, f"plates ({name})", 0, len(ring) - 1)
    strings(state.pile, "pile")
    strings(state.discarded, "discarded")
    cells = [cell for cell, _, _ in state.rooms]
    require(len(cells) == len(set(cells)), "rooms", "one room a cell (ZAAR-PLACE-03)")
    cards = Counter(state.pile)  # counted in C (a sum of Counters adds them up in Python)
    for pile in ((room for _, room, _ in state.rooms), state.discarded, [state.drawn] if state.drawn else []):
        cards.update(pile)
    _setup(state, n)
    if state.phase in SETUP:
        require(not cards - Counter(game.cards.deck()), "cards", "only the game's 72 cards")
        return
    ledger("cards", cards.elements(), game.cards.deck())
    per_player(state, n, "life", "wisdom", "tools", "pawns", "status", "held", "lasting", "events_passed", "stays")
    for p, stayed in enumerate(state.stays):
        integer(stayed, f"stays[{p}]", 0, game.turn_limit)
    require(isinstance(state.bag, tuple) and len(state.bag) == 2, "bag", "(life, wisdom) coins in the bag")
    for i, coin in enumerate(("life", "wisdom")):
        for p, held in enumerate(getattr(state, coin)):
            integer(held, f"{coin}[{p}]", 0, BAG[coin])
        integer(state.bag[i], f"bag[{i}] ({coin})", 0, BAG[coin])
        elsewhere = sum(c == coin for _, c in state.plaque_coins + state.table_coins)
        require(state.bag[i] + sum(getattr(state, coin)) + elsewhere == BAG[coin], f"{coin} coins",
                f"{BAG[coin]} in the game, wherever they are (ZAAR-COMP-03)")
    for p, held in enumerate(state.tools):
        require(isinstance(held, tuple) and all(isinstance(t, str) for t in held), f"tools[{p}]",
                f"a list of tool names expected, not {held!r:.40}")
        require(list(held) == sorted(held), f"tools[{p}]", "the tools a player holds, in order (as a game keeps them)")
    tools = Counter(t for held in state.tools for t in held)
    require(isinstance(state.supply, tuple) and len(state.supply) == len(TOOLS), "supply", "one count per tool")
    tools.update({tool: n for tool, n in zip(TOOL_ORDER, state.supply, strict=True)})
    tools.update(["boswellia"] * len(state.passages) + ["peganum"] * len(state.peganums)
                 + ["amulet"] * len(state.amulet_doors))
    ledger("tools", tools.elements(), Counter(TOOLS).elements())
    layout = {cell for cell, _, _ in state.rooms}
    _mansion_fields(state, layout)
    for p in range(n):
        require(state.status[p] in STATUSES, f"status[{p}]", f"one of {STATUSES}, not {state.status[p]!r}")
        pawn = state.pawns[p]
        require(isinstance(pawn, tuple) and len(pawn) == (state.status[p] == "in") and set(pawn) <= layout,
                f"pawns[{p}]", "in a room of the mansion exactly when the player is inside")


PENDING = ("battle", "cancel", "entry", "event", "fall", "fought", "gift", "level3", "nearest", "revoke", "shortcut",
           "shortcut?", "swap", "then", "trapped")  # what a chance node or a choice is for


def _setup(state, n: int) -> None:
    """The advanced setup's fields: groups still to order, the raml's numbers thrown, who picks a character next."""
    require(isinstance(state.order, tuple) and all(isinstance(g, tuple) for g in state.order), "order",
            "groups of players")
    players(tuple(p for group in state.order for p in group), "order", n)
    pairs(state.rolls, "rolls")
    players(tuple(p for p, _ in state.rolls), "rolls", n)
    for i, (_, number) in enumerate(state.rolls):
        integer(number, f"rolls[{i}]", 0, 999)
    players(state.choosers, "choosers", n)
    per_player(state, n, "characters")
    for p, character in enumerate(state.characters):
        require(character == "" or character in state.game.characters, f"characters[{p}]",
                f"a character of the game or none, not {character!r:.40}")


def _mansion_fields(state, layout: set) -> None:
    """Revoked plaques, flipped cells, rooms used by missions and the demon's room lie in the mansion; the name's
    letters are the table's, each once; what is pending is one of the game's kinds; coins go somewhere."""
    pairs(state.revoked, "revoked")
    for name, cells in (("revoked", [c for c, _ in state.revoked]), ("destroyed", state.destroyed),
                        ("used_rooms", state.used_rooms), ("demon_room", state.demon_room)):
        require(isinstance(cells, list | tuple) and set(cells) <= layout, name, "cells of the mansion")
    require(len(state.demon_room) <= 1, "demon_room", "one room at most")
    letters = state.game.name_table.letters
    revealed = state.revealed
    require(all(isinstance(x, str) for x in revealed) and len(set(revealed)) == len(revealed)
            and set(revealed) <= set(letters), "revealed", f"letters of the name ({', '.join(letters)}), each once")
    require(all(isinstance(x, str) or (isinstance(x, tuple) and len(x) == 2 and x[0] == "events") for x in state.paid),
            "paid", "missions paid once: their names, or (events, player)")
    require(not state.pending or state.pending[0] in PENDING, "pending", f"one of {', '.join(PENDING)}")
    pairs(state.coin_queue, "coin_queue")
    for i, (kind, target) in enumerate(state.coin_queue):
        to_player = kind == "player" and type(target) is int and 0 <= target < state.game.players
        require(to_player or kind in ("plaque", "table") and isinstance(target, tuple), f"coin_queue[{i}]",
                "where a coin goes: (player, p), (plaque, cell) or (table, cell)")
