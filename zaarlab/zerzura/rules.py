"""The rules of Zerzura as pure functions: who acts, what is legal, what each action does.

Glossary (rule IDs of ``docs/rules/zerzura.md``):

- **Goods** and **Character** cards, **Objects**, **Quantity** (ZERZURA-COMP-*, ZERZURA-GOAL-02); the
  **draw deck** (ZERZURA-SETUP-05) and the **Market** (ZERZURA-SETUP-07).
- **Bird**: each player's token; on a card it protects it from exchange (ZERZURA-ACTION-08, AMB-R03).
- **Dromedary**: the first player's tile, won by the first player to store in a round (ZERZURA-ACTION-07,
  ZERZURA-ROUND-02).
- **storage**: face-down cards under a player's board, safe from exchange (ZERZURA-ACTION-05, -06).
- **Command tiles**: claimed as soon as met, never lost, 3 VP each (ZERZURA-CMD-*).

Phases: ``remove`` (2-3 players) -> ``tiles`` -> ``dromedary`` -> each round ``deal`` -> ``act``; ``over`` when
the round that used up the deck ends (ZERZURA-END-01).

Every refusal raises :class:`~zaarlab.core.api.IllegalActionError` naming the rule; the state is untouched.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ..core.api import CHANCE, TERMINAL, Action, IllegalActionError, legal_outcomes, replace
from ..core.dist import ChanceTable
from ..core.story import event
from .cards import TILES_IN_PLAY
from .scoring import Holdings, met, quantities
from .state import REMOVED, Exchange, Pass, Phase, Store, Take, ZerzuraState

CHANCE_PHASES = (Phase.REMOVE, Phase.TILES, Phase.DROMEDARY, Phase.DEAL)
PHASE_RULES = {"remove": "ZERZURA-SETUP-04", "tiles": "ZERZURA-SETUP-06", "dromedary": "ZERZURA-SETUP-07",
               "deal": "ZERZURA-ROUND-03", "act": "ZERZURA-ACTION-02", "over": "ZERZURA-END-01"}
STORE_AT_MOST = 2  # ZERZURA-ACTION-05


# -- who acts ----------------------------------------------------------------------------------------------
def actor(state: ZerzuraState) -> int:
    """The player to act: clockwise from the Dromedary holder (ZERZURA-ACTION-01), twice each with two players
    (ZERZURA-ACTION-10); :data:`CHANCE` for the deck, :data:`TERMINAL` at the end."""
    if state.phase == Phase.OVER:
        return TERMINAL
    if state.phase in CHANCE_PHASES:
        return CHANCE
    return (state.holder + state.acted) % state.game.players


# -- chance ------------------------------------------------------------------------------------------------


def chance_weights(state: ZerzuraState) -> Sequence[tuple[Any, int, int]]:
    if state.phase in (Phase.REMOVE, Phase.DEAL):
        return ChanceTable.draw(state.deck)
    if state.phase == Phase.TILES:
        left = [t for t in state.game.tile_pool() if t not in state.tiles_up]
        return [(t, 1, len(left)) for t in left]
    if state.phase == Phase.DROMEDARY:
        return [(p, 1, state.game.players) for p in range(state.game.players)]
    return []


# -- what is legal -----------------------------------------------------------------------------------------
def legal_actions(state: ZerzuraState) -> tuple[Action, ...]:
    """The legal actions (or chance outcomes), sorted."""
    if state.phase == Phase.OVER:
        return ()
    if state.phase in CHANCE_PHASES:
        return legal_outcomes(state)
    p = actor(state)
    # built in sorted order (kinds sort by name: Exchange, Pass, Store, Take), which is cheaper than sorting
    actions: list[Action] = [Exchange(give, q, take) for give in _givable(state, p)
                             for q in range(state.game.players) if q != p for take in _takeable(state, q)]
    storable = _minus(state.areas[p], state.protected[p])
    actions += [Store(cards) for cards in sorted({c for n in range(1, STORE_AT_MOST + 1)
                                                  for c in combinations(storable, n)})]
    actions += [Take(c) for c in sorted(set(state.market))]
    return tuple(actions) or (Pass(),)


def _givable(state: ZerzuraState, p: int) -> list[str]:
    mine = state.areas[p] if state.game.exchange_free == "taken" else _minus(state.areas[p], state.protected[p])
    return sorted(set(mine))


def _takeable(state: ZerzuraState, q: int) -> list[str]:
    return sorted(set(_minus(state.areas[q], state.protected[q])))


def _minus(pile: tuple[str, ...], taken: tuple[str, ...]) -> tuple[str, ...]:
    """The multiset ``pile`` without ``taken``."""
    left = Counter(pile)
    left.subtract(taken)
    return tuple(sorted(left.elements()))


# -- refusals ----------------------------------------------------------------------------------------------
def refusal(state: ZerzuraState, action: Any) -> IllegalActionError:
    """Why ``action`` is not legal here, naming the most specific rule."""
    if state.phase == Phase.OVER:
        return IllegalActionError("ZERZURA-END-01", "the game is over: the deck is used up")
    if state.phase in CHANCE_PHASES:
        return IllegalActionError(PHASE_RULES[state.phase], f"{action!r} is not an outcome of this {state.phase} step")
    p = actor(state)
    if isinstance(action, Take):
        return IllegalActionError("ZERZURA-ACTION-03", "{card} is not in the Market", card=action.card)
    if isinstance(action, Exchange):
        q = action.player
        if not (0 <= q < state.game.players) or q == p:
            return IllegalActionError("ZERZURA-ACTION-04", "an exchange is with another player")
        if action.give not in _givable(state, p):
            if action.give in state.areas[p]:
                return IllegalActionError("ZERZURA-ACTION-04", "you have no face-up {card} to give without a Bird",
                                          "AMB-R02", card=action.give)
            return IllegalActionError("ZERZURA-ACTION-04", "you have no face-up {card} to give", card=action.give)
        if action.take in state.areas[q]:
            return IllegalActionError("ZERZURA-ACTION-08", "player {seat}'s {card} is protected by a Bird",
                                      seat=q + 1, card=action.take)
        if action.take in state.stored[q]:
            return IllegalActionError("ZERZURA-ACTION-06", "player {seat}'s {card} is in storage",
                                      seat=q + 1, card=action.take)
        return IllegalActionError("ZERZURA-ACTION-04", "player {seat} has no face-up {card}",
                                  seat=q + 1, card=action.take)
    if isinstance(action, Store):
        if not 1 <= len(action.cards) <= STORE_AT_MOST:
            return IllegalActionError("ZERZURA-ACTION-05", f"store one or two cards, not {len(action.cards)}")
        if not Counter(action.cards) <= Counter(state.areas[p]):
            return IllegalActionError("ZERZURA-ACTION-05", "you can store only your own face-up cards")
        return IllegalActionError("ZERZURA-ACTION-05", "a card under your Bird cannot be stored")
    if isinstance(action, Pass):
        return IllegalActionError("ZERZURA-ACTION-02", "every turn is one action: take, exchange or store")
    return IllegalActionError("ZERZURA-ACTION-02", f"{action!r} is not an action of Zerzura")


# -- doing -------------------------------------------------------------------------------------------------
def apply(state: ZerzuraState, action: Any) -> ZerzuraState:
    """The state after ``action``; raises :class:`IllegalActionError` (state untouched) if it is not legal."""
    if not state.is_legal(action):
        raise refusal(state, action)
    return resolve(state, action)


def resolve(state: ZerzuraState, action: Any) -> ZerzuraState:
    """The state after ``action``, which the caller found among the legal actions."""
    if state.phase in CHANCE_PHASES:
        return _chance(state, action)
    p = actor(state)
    state = _act(state, p, action)
    state = claim_tiles(state, p, {p, action.player} if isinstance(action, Exchange) else {p})
    state = replace(state, acted=state.acted + 1)
    return end_round(state) if state.acted == state.per_round else state


def _chance(state: ZerzuraState, outcome: Any) -> ZerzuraState:
    game = state.game
    if state.phase == Phase.REMOVE:
        new = replace(state, deck=_minus(state.deck, (outcome,)), removed=tuple(sorted(state.removed + (outcome,))))
        if len(new.removed) < REMOVED[game.players]:
            return new
        return replace(new, phase=Phase.TILES, log=new.log + (event(
            "set_aside", "ZERZURA-SETUP-04", "ZERZURA-SETUP-05", removed=len(new.removed), left=len(new.deck)),))
    if state.phase == Phase.TILES:
        new = replace(state, tiles_up=tuple(sorted(state.tiles_up + (outcome,))))
        if len(new.tiles_up) < TILES_IN_PLAY:
            return new
        return replace(new, phase=Phase.DROMEDARY, log=new.log + (
            event("tiles_shown", "ZERZURA-SETUP-06", tiles=new.tiles_up),))
    if state.phase == Phase.DROMEDARY:
        return _new_round(replace(state, holder=outcome, log=state.log + (
            event("dromedary", "ZERZURA-SETUP-07", player=outcome),)))
    new = replace(state, deck=_minus(state.deck, (outcome,)), market=tuple(sorted(state.market + (outcome,))),
                  to_deal=state.to_deal - 1)
    if new.to_deal and new.deck:
        return new
    return replace(new, phase=Phase.ACT, to_deal=0, log=new.log + (
        event("market", "ZERZURA-ROUND-03", market=new.market, player=new.holder),))


def _new_round(state: ZerzuraState) -> ZerzuraState:
    deal = min(state.game.market_size, len(state.deck))  # GAP-R06: a short last Market
    return replace(state, phase=Phase.DEAL, round=state.round + 1, acted=0, to_deal=deal,
                   log=state.log + (event("round", round=state.round + 1),))


def _act(state: ZerzuraState, p: int, action: Any) -> ZerzuraState:
    token = state.game.bird_protection == "token"
    areas, protected, birds = list(state.areas), list(state.protected), list(state.birds)
    if isinstance(action, Take):
        areas[p] = tuple(sorted(areas[p] + (action.card,)))
        protected[p] = (action.card,) if token else tuple(sorted(protected[p] + (action.card,)))
        birds[p] = "card"
        return replace(state, market=_minus(state.market, (action.card,)), areas=tuple(areas),
                       protected=tuple(protected), birds=tuple(birds), log=state.log + (
                           event("takes", "ZERZURA-ACTION-03", player=p, card=action.card),))
    if isinstance(action, Exchange):
        q = action.player
        areas[p] = tuple(sorted(_minus(areas[p], (action.give,)) + (action.take,)))
        areas[q] = tuple(sorted(_minus(areas[q], (action.take,)) + (action.give,)))
        kept = () if token else _minus(protected[p], (action.give,) if action.give in protected[p] else ())
        protected[p] = tuple(sorted(kept + (action.take,)))
        birds[p] = "card"
        return replace(state, areas=tuple(areas), protected=tuple(protected), birds=tuple(birds), log=state.log + (
            event("exchanges", "ZERZURA-ACTION-04", player=p, give=action.give, other=q, take=action.take),))
    if isinstance(action, Store):
        areas[p] = _minus(areas[p], action.cards)
        first = "dromedary" not in birds
        birds[p] = "dromedary" if first else "board"
        if token:
            protected[p] = ()
        stored = list(state.stored)
        stored[p] = tuple(sorted(stored[p] + action.cards))
        return replace(state, areas=tuple(areas), stored=tuple(stored), protected=tuple(protected),
                       birds=tuple(birds), log=state.log + (event(
                           "stores_first" if first else "stores", "ZERZURA-ACTION-05", "ZERZURA-ACTION-07", player=p,
                           count=len(action.cards)),))
    return replace(state, log=state.log + (event("passes", "GAP-R06", player=p),))


def claim_tiles(state: ZerzuraState, active: int, involved: set[int]) -> ZerzuraState:
    """Every displayed tile whose condition a player meets goes to them: players in turn order from the active
    one, automatically and not as an action (ZERZURA-CMD-01, -02, AMB-R12). Only the ``involved`` players' cards
    changed, so only they can newly meet a tile."""
    n, cards = state.game.players, state.game.cards
    for p in ((active + i) % n for i in range(n)):
        if p not in involved or not state.tiles_up:
            continue
        holdings = Holdings.of(state.areas[p], state.stored[p], cards)
        for tile in state.tiles_up:
            if met(cards.tiles[tile], holdings):
                owned = list(state.tiles_owned)
                owned[p] = tuple(sorted(owned[p] + (tile,)))
                state = replace(state, tiles_up=_minus(state.tiles_up, (tile,)), tiles_owned=tuple(owned),
                                log=state.log + (event("claims_tile", "ZERZURA-CMD-01", "ZERZURA-CMD-02", player=p,
                                                       tile=tile),))
    return state


def end_round(state: ZerzuraState) -> ZerzuraState:
    """Market leftovers leave the game, the Dromedary moves, Birds come home, the next Market is dealt or the
    game ends (ZERZURA-ROUND-01..03, ZERZURA-END-01, GAP-R05)."""
    n = state.game.players
    storer = state.birds.index("dromedary") if "dromedary" in state.birds else -1
    holder = storer if storer >= 0 else (state.holder + 1) % n
    ended = replace(state, boxed=tuple(sorted(state.boxed + state.market)), market=(), holder=holder,
                    birds=("",) * n, protected=((),) * n, log=state.log + (event(
                        "round_ends_stored" if storer >= 0 else "round_ends_passed", "ZERZURA-ROUND-01",
                        "ZERZURA-ROUND-02", left=len(state.market), holder=holder),))
    if ended.deck:
        return _new_round(ended)
    sheets = ended.sheets()
    best = max(sheet.total for sheet in sheets)
    winners = tuple(p for p, sheet in enumerate(sheets) if sheet.total == best)
    return replace(ended, phase=Phase.OVER, log=ended.log + (event(
        "game_over", "ZERZURA-END-01", "ZERZURA-END-04", "ZERZURA-GOAL-01",
        totals=tuple(sheet.total for sheet in sheets), winners=winners),))


# -- what a player sees ------------------------------------------------------------------------------------
def observation(state: ZerzuraState, player: int | None) -> dict[str, Any]:
    """What ``player`` may know (``None``: a spectator, who holds nothing).

    Face-up cards, the Market, Birds and tiles are public; stored cards only to their owner (ZERZURA-ACTION-09),
    the others' as a count; removed cards to nobody (ZERZURA-SETUP-04). On the Easy side the cubes show every
    player's Object counts (ZERZURA-ACTION-11); on the Expert side nobody's running score is shown (ZERZURA-END-06).
    """
    n, cards = state.game.players, state.game.cards
    seen: dict[str, Any] = {
        "you": player, "round": state.round, "phase": state.phase, "holder": state.holder,
        "to_play": actor(state), "market": state.market, "areas": state.areas, "birds": state.birds,
        "protected": state.protected, "stored": [state.stored[q] if q == player else len(state.stored[q])
                                                 for q in range(n)],
        "tiles_up": state.tiles_up, "tiles_owned": state.tiles_owned, "deck": len(state.deck),
        "removed": len(state.removed),
    }
    if state.game.side == "easy":
        seen["cubes"] = [dict(quantities(state.cards_of(q), cards)) for q in range(n)]
    return seen
