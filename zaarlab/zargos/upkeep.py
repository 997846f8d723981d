"""The cycle of Zargos's turns: the points count, Kingdom cards, the new order (roll-offs of tied peoples included),
magic cards, purchases, and the next turn's first seat.

ZARGOS-TURN-01, -02, -03; POINTS, ORDER, KCARD, MAGIC-01/-02/-11/-16, MOTW-02/-04, BUY. The whole cycle lives here,
so :mod:`zaarlab.zargos.rules` calls into it and nothing here calls back: a seat's attacks and reorganisation are
the rules module's, and it hands over with :func:`begin_seat` when a seat is done.
"""

from __future__ import annotations

from ..core.api import replace
from ..core.story import event
from . import magic
from .board import FORBIDDEN_CITY, ZARGOS
from .state import Buy, Discard, Phase, ZargosState, logged

BOATS = 15  # ZARGOS-COMP-03
UNIT_COST, BOAT_COST = 2, 5  # ZARGOS-BUY-02, ZARGOS-BUY-03
UNIT_STOCK = 100  # units of one people on the board and in reserve at most (GAP-S05: 40 small + 12 large pawns)
HAND_LIMIT = 3  # ZARGOS-MAGIC-02
MASTER_DRAWS = 3  # ZARGOS-MOTW-02


def purchase_limits(state: ZargosState) -> tuple[int, int]:
    me = state.acting
    on_board = sum(units for _, people, units in state.board if people == me)
    max_units = min(state.budget // UNIT_COST, UNIT_STOCK - on_board) if state.provinces_of(me) else 0
    max_boats = min(state.budget // BOAT_COST, BOATS - sum(state.boats))  # ZARGOS-COMP-03, AMB-S18
    return max(max_units, 0), max(max_boats, 0)


def territory_points(state: ZargosState, people: str) -> int:
    """The people's points at a count (ZARGOS-POINTS-01..06; AMB-S11: Zargos values are not added to others)."""
    planet = state.game.planet
    held = set(state.provinces_of(people))
    total = 0
    for kingdom in planet.kingdoms.values():
        mine = [p for p in kingdom.provinces if p in held]
        if kingdom.id != ZARGOS and len(mine) == len(kingdom.provinces):
            total += kingdom.capital_value  # ZARGOS-POINTS-05
            continue
        for province in mine:
            if province == FORBIDDEN_CITY:
                total += 4  # ZARGOS-POINTS-04
            elif kingdom.id == ZARGOS or planet.is_capital(province):
                total += 2  # ZARGOS-POINTS-02, -03
            else:
                total += 1  # ZARGOS-POINTS-01
    return total


def count_points(state: ZargosState) -> ZargosState:
    planet = state.game.planet
    points = tuple((people, territory_points(state, people)) for people in state.seats)
    cards = dict(state.kingdom_cards)
    log = [event("points", "ZARGOS-POINTS-01", points=points)]
    for kingdom in planet.kingdoms.values():
        if kingdom.id == ZARGOS:
            continue
        holders = {state.holder(p) for p in kingdom.provinces}
        whole = holders.pop() if len(holders) == 1 and "" not in holders else ""
        if whole and cards.get(kingdom.id) != whole:
            cards[kingdom.id] = whole  # ZARGOS-KCARD-01 (and -05: only with the whole kingdom)
            log.append(event("kingdom_card", "ZARGOS-KCARD-01", people=whole, kingdom=kingdom.name))
        elif cards.get(kingdom.id) and state.holder(kingdom.capital) != cards[kingdom.id]:
            log.append(event("loses_kingdom_card", "ZARGOS-KCARD-03", people=cards.pop(kingdom.id),
                             kingdom=kingdom.name))
    ranking: list[tuple] = []
    for value in sorted({n for _, n in points}, reverse=True):  # ZARGOS-ORDER-01; ties roll (ZARGOS-ORDER-02)
        ranking.append(tuple(people for people, n in points if n == value))
    state = replace(state, points=points, kingdom_cards=tuple(sorted(cards.items())), ranking=tuple(ranking),
                    seat=0, log=state.log + tuple(log))
    return after_ranking(state)


def deal(state: ZargosState) -> ZargosState:
    """Magic cards in the new order: one per Kingdom card, or 3 for the Master only (ZARGOS-MAGIC-01, MOTW-02, -04)."""
    draws = []
    for player in state.players_in_order:
        mine = {people for people, owner in zip(state.peoples, state.owners, strict=True) if owner == player}
        if state.master:
            count = MASTER_DRAWS if state.master in mine else 0
        else:
            count = sum(holder in mine for _, holder in state.kingdom_cards)
        if count:
            draws.append((player, count))
    return _next_draw(replace(state, draws=tuple(draws)))


def _next_draw(state: ZargosState) -> ZargosState:
    draws = tuple((player, n) for player, n in state.draws if n > 0)
    if draws and (state.deck or state.bottom):
        return replace(state, phase=Phase.DRAW, draws=draws)
    return after_swaps(magic.swap_window(replace(state, draws=())))  # GAP-S08: an empty deck gives nothing


def apply_draw(state: ZargosState, card: str) -> ZargosState:
    player, count = state.draws[0]
    if state.deck:
        deck = list(state.deck)
        deck.remove(card)
        state = replace(state, deck=tuple(deck))
    else:
        state = replace(state, bottom=state.bottom[1:])
    absent = state.game.suspension_cards.get(card)
    if absent and absent not in state.peoples:  # ZARGOS-MAGIC-16: removed, and another card drawn
        return replace(state, removed=state.removed + (card,),
                       log=logged(state, event("absent", "ZARGOS-MAGIC-16", card=card, people=absent)))
    hand = tuple(sorted(state.hands[player] + (card,)))
    hands = tuple(hand if i == player else h for i, h in enumerate(state.hands))
    state = replace(state, hands=hands, draws=((player, count - 1),) + state.draws[1:],
                    log=logged(state, event("draws", "ZARGOS-MAGIC-01", player=player)))
    if len(hand) > HAND_LIMIT:
        return replace(state, phase=Phase.DISCARD)
    return _next_draw(state)


def apply_discard(state: ZargosState, action: Discard) -> ZargosState:
    player = state.draws[0][0]
    hand = list(state.hands[player])
    hand.remove(action.card)
    hands = tuple(tuple(hand) if i == player else h for i, h in enumerate(state.hands))
    state = replace(state, hands=hands, bottom=state.bottom + (action.card,),
                    log=logged(state, event("puts_under", "ZARGOS-MAGIC-02", player=player, card=action.card)))
    return state if len(hand) > HAND_LIMIT else _next_draw(state)


def after_swaps(state: ZargosState) -> ZargosState:
    """Buying starts once the swaps are done (the magic module marks that with the phase ``buy_start``)."""
    return _buyer(state, 0) if state.phase == Phase.BUY_START else state


def _buyer(state: ZargosState, seat: int) -> ZargosState:
    if seat >= len(state.seats):
        return start_turn(replace(state, budget=0))
    people = state.seats[seat]
    return replace(state, phase=Phase.BUY, seat=seat, budget=state.points_of(people))


def apply_buy(state: ZargosState, action: Buy) -> ZargosState:
    me = state.acting
    player = state.player_of(me)
    boats = tuple(b + action.boats if i == player else b for i, b in enumerate(state.boats))
    state = replace(state, boats=boats, budget=0,  # ZARGOS-BUY-04: what is not spent is lost
                    log=logged(state, event("buys", "ZARGOS-BUY-01", people=me, units=action.units,
                                            boats=action.boats)))
    if action.units:
        return replace(state, phase=Phase.PLACE_BUY, reserve=((me, action.units),))
    return next_buyer(state)


def next_buyer(state: ZargosState) -> ZargosState:
    return _buyer(state, state.seat + 1)


# -- the order of play and the next turn ---------------------------------------------------------------------
def apply_roll(state: ZargosState, face: int) -> ZargosState:
    """A tied people's roll-off die; once every tie is broken, the order stands (ZARGOS-SETUP-02, ZARGOS-ORDER-02)."""
    rolls = state.rolls + (face,)
    groups = list(state.ranking)
    index = next(i for i, g in enumerate(groups) if len(g) > 1)
    group = groups[index]
    who = group[len(rolls) - 1]
    log = logged(state, event("rolls", "ZARGOS-SETUP-02" if state.turn == 0 else "ZARGOS-ORDER-02", who=who, face=face))
    if len(rolls) < len(group):
        return replace(state, rolls=rolls, log=log)
    by_value: dict[int, list] = {}
    for member, value in zip(group, rolls, strict=True):
        by_value.setdefault(value, []).append(member)
    groups[index:index + 1] = [tuple(by_value[v]) for v in sorted(by_value, reverse=True)]  # ties roll again
    return after_ranking(replace(state, ranking=tuple(groups), rolls=(), log=log))




def after_ranking(state: ZargosState) -> ZargosState:
    """Roll again while peoples tie; then the choice order (setup) or the order of play and its magic cards."""
    if any(len(group) > 1 for group in state.ranking):
        return replace(state, phase=Phase.ROLL)
    order = tuple(group[0] for group in state.ranking)
    if state.turn == 0:  # setup: choice order, then a second (and third) pass (ZARGOS-SETUP-02, -03, -05)
        choosers = order * state.game.peoples_per_player
        return replace(state, phase=Phase.CHOOSE, ranking=(), choosers=choosers,
                       log=logged(state, event("choice_order", order=tuple(order))))
    return deal(replace(state, seats=order, ranking=(),
                       log=logged(state, event("play_order", "ZARGOS-ORDER-01", order=tuple(order)))))


def start_turn(state: ZargosState) -> ZargosState:
    """The next turn, or the end of the game at the turn limit (ZARGOS-TURN-01)."""
    turn = state.turn + 1
    if turn > state.game.turn_limit:
        return replace(state, phase=Phase.OVER,
                       log=logged(state, event("turn_limit", limit=state.game.turn_limit)))
    state = replace(state, turn=turn, seat=0, log=logged(state, event("turn", "ZARGOS-TURN-01", turn=turn)))
    return begin_seat(state, 0)


def begin_seat(state: ZargosState, index: int) -> ZargosState:
    """Give the turn to the first seat from ``index`` whose people holds a province; or count the points."""
    for seat in range(index, len(state.seats)):
        if state.provinces_of(state.seats[seat]):
            return magic.red_window(replace(state, seat=seat, attacking=(), reorg=()))  # ZARGOS-MAGIC-07
    return count_points(magic.expire(state))
