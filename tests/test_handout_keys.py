"""Each lesson plan answers its handout, section by section, for the teacher who marks it: every figure of those keys
is counted here again from the rules, throw by throw and card by card, not by the code under test."""

import re
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations, product
from math import comb, prod
from pathlib import Path

import networkx as nx
import pytest

LESSONS = Path(__file__).resolve().parents[1] / "docs" / "guides" / "lessons"
HANDOUTS = {"start-here": "Start here: exact odds with dice", "zogars-gaze-1": "Zogar's Gaze 1: combat dice",
            "zogars-gaze-2": "Zogar's Gaze 2: press your luck", "zaar-1": "Zaar 1: the mansion",
            "zaar-2": "Zaar 2: the raml and the astrolabe", "zargos-1": "Zargos 1: the planet",
            "zargos-2": "Zargos 2: the odds of combat", "zerzura-1": "Zerzura 1: the scales that go up and down",
            "zerzura-2": "Zerzura 2: play a game"}


@cache
def _key(plan: str) -> str:
    """The plan's section "The handout, answered", its lines joined as a reader sees them."""
    text = (LESSONS / f"{plan}.md").read_text(encoding="utf-8")
    section = re.search(r"\n## The handout, answered\n(.*?)\n## ", text, re.S)
    assert section, f"{plan}.md answers its handout"
    return " ".join(section[1].split())


def _percent(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ≈ {float(p) * 100:.2f} %"


@pytest.mark.parametrize("plan", list(HANDOUTS))
def test_a_plan_answers_each_section_of_its_handout_and_gives_the_command_for_the_students_own(plan):
    handout = (LESSONS / f"{plan}-handout.md").read_text(encoding="utf-8")
    sections = re.findall(r"^## (\d+)\. (.+)$", handout, re.M)
    answered = re.findall(r"(?:^|\s)(\d+)\. \*\*", _key(plan))
    assert answered == [number for number, _ in sections]
    own = next(number for number, title in sections if title == "Your own exercises")
    assert f'{own}. **Your own exercises**: each student\'s own questions; `zaarlab key "{HANDOUTS[plan]}" --roster ' \
           "names.txt` writes the class's answer key" in _key(plan)
    assert f"[handout]({plan}-handout.md)" in _key(plan)


TWO = list(product(range(1, 7), repeat=2))
THREE = list(product(range(1, 7), repeat=3))
FIVE = list(product(range(1, 7), repeat=5))


def test_the_start_here_handouts_answers_count_every_throw():
    key = _key("start-here")
    sums = [sum(sum(t) == s for t in TWO) for s in range(2, 13)]
    assert "The sums 2 to 12 fill " + ", ".join(map(str, sums[:-1])) + f" and {sums[-1]} squares" in key
    assert (sums[5], sums[6], sum(sum(t) == 10 for t in THREE), sum(sum(t) == 12 for t in THREE)) == (6, 5, 27, 25)
    assert "a sum of 7 (6 throws against 5 of 36); a sum of 10 (27 throws against 25 of 216)" in key
    nine = Fraction(sum(sum(t) >= 9 for t in TWO), 36)
    assert f"P(sum at least 9) = 10/36 = {_percent(nine)}" in key
    four = Fraction(sum(6 in t for t in product(range(1, 7), repeat=4)), 6 ** 4)
    assert f"= {_percent(four)}: a good bet" in key and four > Fraction(1, 2)
    seven = 1 - Fraction(5, 6) ** 7  # 6^7 throws are too many to list; the complement is the rule taught
    assert f"7/6, more than certain. The chance is 1 − (5/6)<sup>7</sup> = {_percent(seven)}" in key


def _wins_three_5s(dice: tuple[int, ...]) -> bool:
    """Three 5s, or four of another face (one die more)."""
    return dice.count(5) >= 3 or any(dice.count(face) >= 4 for face in (1, 2, 3, 4, 6))


def test_the_zogar_1_handouts_answers_count_every_throw():
    key = _key("zogars-gaze-1")
    sixes = [sum(t.count(6) == j for t in FIVE) for j in range(6)]
    assert "0 to 5 sixes in " + ", ".join(map(str, sixes[:-1])) + f" and {sixes[-1]} throws" in key
    two = sum(sixes[2:])
    assert f"At least two 6s: {two} throws of 7776, a chance of {_percent(Fraction(two, 7776))}" in key
    kept = Fraction(sum(_wins_three_5s((6, 6) + t) for t in THREE), 216)
    rolled = Fraction(sum(_wins_three_5s(t) for t in FIVE), 7776)
    assert f"win with {_percent(kept)} (two more 6s" in key and f"rolling all five with {_percent(rolled)}" in key
    one = Fraction(sum(_wins_three_5s((5, 3, 3, 3, d)) for d in range(1, 7)), 6)
    dropped = Fraction(sum(_wins_three_5s((3, 3, 3) + t) for t in TWO), 36)
    assert (one, dropped) == (Fraction(1, 6), Fraction(11, 36))
    assert "a 3 on the last die (1/6); dropping the 5 and rolling two dice wins with a 3 on either (11/36)" in key


def _drawn(kinds: list[str], wanted: list[str]) -> Fraction:
    """The chance that the first cards drawn, without putting any back, are ``wanted``: every order of the cards."""
    orders = list(permutations(range(len(kinds)), len(wanted)))
    return Fraction(sum([kinds[i] for i in order] == wanted for order in orders), len(orders))


def test_the_zogar_2_handouts_answers_count_every_draw():
    key = _key("zogars-gaze-2")
    slips = ["M"] * 4 + ["-"] * 6
    both = _drawn(slips, ["M", "M"])
    assert both == Fraction(4, 10) * Fraction(3, 9) and f"both with 4/10 × 3/9 = {_percent(both)}" in key
    monsters = Fraction(56 * 55, 126 * 125)
    assert monsters < Fraction(4, 9) ** 2 and f"55/125 = {_percent(monsters)}, against (4/9)² = 16/81" in key
    none = prod(Fraction(37 - turned, 40 - turned) for turned in range(5))  # 3 Gazes among 40 unseen, 5 turned
    assert none == Fraction(comb(37, 5), comb(40, 5))
    assert f"33/36 = {_percent(none)}, so the seventh Gaze comes up with {_percent(1 - none)}" in key
    assert "the first card is not a Gaze with 37/40, the second then with 36/39 = 12/13" in key


def test_the_zaar_1_handouts_answers_are_the_grids_and_the_graphs():
    key = _key("zaar-1")
    cells = {(q, r) for q in range(-5, 6) for r in range(-5, 6)}
    enclosure = {c: 1 + max(abs(c[0]), abs(c[1]), abs(c[0] + c[1])) for c in cells}
    sizes = [sum(e == n for e in enclosure.values()) for n in (2, 3, 4)]
    assert f"enclosure 2 holds {sizes[0]} cells, 3 holds {sizes[1]}, 4 holds {sizes[2]}" in key
    for q, r in [(2, -1), (-3, 1), (2, 1), (0, -4), (-2, -2)]:
        row = f"[{q}, {r}] {abs(q)}, {abs(r)}, {abs(q + r)}, enclosure {enclosure[(q, r)]}".replace("-", "−")
        assert row in key
    sides = ["NE", "E", "SE", "SW", "W", "NW"]  # clockwise: a turn moves each door one side on
    doors = [{sides[(sides.index(s) + turn) % 6] for s in ("NE", "E", "SE", "SW")} for turn in range(6)]
    fits = [t for t in range(6) if {"SW", "SE"} <= doors[t]]
    walled = [t for t in range(6) if "SW" in doors[t] and "SE" not in doors[t]]
    assert (fits, walled) == ([0, 1, 2], [3])
    assert "turns 0, 1 and 2 fit, so 3 turns. With a wall there: only turn 3, so 1." in key
    graph = nx.Graph([tuple(door) for door in "AB AC AG BE BG CD EF EG EH".split()])
    near = nx.single_source_shortest_path_length(graph, "E", cutoff=2)
    assert len(near) - 1 == 5 and "is 2: 5 other rooms within 2 moves" in key
    none = Fraction(comb(62, 3), comb(71, 3))
    assert f"37820/57155 = {none.numerator}/{none.denominator} ≈ {float(none) * 100:.2f} %" in key
    assert f"at least one with {_percent(1 - none)}" in key


def test_the_zaar_2_handouts_answers_count_every_throw_of_the_number_dice():
    key = _key("zaar-2")
    throws = list(product(range(4), repeat=3))
    one = sum(1 in t for t in throws)
    in_order = sum(t[0] == 0 and t[2] == 3 for t in throws)
    both = sum(0 in t and 3 in t for t in throws)
    three = sum({1, 2, 3} <= set(t) for t in throws)
    assert f"{len(throws)} throws; {len(throws) - one} with no 1; {one} with a 1; {in_order} show 0" in key
    assert (f"a 1 on any die {one}; 0, any number, 3, in that order {in_order}; 0 and 3, on any dice {both}; "
            f"1, 2 and 3, on any dice {three}.") in key
    battle = 1 - Fraction(len(throws) - one, 64) ** 3
    assert f"1 − (27/64)<sup>3</sup> = {_percent(battle)}" in key
    twos = sum(t.count(2) >= 2 for t in throws)
    assert f"{twos} throws of 64, against {both} for a 0 and a 3" in key


def test_the_zargos_1_handouts_answers_are_the_handouts_own_graph():
    """The continent as the handout lists it (whose borders another test compares with the planet's)."""
    key = _key("zargos-1")
    land = nx.Graph()
    pairs = "K1-K2 K1-K3 K1-K4 K1-K5 K2-K3 K3-K4 K4-K5 K4-L3 K5-L2 L1-L2 L1-L3 L1-L4 L1-L5 L2-L3 L3-L4 L4-L5"
    name = {"K": "KORI", "L": "LUDOS"}
    land.add_edges_from(tuple(f"{name[p[0]]}-{p[1]}" for p in pair.split("-")) for pair in pairs.split())
    said = ", ".join(f"{p} {land.degree[p]}" for p in sorted(land))
    assert f"land borders {said};" in key
    fewest = min((p for p in land if p.startswith("KORI")), key=land.degree.__getitem__)
    assert f"**Predict**: {fewest}, with {land.degree[fewest]} land borders" in key
    water = {"SEA1": {"KORI-2", "KORI-5", "LUDOS-2", "LUDOS-5"}, "lake": {"KORI-3", "KORI-4", "LUDOS-3", "LUDOS-4"}}
    dry = sorted(p for p in land if not any(p in shore for shore in water.values()))
    kori = [p for p in land if p.startswith("KORI")]
    p_water = Fraction(sum(p not in dry for p in kori), len(kori))
    assert f"on the water but {' and '.join(dry)}. P(on the water) = {p_water}." in key
    ring = nx.cycle_graph([f"SEA{i}" for i in range(1, 6)])
    one_way, other_way = len(["SEA1", "SEA2", "SEA3", "SEA4"]), len(nx.shortest_path(ring, "SEA1", "SEA4"))
    assert f"{one_way} boats (SEA1, SEA2, SEA3, SEA4); the other way round, {other_way} " in key
    assert f"the fewest: {other_way}" in key
    *first, last = sorted(water["lake"] - {"KORI-3"})
    assert f"From KORI-3 by water: {', '.join(first)} and {last} (the lake's shores)" in key


@cache
def _kills(dice: int, divisor: int = 2) -> dict[int, int]:
    out: dict[int, int] = {}
    for throw in product(range(1, 7), repeat=dice):
        out[sum(throw) // divisor] = out.get(sum(throw) // divisor, 0) + 1
    return out


def _dice(units: int) -> int:
    return 1 if units <= 3 else 2 if units <= 6 else 3


@cache
def _takes(attackers: int, defenders: int) -> Fraction:
    """The attacker's chance to take the province, the rounds where nobody falls left out."""
    if defenders == 0 or attackers == 0:
        return Fraction(int(attackers > 0 and defenders == 0))
    mine, theirs = _kills(_dice(attackers)), _kills(_dice(defenders))
    moving = sum(mine.values()) * sum(theirs.values()) - mine.get(0, 0) * theirs.get(0, 0)
    return sum((Fraction(m * t, moving) * _takes(max(attackers - y, 0), max(defenders - x, 0))
                for x, m in mine.items() for y, t in theirs.items() if x or y), Fraction(0))


def test_the_zargos_2_handouts_answers_count_every_throw_and_every_round():
    key = _key("zargos-2")
    killed = [sum(t) // 2 for t in TWO]
    exactly, least = killed.count(3), sum(k >= 3 for k in killed)
    assert f"Exactly 3 killed: {exactly} throws (totals 6 and 7); at least 3: {least} throws" in key
    assert f"P(at least 3 killed) = {least}/36 = {_percent(Fraction(least, 36))}" in key
    one = [(a > 1, d > 1) for a, d in TWO]  # who kills: a 1 kills nobody
    counts = [one.count(case) for case in [(False, False), (True, True), (True, False), (False, True)]]
    assert ("nothing happens in {} throw (both roll a 1); of the other 35, both fall in {}, only the defender in {}, "
            "only the attacker in {}").format(*counts) in key
    assert f"P(nobody is left) = 25/35 = {_percent(Fraction(counts[1], 35))}" in key
    assert f"6 attackers take a province of 4 with {_percent(_takes(6, 4))}" in key
    assert f"5 attackers with {_percent(_takes(5, 4))}" in key and _takes(6, 4) > _takes(5, 4)


def _scales(handout: str) -> dict[str, list[int]]:
    text = (LESSONS / f"{handout}-handout.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([A-Z][\w' ]+) \| (-?\d[^\n]*)\|$", text, re.M)
    return {name: [int(cell.strip().rstrip("*†")) for cell in cells.split("|")] for name, cells in rows
            if name != "Quantity"}


def _score(scales: dict[str, list[int]], held: dict[str, int]) -> int:
    return sum(scales[kind][min(q, len(scales[kind]) - 1)] for kind, q in held.items())


def test_the_zerzura_1_handouts_answers_are_read_on_its_own_scales():
    key, scales = _key("zerzura-1"), _scales("zerzura-1")
    lamp, pepper, turban, ring, zither = ("Enchanted lamp", "Cursed peppers", "Genie's turban", "Magic ring",
                                          "Alchemical zither")
    assert (scales[lamp][1], scales[lamp][4]) == (7, 1) and "one lamp, 7 points; four score 1" in key
    for held in ({turban: 2, ring: 1}, {lamp: 3, pepper: 4}, {zither: 1, ring: 4, pepper: 2}):
        assert f" = {_score(scales, held)}." in key.split("**Score three collections**")[1].split("3. **")[0]
    assert [_score(scales, {turban: 2, ring: 1}), _score(scales, {lamp: 3, pepper: 4}),
            _score(scales, {zither: 1, ring: 4, pepper: 2})] == [7, 5, 13]
    guard = {"lamps": _score(scales, {lamp: 2, pepper: 4}), "peppers": _score(scales, {lamp: 3, pepper: 3}),
             "unused": _score(scales, {lamp: 3, pepper: 4})}
    assert (f"On the lamps (2 lamps, 4 peppers): 5 + 0 = {guard['lamps']}; on the peppers (3 lamps, 3 peppers): "
            f"5 + 3 = {guard['peppers']}; unused: {guard['unused']}. Best: on the {max(guard, key=guard.get)}") in key
    none = sum(all(card >= 5 for card in market) for market in combinations(range(40), 4))  # cards 0-4 are yours
    assert none == comb(35, 4) and f"none of the 5 in C(35, 4) = {none} of the C(40, 4) = {comb(40, 4)}" in key
    assert f"1 − {none}/{comb(40, 4)} = {_percent(1 - Fraction(none, comb(40, 4)))}" in key


def test_the_zerzura_2_handouts_answers_are_read_on_its_own_scales_and_count_the_cards_left_out():
    key, scales = _key("zerzura-2"), _scales("zerzura-2")
    ring, lamp, turban = "Magic ring", "Enchanted lamp", "Genie's turban"
    assert (scales[ring][2], scales[ring][1]) == (0, 4) and "**Predict**: yes. Two Magic rings score 0 and one 4" in key
    rows = []
    for players in (2, 3, 4, 5):
        in_play = 60 - {2: 20, 3: 15}.get(players, 0)
        market = 4 if players == 2 else players
        rounds = in_play // market
        rows.append(f"{in_play}, {market}, {rounds}, {rounds * (2 if players == 2 else 1)}")
    assert rows == ["40, 4, 10, 20", "45, 3, 15, 15", "60, 4, 15, 15", "60, 5, 12, 12"]
    assert ("2 players 40 cards in play, a Market of 4, 10 rounds, 20 actions each; with 3 players 45, 3, 15 rounds, "
            "15 actions; with 4 players 60, 4, 15, 15; with 5 players 60, 5, 12, 12") in key
    stays = Fraction(comb(57, 42), comb(60, 45))  # the 45 cards in play, chosen alike, hold all 3 copies
    assert f"one copy stays with 45/60 = 3/4; all 3 stay with 45/60 × 44/59 × 43/58 = {_percent(stays)}" in key
    yours, theirs = {ring: 2, lamp: 1}, {ring: 1, turban: 2}
    now = (_score(scales, yours), _score(scales, theirs))
    rings = (_score(scales, {ring: 1, lamp: 1}), _score(scales, {ring: 2, turban: 2}))
    lamps = (_score(scales, {ring: 3}), _score(scales, {lamp: 1, turban: 2, ring: 0}))
    assert (f"now you {now[0]} (0 + 7), they {now[1]} (4 + 3), a lead of {now[0] - now[1]}. After giving your Magic "
            f"ring ×2 for their Magic ring: you {rings[0]}, they {rings[1]}, a lead of {rings[0] - rings[1]}. After "
            f"giving your Enchanted lamp for their Magic ring: you {lamps[0]}, they {lamps[1]}, a lead of "
            f"{lamps[0] - lamps[1]}.").replace("of -", "of −") in key
