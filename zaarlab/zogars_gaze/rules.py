"""The rules of Zogar's Gaze as pure functions: who acts, what is legal, what each action does.

Glossary (rule IDs of ``docs/rules/zogars_gaze.md``):

- **race** and **class**: the two secret cards that set a player's win conditions (ZOGAR-SETUP-03..05,
  ZOGAR-GOAL-*); checked after every event for every player (ZOGAR-WIN-01), see :mod:`zaarlab.zogars_gaze.goals`.
- **market**: two face-up cards and a deck; one card per turn for trade-ins worth 5 (ZOGAR-MARKET-*).
- **items**: the cards a player takes into the dungeon, lost on death (ZOGAR-ITEMS-*).
- **delving**: cut, flip, leave (ZOGAR-DELVE-*); **combat**, **Thieves** and the special cards are
  :mod:`zaarlab.zogars_gaze.delve`.
- **trapped**: a Pit Trap or Darkness in front of a player: one escape roll per turn (ZOGAR-PIT-*, GAP-G06).

Phases of a turn: ``trapped`` / ``climb`` -> ``market`` (``gamble``, ``refill``) -> ``items`` -> ``cut`` ->
``delve`` (``flip``, ``peek``, ``thieves``, ``pay_pick``, ``roll``, ``hold``, ``mimic``, ``dying``) -> the pass.
Setup: ``deal_race``, ``deal_class``, ``market_up``, ``first``. ``over`` at the end.

Every refusal raises :class:`~zaarlab.core.api.IllegalActionError` naming the rule; the state is untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from operator import attrgetter
from typing import Any

from ..core.api import CHANCE, TERMINAL, IllegalActionError, legal_outcomes, replace
from ..core.dice import pool_dist
from ..core.dist import ChanceTable
from ..core.story import event
from . import delve
from .goals import winners
from .state import (
    AcceptDeath,
    Buy,
    Carry,
    Climb,
    Enter,
    Fight,
    Flip,
    Gamble,
    Hold,
    Leave,
    PassThieves,
    PayThieves,
    Phase,
    PickPayment,
    SkipMarket,
    TradeIn,
    UseItem,
    ZogarGame,
    ZogarState,
)
from .turns import add, distinct, end_turn, remove, start_turn, with_row

PRICE = 5  # ZOGAR-MARKET-05
MARKET_SLOTS = 2  # ZOGAR-SETUP-02
CHANCE_PHASES = {"deal_race", "deal_class", "market_up", "first", "climb", "gamble", "refill", "cut",
                 *delve.CHANCE_PHASES}
PHASE_RULES = {  # the rule a refusal names when nothing more specific applies
    "deal_race": "ZOGAR-SETUP-03", "deal_class": "ZOGAR-SETUP-03", "market_up": "ZOGAR-SETUP-02",
    "first": "ZOGAR-SETUP-06", "trapped": "ZOGAR-PIT-01", "climb": "ZOGAR-PIT-02", "market": "ZOGAR-MARKET-01",
    "gamble": "ZOGAR-MARKET-02", "refill": "ZOGAR-MARKET-02", "items": "ZOGAR-ITEMS-01", "cut": "ZOGAR-DELVE-02",
    **delve.PHASE_RULES,
}
ACTION_PHASES = {  # where each kind of action can ever be legal
    TradeIn: {"market"}, Buy: {"market"}, Gamble: {"market"}, SkipMarket: {"market"}, Carry: {"items"},
    Enter: {"items"}, Climb: {"trapped"}, Flip: {"delve"}, Leave: {"delve"}, Fight: {"thieves"},
    PayThieves: {"thieves"}, PassThieves: {"thieves"}, PickPayment: {"pay_pick"}, Hold: {"hold"},
    AcceptDeath: {"dying"}, UseItem: {"trapped", "delve", "dying"},
}


_possessions = attrgetter("hands", "offered", "carried", "found", "gazes", "races", "classes")  # winners() reads


# -- who acts ----------------------------------------------------------------------------------------------
def actor(state: ZogarState) -> int:
    """The player to act, :data:`CHANCE` for shuffles, draws and dice, :data:`TERMINAL` at the end.

    Only the player whose turn it is acts (ZOGAR-TURN-02), but for the left neighbour's pick of a Thieves
    payment (ZOGAR-THIEF-03).
    """
    if state.phase == Phase.OVER:
        return TERMINAL
    if state.phase in CHANCE_PHASES:
        return CHANCE
    if state.phase == Phase.PAY_PICK:
        return state.left
    return state.player


# -- chance ------------------------------------------------------------------------------------------------


def chance_weights(state: ZogarState) -> Sequence[tuple[Any, int, int]]:
    phase = state.phase
    if phase == Phase.DEAL_RACE:
        left = sorted(set(state.game.cards.races) - set(state.races))
        return [(race, 1, len(left)) for race in left]
    if phase == Phase.DEAL_CLASS:
        left = sorted(set(state.game.cards.classes) - set(state.classes))
        return [(c, 1, len(left)) for c in left]
    if phase == Phase.FIRST:
        return [(p, 1, state.game.players) for p in range(state.game.players)]  # ZOGAR-SETUP-06
    if phase in (Phase.MARKET_UP, Phase.GAMBLE, Phase.REFILL):
        return ChanceTable.draw(state.market_deck)
    if phase == Phase.CLIMB:
        return pool_dist(5).triples()
    if phase == Phase.CUT:
        return _cuts(len(state.dungeon))
    return delve.chance_weights(state)


@cache
def _cuts(cards: int) -> ChanceTable:
    """Where a deck of ``cards`` can be cut, each place as likely: at least one card stays under it (GAP-G08).

    >>> _cuts(3), _cuts(1)
    (((1, 1, 2), (2, 1, 2)), ((0, 1, 1),))
    """
    return ChanceTable((k, 1, cards - 1) for k in range(1, cards)) if cards > 1 else ChanceTable(((0, 1, 1),))


# -- what is legal -----------------------------------------------------------------------------------------
def legal_actions(state: ZogarState) -> tuple[Any, ...]:
    """The legal actions (or chance outcomes), sorted."""
    if state.phase == Phase.OVER:
        return ()
    if state.phase in CHANCE_PHASES:
        return legal_outcomes(state)
    if state.phase not in (Phase.TRAPPED, Phase.MARKET, Phase.ITEMS):
        return delve.legal_actions(state)
    hand = distinct(state.hands[state.player])  # in order: the actions come out sorted as they are made
    if state.phase == Phase.TRAPPED:
        trap = state.game.cards[state.traps[state.player]].kind
        return (Climb.of(), *(UseItem.of(c) for c in hand if delve.frees_from(state, c, trap)))
    if state.phase == Phase.MARKET:
        return _market_actions(state, hand)
    return (*filter(None, map(_card_actions(state.game)[1].get, hand)), Enter.of())


@cache
def _card_actions(game: ZogarGame) -> tuple[dict[str, TradeIn], dict[str, Carry]]:
    """Trading each card in, for the cards with a trade value (ZOGAR-MARKET-04), and carrying each card, for the
    cards that are no defeated enemy (ZOGAR-ITEMS-02): looked up for every card in hand at every step."""
    cards = {**game.cards.market, **game.cards.dungeon}  # a dungeon card first, as cards[id] finds it
    return ({c: TradeIn.of(c) for c, card in cards.items() if card.level > 0},
            {c: Carry.of(c) for c, card in cards.items() if not card.is_enemy})


def _market_actions(state: ZogarState, hand: tuple[str, ...]) -> tuple[Any, ...]:
    cards = state.game.cards
    trade_ins = tuple(filter(None, map(_card_actions(state.game)[0].get, hand)))
    if cards.worth(state.offered) < PRICE:
        return (SkipMarket.of(), *trade_ins)
    purchases = tuple(map(Buy.of, distinct(state.market_up))) + ((Gamble.of(),) if state.market_deck else ())
    return (*purchases, SkipMarket.of(), *trade_ins)


# -- refusals ----------------------------------------------------------------------------------------------
def refusal(state: ZogarState, action: Any) -> IllegalActionError:
    """Why ``action`` is not legal here, naming the most specific rule."""
    if state.phase == Phase.OVER:
        return IllegalActionError("ZOGAR-TURN-01", "the game is over")
    rule = PHASE_RULES[state.phase]
    if state.phase in CHANCE_PHASES:
        return IllegalActionError(rule, f"{action!r} is not an outcome of this {state.phase} (a chance step)")
    if isinstance(action, UseItem) and actor(state) != state.player:
        return IllegalActionError("ZOGAR-GLOW-02", "items (a Glow Rock above all) are used only on your own turn")
    phases = ACTION_PHASES.get(type(action))
    if phases is None:
        return IllegalActionError(rule, f"{action!r} is not an action of Zogar's Gaze")
    if state.phase not in phases:
        if isinstance(action, Buy | Gamble):
            return IllegalActionError("ZOGAR-MARKET-03", "one market purchase per turn, in the Market phase")
        return IllegalActionError("ZOGAR-TURN-03", "'{action}' is for the {phases} phase; this is the {phase} phase "
                                  "(a turn goes market, items, delving, pass)", action=action,
                                  phases="/".join(sorted(phases)), phase=str(state.phase))
    if state.phase == Phase.MARKET:
        cards = state.game.cards
        if isinstance(action, TradeIn):
            if action.card not in state.hands[state.player]:
                return IllegalActionError("ZOGAR-MARKET-04", "{card} is not in your hand", card=action.card)
            return IllegalActionError("ZOGAR-MARKET-04", "only dungeon cards have a trade value (their level); "
                                      "{card} is a market card", "AMB-G11", card=action.card)
        total = cards.worth(state.offered)
        if isinstance(action, Buy | Gamble) and total < PRICE:
            return IllegalActionError("ZOGAR-MARKET-05", f"the cards traded in are worth {total}; every market "
                                      f"card costs {PRICE}")
        if isinstance(action, Buy):
            return IllegalActionError("ZOGAR-MARKET-02", "{card} is not face up in the market", card=action.card)
        if isinstance(action, Gamble):
            return IllegalActionError("ZOGAR-MARKET-02", "the market deck is empty", "GAP-G07")
    if state.phase == Phase.ITEMS and isinstance(action, Carry):
        if action.card not in state.hands[state.player]:
            return IllegalActionError("ZOGAR-ITEMS-02", "you have no (more) {card} to carry", card=action.card)
        return IllegalActionError("ZOGAR-ITEMS-02", "{card} is a defeated enemy, not an item", card=action.card)
    if state.phase == Phase.TRAPPED and isinstance(action, UseItem):
        return IllegalActionError("ZOGAR-PIT-02", "{card} does not free you from this trap", "GAP-G06",
                                  card=action.card)
    return delve.refusal(state, action) or IllegalActionError(rule, "{action} is not legal now", action=action)


# -- doing -------------------------------------------------------------------------------------------------
def apply(state: ZogarState, action: Any) -> ZogarState:
    """The state after ``action``; raises :class:`IllegalActionError` (state untouched) if it is not legal."""
    if not state.is_legal(action):
        raise refusal(state, action)
    return resolve(state, action)


def resolve(state: ZogarState, action: Any) -> ZogarState:
    """The state after ``action``, which the caller found among the legal actions."""
    phase = state.phase
    if phase in (Phase.DEAL_RACE, Phase.DEAL_CLASS, Phase.MARKET_UP, Phase.FIRST):
        new = _setup(state, action)
    elif phase in (Phase.TRAPPED, Phase.CLIMB):
        new = _trapped(state, action)
    elif phase in (Phase.MARKET, Phase.GAMBLE, Phase.REFILL):
        new = _market(state, action)
        if isinstance(action, TradeIn | SkipMarket):
            return new  # a card moved between the player's own piles: nothing anybody owns has changed
    elif phase == Phase.ITEMS:
        new = _items(state, action)
        if isinstance(action, Carry):
            return new  # the same: from the hand to the cards carried
    else:
        new = delve.apply(state, action)
    return settle(new, before=state)


def settle(state: ZogarState, before: ZogarState | None = None) -> ZogarState:
    """End the game if the seventh Gaze is out (checked first, AMB-G14) or a player meets both conditions.

    ``before``, the state (not over) an action led from: if nobody's cards changed, nobody can have met their
    conditions since, and the check is skipped.
    """
    if state.phase == Phase.OVER:
        return state
    if len(state.gazes) >= 7:
        return replace(state, phase=Phase.OVER, ended_by="gaze",
                       log=state.log + (event("seventh_gaze", "ZOGAR-GAZE-02"),))
    if before is not None and before.player == state.player and _possessions(before) == _possessions(state):
        return state
    met = winners(state)
    if not met:
        return state
    who = met[0]
    won = event("wins" if who == state.player else "wins_out_of_turn", "ZOGAR-WIN-01", player=who,
                race=state.races[who], class_=state.classes[who])
    return replace(state, phase=Phase.OVER, winner=who, ended_by="win", log=state.log + (won,))


def _setup(state: ZogarState, outcome: Any) -> ZogarState:
    n = state.game.players
    if state.phase in (Phase.DEAL_RACE, Phase.DEAL_CLASS):
        card = state.phase.removeprefix("deal_")
        key = "races" if card == "race" else "classes"
        dealt = list(getattr(state, key))
        dealt[dealt.index("")] = outcome
        new = replace(state, **{key: tuple(dealt)})
        if "" not in dealt:
            new = replace(new, phase=Phase.DEAL_CLASS if card == "race" else Phase.MARKET_UP,
                          log=new.log + (event("secret_cards", "ZOGAR-SETUP-03", card=card),))
            if card == "class":
                new = replace(new, log=new.log + (event("dungeon_shuffled", "ZOGAR-SETUP-01", count=len(new.dungeon)),))
        return new
    if state.phase == Phase.MARKET_UP:
        new = _turn_up(state, outcome)
        if len(new.market_up) == MARKET_SLOTS or not new.market_deck:
            new = replace(new, phase=Phase.FIRST, log=new.log + (
                event("market_shown", "ZOGAR-SETUP-02", cards=new.market_up),))
        return new
    first = replace(state, player=(outcome - 1) % n, log=state.log + (
        event("first_player", "ZOGAR-SETUP-06", player=outcome),))
    return start_turn(first, outcome)


def _turn_up(state: ZogarState, card: str) -> ZogarState:
    return replace(state, market_deck=remove(state.market_deck, card), market_up=add(state.market_up, card))


def _trapped(state: ZogarState, action: Any) -> ZogarState:
    p, trap = state.player, state.traps[state.player]
    if isinstance(action, Climb):
        return replace(state, phase=Phase.CLIMB)
    freed = {"traps": with_row(state.traps, p, ""), "dungeon": add(state.dungeon, trap)}
    if isinstance(action, UseItem):
        used = delve.use_item(replace(state, **freed), action.card)
        return replace(used, phase=Phase.MARKET, log=used.log + (
            event("escapes_with", "ZOGAR-PIT-02", player=p, trap=trap, card=action.card),))
    kind = state.game.cards[trap].kind
    if delve.escapes(kind, action):
        rule = "ZOGAR-PIT-02" if kind == "pit_trap" else "ZOGAR-DARK-01"
        return end_turn(state, event("escapes", rule, player=p, dice=tuple(action), trap=trap), **freed)
    return end_turn(state, event("stays_trapped", "ZOGAR-PIT-01", player=p, dice=tuple(action), trap=trap))


def _market(state: ZogarState, action: Any) -> ZogarState:
    p, cards = state.player, state.game.cards
    if state.phase == Phase.GAMBLE:
        return replace(state, hands=with_row(state.hands, p, add(state.hands[p], action)),
                       market_deck=remove(state.market_deck, action), phase=Phase.ITEMS,
                       log=state.log + (event("gamble_gives", "ZOGAR-MARKET-02", player=p),))
    if state.phase == Phase.REFILL:
        new = _turn_up(state, action)
        return replace(new, phase=Phase.ITEMS, log=new.log + (event("refill", "GAP-G07", card=action),))
    if isinstance(action, TradeIn):
        return replace(state, hands=with_row(state.hands, p, remove(state.hands[p], action.card)),
                       offered=add(state.offered, action.card))
    if isinstance(action, SkipMarket):
        back = add(state.hands[p], *state.offered)
        return replace(state, hands=with_row(state.hands, p, back), offered=(), phase=Phase.ITEMS,
                       log=state.log + (event("buys_nothing", "ZOGAR-MARKET-01", player=p),))
    levels = sorted((cards[c].level for c in state.offered), reverse=True)
    traded = replace(state, offered=(), dungeon=add(state.dungeon, *state.offered), log=state.log + (event(
        "trades_in", "ZOGAR-MARKET-06", "ZOGAR-MARKET-07", player=p, count=len(levels), levels=tuple(levels)),))
    if isinstance(action, Gamble):
        return replace(traded, phase=Phase.GAMBLE)
    bought = replace(traded, market_up=remove(traded.market_up, action.card),
                     hands=with_row(traded.hands, p, add(traded.hands[p], action.card)),
                     log=traded.log + (event("buys", "ZOGAR-MARKET-02", player=p, card=action.card),))
    return replace(bought, phase=Phase.REFILL if bought.market_deck else Phase.ITEMS)


def _items(state: ZogarState, action: Any) -> ZogarState:
    p = state.player
    if isinstance(action, Carry):
        return replace(state, hands=with_row(state.hands, p, remove(state.hands[p], action.card)),
                       carried=add(state.carried, action.card))
    entered = event("enters", "ZOGAR-ITEMS-01", player=p, cards=state.carried)
    if not state.dungeon:
        return end_turn(state, entered, event("dungeon_empty", "GAP-G09"))
    return replace(state, phase=Phase.CUT, log=state.log + (entered,))


# -- what a player sees ------------------------------------------------------------------------------------
def observation(state: ZogarState, player: int | None) -> dict[str, Any]:
    """What ``player`` may know (``None``: a spectator, who holds nothing): their own race, class and cards; of the
    others, only card levels (GAP-G05).

    Cards turned over in the dungeon are public; cards traded in show only their levels (ZOGAR-MARKET-06);
    race and class cards stay secret (ZOGAR-SETUP-03); a peeked card is seen by the player who peeked.
    """
    cards = state.game.cards
    active = state.player == player
    race, kind, hand = (state.races[player], state.classes[player], state.hands[player]) if player is not None \
        else ("", "", ())

    def backs(pile: tuple[str, ...]) -> list[int]:
        return sorted(cards[c].level for c in pile)

    return {
        "you": player, "turn": state.turn, "player": state.player, "phase": state.phase,
        "race": race, "class": kind, "hand": hand,
        "hands": [list(state.hands[q]) if q == player else backs(state.hands[q]) for q in range(state.game.players)],
        "traps": state.traps, "gazes": len(state.gazes), "market_up": state.market_up,
        "market_deck": len(state.market_deck), "dungeon_deck": len(state.dungeon), "box": state.box,
        "offered": state.offered if active else backs(state.offered), "carried": state.carried,
        "found": state.found, "drawable": state.drawable, "enemy": state.enemy, "dice": state.dice,
        "peeked": state.peeked if active else bool(state.peeked), "winner": state.winner,
    }
