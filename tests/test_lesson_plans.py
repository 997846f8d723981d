"""The lesson plans in the docs say what zaarlab computes: every count, fraction and percent a plan gives a teacher
is computed here again from the rules (counted over every throw) and from the engine's battle chains."""

import itertools
import re
from fractions import Fraction
from itertools import product
from math import comb
from pathlib import Path

import pytest

from zaarlab.zargos.exercises import p_takes, throws_losing
from zaarlab.zargos.odds import battle_dist

LESSONS = Path(__file__).resolve().parents[1] / "docs" / "guides" / "lessons"
ZARGOS_2 = (LESSONS / "zargos-2.md").read_text(encoding="utf-8")


def _rows(text: str, label: str) -> dict[int, int]:
    """A plan's table of throws: the totals row above the row named ``label``, as {total: throws}."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"| {label}"))
    totals = [int(cell) for cell in lines[at - 2].strip("|").split("|")[1:]]
    counts = [int(cell) for cell in lines[at].strip("|").split("|")[1:]]
    return dict(zip(totals, counts, strict=True))


@pytest.mark.parametrize(("label", "dice"), [("two dice (of 36)", 2), ("three dice (of 216)", 3)])
def test_zargos_combat_05_the_plans_tables_of_throws_count_every_throw(label, dice):
    table = _rows(ZARGOS_2, label)
    assert len(table) >= 11
    for total, throws in table.items():
        assert throws == sum(sum(t) >= total for t in product(range(1, 7), repeat=dice)), (label, total)
        if total % 2 == 0:  # a loss of at least total/2 units, as the exercise counts it
            assert throws == throws_losing(dice, total // 2)


def test_zargos_combat_04_the_plans_dice_for_units_are_the_rules():
    assert "**1 die** with 1 to 3 units, **2 dice** with 4 to 6, **3 dice** with 7 or more" in ZARGOS_2
    assert "rolls *d* = 1, 2 or 3 dice" in ZARGOS_2 and "A side of 2, 5 or 8 units" in ZARGOS_2


def test_zargos_combat_08_one_against_one_as_the_plan_works_it_out():
    ends = battle_dist(1, 1)
    assert [ends.fraction(lambda end, e=e: end == e) for e in ((0, 0), (1, 0), (0, 1))] == [
        Fraction(5, 7), Fraction(1, 7), Fraction(1, 7)]
    assert "25 kill both, 5 and 5 leave one side standing: 5/7 nobody left, 1/7 each" in ZARGOS_2


def test_zargos_combat_05_the_plans_three_units_lost_with_two_dice():
    assert "how many throws cost 3 units? (Sums 6 and 7: 5 + 6 = 11.)" in ZARGOS_2
    assert throws_losing(2, 3, at_least=False) == 11


def test_the_plans_percents_are_the_battle_calculators():
    quoted = re.search(r"from about (\d+) % to about (\d+) %", ZARGOS_2).groups()
    assert [round(100 * float(p_takes(6, 5))), round(100 * float(p_takes(7, 5)))] == [int(q) for q in quoted]
    assert round(100 * float(p_takes(8, 5))) == 97 and "8 against 5 takes\n  the province about 97 %" in ZARGOS_2
    assert p_takes(6, 4) > p_takes(5, 4)  # the discussion's answer: the extra units buy rounds, not dice


START_HERE = (LESSONS / "start-here.md").read_text(encoding="utf-8")
WORDS = {"Two": 2, "Three": 3, "Four": 4}


def _dice_tables(text: str) -> dict[tuple[int, int], dict[str, dict[int, int]]]:
    """The plan's tables of throws, by (dice, faces): each row (exactly, at least) as {sum: throws}."""
    tables = {}
    tables_of = r"\*\*(Two|Three|Four) dice with (\d+) faces\*\* \((\d+) throws(?:, for counting throws only)?\):\n\n"
    for match in re.finditer(tables_of + r"((?:\|.*\n)+)", text):
        dice, faces = WORDS[match[1]], int(match[2])
        assert int(match[3]) == faces**dice
        head, _, *rows = match[4].splitlines()
        sums = [int(cell) for cell in head.strip("|").split("|")[1:]]
        tables[dice, faces] = {row.strip("|").split("|")[0].strip(): dict(zip(
            sums, [int(cell) for cell in row.strip("|").split("|")[1:]], strict=True)) for row in rows}
    return tables


def test_the_start_here_plan_has_a_table_of_throws_for_every_dice_its_exercises_draw_counted_throw_by_throw():
    from zaarlab.teaching.exercises import COUNTED, DICE

    tables = _dice_tables(START_HERE)
    assert set(tables) == set(COUNTED) > set(DICE)
    for (dice, faces), rows in tables.items():
        throws = [sum(t) for t in product(range(1, faces + 1), repeat=dice)]
        assert rows["exactly"] == {s: throws.count(s) for s in range(dice, dice * faces + 1)}
        assert rows["at least"] == {s: sum(t >= s for t in throws) for s in range(dice, dice * faces + 1)}


def test_the_start_here_plans_figures_are_exact():
    from zaarlab.core.readable import exact_text
    from zaarlab.teaching.exercises import check

    two = [sum(t) for t in product(range(1, 7), repeat=2)]
    three = [sum(t) for t in product(range(1, 7), repeat=3)]
    assert (two.count(7), two.count(8), sum(s >= 9 for s in two)) == (6, 5, 10)
    assert "A 7 is in 6 squares, an 8 in 5" in START_HERE and "10/36 = 5/18 ≈ 27.78 %" in START_HERE
    assert exact_text(Fraction(5, 18)) == "5/18 ≈ 27.78%"
    assert (three.count(10), three.count(11), three.count(12)) == (27, 27, 25) and Fraction(27, 216) == Fraction(1, 8)
    assert "10 and 11 both come up in 27 of the 216 throws (1/8 each), 12 in 25" in START_HERE
    assert Fraction(10, 36) > Fraction(15, 64) and "10 of 36 is more than 15 of 64" in START_HERE
    once = 1 - Fraction(5, 6) ** 4
    assert once == Fraction(671, 1296) and f"= 671/1296 ≈ {float(once) * 100:.2f} %" in START_HERE
    double = 1 - Fraction(35, 36) ** 24
    assert double < Fraction(1, 2) and f"1 − (35/36)<sup>24</sup>\n≈ {float(double) * 100:.2f} %" in START_HERE
    assert min(w for w in range(1, 50) if Fraction(5, 6) ** w <= Fraction(1, 10)) == 13 and "*w* = 13" in START_HERE
    # the common mistake: 28 % is too short for 5/18, three significant digits are enough
    assert "28 % is not taken for 5/18" in START_HERE and not check("28 %", Fraction(5, 18)).right
    assert all(check(text, Fraction(5, 18)).right for text in ("27.8 %", "0.278"))


ZOGAR_1 = (LESSONS / "zogars-gaze-1.md").read_text(encoding="utf-8")


def test_zogar_combat_05_the_plans_chances_of_three_5s_are_the_hold_advisors():
    from zaarlab.core.readable import exact_text
    from zaarlab.zogars_gaze.odds import p_win

    best, simple = (Fraction(p_win("3x5", number=Fraction, policy=policy)) for policy in ("optimal", "simple"))
    assert f"wins {exact_text(best).replace('%', ' %')}, less than half" in ZOGAR_1 and best < Fraction(1, 2)
    assert f"keeping only the 5s wins {float(simple) * 100:.2f} %" in ZOGAR_1


def test_zogar_combat_09_keeping_the_two_6s_is_best_as_the_plan_works_it_out():
    from zaarlab.zogars_gaze.odds import hold_advice

    advice = hold_advice("3x5", (2, 3, 4, 6, 6), 1, Fraction)
    assert advice.best == (6, 6) and Fraction(advice.p((6, 6))) == Fraction(17, 216)
    assert Fraction(advice.p(())) == Fraction(203, 3888)
    three = list(product(range(1, 7), repeat=3))  # the three dice rolled beside the two 6s
    assert sum(t.count(6) >= 2 or t == (5, 5, 5) for t in three) == 17
    five = list(product(range(1, 7), repeat=5))  # all five rolled: three 5s, or four of another face
    assert sum(t.count(5) >= 3 or any(t.count(f) >= 4 for f in (1, 2, 3, 4, 6)) for t in five) == 406
    assert "17/216 ≈ 7.87 %" in ZOGAR_1 and "203/3888 ≈ 5.22 %" in ZOGAR_1 and "406 throws of 7776" in ZOGAR_1


def test_zogar_combat_04_the_plans_counts_of_faces_among_five_dice_count_every_throw():
    five = list(product(range(1, 7), repeat=5))
    assert sum(t.count(6) >= 2 for t in five) == 1526 and "1526/7776 = 763/3888 ≈ 19.62 %" in ZOGAR_1
    most = [max(t.count(f) for f in range(1, 7)) for t in five]
    assert (sum(m >= 3 for m in most), sum(m == 3 for m in most)) == (1656, 1500)
    assert "At least 3 of five: 1656 throws; exactly 3: 1500." in ZOGAR_1


ZERZURA_1 = (LESSONS / "zerzura-1.md").read_text(encoding="utf-8")
MARKS = {"": "rulebook", "†": "public", "*": "reconstructed"}


@pytest.mark.parametrize("text", [ZERZURA_1, (LESSONS / "zerzura-1-handout.md").read_text(encoding="utf-8")],
                         ids=["plan", "handout"])
def test_zerzura_end_03_the_plans_and_handouts_scales_are_the_games_to_any_quantity_with_each_cells_source(text):
    """Every cell, its last column for any Quantity from there up (a question may hold 7 or more of a kind), and a
    mark for where it comes from."""
    from zaarlab.zerzura.cards import load_cards

    cards = load_cards()
    rows = {line.split("|")[1].strip(): [cell.strip() for cell in line.strip("|").split("|")[1:]]
            for line in text.splitlines() if line.startswith("| ") and line.split("|")[1].strip() in
            set(cards.names.values())}
    header = next(line for line in text.splitlines() if line.startswith("| Quantity |"))
    last = len(rows[cards.names["lamp"]]) - 1
    assert header.rstrip(" |").endswith(f"| {last} or more") and len(rows) == len(cards.objects)
    for obj in cards.objects:
        assert len(rows[cards.names[obj]]) == last + 1
        for quantity, cell in enumerate(rows[cards.names[obj]]):
            value, mark = re.fullmatch(r"(-?\d+)([†*]?)", cell).groups()
            assert (int(value), MARKS[mark]) == (cards.vp(obj, quantity), cards.sources[obj][quantity]), (obj, quantity)
        assert all(cards.vp(obj, more) == cards.vp(obj, last) for more in range(last, 40))  # "or more"


def test_zerzura_char_02_the_plans_guard_goes_where_the_score_sheet_puts_it():
    from zaarlab.zerzura.cards import load_cards
    from zaarlab.zerzura.scoring import score

    held = ["lamp_3", "peppers_3", "peppers_1"]  # 3 lamps and 4 peppers
    assert score(held).total == 5 and "3 lamps and 4 peppers score 5 + 0 = 5" in ZERZURA_1
    guarded = score([*held, "guard_minus_1"])
    assert guarded.total == 8 and guarded.guards == (("guard_minus_1", "peppers"),)
    assert "the sheet puts it on the peppers, 3 of them score 3, and the total is 8" in ZERZURA_1
    cards = load_cards()
    assert cards.vp("lamp", 2) + cards.vp("peppers", 4) == 5  # "on the lamps it would leave 5"
    assert (cards.vp("lamp", 1), cards.vp("lamp", 4)) == (7, 1) and "(One: 7 points; four: 1.)" in ZERZURA_1


def test_the_zerzura_plans_market_chance_counts_every_market():
    from math import comb

    from zaarlab.zerzura.exercises import p_market_shows

    assert p_market_shows(40, 5) == 1 - Fraction(comb(35, 4), comb(40, 4)) == Fraction(3903, 9139)
    assert "= 3903/9139 ≈ 42.71 %" in ZERZURA_1 and float(Fraction(3903, 9139)) * 100 == pytest.approx(42.71, abs=0.005)
    assert p_market_shows(40, 5) != Fraction(1, 2)  # not 4 × 5/40, as the discussion says


ZAAR_2 = (LESSONS / "zaar-2.md").read_text(encoding="utf-8")


@pytest.mark.rule("ZAAR-PAWN-03")
def test_zaar_astro_10_and_11_the_plans_table_of_throws_counts_every_throw_of_the_number_dice():
    from zaarlab.zaar.exercises import REQUIREMENTS, requirement_words
    from zaarlab.zaar.raml import Requirement, load_raml

    raml = load_raml()
    throws = list(product(raml.numbers, repeat=raml.count))
    rows = [line.split("|") for line in ZAAR_2.splitlines() if line.startswith("| ") and line.split("|")[2].strip(
        ).isdigit()]
    table = {row[1].strip(): (int(row[2]), int(row[4])) for row in rows}
    assert set(table) == {requirement_words(code) for code in REQUIREMENTS}  # every requirement the exercises draw
    turned = {0: 2, 1: 3, 2: 0, 3: 1}  # the backsides the plan states (the reconstruction's)
    assert "0 and 2 are each other's backside, and 1 and 3" in ZAAR_2
    for code in REQUIREMENTS:
        need = Requirement.from_text(code)
        warrior = sum(any(need.met(read) for read in product(*((n, turned[n]) for n in numbers))) for numbers in throws)
        assert table[requirement_words(code)] == (sum(need.met(numbers) for numbers in throws), warrior), code


def test_zaar_battle_01_the_plans_battle_of_three_throws_is_exact():
    from zaarlab.zaar.exercises import p_meets

    p = 1 - (1 - p_meets("{1}")) ** 3
    assert p == 1 - Fraction(27, 64) ** 3 == Fraction(242461, 262144)
    assert f"= 242461/262144 ≈ {float(p) * 100:.2f} %" in ZAAR_2
    assert "so 64 − 27 = 37 throws have a 1" in ZAAR_2 and p_meets("{1}") == Fraction(37, 64)


def test_zaar_raml_03_a_plaque_letter_traps_one_throw_in_four():
    from zaarlab.zaar.raml import load_raml, throw_dist, traps

    raml = load_raml()
    one = throw_dist(raml).fraction(lambda throw: traps(throw, ("A",), raml))
    two = throw_dist(raml).fraction(lambda throw: traps(throw, ("A", "C"), raml))
    assert (one, two) == (Fraction(1, 4), Fraction(1, 2)) and "one plaque letter traps with 1/4" in ZAAR_2


ZARGOS_1 = (LESSONS / "zargos-1.md").read_text(encoding="utf-8")
ZARGOS_1_HANDOUT = (LESSONS / "zargos-1-handout.md").read_text(encoding="utf-8")


def _table(text: str, head: str) -> list[list[str]]:
    """The rows of the plan's table whose header row starts with ``head``, as lists of cells."""
    lines = [line.strip() for line in text.splitlines()]  # a table in a list item is indented
    at = next(i for i, line in enumerate(lines) if line.startswith(f"| {head} |"))
    rows = []
    for line in lines[at + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_the_zargos_1_plans_answer_key_is_the_planets_every_province_outside_the_kingdom_of_zargos():
    from zaarlab.zargos.board import ZARGOS, load_planet

    planet = load_planet()
    rows = _table(ZARGOS_1, "kingdom")
    assert len(rows) == len(planet.kingdoms) - 1
    for name, borders, water, chance in rows:
        kingdom = planet.kingdoms[re.search(r"\((\w+)\)$", name)[1]]
        assert kingdom.id != ZARGOS and name == f"{kingdom.name} ({kingdom.id})"
        counts = dict(item.rsplit(" ", 1) for item in borders.split(" · "))
        assert counts == {p: str(len(planet.land_neighbours(p))) for p in kingdom.provinces}
        coast = [p for p in kingdom.provinces if planet.is_coastal(p)]
        assert water.split(", ") == coast
        assert Fraction(chance) == Fraction(len(coast), len(kingdom.provinces))


def test_zargos_sea_02_the_zargos_1_plans_sea_spaces_are_the_graphs():
    from zaarlab.zargos.board import load_planet

    planet = load_planet()
    rows = _table(ZARGOS_1, "sea space")
    assert sorted(row[0] for row in rows) == sorted(planet.seas)
    for sea, seas, shores in rows:
        around = list(planet.graph[sea])
        assert seas == (", ".join(n for n in around if n in planet.seas) or "none")
        assert shores == ", ".join(n for n in around if n not in planet.seas)
    coasts = [p for p in planet.provinces if planet.is_coastal(p)]
    dearest = max(n for p in coasts for n in planet.sea_routes_from(p).values())
    assert f"The dearest crossing between two coasts of the planet costs {dearest} boats." in ZARGOS_1


def test_zargos_sea_07_the_zargos_1_plans_crossing_round_the_ring_is_the_shortest_path():
    from zaarlab.zargos.board import load_planet

    planet = load_planet()
    assert planet.sea_route("KORI-2", "K07-2") == ("SEA1", "SEA5", "SEA4")
    ring = ["SEA1", "SEA2", "SEA3", "SEA4", "SEA5"]
    assert all(planet.graph.has_edge(a, b) for a, b in zip(ring, ring[1:] + ring[:1], strict=True))
    assert "the ring one way: SEA1, SEA2, SEA3, SEA4, 4 boats; the other way: SEA1, SEA5, SEA4, 3 boats" in ZARGOS_1


def test_zargos_reorg_07_the_zargos_1_plans_lake_joins_only_its_shores():
    from zaarlab.zargos.board import load_planet

    planet = load_planet()
    assert sorted(planet.sea_routes_from("KORI-3")) == ["KORI-4", "LUDOS-3", "LUDOS-4"]
    assert "it reaches KORI-4, LUDOS-3 and LUDOS-4 and nowhere else by water" in ZARGOS_1


def test_the_zargos_1_plans_counts_on_kori_and_ludos_are_the_planets():
    from zaarlab.zargos.board import load_planet

    planet = load_planet()
    degree = {p: len(planet.land_neighbours(p)) for p in ("KORI-1", "LUDOS-1", "KORI-2", "LUDOS-5")}
    assert degree == {"KORI-1": 4, "LUDOS-1": 4, "KORI-2": 2, "LUDOS-5": 2}
    inland = [p for p in planet.kingdoms["KORI"].provinces if not planet.is_coastal(p)]
    assert inland == ["KORI-1"] and "In Kori 4 of 5: KORI-1 is the only one inland." in ZARGOS_1


def test_the_zargos_1_handouts_continent_is_the_graphs_each_border_once():
    from zaarlab.zargos.board import load_planet

    planet = load_planet()
    continent = set(planet.kingdoms["KORI"].provinces) | set(planet.kingdoms["LUDOS"].provinces)
    listed = []
    for sentence in re.findall(r"([A-Z]+-\d) borders ([^.]+)\.", ZARGOS_1_HANDOUT):
        for other in re.findall(r"[A-Z]+-\d", sentence[1]):
            listed.append(frozenset((sentence[0], other)))
    borders = {frozenset(edge) for edge in planet.graph.subgraph(continent).edges()
               if planet.graph.edges[edge]["kind"] == "land"}
    assert len(listed) == len(set(listed)) and set(listed) == borders
    water = re.search(r"On the water: (.+)\.", ZARGOS_1_HANDOUT)[1]
    for shores, sea in re.findall(r"((?:[A-Z]+-\d(?:, | and )?)+) on (SEA1|the lake)", water):
        assert set(re.findall(r"[A-Z]+-\d", shores)) == {
            p for p in continent if ("LAKE" if sea == "the lake" else sea) in planet.seas_touching(p)}


ZAAR_1 = (LESSONS / "zaar-1.md").read_text(encoding="utf-8")
ZAAR_1_HANDOUT = (LESSONS / "zaar-1-handout.md").read_text(encoding="utf-8")


def test_zaar_setup_01_the_zaar_1_plans_enclosures_are_the_grids():
    from zaarlab.core.hexgrid import Hex, ring
    from zaarlab.zaar.board import Mansion

    assert [len(ring(n)) for n in range(1, 5)] == [1, 6, 12, 18] and "Enclosures hold 1, 6, 12, 18 cells" in ZAAR_1
    for cell, enclosure in (((2, -1), 3), ((-3, 1), 4), ((2, 1), 4)):
        assert Mansion.enclosure(Hex(*cell)) == enclosure
    assert "[2, −1] is in enclosure 3, [−3, 1] in enclosure 4" in ZAAR_1
    assert "[2, 1] is not in enclosure 3 but in enclosure 4" in ZAAR_1
    cells = re.search(r"\| cell \| (.+) \|", ZAAR_1_HANDOUT)[1].split(" | ")
    assert len(cells) == 5 and all(re.fullmatch(r"\[[−-]?\d, [−-]?\d\]", cell) for cell in cells)


@pytest.mark.rule("ZAAR-PLACE-01")
def test_zaar_place_01_the_zaar_1_plans_card_fits_as_the_engine_says():
    from zaarlab.core.hexgrid import SIDE_NAMES
    from zaarlab.zaar.cards import load_cards
    from zaarlab.zaar.mansion_exercises import SE, fitting_turns

    room = load_cards().rooms["windy_room_8"]
    assert [SIDE_NAMES[side] for side in sorted(room.doors)] == ["NE", "E", "SE", "SW"]
    assert "(north-east, east, south-east, south-west)" in ZAAR_1 and "The card of the vote (Windy room 8)" in ZAAR_1
    assert fitting_turns(room.doors, {SE: True}) == (0, 1, 2) and fitting_turns(room.doors, {SE: False}) == (3,)
    assert "turns 0, 1 and 2 fit, so the vote's answer is 3. If that side is a wall, only turn 3 fits" in ZAAR_1


def test_zaar_lvl1_01_the_zaar_1_plans_sacred_room_odds_are_the_engines():
    from zaarlab.zaar.board import Mansion
    from zaarlab.zaar.odds import default_pile, p_sacred_within

    start = Mansion.start("bloody_chamber")
    pile = default_pile(start)
    rooms = start.cards.rooms
    sacred = sum(card in rooms and rooms[card].is_sacred for card in pile)
    assert (len(pile), sum(card in rooms for card in pile), sacred) == (71, 51, 9)
    assert "the pile holds 71 cards (51 rooms and 20 events), 9 of them sacred rooms" in ZAAR_1
    assert "The pile holds 71 cards, 9 of them sacred rooms." in ZAAR_1_HANDOUT
    assert Fraction(str(p_sacred_within(start, 1))) == Fraction(9, 71)
    three = Fraction(str(p_sacred_within(start, 3)))
    assert three == 1 - Fraction(37820, 57155) == Fraction(3867, 11431)
    assert "1 − 37820/57155 = 3867/11431 ≈ 33.83 %" in ZAAR_1 and f"{float(three) * 100:.2f}" == "33.83"


def test_zaar_move_01_the_zaar_1_plans_mansion_is_the_one_the_engine_grows():
    import networkx as nx

    from zaarlab.zaar.mansion_exercises import described_mansion

    graph, sentence = described_mansion(4)
    assert sentence in " ".join(ZAAR_1.split()) and sentence in " ".join(ZAAR_1_HANDOUT.split())
    moves = nx.single_source_shortest_path_length(graph, "E")
    assert sorted(r for r, n in moves.items() if n == 1) == ["B", "F", "G", "H"]
    assert sorted(r for r, n in moves.items() if n == 2) == ["A"]
    assert "From E, the rooms B, F, G and H are 1 move away and A is 2:\n5 rooms within 2 moves." in ZAAR_1
    triangles = sorted(sorted(c) for c in nx.enumerate_all_cliques(graph) if len(c) == 3)
    assert triangles == [["A", "B", "G"], ["B", "E", "G"]]
    assert "A, B and G, and B, E and G, are triangles" in ZAAR_1


ZOGAR_2 = (LESSONS / "zogars-gaze-2.md").read_text(encoding="utf-8")
ZOGAR_2_HANDOUT = (LESSONS / "zogars-gaze-2-handout.md").read_text(encoding="utf-8")


def test_the_zogar_2_handout_prints_the_ten_slips_its_draws_use_four_marked_m():
    slips = next(line for line in ZOGAR_2_HANDOUT.splitlines() if line.startswith("| M |"))
    cells = [cell.strip() for cell in slips.strip("|").split("|")]
    assert len(cells) == 10 and cells.count("M") == 4 and cells.count("&nbsp;") == 6
    assert "4/10 × 3/9 = 2/15" in ZOGAR_2 and "prints the ten slips a pair cuts out" in ZOGAR_2


def test_the_zogar_2_plans_deck_is_the_reconstructed_decks():
    from collections import Counter

    from zaarlab.zogars_gaze.cards import load_cards

    cards = load_cards()
    kinds = Counter(cards[c].kind for c in cards.dungeon_deck())
    rest = sum(kinds.values()) - kinds["monster"] - kinds["treasure"] - kinds["gaze"]
    said = (f"{kinds['monster']} monsters, {kinds['treasure']} treasures, {kinds['gaze']} Zogar's Gaze cards and "
            f"{rest} others")
    assert f"{sum(kinds.values())} cards, {said}" in ZOGAR_2_HANDOUT
    assert f"a reconstruction: {said}" in " ".join(ZOGAR_2.split()) and f"({sum(kinds.values())} cards" in ZOGAR_2


@pytest.mark.rule("ZOGAR-DELVE-01")
def test_zogar_delve_01_the_zogar_2_plans_pairs_are_drawn_without_replacement():
    from itertools import permutations

    from zaarlab.zogars_gaze.cards import load_cards
    from zaarlab.zogars_gaze.deck import next_card_dist
    from zaarlab.zogars_gaze.state import ZogarGame

    start = ZogarGame(players=3).initial_state()
    assert Fraction(str(next_card_dist(start).p("monster"))) == Fraction(56, 126) == Fraction(4, 9)
    cards = load_cards()
    deck = cards.dungeon_deck()
    monsters = sum(cards[c].kind == "monster" for c in deck)
    both = Fraction(monsters * (monsters - 1), len(deck) * (len(deck) - 1))
    assert both == Fraction(44, 225) < Fraction(4, 9) ** 2
    assert f"56/126 × 55/125 = 44/225 ≈ {float(both) * 100:.2f} %" in ZOGAR_2
    assert f"(4/9)<sup>2</sup> ≈ {float(Fraction(16, 81)) * 100:.2f} %" in ZOGAR_2
    slips = "MMMM" + "------"  # the ten slips, four marked M: every ordered pair drawn
    pairs = list(permutations(range(10), 2))
    assert Fraction(sum(slips[a] == slips[b] == "M" for a, b in pairs), len(pairs)) == Fraction(2, 15)
    assert "4/10 × 3/9 = 2/15 ≈ 13 %, not 4/10 × 4/10 = 4/25 = 16 %" in ZOGAR_2


@pytest.mark.rule("ZOGAR-GAZE-02")
def test_zogar_gaze_02_the_zogar_2_plans_seventh_gaze_is_the_engines():
    from dataclasses import replace

    from zaarlab.core.readable import exact_text
    from zaarlab.zogars_gaze.cards import load_cards
    from zaarlab.zogars_gaze.deck import p_seventh_gaze_within
    from zaarlab.zogars_gaze.state import ZogarGame

    cards = load_cards()
    gazes = [c for c in cards.dungeon_deck() if cards[c].kind == "gaze"]
    others = [c for c in cards.dungeon_deck() if cards[c].kind != "gaze"]
    state = replace(ZogarGame(players=3).initial_state(), gazes=tuple(gazes[:6]),
                    dungeon=tuple(gazes[6:] + others[:37]), drawable=40)
    p = Fraction(str(p_seventh_gaze_within(state, 5)))
    assert p == 1 - Fraction(37 * 36 * 35 * 34 * 33, 40 * 39 * 38 * 37 * 36) == Fraction(667, 1976)
    assert f"= {exact_text(p).replace('%', ' %')}" in ZOGAR_2
    assert "6 Gazes are out. 40 cards are unseen, 3 of them Gazes, and the cut lets you turn 5 more." in ZOGAR_2_HANDOUT


@pytest.mark.rule("ZOGAR-DELVE-02")
def test_zogar_delve_02_the_zogar_2_lesson_turns_the_cards_below_the_cut_as_the_engine_does():
    """The rulebook sets the cut's top part aside for the turn: the cards turned lie below the cut (the engine's
    ``drawable``, told as "cards lie under the cut"), never above it."""
    from zaarlab.zogars_gaze.story import STORY

    notebook = (LESSONS.parents[2] / "notebooks/zogars_gaze/02_press_your_luck.ipynb").read_text(encoding="utf-8")
    assert "cards lie under the cut" in STORY.phrases["cut"]
    for name, text in {"plan": ZOGAR_2, "handout": ZOGAR_2_HANDOUT, "notebook": notebook}.items():
        words = " ".join(text.replace("\\n", " ").split())
        assert "above the cut" not in words and "before the cut" not in words, name
        assert "below the cut" in words, name
    assert "the top part is set aside, and only the cards below the cut can be turned" in " ".join(
        ZOGAR_2_HANDOUT.split())


ZERZURA_2 = (LESSONS / "zerzura-2.md").read_text(encoding="utf-8")
ZERZURA_2_HANDOUT = (LESSONS / "zerzura-2-handout.md").read_text(encoding="utf-8")


@pytest.mark.rule("ZERZURA-END-01")
def test_zerzura_end_01_the_zerzura_2_plans_table_of_game_lengths_is_the_rules():
    from zaarlab.zerzura.play_exercises import actions_each
    from zaarlab.zerzura.state import REMOVED, ZerzuraGame

    rows = _table(ZERZURA_2, "players")
    assert [int(row[0]) for row in rows] == [2, 3, 4, 5]
    for players, in_play, market, rounds, each in ([int(cell) for cell in row] for row in rows):
        game = ZerzuraGame(players=players)
        assert (in_play, market) == (len(game.cards.deck()) - REMOVED[players], game.market_size)
        assert rounds * market == in_play and each == actions_each(players)


@pytest.mark.rule("ZERZURA-SETUP-04")
def test_zerzura_setup_04_the_zerzura_2_plans_cards_in_play_are_exact():
    from zaarlab.core.readable import exact_text
    from zaarlab.zerzura.cards import load_cards
    from zaarlab.zerzura.play_exercises import p_all_in_play, p_staying

    assert load_cards().goods["turban_1"].count == 3 and load_cards().card_name("turban_1") == "Genie's turban"
    three, two = p_all_in_play(60, 15, 3), p_all_in_play(60, 20, 3)
    assert three == Fraction(45 * 44 * 43, 60 * 59 * 58) and p_all_in_play(60, 15, 1) == Fraction(3, 4)
    assert f"45/60 × 44/59 × 43/58 = {exact_text(three).replace('%', ' %')}" in ZERZURA_2
    assert f"with 3 players {exact_text(three).replace('%', ' %')}, with 2 players\n   " \
           f"{exact_text(two).replace('%', ' %')}" in ZERZURA_2
    two_of_three = Fraction(comb(3, 2) * comb(57, 43), comb(60, 45))  # which 2 copies, which 43 others stay
    assert f"exactly 2 of 3: {exact_text(two_of_three).replace('%', ' %')}" in ZERZURA_2
    both = p_staying(60, 15, 2, 2)  # two cards printed once
    assert both == Fraction(comb(58, 43), comb(60, 45)) and f"45/60 × 44/59 = {exact_text(both).replace('%', ' %')}" \
        in ZERZURA_2


@pytest.mark.rule("ZERZURA-ACTION-04")
def test_zerzura_action_04_the_zerzura_2_plans_exchanges_move_the_lead_as_the_score_sheet_says():
    from zaarlab.zerzura.play_exercises import lead, lead_change
    from zaarlab.zerzura.scoring import score

    mine, theirs = ["ring_2", "lamp_1"], ["ring_1", "turban_2"]
    assert (score(mine).total, score(theirs).total, lead(mine, theirs)) == (7, 7, 0)
    assert lead_change(("exchange", "ring_2", "ring_1"), mine, theirs) == 8
    assert lead_change(("exchange", "lamp_1", "ring_1"), mine, theirs) == -10
    assert (score(["ring_1", "lamp_1"]).total, score(["ring_2", "turban_2"]).total) == (11, 3)
    assert (score(["ring_2", "ring_1"]).total, score(["lamp_1", "turban_2"]).total) == (0, 10)
    assert "you score 4 + 7 = 11 (+4) and they 0 + 3 = 3 (−4), so your lead grows by 8" in ZERZURA_2
    assert "you 0 (−7), they 10 (+3), a fall of 10" in ZERZURA_2
    assert "You hold Magic ring ×2 and Enchanted lamp; player 2 holds Magic ring and Genie's turban ×2." \
        in ZERZURA_2_HANDOUT


def test_the_zerzura_2_handouts_scales_are_the_games():
    from zaarlab.zerzura.cards import load_cards

    cards = load_cards()
    rows = {row[0]: [int(cell) for cell in row[1:]] for row in _table(ZERZURA_2_HANDOUT, "Quantity")}
    assert set(rows) == {cards.names[obj] for obj in cards.objects}
    for obj in cards.objects:
        assert rows[cards.names[obj]] == [cards.vp(obj, q) for q in range(len(rows[cards.names[obj]]))]


@pytest.mark.parametrize(("handout", "lesson"), [
    ("start-here-handout.md", "Start here: exact odds with dice"),
    ("zogars-gaze-1-handout.md", "Zogar's Gaze 1: combat dice"),
    ("zogars-gaze-2-handout.md", "Zogar's Gaze 2: press your luck"),
    ("zaar-1-handout.md", "Zaar 1: the mansion"),
    ("zaar-2-handout.md", "Zaar 2: the raml and the astrolabe"),
    ("zargos-1-handout.md", "Zargos 1: the planet"),
    ("zargos-2-handout.md", "Zargos 2: the odds of combat"),
    ("zerzura-1-handout.md", "Zerzura 1: the scales that go up and down"),
    ("zerzura-2-handout.md", "Zerzura 2: play a game"),
])
def test_a_handout_names_its_lesson_and_has_a_line_for_each_exercise_the_page_shows(handout, lesson):
    from zaarlab.lessons import LESSONS as SHEETS

    text = (LESSONS / handout).read_text(encoding="utf-8")
    assert f"*{lesson}*" in text
    for exercise in SHEETS[lesson]:
        assert f"| {exercise.title} | | |" in text


@pytest.mark.parametrize("plan", sorted(p.stem for p in LESSONS.glob("*.md") if "handout" not in p.stem))
def test_every_plans_timeline_counts_its_setup_and_fills_45_minutes_without_a_gap(plan):
    text = (LESSONS / f"{plan}.md").read_text(encoding="utf-8")
    assert "\n## Timeline (setup counted)\n" in text
    rows = re.findall(r"^\| (\d+)–(\d+) \| \*\*([^*]+)\*\*", text, re.M)
    assert int(rows[0][0]) == 0 and int(rows[-1][1]) == 45
    assert all(int(end) == int(start) for (_, end, _), (start, _, _) in itertools.pairwise(rows))
    assert rows[0][2].rstrip(".") in ("Setup", "Sign in", "Open the table")  # the minutes before the lesson starts
