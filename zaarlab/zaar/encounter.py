"""What happens in Zaar's mansion: turns beginning and ending, moves and what entering a room does, cards drawn,
events, choices, coins from the bag, tools, the levels and the end (the raml's throws and the battles are in
:mod:`zaarlab.zaar.battle`).

The rules module dispatches here; every function takes a state and returns a new one.
"""

from __future__ import annotations

from ..core.api import replace
from ..core.hexgrid import Hex, distance
from ..core.story import Event, Fact, event
from .astrolabe import Command
from .missions import completed_by
from .state import (
    TOOL_ORDER,
    Choose,
    ChoosePlaque,
    ChoosePlayer,
    ChooseRoom,
    EndTurn,
    Fight,
    Move,
    Phase,
    PlaceTool,
    RetrieveTool,
    ZaarState,
    share_mansion,
)

MISSION_PRIZE = 3  # ZAAR-MISSION-01


def with_row(rows: tuple, i: int, value) -> tuple:
    return rows[:i] + (value,) + rows[i + 1:]


def logged(state: ZaarState, *events: Event) -> tuple[Event, ...]:
    return state.log + events


# -- turns -------------------------------------------------------------------------------------------------------
def start_turn(state: ZaarState, player: int, first: bool = False) -> ZaarState:
    """Begin ``player``'s turn: allowances from wisdom and life (ZAAR-COIN-02, -03); level 4 one move (ZAAR-LVL4-01)."""
    n = state.game.players
    for _ in range(n):
        if state.status[player] in ("in", "exiled"):  # an exiled player still plays: cards, tools
            break
        player = (player + 1) % n
    turn = state.turn + 1
    if turn > state.game.turn_limit:
        return replace(state, phase=Phase.OVER, log=logged(state, event("turn_limit", turns=turn - 1)))
    moves = 1 if state.level == 4 else state.life[player]
    header = event("turn", turn=turn, player=player, level=state.level)
    new = replace(state, phase=Phase.TURN, turn=turn, player=player, draws_left=state.wisdom[player], moves_left=moves,
                  moved=False, pending=(), log=logged(state, header))
    lasting = state.lasting[player]
    if lasting and lasting[0] == "lost_in_thought":  # a lasting event: skip the turn
        new = replace(new, lasting=with_row(new.lasting, player, ()), log=logged(new, event("skips", player=player)))
        return end_turn(new)
    if state.held[player] and not first:  # AMB-Z04 (c): throw again; no match frees the pawn
        return replace(new, phase=Phase.THROW, pending=("entry", state.pawn(player), "recheck"))
    return new


def end_turn(state: ZaarState) -> ZaarState:
    """The turn is over (ZAAR-TURN-04): lasting events count down, level 4 stays count, the next player is up."""
    p, n = state.player, state.game.players
    if state.characters[p] == "physician" and state.pawn(p) is not None and \
            state.mansion.room_at(state.pawn(p)).is_sacred and "gift" not in state.pending and state.bag[0] >= 2:
        others = [q for q in range(n) if q != p and state.status[q] != "buried"]
        if others:  # ZAAR-PAWN-08: two life coins, one to another player (AMB-Z13: the Physician chooses)
            return replace(state, phase=Phase.CHOOSE, pending=("gift",))
    new = state
    lasting = new.lasting[p]
    if lasting and lasting[0] == "musicians_call":
        left = lasting[1] - 1
        new = replace(new, lasting=with_row(new.lasting, p, (lasting[0], left) if left > 0 else ()))
    if new.level == 4 and new.status[p] == "in" and not new.moved:
        new = _stay(new, p)
    return start_turn(replace(new, pending=()), (p + 1) % n)


def _stay(state: ZaarState, p: int) -> ZaarState:
    """Level 4: a pawn that did not move stays; the second stay collapses the room on it (ZAAR-LVL4-08, AMB-Z16)."""
    here = state.pawn(p)
    stays = state.stays[p] + 1
    safe = state.mansion.room_at(here).is_sacred or here in dict(state.peganums)
    if stays < 2 or safe:
        return replace(state, stays=with_row(state.stays, p, stays))
    bag = (state.bag[0] + state.life[p], state.bag[1] + state.wisdom[p])
    supply = list(state.supply)
    for tool in state.tools[p]:
        supply[TOOL_ORDER.index(tool)] += 1
    return replace(state, bag=bag, supply=tuple(supply), life=with_row(state.life, p, 0),
                   wisdom=with_row(state.wisdom, p, 0), tools=with_row(state.tools, p, ()),
                   pawns=with_row(state.pawns, p, ()),
                   status=with_row(state.status, p, "buried"),
                   log=logged(state, event("collapses_on", "ZAAR-LVL4-08", player=p)))


# -- moving ------------------------------------------------------------------------------------------------------
def moves_from(state: ZaarState, p: int):
    """(to, kind) for every legal move of player ``p``'s pawn: doors, Amulet doors, passages; walls for the
    Alchemist; sacred-to-sacred for the Monk; never into a destroyed room."""
    mansion, here = state.mansion, state.pawn(p)
    kinds = ["door", "amulet", "passage"] + (["wall"] if state.characters[p] == "alchemist" else [])
    gone = set(state.destroyed)
    for to, kind in mansion.links[here]:
        if kind in kinds and to not in gone:
            yield to, kind
    if state.characters[p] == "monk" and mansion.room_at(here).is_sacred:
        yield from ((c, "teleport") for c in mansion.sacred_cells() if c != here and c not in gone)


def move(state: ZaarState, p: int, action: Move) -> ZaarState:
    here = state.pawn(p)
    new = replace(state, pawns=with_row(state.pawns, p, (action.to,)), moves_left=state.moves_left - 1, moved=True,
                  stays=with_row(state.stays, p, 0),
                  log=logged(state, event("moves", player=p, **room_facts(state, action.to))))
    if state.level == 4:
        new = _leave_ruin(new, p, here)
    return enter(new, p, action.to)


def _leave_ruin(state: ZaarState, p: int, left: Hex) -> ZaarState:
    """Level 4: take the coins lying in the room left; destroy it if nobody stays (ZAAR-LVL4-05, -06)."""
    prize = [coin for cell, coin in state.plaque_coins if cell == left]
    state = replace(state, plaque_coins=tuple(pc for pc in state.plaque_coins if pc[0] != left),
                    life=with_row(state.life, p, state.life[p] + prize.count("life")),
                    wisdom=with_row(state.wisdom, p, state.wisdom[p] + prize.count("wisdom")))
    others = any(state.pawn(q) == left for q in range(state.game.players) if q != p)
    if others or state.mansion.room_at(left).is_sacred or left in dict(state.peganums):
        return state
    return replace(state, destroyed=tuple(sorted(state.destroyed + (left,))), log=logged(
        state, event("collapses_behind", "ZAAR-LVL4-05", player=p, coins=len(prize))))


def enter(state: ZaarState, p: int, cell: Hex) -> ZaarState:
    """What entering a room does: the Motreb Khane deadline, the demon's room in level 3, the Windcatcher, a
    shortcut, and the raml for an unrevoked plaque (ZAAR-RAML-02, AMB-Z21)."""
    room = state.mansion.room_at(cell)
    lasting = state.lasting[p]
    if lasting and lasting[0] == "musicians_call" and room.id == "motreb_khane":
        state = replace(state, lasting=with_row(state.lasting, p, ()),
                        log=logged(state, event("in_time", "ZAAR-EVENT-07")))
        state = _gain(state, p, "wisdom", 2)
    if state.level == 2 and _trapped(state) and state.unrevoked()[0][0] == cell:
        return begin_level3(state, p, cell)
    if state.level >= 3:  # the demon is fought at the name table now; shortcuts still work (ZAAR-ROOM-10)
        if room.special == "shortcut":
            return replace(state, phase=Phase.CHOOSE, pending=("shortcut?", cell))
        return replace(state, phase=Phase.TURN)
    if room.special == "windcatcher":
        return replace(state, phase=Phase.CHOOSE, pending=("fall", cell))  # ZAAR-ROOM-07: at once, no demon check
    plaques = [letter for c, letter in state.unrevoked() if c == cell]
    if plaques:
        return replace(state, phase=Phase.THROW,
                       pending=("entry", cell, "shortcut" if room.special == "shortcut" else ""))
    if room.special == "shortcut":
        return replace(state, phase=Phase.CHOOSE, pending=("shortcut?", cell))
    return replace(state, phase=Phase.TURN)


def relocate(state: ZaarState, p: int, to: Hex) -> ZaarState:
    """The Suspended Room moves with the pawn in it; its walls may cover doors; it costs no move (ZAAR-ROOM-02..04)."""
    here = state.pawn(p)
    mansion = state.mansion.relocate(here, to)
    return replace(state, rooms=mansion.rooms, pawns=with_row(state.pawns, p, (to,)),
                   passages=_moved(state.passages, here, to), peganums=_moved(state.peganums, here, to),
                   plaque_coins=_moved(state.plaque_coins, here, to), log=logged(
                       state, event("relocates", "ZAAR-ROOM-02", player=p, cell=(to.q, to.r))))


def _moved(pairs: tuple, here: Hex, to: Hex) -> tuple:
    """(cell, x) pairs with ``here`` become ``to``: what lies in a room goes with it."""
    return tuple(sorted((to if cell == here else cell, x) for cell, x in pairs))


def escape(state: ZaarState, p: int) -> ZaarState:
    new = replace(state, pawns=with_row(state.pawns, p, ()), status=with_row(state.status, p, "escaped"),
                  log=logged(state, event("escapes", "GAP-Z12", player=p, coins=state.coins(p))))
    return end_turn(new)


# -- cards -------------------------------------------------------------------------------------------------------
def drawn(state: ZaarState, card: str) -> ZaarState:
    """A card from the pile: a room to place, or an event to obey (ZAAR-EVENT-01..05)."""
    pile = list(state.pile)
    pile.remove(card)
    state = replace(state, pile=tuple(pile), drawn=card)
    if card in state.game.cards.rooms:
        return replace(state, phase=Phase.PLACE)
    return _event(state, state.player, card)


def placed(state: ZaarState, action) -> ZaarState:
    """Place the room drawn (or put it back when it fits nowhere); pay a mission in level 2."""
    p = state.player
    if isinstance(action, Choose):
        return replace(state, phase=Phase.TURN, pile=tuple(sorted(state.pile + (state.drawn,))), drawn="",
                       log=logged(state, event("fits_nowhere", room=state.drawn)))
    mansion = state.mansion.place(state.drawn, action.cell, action.rotation)
    room = state.game.cards.rooms[state.drawn]
    new = share_mansion(replace(state, phase=Phase.TURN, rooms=mansion.rooms, drawn="", log=logged(
        state, event("places", player=p, room=room.id, cell=(action.cell.q, action.cell.r)))), mansion)
    new = _return_exiles(new, room.category, action.cell)
    done = completed_by(new.mansion, action.cell, frozenset(new.used_rooms), new.game.windy_mutual)
    if done:
        new = replace(new, used_rooms=tuple(sorted(set(new.used_rooms) | set(done.rooms))))
        if new.level == 2:
            new = replace(new, log=logged(new, event("mission", done.rule, player=p, mission=done.mission)))
            return draw_coins(new, [("player", p)] * MISSION_PRIZE, then="turn")
    return new


def _return_exiles(state: ZaarState, category: str | None, cell: Hex) -> ZaarState:
    for q in range(state.game.players):
        lasting = state.lasting[q]
        if lasting and lasting[0] == "exiled" and category == "bloody":
            state = replace(state, status=with_row(state.status, q, "in"), pawns=with_row(state.pawns, q, (cell,)),
                            lasting=with_row(state.lasting, q, ()), log=logged(state, event("comes_back", player=q)))
    return state


def _event(state: ZaarState, p: int, card: str) -> ZaarState:
    if state.lasting[p]:  # ZAAR-EVENT-04: no effect, back into the pile
        return end_turn(replace(state, pile=tuple(sorted(state.pile + (card,))), drawn="", log=logged(
            state, event("no_effect", "ZAAR-EVENT-04", card=card))))
    state = replace(state, drawn="", discarded=tuple(sorted(state.discarded + (card,))),
                    events_passed=with_row(state.events_passed, p, state.events_passed[p] + 1),
                    log=logged(state, event("draws_event", "ZAAR-EVENT-01", player=p, card=card,
                                          text=state.game.cards.events[card].text)))
    if state.events_passed[p] == 4 and state.level == 2 and ("events", p) not in state.paid:
        state = replace(state, paid=state.paid + (("events", p),))
        state = draw_coins(replace(state, log=logged(state, event("four_events", "ZAAR-MISSION-08", player=p))),
                       [("player", p)] * MISSION_PRIZE,
                       then="event:" + card)
        return state
    return _effects(state, p, card)


def _effects(state: ZaarState, p: int, card: str) -> ZaarState:
    """Carry out an event's effects (the effect language of events.yaml); the turn then ends (ZAAR-EVENT-05)."""
    for effect in state.game.cards.events[card].effects:
        do = effect["do"]
        if do == "throw_raml":
            return replace(state, phase=Phase.THROW, pending=("event", card))
        if do == "lose_coin":
            state = lose_coin(state, p, effect["coin"])
        elif do == "gain_coin":
            state = _gain(state, p, effect["coin"], effect["count"])
        elif do == "gain_tool":
            i = TOOL_ORDER.index(effect["tool"])
            if state.supply[i]:
                state = replace(state, supply=with_row(state.supply, i, state.supply[i] - 1),
                                tools=with_row(state.tools, p, tuple(sorted(state.tools[p] + (effect["tool"],)))))
        elif do == "revoke_plaque":
            if state.level == 1 or not state.unrevoked():
                return end_turn(replace(state, log=logged(state, event("void", "ZAAR-EVENT-06"))))
            return replace(state, phase=Phase.CHOOSE, pending=("revoke",))
        elif do == "move_to" and state.pawn(p) is not None:
            return replace(state, phase=Phase.CHOOSE, pending=("nearest",))
        elif do == "swap_pawns" and state.pawn(p) is not None:
            if any(state.pawn(q) is not None for q in range(state.game.players) if q != p):
                return replace(state, phase=Phase.CHOOSE, pending=("swap",))
        elif do == "give_coin":
            q = (p + 1) % state.game.players
            coin = "life" if state.life[p] else "wisdom" if state.wisdom[p] else ""
            if coin and q != p:
                state = lose_coin(state, p, coin, to_bag=False)
                state = replace(state, **{coin: with_row(getattr(state, coin), q, getattr(state, coin)[q] + 1)})
        elif do in ("deadline", "skip_turns", "extra_battle_throw"):
            counter = effect.get("rounds", 1)
            state = replace(state, lasting=with_row(state.lasting, p, (card, counter)))
        elif do == "exile_until" and state.pawn(p) is not None:
            state = replace(state, lasting=with_row(state.lasting, p, (card, 0)), pawns=with_row(state.pawns, p, ()),
                            status=with_row(state.status, p, "exiled"), held=with_row(state.held, p, False))
    return end_turn(state)


# -- chance and choices ------------------------------------------------------------------------------------------
def choices(state: ZaarState) -> tuple:
    kind = state.pending[0]
    p = state.player
    if state.phase == Phase.TRAPPED:
        return (EndTurn(), Fight())  # ZAAR-RAML-04
    if kind == "fall":  # no sacred room anywhere yet: the pawn stays where it is
        return tuple(ChooseRoom(c) for c in state.mansion.windcatcher_destinations(state.pending[1])) or (
            Choose("stay"),)
    if kind == "shortcut?":
        return (Choose("stay"), Choose("throw"))
    if kind == "shortcut":
        return tuple(ChooseRoom(c) for c in state.mansion.shortcut_destinations(state.pending[1])) or (
            Choose("stay"),)
    if kind == "revoke":
        return tuple(ChoosePlaque(c, letter) for c, letter in state.unrevoked())
    if kind == "nearest":
        here = state.pawn(p)
        sacred = [c for c in state.mansion.sacred_cells() if c != here]
        near = min((distance(here, c) for c in sacred), default=None)
        return tuple(ChooseRoom(c) for c in sacred if distance(here, c) == near) or (Choose("stay"),)
    if kind == "swap":
        return tuple(ChoosePlayer(q) for q in range(state.game.players) if q != p and state.pawn(q) is not None)
    if kind == "cancel":
        return tuple(ChooseRoom(c) for c in state.mansion.layout if state.mansion.room_at(c).category == "bloody")
    if kind == "gift":
        return tuple(ChoosePlayer(q) for q in range(state.game.players) if q != p and state.status[q] != "buried")
    raise AssertionError(f"no choices for {state.pending}")


def chosen(state: ZaarState, action: Choose | ChooseRoom | ChoosePlaque | ChoosePlayer) -> ZaarState:
    kind, p = state.pending[0], state.player
    if isinstance(action, ChooseRoom):
        cell = action.cell
        if kind == "cancel":
            back = event("comes_back_in", "ZAAR-TOOL-11", player=p, **room_facts(state, cell))
            return replace(state, phase=Phase.TURN, pending=(), pawns=with_row(state.pawns, p, (cell,)),
                           status=with_row(state.status, p, "in"), lasting=with_row(state.lasting, p, ()),
                           log=logged(state, back))
        new = replace(state, phase=Phase.TURN, pending=(), pawns=with_row(state.pawns, p, (cell,)),
                      log=logged(state, event("goes_to", "ZAAR-ROOM-09", player=p, **room_facts(state, cell))))
        return end_turn(new) if kind == "nearest" else enter(new, p, cell) if kind == "shortcut" else new
    if isinstance(action, ChoosePlaque):
        new = revoke(state, [(action.cell, action.letter)], by=p)
        return draw_coins(new, [("plaque", action.cell)], then="end")
    if isinstance(action, ChoosePlayer):
        q = action.player
        if kind == "swap":
            mine, theirs = state.pawns[p], state.pawns[q]
            new = replace(state, pawns=with_row(with_row(state.pawns, p, theirs), q, mine),
                          log=logged(state, event("swap", player=p, other=q)))
            return end_turn(new)
        new = replace(state, pending=("gift",), bag=(state.bag[0] - 2, state.bag[1]),  # the Physician's gift
                      life=with_row(with_row(state.life, p, state.life[p] + 1), q, state.life[q] + 1),
                      log=logged(state, event("gift", "ZAAR-PAWN-08", other=q)))
        return end_turn(new)
    if kind == "shortcut?" and action.what == "throw":
        return replace(state, phase=Phase.THROW, pending=("shortcut", state.pending[1]))
    if kind == "nearest":  # stay
        return end_turn(state)
    return replace(state, phase=Phase.TURN, pending=())


def obey_command(state: ZaarState, cmd) -> tuple[ZaarState, list]:
    """Part 1 revokes every matching plaque, each covered by a coin; part 2 reveals a name letter (ZAAR-CMD-04..07)."""
    rooms = state.game.cards.rooms
    targets = [(c, letter) for c, letter in state.unrevoked()
               if (cmd.plaque and letter == cmd.plaque) or (cmd.category and rooms[state.mansion.layout[c][0]].category
                                                            == cmd.category)]
    state = revoke(state, targets, by=state.player)
    queue = [("plaque", c) for c, _ in targets]
    if cmd.letter and cmd.letter not in state.revealed:
        state = replace(state, revealed=state.revealed + (cmd.letter,))
        queue += [("table", cell) for cell in state.game.name_table.cells_of(cmd.letter)]
        nth = len(state.revealed)
        for count, name in ((6, "sixth"), (7, "seventh")):  # ZAAR-MISSION-10, -11
            if nth == count and state.level == 2 and name not in state.paid:
                rule = "ZAAR-MISSION-10" if count == 6 else "ZAAR-MISSION-11"
                state = replace(state, paid=state.paid + (name,), log=logged(state, event("letter_mission", rule,
                                                                                         nth=name)))
                queue += [("player", state.player)] * MISSION_PRIZE
    return state, queue


def revoke(state: ZaarState, plaques, by: int) -> ZaarState:
    plaques = [pl for pl in plaques if pl not in state.revoked]
    if not plaques:
        return state
    before = len(state.unrevoked())
    state = replace(state, revoked=tuple(sorted(set(state.revoked) | set(plaques))))
    if len(state.unrevoked()) == 1 < before:
        state = replace(state, trapper=by)
    return state


# -- level 3 -----------------------------------------------------------------------------------------------------
def begin_level3(state: ZaarState, p: int, cell: Hex) -> ZaarState:
    state = replace(state, level=3, demon_room=(cell,), phase=Phase.TURN, log=logged(
        state, event("level3", "ZAAR-LVL2-03", player=p)))
    if state.trapper >= 0 and "last_spell" not in state.paid:
        state = replace(state, paid=state.paid + ("last_spell",))
        return draw_coins(state, [("player", state.trapper)] * MISSION_PRIZE, then="turn")
    return state


# -- coins -------------------------------------------------------------------------------------------------------
def draw_coins(state: ZaarState, destinations: list, then: str) -> ZaarState:
    """Draw coins from the bag, one chance step each (ZAAR-COIN-04), then go on (``then``: end, turn, event:ID)."""
    room = sum(state.bag)
    destinations = destinations[:room]
    if not destinations:
        return _resume(state, then)
    return replace(state, phase=Phase.COIN, coin_queue=tuple(destinations), pending=("then", then))


def coin_drawn(state: ZaarState, coin: str) -> ZaarState:
    where, *rest = state.coin_queue
    bag = (state.bag[0] - (coin == "life"), state.bag[1] - (coin == "wisdom"))
    state = replace(state, bag=bag, coin_queue=tuple(rest))
    kind, target = where
    if kind == "player":
        state = replace(state, **{coin: with_row(getattr(state, coin), target, getattr(state, coin)[target] + 1)})
    elif kind == "plaque":
        state = replace(state, plaque_coins=tuple(sorted(state.plaque_coins + ((target, coin),))))
    else:
        state = replace(state, table_coins=tuple(sorted(state.table_coins + ((target, coin),))))
    if state.coin_queue and sum(state.bag):
        return state
    return _resume(replace(state, coin_queue=()), state.pending[1])


def _resume(state: ZaarState, then: str) -> ZaarState:
    state = replace(state, pending=())
    if then == "end":
        return end_turn(state)
    if then.startswith("event:"):
        return _effects(state, state.player, then[6:])
    return replace(state, phase=Phase.TURN)


def _gain(state: ZaarState, p: int, coin: str, count: int) -> ZaarState:
    i = 0 if coin == "life" else 1
    count = min(count, state.bag[i])
    bag = with_row(state.bag, i, state.bag[i] - count)
    return replace(state, bag=bag, **{coin: with_row(getattr(state, coin), p, getattr(state, coin)[p] + count)})


def lose_coin(state: ZaarState, p: int, coin: str, to_bag: bool = True) -> ZaarState:
    if getattr(state, coin)[p] == 0:
        return state
    i = 0 if coin == "life" else 1
    bag = with_row(state.bag, i, state.bag[i] + 1) if to_bag else state.bag  # GAP-Z13: back to the bag
    return replace(state, bag=bag, **{coin: with_row(getattr(state, coin), p, getattr(state, coin)[p] - 1)})


# -- tools -------------------------------------------------------------------------------------------------------
def tool(state: ZaarState, p: int, action) -> ZaarState:
    if isinstance(action, RetrieveTool):
        field_name = "passages" if action.tool == "boswellia" else "peganums"
        return replace(state, **{field_name: tuple(x for x in getattr(state, field_name) if x != (action.cell, p))},
                       tools=with_row(state.tools, p, tuple(sorted(state.tools[p] + (action.tool,)))),
                       log=logged(state, event("takes_back", "ZAAR-TOOL-13", player=p, tool=action.tool)))
    mine = list(state.tools[p])
    mine.remove(action.tool)
    state = replace(state, tools=with_row(state.tools, p, tuple(mine)))
    if isinstance(action, PlaceTool):
        if action.tool == "amulet":
            mansion = state.mansion.with_amulet_door(action.cell, action.side)
            return replace(state, amulet_doors=mansion.amulet_doors,
                           log=logged(state, event("new_door", "ZAAR-TOOL-10")))
        field_name = "passages" if action.tool == "boswellia" else "peganums"
        return replace(state, **{field_name: tuple(sorted(getattr(state, field_name) + ((action.cell, p),)))},
                       log=logged(state, event("places_tool", "ZAAR-TOOL-01", player=p, tool=action.tool)))
    supply = list(state.supply)
    supply[TOOL_ORDER.index(action.tool)] += 1  # a spent tool goes back to the supply
    state = replace(state, supply=tuple(supply))
    if action.tool == "amulet":  # ZAAR-TOOL-09: life and wisdom both count as their sum this turn
        total = state.life[p] + state.wisdom[p]
        return replace(state, moves_left=state.moves_left + state.wisdom[p] if state.level < 4 else state.moves_left,
                       draws_left=state.draws_left + state.life[p],
                       log=logged(state, event("amulet", "ZAAR-TOOL-09", player=p, total=total)))
    here = state.pawn(p)
    if action.tool == "peganum":  # ZAAR-TOOL-07: this room and its door neighbours
        rooms = {here} | set(state.mansion.door_graph.neighbors(here))
        targets = [(c, letter) for c, letter in state.unrevoked() if c in rooms]
        state = revoke(replace(state, log=logged(state, event("peganum", "ZAAR-TOOL-07", player=p))), targets, by=p)
        return draw_coins(state, [("plaque", c) for c, _ in targets], then="turn")
    if action.target == "cancel":  # ZAAR-TOOL-11: or cancel the event that keeps the pawn out (EX-Z06)
        return replace(state, phase=Phase.CHOOSE, pending=("cancel",))
    cmd = Command(plaque=action.target) if len(action.target) == 1 else Command(category=action.target)
    burnt = event("boswellia", "ZAAR-TOOL-11", player=p, said=cmd.words())
    state, queue = obey_command(replace(state, log=logged(state, burnt)), cmd)
    return draw_coins(state, queue, then="turn")


# -- levels and the end ------------------------------------------------------------------------------------------
def _trapped(state: ZaarState) -> bool:
    """One plaque left and three letters revealed: the demon is trapped (ZAAR-LVL2-02)."""
    return len(state.unrevoked()) == 1 and len(state.revealed) >= 3


def settle(state: ZaarState) -> ZaarState:
    """Level changes and the end, after every action (ZAAR-LVL1-01, ZAAR-LVL2-06, ZAAR-LVL3-06, ZAAR-END-01)."""
    if state.phase == Phase.OVER or state.phase in (Phase.START, Phase.ORDER, Phase.CHARACTER):
        return state
    if state.level == 1 and state.mansion.sacred_cells():
        state = replace(state, level=2, log=logged(state, event("level2", "ZAAR-LVL1-01")))
    rooms_left = any(c in state.game.cards.rooms for c in state.pile) or state.drawn
    if state.level == 2 and not state.unrevoked() and not rooms_left:
        state = replace(state, level=4, log=logged(state, event("level4_revoked", "ZAAR-LVL2-06")))
    if state.level == 3 and not state.table_coins and state.phase not in (Phase.COIN,):
        state = replace(state, level=4, log=logged(state, event("level4_destroyed", "ZAAR-LVL3-06")))
    if state.level >= 3 and "exiled" in state.status:  # no card can bring them back: outside, they survive
        status = tuple("escaped" if s == "exiled" else s for s in state.status)
        state = replace(state, status=status, lasting=tuple(() if s == "exiled" else e for s, e in zip(
            state.status, state.lasting, strict=True)), log=logged(state, event("exiles_survive")))
    if all(s not in ("in", "exiled") for s in state.status) and state.phase != Phase.OVER:
        survivors = [p for p, s in enumerate(state.status) if s == "escaped"]
        best = max((state.coins(p) for p in survivors), default=None)
        winners = tuple(p for p in survivors if state.coins(p) == best)
        return replace(state, phase=Phase.OVER, winner=winners,
                       log=logged(state, event("game_over", "ZAAR-END-01", winners=winners)))
    return state


def room_facts(state: ZaarState, cell: Hex) -> dict[str, Fact]:
    """The facts an event keeps of a room: its card (what a reader names) and its cell (where a map draws it)."""
    return {"room": state.mansion.room_at(cell).id, "cell": (cell.q, cell.r)}

