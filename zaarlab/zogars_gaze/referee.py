"""Zogar's Gaze's referee: the game's words for a move and for the end, and the judge of a hold (its chance to win
the combat against the best hold's), for any view of a match, with no widget in it.

>>> from zaarlab.core.match import Match
>>> from zaarlab.zogars_gaze.bots import BOTS
>>> from zaarlab.zogars_gaze.state import ZogarGame
>>> match = Match(ZogarGame(players=2, turn_limit=6), ["cautious", "cautious"], seed=1, bots=BOTS,
...               hooks=ZogarReferee())
>>> match.skip() > 0 and match.finished().words != ""
True
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from fractions import Fraction

from ..core.match import Decision, Hooks
from ..core.readable import exact_text
from ..ui.pieces import Piece, Zone
from .deck import p_survive
from .goals import GAZES_TO_LOSE
from .odds import HoldAdvice, hold_advice, hold_words, p_escape, p_win, parse
from .rules import PRICE
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
    ZogarState,
)


def hold_advice_now(state: ZogarState) -> HoldAdvice:
    """The exact chance of each hold of the dice showing against the enemy faced, and the best hold."""
    need = state.game.cards[state.enemy].requirement
    return hold_advice(need, state.dice, state.rolls_allowed - state.rolls, Fraction,
                       straight_alt=state.game.straight_alt)


KIND_COLOURS = {"gaze": "#E6D3E0", "monster": "#F6D5C2", "thieves": "#F6D5C2", "treasure": "#FBF3C4",
                "artifact": "#F8E2B8", "weapon": "#D3E8F6", "market": "white"}  # a card's face, by its kind
MOVES = {"skip": SkipMarket, "gamble": Gamble, "leave": Leave, "fight": Fight, "pay": PayThieves,
         "pass": PassThieves, "escape": Climb, "death": AcceptDeath}  # the moves that are no card, by key

RULES_NOW = {  # the sections of the rules each phase follows
    Phase.DEAL_RACE: ("SETUP",), Phase.DEAL_CLASS: ("SETUP",), Phase.MARKET_UP: ("TURN", "MARKET"),
    Phase.FIRST: ("TURN", "MARKET"), Phase.MARKET: ("MARKET",), Phase.GAMBLE: ("MARKET",), Phase.REFILL: ("MARKET",),
    Phase.ITEMS: ("ITEMS",), Phase.CLIMB: ("DELVE",), Phase.CUT: ("DELVE",), Phase.FLIP: ("DELVE",),
    Phase.PEEK: ("DELVE",), Phase.DELVE: ("DELVE",), Phase.HOLD: ("COMBAT",), Phase.ROLL: ("COMBAT",),
    Phase.MIMIC: ("COMBAT",), Phase.THIEVES: ("COMBAT",), Phase.PAY_PICK: ("COMBAT",), Phase.DYING: ("DELVE",),
    Phase.TRAPPED: ("DELVE", "COMBAT"), Phase.OVER: ("GOAL", "WIN"),
}


class ZogarReferee(Hooks):
    """Zogar's Gaze's words for a match, the judge of each hold, and the odds a player may be shown."""

    hint_bot = "cautious"

    def rules_now(self, state: ZogarState) -> tuple[str, ...]:
        return RULES_NOW[state.phase]

    def no_hint(self, state: ZogarState) -> str:
        """In a delve, none while other players' cards traded in face down lie in the dungeon: the bot weighs the
        next card by the deck, whose cards those are (as the odds, :meth:`decision_odds`)."""
        if state.phase == Phase.DELVE and traded_in_by_others(state):
            return ("no hint while the dungeon holds cards the others traded in face down: the bot would weigh "
                    "the next card by them")
        return ""

    def hint_reason(self, state: ZogarState, action) -> str:
        if state.phase == Phase.DELVE:
            return f"the chance to come through the next card alive is {exact_text(p_survive(state, 1, Fraction))}"
        if state.phase == Phase.THIEVES:
            return f"a fight against the Thieves is won {exact_text(p_beat_thieves(state))}"
        return super().hint_reason(state, action)

    def board_zones(self, state: ZogarState, viewer: int | None, legal: Set = frozenset(),
                    held: Sequence[bool] | None = None) -> list[Zone]:
        """The dungeon (its count, the card looked at, the cards found, the enemy, the Gazes revealed), the dice, the
        choices, what the player in the dungeon has with them, the market, the cards traded in (face down but to
        their player), ``viewer``'s hand and the others' card counts; pieces that make one of the ``legal`` moves
        marked; while dice are held, ``held`` marks the dice set aside (by default the ones kept).

        >>> from .state import ZogarGame
        >>> for zone in ZogarReferee().board_zones(ZogarGame(players=2).initial_state(), 1):
        ...     print(zone.title)
        The dungeon
        The market (each card costs 5)
        Your hand (player 2)
        The other players
        """
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
            held = list(held) if holding and held is not None else held_flags(state.dice, state.kept)
            dice = [Piece(f"die:{i}", str(face), "held" if held[i] else "", "die", target=holding and bool(legal),
                          held=held[i], face=face) for i, face in enumerate(state.dice)]
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
        if state.offered:  # face down to the others: a card's back shows its level, not which was traded first
            zones.append(Zone(f"Traded in by player {active + 1}: worth {cards.worth(state.offered)} of {PRICE}", tuple(
                (self._card(state, f"offered:{c}:{i}", c, False) for i, c in enumerate(state.offered))
                if viewer == active else (Piece(f"offered:{i}", f"level {level}", "face down", "pile") for i, level in
                                          enumerate(sorted(cards[c].level for c in state.offered))))))
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
    def _moves(legal: Set, *moves: tuple[str, str]) -> list[Piece]:
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

    def move_words(self, state: ZogarState, action) -> str:
        if isinstance(action, Hold):
            return f"{hold_words(action.dice)} and roll the others"
        if isinstance(action, SkipMarket):
            return "buy nothing"  # as the board says it
        return action.words(self.names(state))

    def judge(self, state: ZogarState, action) -> Decision | None:
        if not isinstance(action, Hold):
            return None
        advice = hold_advice_now(state)
        enemy = state.game.cards[state.enemy].name
        return Decision(state.current_player(), f"against {enemy}, {', '.join(map(str, state.dice))} showing: "
                        f"{hold_words(action.dice)}", advice.p(action.dice), advice.p(advice.best))

    def ending(self, state: ZogarState) -> str:
        if state.ended_by == "win":
            cards = state.game.cards
            race, klass = cards.races[state.races[state.winner]], cards.classes[state.classes[state.winner]]
            return (f"player {state.winner + 1} wins, meeting both secret conditions: race {race.name} and class "
                    f"{klass.name}")
        if state.ended_by == "gaze":
            return "the seventh Zogar's Gaze came up: Zogar wins and every player loses"
        return "the game stopped at its turn limit: nobody wins"

    def standing(self, state: ZogarState) -> str:
        """The turn and the Gazes revealed (the seventh ends the game: ZOGAR-GAZE-02); a player's progress towards
        their goals is their secret."""
        return f"turn {state.turn}: {len(state.gazes)} of {GAZES_TO_LOSE} Zogar's Gazes revealed"

    def warning(self, state: ZogarState) -> str:
        """One Gaze from the end: the next revealed makes everybody lose (ZOGAR-GAZE-02)."""
        if len(state.gazes) == GAZES_TO_LOSE - 1 and not state.is_terminal():
            return (f"{GAZES_TO_LOSE - 1} of {GAZES_TO_LOSE} Zogar's Gazes are revealed: the next one turned over "
                    "ends the game, and every player loses.")
        return ""

    def decision_odds(self, state: ZogarState) -> str:
        """The exact odds of the combat, the Thieves, the trap or the delve at hand. A delve's are shown only while
        no other player has traded cards into the dungeon: those went in face down (ZOGAR-MARKET-06), and odds
        counted from the deck as it is would hint at what they are."""
        if state.phase == Phase.HOLD:
            return best_hold(hold_advice_now(state))
        if state.phase == Phase.DELVE:
            if traded_in_by_others(state):
                return ("The chance to survive the next card is not shown: the other players have traded cards "
                        "into the dungeon face down, and a chance counted from the deck would hint at what they are.")
            one, three = p_survive(state, 1, Fraction), p_survive(state, min(3, state.drawable), Fraction)
            return (f"The chance to come through the next card alive: {exact_text(one)}.\n"
                    f"Through the next {min(3, state.drawable)} cards: {exact_text(three)}.")
        if state.phase == Phase.THIEVES:
            need = state.game.cards[state.enemy].requirement
            return (f"Fighting the Thieves (they need {parse(need).words()}): {exact_text(p_beat_thieves(state))} "
                    "to win.")
        if state.phase == Phase.TRAPPED:
            kind = state.game.cards[state.traps[state.player]].kind
            return f"The chance that one roll frees you: {exact_text(p_escape(kind, Fraction))}."
        return ""


def p_beat_thieves(state: ZogarState) -> Fraction:
    """The exact chance that a fight against the Thieves faced now is won."""
    need = state.game.cards[state.enemy].requirement
    return p_win(need, number=Fraction, straight_alt=state.game.straight_alt)


def best_hold(advice: HoldAdvice) -> str:
    """The best hold of the dice showing and its exact chance to win the combat, in a sentence."""
    return f"The best hold ({hold_words(advice.best)}): {exact_text(advice.p(advice.best))} to win this combat."


def traded_in_by_others(state: ZogarState) -> bool:
    """Whether a player other than the one to move has traded cards into the dungeon this game (face down: the
    player to move knows only their levels).

    >>> from .state import ZogarGame
    >>> traded_in_by_others(ZogarGame(players=2).initial_state())
    False
    """
    return any(told.kind == "trades_in" and told["player"] != state.player for told in state.log)


REFEREE = ZogarReferee
"""The referee a match of the game is played with where no table is on screen (a class's match)."""


def held_flags(dice: tuple[int, ...], kept: tuple[int, ...]) -> list[bool]:
    """One flag a die: whether it is among ``kept`` (each kept face marks one die showing it).

    >>> held_flags((2, 5, 5, 6, 5), (5, 5))
    [False, True, True, False, False]
    """
    left, flags = list(kept), []
    for face in dice:
        flags.append(face in left)
        if flags[-1]:
            left.remove(face)
    return flags
