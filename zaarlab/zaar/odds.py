"""Exact odds of Zaar: the draw pile given the mansion, battles with the raml and the astrolabe, the name table.

Battles: :func:`battle_dist` for one astrolabe result, :func:`battle_closed_form` in the number of throws ``w``,
:func:`astrolabe_battle_dist` averaged over an unknown astrolabe. Level 3: :func:`p_collect`,
:func:`expected_coins`, :func:`expected_turns_to_empty`. Throws are the raml's 256 ordered outcomes
(:mod:`zaarlab.zaar.raml`), so every answer is an exact fraction.

The pile is shuffled (ZAAR-SETUP-04), so the next card is any card left, each equally likely: a chance is a count
over the pile's size. "Placeable" means the room has at least one legal placement (ZAAR-PLACE-01..03); a sacred room
that can be placed ends level 1 (ZAAR-LVL1-01; one that fits nowhere goes back into the pile); "completes a
mission" means some placement of the room completes it with rooms no earlier mission used (ZAAR-MISSION-02).

Examples
--------
>>> from .board import Mansion
>>> mansion = Mansion.start("bloody_chamber")
>>> odds = next_card_odds(mansion)
>>> odds["sacred"], odds["event"]
(9/71, 20/71)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from ..core.draws import p_drawn
from ..core.exact import rational

if TYPE_CHECKING:
    import sympy
from ..core.dist import Dist
from .astrolabe import Plates, Result, load_astrolabe, read
from .board import Mansion
from .missions import MISSIONS, placement_missions
from .name_table import load_name_table
from .raml import Requirement, load_raml, meets, throw_dist, traps


def default_pile(mansion: Mansion) -> tuple[str, ...]:
    """Every card not in the mansion: the other rooms and the 20 events (ZAAR-SETUP-04)."""
    return tuple(c for c in mansion.cards.deck() if c not in mansion.placed_ids)


def p_placeable(mansion: Mansion, pile: Iterable[str] | None = None) -> sympy.Rational:
    """P(the next card is a room that can be placed somewhere)."""
    pile = tuple(default_pile(mansion) if pile is None else pile)
    return rational(sum(_placeable(mansion, c) for c in pile), len(pile))


def p_sacred(mansion: Mansion, pile: Iterable[str] | None = None) -> sympy.Rational:
    """P(the next card is a sacred room that can be placed: placed, it ends level 1 (ZAAR-LVL1-01)).

    A sacred room that fits nowhere goes back into the pile and ends nothing, so it does not count.
    """
    pile = tuple(default_pile(mansion) if pile is None else pile)
    return rational(sum(_sacred_placeable(mansion, c) for c in pile), len(pile))


def completing_rooms(mansion: Mansion, mission: str, pile: Iterable[str] | None = None,
                     used: frozenset = frozenset()) -> tuple[str, ...]:
    """The rooms of the pile with a placement that completes ``mission``."""
    pile = set(default_pile(mansion) if pile is None else pile)
    return tuple(sorted({room for (room, _, _), done in placement_missions(mansion, used).items()
                         if done == mission and room in pile}))


def p_completes(mansion: Mansion, mission: str, pile: Iterable[str] | None = None,
                used: frozenset = frozenset()) -> sympy.Rational:
    """P(the next card is a room that can complete ``mission`` somewhere)."""
    pile = tuple(default_pile(mansion) if pile is None else pile)
    good = set(completing_rooms(mansion, mission, pile, used))
    return rational(sum(c in good for c in pile), len(pile))


def p_sacred_within(mansion: Mansion, draws: int, pile: Iterable[str] | None = None) -> sympy.Rational:
    """P(at least one sacred room card among the next ``draws`` cards, placeable or not): 1 - C(N - s, n) / C(N, n).

    Whether a card drawn later can be placed depends on the rooms placed before it, so this counts the cards.

    >>> p_sacred_within(Mansion.start("bloody_chamber"), 1) == p_sacred(Mansion.start("bloody_chamber"))
    True
    """
    pile = tuple(default_pile(mansion) if pile is None else pile)
    sacred = sum(_is_room(mansion, c) and mansion.cards.rooms[c].is_sacred for c in pile)
    draws = min(draws, len(pile))
    return p_drawn(len(pile), sacred, 1, draws, number=rational)


def next_card_odds(mansion: Mansion, pile: Iterable[str] | None = None, missions: Iterable[str] = (),
                   used: frozenset = frozenset(), number: Callable[[int, int], Any] = rational) -> dict:
    """The chances for the next card: a placeable room, a sacred room, an event, and each mission asked for.

    ``number`` makes each chance from its numerator and denominator: ``sympy.Rational`` (the default), or
    ``fractions.Fraction`` for code with no use for sympy (the mansion builder).

    >>> next_card_odds(Mansion.start("bloody_chamber"))["event"]
    20/71
    >>> from fractions import Fraction
    >>> next_card_odds(Mansion.start("bloody_chamber"), number=Fraction)["event"]
    Fraction(20, 71)
    """
    if pile is not None and (isinstance(pile, str) or not isinstance(pile, Iterable)):
        raise ValueError(f"pile: a list of card ids, not {str(pile)[:40]!r}")
    pile = tuple(default_pile(mansion) if pile is None else pile)
    if not all(isinstance(card, str) for card in pile):
        raise ValueError(f"pile: a list of card ids, not {next(c for c in pile if not isinstance(c, str))!r:.40}")
    if not pile:
        raise ValueError("the draw pile is empty")
    unplaced = Counter(default_pile(mansion))
    for card, n in Counter(pile).items():
        if not isinstance(card, str) or n > unplaced[card]:
            raise ValueError(f"pile: {card!r} " + ("is in the mansion or is no card of Zaar" if not unplaced[card]
                                                   else f"{n} times, the box has {unplaced[card]} left"))
    n = len(pile)
    odds = {"placeable": number(sum(_placeable(mansion, c) for c in pile), n),
            "sacred": number(sum(_sacred_placeable(mansion, c) for c in pile), n),
            "event": number(sum(c in mansion.cards.events for c in pile), n)}
    for mission in missions:
        if mission not in MISSIONS:
            raise ValueError(f"the missions are {', '.join(MISSIONS)}, not {mission!r}")
        good = set(completing_rooms(mansion, mission, pile, used))
        odds[mission] = number(sum(c in good for c in pile), n)
    return odds


def _placeable(mansion: Mansion, card: str) -> bool:
    return _is_room(mansion, card) and bool(mansion.legal_placements(card))


def _sacred_placeable(mansion: Mansion, card: str) -> bool:
    return _placeable(mansion, card) and mansion.cards.rooms[card].is_sacred


def _is_room(mansion: Mansion, card: str) -> bool:
    return card in mansion.cards.rooms


# -- the raml on entering a room (ZAAR-RAML-02, -03) --------------------------------------------------------------
def p_trap(plaques: Iterable[str], warrior: bool = False) -> sympy.Rational:
    """P(the entry throw traps the demon) in a room with these unrevoked ``plaques``; the Warrior reads backsides.

    >>> p_trap(["B"]), p_trap(["C", "D"]), p_trap(["B"], warrior=True), p_trap(["A", "C"], warrior=True)
    (1/4, 1/2, 1/2, 1/2)
    """
    raml = load_raml()
    plaques = tuple(plaques)
    return throw_dist(raml).p(lambda throw: traps(throw, plaques, raml, warrior))


# -- battles (ZAAR-ASTRO-*, ZAAR-BATTLE-*) --------------------------------------------------------------------------
OUTCOMES = ("draw", "lose", "win", "extra_win")  # ZAAR-BATTLE-07


@cache
def _throws_symbol():
    import sympy  # closed forms are sympy's; see zaarlab.core.exact

    return sympy.Symbol("w", positive=True, integer=True)


def __getattr__(name: str):
    if name == "W":  # ``w``, the throws allowed, as the sympy symbol of the closed forms; made on first use
        return _throws_symbol()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@cache
def throw_classes(requirement: Requirement, letter: str, warrior: bool = False) -> tuple[int, int, int, int]:
    """Of the throws of the raml: how many meet ``requirement`` with the plaque ``letter`` too (an extra win),
    how many meet it without the letter (a win), how many fail; and how many throws there are in all."""
    raml = load_raml()
    extra = plain = fail = 0
    for throw, weight in throw_dist(raml).items():
        if meets(throw, requirement, raml, warrior):
            if traps(throw, (letter,), raml, warrior):
                extra += weight
            else:
                plain += weight
        else:
            fail += weight
    return extra, plain, fail, throw_dist(raml).denominator


BEFORE_TABLE = "before_table"  # the entry throw not yet read: it may already win (ZAAR-ASTRO-12)
TABLE_FAILED = "table_failed"  # given that the throw on the table did not meet the result
TABLE_CASES = {BEFORE_TABLE: "before the throw on the table is read (it may win at once, ZAAR-ASTRO-12)",
               TABLE_FAILED: "given that the throw on the table failed"}


MAX_WISDOM = 48  # every wisdom coin in the box (ZAAR-COMP-03): no fighter can hold more, nor throw more often


def battle_dist(result: Result, wisdom: int, room_category: str, letter: str, table: tuple | str = TABLE_FAILED,
                warrior: bool = False, wise: bool = False) -> Dist:
    """The outcome of a battle (draw, lose, win, extra_win) once the astrolabe shows ``result``, exactly.

    Every battle starts from the throw already on the table (ZAAR-ASTRO-12): met, the battle is won at the first hit
    as an extra win. ``table`` says which case the odds give: a known throw such as ``("A", 0, 2, 3)``;
    ``TABLE_FAILED`` (the default: the table throw did not meet the result); or ``BEFORE_TABLE`` (not yet read: the
    throw on the table is a fair raml throw, its numbers independent of the letter that trapped the demon).
    Then ``wisdom`` throws at most (ZAAR-BATTLE-01; 0 to :data:`MAX_WISDOM`, else a ``ValueError``); the Warrior reads
    backsides (ZAAR-PAWN-03); for the Wise every win is extra (ZAAR-PAWN-07). An extra win needs the letter on the
    same throw as the numbers (AMB-Z05).

    >>> need = Result("ordered", Requirement.parse("0*3"))
    >>> battle = battle_dist(need, 2, "bloody", "A")
    >>> battle.p("lose"), battle.p("win"), battle.p("extra_win")   # 1/16 a throw, one in four with the letter
    (225/256, 93/1024, 31/1024)
    >>> before = battle_dist(need, 1, "bloody", "A", table=BEFORE_TABLE)
    >>> before.p("lose"), before.p("win"), before.p("extra_win")   # the table throw wins 1 time in 16
    (225/256, 45/1024, 79/1024)
    """
    if not (isinstance(wisdom, int) and 0 <= wisdom <= MAX_WISDOM):
        raise ValueError(f"battle_dist: wisdom is a number of throws from 0 to {MAX_WISDOM} (the box's wisdom coins), "
                         f"not {wisdom!r}")
    if result.kind == "revoked":
        return Dist.certain("extra_win")  # ZAAR-ASTRO-07
    if result.kind == "not_revoked":
        return Dist.certain("draw")  # ZAAR-ASTRO-08
    if result.kind == "sacrifice":
        return Dist.certain("lose" if room_category == result.category else "draw")  # ZAAR-ASTRO-09
    extra, plain, fail, total = throw_classes(result.requirement, letter, warrior)
    if not isinstance(table, str):
        if meets(table, result.requirement, load_raml(), warrior):
            return Dist.certain("extra_win")  # ZAAR-ASTRO-12
    elif table == BEFORE_TABLE:
        failed = battle_dist(result, wisdom, room_category, letter, TABLE_FAILED, warrior, wise)
        return Dist.mixture([(Dist.certain("extra_win"), extra + plain), (failed, fail)])
    elif table != TABLE_FAILED:
        raise ValueError(f"table is a throw, {BEFORE_TABLE!r} or {TABLE_FAILED!r}, not {table!r}")
    if wise:
        extra, plain = extra + plain, 0
    weights = {"lose": fail ** wisdom}
    done = sum(fail ** k * total ** (wisdom - 1 - k) for k in range(wisdom))  # a hit first at throw k + 1
    weights["extra_win"] = extra * done
    weights["win"] = plain * done
    return Dist({k: v for k, v in weights.items() if v})


def battle_closed_form(result: Result, letter: str, warrior: bool = False, wise: bool = False,
                       table: str = TABLE_FAILED) -> dict:
    """The outcome probabilities of a number battle as expressions in ``w``, the throws allowed (sympy).

    >>> from .raml import Requirement
    >>> battle_closed_form(Result("unordered", Requirement.unordered((3,))), "A")["lose"]
    (27/64)**w
    >>> battle_closed_form(Result("unordered", Requirement.unordered((3,))), "A", table=BEFORE_TABLE)["lose"]
    27*(27/64)**w/64
    """
    if result.requirement is None:
        raise ValueError(f"a {result.kind} result needs no throw: its outcome is certain")
    if table not in TABLE_CASES:
        raise ValueError(f"table is {BEFORE_TABLE!r} or {TABLE_FAILED!r}, not {table!r}")
    extra, plain, fail, total = throw_classes(result.requirement, letter, warrior)
    table_fails = rational(fail, total) if table == BEFORE_TABLE else rational(1)
    if wise:
        extra, plain = extra + plain, 0
    miss = rational(fail, total) ** _throws_symbol()
    hit = extra + plain
    win = rational(plain, hit) * (1 - miss) if hit else rational(0)
    extra_win = rational(extra, hit) * (1 - miss) if hit else rational(0)
    return {"lose": table_fails * miss, "win": table_fails * win,
            "extra_win": 1 - table_fails + table_fails * extra_win}


def reachable_results(letter: str, category: str) -> tuple[Result, ...]:
    """The results the notch can show for ``letter`` in a ``category`` room: one per pair of sectors."""
    astro = load_astrolabe()
    return tuple(astro.notch[i][j] for i, a in enumerate(astro.lower) if a == letter
                 for j, b in enumerate(astro.top) if b == category)


def result_kind_dist(letter: str, category: str, plates: Plates | None = None) -> Dist:
    """The kind of result for ``letter`` in a ``category`` room: certain from known ``plates``; from an unknown
    state (every plate position alike) each reachable result equally likely (ZAAR-ASTRO-04, -05)."""
    if plates is not None:
        return Dist.certain(read(load_astrolabe(), plates, letter, category)[0].kind)
    return Dist.draw(r.kind for r in reachable_results(letter, category))


def astrolabe_battle_dist(letter: str, category: str, wisdom: int, warrior: bool = False, wise: bool = False,
                          table: tuple | str = TABLE_FAILED) -> Dist:
    """A battle in a room, averaged over the astrolabe's unknown state: the mixture over the reachable results.

    ``table`` as in :func:`battle_dist`: a known throw, ``TABLE_FAILED`` (the default) or ``BEFORE_TABLE``.
    """
    return Dist.mixture((battle_dist(r, wisdom, category, letter, table, warrior=warrior, wise=wise), 1)
                        for r in reachable_results(letter, category))


# -- level 3: the name table (ZAAR-LVL3-*) ---------------------------------------------------------------------
def _hits(revealed: frozenset, taken: frozenset, warrior: bool) -> dict:
    """For one throw: which line (with coins) it collects -> how many throws do so; the most coins if several."""
    table, raml = load_name_table(), load_raml()
    covered = table.covered(revealed, taken)
    lines = [(name, Requirement.parse(code), frozenset(cells) & covered) for name, code, cells in table.lines()]
    lines = [line for line in lines if line[2]]
    hits: dict = {}
    for throw, weight in throw_dist(raml).items():
        best = max((cells for _, req, cells in lines if meets(throw, req, raml, warrior)), key=len, default=None)
        if best is not None:
            hits[best] = hits.get(best, 0) + weight
    return hits


def p_collect(wisdom: int, revealed, taken: frozenset = frozenset(), warrior: bool = False) -> sympy.Rational:
    """P(a fighter with ``wisdom`` throws matches a row or column code that still holds coins) (ZAAR-LVL3-04).

    >>> p_collect(1, {"L1"})    # three row codes and column 1's: 4 of the 64 number throws
    1/16
    """
    hits = _hits(frozenset(revealed), frozenset(taken), warrior)
    miss = 1 - rational(sum(hits.values()), throw_dist(load_raml()).denominator)
    return 1 - miss ** wisdom


def expected_coins(wisdom: int, revealed, taken: frozenset = frozenset(), warrior: bool = False) -> sympy.Rational:
    """The expected coins a fighter collects in one turn: the first matching line's coins (ZAAR-LVL3-04, -07)."""
    hits = _hits(frozenset(revealed), frozenset(taken), warrior)
    total = throw_dist(load_raml()).denominator
    hit_p = rational(sum(hits.values()), total)
    per_hit = sum(rational(w, total) * len(cells) for cells, w in hits.items())
    return per_hit * (1 - (1 - hit_p) ** wisdom) / hit_p if hit_p else rational(0)


def expected_turns_to_empty(wisdoms: tuple[int, ...], revealed, warrior: tuple[bool, ...] = ()) -> sympy.Rational:
    """The expected number of fighting turns until the name table is empty (ZAAR-LVL3-06), fighters taking turns
    in order with the throws given (each turn: up to ``wisdom`` throws, the first match collects a line).

    Exact: a Markov chain over which cells are still covered and whose turn it is; the fighters' throws are held
    fixed (in the game, coins collected may raise them).

    >>> round(float(expected_turns_to_empty((3,), {"L1"})), 3)   # one letter: three rows and a column to take
    16.776
    """
    revealed = frozenset(revealed)
    warrior = warrior or (False,) * len(wisdoms)
    total = throw_dist(load_raml()).denominator
    n = len(wisdoms)

    @cache
    def turns(taken: frozenset) -> tuple:
        """Expected turns from each fighter's turn, with ``taken`` cells gone."""
        if not load_name_table().covered(revealed, taken):
            return (rational(0),) * n
        steps = []
        for i in range(n):
            hits = _hits(revealed, taken, warrior[i])
            hit_p = rational(sum(hits.values()), total)
            miss = (1 - hit_p) ** wisdoms[i]
            cont = sum(((1 - miss) * rational(w, sum(hits.values())) * turns(taken | cells)[(i + 1) % n]
                        for cells, w in hits.items()), rational(0))
            steps.append((1 + cont, miss))  # E_i = a_i + miss_i * E_{i+1}
        expected = []
        for i in range(n):  # solve the cycle of fighters who all miss
            a, factor = rational(0), rational(1)
            for k in range(n):
                step_a, step_miss = steps[(i + k) % n]
                a += factor * step_a
                factor *= step_miss
            expected.append(a / (1 - factor))
        return tuple(expected)

    return turns(frozenset())[0]
