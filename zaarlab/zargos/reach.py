"""Where pawns can go: land and sea targets, reorganisation steps, boat prices, and each combat's conditions.

Each query folds in the people powers (off inside the Kingdom of Zargos, ZARGOS-POWERS-02) and the magic in
force (:mod:`zaarlab.zargos.magic`). The bundled powers and most card effects are reconstructions (GAP-S02, S03).
"""

from __future__ import annotations

from . import magic
from .board import ZARGOS
from .odds import Battle
from .state import ZargosState


def power(state: ZargosState, people: str, *provinces: str) -> str:
    """The people's power hook, or "" where powers do not apply (inside the Kingdom of Zargos: ZARGOS-POWERS-02)."""
    planet = state.game.planet
    if any(planet.kingdom_of(p) == ZARGOS for p in provinces) or magic.is_suspended(state, people):
        return ""
    return state.game.hooks.get(people, "")


def land_targets(state: ZargosState, src: str, boosts: bool = True) -> list[str]:
    """Provinces a land attack from ``src`` may enter: bordering, not the attacker's own (ZARGOS-LAND-01, -03).

    Powers and a Wind of Land reach further; a Wind of Ice closes a kingdom (GAP-S02, GAP-S03).
    """
    planet, me = state.game.planet, state.acting
    if magic.is_iced(state, src):
        return []
    targets = set(planet.land_neighbours(src))
    if power(state, me, src) in ("long_attack", "flight"):
        for mid in planet.land_neighbours(src):
            if power(state, me, mid) == "flight" or state.holder(mid) == me:  # Knights pass through their own
                targets |= {p for p in planet.land_neighbours(mid) if power(state, me, p)}
    if boosts and magic.boosted(state, "wind_of_land"):
        targets |= {p for mid in planet.land_neighbours(src) for p in planet.land_neighbours(mid)}
    targets.discard(src)
    return sorted(p for p in targets if state.holder(p) != me and not magic.is_iced(state, p))


def sea_targets(state: ZargosState, src: str) -> dict[str, int]:
    """Coastal provinces a sea attack from ``src`` may reach, with the boats it costs (ZARGOS-SEA-01, -02, -07)."""
    planet, me = state.game.planet, state.acting
    routes: dict[str, int] = {}
    if magic.is_stormed(state, me):
        return routes
    for dst, boats in planet.sea_routes_from(src).items():
        if state.holder(dst) != me:
            routes[dst] = boat_price(state, me, boats, src, dst)
    return routes


def boat_price(state: ZargosState, people: str, boats: int, src: str, dst: str) -> int:
    if magic.boosted(state, "wind_of_elsewhere"):
        return 0
    return max(boats - 1, 0) if power(state, people, src, dst) == "free_sea_space" else boats


def reorg_sources(state: ZargosState, boosts: bool = True) -> tuple[str, ...]:
    me = state.acting
    if not state.reorg:
        return state.provinces_of(me)
    if boosts and magic.boosted(state, "wind_of_mist"):  # one extra group, from anywhere (GAP-S03)
        return state.provinces_of(me)
    if len(state.reorg) == 1:  # ZARGOS-REORG-02 (AMB-S03): the group goes on from where it stopped, or a
        src, dst, _ = state.reorg[0]  # second group leaves the same province
        return tuple(p for p in (src, dst) if state.holder(p) == me)
    return ()


def reorg_targets(state: ZargosState, src: str) -> dict[str, int]:
    """Own provinces one reorganisation step away from ``src`` (ZARGOS-REORG-05, -06), with their boat cost."""
    return {dst: cost for dst, cost in reorg_costs(state, src).items()
            if cost <= state.boats[state.player_of(state.acting)]}


def reorg_costs(state: ZargosState, src: str) -> dict[str, int]:
    planet, me = state.game.planet, state.acting
    own = set(state.provinces_of(me))
    routes = {} if magic.is_stormed(state, me) else planet.sea_routes_from(src)
    costs = {dst: boat_price(state, me, boats, src, dst) for dst, boats in routes.items() if dst in own}
    for dst in planet.land_neighbours(src):
        if dst in own:
            costs[dst] = 0
    if power(state, me, src) == "web_reorganisation":  # Spiders: any distance through their own provinces
        frontier, seen = [src], {src}
        while frontier:
            here = frontier.pop()
            for nxt in planet.land_neighbours(here):
                if nxt in own and nxt not in seen and power(state, me, nxt):
                    seen.add(nxt)
                    frontier.append(nxt)
                    costs[nxt] = 0
    costs.pop(src, None)
    return costs


def battle_conditions(state: ZargosState, province: str, defender: str, attacker_war: int = 0,
                      defender_war: int = 0) -> Battle:
    """Walls, powers and Winds of War of one combat (ZARGOS-CAPITAL-01; powers off in the Kingdom of Zargos)."""
    planet, attacker = state.game.planet, state.acting
    capital = planet.is_capital(province)
    monks = power(state, defender, province) == "monastery_walls" if defender else False
    amazons = power(state, attacker, province) == "extra_attack_die"
    return Battle(capital=capital or monks, attacker_bonus=int(amazons) + attacker_war, defender_bonus=defender_war)
