"""The rules of Zargos as pure functions: who acts, what is legal, what each action does.

Glossary (rule IDs of ``docs/rules/zargos.md``):

- **people**: one of the six peoples (ZARGOS-PRES-01); a *seat* of the order of play (AMB-S17).
- **province**, **kingdom**, **capital**, **sea space**: the map (:mod:`zaarlab.zargos.board`).
- **units**: small pawns count 1, large 5; only units matter (ZARGOS-SETUP-06, AMB-S04).
- **attack**: a land attack (ZARGOS-LAND-*) or a sea attack (ZARGOS-SEA-*); attacking units wait in their
  target until the **combats** are fought (ZARGOS-COMBAT-*), in the order the attacker picks.
- **demons**: the guardians of an empty province of the Kingdom of Zargos (ZARGOS-ZARGOS-02..07).
- **reorganisation**: one group across two provinces, or two groups from one province (ZARGOS-REORG-*).
- **points count**, **order of play**, **Kingdom cards**, **magic cards**, **buying** (ZARGOS-POINTS-*,
  ORDER-*, KCARD-*, MAGIC-*, BUY-*); the **Master of the Winds** (ZARGOS-MOTW-*).

Phases: ``roll`` (dice to order players or tied peoples) -> ``choose`` -> ``place_single`` -> ``place_rest``
-> per turn, for each seat: ``attack`` -> ``fight`` / ``combat`` / ``demons`` -> ``reorg``; then the points
count, ``roll`` for ties, ``draw`` / ``discard`` of magic cards, ``buy`` / ``place_buy``; ``over`` at the end.

Every refusal raises :class:`~zaarlab.core.api.IllegalActionError` naming the rule; the state is untouched.
Where pawns may go is :mod:`zaarlab.zargos.reach`; the points count, cards and purchases between turns are
:mod:`zaarlab.zargos.upkeep`; magic cards in play are :mod:`zaarlab.zargos.magic`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..core.api import CHANCE, TERMINAL, Action, IllegalActionError, legal_outcomes, replace
from ..core.codec import encode_fields
from ..core.dist import ChanceTable
from ..core.story import event
from . import magic, upkeep
from .board import FORBIDDEN_CITY, ZARGOS
from .cards import PEOPLES
from .odds import DEMON_DICE, demon_dist
from .reach import (
    battle_conditions,
    land_targets,
    power,
    reorg_costs,
    reorg_sources,
    reorg_targets,
    sea_targets,
)
from .state import (
    Answer,
    Buy,
    ChoosePeople,
    Discard,
    EndAttacks,
    EndTurn,
    Fight,
    LandAttack,
    Move,
    Offer,
    Pass,
    Phase,
    Place,
    PlayCard,
    SeaAttack,
    ZargosState,
    logged,
    with_units,
)
from .upkeep import BOAT_COST, BOATS, UNIT_COST, purchase_limits

CHANCE_PHASES = (Phase.ROLL, Phase.COMBAT, Phase.DEMONS, Phase.DRAW, Phase.STRIKE)


# -- who acts ----------------------------------------------------------------------------------------------
def actor(state: ZargosState) -> int:
    """The player to act, :data:`CHANCE` for dice and draws, :data:`TERMINAL` at the end."""
    if state.phase == Phase.OVER:
        return TERMINAL
    if state.phase in CHANCE_PHASES:
        return CHANCE
    if state.phase == Phase.CHOOSE:
        return state.choosers[0]
    if state.phase == Phase.DISCARD:
        return state.draws[0][0]
    if state.phase == Phase.RED:
        return state.red_queue[0]
    if state.phase == Phase.WAR:
        return state.war_queue[0][0]
    if state.phase == Phase.SWAP:
        return state.swap_queue[0]
    if state.phase == Phase.ANSWER:
        taker: int = state.offer[1]  # (from, to, give, take)
        return taker
    if state.phase == Phase.VETO:
        return state.player_of(state.master)
    return state.player_of(state.acting)


# -- chance ------------------------------------------------------------------------------------------------


def chance_weights(state: ZargosState) -> Sequence[tuple[Any, int, int]]:
    if state.phase in (Phase.ROLL, Phase.STRIKE):
        return [(face, 1, 6) for face in range(1, 7)]  # ZARGOS-SETUP-02, ZARGOS-ORDER-02, ZARGOS-MAGIC-14
    if state.phase == Phase.COMBAT:
        province, attackers, defenders, defender, _, a_bonus, d_bonus = state.combat
        results: dict[tuple[int, int], int] = {}
        kernel = battle_conditions(state, province, defender, a_bonus, d_bonus).kernel(attackers, defenders)
        for lost_a, lost_d, w in kernel:  # a round where nobody falls changes nothing: conditioned away
            after = (max(attackers - lost_a, 0), max(defenders - lost_d, 0))
            results[after] = results.get(after, 0) + w
        total = sum(results.values())
        return [(after, w, total) for after, w in sorted(results.items())]
    if state.phase == Phase.DEMONS:
        province, attackers, _, _, dice, *_ = state.combat
        return demon_dist(attackers, dice).triples()
    if state.phase == Phase.DRAW:
        if state.deck:
            return ChanceTable.draw(state.deck)
        return [(state.bottom[0], 1, 1)]  # the unseen part is used up: the returned cards come next
    return []


# -- legal actions -----------------------------------------------------------------------------------------
def legal_actions(state: ZargosState) -> tuple[Any, ...]:
    """The sorted legal actions; at a chance node, its outcomes."""
    if state.phase == Phase.OVER:
        return ()
    if state.phase in CHANCE_PHASES:
        return legal_outcomes(state)
    return tuple(_ACTIONS[state.phase](state))  # each generator yields its actions in sorted order


def _choose_actions(state: ZargosState) -> list[Action]:
    return [ChoosePeople(p) for p in sorted(_free_peoples(state))]


def _free_peoples(state: ZargosState) -> set[str]:
    return set(PEOPLES) - set(state.peoples)


def _place_single_actions(state: ZargosState) -> list[Action]:
    planet, me = state.game.planet, state.acting
    outer = (p for p in sorted(planet.provinces) if planet.kingdom_of(p) != ZARGOS)  # ZARGOS-SETUP-08
    return [Place(p) for p in outer if state.holder(p) in ("", me)]  # ZARGOS-SETUP-07, -11


def _place_own_actions(state: ZargosState) -> list[Action]:
    return [Place(p) for p in state.provinces_of(state.acting)]


def _attack_actions(state: ZargosState) -> list[Action]:
    me = state.acting
    land: list[Action] = []
    sea: list[Action] = []
    for src in state.provinces_of(me):
        free = state.units(src) - 1  # ZARGOS-LAND-02, ZARGOS-SEA-06
        if free < 1:
            continue
        for dst in land_targets(state, src):
            land += [LandAttack(src, dst, n) for n in range(1, free + 1)]
        for dst, boats in sea_targets(state, src).items():
            if boats <= state.boats[state.player_of(me)]:
                sea += [SeaAttack(src, dst, n) for n in range(1, free + 1)]
    return [EndAttacks(), *land, *magic.green_actions(state), *sea]


def _fight_actions(state: ZargosState) -> list[Action]:
    return [Fight(province) for province, _ in state.attacking]


def _reorg_actions(state: ZargosState) -> list[Action]:
    actions: list[Action] = [EndTurn()]
    for src in sorted(reorg_sources(state)):
        free = state.units(src) - 1  # ZARGOS-REORG-03
        for dst in sorted(reorg_targets(state, src)):
            actions += [Move(src, dst, n) for n in range(1, free + 1)]
    return actions + magic.green_actions(state)


def _discard_actions(state: ZargosState) -> list[Action]:
    return [Discard(card) for card in sorted(set(state.hands[state.draws[0][0]]))]


def _buy_actions(state: ZargosState) -> list[Action]:
    max_units, max_boats = purchase_limits(state)
    return [Buy(u, b) for u in range(max_units + 1) for b in range(max_boats + 1)
            if UNIT_COST * u + BOAT_COST * b <= state.budget]


_ACTIONS: dict[str, Callable[[ZargosState], list[Action]]] = {
    "choose": _choose_actions, "place_single": _place_single_actions, "place_rest": _place_own_actions,
    "attack": _attack_actions, "fight": _fight_actions, "reorg": _reorg_actions, "discard": _discard_actions,
    "buy": _buy_actions, "place_buy": _place_own_actions, "red": magic.red_actions, "war": magic.war_actions,
    "swap": magic.swap_actions, "answer": magic.answer_actions, "veto": magic.veto_actions,
}


# -- applying ----------------------------------------------------------------------------------------------
def apply(state: ZargosState, action: Any) -> ZargosState:
    """The state after ``action`` (or a chance outcome); refuses illegal ones, naming the rule."""
    if state.phase == Phase.OVER:
        raise IllegalActionError("ZARGOS-GOAL-01", "the game is over")
    if state.phase in CHANCE_PHASES:
        if not state.is_legal(action):
            raise IllegalActionError(_CHANCE_RULES[state.phase], f"{action!r} is not a possible outcome here")
        return resolve(state, action)
    expected = _ACTION_KINDS[state.phase]
    if not isinstance(action, expected):
        names = " or ".join(re.sub(r"(?<!^)(?=[A-Z])", " ", kind.__name__).lower() for kind in expected)
        raise IllegalActionError(_PHASE_RULES[state.phase], f"now the move is to {names}, not to {{action}}",
                                 action=action)
    if state.phase == Phase.RED:
        magic.check_red(state, action)
    elif state.phase == Phase.WAR:
        magic.check_war(state, action)
    elif state.phase == Phase.SWAP:
        magic.check_swap(state, action)
    else:
        _check(state, action)
    return resolve(state, action)


def resolve(state: ZargosState, action: Any) -> ZargosState:
    """The state after ``action``, which the caller found among the legal actions."""
    return _APPLY[state.phase](state, action)


_CHANCE_RULES = {"roll": "ZARGOS-ORDER-02", "combat": "ZARGOS-COMBAT-05", "demons": "ZARGOS-ZARGOS-02",
                 "draw": "ZARGOS-MAGIC-01", "strike": "ZARGOS-MAGIC-14"}
_PHASE_RULES = {"choose": "ZARGOS-SETUP-02", "place_single": "ZARGOS-SETUP-07", "place_rest": "ZARGOS-SETUP-10",
                "attack": "ZARGOS-TURN-01", "fight": "ZARGOS-COMBAT-01", "reorg": "ZARGOS-REORG-01",
                "discard": "ZARGOS-MAGIC-02", "buy": "ZARGOS-BUY-01", "place_buy": "ZARGOS-BUY-05",
                "red": "ZARGOS-MAGIC-07", "war": "ZARGOS-MAGIC-10", "swap": "ZARGOS-MAGIC-13",
                "answer": "ZARGOS-MAGIC-13", "veto": "ZARGOS-MOTW-03"}
_ACTION_KINDS = {"choose": (ChoosePeople,), "place_single": (Place,), "place_rest": (Place,),
                 "attack": (LandAttack, SeaAttack, EndAttacks, PlayCard), "fight": (Fight,),
                 "reorg": (Move, EndTurn, PlayCard), "discard": (Discard,), "buy": (Buy,), "place_buy": (Place,),
                 "red": (PlayCard, Pass, Discard), "war": (PlayCard, Pass), "swap": (Offer, Pass),
                 "answer": (Answer,), "veto": (Answer,)}


def _check(state: ZargosState, action: Any) -> None:
    """Raise the specific refusal for an action of the right kind that the rules still forbid."""
    planet, me = state.game.planet, state.acting
    if isinstance(action, ChoosePeople):
        if action.people not in _free_peoples(state):
            raise IllegalActionError("ZARGOS-SETUP-02", f"{action.people!r} is not a people still free to choose")
    elif isinstance(action, Place):
        province = action.province
        if province not in planet.provinces:
            raise IllegalActionError("ZARGOS-SETUP-07", f"{province!r} is not a province")
        if state.phase == Phase.PLACE_SINGLE:
            if planet.kingdom_of(province) == ZARGOS:
                raise IllegalActionError("ZARGOS-SETUP-08", "no pawn goes into the Kingdom of Zargos before the game")
            if state.holder(province) not in ("", me):
                raise IllegalActionError("ZARGOS-SETUP-07", f"{province} is occupied by the {state.holder(province)}")
        elif state.holder(province) != me:
            rule = "ZARGOS-SETUP-10" if state.phase == Phase.PLACE_REST else "ZARGOS-BUY-05"
            raise IllegalActionError(rule, f"units go only on provinces the {me} occupy, not {province}")
    elif isinstance(action, LandAttack | SeaAttack):
        _check_attack(state, action)
    elif isinstance(action, Fight):
        if action.province not in dict(state.attacking):
            raise IllegalActionError("ZARGOS-COMBAT-02", f"there is no combat to fight in {action.province}")
    elif isinstance(action, Move):
        _check_move(state, action)
    elif isinstance(action, PlayCard):
        if action not in magic.green_actions(state):
            rule = "ZARGOS-MAGIC-07" if magic.colour(action.card) == "red" else "ZARGOS-MAGIC-10"
            raise IllegalActionError(rule, "{card} cannot be played now (red cards: before a turn; "
                                     "green cards: at their moment, from the player's hand)", card=action.card)
    elif isinstance(action, Discard):
        if action.card not in state.hands[state.draws[0][0]]:
            raise IllegalActionError("ZARGOS-MAGIC-02", "{card} is not in the hand", card=action.card)
    elif isinstance(action, Buy):
        max_units, max_boats = purchase_limits(state)
        if action.units < 0 or action.boats < 0 or UNIT_COST * action.units + BOAT_COST * action.boats > state.budget:
            raise IllegalActionError("ZARGOS-BUY-02", f"units cost {UNIT_COST} and boats {BOAT_COST}; "
                                     f"{state.budget} points cannot buy {action.units} units and {action.boats} boats")
        if action.boats > max_boats:
            raise IllegalActionError("ZARGOS-COMP-03", f"only {BOATS - sum(state.boats)} boats are left of {BOATS}")
        if action.units > max_units:
            raise IllegalActionError("ZARGOS-BUY-05", f"at most {max_units} units can be placed (stock, provinces)")


def _check_attack(state: ZargosState, action: Any) -> None:
    planet, me = state.game.planet, state.acting
    sea = isinstance(action, SeaAttack)
    kind = "SEA" if sea else "LAND"
    if state.holder(action.src) != me:
        raise IllegalActionError(f"ZARGOS-{kind}-01", f"attacks start from a province of the {me}, not {action.src}")
    if action.dst not in planet.provinces:
        raise IllegalActionError(f"ZARGOS-{kind}-01", f"{action.dst!r} is not a province")
    if state.holder(action.dst) == me:
        raise IllegalActionError("ZARGOS-LAND-03", "a people cannot attack its own province")
    if not 1 <= action.units <= state.units(action.src) - 1:
        raise IllegalActionError(f"ZARGOS-{kind}-0{6 if sea else 2}",
                                 f"at least one unit stays in {action.src}: at most {state.units(action.src) - 1} "
                                 f"may leave, not {action.units}")
    if sea:
        routes = sea_targets(state, action.src)
        if action.dst not in routes:
            raise IllegalActionError("ZARGOS-SEA-07", f"no sea route joins {action.src} and {action.dst}")
        if routes[action.dst] > state.boats[state.player_of(me)]:
            raise IllegalActionError("ZARGOS-SEA-02", f"the crossing needs {routes[action.dst]} boats, "
                                     f"the player has {state.boats[state.player_of(me)]}")
    elif action.dst not in land_targets(state, action.src):
        raise IllegalActionError("ZARGOS-LAND-01", f"{action.dst} does not border {action.src}")


def _check_move(state: ZargosState, action: Any) -> None:
    me = state.acting
    if state.holder(action.src) != me or state.holder(action.dst) != me:
        raise IllegalActionError("ZARGOS-REORG-05", "reorganisation moves only between provinces the people controls")
    if action.src not in reorg_sources(state):
        raise IllegalActionError("ZARGOS-REORG-02", "one group across two provinces, or two groups from one "
                                 "province: this move fits neither")
    if not 1 <= action.units <= state.units(action.src) - 1:
        raise IllegalActionError("ZARGOS-REORG-03", f"every province keeps at least one unit: at most "
                                 f"{state.units(action.src) - 1} may leave {action.src}")
    costs = reorg_costs(state, action.src)
    if action.dst not in costs:
        raise IllegalActionError("ZARGOS-REORG-02", f"{action.dst} is not one step from {action.src}")
    if costs[action.dst] > state.boats[state.player_of(me)]:
        raise IllegalActionError("ZARGOS-REORG-06", f"the crossing needs {costs[action.dst]} boats")


# -- the effects ---------------------------------------------------------------------------------------------
def _apply_choose(state: ZargosState, action: ChoosePeople) -> ZargosState:
    peoples = state.peoples + (action.people,)
    owners = state.owners + (state.choosers[0],)
    state = replace(state, peoples=peoples, owners=owners, choosers=state.choosers[1:],
                    log=logged(state, event("chooses", "ZARGOS-SETUP-02", player=state.choosers[0],
                                            people=action.people)))
    if state.choosers:
        return state
    reserve = tuple((people, state.game.start_units) for people in peoples)  # ZARGOS-SETUP-04
    return replace(state, phase=Phase.PLACE_SINGLE, seats=peoples, seat=0, reserve=reserve)


def _apply_place(state: ZargosState, action: Place) -> ZargosState:
    me = state.acting
    reserve = tuple((p, n - 1 if p == me else n) for p, n in state.reserve)
    board = with_units(state.board, action.province, me, state.units(action.province) + 1)
    rule = {"place_single": "ZARGOS-SETUP-07", "place_rest": "ZARGOS-SETUP-10", "place_buy": "ZARGOS-BUY-05"}
    state = replace(state, board=board, reserve=reserve,
                    log=logged(state, event("places", rule[state.phase], people=me, province=action.province)))
    if state.phase == Phase.PLACE_BUY:
        return state if dict(reserve)[me] else upkeep.next_buyer(replace(state, reserve=()))
    if state.phase == Phase.PLACE_SINGLE and _all_outer_occupied(state):  # ZARGOS-SETUP-09
        state = replace(state, phase=Phase.PLACE_REST)
    following = _next_seat(state, lambda people: dict(state.reserve)[people] > 0, wrap=True)
    if following is None:
        return upkeep.start_turn(replace(state, reserve=()))  # ZARGOS-SETUP-12
    return replace(state, seat=following)


def _all_outer_occupied(state: ZargosState) -> bool:
    planet = state.game.planet
    return all(state.holder(p) for p in planet.provinces if planet.kingdom_of(p) != ZARGOS)


def _next_seat(state: ZargosState, wanted: Callable[[str], bool], wrap: bool = False) -> int | None:
    """The next seat after the acting one whose people passes ``wanted`` (cycling round if ``wrap``)."""
    count = len(state.seats)
    steps = range(1, count + 1) if wrap else range(1, count - state.seat)
    for step in steps:
        index = (state.seat + step) % count
        if wanted(state.seats[index]):
            return index
    return None


def _apply_attack(state: ZargosState, action: Any) -> ZargosState:
    me = state.acting
    if isinstance(action, EndAttacks):
        return _end_attacks(state)
    if isinstance(action, PlayCard):
        return magic.apply_green(state, action)
    cost, by_power = 0, False
    powers: tuple[str, ...] = ()
    if isinstance(action, LandAttack):
        if action.dst not in land_targets(state, action.src, boosts=False):
            state = magic.use_boost(state, "wind_of_land")  # the Wind of Land carried this attack
        else:
            by_power = action.dst not in state.game.planet.land_neighbours(action.src)  # Knights or Dragons
    if isinstance(action, SeaAttack):
        cost = sea_targets(state, action.src)[action.dst]  # nothing with a Wind of Elsewhere, which is then used
        state = magic.use_boost(state, "wind_of_elsewhere")
    board = with_units(state.board, action.src, me, state.units(action.src) - action.units)
    attacking = dict(state.attacking)
    attacking[action.dst] = attacking.get(action.dst, 0) + action.units  # grouped attacks: ZARGOS-LAND-04
    boats = state.boats
    if isinstance(action, SeaAttack):
        player = state.player_of(me)
        boats = tuple(b - cost if i == player else b for i, b in enumerate(boats))  # ZARGOS-SEA-02; AMB-S18
        if power(state, me, action.src, action.dst) == "free_sea_space" and cost < (
                state.game.planet.boats_needed(action.src, action.dst) or 0):  # a sea attack has its route
            powers = (me,)
        moved = event("ships", "ZARGOS-SEA-01", *_power_rules(powers), people=me, units=action.units, src=action.src,
                      dst=action.dst, boats=cost, powers=powers)
    else:
        powers = (me,) if by_power else ()
        moved = event("sends", "ZARGOS-LAND-01", *_power_rules(powers), people=me, units=action.units, src=action.src,
                      dst=action.dst, powers=powers)
    return replace(state, board=board, attacking=tuple(sorted(attacking.items())), boats=boats,
                   log=logged(state, moved))


def _power_rules(powers: tuple[str, ...]) -> tuple[str, ...]:
    """Every event a people power shapes names the power a reconstruction (docs/rules/readings.md, GAP-S02)."""
    return ("GAP-S02",) if powers else ()


def _end_attacks(state: ZargosState) -> ZargosState:
    """Empty provinces outside Zargos are simply taken; the rest wait for their combat (ZARGOS-COMBAT-02)."""
    planet, me = state.game.planet, state.acting
    waiting, board, log = [], state.board, state.log
    for province, units in state.attacking:
        if state.holder(province) or planet.kingdom_of(province) == ZARGOS:
            waiting.append((province, units))
        else:
            board = with_units(board, province, me, units)
            log += (event("takes_empty", "ZARGOS-COMBAT-10", "AMB-S02", people=me, province=province),)
    state = _after_occupation(replace(state, board=board, attacking=tuple(waiting), log=log))
    if state.phase == Phase.OVER:
        return state
    return replace(state, phase=Phase.FIGHT if waiting else Phase.REORG)


def _apply_fight(state: ZargosState, action: Fight) -> ZargosState:
    planet = state.game.planet
    attackers = dict(state.attacking)[action.province]
    attacking = tuple(row for row in state.attacking if row[0] != action.province)
    defender, defenders = state.holdings.get(action.province, ("", 0))
    if defender:
        powers = tuple(people for people, hook in ((state.acting, "extra_attack_die"), (defender, "monastery_walls"))
                       if power(state, people, action.province) == hook and not planet.is_capital(action.province))
        fought = event("combat", "ZARGOS-COMBAT-01", *_power_rules(powers), province=action.province,
                       attackers=attackers, people=state.acting, defenders=defenders, defender=defender, powers=powers)
        return magic.war_window(replace(state, attacking=attacking, log=logged(state, fought),
                                        combat=(action.province, attackers, defenders, defender, 0, 0, 0)))
    dice = DEMON_DICE[planet.ring(action.province)]  # ZARGOS-ZARGOS-03
    return replace(state, phase=Phase.DEMONS, attacking=attacking,
                   combat=(action.province, attackers, 0, "", dice, 0, 0),
                   log=logged(state, event("demons_roll", "ZARGOS-ZARGOS-02", province=action.province, dice=dice,
                                           attackers=attackers, people=state.acting)))


def _apply_combat(state: ZargosState, outcome: tuple[int, int]) -> ZargosState:
    province, _, _, defender, _, a_bonus, d_bonus = state.combat
    attackers, defenders = outcome
    me = state.acting
    if attackers and defenders:  # ZARGOS-COMBAT-08: another round, dice recounted
        return replace(state, combat=(province, attackers, defenders, defender, 0, a_bonus, d_bonus),
                       log=logged(state, event("combat_round", "ZARGOS-COMBAT-08", attackers=attackers, people=me,
                                               defenders=defenders, defender=defender)))
    if attackers:
        board = with_units(state.board, province, me, attackers)
        ended = event("takes", "ZARGOS-COMBAT-07", people=me, province=province, units=attackers)
    elif defenders:
        board = with_units(state.board, province, defender, defenders)
        ended = event("holds", "ZARGOS-COMBAT-07", people=defender, province=province, units=defenders)
    else:
        board = with_units(state.board, province, defender, 0)
        ended = event("wiped_out", "ZARGOS-COMBAT-09", province=province)
    return _after_combat(replace(state, board=board, combat=(), log=logged(state, ended)))


def _apply_demons(state: ZargosState, left: int) -> ZargosState:
    province = state.combat[0]
    me = state.acting
    if left:
        board = with_units(state.board, province, me, left)
        ended = event("drive_out", "ZARGOS-ZARGOS-04", people=me, province=province, units=left)
    else:
        board, ended = state.board, event("demons_win", "ZARGOS-ZARGOS-04", province=province)
    return _after_combat(replace(state, board=board, combat=(), log=logged(state, ended)))


def _after_combat(state: ZargosState) -> ZargosState:
    state = _after_occupation(state)
    if state.phase == Phase.OVER:
        return state
    return replace(state, phase=Phase.FIGHT if state.attacking else Phase.REORG)


def _after_occupation(state: ZargosState) -> ZargosState:
    """The Master of the Winds follows the Forbidden City (ZARGOS-MOTW-01, -05, -06); a full centre wins."""
    holder = state.holder(FORBIDDEN_CITY)
    if holder != state.master:
        told = (event("master", "ZARGOS-MOTW-01", people=holder) if holder
                else event("no_master", "ZARGOS-MOTW-06"))
        state = replace(state, master=holder, log=logged(state, told))
    centre = (FORBIDDEN_CITY, *state.game.planet.land_neighbours(FORBIDDEN_CITY))
    if holder and all(state.holder(p) == holder for p in centre):  # ZARGOS-GOAL-01, -02
        return replace(state, phase=Phase.OVER, winner=holder,
                       log=logged(state, event("wins", "ZARGOS-GOAL-01", people=holder)))
    return state


def _apply_reorg(state: ZargosState, action: Move) -> ZargosState:
    if isinstance(action, EndTurn):
        return _end_seat(state)
    if isinstance(action, PlayCard):
        return magic.apply_green(state, action)
    me = state.acting
    cost = reorg_costs(state, action.src)[action.dst]
    if action.src not in reorg_sources(state, boosts=False):
        state = magic.use_boost(state, "wind_of_mist")  # the extra group of a Wind of Mist
    if action.dst not in state.game.planet.land_neighbours(action.src) and magic.boosted(state, "wind_of_elsewhere"):
        state = magic.use_boost(state, "wind_of_elsewhere")
    player = state.player_of(me)
    board = with_units(state.board, action.src, me, state.units(action.src) - action.units)
    board = with_units(board, action.dst, me, dict((p, u) for p, _, u in board)[action.dst] + action.units)
    boats = tuple(b - cost if i == player else b for i, b in enumerate(state.boats))
    return replace(state, board=board, boats=boats, reorg=state.reorg + ((action.src, action.dst, action.units),),
                   log=logged(state, event("moves_by_sea" if cost else "moves", "ZARGOS-REORG-01", people=me,
                                           units=action.units, src=action.src, dst=action.dst, boats=cost)))


def _end_seat(state: ZargosState) -> ZargosState:
    return upkeep.begin_seat(replace(state, attacking=(), reorg=(), boosts=()), state.seat + 1)


_APPLY: dict[str, Callable[[ZargosState, Any], ZargosState]] = {
    "roll": upkeep.apply_roll, "choose": _apply_choose, "place_single": _apply_place, "place_rest": _apply_place,
    "attack": _apply_attack, "fight": _apply_fight, "combat": _apply_combat, "demons": _apply_demons,
    "reorg": _apply_reorg, "draw": upkeep.apply_draw, "discard": upkeep.apply_discard, "buy": upkeep.apply_buy,
    "place_buy": _apply_place, "red": magic.apply_red, "war": magic.apply_war,
    "strike": lambda state, face: _after_occupation(magic.apply_strike(state, face)),
    "swap": lambda state, action: upkeep.after_swaps(magic.apply_swap(state, action)),
    "answer": lambda state, action: upkeep.after_swaps(magic.apply_answer(state, action)),
    "veto": magic.apply_veto,
}


# -- what a player sees ------------------------------------------------------------------------------------
def observation(state: ZargosState, player: int | None) -> dict[str, Any]:
    """What ``player`` may know (``None``: a spectator, who holds nothing): the board, the peoples and their points,
    the cards played (in force, in a window, awaiting a veto) are public; magic cards in hand only to their holder
    (ZARGOS-MAGIC-01), the others' as a count; a swap offered only to its two players. Of the deck and the cards put
    under it (a discard is face down, ZARGOS-MAGIC-02) only how many, and the cards nobody shows as one sorted set.

    >>> from .state import ZargosGame
    >>> state = ZargosGame(players=2).initial_state()
    >>> seen = observation(state, 0)
    >>> seen["hands"], seen["deck"] == len(state.deck), seen["unseen"] == sorted(state.deck)
    ([[], 0], True, True)
    """
    hands = state.hands
    seen = {**encode_fields(state, skip=("game", "log")), "you": player}
    seen["hands"] = [list(hand) if q == player else len(hand) for q, hand in enumerate(hands)]
    seen["deck"], seen["bottom"] = len(state.deck), len(state.bottom)
    seen["unseen"] = sorted(state.deck + state.bottom + tuple(c for q, hand in enumerate(hands) if q != player
                                                               for c in hand))
    if state.offer and player not in state.offer[:2]:
        seen["offer"] = list(state.offer[:2])  # who offers whom: the cards are theirs to see
    return seen
