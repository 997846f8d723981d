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
from ..ui.pieces import Zone
from ..ui.table import Table
from .bots import BOTS
from .goals import meets_class, race_progress
from .odds import DICE, hold_words
from .referee import MOVES, ZogarReferee, best_hold, held_flags, hold_advice_now
from .rules import PHASE_RULES, PRICE
from .state import (
    Buy,
    Enter,
    Flip,
    Hold,
    Phase,
    PickPayment,
    UseItem,
    ZogarGame,
    ZogarState,
)

COUNTS = {"treasure_points": "treasure points", "gaze_revealed": "Zogar's Gazes revealed",
          "artifacts": "artifacts", "fame_points": "fame points from defeated enemies",
          "monsters": "defeated enemies"}  # what each race card counts (ZOGAR-SETUP-04)
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
                 odds: bool = True, pace: float = 0.6, hints: bool | None = None, **params):
        self.held, self.params = [False] * DICE, params
        super().__init__(seats, seed=seed, odds=odds, pace=pace, hints=hints)

    def make_game(self, players: int) -> ZogarGame:
        return ZogarGame(players=players, **self.params)

    # -- the board -----------------------------------------------------------------------------------------
    def lay(self, state: ZogarState, viewer: int | None) -> Sequence[Zone]:
        legal = frozenset(state.legal_actions()) if self.to_move() is not None else frozenset()
        return self.board_zones(state, viewer, legal, self.held)

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
        wanted = held_flags(self.state.dice, action.dice)
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
