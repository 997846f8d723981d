"""The Zaar table: whole games played by clicking the map (cells to place, rooms to go to) and the board, the odds
before each fight, each draw and each room entered equal to what the engine's own chance steps give, refusals in
words that change nothing, and text a player can read."""

import random
from fractions import Fraction
from functools import cache

import pytest

from tests.tables import click_move, moves_are_marked, play_by_clicks, readable, send
from zaarlab.core.readable import exact_text
from zaarlab.ui.table import text_of
from zaarlab.zaar.bots import greedy_bot
from zaarlab.zaar.figures import free_cells
from zaarlab.zaar.referee import OUTCOMES, SIDES
from zaarlab.zaar.state import ChoosePlaque, ChooseRoom, DrawCard, Fight, Move, Phase, Place
from zaarlab.zaar.table import ZaarTable


def chance_children(state):
    """(the state after each outcome, its exact chance) at a chance step of the engine."""
    return [(state.apply(outcome), Fraction(count, total)) for outcome, count, total in state.chance_weights()]


@cache
def engine_battle(state) -> dict:
    """The outcome of the battle thrown from ``state`` on, by the engine's own throws, each weighted as the engine
    weights it: ``extra_win`` when the backside speaks, ``win`` when the plaque falls, ``lose`` when a coin is lost."""
    ends: dict = {}
    for child, p in chance_children(state) if state.phase == Phase.THROW else [(state.apply(Fight()), Fraction(1))]:
        parts = engine_battle(child) if child.phase == Phase.THROW else {settled(state, child): Fraction(1)}
        for end, q in parts.items():
            ends[end] = ends.get(end, 0) + p * q
    return ends


def settled(before, after) -> str:
    player, (_, cell, letter, *_) = before.player, before.pending
    told = after.log[len(before.log):]
    if any("ZAAR-CMD-01" in e.rules for e in told):
        return "extra_win"
    if (cell, letter) in after.revoked:
        return "win"
    lost = any(e.kind == "battle_lost" for e in told) or after.life[player] < before.life[player]
    return "lose" if lost else "draw"


def engine_next_card(state) -> dict:
    """The next card's chances by drawing it in the engine: placeable rooms, sacred ones, events."""
    odds = {"placeable": Fraction(0), "sacred": Fraction(0), "event": Fraction(0)}
    for child, p in chance_children(state.apply(DrawCard())):
        if child.phase == Phase.PLACE and any(isinstance(a, Place) for a in child.legal_actions()):
            odds["placeable"] += p
            odds["sacred"] += p * state.game.cards.rooms[child.drawn].is_sacred
        elif child.drawn not in state.game.cards.rooms and not (child.phase == Phase.PLACE):
            odds["event"] += p
    return odds


def engine_trap(state, move) -> Fraction:
    """The chance that the raml thrown on entering traps the demon, by the engine's entry throw."""
    entered = state.apply(move)
    if entered.phase != Phase.THROW:
        return Fraction(0)
    return sum((p for child, p in chance_children(entered)
                if any("ZAAR-RAML-03" in e.rules for e in child.log[len(entered.log):])), Fraction(0))


def check_odds(table) -> int:
    """The odds the table shows for the decision at hand are the engine's; returns how many were checked."""
    state, text, checked = table.state, table.text, 0
    if state.phase == Phase.TRAPPED:
        ends = engine_battle(state)
        for key, words in OUTCOMES:
            if ends.get(key):
                assert f"{words} {exact_text(ends[key])}" in text, (key, ends, text)
                checked += 1
    if state.phase == Phase.TURN and DrawCard() in state.legal_actions():
        odds = engine_next_card(state)
        assert f"a room that can be placed {exact_text(odds['placeable'])}, a sacred room " \
               f"{exact_text(odds['sacred'])}, an event {exact_text(odds['event'])}" in text
        checked += 1
    if state.phase == Phase.TURN and state.level <= 2:
        for move in {a.to: a for a in state.legal_actions() if isinstance(a, Move)}.values():
            p = engine_trap(state, move)
            if p:
                assert f"{state.mansion.room_at(move.to).name}: {exact_text(p)}" in text
                checked += 1
    return checked


@pytest.mark.rule("ZAAR-RAML-03")
@pytest.mark.rule("ZAAR-BATTLE-01")
def test_a_whole_game_is_played_by_clicking_the_map_and_the_board_with_the_engines_odds():
    table = ZaarTable(seats=("person", "greedy"), seed=4, pace=0, turn_limit=40)
    checked, fights = [0], [0]

    def read(table):
        readable(table)
        if not table.state.is_terminal():
            moves_are_marked(table)
            checked[0] += check_odds(table)
            fights[0] += table.state.phase == Phase.TRAPPED

    play_by_clicks(table, greedy_bot, random.Random(4), read)
    assert table.heading_text.count("The game is over") == 1
    assert fights[0] >= 1 and checked[0] >= 20, (fights, checked)


def test_placing_turns_the_room_with_a_button_and_marks_where_it_fits_as_turned():
    table = ZaarTable(seats=("person", "greedy"), seed=4, pace=0)
    rng = random.Random(4)
    while table.state.phase != Phase.PLACE or len({a.rotation for a in table.state.legal_actions()}) < 2:
        click_move(table, greedy_bot(table.state, rng))
    state = table.state
    other = next(a for a in state.legal_actions() if a.rotation != table.rotation)
    send(table, f"turn:{other.rotation}")
    assert table.rotation == other.rotation and table.state is state  # turning places nothing
    turned = {a.cell for a in state.legal_actions() if a.rotation == other.rotation}
    marked = {key for key in table._map_moves(state) if key.startswith("free:")}
    assert len(marked) == len(turned) and table.clicks_for(other)[-1] in marked
    note = next(p["note"] for zone in table.board.zones for p in zone["pieces"] if p["key"] == f"turn:{other.rotation}")
    click_move(table, other)
    assert table.state.rooms != state.rooms and any(room == state.drawn for _, room, _ in table.state.rooms)
    placed = table.state.mansion.doors(other.cell)  # the doors where the button said they would face
    assert note == "doors " + ", ".join(SIDES[side] for side in sorted(placed))


@pytest.mark.rule("ZAAR-PLACE-01")
def test_a_cell_where_the_room_does_not_fit_says_why_in_words_and_changes_nothing():
    table = ZaarTable(seats=("person", "greedy"), seed=4, pace=0)
    rng = random.Random(4)
    while table.state.phase != Phase.PLACE:
        click_move(table, greedy_bot(table.state, rng))
    state, fits = table.state, table._map_moves(table.state)
    wrong = next(n for c, n in free_cells(state.mansion).items() if f"free:{n}" not in fits)
    send(table, f"free:{wrong}")
    assert table.state is state and table.message.startswith("Not allowed: ")
    assert "[" not in table.message and 'title="ZAAR-PLACE-01: ' in table.said.value


@pytest.mark.rule("ZAAR-MOVE-01")
def test_a_room_no_door_leads_to_is_refused_in_words():
    table = ZaarTable(seats=("person", "greedy"), seed=4, pace=0)
    rng = random.Random(4)
    while not (table.state.phase == Phase.TURN and table.to_move() == 0 and table.state.moves_left > 0 and
               len(table.state.rooms) > 4 and not table.state.held[0]):
        click_move(table, greedy_bot(table.state, rng))
    state = table.state
    here = state.pawn(0)
    near = {a.to for a in state.legal_actions() if isinstance(a, Move)} | {here}
    far = next(cell for cell, _, _ in state.rooms if cell not in near)
    send(table, f"room:{far.q},{far.r}")
    assert table.state is state and f"to {state.mansion.room_at(far).name}" in table.message
    send(table, "room:9,nine")  # a tampered page
    assert table.state is state and table.message.startswith("Not allowed: click a room of the mansion. You can now: ")


def test_choices_of_a_cell_are_rooms_on_the_map_and_read_as_rooms():
    table = ZaarTable(seats=("person", "person"), seed=11, pace=0, turn_limit=60)
    rng, seen = random.Random(11), set()
    while not table.state.is_terminal():
        if table.passing:
            table.reveal()
        state = table.state
        for action in state.legal_actions():
            if isinstance(action, ChooseRoom | ChoosePlaque):
                (key,) = table.clicks_for(action)
                words = table.move_words(state, action)
                revoke = isinstance(action, ChoosePlaque)  # "revoke the A plaque of Bloody room 7", a button
                assert key.startswith("act:" if revoke else "room:") and "[" not in words, (key, words)
                seen.add(state.pending[0])
        readable(table)
        click_move(table, greedy_bot(state, rng))
    assert seen, "no choice of a room came up"
    assert "only you see" not in text_of(table)  # Zaar keeps no secret


def test_the_map_rings_the_rooms_changed_since_the_persons_last_move_until_they_act_again():
    """A room placed, a pawn come or gone, a plaque revoked, the demon come or gone since the person last acted: each
    such room ringed (dotted), no other."""
    from zaarlab.core.hexgrid import to_pixel

    table = ZaarTable(seats=("person", "greedy"), seed=4, pace=0, turn_limit=40)
    rng, ringed = random.Random(4), 0
    while not table.state.is_terminal():
        before, now = table.last_seen(), table.state
        data = table.map.figure.get("data", [])
        ring = next((t for t in data if t["name"] == "changed since your move"), None)
        expected = set()  # counted here, apart from the table
        if before is not None and now.rooms:
            expected = set(now.mansion.layout) - set(before.mansion.layout)
            expected |= {c for p in range(2) if before.pawn(p) != now.pawn(p) for c in (before.pawn(p), now.pawn(p))}
            expected |= {c for c, _ in set(before.revoked) ^ set(now.revoked)}
            expected |= set(before.demon_room) ^ set(now.demon_room)
            expected = {c for c in expected if c in now.mansion.layout}
        if not expected:
            assert ring is None
        else:
            assert ring["line"]["dash"] == "dot"
            points = [(x, y) for x, y in zip(ring["x"], ring["y"], strict=True) if x is not None]
            assert len(points) == 7 * len(expected)  # six corners and back to the first, a room each
            centres = sorted((round(sum(x for x, _ in points[i:i + 6]) / 6, 3), round(sum(y for _, y in
                              points[i:i + 6]) / 6, 3)) for i in range(0, len(points), 7))
            assert centres == sorted((round(to_pixel(c)[0], 3), round(to_pixel(c)[1], 3)) for c in expected)
            ringed += 1
        click_move(table, greedy_bot(table.state, rng))
    assert ringed > 5
