"""What every reachable state of Zargos satisfies; saved states are refused unless they do.

The 40 magic cards accounted for (deck, bottom, removed, hands, red cards in force), at most 3 in a hand, boats
within the supply of 15, each people's units within its stock, provinces of the map held once, peoples and players in
range.

Examples
--------
>>> from dataclasses import replace
>>> from .state import ZargosGame
>>> state = ZargosGame(players=3).initial_state()
>>> validate(state)
>>> validate(replace(state, boats=(8, 8, 0)))
Traceback (most recent call last):
...
zaarlab.core.validate.InvalidState: boats: 16 in use, the supply has 15 (ZARGOS-COMP-03)
"""

from __future__ import annotations

from ..core.validate import InvalidState, integer, ledger, pairs, per_player, players, require, strings
from .cards import magic_deck, peoples
from .state import Phase
from .upkeep import BOATS, HAND_LIMIT, UNIT_STOCK

PHASES = tuple(Phase)


def validate(state) -> None:
    """Raise :class:`~zaarlab.core.validate.InvalidState` naming the first thing no game of Zargos can show."""
    game = state.game
    n = game.players
    require(state.phase in PHASES, "phase", f"one of {', '.join(PHASES)}, not {state.phase!r}")
    integer(state.turn, "turn", 0, game.turn_limit + 1)
    per_player(state, n, "boats", "hands")
    for p, boats in enumerate(state.boats):
        integer(boats, f"boats[{p}]", 0, BOATS)
    require(sum(state.boats) <= BOATS, "boats", f"{sum(state.boats)} in use, the supply has {BOATS} (ZARGOS-COMP-03)")
    for name in ("deck", "bottom", "removed"):
        strings(getattr(state, name), name)
    for p, hand in enumerate(state.hands):
        strings(hand, f"hands[{p}]")
        choosing = state.phase == Phase.DISCARD and bool(state.draws) and state.draws[0][0] == p
        require(len(hand) <= HAND_LIMIT + choosing, f"hands[{p}]", f"at most {HAND_LIMIT} cards (ZARGOS-MAGIC-02)")
    in_force = [card for card, _ in state.effects] + ([state.strike[0]] if state.strike else [])
    ledger("magic cards", [*state.deck, *state.bottom, *state.removed, *(c for h in state.hands for c in h), *in_force],
           magic_deck(game.data_dir or None))
    known = {p.id for p in peoples(game.data_dir or None)}
    require(set(state.peoples) <= known and len(set(state.peoples)) == len(state.peoples), "peoples",
            f"each of {', '.join(sorted(known))} chosen at most once")
    require(len(state.owners) == len(state.peoples) and all(isinstance(o, int) and 0 <= o < n for o in state.owners),
            "owners", "one player of this game for each people chosen")
    require(set(state.seats) <= set(state.peoples), "seats", "only peoples in play take seats")
    if state.seats:
        integer(state.seat, "seat", 0, len(state.seats) - 1)
    for name in ("master", "winner"):
        value = getattr(state, name)
        require(value == "" or value in state.peoples, name, f"a people in play, not {value!r}")
    provinces, units, on_map = set(), {}, game.planet.provinces
    for i, entry in enumerate(state.board):  # ~100 entries a state: each message is written only if it is needed
        if not (isinstance(entry, tuple) and len(entry) == 3):
            raise InvalidState(f"board[{i}]: (province, people, units)")
        province, people, count = entry
        if province not in on_map or province in provinces:
            raise InvalidState(f"board[{i}]: {province!r} is not a province of the map, or is held twice")
        if people not in state.peoples:
            raise InvalidState(f"board[{i}]: {people!r} is not a people in play")
        if not (type(count) is int and 1 <= count <= UNIT_STOCK):
            integer(count, f"board[{i}] units", 1, UNIT_STOCK)
        provinces.add(province)
        units[people] = units.get(people, 0) + count
    for people, count in units.items():
        require(count <= UNIT_STOCK, "board", f"the {people} have {count} units, their stock is {UNIT_STOCK}")
    for kingdom, people in state.kingdom_cards:
        require(kingdom in game.planet.kingdoms and people in state.peoples, "kingdom_cards",
                f"({kingdom!r}, {people!r}) is not a kingdom held by a people in play")
    require(len(set(state.seats)) == len(state.seats), "seats", "each people takes one seat")
    most = 4 * len(on_map) + sum(k.capital_value or 0 for k in game.planet.kingdoms.values())  # above any count
    for name, high in (("points", most), ("reserve", UNIT_STOCK)):
        seen = set()
        for i, entry in enumerate(getattr(state, name)):
            if not (isinstance(entry, tuple) and len(entry) == 2 and entry[0] in state.peoples) or entry[0] in seen:
                raise InvalidState(f"{name}[{i}]: (people in play, number), each people once")
            integer(entry[1], f"{name}[{i}]", 0, high)
            seen.add(entry[0])
    for i, entry in enumerate(state.attacking):
        if not (isinstance(entry, tuple) and len(entry) == 2 and entry[0] in on_map):
            raise InvalidState(f"attacking[{i}]: (province of the map, units)")
        integer(entry[1], f"attacking[{i}] units", 1, UNIT_STOCK)
    integer(state.budget, "budget", 0, most)
    _pending(state, n, on_map, magic_deck(game.data_dir or None))


def _pending(state, n: int, on_map, cards) -> None:
    """What is still to happen: roll-offs, combats, reorganisation, draws and the magic cards' windows."""
    members = tuple(m for group in state.ranking for m in group) if isinstance(state.ranking, tuple) else (None,)
    require(all(isinstance(g, tuple) for g in state.ranking) and len(set(members)) == len(members) and all(
        (type(m) is int and 0 <= m < n) or m in state.peoples for m in members), "ranking",
            "groups of players or peoples in play, each once")
    for i, face in enumerate(state.rolls):
        integer(face, f"rolls[{i}]", 1, 6)
    for name in ("choosers", "red_queue", "swap_queue"):  # a player with two peoples comes twice
        players(getattr(state, name), name, n, once=False)
    if state.combat:
        require(len(state.combat) == 7 and state.combat[0] in on_map and state.combat[3] in ("", *state.peoples),
                "combat", "(province, attackers, defenders, defender, demon dice, extra dice a, d)")
        for i in (1, 2, 4, 5, 6):
            integer(state.combat[i], f"combat[{i}]", 0, UNIT_STOCK)
    for i, step in enumerate(state.reorg):
        if not (isinstance(step, tuple) and len(step) == 3):
            raise InvalidState(f"reorg[{i}]: (from, to, units)")
        integer(step[2], f"reorg[{i}] units", 1, UNIT_STOCK)
    pairs(state.draws, "draws")
    players(tuple(p for p, _ in state.draws), "draws", n, once=False)
    for i, (_, count) in enumerate(state.draws):
        integer(count, f"draws[{i}]", 0, len(cards))
    known = set(cards)
    for name, played in (("window", [c for c, _ in state.window] if isinstance(state.window, tuple) else [None]),
                         ("boosts", state.boosts), ("spell", state.spell[:1])):
        require(set(played) <= known, name, "magic cards of the game")
    pairs(state.window, "window")
    require(len(state.spell) in (0, 2), "spell", "(card, target) or nothing")
    pairs(state.war_queue, "war_queue")
    players(tuple(p for p, _ in state.war_queue), "war_queue", n, once=False)
    require(not state.offer or len(state.offer) == 4 and all(type(p) is int and 0 <= p < n for p in state.offer[:2]),
            "offer", "(from, to, give, take) between players of this game")
