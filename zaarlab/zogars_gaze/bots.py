"""Zogar's Gaze players for simulations and tests: random, and two press-your-luck bots that read the exact odds.

A :class:`PressYourLuck` bot

- at the market trades in cards its own goals do not count, cheapest first, and buys an item (its class card if
  it is for sale, else what keeps it alive: a Healing Draught, a Lucky Charm, the Signet, Holy Water) or gambles;
- carries its weapons and every useful item, and one spare low card to pay Thieves with;
- turns cards while the exact chance of coming through the next flip (:func:`~zaarlab.zogars_gaze.deck.p_survive`)
  is at least its ``nerve`` and it has found fewer than ``greed`` cards (the seventh Gaze counts as a death,
  so with six out it leaves at once); when the odds are bad it first peeks, if it carries a way to;
- holds the dice the hold advisor ranks best (:func:`~zaarlab.zogars_gaze.odds.hold_advice`).

``cautious_bot`` leaves once the next flip has a risk over 20% or after two finds; ``bold_bot`` takes up to a 35%
risk and goes on to five finds. :class:`YourBot` plays like them but leaves the dungeon when a function of yours says
so (what it is told: :class:`Delve`), and :func:`leaderboard` ranks such bots against the built-in ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import repeat
from operator import is_

from .. import tournaments
from ..core.play import random_bot
from ..tournaments import Tournament
from .deck import p_survive
from .odds import best_hold, p_win, parse
from .state import (
    AcceptDeath,
    Buy,
    Carry,
    Climb,
    Enter,
    Fight,
    Flip,
    Gamble,
    Leave,
    PassThieves,
    PayThieves,
    SkipMarket,
    TradeIn,
    UseItem,
    ZogarGame,
    ZogarState,
)

__all__ = ["BOTS", "Delve", "PressYourLuck", "YourBot", "bold_bot", "cautious_bot", "cautious_flip", "leaderboard",
           "random_bot", "tournament", "verdict"]

SHOPPING = ("healing_draught", "lucky_charm", "thieves_signet", "holy_water", "scrying_map", "glow_rock")
PRICE = 5


@dataclass(frozen=True)
class PressYourLuck:
    """A bot that leaves the dungeon once P(surviving the next flip) < ``nerve`` or it found ``greed`` cards."""

    nerve: float
    greed: int

    def __call__(self, state: ZogarState, rng: random.Random):
        legal = state.legal_actions()
        choice = getattr(self, f"_{state.phase}", None)
        chosen = choice(state, legal) if choice else None
        if chosen is not None and not any(map(is_, legal, repeat(chosen))):  # built anew: the listed equal one
            chosen = next((action for action in legal if action == chosen), None)  # applies on the quick path
        return chosen if chosen is not None else rng.choice(legal)

    # -- a turn, phase by phase -------------------------------------------------------------------------------
    def _trapped(self, state: ZogarState, legal: tuple):
        return next((a for a in legal if isinstance(a, UseItem)), Climb())

    def _market(self, state: ZogarState, legal: tuple):
        cards, p = state.game.cards, state.player
        wanted = cards.classes[state.classes[p]].owns
        offered = cards.worth(state.offered)
        if offered >= PRICE:
            for_sale = state.market_up
            for item in (wanted, *SHOPPING):
                if item in for_sale:
                    return Buy.of(item)
            return Gamble.of() if state.market_deck else SkipMarket.of()
        spare = _spare(state)
        if cards.worth(spare) + offered < PRICE:
            return SkipMarket.of()
        return TradeIn.of(spare[0])

    def _items(self, state: ZogarState, legal: tuple):
        cards = state.game.cards
        for action in legal:
            if isinstance(action, Carry):
                card = cards[action.card]
                if (card.kind == "weapon" or card.damage or card.uses) and action.card not in state.carried:
                    return action
        spare = _spare(state)
        if spare and not cards.worth(state.carried):
            return Carry.of(spare[0])  # something cheap for the Thieves (ZOGAR-THIEF-02)
        return Enter.of()

    def _delve(self, state: ZogarState, legal: tuple):
        if Leave.of() not in legal:
            return Flip.of() if Flip.of() in legal else legal[0]
        if len(state.found) >= self.greed:
            return Leave.of()
        if float(p_survive(state, 1, number=Fraction)) < self.nerve:
            peek = next((a for a in legal if isinstance(a, UseItem)), None)
            return peek or Leave.of()
        return Flip.of()

    def _thieves(self, state: ZogarState, legal: tuple):
        if PassThieves() in legal:
            return PassThieves()
        req = state.game.cards[state.enemy].requirement
        if PayThieves() in legal and float(p_win(req, number=Fraction)) < self.nerve:
            return PayThieves()
        return Fight()

    def _pay_pick(self, state: ZogarState, legal: tuple):
        return legal[0]  # the left neighbour: the first in order; any choice hurts the player the same

    def _hold(self, state: ZogarState, legal: tuple):
        req = parse(state.game.cards[state.enemy].requirement, straight_alt=state.game.straight_alt)
        best = best_hold(req, state.dice, rolls_left=state.rolls_allowed - state.rolls)
        return next((hold for hold in legal if hold.dice == best), None)

    def _dying(self, state: ZogarState, legal: tuple):
        items = [a for a in legal if isinstance(a, UseItem)]
        return items[0] if items else AcceptDeath()


@dataclass(frozen=True)
class Delve:
    """What a bot in the dungeon knows when it decides whether to turn one more card."""

    found: int  # cards found in this delve so far (kept if the bot leaves, lost if it dies)
    carried: int  # cards it brought in (lost too if it dies)
    p_survive: Fraction  # the exact chance of coming through the next card alive, the game not lost
    gazes: int  # Zogar's Gaze cards revealed: at the seventh, every player loses


def cautious_flip(delve: Delve) -> bool:
    """The cautious bot's rule as a ``flip`` function: one more card while it is at least 80% safe and fewer than two
    cards were found (a start for your own).

    >>> cautious_flip(Delve(found=1, carried=0, p_survive=Fraction(5, 6), gazes=0))
    True
    """
    return delve.p_survive >= Fraction(4, 5) and delve.found < 2


@dataclass(frozen=True)
class YourBot(PressYourLuck):
    """A :class:`PressYourLuck` bot that turns one more card exactly when ``flip(delve)`` is true (``delve``: a
    :class:`Delve`); its market, items, Thieves and dice are the built-in bots'.

    >>> bot = YourBot(flip=lambda delve: delve.p_survive > Fraction(3, 4) and delve.found < 3)
    >>> result = leaderboard({"mine": bot}, games=6, seed=2)
    >>> [standing.name for standing in result], sum(standing.games for standing in result)
    (['cautious', 'mine', 'bold', 'random'], 24)
    """

    nerve: float = 0.8  # for the Thieves: fight them when the dice win at least this often, as the cautious bot
    greed: int = 2  # unused: ``flip`` decides
    flip: Callable[[Delve], bool] = cautious_flip

    def _delve(self, state: ZogarState, legal: tuple):
        if Leave.of() not in legal:
            return Flip.of() if Flip.of() in legal else legal[0]
        delve = Delve(len(state.found), len(state.carried), p_survive(state, 1, number=Fraction), len(state.gazes))
        return Flip.of() if self.flip(delve) else Leave.of()


def leaderboard(yours: dict[str, Callable], opponents: Sequence[str] = ("cautious", "bold"), games: int = 200,
                seed: int = 0, builtin: Sequence[str] = ("cautious", "bold", "random"), **params):
    """Your bots (name -> bot) and the built-in ones, each in turn in the first seat against the same ``opponents``
    in the same seeded deals, ranked by games won (:func:`zaarlab.tournaments.leaderboard`)."""
    game = ZogarGame(players=1 + len(opponents), **params)
    return tournaments.leaderboard(game, {**BOTS, **yours}, [*yours, *builtin], opponents, games, seed=seed,
                                   verdict=verdict)


_COUNTED = {  # what each race's goal counts, card by card (ZOGAR-SETUP-04)
    "treasure_points": lambda card: card.tp > 0, "artifacts": lambda card: card.kind == "artifact",
    "fame_points": lambda card: card.is_enemy, "monsters": lambda card: card.is_enemy,
    "gaze_revealed": lambda card: False,
}


def _spare(state: ZogarState) -> list[str]:
    """The player's dungeon cards that neither their race nor their class counts, cheapest first."""
    p = state.player
    spare = _spare_cards(state.game, state.races[p], state.classes[p])
    return sorted(filter(spare.__contains__, state.hands[p]), key=spare.__getitem__)


@cache
def _spare_cards(game: ZogarGame, race: str, character_class: str) -> dict[str, int]:
    """Every card a player of ``race`` and ``character_class`` can spare (:func:`_spare`), with its level."""
    cards = game.cards
    counted = _COUNTED[cards.races[race].counts]
    wanted = cards.classes[character_class].owns
    return {c: card.level for c, card in cards.dungeon.items() if card.level and c != wanted and not counted(card)
            and card.kind != "weapon" and not card.uses}


cautious_bot = PressYourLuck(nerve=0.80, greed=2)
bold_bot = PressYourLuck(nerve=0.65, greed=5)
BOTS = {"cautious": cautious_bot, "bold": bold_bot, "random": random_bot}


def verdict(final: ZogarState) -> tuple[int, ...] | str:
    """How a game ended, for :func:`zaarlab.tournaments.tournament`: the winner, or Zogar, or the turn limit."""
    if final.winner >= 0:
        return (final.winner,)
    return "Zogar (7 Gazes)" if final.ended_by == "gaze" else "turn limit"


def tournament(names: Sequence[str], games: int, seed: int = 0, progress: Callable[[int], None] | None = None,
               workers: int | None = None, cluster=None, **params) -> Tournament:
    """Play ``games`` seeded games, seat ``i`` played by the bot ``BOTS[names[i]]``; ``progress(done)`` as they finish,
    on ``workers`` local processes or a Dask ``cluster`` (:func:`zaarlab.tournaments.tournament`).

    >>> result = tournament(["bold", "random"], games=4, seed=1)
    >>> result.games, len(result.wins)
    (4, 2)
    """
    game = ZogarGame(players=len(names), **params)
    return tournaments.tournament(game, BOTS, names, games, seed=seed, progress=progress, verdict=verdict,
                                  workers=workers, cluster=cluster)
