"""The Zogar's Gaze table: whole games played by clicking the board, the odds shown before each decision, secrets in
hot-seat play, refusals in words, undo, and text a player can read."""

import asyncio
import random
import re
import time

import pytest

from tests.tables import click_move, moves_are_marked, play_by_clicks, readable, unreadable
from zaarlab.core.readable import exact_text
from zaarlab.ui.table import text_of
from zaarlab.zogars_gaze.bots import BOTS
from zaarlab.zogars_gaze.deck import p_survive
from zaarlab.zogars_gaze.odds import hold_advice
from zaarlab.zogars_gaze.state import Buy, Hold, Phase, SkipMarket, TradeIn
from zaarlab.zogars_gaze.table import ZogarTable


def odds_shown_are_exact(table) -> None:
    """Before each decision, the odds line names the engine's exact chances: the hold chosen and the best one in a
    combat, coming through the next card while delving, unless another player traded cards into the dungeon face down
    (the chance would hint at them: ZOGAR-MARKET-06)."""
    state, shown = table.state, table.odds.value
    if state.phase == Phase.HOLD:
        advice = hold_advice(state.game.cards[state.enemy].requirement, state.dice, state.rolls_allowed - state.rolls,
                             straight_alt=state.game.straight_alt)
        kept = tuple(sorted(f for f, held in zip(state.dice, table.held, strict=True) if held))
        assert exact_text(advice.p(kept)) in table.text and exact_text(advice.p(advice.best)) in table.text
    elif state.phase == Phase.DELVE and any(e.kind == "trades_in" and e["player"] != state.player for e in state.log):
        assert "alive" not in table.text and "traded cards into the dungeon face down" in table.text
    elif state.phase == Phase.DELVE:
        assert f"next card alive: {exact_text(p_survive(state, 1))}" in table.text
    else:
        return
    assert shown


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_whole_game_is_played_by_clicking_the_board(seed):
    """One person (playing as the bold bot would) against the cautious bot: every move a click on a marked piece,
    the odds exact before each decision, the text readable throughout, and the end told."""
    table = ZogarTable(seats=("person", "cautious"), seed=seed, turn_limit=60)
    combats = []

    def read(table):
        odds_shown_are_exact(table)
        readable(table)
        combats.append(table.state.phase == Phase.HOLD)

    moves = play_by_clicks(table, BOTS["bold"], random.Random(seed), read)
    assert moves > 10 and any(combats)
    assert table.heading.value.count("The game is over") == 1
    assert re.search(r"Player 1: \d+ of \d+ decisions were the best ones", table.text)


def test_every_legal_move_is_a_marked_piece_and_every_marked_piece_a_legal_move():
    table = ZogarTable(seats=("person", "person", "bold"), seed=5, turn_limit=40)
    rng, checked = random.Random(5), 0
    while not table.state.is_terminal():
        if table.passing:
            table.reveal()
        checked += moves_are_marked(table)
        click_move(table, rng.choice(table.state.legal_actions()))
    assert checked > 100


@pytest.mark.rule("ZOGAR-MARKET-05")
def test_an_illegal_click_says_the_rule_in_words_and_changes_nothing():
    table = ZogarTable(seats=("person", "cautious"), seed=3)
    before = table.state
    market = next(p["key"] for z in table.board.zones for p in z["pieces"] if p["key"].startswith("buy:"))
    table.click(market)
    assert table.state is before
    assert "Not allowed: the cards traded in are worth 0; every market card costs 5" in text_of(table)
    assert 'title="ZOGAR-MARKET-05: ' in table.said.value  # the rule's own words, one hover away
    table.click("die:0")
    assert "dice are held between the rolls of a combat" in text_of(table) and table.state is before

    table.play(TradeIn("glow_rock"))  # a page's forged move: the refusal names the card as it is printed
    assert "Not allowed: Glow Rock is not in your hand" in text_of(table) and "glow_rock" not in text_of(table)
    assert table.state is before and 'title="ZOGAR-MARKET-04: ' in table.said.value


def test_own_moves_are_taken_back_until_something_is_revealed():
    table = ZogarTable(seats=("person", "cautious"), seed=11)
    for _ in range(40):  # to a market with a card to trade in
        trade = [a for a in table.state.legal_actions() if isinstance(a, TradeIn)]
        if trade:
            break
        click_move(table, BOTS["bold"](table.state, random.Random(0)))
    assert trade, "no card to trade in within 40 moves"
    start = table.state
    click_move(table, trade[0])
    assert not table.buttons["take back my move"].disabled
    table.buttons["take back my move"].click()
    assert table.state == start and "taken back" in table.said.value
    click_move(table, SkipMarket.of())
    click_move(table, next(a for a in table.state.legal_actions() if "enter" in str(a)))  # the cut: chance moved
    assert table.buttons["take back my move"].disabled
    history = list(table.match.session.history)
    table.undo()
    assert table.match.session.history == history and "nothing to take back" in table.said.value


def test_in_hot_seat_no_secret_of_one_person_is_shown_while_the_other_holds_the_device():
    table = ZogarTable(seats=("person", "person"), seed=7, turn_limit=30)
    cards, states = table.state.game.cards, []

    def secrets(player):
        state = table.state
        race, klass = cards.races[state.races[player]].name, cards.classes[state.classes[player]].name
        return (f"race {race}", f"class {klass}", f"Your hand (player {player + 1})")

    def read(table):
        shown = text_of(table)
        holder = table.viewer
        other = 1 - holder
        assert not any(secret in shown for secret in secrets(other)), shown
        assert all(secret in shown for secret in secrets(holder)[:2])
        states.append(holder)

    def before_pass():
        assert table.passing and "Pass the device to player" in table.text
        assert "Your secret cards" not in text_of(table) and table.board.disabled

    rng = random.Random(7)
    while not table.state.is_terminal():
        if table.passing:
            before_pass()
            table.buttons["show my cards"].click()
        read(table)
        click_move(table, rng.choice(table.state.legal_actions()))
    assert set(states) == {0, 1}


def test_an_action_bought_goes_into_the_hand_shown():
    table = ZogarTable(seats=("person", "bold"), seed=2, turn_limit=80)
    rng = random.Random(2)
    while not table.state.is_terminal():
        buys = [a for a in table.state.legal_actions() if isinstance(a, Buy)]
        if buys:
            name = table.state.game.cards[buys[0].card].name
            click_move(table, buys[0])
            hand = next(z for z in table.board.zones if z["title"].startswith("Your hand"))
            assert name in [p["name"] for p in hand["pieces"]]
            return
        click_move(table, BOTS["bold"](table.state, rng))
    pytest.fail("nothing was bought in the game")


def test_holding_all_five_dice_is_refused_by_name():
    table = ZogarTable(seats=("person", "cautious"), seed=0, turn_limit=60)
    rng = random.Random(0)
    while table.state.phase != Phase.HOLD:
        click_move(table, BOTS["bold"](table.state, rng))
    for i in range(5):
        table.click(f"die:{i}")
    assert "Hold at most four dice" in table.odds.value
    before = table.state
    table.click("roll")
    assert table.state is before and "a roll rerolls at least one" in table.said.value
    click_move(table, Hold(()))
    assert table.state is not before


def test_the_bots_moves_show_one_frame_at_a_time_where_an_event_loop_runs():
    """The bots' moves are played at once and shown a frame each pace: however late the loop wakes the watcher (a
    busy machine), no more frames were shown than paces went by, the screen's state is always one the match passed
    through, and the frames end at the match as it stands."""
    pace = 0.01

    async def watch():
        began = time.monotonic()
        table = ZogarTable(seats=("cautious", "bold"), seed=1, pace=pace)
        watch = table.pacing.watch
        assert table.state.current_player() >= 0 and watch.shown == -1  # the cards dealt at once; the bots' wait
        states = table.match.session.states
        def at() -> int:
            return next(i for i, state in enumerate(states) if state is table.state)

        seen = [(time.monotonic(), watch.shown, at())]
        for _ in range(30):
            await asyncio.sleep(0.02)
            seen.append((time.monotonic(), watch.shown, at()))
        table.skip()
        return began, seen, table

    began, seen, table = asyncio.run(watch())
    assert seen[-1][1] > 20
    for now, shown, _ in seen:  # counted from the start: a late tick catches up on paces before the last look
        assert shown + 1 <= (now - began) / pace + 1, (shown, now - began)
    assert all(later >= at for (_, _, at), (_, _, later) in zip(seen, seen[1:], strict=False))
    assert table.state.is_terminal() and table.buttons["skip to my turn"].disabled


def test_the_scan_of_unreadable_text_finds_each_kind():
    assert unreadable("use lucky_charm; TradeIn(card='x'); keep []; ZOGAR-MARKET-05 says") == [
        "lucky_charm", "TradeIn(", "n(card=", "[]", "ZOGAR-MARKET-05"]
    assert unreadable("player 2 holds 4 and 6; a straight from 3 to 6; Fame Point(s)") == []


def test_a_seat_is_a_person_or_a_bot():
    with pytest.raises(ValueError, match="a seat is a person or one of the bots cautious, bold, random, not 'ace'"):
        ZogarTable(seats=("person", "ace"))
    with pytest.raises(ValueError, match="Zogar's Gaze is for 1 to 5 players"):
        ZogarTable(seats=("person",) * 6)



def test_a_new_game_starts_with_the_seats_and_the_deal_chosen_on_the_page():
    table = ZogarTable(seats=("person", "cautious"), seed=3)
    for menu, seat in zip(table.seat_menus, ("person", "person", "bold", ""), strict=True):
        menu.value = seat
    table.deal.value = "155"
    table.buttons["start a new game"].click()
    assert table.match.seats == ("person", "person", "bold") and table.match.seed == 155 and table.passing
    assert "Deal 155" in table.heading_text and "Pass the device to player" in table.heading_text
    table.deal.value = "12 cards"
    table.buttons["start a new game"].click()
    assert table.match.seed == 155 and "a deal number is a whole number" in table.said.value



def test_every_greyed_out_button_says_why():
    table = ZogarTable(seats=("person", "cautious"), seed=3, pace=0)
    assert table.buttons["skip to my turn"].disabled and table.buttons["take back my move"].disabled
    greyed = text_of(table)
    assert "skip, pause, step: it is a person's turn" in greyed and "take back: only your own moves" in greyed
    table.click("skip")  # buy nothing: a move of one's own, which can be taken back
    assert not table.buttons["take back my move"].disabled and "take back:" not in text_of(table)
    hot = ZogarTable(seats=("person", "person"), seed=3, pace=0)
    assert hot.passing and hot.buttons["play this move"].disabled
    assert "the board and the moves wait until the device is passed" in text_of(hot)
