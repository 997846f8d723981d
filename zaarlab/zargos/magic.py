"""Playing magic cards: the red-card window before each people's turn, green cards at their moment.

Readings (the rulebook prints only Wind of Madness; the rest follows ``data/zargos/magic.yaml``, GAP-S03):

- Red cards are played in a window before each people's attacks, by any player in the order of play, at any
  target (ZARGOS-MAGIC-07, -08; AMB-S12). Two identical cards may not be played for the same purpose in one
  window (ZARGOS-MAGIC-12). Winds of Madness and Death strike at once, one die per occupied province; Ice,
  Storm and the suspensions last until the end of the game turn, then go under the deck (ZARGOS-MAGIC-09).
- A red card aimed at the holder's own people may be kept or put under the deck (ZARGOS-MAGIC-15).
- Green cards are played by their holder when they apply and go under the deck at once (ZARGOS-MAGIC-10):
  Wind of War when a combat starts (one per player per combat, ZARGOS-MAGIC-12), Wind of Land and Wind of
  Elsewhere during the attacks, Wind of Mist during the reorganisation.
- Cards belong to the player, whichever of their peoples is concerned (ZARGOS-MULTI-02, AMB-S16).
- The Master of the Winds "controls all magic spells cast on Zargos" (ZARGOS-MOTW-03). By default that only
  makes the Master the source of new cards (AMB-S06 a); the game parameter ``master_spells`` offers the other
  readings: ``"veto"`` (the Master may stop any spell on the Kingdom of Zargos, b) and ``"exclusive"`` (only
  the Master may target it, c).
- After the cards are dealt, each player in the order of play may offer one swap to another player, who
  accepts or declines; nobody may end with more than 3 cards (ZARGOS-MAGIC-13). The rulebook's advice of a
  3-minute limit becomes one offer per player per turn.
"""

from __future__ import annotations

from itertools import combinations

from ..core.api import IllegalActionError, replace
from ..core.story import event
from .board import ZARGOS
from .state import Answer, Discard, Offer, Pass, Phase, PlayCard, ZargosState, with_units

STRIKES = {"wind_of_madness": 2, "wind_of_death": 1}  # a die per province, divided by this (ZARGOS-MAGIC-14)
KINGDOM_CARDS = ("wind_of_madness", "wind_of_death", "wind_of_ice")
PLAYER_CARDS = ("wind_of_storm",)
TURN_GREEN = {"attack": ("wind_of_elsewhere", "wind_of_land"), "reorg": ("wind_of_elsewhere", "wind_of_mist")}


def colour(card: str) -> str:
    return "green" if card in ("wind_of_war", "wind_of_land", "wind_of_mist", "wind_of_elsewhere") else "red"


# -- what is in force -------------------------------------------------------------------------------------
def is_iced(state: ZargosState, province: str) -> bool:
    """No land attack into or out of a kingdom under a Wind of Ice."""
    return ("wind_of_ice", state.game.planet.kingdom_of(province)) in state.effects


def is_stormed(state: ZargosState, people: str) -> bool:
    """A player under a Wind of Storm uses no boats."""
    return ("wind_of_storm", str(state.player_of(people))) in state.effects


def is_suspended(state: ZargosState, people: str) -> bool:
    """A people whose power a red card suspends this turn."""
    return any(target == people for card, target in state.effects if card in state.game.suspension_cards)


def boosted(state: ZargosState, card: str) -> bool:
    """A green card the acting people has played and not yet used."""
    return card in state.boosts


# -- the red window -----------------------------------------------------------------------------------------
def red_window(state: ZargosState) -> ZargosState:
    """Open the window before the acting people's attacks: every player with a red card, in the order of play."""
    queue = tuple(player for player in state.players_in_order
                  if any(colour(card) == "red" for card in state.hands[player]))
    return replace(state, phase=Phase.RED if queue else Phase.ATTACK, red_queue=queue, window=())


def red_actions(state: ZargosState) -> list:
    player = state.red_queue[0]
    plays, discards = [], []
    for card in sorted(set(state.hands[player])):
        if colour(card) != "red":
            continue
        for target in _targets(state, card):
            if (card, target) not in state.window:
                plays.append(PlayCard(card, target))
        if state.game.suspension_cards.get(card) in _peoples_of(state, player):
            discards.append(Discard(card))  # ZARGOS-MAGIC-15
    return [*discards, Pass(), *plays]


def _targets(state: ZargosState, card: str) -> list[str]:
    if card in KINGDOM_CARDS:  # AMB-S10: the Kingdom of Zargos too; AMB-S06 (c): then only for the Master
        kingdoms = sorted(state.game.planet.kingdoms)
        exclusive = state.game.master_spells == "exclusive"
        if exclusive and not (state.master and state.player_of(state.master) == state.red_queue[0]):
            kingdoms.remove(ZARGOS)
        return kingdoms
    if card in PLAYER_CARDS:
        return [str(player) for player in range(state.game.players)]
    people = state.game.suspension_cards.get(card)
    return [people] if people in state.peoples else []


def check_red(state: ZargosState, action) -> None:
    player = state.red_queue[0]
    if isinstance(action, Pass):
        return
    if action.card not in state.hands[player]:
        raise IllegalActionError("ZARGOS-MAGIC-08", "{card} is not in player {seat}'s hand",
                                 card=action.card, seat=player + 1)
    if isinstance(action, Discard):
        if state.game.suspension_cards.get(action.card) not in _peoples_of(state, player):
            raise IllegalActionError("ZARGOS-MAGIC-15", "only a card aimed at one's own people is discarded now")
        return
    if colour(action.card) != "red":
        raise IllegalActionError("ZARGOS-MAGIC-10", "{card} is green: it is played when it applies",
                                 card=action.card)
    if action.target not in _targets(state, action.card):
        raise IllegalActionError("ZARGOS-MAGIC-08", "{target!r} is not a target for {card}",
                                 target=action.target, card=action.card)
    if (action.card, action.target) in state.window:
        raise IllegalActionError("ZARGOS-MAGIC-12", "a second {card} against {target} must wait "
                                 "for the next player's turn", card=action.card, target=action.target)


def apply_red(state: ZargosState, action) -> ZargosState:
    """A red-window move: pass, discard a card aimed at oneself, or play a red card."""
    player = state.red_queue[0]
    if isinstance(action, Pass):
        queue = state.red_queue[1:]
        return replace(state, red_queue=queue, phase=Phase.RED if queue else Phase.ATTACK)
    state = _take_from_hand(state, player, action.card)
    if isinstance(action, Discard):
        return replace(state, bottom=state.bottom + (action.card,),
                       log=state.log + (event("discards", "ZARGOS-MAGIC-15", player=player, card=action.card),))
    played = event("plays_on_player" if action.card in PLAYER_CARDS else "plays_on", "ZARGOS-MAGIC-07", player=player,
                   card=action.card, target=int(action.target) if action.card in PLAYER_CARDS else action.target)
    state = replace(state, window=state.window + ((action.card, action.target),), log=state.log + (played,))
    master = state.player_of(state.master) if state.master else None
    if state.game.master_spells == "veto" and action.target == ZARGOS and master not in (None, player):
        return replace(state, phase=Phase.VETO, spell=(action.card, action.target))  # AMB-S06 (b)
    return _cast(state, action.card, action.target)


def _cast(state: ZargosState, card: str, target: str) -> ZargosState:
    """The effect of a red card that has been played (and not vetoed)."""
    if card in STRIKES:
        kingdom = state.game.planet.kingdoms[target]
        struck = tuple(p for p in kingdom.provinces if state.holder(p))
        if not struck:
            return replace(state, phase=Phase.RED, bottom=state.bottom + (card,))
        return replace(state, phase=Phase.STRIKE, strike=(card, struck))
    return replace(state, phase=Phase.RED, effects=tuple(sorted(state.effects + ((card, target),))))


def veto_actions(state: ZargosState) -> list:
    """The Master of the Winds lets a spell on the Kingdom of Zargos through, or stops it (AMB-S06 reading b)."""
    return [Answer(False), Answer(True)]


def apply_veto(state: ZargosState, action: Answer) -> ZargosState:
    card, target = state.spell
    state = replace(state, spell=())
    if action.accept:
        return _cast(state, card, target)
    return replace(state, phase=Phase.RED, bottom=state.bottom + (card,), log=state.log + (
        event("veto", "ZARGOS-MOTW-03", "AMB-S06", card=card),))


def apply_strike(state: ZargosState, face: int) -> ZargosState:
    """One province loses half the die (Madness) or all of it (Death); capitals are not protected."""
    card, provinces = state.strike
    province, rest = provinces[0], provinces[1:]
    people, units = state.holdings[province]
    lost = min(face // STRIKES[card], units)
    state = replace(state, board=with_units(state.board, province, people, units - lost), log=state.log + (
        event("strikes", "ZARGOS-MAGIC-14", province=province, face=face, people=people, lost=lost),))
    if rest:
        return replace(state, strike=(card, rest))
    return replace(state, strike=(), phase=Phase.RED, bottom=state.bottom + (card,))  # ZARGOS-MAGIC-09


def expire(state: ZargosState) -> ZargosState:
    """At the end of the game turn, lasting red cards have no further effect: under the deck (ZARGOS-MAGIC-09)."""
    if not state.effects:
        return state
    return replace(state, effects=(), bottom=state.bottom + tuple(card for card, _ in state.effects))


# -- green cards --------------------------------------------------------------------------------------------
def green_actions(state: ZargosState) -> list:
    """Green cards the acting people's player may play now (attacks or reorganisation)."""
    hand = state.hands[state.player_of(state.acting)]
    return [PlayCard(card, "") for card in TURN_GREEN.get(state.phase, ()) if card in hand and card not in state.boosts]


def apply_green(state: ZargosState, action) -> ZargosState:
    player = state.player_of(state.acting)
    state = _take_from_hand(state, player, action.card)
    return replace(state, boosts=state.boosts + (action.card,), bottom=state.bottom + (action.card,),
                   log=state.log + (event("plays", "ZARGOS-MAGIC-10", player=player, card=action.card),))


def use_boost(state: ZargosState, card: str) -> ZargosState:
    return replace(state, boosts=tuple(c for c in state.boosts if c != card))


def war_window(state: ZargosState) -> ZargosState:
    """A combat is about to start: each side's player may play one Wind of War (ZARGOS-MAGIC-10, -12)."""
    province, _, _, defender, *_ = state.combat
    sides = [(state.player_of(state.acting), "attacker"), (state.player_of(defender), "defender")]
    queue = tuple((player, side) for player, side in sides if "wind_of_war" in state.hands[player])
    if len(queue) == 2 and queue[0][0] == queue[1][0]:  # one player on both sides: still one card per combat
        queue = queue[:1]
    return replace(state, phase=Phase.WAR if queue else Phase.COMBAT, war_queue=queue)


def war_actions(state: ZargosState) -> list:
    player, side = state.war_queue[0]
    return [Pass(), PlayCard("wind_of_war", side)]


def check_war(state: ZargosState, action) -> None:
    if isinstance(action, PlayCard) and (action.card, action.target) != ("wind_of_war", state.war_queue[0][1]):
        raise IllegalActionError("ZARGOS-MAGIC-10", f"now only a Wind of War for the {state.war_queue[0][1]} fits")


def apply_war(state: ZargosState, action) -> ZargosState:
    (player, side), queue = state.war_queue[0], state.war_queue[1:]
    if isinstance(action, PlayCard):
        state = _take_from_hand(state, player, "wind_of_war")
        province, a, d, defender, dice, a_bonus, d_bonus = state.combat
        combat = (province, a, d, defender, dice, 1 if side == "attacker" else a_bonus,
                  1 if side == "defender" else d_bonus)
        state = replace(state, combat=combat, bottom=state.bottom + ("wind_of_war",), log=state.log + (
            event("wind_of_war", "ZARGOS-MAGIC-10", player=player, side=side),))
    return replace(state, war_queue=queue, phase=Phase.WAR if queue else Phase.COMBAT)


# -- helpers ----------------------------------------------------------------------------------------------------
def _peoples_of(state: ZargosState, player: int) -> set[str]:
    return {people for people, owner in zip(state.peoples, state.owners, strict=True) if owner == player}


def _take_from_hand(state: ZargosState, player: int, card: str) -> ZargosState:
    hand = list(state.hands[player])
    hand.remove(card)
    return replace(state, hands=tuple(tuple(hand) if i == player else h for i, h in enumerate(state.hands)))



# -- swaps ------------------------------------------------------------------------------------------------------
def swap_window(state: ZargosState) -> ZargosState:
    """Open the swaps after dealing, if anyone holds a card: every player, in the order of play."""
    if not any(state.hands):
        return replace(state, phase=Phase.BUY_START)
    return replace(state, phase=Phase.SWAP, swap_queue=tuple(state.players_in_order))


def swap_actions(state: ZargosState) -> list:
    me = state.swap_queue[0]
    offers = []
    for other in range(state.game.players):
        if other == me:
            continue
        for give in _sub_hands(state.hands[me]):
            for take in _sub_hands(state.hands[other]):
                offer = Offer(other, give, take)
                if (give or take) and _fits(state, me, offer):
                    offers.append(offer)
    return [*sorted(offers), Pass()]


def _sub_hands(hand: tuple) -> list[tuple]:
    return sorted({combo for n in range(len(hand) + 1) for combo in combinations(hand, n)})


def _fits(state: ZargosState, me: int, offer: Offer) -> bool:
    mine = len(state.hands[me]) - len(offer.give) + len(offer.take)
    theirs = len(state.hands[offer.to]) - len(offer.take) + len(offer.give)
    return mine <= 3 and theirs <= 3


def check_swap(state: ZargosState, action) -> None:
    if isinstance(action, Offer):
        me = state.swap_queue[0]
        for cards, hand, owner in ((action.give, state.hands[me], "your"),
                                   (action.take, state.hands[action.to] if 0 <= action.to < len(state.hands) else (),
                                    "their")):
            if any(cards.count(c) > hand.count(c) for c in cards):
                raise IllegalActionError("ZARGOS-MAGIC-13", "{cards} are not all in {owner} hand",
                                         cards=tuple(cards), owner=owner)
        if action.to == me or not 0 <= action.to < state.game.players:
            raise IllegalActionError("ZARGOS-MAGIC-13", "a swap is offered to another player")
        if not _fits(state, me, action):
            raise IllegalActionError("ZARGOS-MAGIC-13", "after a swap nobody may hold more than 3 magic cards")
        if not (action.give or action.take):
            raise IllegalActionError("ZARGOS-MAGIC-13", "a swap offer gives or takes at least one card")
        if not state.is_legal(action):
            raise IllegalActionError("ZARGOS-MAGIC-13", "{action} is not an offer of this window (cards listed in "
                                     "the order of the hand)", action=action)


def apply_swap(state: ZargosState, action) -> ZargosState:
    me, queue = state.swap_queue[0], state.swap_queue[1:]
    if isinstance(action, Pass):
        return replace(state, swap_queue=queue, phase=Phase.SWAP if queue else Phase.BUY_START)
    return replace(state, phase=Phase.ANSWER, offer=(me, action.to, action.give, action.take),
                   log=state.log + (event("offers_swap", player=me, other=action.to),))


def answer_actions(state: ZargosState) -> list:
    return [Answer(False), Answer(True)]


def apply_answer(state: ZargosState, action: Answer) -> ZargosState:
    giver, taker, give, take = state.offer
    queue = state.swap_queue[1:]
    if action.accept:
        for card in give:
            state = _take_from_hand(state, giver, card)
        for card in take:
            state = _take_from_hand(state, taker, card)
        hands = list(state.hands)
        hands[giver] = tuple(sorted(hands[giver] + take))
        hands[taker] = tuple(sorted(hands[taker] + give))
        state = replace(state, hands=tuple(hands))
    answered = event("accepts_swap" if action.accept else "declines_swap", "ZARGOS-MAGIC-13", player=taker)
    return replace(state, offer=(), swap_queue=queue, phase=Phase.SWAP if queue else Phase.BUY_START,
                   log=state.log + (answered,))
