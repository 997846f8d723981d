"""What every game's table shares: a whole game at it needs no sympy (the classroom's pages start without it; the
static site loads it only for the notebooks), checked in a fresh interpreter; and every refusal says what to do."""

import ast
import importlib
import random
import subprocess
import sys

import pytest

from tests.tables import play_by_clicks, send, unreadable
from zaarlab.ui.table import text_of

TABLES = {  # the table, its seats and the bot whose choices the person makes
    "zogars_gaze": ("zaarlab.zogars_gaze.table", "ZogarTable", "('person', 'cautious')", "bold"),
    "zerzura": ("zaarlab.zerzura.table", "ZerzuraTable", "('person', 'greedy')", "planner"),
    "zargos": ("zaarlab.zargos.table", "ZargosTable", "('person', 'greedy')", "greedy"),
    "zaar": ("zaarlab.zaar.table", "ZaarTable", "('person', 'greedy')", "greedy"),
}


@pytest.mark.parametrize("game", list(TABLES))
def test_a_whole_game_at_the_table_needs_no_sympy(game):
    module, table, seats, bot = TABLES[game]
    code = (f"import random, sys; from tests.tables import play_by_clicks; from {module} import {table}; "
            f"t = {table}(seats={seats}, seed=3, pace=0); play_by_clicks(t, t.bots['{bot}'], random.Random(3)); "
            "print(t.state.is_terminal(), 'sympy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=600)
    assert done.stdout.split() == ["True", "False"]


def _table(game: str):
    module, table, seats, bot = TABLES[game]
    made = getattr(importlib.import_module(module), table)(seats=ast.literal_eval(seats), seed=3, pace=0)
    return made, made.bots[bot]


@pytest.mark.parametrize("game", list(TABLES))
def test_every_refusal_says_why_and_names_a_move_legal_now_and_changes_nothing(game):
    """At every decision of a whole game, a click the board did not mark (and a forged one) is refused: the state
    and the table's own choice stay, and the refusal says what can be done now, naming legal moves in the words of
    the list of moves, with the rule's words one click away and no bare rule ID."""
    table, bot = _table(game)
    refusals = named = 0

    def refuse_some(table) -> None:
        nonlocal refusals, named
        if table.to_move() is None or table.passing:
            return
        unmarked = [piece["key"] for zone in table.board.zones for piece in zone["pieces"]
                    if not piece["target"] and not table.select_only(piece["key"])]
        for key in [*unmarked[:2], "forged:key"]:
            state, board = table.state, table.board.zones
            send(table, key)
            if not table.message.startswith("Not allowed: "):
                continue  # a click that only chose (a province to attack from), not a refusal
            refusals += 1
            assert table.state is state and table.board.zones == board, key
            legal_words = {table.move_words(state, action) for action in state.legal_actions()}
            said = table.message.split(" You can now: ", 1)
            assert len(said) == 2 and any(f'"{words}"' in said[1] for words in legal_words), table.message
            named += 1
            assert "<details" in table.said.value and not unreadable(text_of(table)), table.said.value
            table.clear_selection()

    play_by_clicks(table, lambda state, rng: bot(state, rng), random.Random(3), read=refuse_some)
    assert refusals >= 20 and named == refusals


class _Clock:
    """An event loop's ``call_later`` that runs nothing by itself: a test runs each callback, counting the seconds."""

    def __init__(self):
        self.waiting: list = []

    def call_later(self, delay, callback):
        self.waiting.append((delay, callback))
        return self

    def cancel(self) -> None:
        pass


@pytest.mark.parametrize("game", list(TABLES))
def test_the_others_take_at_most_five_seconds_to_watch_and_say_what_they_played_at_once(game, monkeypatch):
    """At the default pace, the others' moves after each of the person's in a whole game are watched for at most
    BOT_TURN_SECONDS (one tick a step), however many they make: the rest at once, said in a line."""
    from zaarlab.ui import table as frame

    clock = _Clock()
    monkeypatch.setattr(frame, "_running_loop", lambda: clock)
    module, name, seats, bot = TABLES[game]
    table = getattr(importlib.import_module(module), name)(seats=ast.literal_eval(seats), seed=3)
    rng, waited, turns, at_once = random.Random(3), 0.0, 0, 0
    while not table.state.is_terminal():
        if clock.waiting:
            delay, tick = clock.waiting.pop()
            waited += delay
            assert waited <= frame.BOT_TURN_SECONDS + 1e-9, (game, waited)
            tick()
            at_once += "at once, so that the wait stays short" in table.message
        else:  # the person's move: the bots' next turns are watched afresh
            assert table.to_move() is not None, "the others stopped moving before the person's turn"
            turns += 1
            waited = 0.0
            table.play(table.bots[bot](table.state, rng))
    assert turns > 3
    assert game != "zargos" or at_once > 0  # a Zargos bot's turn is long: its rest was played at once


@pytest.mark.parametrize("game", list(TABLES))
def test_what_changed_since_the_persons_move_is_marked_until_they_act(game):
    """At each decision of a whole game, the pieces marked changed are exactly those not as the board showed them
    when the person last acted (a card come or gone, a count, a die), never a move; a click that only chooses (a die
    held, a province to attack from) is acting too, and clears the marks."""
    table, bot = _table(game)
    rng, marked, decisions = random.Random(3), 0, 0

    def seen_now() -> dict[str, tuple]:
        return {p["key"]: (p["name"], p["note"], p["face"], p["colour"])
                for zone in table.board.zones for p in zone["pieces"]}

    last_seen: dict[str, tuple] | None = None
    while not table.state.is_terminal():
        pieces = [piece for zone in table.board.zones for piece in zone["pieces"]]
        if last_seen is not None:
            expected = {p["key"] for p in pieces if p["kind"] != "move" and last_seen.get(p["key"]) != (
                p["name"], p["note"], p["face"], p["colour"])}
            assert {p["key"] for p in pieces if p["changed"]} == expected
            marked += len(expected)
        decisions += 1
        keys = table.clicks_for(bot(table.state, rng))
        for key in keys:
            last_seen = seen_now()
            send(table, key)
            if key != keys[-1]:  # a choice: acting, so nothing is marked
                assert not any(p["changed"] for zone in table.board.zones for p in zone["pieces"])
    assert decisions > 5 and marked > decisions
