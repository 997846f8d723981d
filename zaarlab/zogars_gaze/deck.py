"""Exact press-your-luck odds of the dungeon deck of Zogar's Gaze, read from a game state.

What the next card is (:func:`next_card_dist`), how likely the player is to come through the next ``k`` flips
alive with the items they carry (:func:`p_survive`), and how soon the seventh Gaze may come
(:func:`p_seventh_gaze_within`). Cards are drawn uniformly among the unseen ones (ZOGAR-DELVE-01).

What a card does to the player, :func:`fate`:

- an enemy: death with probability 1 - P(win) under the optimal hold policy, or 0 if a carried item deals its
  weakness (ZOGAR-COMBAT-02); a battle ends the delve either way (ZOGAR-DELVE-05);
- Thieves: no risk when the Signet is worn or there is a card to pay with; otherwise a fight;
- the Mimic: death with probability P(pips < the player's card values) (ZOGAR-MIMIC-01), counting the cards
  found on the way; surviving, go on;
- a trap or Consuming Fear ends the delve without a death; anything else lets the delve go on;
- the seventh Zogar's Gaze ends the game for everyone (ZOGAR-GAZE-02): counted here as not surviving.

A carried Healing Draught cancels a death (GAP-G02), so it makes the next death harmless; a Lucky Charm adds a roll.
The next flip is exact whatever the deck. Over several flips, cards found on the way count for a later Mimic, but
what else they change is left out: a weapon found does not yet kill the enemies weak to it, a card found does not
yet pay Thieves, a card paid to Thieves still counts for the Mimic. (The engine plays all of it; the tests compare
both where these effects cannot occur.)

Examples
--------
>>> from .state import ZogarGame
>>> state = ZogarGame(players=2).initial_state()
>>> next_card_dist(state).p("gaze")
1/14
>>> from dataclasses import replace
>>> delve = replace(state, drawable=30)        # the cut leaves 30 cards to turn (GAP-G08)
>>> p_seventh_gaze_within(delve, 20), p_seventh_gaze_within(delve, 126)   # flipping stops at the cut
(373882/13837345225, 28169817/47046973765)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.exact import rational
from .state import Phase

if TYPE_CHECKING:
    import sympy
from ..core.dist import Dist
from .delve import FOUND_KINDS
from .goals import GAZES_TO_LOSE
from .odds import DICE, FACES, ROLLS, p_pips_at_least, p_within
from .odds import p_win as _p_win
from .state import ZogarGame, ZogarState


def next_card_dist(state: ZogarState) -> Dist:
    """The kind of the next dungeon card (gaze, monster, treasure, pit_trap, ...), exactly.

    A card already peeked at is certain.
    """
    cards = state.game.cards
    if state.peeked:
        return Dist.certain(cards[state.peeked].kind)
    return Dist.draw(cards[card].kind for card in state.dungeon)


def fate(state: ZogarState, card: str) -> tuple[Fraction, bool]:
    """(P(the player dies of ``card``), whether the delve stops there) with the cards now with the player."""
    return _fate(state.game, card, _position(state))


def _position(state: ZogarState) -> tuple:
    """What a card's fate depends on: the damage the player deals, whether they carry anything, wear the Signet,
    have an extra roll, and what their cards are worth to the Mimic."""
    cards, carrying, uses = state.game.cards, state.with_player, _uses(state)
    return (frozenset(cards[c].damage for c in carrying), bool(carrying), "pass_thieves" in uses,
            ROLLS + ("extra_roll" in uses), cards.worth(state.owned(state.player)))


@cache  # a delve asks for every card of the deck at every flip, in a handful of positions
def _fate(game: ZogarGame, card: str, position: tuple) -> tuple[Fraction, bool]:
    damage, carrying, signet, rolls, threshold = position
    info = game.cards[card]
    kind = info.kind
    if kind in ("pit_trap", "darkness", "consuming_fear"):
        return _NEVER, True
    if kind == "mimic":
        return _mimic_death(threshold), False
    if kind == "thieves" and (carrying or signet):
        return _NEVER, False
    if not info.is_enemy:
        return _NEVER, False
    if damage & set(info.weaknesses):
        return _NEVER, True
    return _p_lose_fraction(info.requirement, rolls, game.straight_alt), True


_NEVER = Fraction(0)  # one object for every harmless card: _alive groups the cards by their chance to kill


MAX_FLIPS = 20
"""The most flips :func:`p_survive` looks ahead (a second or less here; the work grows steeply with the flips: 13 s for
40), far past any delve a player would press on with."""


def p_survive(state: ZogarState, flips: int = 1,
              number: Callable[[int, int], Any] = rational) -> sympy.Rational | Any:
    """P(coming through the next ``flips`` flips alive, and the game not lost to the seventh Gaze).

    Flipping stops early where the delve would end (a battle, a trap, Consuming Fear, or no card under the
    cut). Exact: a recursion over how many Gazes and Mimics have come up, the only cards whose effect on later
    flips matters here. ``number`` makes the probability from its numerator and denominator, as in
    :func:`~zaarlab.zogars_gaze.odds.p_win` (``fractions.Fraction`` for the bots).

    >>> from dataclasses import replace
    >>> from .state import ZogarGame
    >>> state = replace(ZogarGame(players=2).initial_state(), dungeon=("gaze_1", "treasure_1"), drawable=2)
    >>> p_survive(state, 1), p_survive(replace(state, gazes=("gaze_1",) * 6), 1, number=Fraction)
    (1, Fraction(1, 2))
    """
    if not 0 <= flips <= MAX_FLIPS:
        raise ValueError(f"flips counts cards still to turn, from 0 to {MAX_FLIPS}, not {flips}")
    revealed, limit = len(state.gazes), min(flips, state.drawable)
    if limit == 0:
        alive = Fraction(1)
    elif not state.peeked:
        alive = _alive(state, limit, revealed)
    elif state.game.cards[state.peeked].kind == "gaze" and revealed + 1 >= GAZES_TO_LOSE:
        alive = Fraction(0)
    else:
        death, stops = fate(state, state.peeked)
        gaze = state.game.cards[state.peeked].kind == "gaze"
        rest = Fraction(1) if stops or limit == 1 else _alive(state, limit - 1, revealed + gaze)
        alive = _through(death, rest, _has_use(state, "cancel_death"))
    return number(alive.numerator, alive.denominator)


def _through(death: Fraction, rest: Fraction, draught: bool) -> Fraction:
    """P(alive at the end) after a card that kills with probability ``death``, then ``rest`` if not."""
    return (1 - death) * rest + (death if draught else 0)  # a cancelled death ends the turn alive


def _alive(state: ZogarState, limit: int, revealed: int) -> Fraction:
    """P(alive after ``limit`` flips from the deck).

    The recursion runs over what has come up so far, in the only terms later cards care about: Gazes (the
    seventh ends the game), Mimics, cards found by level (each raises the Mimic's count) and other cards. It adds
    whole numbers: every chance to live is counted in ``unit`` parts (the Mimic's and each card's that stops the
    delve), and each flip among the cards left, so the value after ``drawn`` flips is a numerator over
    ``denominators[drawn]``; one fraction is made at the end.
    """
    draught = _has_use(state, "cancel_death")
    position = _position(state)
    base = position[-1]  # what the player's cards are worth to the Mimic now
    roles = _roles(state.game, position[:-1])
    counts = Counter(map(roles.of.__getitem__, state.dungeon))
    gazes, mimics, others = counts[_GAZE], counts[_MIMIC], counts[_OTHER]
    levels = sorted(roles.levels[role] for role in counts if role in roles.levels)
    found = [counts[roles.found[level]] for level in levels]
    unit = roles.unit
    stopping = sum(n * (unit if draught else roles.lives[role]) for role, n in counts.items()  # a draught cancels
                   if role in roles.lives)  # the death: the card is survived in any case
    cards = len(state.dungeon)
    denominators = [1]  # after `drawn` flips, from the last back: unit parts per flip, times the cards left
    for drawn in reversed(range(limit)):
        denominators.append(denominators[-1] * unit * (cards - drawn))
    denominators.reverse()

    def alive(drawn: int, g: int, m: int, f: tuple[int, ...], o: int) -> int:
        if drawn == limit:
            return 1
        later = denominators[drawn + 1]
        going_on = (others - o) * alive(drawn + 1, g, m, f, o + 1)  # cards that let the delve go on, each alike
        for i, level_found in enumerate(found):
            if level_found > f[i]:
                more = f[:i] + (f[i] + 1,) + f[i + 1:]
                going_on += (level_found - f[i]) * alive(drawn + 1, g, m, more, o)
        if gazes > g and revealed + g + 1 < GAZES_TO_LOSE:
            going_on += (gazes - g) * alive(drawn + 1, g + 1, m, f, o)
        total = going_on * unit + stopping * later
        if mimics > m:
            threshold = base + sum(level * n for level, n in zip(levels, f, strict=True))
            death = _mimic_death(threshold)
            death = death.numerator * (unit // death.denominator)  # in unit parts
            rest = alive(drawn + 1, g, m + 1, f, o)
            total += (mimics - m) * ((unit - death) * rest + (death * later if draught else 0))
        return total

    if limit > 1:
        alive = cache(alive)  # the same positions come up along many orders of the cards
    return Fraction(alive(0, 0, 0, (0,) * len(found), 0), denominators[0])


@cache  # asked at every flip of a delve, for a few thresholds
def _mimic_death(threshold: int) -> Fraction:
    """P(the Mimic kills a player whose cards are worth ``threshold``): the pips fall short (ZOGAR-MIMIC-01)."""
    return 1 - p_pips_at_least(threshold, number=Fraction)


_MIMIC_UNIT = FACES ** DICE  # every chance the Mimic gives is a whole number of these parts
_GAZE, _MIMIC, _OTHER = 0, 1, 2


class _Roles(NamedTuple):
    """What each dungeon card is to :func:`_alive`, as a number: :data:`_GAZE`, :data:`_MIMIC`, :data:`_OTHER`, a
    card found of some level (``levels[role]``; ``found[level]`` the other way), or a card that ends the delve and
    is survived with probability ``lives[role] / unit``. Counting the deck by role is all a flip's odds need."""

    of: dict[str, int]
    levels: dict[int, int]
    found: dict[int, int]
    lives: dict[int, int]
    unit: int  # a whole number of parts for every chance to live: the Mimic's and each card's that stops the delve


@cache  # a delve asks at every flip, in a handful of positions
def _roles(game: ZogarGame, combat: tuple) -> _Roles:
    """The roles of the dungeon cards in position ``combat``: the position (:func:`_position`) but the Mimic's count,
    which only the Mimic's odds depend on."""
    of, deaths, found = {}, {}, {}
    for card, info in game.cards.dungeon.items():
        if info.kind == "gaze":
            of[card] = _GAZE
            continue
        if info.kind == "mimic":
            of[card] = _MIMIC
            continue
        death, stops = _fate(game, card, (*combat, 0))
        if stops:
            of[card] = deaths.setdefault(death, _OTHER + 1 + len(deaths) + len(found))
        elif info.kind in FOUND_KINDS:
            of[card] = found.setdefault(info.level, _OTHER + 1 + len(deaths) + len(found))
        else:
            of[card] = _OTHER
    unit = math.lcm(_MIMIC_UNIT, *(death.denominator for death in deaths))
    lives = {role: (1 - death).numerator * (unit // death.denominator) for death, role in deaths.items()}
    return _Roles(of, {role: level for level, role in found.items()}, found, lives, unit)


def p_seventh_gaze_within(state: ZogarState, flips: int) -> sympy.Rational:
    """P(the seventh Zogar's Gaze is among the next ``flips`` cards this delve may turn): hypergeometric, exact.

    Flipping stops where :func:`p_survive` stops: at the cut (``state.drawable`` cards), and a peeked card is the
    next one turned.

    >>> from dataclasses import replace
    >>> deck = ("gaze_1", "treasure_1", "treasure_1", "treasure_1")
    >>> state = replace(ZogarGame(players=2).initial_state(), dungeon=deck, gazes=("gaze_1",) * 6, drawable=4)
    >>> p_seventh_gaze_within(state, 2), p_seventh_gaze_within(replace(state, drawable=0), 8)
    (1/2, 0)
    """
    if flips < 0:
        raise ValueError(f"flips counts cards still to turn, not {flips}")
    cards = state.game.cards
    missing = GAZES_TO_LOSE - len(state.gazes)
    if missing <= 0:
        return rational(1)
    limit = min(flips, state.drawable)
    if limit and state.peeked:
        missing -= cards[state.peeked].kind == "gaze"
        limit -= 1
        if missing <= 0:
            return rational(1)
    in_deck = sum(cards[c].kind == "gaze" for c in state.dungeon)
    return p_within(len(state.dungeon), in_deck, missing, min(limit, len(state.dungeon)))


def practice_delve(carried: tuple[str, ...] = (), gazes: int = 0, seed: int = 0) -> ZogarState:
    """A one-player table in the dungeon, for practice: ``carried`` taken in, ``gazes`` Gazes already out, the deck
    cut at a seeded random place (GAP-G08). The Dwarf Knight of this table is unlikely to win by accident.

    >>> state = practice_delve(carried=("flame_bow",), gazes=2, seed=1)
    >>> state.phase, state.carried, len(state.gazes), len(state.dungeon)
    (<Phase.DELVE: 'delve'>, ('flame_bow',), 2, 123)
    """
    game = ZogarGame(players=1)
    deck, market = list(game.cards.dungeon_deck()), list(game.cards.market_deck())
    out = [c for c in deck if game.cards[c].kind == "gaze"][:gazes]
    for card in (*out, *carried):
        (deck if card in deck else market).remove(card)
    cut = random.Random(seed).randint(1, len(deck) - 1)
    return ZogarState(game=game, phase=Phase.DELVE, turn=1, races=("dwarf",), classes=("knight",), hands=((),),
                      traps=("",), dungeon=tuple(deck), market_deck=tuple(market), gazes=tuple(sorted(out)),
                      carried=tuple(sorted(carried)), drawable=len(deck) - cut)


def _has_use(state: ZogarState, use: str) -> bool:
    return use in _uses(state)


def _uses(state: ZogarState) -> set[str]:
    """What the cards with the player can be used for."""
    cards = state.game.cards
    return {use for card in state.with_player for use in cards[card].uses}


@cache
def _p_win_fraction(requirement: str, rolls: int, straight_alt: str) -> Fraction:
    return _p_win(requirement, rolls, straight_alt=straight_alt, number=Fraction)


@cache
def _p_lose_fraction(requirement: str, rolls: int, straight_alt: str) -> Fraction:
    return 1 - _p_win_fraction(requirement, rolls, straight_alt)
