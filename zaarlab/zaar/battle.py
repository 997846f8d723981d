"""Zaar's raml throws and battles: a throw on entering a room (is the demon here?), at a shortcut or for an event; a
battle read from the astrolabe and fought with the raml; the backside's command after an extra win; the level-3
fight at the name table (ZAAR-RAML-*, ZAAR-BATTLE-*, ZAAR-ASTRO-*, ZAAR-CMD-*, ZAAR-LVL3-04, -05).

The rules module dispatches a throw (:func:`thrown`) and a fight (:func:`fight`) here; what a battle leads to (the
turn's end, coins from the bag, plaques revoked) is :mod:`zaarlab.zaar.encounter`'s.
"""

from __future__ import annotations

from ..core.api import replace
from ..core.hexgrid import Hex
from ..core.story import event
from .astrolabe import Plates, Result, command, read
from .encounter import (
    draw_coins,
    end_turn,
    logged,
    lose_coin,
    obey_command,
    revoke,
    room_facts,
    with_row,
)
from .raml import Requirement, meets, traps
from .state import Phase, ZaarState

SHORTCUT_NEEDS = {"broken_porch": ("sum", 4), "broken_stairway": ("sum", 5), "jive_khane": ("letters", "AB")}  # GAP-Z06


def shortcut_opens(room: str, throw: tuple) -> bool:
    """Whether ``throw`` opens the shortcut of the room ``room`` (GAP-Z06: a sum of the numbers, or a letter).

    >>> shortcut_opens("broken_stairway", ("A", 3, 1, 0)), shortcut_opens("jive_khane", ("B", 0, 0, 0))
    (False, True)
    """
    need, value = SHORTCUT_NEEDS.get(room, ("sum", 4))
    return sum(throw[1:]) >= value if need == "sum" else throw[0] in value


def thrown(state: ZaarState, throw: tuple) -> ZaarState:
    kind, p, raml = state.pending[0], state.player, state.game.raml
    warrior = state.characters[p] == "warrior"
    if kind == "entry":
        cell = state.pending[1]
        plaques = tuple(letter for c, letter in state.unrevoked() if c == cell)
        if plaques and traps(throw, plaques, raml, warrior):
            letter = next(letter for letter in plaques if traps((letter,), (letter,), raml) and traps(
                throw, (letter,), raml, warrior))
            new = replace(state, held=with_row(state.held, p, True), pending=("trapped", cell, letter, throw),
                          log=logged(state, event("raml_traps", "ZAAR-RAML-03", throw=throw,
                                                  **room_facts(state, cell))))
            if state.level == 1:
                return end_turn(replace(new, log=logged(new, event("no_battle", "ZAAR-LVL1-02"))))
            return replace(new, phase=Phase.TRAPPED)  # ZAAR-RAML-04
        new = replace(state, held=with_row(state.held, p, False), log=logged(state, event("raml_empty", throw=throw)))
        if state.pending[2] == "recheck":
            return replace(new, phase=Phase.TURN, pending=())
        if state.pending[2] == "shortcut":
            return replace(new, phase=Phase.CHOOSE, pending=("shortcut?", cell))
        return replace(new, phase=Phase.TURN, pending=())
    if kind == "battle":
        return _battle_throw(state, throw)
    if kind == "level3":
        return _level3_throw(state, throw)
    if kind == "shortcut":
        if shortcut_opens(state.mansion.room_at(state.pending[1]).id, throw):
            return replace(state, phase=Phase.CHOOSE, pending=("shortcut", state.pending[1]), log=logged(
                state, event("shortcut_opens", "ZAAR-ROOM-06", throw=throw)))
        return replace(state, phase=Phase.TURN, pending=(), log=logged(state, event("no_shortcut", "ZAAR-ROOM-06",
                                                                                  throw=throw)))
    card = state.pending[1]  # an event's throw (ZAAR-EVENT-07 a)
    effect = state.game.cards.events[card].effects[0]
    new = replace(state, pending=(), log=logged(state, event("event_throw", "ZAAR-EVENT-07", throw=throw)))
    if throw[0] in effect["lose_on"]:
        new = lose_coin(new, p, "life" if new.life[p] else "wisdom")
    return end_turn(new)


# -- battles -----------------------------------------------------------------------------------------------------
def fight(state: ZaarState) -> ZaarState:
    """Read the astrolabe for the trapping letter and the room's power, then settle the battle (ZAAR-ASTRO-*)."""
    _, cell, letter, table = state.pending
    p = state.player
    category = state.mansion.room_at(cell).category
    result, plates = read(state.game.astrolabe, Plates(*state.plates), letter, category)
    state = replace(state, plates=(plates.lower, plates.top, plates.back), log=logged(
        state, event("astrolabe", "ZAAR-ASTRO-06", shown=result.words())))
    if result.kind == "revoked":
        return _won(state, cell, letter, extra=True, result=result)
    if result.kind == "not_revoked":
        return end_turn(replace(state, log=logged(state, event("draw", "ZAAR-BATTLE-05"))))
    if result.kind == "sacrifice":
        if category == result.category:
            lost = replace(state, log=logged(state, event("life_lost", "ZAAR-ASTRO-09")))
            return end_turn(lose_coin(lost, p, "life"))
        return end_turn(replace(state, log=logged(state, event("not_this_room", "ZAAR-ASTRO-09"))))
    raml = state.game.raml
    if meets(table, result.requirement, raml, state.characters[p] == "warrior"):
        return _won(state, cell, letter, extra=True, result=result)  # ZAAR-ASTRO-12
    throws = battle_throws(state, p)
    if throws > state.wisdom[p]:  # the War cry (a lasting event) gave its throw: it is used up
        state = replace(state, lasting=with_row(state.lasting, p, ()))
    if throws == 0:
        return end_turn(lose_coin(state, p, "life"))
    return replace(state, phase=Phase.THROW, pending=("battle", cell, letter, throws, str(result.requirement),
                                                  result.requirement.kind, result.clockwise, result.dots))


def battle_throws(state: ZaarState, player: int) -> int:
    """The throws ``player`` has in a battle now: a wisdom coin each, and one more after a War cry."""
    war_cry = bool(state.lasting[player]) and state.lasting[player][0] == "war_cry"
    return state.wisdom[player] + war_cry


def _battle_throw(state: ZaarState, throw: tuple) -> ZaarState:
    _, cell, letter, left, text, kind, clockwise, dots = state.pending
    p, raml = state.player, state.game.raml
    warrior = state.characters[p] == "warrior"
    requirement = Requirement.from_text(text)
    if meets(throw, requirement, raml, warrior):
        extra = state.characters[p] == "wise" or traps(throw, (letter,), raml, warrior)  # ZAAR-BATTLE-06, -PAWN-07
        state = replace(state, log=logged(state, event("battle_extra_win" if extra else "battle_win", throw=throw)))
        return _won(state, cell, letter, extra, Result(kind, requirement, clockwise=clockwise, dots=dots))
    if left > 1:
        return replace(state, pending=("battle", cell, letter, left - 1, text, kind, clockwise, dots),
                       log=logged(state, event("battle_throw", throw=throw)))
    return end_turn(lose_coin(replace(state, log=logged(state, event("battle_lost", "ZAAR-BATTLE-04", throw=throw))), p,
                          "life"))


def _won(state: ZaarState, cell: Hex, letter: str, extra: bool, result) -> ZaarState:
    """The spell is revoked: two coins from the bag, one to the winner, one on the plaque (ZAAR-BATTLE-03); an extra
    win reads the backside (ZAAR-CMD-01)."""
    p = state.player
    state = revoke(state, [(cell, letter)], by=p)
    state = replace(state, held=with_row(state.held, p, False))
    queue = [("player", p), ("plaque", cell)]
    if extra:
        cmd, plates = command(state.game.astrolabe, Plates(*state.plates), result)
        state = replace(state, plates=(plates.lower, plates.top, plates.back), log=logged(
            state, event("backside", "ZAAR-CMD-01", said=cmd.words())))
        state, more = obey_command(state, cmd)
        queue += more
    return draw_coins(state, queue, then="end")


def _level3_throw(state: ZaarState, throw: tuple) -> ZaarState:
    _, left, _ = state.pending
    p, raml, table = state.player, state.game.raml, state.game.name_table
    covered = {cell for cell, _ in state.table_coins}
    warrior = state.characters[p] == "warrior"
    lines = [set(cells) & covered for _, code, cells in table.lines()
             if set(cells) & covered and meets(throw, Requirement.parse(code), raml, warrior)]
    if lines:
        best = max(lines, key=len)
        won = [coin for cell, coin in state.table_coins if cell in best]
        new = replace(state, table_coins=tuple(tc for tc in state.table_coins if tc[0] not in best),
                      life=with_row(state.life, p, state.life[p] + won.count("life")),
                      wisdom=with_row(state.wisdom, p, state.wisdom[p] + won.count("wisdom")), last_taker=p,
                      pending=("fought",), phase=Phase.TURN,
                      log=logged(state, event("takes_coins", "ZAAR-LVL3-04", player=p, coins=len(won))))
        return end_turn(new)
    if left > 1:
        return replace(state, pending=("level3", left - 1, "fought"))
    return end_turn(lose_coin(replace(state, pending=("fought",), log=logged(state, event("no_line", "ZAAR-LVL3-05"))),
                          p, "life"))
