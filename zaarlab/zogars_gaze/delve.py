"""Dungeon delving in Zogar's Gaze: flipping cards, the special cards, combat, the Thieves, and dying.

The deck has been cut (ZOGAR-DELVE-02): ``drawable`` cards lie under the cut. Each flip turns one of them over
at a chance node, uniformly among the unseen cards. What a card does:

- **Zogar's Gaze**: revealed for all; the delve goes on (ZOGAR-GAZE-01, -03).
- **treasure, artifact, weapon, princess, Glow Rock**: found; kept on leaving, lost on dying (ZOGAR-DELVE-06).
- **Pit Trap**, **Darkness**: the turn ends and the player is trapped (ZOGAR-PIT-01, AMB-G07), items kept (AMB-G08).
- **Overconfident**: the next three cards must be turned, unless Consuming Fear comes up (ZOGAR-OVER-01).
- **Consuming Fear**: every weapon with the player is dropped and the player flees (ZOGAR-FEAR-01, -02).
- **The Mimic**: one roll of the five dice; a pip total below the summed levels of everything owned kills
  (ZOGAR-MIMIC-01, AMB-G09, -G10); it is a trap, not a battle, so surviving it the delve goes on.
- **an enemy**: a weakness the player's items deal kills it at once (ZOGAR-COMBAT-01, -02), else the dice
  (ZOGAR-COMBAT-03..10); either way a battle, which ends the turn (ZOGAR-DELVE-05, AMB-G04).
- **Thieves**: fight, pay the highest-valued card with you, or pass by wearing the Signet (ZOGAR-THIEF-*).

Dying loses every card with the player (ZOGAR-ITEMS-03, ZOGAR-DELVE-08, -09); a carried Healing Draught or Lucky
Charm may be used first (GAP-G02). A Lucky Charm adds one roll to the combat it is used in, and a combat takes one
charm at most: four rolls in all (zaarlab's reading of the reconstructed card, the bound every combat odds use).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..core.api import IllegalActionError, replace
from ..core.dice import pool_dist
from ..core.dist import ChanceTable
from ..core.story import Event, event
from .odds import DICE, ROLLS, holds_of, parse
from .state import (
    AcceptDeath,
    Fight,
    Flip,
    Hold,
    Leave,
    PassThieves,
    PayThieves,
    Phase,
    PickPayment,
    UseItem,
    ZogarState,
)
from .turns import add, distinct, end_turn, remove, with_row

CHANCE_PHASES = {"flip", "peek", "roll", "mimic"}
PHASE_RULES = {"delve": "ZOGAR-DELVE-04", "flip": "ZOGAR-DELVE-04", "peek": "ZOGAR-DELVE-04",
               "thieves": "ZOGAR-THIEF-01", "pay_pick": "ZOGAR-THIEF-03", "roll": "ZOGAR-COMBAT-05",
               "hold": "ZOGAR-COMBAT-06", "mimic": "ZOGAR-MIMIC-01", "dying": "ZOGAR-ITEMS-03"}
FOUND_KINDS = {"treasure", "artifact", "weapon", "princess", "glow_rock"}
OVERCONFIDENT_FLIPS = 3  # GAP-G06


# -- items -------------------------------------------------------------------------------------------------
def uses(state: ZogarState, card: str) -> set[str]:
    """What ``card`` can be used for (``data/zogars_gaze``: peek, escape_pit, ...)."""
    return set(state.game.cards[card].uses)


def frees_from(state: ZogarState, card: str, trap_kind: str) -> bool:
    """Whether ``card`` frees its owner from a trap of ``trap_kind`` (``pit_trap`` or ``darkness``)."""
    return ("escape_pit" if trap_kind == "pit_trap" else "escape_darkness") in uses(state, card)


def escapes(trap_kind: str, dice: tuple) -> bool:
    """Whether one roll escapes: three of a kind from a Pit Trap, a straight of four from Darkness (GAP-G06).

    >>> escapes("pit_trap", (2, 2, 2, 5, 6)), escapes("darkness", (1, 3, 4, 5, 6)), escapes("darkness", (1, 2, 3, 5, 6))
    (True, True, False)
    """
    if trap_kind == "pit_trap":
        return max(dice.count(face) for face in set(dice)) >= 3
    return any(set(range(low, low + 4)) <= set(dice) for low in (1, 2, 3))


def use_item(state: ZogarState, card: str) -> ZogarState:
    """Use ``card`` (from home when trapped, else from the cards with the player).

    A card spent by use leaves the game (ZOGAR-MARKET-08; a Glow Rock always, ZOGAR-GLOW-01); a reusable one
    stays where it is.
    """
    if state.game.cards[card].reusable:
        return state
    if state.phase == Phase.TRAPPED:
        state = replace(state, hands=with_row(state.hands, state.player, remove(state.hands[state.player], card)))
    else:
        state = _take_with(state, card)
    rule = "ZOGAR-GLOW-01" if state.game.cards[card].name == "Glow Rock" else "ZOGAR-MARKET-08"
    return replace(state, box=add(state.box, card), log=state.log + (event("used_up", rule, card=card),))


def _take_with(state: ZogarState, card: str) -> ZogarState:
    """Take one copy of ``card`` from the cards with the player (found first)."""
    if card in state.found:
        return replace(state, found=remove(state.found, card))
    return replace(state, carried=remove(state.carried, card))


def back_to_decks(state: ZogarState, *lost: str) -> dict:
    """The changes that send cards leaving play back where they came from: dungeon cards into the dungeon deck at the
    pass (GAP-G10), market cards shuffled into the market deck."""
    market = state.game.cards.market
    return {"spent": add(state.spent, *(c for c in lost if c not in market)),
            "market_deck": add(state.market_deck, *(c for c in lost if c in market))}


def _damage(state: ZogarState) -> set[str]:
    """The damage types the cards with the player deal (only those brought or found: AMB-G05)."""
    return {state.game.cards[c].damage for c in state.with_player} - {""}


# -- chance ------------------------------------------------------------------------------------------------
def chance_weights(state: ZogarState) -> Sequence[tuple]:
    """(outcome, weight, total) of the delving chance nodes."""
    if state.phase in (Phase.FLIP, Phase.PEEK):
        return ChanceTable.draw(state.dungeon)
    return pool_dist(DICE - len(state.kept)).triples()


# -- what is legal -----------------------------------------------------------------------------------------
def legal_actions(state: ZogarState) -> tuple:
    """The player's choices while delving, in order (kinds by name, then fields)."""
    phase = state.phase
    carrying = distinct(state.with_player)
    if phase == Phase.DELVE:
        if state.drawable == 0:
            return (Leave.of(),)  # GAP-G09: nothing left under the cut
        leave = (Leave.of(),) if state.flipped and not state.must_flip else ()
        peeks = () if state.peeked else tuple(UseItem.of(c) for c in carrying if "peek" in uses(state, c))
        return (Flip.of(), *leave, *peeks)
    if phase == Phase.THIEVES:
        signet = (PassThieves.of(),) if any("pass_thieves" in uses(state, c) for c in carrying) else ()
        return (Fight.of(), *signet, *((PayThieves.of(),) if carrying else ()))
    if phase == Phase.PAY_PICK:
        return tuple(map(PickPayment.of, _highest(state)))
    if phase == Phase.HOLD:
        return _holds(state.dice)
    if phase == Phase.DYING:
        return (AcceptDeath.of(), *map(UseItem.of, _savers(state, state.rolls_allowed)))
    raise AssertionError(f"no actions for phase {phase!r}")


def _savers(state: ZogarState, rolls_allowed: int) -> tuple[str, ...]:
    """The cards with the player that can still save them from death: a Healing Draught, or in a combat whose extra
    roll is not yet taken (``rolls_allowed`` is the usual three) a Lucky Charm (GAP-G02), each once."""
    wanted = ("cancel_death", "extra_roll") if rolls_allowed == ROLLS else ("cancel_death",)
    return tuple(c for c in distinct(state.with_player) if any(use in wanted for use in uses(state, c)))


@cache
def _holds(dice: tuple) -> tuple[Hold, ...]:
    """Every distinct sub-multiset of the dice that leaves at least one die to roll, sorted (made once per throw)."""
    return tuple(Hold(kept) for kept in holds_of(dice) if len(kept) < len(dice))


def _highest(state: ZogarState) -> tuple:
    """The cards with the player of the highest value (level; market cards 0), distinct (ZOGAR-THIEF-02)."""
    cards = state.game.cards
    top = max(cards[c].level for c in state.with_player)
    return tuple(sorted({c for c in state.with_player if cards[c].level == top}))


def refusal(state: ZogarState, action) -> IllegalActionError | None:
    """The specific rule a delving action breaks, or ``None`` for the phase's general rule."""
    if isinstance(action, Leave):
        if not state.flipped:
            return IllegalActionError("ZOGAR-DELVE-03", "entering the dungeon means turning over at least one card")
        left = state.must_flip
        return IllegalActionError("ZOGAR-OVER-01", f"Overconfident: {left} more card{'s' if left != 1 else ''} must "
                                                   "be turned")
    if isinstance(action, PayThieves):
        return IllegalActionError("ZOGAR-THIEF-04", "nothing with you to pay with: you must fight")
    if isinstance(action, PassThieves):
        return IllegalActionError("ZOGAR-SIGNET-01", "only a player wearing the Thieves Signet may pass the Thieves")
    if isinstance(action, PickPayment):
        return IllegalActionError("ZOGAR-THIEF-02", "the payment is one of the highest-valued cards carried: "
                                  "{cards}", cards=tuple(_highest(state)))
    if isinstance(action, Hold):
        if len(action.dice) >= DICE:
            return IllegalActionError("ZOGAR-COMBAT-05", "a roll rerolls at least one die")
        return IllegalActionError("ZOGAR-COMBAT-06", "you can hold only dice showing: "
                                  + ", ".join(map(str, state.dice)))
    if isinstance(action, UseItem):
        if action.card not in state.with_player:
            return IllegalActionError("ZOGAR-ITEMS-01", "{card} is not with you in the dungeon",
                                      "AMB-G05", card=action.card)
        if state.phase == Phase.DYING and "extra_roll" in uses(state, action.card):
            if state.rolls_allowed > ROLLS:
                return IllegalActionError("ZOGAR-COMBAT-05", "one Lucky Charm a combat: this combat has had its "
                                          "extra roll", "GAP-G02")
            if not state.rolls_allowed:
                return IllegalActionError("ZOGAR-MIMIC-01", "a Lucky Charm adds a roll in combat; the Mimic is one "
                                          "roll, not a combat", "GAP-G02")
        return IllegalActionError(PHASE_RULES[state.phase], "{card} cannot be used now", card=action.card)
    return None


# -- doing -------------------------------------------------------------------------------------------------
def apply(state: ZogarState, action) -> ZogarState:
    """Delving: the caller has checked that ``action`` is legal."""
    phase = state.phase
    if phase == Phase.CUT:
        return replace(state, phase=Phase.DELVE, drawable=len(state.dungeon) - action, log=state.log + (
            event("cut", "ZOGAR-DELVE-01", "ZOGAR-DELVE-02", count=len(state.dungeon) - action),))
    if phase == Phase.DELVE:
        return _delve(state, action)
    if phase == Phase.FLIP:
        return reveal(state, action, dungeon=remove(state.dungeon, action))
    if phase == Phase.PEEK:
        return replace(state, phase=Phase.DELVE, dungeon=remove(state.dungeon, action), peeked=action, log=state.log + (
            event("looks_ahead", player=state.player),))
    if phase == Phase.THIEVES:
        return _thieves(state, action)
    if phase == Phase.PAY_PICK:
        return _pay(state, action.card, chooser=state.left)
    if phase == Phase.ROLL:
        return _rolled(state, tuple(sorted(state.kept + action)))
    if phase == Phase.HOLD:
        return replace(state, phase=Phase.ROLL, kept=action.dice, log=state.log + (
            event("holds", "ZOGAR-COMBAT-06", player=state.player, dice=action.dice),))
    if phase == Phase.MIMIC:
        return _mimic(state, action)
    return _dying(state, action)


def _delve(state: ZogarState, action) -> ZogarState:
    p = state.player
    if isinstance(action, Leave):
        why = "GAP-G09" if state.drawable == 0 else "ZOGAR-DELVE-06"  # GAP-G09: no card is left under the cut
        return end_turn(state, event("leaves", why, player=p, cards=state.with_player))
    if isinstance(action, UseItem):
        new = use_item(state, action.card)
        return replace(new, phase=Phase.PEEK, log=new.log + (event("uses_to_look", player=p, card=action.card),))
    if state.peeked:
        return reveal(state, state.peeked, peeked="")
    return replace(state, phase=Phase.FLIP)


def reveal(state: ZogarState, card: str, **changes) -> ZogarState:
    """Resolve ``card``, just turned over (out of the deck already, or out with ``changes``, made along)."""
    info = state.game.cards[card]
    p, kind = state.player, info.kind
    turned = event("turns_over", player=p, card=card)
    changes.update(phase=Phase.DELVE, flipped=state.flipped + 1, drawable=state.drawable - 1,
                   must_flip=max(state.must_flip - 1, 0))
    if kind == "gaze":
        return replace(state, **changes, gazes=add(state.gazes, card), log=state.log + (
            turned, event("gaze", "ZOGAR-GAZE-01", "ZOGAR-GAZE-03", count=len(state.gazes) + 1)))
    if kind in FOUND_KINDS:
        return replace(state, **changes, found=add(state.found, card), log=state.log + (turned,))
    if kind in ("pit_trap", "darkness"):
        rule = "ZOGAR-PIT-01" if kind == "pit_trap" else "ZOGAR-DARK-01"
        return end_turn(state, turned, event("trapped", rule, "AMB-G07", "AMB-G08", player=p),
                        traps=with_row(state.traps, p, card), **changes)
    if kind == "overconfident":
        return replace(state, **changes | {"must_flip": OVERCONFIDENT_FLIPS}, spent=add(state.spent, card),
                       log=state.log + (turned, event("overconfident", "ZOGAR-OVER-01", player=p,
                                                      count=OVERCONFIDENT_FLIPS)))
    if kind == "consuming_fear":
        def unarmed(pile: tuple) -> tuple:
            return tuple(c for c in pile if state.game.cards[c].kind != "weapon")

        weapons = tuple(c for c in state.with_player if state.game.cards[c].kind == "weapon")
        fled = event("fear_trumps" if changes["must_flip"] else "fear", "ZOGAR-FEAR-01", player=p, weapons=weapons)
        return end_turn(state, turned, fled,
                        carried=unarmed(state.carried), found=unarmed(state.found),
                        spent=add(state.spent, card, *weapons), **changes)
    if kind in ("mimic", "thieves"):
        return replace(state, **changes | {"phase": Phase(kind), "enemy": card, "log": state.log + (turned,)})
    return battle(state, turned, enemy=card, **changes)


def battle(state: ZogarState, *lines: Event, **changes) -> ZogarState:
    """Face the enemy (``state.enemy``, or the one in ``changes``): its weakness first (ZOGAR-COMBAT-01, -02), else the
    dice (ZOGAR-COMBAT-03). ``lines`` and ``changes`` (not the cards with the player) are made along."""
    enemy_id = changes.get("enemy", state.enemy)
    enemy = state.game.cards[enemy_id]
    killers = _damage(state) & set(enemy.weaknesses)
    if killers:
        return win(state, *lines, event("weak_to", "ZOGAR-COMBAT-02", enemy=enemy_id, cards=tuple(sorted(killers))),
                   **changes)
    return replace(state, **changes | {"phase": Phase.ROLL, "dice": (), "kept": (), "rolls": 0, "rolls_allowed": ROLLS,
                                       "log": state.log + (*lines, event("against", "ZOGAR-COMBAT-03", enemy=enemy_id,
                                                                         need=enemy.requirement))})


def _requirement(state: ZogarState):
    return parse(state.game.cards[state.enemy].requirement, straight_alt=state.game.straight_alt)


def _rolled(state: ZogarState, dice: tuple) -> ZogarState:
    rolls, requirement = state.rolls + 1, _requirement(state)
    rolled, line = {"dice": dice, "kept": (), "rolls": rolls}, event("roll", count=rolls, dice=dice)
    if requirement.is_met(dice):  # checked after every roll (AMB-G03)
        return win(state, line, **rolled)
    if rolls >= state.rolls_allowed:
        need = state.game.cards[state.enemy].requirement
        return dying(state, line, event("no_roll_left", "ZOGAR-COMBAT-10", need=need), **rolled)
    return replace(state, phase=Phase.HOLD, **rolled, log=state.log + (line,))


def win(state: ZogarState, *lines: Event, **changes) -> ZogarState:
    """The enemy is beaten: its card and Fame Points are the player's; the battle ends the turn. ``lines`` and
    ``changes`` (not the cards found) are what the step did before, made along."""
    enemy_id = changes.get("enemy", state.enemy)
    enemy = state.game.cards[enemy_id]
    won = event("defeats", "ZOGAR-COMBAT-11", "ZOGAR-DELVE-07", "ZOGAR-DELVE-05", player=state.player, enemy=enemy_id,
                fame=enemy.fp)
    return end_turn(state, *lines, won, **changes | {"found": add(state.found, enemy_id), "enemy": ""})


def _thieves(state: ZogarState, action) -> ZogarState:
    p = state.player
    if isinstance(action, Fight):
        return battle(state, event("fights_thieves", "ZOGAR-THIEF-01", player=p))
    if isinstance(action, PassThieves):
        return replace(state, phase=Phase.DELVE, spent=add(state.spent, state.enemy), enemy="", log=state.log + (
            event("signet", "ZOGAR-SIGNET-01", "ZOGAR-SIGNET-02", player=p),))
    highest = _highest(state)
    if len(highest) > 1:
        return replace(state, phase=Phase.PAY_PICK, log=state.log + (
            event("thieves_tie", "ZOGAR-THIEF-03", count=len(highest), player=state.left),))
    return _pay(state, highest[0], chooser=p)


def _pay(state: ZogarState, card: str, chooser: int) -> ZogarState:
    paid = _take_with(state, card)
    return replace(paid, **back_to_decks(paid, card, state.enemy), phase=Phase.DELVE, enemy="", log=paid.log + (
        event("thieves_take", "ZOGAR-THIEF-02", "GAP-G10", card=card, player=chooser),))


def _mimic(state: ZogarState, dice: tuple) -> ZogarState:
    cards, p = state.game.cards, state.player
    threshold = cards.worth(state.owned(p))
    escaped = sum(dice) >= threshold
    text = event("mimic_escaped" if escaped else "mimic_kills", "ZOGAR-MIMIC-01", dice=dice, total=sum(dice),
                 worth=threshold)
    if escaped:
        return replace(state, phase=Phase.DELVE, spent=add(state.spent, state.enemy), enemy="", dice=dice,
                       log=state.log + (text,))
    return dying(state, text, dice=dice, rolls_allowed=0)


def dying(state: ZogarState, *lines: Event, **changes) -> ZogarState:
    """About to die: a carried Healing Draught (or, in combat, a Lucky Charm) may still help; else death. ``lines``
    and ``changes`` (not the cards with the player) are what the step did before, made along."""
    if _savers(state, changes.get("rolls_allowed", state.rolls_allowed)):
        return replace(state, **changes | {"phase": Phase.DYING, "log": state.log + lines})
    return die(state, *lines, **changes)


def _dying(state: ZogarState, action) -> ZogarState:
    if isinstance(action, AcceptDeath):
        return die(state)
    card, p = action.card, state.player
    saved = use_item(state, card)
    if "extra_roll" in uses(state, card) and state.rolls_allowed == ROLLS:
        return replace(saved, phase=Phase.HOLD, rolls_allowed=state.rolls_allowed + 1, log=saved.log + (
            event("one_more_roll", "GAP-G02", player=p, card=card),))
    return end_turn(saved, event("death_cancelled", "GAP-G02", player=p, card=card),
                    spent=add(saved.spent, state.enemy), enemy="")


def die(state: ZogarState, *lines: Event, **changes) -> ZogarState:
    """Death: every card with the player is lost, back to its deck; an enemy goes back too (ZOGAR-DELVE-08, -09).
    ``lines`` and ``changes`` (not the cards with the player, nor the decks) are what the step did before."""
    cards, p = state.game.cards, state.player
    lost = state.with_player
    died = (event("dies_in_combat", "ZOGAR-DELVE-08", "ZOGAR-ITEMS-03", player=p, cards=lost)
            if cards[state.enemy].is_enemy else event("dies", "ZOGAR-DELVE-09", "ZOGAR-ITEMS-03", player=p, cards=lost))
    return end_turn(state, *lines, died, **changes, **back_to_decks(state, state.enemy, *lost), carried=(),
                    found=(), enemy="")
