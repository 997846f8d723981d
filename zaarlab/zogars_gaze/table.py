"""Zogar's Gaze at a table: click your cards to trade in or carry, the market to buy, the dungeon to enter and flip,
the dice to hold, with the exact chance of the decision at hand beside them.

>>> table = ZogarTable(seats=("person", "cautious"), seed=3)
>>> table.heading.value.count("your turn")
1
>>> table.click("skip"); table.state.phase              # buy nothing: on to the items
<Phase.ITEMS: 'items'>
>>> table.click("dungeon"); table.state.phase           # enter: the deck is cut, the first flip is yours
<Phase.DELVE: 'delve'>
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.api import IllegalActionError
from ..core.match import PERSON
from ..core.readable import exact_text
from ..ui.card_board import Piece, Zone
from ..ui.table import Table
from .bots import BOTS
from .goals import GAZES_TO_LOSE, meets_class, race_progress
from .odds import DICE, hold_words, parse
from .referee import ZogarReferee, best_hold, hold_advice_now
from .rules import PHASE_RULES, PRICE
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

KIND_COLOURS = {"gaze": "#E6D3E0", "monster": "#F6D5C2", "thieves": "#F6D5C2", "treasure": "#FBF3C4",
                "artifact": "#F8E2B8", "weapon": "#D3E8F6", "market": "white"}  # a card's face, by its kind
COUNTS = {"treasure_points": "treasure points", "gaze_revealed": "Zogar's Gazes revealed",
          "artifacts": "artifacts", "fame_points": "fame points from defeated enemies",
          "monsters": "defeated enemies"}  # what each race card counts (ZOGAR-SETUP-04)
MOVES = {"skip": SkipMarket, "gamble": Gamble, "leave": Leave, "fight": Fight, "pay": PayThieves,
         "pass": PassThieves, "escape": Climb, "death": AcceptDeath}  # the moves that are no card, by key
TASKS = {
    "market": "click cards of your hand to trade them in (every market card costs {price}; traded in so far: "
              "{offered}), then a market card or the market deck to buy it; or buy nothing",
    "items": "click the cards of your hand to carry into the dungeon, then the dungeon deck to enter",
    "delve": "click the dungeon deck to turn over a card, or leave with what you found",
    "hold": "click dice to hold them, then roll the others (roll {roll} of {rolls})",
    "dying": "use an item with you to escape death, or accept it",
    "thieves": "fight the Thieves, pay them off with your most valuable card, or pass them by",
    "pay_pick": "pick which of player {player}'s most valuable cards pays the Thieves",
    "trapped": "try to escape the {trap} with one roll (or use an item of your hand)",
}


class ZogarTable(Table, ZogarReferee):
    """A game of Zogar's Gaze for persons and the press-your-luck bots (``cautious``, ``bold``, ``random``)."""

    title = "the Zogar's Gaze table"
    bots = BOTS

    def __init__(self, seats: Sequence[str] = (PERSON, "cautious", "bold"), seed: int | None = None,
                 odds: bool = True, pace: float = 0.6, **params):
        self.held, self.params = [False] * DICE, params
        super().__init__(seats, seed=seed, odds=odds, pace=pace)

    def make_game(self, players: int) -> ZogarGame:
        return ZogarGame(players=players, **self.params)

    # -- the board -----------------------------------------------------------------------------------------
    def lay(self, state: ZogarState, viewer: int | None) -> Sequence[Zone]:
        legal = set(state.legal_actions()) if self.to_move() is not None else set()
        cards, active = state.game.cards, state.player
        dungeon = [Piece("dungeon", str(len(state.dungeon)), self._dungeon_note(state), "pile",
                         target=bool({Flip.of(), Enter.of()} & legal))]
        if state.peeked:
            seen = viewer == active
            dungeon.append(Piece("peeked", cards[state.peeked].name if seen else "a card", "next card (you looked)"
                                 if seen else f"player {active + 1} looked at it", "card" if seen else "pile"))
        dungeon += [self._card(state, f"found:{c}:{i}", c, False) for i, c in enumerate(state.found)]
        if state.enemy:
            dungeon.append(self._card(state, f"enemy:{state.enemy}", state.enemy, False, "faced now: "))
        dungeon.append(Piece("gazes", f"{len(state.gazes)} of {GAZES_TO_LOSE}", "Zogar's Gazes revealed", "pile"))
        dungeon += self._moves(legal, ("leave", "leave the dungeon"))
        zones = [Zone("The dungeon", tuple(dungeon))]
        if state.dice:
            holding = state.phase == Phase.HOLD
            held = self.held if holding else _held_flags(state.dice, state.kept)
            dice = [Piece(f"die:{i}", str(face), "held" if held[i] else "", "die", target=holding, held=held[i],
                          face=face) for i, face in enumerate(state.dice)]
            zones.append(Zone(f"The dice: roll {state.rolls} of {state.rolls_allowed}", tuple(
                dice + self._moves(legal, ("roll", "roll the others")))))
        choices = self._moves(legal, ("fight", "fight the Thieves"), ("pay", "pay them off"), ("pass", "pass them by"),
                              ("escape", "try to escape"), ("death", "accept death"))
        if choices:
            zones.append(Zone("Your choices", tuple(choices)))
        if state.carried or state.found:
            zones.append(Zone(f"With player {active + 1} in the dungeon", tuple(
                self._card(state, f"with:{c}:{i}", c, bool({UseItem.of(c), PickPayment.of(c)} & legal))
                for i, c in enumerate(state.with_player))))
        market = [Piece("gamble", str(len(state.market_deck)), "market deck: take its top card unseen", "pile",
                        target=Gamble.of() in legal)]
        market += [self._card(state, f"buy:{c}:{i}", c, Buy.of(c) in legal) for i, c in enumerate(state.market_up)]
        market += self._moves(legal, ("skip", "buy nothing"))
        zones.append(Zone(f"The market (each card costs {PRICE})", tuple(market)))
        if state.offered:
            zones.append(Zone(f"Traded in by player {active + 1}: worth {cards.worth(state.offered)} of {PRICE}", tuple(
                self._card(state, f"offered:{c}:{i}", c, False) if viewer == active else
                Piece(f"offered:{i}", f"level {cards[c].level}", "face down", "pile")
                for i, c in enumerate(state.offered))))
        if viewer is not None:
            hand = state.hands[viewer]
            zones.append(Zone(f"Your hand (player {viewer + 1})" + self._trap_words(state, viewer), tuple(
                self._card(state, f"hand:{c}:{i}", c, self._hand_action(state, c) in legal)
                for i, c in enumerate(hand))))
        others = [Piece(f"player:{q}", str(len(state.hands[q])), f"player {q + 1}'s cards"
                        + self._trap_words(state, q), "pile")
                  for q in range(state.game.players) if q != viewer]
        zones.append(Zone("The other players" if viewer is not None else "The players", tuple(others)))
        return zones

    def _card(self, state: ZogarState, key: str, card_id: str, target: bool, prefix: str = "") -> Piece:
        card = state.game.cards[card_id]
        if card.kind == "market":
            note = card.effect
        elif card.requirement:
            note = f"needs {parse(card.requirement).words()}"
        else:
            note = f"{card.kind.replace('_', ' ')}, level {card.level}"
        colour = KIND_COLOURS.get(card.kind, "#eeeeee")
        return Piece(key, card.name, prefix + note, "card", target=target, colour=colour)

    @staticmethod
    def _moves(legal: set, *moves: tuple[str, str]) -> list[Piece]:
        """The moves that are no card, for those of ``moves`` legal now (the roll: any hold)."""
        return [Piece(key, words, "", "move", target=True) for key, words in moves
                if any(isinstance(a, Hold if key == "roll" else MOVES[key]) for a in legal)]

    @staticmethod
    def _dungeon_note(state: ZogarState) -> str:
        if state.phase == Phase.ITEMS:
            return "dungeon deck: click to enter"
        if state.drawable:
            return f"dungeon deck: {state.drawable} under the cut"
        return "dungeon deck"

    @staticmethod
    def _trap_words(state: ZogarState, player: int) -> str:
        trap = state.traps[player]
        return f", trapped by {state.game.cards[trap].name}" if trap else ""

    @staticmethod
    def _hand_action(state: ZogarState, card: str):
        return {"market": TradeIn, "items": Carry, "trapped": UseItem}.get(state.phase, TradeIn).of(card)

    def clear_selection(self) -> None:
        self.held = [False] * DICE

    # -- clicks --------------------------------------------------------------------------------------------
    def select_only(self, key: str) -> bool:
        return key.startswith("die:")

    def select(self, state: ZogarState, key: str) -> bool:
        if not self.select_only(key):
            return False
        if state.phase != Phase.HOLD:
            raise IllegalActionError("ZOGAR-COMBAT-06", "dice are held between the rolls of a combat")
        i = int(key.removeprefix("die:"))
        self.held[i] = not self.held[i]
        return True

    def clicks_for(self, action) -> tuple[str, ...]:
        if not isinstance(action, Hold):
            return super().clicks_for(action)
        wanted = _held_flags(self.state.dice, action.dice)
        return (*(f"die:{i}" for i, (now, want) in enumerate(zip(self.held, wanted, strict=True)) if now != want),
                "roll")

    def action_for(self, state: ZogarState, key: str):
        kind, _, rest = key.partition(":")
        card = rest.split(":")[0]
        phase = state.phase
        if kind == "roll":
            kept = tuple(sorted(f for f, held in zip(state.dice, self.held, strict=True) if held))
            if len(kept) == DICE:
                raise IllegalActionError("ZOGAR-COMBAT-05", "hold at most four dice: a roll rerolls at least one")
            return Hold(kept)
        if kind == "dungeon":
            if phase in (Phase.ITEMS, Phase.DELVE):
                return Enter.of() if phase == Phase.ITEMS else Flip.of()
            raise IllegalActionError(PHASE_RULES.get(phase, "ZOGAR-TURN-03"), "the dungeon is entered after the "
                                     "market and the choice of items, and its cards are turned while delving")
        if kind in MOVES:
            return MOVES[kind].of()
        if kind == "buy":
            return Buy.of(card)
        if kind == "hand":
            return self._hand_action(state, card)
        if kind == "with":
            return PickPayment.of(card) if phase == Phase.PAY_PICK else UseItem.of(card)
        raise IllegalActionError(PHASE_RULES.get(phase, "ZOGAR-TURN-03"), "that card makes no move now")

    # -- what a player knows -------------------------------------------------------------------------------
    def private(self, state: ZogarState, player: int) -> str:
        cards = state.game.cards
        if not state.races[player] or not state.classes[player]:
            return "Your secret cards are being dealt."
        race, klass = cards.races[state.races[player]], cards.classes[state.classes[player]]
        have, need = race_progress(state, player)
        owns = cards[klass.owns].name
        return (f"Your secret cards (only you see them):\n"
                f"race {race.name}: {need} {COUNTS[race.counts]} to win; you have {have}.\n"
                f"class {klass.name}: own {owns} ({'you do' if meets_class(state, player) else 'you do not yet'}).\n"
                "You win at once when both are true.")

    def decision_odds(self, state: ZogarState) -> str:
        if state.phase != Phase.HOLD:
            return super().decision_odds(state)
        advice = hold_advice_now(state)
        mine = tuple(sorted(f for f, held in zip(state.dice, self.held, strict=True) if held))
        yours = (f"Your hold ({hold_words(mine)}): {exact_text(advice.p(mine))} to win this combat."
                 if len(mine) < DICE else "Hold at most four dice.")
        return f"{yours}\n{best_hold(advice)}"  # the referee's line, from the advice worked out once

    def task(self, state: ZogarState) -> str:
        cards = state.game.cards
        if state.phase == Phase.DELVE and not state.flipped:
            return "click the dungeon deck to turn over your first card"
        return TASKS[state.phase].format(
            price=PRICE, offered=cards.worth(state.offered), roll=state.rolls + 1, rolls=state.rolls_allowed,
            player=state.player + 1, trap=cards[state.traps[state.player]].name if state.traps[state.player] else "")


def _held_flags(dice: tuple[int, ...], kept: tuple[int, ...]) -> list[bool]:
    """One flag a die: whether it is among ``kept`` (each kept face marks one die showing it).

    >>> _held_flags((2, 5, 5, 6, 5), (5, 5))
    [False, True, True, False, False]
    """
    left, flags = list(kept), []
    for face in dice:
        flags.append(face in left)
        if flags[-1]:
            left.remove(face)
    return flags
