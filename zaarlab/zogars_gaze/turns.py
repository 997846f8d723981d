"""The beginning and the end of a turn of Zogar's Gaze, and the small pile helpers the rules share.

Piles are sorted tuples of card ids (multisets). A turn ends by putting the dungeon deck back together with the
cards spent this turn, giving the player the cards they brought back, and passing to the left (ZOGAR-PASS-01).
"""

from __future__ import annotations

from bisect import bisect_right

from ..core.api import replace
from ..core.story import Event, event
from .state import Phase, ZogarState


def remove(pile: tuple, card: str) -> tuple:
    """The pile without one copy of ``card``.

    >>> remove(("a", "b", "b"), "b")
    ('a', 'b')
    """
    i = pile.index(card)
    return pile[:i] + pile[i + 1:]


def distinct(pile: tuple) -> tuple:
    """Each card of the pile once, in the pile's (sorted) order.

    >>> distinct(("a", "b", "b", "c"))
    ('a', 'b', 'c')
    """
    return tuple(dict.fromkeys(pile))


def add(pile: tuple, *cards: str) -> tuple:
    """The pile with ``cards`` added, sorted.

    >>> add(("a", "c"), "b", "a"), add(("a",))
    (('a', 'a', 'b', 'c'), ('a',))
    """
    for card in cards:  # a few cards, each put in its place: no sort of a long pile
        i = bisect_right(pile, card)
        pile = (*pile[:i], card, *pile[i:])
    return pile


def with_row(rows: tuple, i: int, value) -> tuple:
    """``rows`` with entry ``i`` replaced (one entry per player).

    >>> with_row((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return rows[:i] + (value,) + rows[i + 1:]


def start_turn(state: ZogarState, player: int, *lines: Event, **changes) -> ZogarState:
    """Begin ``player``'s turn: a trapped player tries to escape, the others go to the market (ZOGAR-TURN-03).

    ``lines`` (for the log) and ``changes`` (fields) are what the action did before: made in the same copy of the state.
    """
    turn, traps = state.turn + 1, changes.get("traps", state.traps)
    if turn > state.game.turn_limit:
        return replace(state, **changes | {"phase": Phase.OVER, "ended_by": "limit", "log": state.log + (
            *lines, event("turn_limit", limit=state.game.turn_limit))})
    trap = traps[player]
    header = event("turn_trapped", turn=turn, player=player, trap=trap) if trap else event("turn", turn=turn,
                                                                                            player=player)
    return replace(state, **changes | {"turn": turn, "player": player, "phase": Phase.TRAPPED if trap else Phase.MARKET,
                                       "log": state.log + (*lines, header)})


def end_turn(state: ZogarState, *lines: Event, **changes) -> ZogarState:
    """Shuffle and pass: the deck is put back together and handed to the left (ZOGAR-PASS-01).

    The cards with the player go home to their hand; the cards spent this turn (and a peeked card not yet
    turned) go back into the dungeon deck. ``lines`` and ``changes`` are what the action did before the pass (a won
    battle, a death...): made in the same copy of the state.
    """
    def now(name: str):
        return changes[name] if name in changes else getattr(state, name)

    p, hands, dungeon, peeked = state.player, now("hands"), now("dungeon"), now("peeked")
    back = now("spent") + ((peeked,) if peeked else ())
    changes.update(hands=with_row(hands, p, add(hands[p], *now("carried"), *now("found"))), dungeon=add(dungeon, *back),
                   carried=(), found=(), spent=(), offered=(), drawable=0, flipped=0, must_flip=0, peeked="", enemy="",
                   dice=(), kept=(), rolls=0, rolls_allowed=0)
    passed = event("passed", "ZOGAR-PASS-01", count=len(dungeon) + len(back), player=state.left)
    return start_turn(state, state.left, *lines, passed, **changes)
