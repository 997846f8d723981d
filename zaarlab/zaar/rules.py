"""The rules of Zaar as pure functions: who acts, what is legal, what each action does.

Glossary (rule IDs of ``docs/rules/zaar.md``): the **mansion** and its **enclosures**
(:mod:`zaarlab.zaar.board`), **plaques** and their letters, the **raml** (:mod:`zaarlab.zaar.raml`), the
**astrolabe** (:mod:`zaarlab.zaar.astrolabe`), the **name table** (:mod:`zaarlab.zaar.name_table`), **coins**
(life, wisdom, tools), the four **levels** (ZAAR-LVL*), **missions** (:mod:`zaarlab.zaar.missions`).

Phases: ``order`` / ``character`` (advanced mode), ``start``, then ``turn`` with its chance steps ``draw``,
``throw`` and ``coin`` and the choices ``place``, ``choose``, ``trapped``; ``over`` at the end.
A turn is free in order (ZAAR-TURN-01): draw up to wisdom cards, move up to life times, buy and use tools.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

from ..core.api import CHANCE, TERMINAL, Action, IllegalActionError, legal_outcomes, replace
from ..core.codec import encode_fields
from ..core.dist import ChanceTable, Dist
from ..core.hexgrid import Hex
from ..core.story import event
from . import battle, encounter
from .board import Mansion
from .encounter import with_row
from .raml import Raml, throw_dist
from .state import (
    TOOL_ORDER,
    BuyTool,
    Choose,
    DrawCard,
    EndTurn,
    Escape,
    Fight,
    Move,
    Phase,
    PickCharacter,
    Place,
    PlaceTool,
    Relocate,
    RetrieveTool,
    SpendTool,
    StartRoom,
    Throw,
    ZaarState,
)

CHANCE_PHASES = (Phase.ORDER, Phase.DRAW, Phase.THROW, Phase.COIN)
PRICE, KNIGHT_PRICE = 3, 2  # ZAAR-TOOL-03, ZAAR-PAWN-05
START_COINS = (3, 3)  # normal mode (ZAAR-PAWN-01)


# -- who acts ----------------------------------------------------------------------------------------------
def actor(state: ZaarState) -> int:
    if state.phase == Phase.OVER:
        return TERMINAL
    if state.phase in CHANCE_PHASES:
        return CHANCE
    if state.phase == Phase.CHARACTER:
        return state.choosers[0]
    if state.phase == Phase.START:
        return 0  # the first player (ZAAR-SETUP-08: birthdays; the engine seats them first)
    return state.player


# -- chance ------------------------------------------------------------------------------------------------


@cache
def _sums(raml: Raml) -> Dist:
    return throw_dist(raml).map(lambda t: sum(t[1:]))


def chance_weights(state: ZaarState) -> Sequence[tuple[Any, int, int]]:
    if state.phase == Phase.ORDER:
        return _sums(state.game.raml).triples()  # the raml's numbers added up (GAP-Z03)
    if state.phase == Phase.DRAW:
        return ChanceTable.draw(state.pile)
    if state.phase == Phase.THROW:
        return throw_dist(state.game.raml).triples()
    life, wisdom = state.bag  # ZAAR-COIN-04: a coin drawn blind
    return [(c, n, life + wisdom) for c, n in (("life", life), ("wisdom", wisdom)) if n]


# -- legal actions -----------------------------------------------------------------------------------------
def legal_actions(state: ZaarState) -> tuple[Any, ...]:
    if state.phase == Phase.OVER:
        return ()
    if state.phase in CHANCE_PHASES:
        return legal_outcomes(state)
    if state.phase == Phase.CHARACTER:
        taken = set(state.characters)
        return tuple(PickCharacter(c) for c in sorted(state.game.characters) if c not in taken)
    if state.phase == Phase.START:
        cards = state.game.cards
        return tuple(StartRoom(r) for r in sorted(cards.rooms) if cards.rooms[r].plaques
                     and len(cards.rooms[r].doors) >= state.game.players)  # ZAAR-SETUP-02
    if state.phase == Phase.PLACE:
        fits = state.mansion.legal_placements(state.drawn)
        return tuple(Place(c, k) for c, k in fits) or (Choose("back to the pile"),)
    if state.phase in (Phase.CHOOSE, Phase.TRAPPED):
        return tuple(sorted(set(encounter.choices(state)), key=Action.sort_key))
    return tuple(sorted(set(_turn_actions(state)), key=Action.sort_key))  # one key per action, not per comparison


def _turn_actions(state: ZaarState) -> Iterator[Action]:
    p, level = state.player, state.level
    here = state.pawn(p)
    if level == 3 and here is not None and here == state.demon_room[0] and not _fought(state):
        yield Throw()  # in the demon's room one must fight (ZAAR-LVL3-08)
        return
    yield EndTurn()
    if level <= 2 and state.draws_left > 0 and state.pile:
        yield DrawCard()
    if here is not None and state.moves_left > 0 and not state.held[p]:
        yield from (Move(to, kind) for to, kind in encounter.moves_from(state, p))
    if here is not None and level <= 3 and state.mansion.room_at(here).special == "suspended":
        alone = all(state.pawn(q) != here for q in range(state.game.players) if q != p)
        if alone:
            yield from (Relocate(to) for to in state.mansion.relocations(here))
    if level == 4 and here is not None and state.mansion.room_at(here).is_sacred:
        yield Escape()
    yield from _tool_actions(state)


def _fought(state: ZaarState) -> bool:
    return "fought" in state.pending


def _tool_actions(state: ZaarState) -> Iterator[Action]:
    p = state.player
    if state.level < 4 or not state.moved:  # level 4: tools only before the move (ZAAR-TOOL-05)
        price = KNIGHT_PRICE if state.characters[p] == "knight" else PRICE
        for tool, left in zip(TOOL_ORDER, state.supply, strict=True):
            if left:
                for life in range(price + 1):
                    if life <= state.life[p] and price - life <= state.wisdom[p]:
                        yield BuyTool(tool, life)
    here = state.pawn(p)
    for tool in set(state.tools[p]):
        if tool == "amulet":
            yield SpendTool("amulet")
        if here is None:
            if tool == "boswellia" and state.status[p] == "exiled" and any(
                    state.mansion.room_at(c).category == "bloody" for c in state.mansion.layout):
                yield SpendTool("boswellia", "cancel")
            continue
        if tool == "peganum" and state.level >= 2:
            yield SpendTool("peganum")
        if tool == "boswellia" and state.level >= 2:
            yield from (SpendTool("boswellia", t) for t in ("A", "B", "C", "D", "bloody", "smoggy", "humid", "windy"))
        if tool in ("peganum", "boswellia") and here not in dict(state.peganums if tool == "peganum" else
                                                                 state.passages):
            yield PlaceTool(tool, here)
        if tool == "amulet":
            mansion = state.mansion
            for side in range(6):
                try:
                    mansion.with_amulet_door(here, side)
                except IllegalActionError:
                    continue
                yield PlaceTool("amulet", here, side)
    for cell, owner in state.passages:
        if owner == p:
            yield RetrieveTool("boswellia", cell)
    for cell, owner in state.peganums:
        if owner == p:
            yield RetrieveTool("peganum", cell)


# -- refusals ----------------------------------------------------------------------------------------------
def refusal(state: ZaarState, action: Any) -> IllegalActionError:
    if state.phase == Phase.OVER:
        return IllegalActionError("ZAAR-END-01", "the game is over")
    if state.phase in CHANCE_PHASES:
        return IllegalActionError("ZAAR-COIN-04" if state.phase == Phase.COIN else "ZAAR-RAML-02",
                                  f"{action!r} is not an outcome of this {state.phase}")
    p = actor(state)
    if state.phase == Phase.CHARACTER:
        return IllegalActionError("ZAAR-SETUP-05", "the game is being set up: pick a character")
    if state.phase == Phase.START:
        return IllegalActionError("ZAAR-SETUP-02", "the game is being set up: choose the first room")
    if isinstance(action, DrawCard):
        if state.level >= 3:
            return IllegalActionError("ZAAR-LVL2-03", "no card is drawn from level 3 on")
        return IllegalActionError("ZAAR-COIN-02", f"draws are limited to the wisdom coins held ({state.wisdom[p]})")
    if isinstance(action, Move):
        if state.held[p]:
            return IllegalActionError("ZAAR-MOVE-02", "the demon is in your room: you cannot leave it")
        if state.moves_left <= 0:
            return IllegalActionError("ZAAR-LVL4-01" if state.level == 4 else "ZAAR-COIN-03",
                                      "no move left this turn")
        return IllegalActionError("ZAAR-MOVE-01", f"no way from your room to cell {action.to} ({action.kind})")
    if isinstance(action, Fight) and state.level == 1:
        return IllegalActionError("ZAAR-ASTRO-01", "no battle in level 1: the astrolabe is not used yet")
    if isinstance(action, BuyTool):
        if state.level == 4 and state.moved:
            return IllegalActionError("ZAAR-TOOL-05", "in level 4 tools are bought before the move")
        return IllegalActionError("ZAAR-TOOL-03", "a tool costs 3 coins (the Knight 2) from what you hold")
    if isinstance(action, EndTurn) and state.level == 3:
        return IllegalActionError("ZAAR-LVL3-08", "in the demon's room you must fight")
    if state.phase == Phase.PLACE:
        return IllegalActionError("ZAAR-PLACE-01", "{action} is not a placement of {room}", action=action,
                                  room=state.drawn)
    return IllegalActionError("ZAAR-TURN-01", "{action} is not legal now", action=action)


# -- doing -------------------------------------------------------------------------------------------------
def apply(state: ZaarState, action: Any) -> ZaarState:
    """The state after ``action``; raises :class:`IllegalActionError` (state untouched) if it is not legal."""
    if not state.is_legal(action):
        raise refusal(state, action)
    return resolve(state, action)


def resolve(state: ZaarState, action: Any) -> ZaarState:
    """The state after ``action``, which the caller found among the legal actions."""
    phase = state.phase
    if phase == Phase.ORDER:
        new = _order(state, action)
    elif phase == Phase.CHARACTER:
        new = _character(state, action)
    elif phase == Phase.START:
        new = _start(state, action)
    elif phase == Phase.DRAW:
        new = encounter.drawn(state, action)
    elif phase == Phase.PLACE:
        new = encounter.placed(state, action)
    elif phase == Phase.THROW:
        new = battle.thrown(state, action)
    elif phase == Phase.TRAPPED:
        new = encounter.end_turn(state) if isinstance(action, EndTurn) else battle.fight(state)
    elif phase == Phase.COIN:
        new = encounter.coin_drawn(state, action)
    elif phase == Phase.CHOOSE:
        new = encounter.chosen(state, action)
    else:
        new = _turn(state, action)
    return encounter.settle(new)


def _order(state: ZaarState, number: int) -> ZaarState:
    group = state.order[0]
    rolled = state.rolls + ((group[len(state.rolls)], number),)
    if len(rolled) < len(group):
        return replace(state, rolls=rolled)
    groups = tuple(tuple(pl for pl, v in rolled if v == value) for value in sorted({v for _, v in rolled}))
    rest = groups + state.order[1:]  # the lowest chooses first; ties throw again (ZAAR-SETUP-05, GAP-Z15)
    choosers = state.choosers
    while rest and len(rest[0]) == 1:
        choosers += rest[0]
        rest = rest[1:]
    new = replace(state, order=rest, rolls=(), choosers=choosers, log=state.log + (
        event("order_throws", "ZAAR-SETUP-05", rolls=rolled),))
    return new if rest else replace(new, phase=Phase.CHARACTER)


def _character(state: ZaarState, action: PickCharacter) -> ZaarState:
    p = state.choosers[0]
    chars = list(state.characters)
    chars[p] = action.character
    new = replace(state, characters=tuple(chars), choosers=state.choosers[1:], log=state.log + (
        event("character", player=p, character=action.character),))
    return new if new.choosers else replace(new, phase=Phase.START)


def _start(state: ZaarState, action: StartRoom) -> ZaarState:
    game, n = state.game, state.game.players
    start = Mansion.start(action.room, n, game.cards)
    life: list[int] = []
    wisdom: list[int] = []
    tools: list[tuple[str, ...]] = []
    supply = list(state.supply)
    for p in range(n):
        if game.mode == "advanced":
            c = game.characters[state.characters[p]]
            coins, kit = (c.life, c.wisdom), tuple(sorted(c.tools))
            for t in c.tools:
                supply[TOOL_ORDER.index(t)] -= 1
        else:
            coins, kit = START_COINS, ()
        life.append(coins[0])
        wisdom.append(coins[1])
        tools.append(kit)
    bag = (state.bag[0] - sum(life), state.bag[1] - sum(wisdom))
    new = replace(state, rooms=start.rooms, pile=tuple(c for c in state.pile if c != action.room), bag=bag,
                  supply=tuple(supply), life=tuple(life), wisdom=tuple(wisdom), tools=tuple(tools),
                  pawns=((Hex(0, 0),),) * n, log=state.log + (
                      event("first_room", "ZAAR-SETUP-02", "ZAAR-SETUP-06", "ZAAR-SETUP-07", room=action.room),))
    return encounter.start_turn(new, 0, first=True)


def _turn(state: ZaarState, action: Any) -> ZaarState:
    p = state.player
    if isinstance(action, EndTurn):
        return encounter.end_turn(state)
    if isinstance(action, DrawCard):
        return replace(state, phase=Phase.DRAW, draws_left=state.draws_left - 1)
    if isinstance(action, Move):
        return encounter.move(state, p, action)
    if isinstance(action, Relocate):
        return encounter.relocate(state, p, action.to)
    if isinstance(action, Escape):
        return encounter.escape(state, p)
    if isinstance(action, Throw):
        return replace(state, phase=Phase.THROW, pending=("level3", state.wisdom[p], "fought"))
    if isinstance(action, BuyTool):
        price = KNIGHT_PRICE if state.characters[p] == "knight" else PRICE
        i = TOOL_ORDER.index(action.tool)
        return replace(state, life=with_row(state.life, p, state.life[p] - action.life),
                       wisdom=with_row(state.wisdom, p, state.wisdom[p] - (price - action.life)),
                       bag=(state.bag[0] + action.life, state.bag[1] + price - action.life),
                       supply=with_row(state.supply, i, state.supply[i] - 1),
                       tools=with_row(state.tools, p, tuple(sorted(state.tools[p] + (action.tool,)))),
                       log=state.log + (event("buys_tool", "ZAAR-TOOL-03", player=p, tool=action.tool, price=price),))
    return encounter.tool(state, p, action)


# -- what a player sees ------------------------------------------------------------------------------------
def observation(state: ZaarState, player: int | None) -> dict[str, Any]:
    """What ``player`` (or, ``None``, a spectator) may know: all of it. Zaar hides nothing from a player: the
    mansion, the coins, the tools, the card drawn and the astrolabe lie open, and the draw pile is the cards not yet
    drawn, which anyone can count (it is a set; the order of a draw is chance's at the moment of drawing).

    >>> from .state import ZaarGame
    >>> state = ZaarGame(players=2).initial_state()
    >>> observation(state, 1)["you"], observation(state, 0)["pile"] == list(state.pile)
    (1, True)
    """
    return {**encode_fields(state, skip=("game", "log")), "you": player}
