"""Zargos players for simulations and tests: the random bot, and a greedy bot that reads the exact odds.

The greedy bot attacks where the exact probability of taking the province (:mod:`zaarlab.zargos.odds`) is
highest, as long as it is at least :data:`NERVE`, weighing each target by the points it is worth (the four
provinces that win the game count double); it reinforces its most threatened provinces, keeps two boats in
hand (the Kingdom of Zargos is an island) and spends the rest of its points on units. It plays every Wind of
War, strikes the strongest rival kingdom with Winds of Madness and Death, keeps its other cards (no swaps), makes no
reorganisation: a simple, readable opponent, not a strong one.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ..core.play import random_bot
from .board import ZARGOS
from .odds import DEMON_DICE, demon_dist, win_chance
from .reach import land_targets, sea_targets
from .state import (
    Answer,
    Buy,
    Discard,
    EndAttacks,
    EndTurn,
    Fight,
    LandAttack,
    Pass,
    Phase,
    Place,
    PlayCard,
    SeaAttack,
    ZargosState,
)
from .upkeep import BOAT_COST, UNIT_COST, purchase_limits

NERVE = 0.55  # the least chance of taking a province the greedy bot attacks with

__all__ = ["greedy_bot", "random_bot", "take_chance"]


def take_chance(state: ZargosState, src: str, dst: str, units: int) -> float:
    """The exact chance that ``units`` from ``src`` take ``dst`` (as a float, for ranking moves)."""
    planet = state.game.planet
    defenders = state.units(dst)
    if defenders:
        return float(win_chance(units, defenders, capital=planet.is_capital(dst), number=Fraction))
    if planet.kingdom_of(dst) == ZARGOS:
        return float(demon_dist(units, DEMON_DICE[planet.ring(dst)]).fraction(lambda left: left > 0))
    return 1.0


def greedy_bot(state: ZargosState, rng: random.Random):
    """A move for the player to act: see the module docstring."""
    phase = state.phase
    if phase == Phase.CHOOSE:
        return state.legal_actions()[0]
    if phase in (Phase.PLACE_SINGLE, Phase.PLACE_REST, Phase.PLACE_BUY):
        return Place(_where_to_place(state, rng))
    if phase == Phase.ATTACK:
        return _best_attack(state)
    if phase == Phase.FIGHT:
        return Fight(state.attacking[0][0])
    if phase == Phase.REORG:
        return EndTurn()
    if phase == Phase.DISCARD:
        return Discard(state.hands[state.draws[0][0]][0])
    if phase == Phase.RED:
        return _red_card(state)
    if phase == Phase.WAR:  # a Wind of War always helps its side
        return PlayCard("wind_of_war", state.war_queue[0][1])
    if phase in (Phase.SWAP, Phase.ANSWER, Phase.VETO):  # keeps its cards; as Master, stops every spell on Zargos
        return Pass() if phase == Phase.SWAP else Answer(False)
    if phase == Phase.BUY:  # two boats in hand to reach the Kingdom of Zargos (it is an island), the rest in units
        max_units, max_boats = purchase_limits(state)
        boats = min(max_boats, max(0, 2 - state.boats[state.player_of(state.acting)]))
        return Buy(min(max_units, (state.budget - BOAT_COST * boats) // UNIT_COST), boats)
    return random_bot(state, rng)


def _red_card(state: ZargosState):
    """Strike with a Wind of Madness or Death where rivals hold the most units and we hold none; else pass."""
    me = state.red_queue[0]
    best, most = Pass(), 0
    for action in state.legal_actions():
        if isinstance(action, PlayCard) and action.card in ("wind_of_madness", "wind_of_death"):
            provinces = state.game.planet.provinces_of(action.target)
            if any(state.holder(p) and state.player_of(state.holder(p)) == me for p in provinces):
                continue
            units = sum(state.units(p) for p in provinces)
            if units > most:
                best, most = action, units
    return best


def _threat(state: ZargosState, province: str) -> int:
    me = state.holder(province) or state.acting
    return sum(state.units(n) for n in state.game.planet.land_neighbours(province) if state.holder(n) not in ("", me))


def _where_to_place(state: ZargosState, rng: random.Random) -> str:
    options = [a.province for a in state.legal_actions()]
    if state.phase == Phase.PLACE_SINGLE:
        empty = [p for p in options if not state.holder(p)]
        if empty:
            near = [p for p in empty if any(state.holder(n) == state.acting
                                              for n in state.game.planet.land_neighbours(p))]
            return rng.choice(near or empty)
    return max(options, key=lambda p: (_threat(state, p), -state.units(p), p))


def _value(state: ZargosState, province: str) -> int:
    """Points the province scores, doubled for the four that win the game."""
    planet = state.game.planet
    if planet.kingdom_of(province) == ZARGOS:
        return 8 if province == "FC" else 4 if planet.ring(province) == "surrounding" else 2
    return 2 if planet.is_capital(province) else 1


def _best_attack(state: ZargosState):
    me, boats = state.acting, state.boats[state.player_of(state.acting)]
    best, best_score = EndAttacks(), 0.0
    for src in state.provinces_of(me):
        free = state.units(src) - 1
        if free < 1:
            continue
        moves = [(LandAttack(src, dst, free), dst) for dst in land_targets(state, src)]
        moves += [(SeaAttack(src, dst, free), dst) for dst, cost in sea_targets(state, src).items() if cost <= boats]
        for action, dst in moves:
            if dst in dict(state.attacking):
                continue
            chance = take_chance(state, src, dst, free)
            score = chance * _value(state, dst)
            if chance >= NERVE and score > best_score:
                best, best_score = action, score
    return best


BOTS = {"greedy": greedy_bot, "random": random_bot}
