"""The Zerzura table: whole games played by clicking the board (take, exchange, store), what a card adds to the score
sheet shown before each decision, storage kept secret in hot-seat play, refusals in words, text a player can read."""

import random

import pytest

from tests.tables import click_move, moves_are_marked, play_by_clicks, readable
from zaarlab.core.readable import exact_text
from zaarlab.ui.table import text_of
from zaarlab.zerzura.bots import BOTS
from zaarlab.zerzura.odds import market_gains, p_market_has
from zaarlab.zerzura.scoring import quantities
from zaarlab.zerzura.state import Exchange, Store
from zaarlab.zerzura.table import ZerzuraTable


def odds_shown_are_exact(table) -> None:
    """Before each decision: each Market card's gain to the mover's final score, and the chance (exact, sympy's here)
    that the next Market shows their most collected Object."""
    state, player = table.state, table.state.current_player()
    names = table.names(state)
    for card, gain in market_gains(state, player).items():
        assert f"{names[card]}: {'+' if gain > 0 else ''}{gain} VP" in table.text
    held = +quantities(state.cards_of(player), state.game.cards)  # the Objects held (no zero counts)
    if held and state.deck:
        most = max(sorted(held), key=lambda obj: held[obj])
        assert f"shows a {most}: {exact_text(p_market_has(state, player, [most]))}" in table.text


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_whole_game_is_played_by_clicking_the_board(seed):
    table = ZerzuraTable(seats=("person", "greedy", "planner"), seed=seed)
    made = []

    def read(table):
        if not table.state.is_terminal():
            odds_shown_are_exact(table)
            made.append(moves_are_marked(table))
        readable(table)

    moves = play_by_clicks(table, BOTS["planner"], random.Random(seed), read)
    assert moves >= 10 and sum(made) > 50
    totals = [sheet.total for sheet in table.state.sheets()]
    assert table.heading_text.count("The game is over") == 1 and f"with {max(totals)} VP" in table.heading_text


def test_exchanges_and_stores_are_made_by_clicking_cards():
    """The two-click moves: a card of yours, then another player's card (an exchange) or *store*."""
    table = ZerzuraTable(seats=("person", "random"), seed=9)
    rng, kinds = random.Random(9), set()
    while not table.state.is_terminal():
        legal = table.state.legal_actions()
        wanted = [a for a in legal if isinstance(a, Exchange | Store)]
        action = rng.choice(wanted or legal)
        kinds.add(type(action))
        keys = table.clicks_for(action)
        assert len(keys) >= (2 if action in wanted else 1)
        click_move(table, action)
        assert table.match.session.history[-1] == action or action in table.match.session.history
    assert {Exchange, Store} <= kinds


@pytest.mark.rule("ZERZURA-ACTION-04", "ZERZURA-ACTION-05")
def test_a_click_that_makes_no_move_says_why_and_changes_nothing():
    table = ZerzuraTable(seats=("person", "greedy"), seed=4)
    table.click(f"take:{table.state.market[0]}:0")
    while table.to_move() is None:
        table.skip()
    before = table.state
    table.click("store")  # nothing chosen
    assert "choose one or two of your face-up cards to store first" in table.message and table.state is before
    theirs = next(p["key"] for z in table.board.zones for p in z["pieces"] if p["key"].startswith("theirs:"))
    table.click(theirs)
    assert "choose one of your face-up cards to give first" in table.message and table.state is before
    assert 'title="ZERZURA-ACTION-04: ' in table.said.value


def test_in_hot_seat_nobody_sees_another_persons_storage():
    table = ZerzuraTable(seats=("person", "person"), seed=6)
    rng, checked = random.Random(6), 0
    while not table.state.is_terminal():
        if table.passing:
            assert "Your storage" not in text_of(table) and table.board.disabled
            table.reveal()
        holder = table.viewer
        other = 1 - holder
        shown = text_of(table)
        assert f"Your cards (player {holder + 1})" in shown and f"Your cards (player {other + 1})" not in shown
        names = table.names(table.state)
        storage = next(z for z in table.board.zones if z["title"] == "Your storage (only you see it)")
        assert [p["name"] for p in storage["pieces"]] == [names[c] for c in table.state.stored[holder]]
        assert f"Player {other + 1}'s cards" in shown and f"{len(table.state.stored[other])} in storage" in shown
        checked += bool(table.state.stored[other])
        legal = table.state.legal_actions()
        click_move(table, rng.choice([a for a in legal if isinstance(a, Store)] or legal))
    assert checked > 3
