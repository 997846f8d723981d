"""Exact odds of the Zerzura market, from what a player has not seen: the draw deck and the cards removed unseen.

From a player's seat the next Market is drawn from the *unseen* cards: the deck, and at 2 or 3 players the cards
removed at setup (ZERZURA-SETUP-04), which nobody may look at. Every card of the unseen pool is equally likely to
be in the deck, so the Market is a uniform draw from that pool.

- :func:`p_market_has`: the chance that the next Market holds at least one card showing any of some Objects
  (hypergeometric, exact).
- :func:`market_gains`: what each Market card is worth to the player right now, on the non-monotone scales, Guards
  placed at best and tiles claimed (the score sheet difference).
- :func:`p_complete_tile`: the chance that the player completes a displayed Command tile before the deck runs out,
  if every round they take the Market card that most reduces what the tile still needs, and the Market is
  otherwise untouched by the others (an upper bound for a contested tile). Exact by dynamic programming when the
  tile counts one Object; otherwise a seeded simulation with a 95% confidence interval, and the result says so.

Examples
--------
>>> from .state import ZerzuraGame
>>> state = ZerzuraGame(players=4).initial_state()
>>> p_market_has(state, 0, ["lamp"], size=4)     # 14 of the 60 cards show a lamp
21630/32509
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from typing import TYPE_CHECKING, Any

from ..core.exact import rational
from .state import Phase

if TYPE_CHECKING:
    import sympy
from .bots import holding_value
from .state import ZerzuraState


def unseen(state: ZerzuraState) -> Counter:
    """The cards no player has seen: the draw deck and the removed cards (ZERZURA-SETUP-04).

    It is the same for every seat: all the other cards are face up, or were when taken.
    """
    return Counter(state.deck) + Counter(state.removed)


def p_market_has(state: ZerzuraState, player: int, objects, size: int | None = None,
                 number: Callable[[int, int], Any] = rational) -> sympy.Rational | Any:
    """P(the next Market of ``size`` cards shows at least one of ``objects`` on some card). ``number`` makes the
    probability from its numerator and denominator: ``sympy.Rational``, or ``fractions.Fraction`` for the table.

    >>> from .state import ZerzuraGame
    >>> p_market_has(ZerzuraGame(players=2).initial_state(), 0, ["ring", "lamp"])
    87055/97527
    >>> p_market_has(ZerzuraGame(players=2).initial_state(), 0, ["ring", "lamp"], number=Fraction)
    Fraction(87055, 97527)
    """
    pool = unseen(state)
    cards = state.game.cards
    size = state.game.market_size if size is None else size
    total = sum(pool.values())
    if not 0 <= size <= total:
        raise ValueError(f"a Market of {size} cannot come from {total} unseen cards")
    wanted = set(objects)
    hits = sum(n for c, n in pool.items() if wanted & set(cards[c].objects))
    missed, draws = comb(total - hits, size), comb(total, size)
    return number(draws - missed, draws)


def market_gains(state: ZerzuraState, player: int) -> dict[str, int]:
    """Each Market card's worth to ``player`` now: the change in their final score if they took it.

    Non-monotone: a fourth pepper is worth -3, a sixth lamp +8 (ZERZURA-SCORE-06).

    >>> from dataclasses import replace
    >>> from .state import ZerzuraGame
    >>> state = replace(ZerzuraGame(players=2).initial_state(), market=("lamp_1", "peppers_1"),
    ...                 areas=(("lamp_3", "lamp_2", "peppers_3"), ()))
    >>> market_gains(state, 0)
    {'lamp_1': 8, 'peppers_1': -3}
    """
    areas, stored = state.areas[player], state.stored[player]
    before = holding_value(state, player, areas, stored)
    return {c: holding_value(state, player, areas + (c,), stored) - before for c in sorted(set(state.market))}


@dataclass(frozen=True)
class TileChance:
    """The chance of completing a tile: exact (``error`` 0) or estimated (a 95% interval of half-width ``error``)."""

    p: sympy.Rational | float
    exact: bool
    error: float = 0.0
    trials: int = 0

    def __str__(self) -> str:
        if self.exact:
            return f"{self.p} (exact)"
        return f"{self.p:.3f} ± {self.error:.3f} (simulated, {self.trials} games, 95%)"


def p_complete_tile(state: ZerzuraState, player: int, tile: str, trials: int = 4000, seed: int = 0) -> TileChance:
    """P(``player`` meets ``tile`` before the game ends, under a simple model of play.

    The model: ``player`` always takes the Market card that most reduces what the tile still needs; every other
    player takes a Market card at random; nobody exchanges or stores, so the Dromedary passes left each round
    (ZERZURA-ROUND-02) and the game lasts until the deck is used up (ZERZURA-END-01). Markets come from the unseen
    cards. Exact (dynamic programming over the cards left, grouped by how many of the Object they show) when the
    tile counts a single Object; otherwise the same model is simulated, seeded, with a 95% interval.

    >>> from dataclasses import replace
    >>> from .state import ZerzuraGame
    >>> state = replace(ZerzuraGame(players=4).initial_state(), areas=(("ring_3",), (), (), ()))
    >>> chance = p_complete_tile(state, 0, "ring_7")
    >>> chance.exact, round(float(chance.p), 4)
    (True, 0.9992)
    """
    cards = state.game.cards
    if tile not in state.tiles_up and tile in state.tiles_owned[player]:
        return TileChance(rational(1), True)
    if tile not in state.tiles_up and any(tile in owned for owned in state.tiles_owned):
        return TileChance(rational(0), True)
    need = cards.tiles[tile]
    pool = unseen(state)
    if len(need.objects) == 1 and not (need.cards or need.stored or need.characters):
        (obj, count), = need.objects
        have = sum(cards[c].objects.count(obj) for c in state.areas[player] + state.stored[player])

        def group(pile) -> tuple[int, ...]:
            counts = Counter(min(cards[c].objects.count(obj), 3) for c in pile)
            return tuple(counts[k] for k in range(4))

        p = _SingleObject(state, player).chance(count - have, group(pool.elements()), group(state.market))
        return TileChance(rational(p.numerator, p.denominator), True)
    return _simulate(state, player, need, pool, trials, seed)


def _rounds_left(state: ZerzuraState) -> int:
    """Markets still to be dealt: the deck, a Market at a time (a short last one counts, GAP-R06)."""
    return math.ceil(len(state.deck) / state.game.market_size)


class _SingleObject:
    """The exact recursion of :func:`p_complete_tile`, on cards grouped by how many of the Object they show."""

    def __init__(self, state: ZerzuraState, player: int):
        self.n, self.size, self.per_round = state.game.players, state.game.market_size, state.per_round
        self.player, self.state = player, state
        self.act = cache(self._act)
        self.deal = cache(self._deal)

    def chance(self, short: int, pool: tuple, market: tuple) -> Fraction:
        s = self.state
        if s.phase == Phase.ACT:
            return self.act(short, pool, market, s.holder, s.acted, _rounds_left(s))
        return self.deal(short, pool, s.holder, _rounds_left(s))

    def _deal(self, short: int, pool: tuple, holder: int, rounds: int) -> Fraction:
        if short <= 0:
            return Fraction(1)
        if rounds == 0 or not sum(pool):
            return Fraction(0)
        total = sum(pool)
        draw = min(self.size, total)
        result = Fraction(0)  # summed in ways to deal each Market, divided once by all the ways
        for market in _compositions(draw, pool):
            ways = math.prod(comb(n, k) for n, k in zip(pool, market, strict=True))
            left = tuple(n - k for n, k in zip(pool, market, strict=True))
            result += ways * self.act(short, left, market, holder, 0, rounds - 1)
        return result / comb(total, draw)

    def _act(self, short: int, pool: tuple, market: tuple, holder: int, acted: int, rounds: int) -> Fraction:
        if short <= 0:
            return Fraction(1)
        if acted == self.per_round or not sum(market):
            return self.deal(short, pool, (holder + 1) % self.n, rounds)
        showing = [k for k in range(4) if market[k]]
        if (holder + acted) % self.n == self.player:
            best = max(showing)
            return self.act(short - best, pool, _less(market, best), holder, acted + 1, rounds)
        return sum((market[k] * self.act(short, pool, _less(market, k), holder, acted + 1, rounds)  # another player
                    for k in showing), Fraction(0)) / sum(market)  # takes a card at random


def _less(groups: tuple, k: int) -> tuple:
    return groups[:k] + (groups[k] - 1,) + groups[k + 1:]


def _compositions(n: int, limits: tuple[int, ...]):
    """Every way of drawing ``n`` cards from groups of sizes ``limits`` (counts per group)."""
    if len(limits) == 1:
        if n <= limits[0]:
            yield (n,)
        return
    for k in range(min(n, limits[0]) + 1):
        for rest in _compositions(n - k, limits[1:]):
            yield (k, *rest)


def _simulate(state: ZerzuraState, player: int, need, pool: Counter, trials: int, seed: int) -> TileChance:
    """The model of :func:`p_complete_tile`, played ``trials`` times."""
    cards, size, n = state.game.cards, state.game.market_size, state.game.players
    rng = random.Random(seed)
    deck = sorted(pool.elements())
    hits = 0
    for _ in range(trials):
        rng.shuffle(deck)
        mine = _Toward(cards, need, state.areas[player] + state.stored[player])
        market, holder, acted = (list(state.market), state.holder, state.acted) if state.phase == Phase.ACT else \
            ([], state.holder - 1, state.per_round)
        dealt, rounds = 0, _rounds_left(state)
        while mine.short():
            if acted == state.per_round or not market:
                if rounds == 0:
                    break
                market, dealt, rounds = deck[dealt:dealt + size], dealt + size, rounds - 1
                holder, acted = (holder + 1) % n, 0
                if not market:
                    break
            if (holder + acted) % n == player:
                card = min(market, key=lambda c: (mine.short(c), c))
                mine.add(card)
            else:
                card = rng.choice(market)
            market.remove(card)
            acted += 1
        hits += not mine.short()
    p = hits / trials
    return TileChance(p, False, 1.96 * math.sqrt(max(p * (1 - p), 1 / trials) / trials), trials)


class _Toward:
    """What a player's cards give toward a tile, kept up to date card by card (the simulation asks after every card
    in every Market)."""

    def __init__(self, cards, need, owned):
        self.cards, self.need = cards, need
        self.objects, self.count, self.characters = Counter(), 0, 0
        for card in owned:
            self.add(card)

    def add(self, card: str) -> None:
        shown = self.cards[card]
        self.objects.update(shown.objects)
        self.count += 1
        self.characters += shown.kind != "goods"

    def short(self, extra: str | None = None) -> int:
        """What the tile still needs (0: met), with ``extra`` if given: Objects, cards, Characters; storage is not
        modelled (never met)."""
        more = self.cards[extra] if extra else None
        shown, cards, characters = (more.objects, 1, more.kind != "goods") if more else ((), 0, 0)
        need, have = self.need, self.objects
        short = sum(max(n - have[o] - shown.count(o), 0) for o, n in need.objects)
        short += max(need.cards - self.count - cards, 0)
        short += max(need.characters - self.characters - characters, 0)
        return short + need.stored
