"""The Zargos table: whole games played by clicking the map and the board (attacks: a province, another, how many),
the quick start's first battle within ten decisions, the odds before each attack, magic cards kept secret in hot-seat
play, refusals in words, and text a player can read."""

import asyncio
import random

import pytest

from tests.tables import click_move, moves_are_marked, play_by_clicks, readable, send
from zaarlab.core.readable import exact_text
from zaarlab.ui.table import text_of
from zaarlab.zargos.board import ZARGOS
from zaarlab.zargos.bots import greedy_bot
from zaarlab.zargos.odds import DEMON_DICE, battle_dist, p_survives_demons
from zaarlab.zargos.reach import battle_conditions
from zaarlab.zargos.referee import take_odds, take_words
from zaarlab.zargos.state import LandAttack, Move, Phase, SeaAttack
from zaarlab.zargos.table import ZargosTable


def independent_take(state, action):
    """The chance of taking the province, from the battle calculator's functions (sympy's), apart from the table."""
    defender, planet = state.holder(action.dst), state.game.planet
    if defender:
        battle = battle_conditions(state, action.dst, defender)
        if battle.attacker_bonus or battle.defender_bonus:
            return None  # a power's extra die: the table's own path only
        return battle_dist(action.units, state.units(action.dst), capital=battle.capital).p(lambda e: e[0] > 0)
    if planet.kingdom_of(action.dst) == ZARGOS:
        return p_survives_demons(action.units, DEMON_DICE[planet.ring(action.dst)])
    return 1


@pytest.mark.parametrize("seed", [1, 3])
def test_a_whole_game_is_played_by_clicking_the_map_and_the_board(seed):
    table = ZargosTable(seats=("person", "greedy"), seed=seed, turn_limit=8)
    decisions, battles, odds_checked = [0], [], [0]

    def read(table):
        readable(table)
        if table.state.is_terminal():
            return
        moves_are_marked(table)
        decisions[0] += 1
        if not battles and any(rule.startswith("ZARGOS-COMBAT") for e in table.state.log for rule in e.rules):
            battles.append(decisions[0])

    rng = random.Random(seed)

    def choose(state, _):
        action = greedy_bot(state, rng)
        if isinstance(action, LandAttack | SeaAttack):  # the odds shown once the two provinces are picked
            for key in table.clicks_for(action)[:-1]:
                send(table, key)
            p, _ = take_odds(state, action)
            covering = []  # the line of the force sent: forces with one outcome share a line ("16 to 23 units")
            for line in table.text.splitlines():
                fewest, _, most = line.split(" unit")[0].partition(" to ")
                way = "by sea" if isinstance(action, SeaAttack) else "by land"
                if fewest.isdigit() and int(fewest) <= action.units <= int(most or fewest) and way in line:
                    covering.append(line)
            assert len(covering) == 1 and take_words(p, state.game.planet.names[action.dst]) in covering[0], covering
            expected = independent_take(state, action)
            assert expected is None or exact_text(expected) == exact_text(p)
            odds_checked[0] += 1
        return action

    play_by_clicks(table, choose, rng, read)
    assert battles and battles[0] <= 10, "the quick start reaches a battle within ten decisions"
    assert odds_checked[0] > 0 and table.heading_text.count("The game is over") == 1


def test_every_reorganisation_and_sea_attack_is_made_by_clicks():
    table = ZargosTable(seats=("person", "random"), seed=5, turn_limit=6)
    rng, kinds = random.Random(5), set()
    while not table.state.is_terminal():
        legal = table.state.legal_actions()
        moves_are_marked(table)
        wanted = [a for a in legal if isinstance(a, Move | SeaAttack)]
        action = rng.choice(wanted or legal)
        kinds.add(type(action))
        click_move(table, action)
    assert {Move, SeaAttack} <= kinds


@pytest.mark.rule("ZARGOS-LAND-01")
def test_a_click_on_the_map_that_makes_no_move_says_why_and_changes_nothing():
    table = ZargosTable(seats=("person", "greedy"), seed=1)
    rng = random.Random(1)
    while table.state.phase != Phase.ATTACK:
        click_move(table, greedy_bot(table.state, rng))
    before = table.state
    theirs = next(p for p, people, _ in before.board if people != before.acting)
    send(table, f"province:{theirs}")
    name = before.game.planet.names[theirs]
    assert f"start from one of your own provinces, not {name}" in table.message and table.state is before
    assert 'title="ZARGOS-LAND-01: ' in table.said.value


def test_the_quick_start_is_a_variant_that_can_be_turned_off():
    quick = ZargosTable(seats=("person", "greedy"), seed=2)
    while quick.state.phase == Phase.CHOOSE:
        click_move(quick, quick.state.legal_actions()[0])
    assert quick.state.phase == Phase.ATTACK and quick.to_move() == 0
    slow = ZargosTable(seats=("person", "greedy"), seed=2, quick_start=False)
    while slow.state.phase == Phase.CHOOSE:
        click_move(slow, slow.state.legal_actions()[0])
    assert slow.state.phase.startswith("place") and slow.to_move() == 0


def test_in_hot_seat_nobody_sees_another_persons_magic_cards():
    table = ZargosTable(seats=("person", "person"), seed=4, turn_limit=5)
    rng, seen = random.Random(4), 0
    while not table.state.is_terminal():
        if table.passing:
            assert "Your magic cards" not in text_of(table)
            table.reveal()
        holder = table.viewer
        names = table.names(table.state)
        mine = ", ".join(names[c] for c in table.state.hands[holder]) or "none"
        assert f"Your magic cards (only you see them): {mine}." in text_of(table)
        seen += bool(table.state.hands[1 - holder])
        click_move(table, greedy_bot(table.state, rng))
    assert seen


def test_the_map_names_the_peoples_of_the_person_at_the_device_yours_and_nobodys_while_it_is_passed():
    table = ZargosTable(seats=("person", "person"), seed=4, turn_limit=3)
    rng, checked = random.Random(4), 0
    while not table.state.is_terminal():
        names = {trace["name"] for trace in table.map.figure["data"]}
        ours = {f"{people} (yours)" for people, owner in zip(table.state.peoples, table.state.owners, strict=False)
                if owner == table.viewer and table.state.provinces_of(people)}
        assert {name for name in names if name.endswith("(yours)")} == (set() if table.passing else ours)
        checked += bool(ours) and not table.passing
        if table.passing:
            table.reveal()
            continue
        click_move(table, greedy_bot(table.state, rng))
    assert checked > 5


def test_the_map_rings_the_provinces_changed_since_the_persons_last_move_until_they_act_again():
    """Whose people or how many units: every province that differs from what the person last acted on is ringed
    (its outline dotted), no other; none before their first act."""
    from zaarlab.zargos.figures import regions

    table = ZargosTable(seats=("person", "greedy"), seed=4, pace=0, turn_limit=3)
    rng, ringed, outlines = random.Random(4), 0, regions(table.state.game.planet)
    while not table.state.is_terminal():
        before, now = table.last_seen(), table.state
        shapes = table.map.figure["layout"].get("shapes", ())
        ring = next((shape for shape in shapes if shape["name"] == "changed since your move"), None)
        changed = [p for p in now.game.planet.provinces  # counted here, apart from the table
                   if before is not None and (before.holder(p), before.units(p)) != (now.holder(p), now.units(p))]
        if not changed:
            assert ring is None
        else:
            assert ring["line"]["dash"] == "dot"
            drawn = [[tuple(map(float, point.split(","))) for point in outline.split("L")]  # the path's outlines
                     for outline in ring["path"].removesuffix("Z").removeprefix("M").split("ZM")]
            assert [len(outline) for outline in drawn] == [len(outlines[n]) for n in changed]
            assert [c for outline in drawn for point in outline for c in point] == pytest.approx(
                [c for n in changed for point in outlines[n] for c in point], rel=1e-5)
            ringed += 1
        click_move(table, greedy_bot(table.state, rng))
        assert table.last_seen() is not None
    assert ringed > 5


def test_the_quick_start_places_alike_at_a_readable_pace_and_at_once():
    """The table draws on the deal's dice once per unit it places for a person, never when it is only asked whether
    it moves (each tick of a paced page asks): a deal played at a readable pace in an event loop (a page) places
    every unit where the same deal played at once does (a test's twin)."""

    def play(table, rng):
        if table.passing:
            table.reveal()
        click_move(table, greedy_bot(table.state, rng))

    async def paced_game():
        table, rng = ZargosTable(seats=("person", "person"), seed=6, pace=0.001), random.Random(6)
        while True:
            while table.to_move() is None:
                await asyncio.sleep(0.002)
            if table.state.phase == Phase.ATTACK:
                return table
            play(table, rng)

    paced = asyncio.run(paced_game())
    at_once, rng = ZargosTable(seats=("person", "person"), seed=6, pace=0), random.Random(6)
    while at_once.state.phase != Phase.ATTACK:
        play(at_once, rng)
    assert paced.state.board == at_once.state.board

