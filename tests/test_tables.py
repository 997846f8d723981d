"""What every game's table shares: a whole game at it needs no sympy (the classroom's pages start without it; the
static site loads it only for the notebooks), checked in a fresh interpreter; and every refusal says what to do."""

import ast
import html
import importlib
import random
import re
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
        self.waiting: list[_Later] = []
        self.now = 0.0

    def time(self) -> float:
        return self.now

    def call_later(self, delay, callback):
        later = _Later(self, delay, callback)
        self.waiting.append(later)
        return later

    def run_next(self) -> float:
        """Run the callback waiting; returns its delay."""
        later = self.waiting.pop(0)
        self.now += later.delay
        later.callback()
        return later.delay


class _Later:
    def __init__(self, clock: _Clock, delay: float, callback):
        self.clock, self.delay, self.callback = clock, delay, callback

    def cancel(self) -> None:
        self.clock.waiting.remove(self)


def _watched_table(game, monkeypatch, seed=3, clock=None):
    from zaarlab.ui import pacing

    clock = clock or _Clock()
    monkeypatch.setattr(pacing, "_running_loop", lambda: clock)
    module, name, seats, bot = TABLES[game]
    return getattr(importlib.import_module(module), name)(seats=ast.literal_eval(seats), seed=seed), clock, bot


@pytest.mark.parametrize("game", list(TABLES))
def test_the_others_moves_are_watched_in_at_most_five_seconds_each_frame_a_state_they_passed_through(game,
                                                                                                      monkeypatch):
    """At the default pace, the others' moves after each of the person's in a whole game take at most
    BOT_TURN_SECONDS to watch, however many they make: each frame is a state the match passed through, in order, the
    heading counts the moves shown against the whole ('move 12 of 40'), each frame says its moves in a sentence, and
    the last is the match as it stands, the person's turn."""
    from zaarlab.ui import pacing as frame

    table, clock, bot = _watched_table(game, monkeypatch)
    states = table.match.session.states
    rng, turns, longest_frame = random.Random(3), 0, 0
    while not table.match.state.is_terminal():
        waited, shown = 0.0, []
        while clock.waiting:
            watch = table.pacing.watch
            waited += clock.run_next()
            index = next(i for i, state in enumerate(states) if state is table.state)
            assert not shown or index > shown[-1], "a frame went back"
            shown.append(index)
            said = table.message
            assert said.endswith(".") and said[0].isupper() and "(s)" not in said, said
            if table.pacing.watch is not None:
                moves = table.pacing.watch.moves_shown()
                assert f"move {moves} of {table.pacing.watch.total} since yours" in table.heading_text
                longest_frame = max(longest_frame, watch.frames[watch.shown].moves
                                    - (watch.frames[watch.shown - 1].moves if watch.shown else 0))
        assert waited <= frame.BOT_TURN_SECONDS + 1e-9, (game, waited)
        assert table.state is table.match.state and table.pacing.watch is None
        assert not shown or shown[-1] == len(table.match.history)
        if table.match.state.is_terminal():
            break
        assert table.to_move() is not None, "the others stopped moving before the person's turn"
        turns += 1
        table.play(table.bots[bot](table.state, rng))
    assert turns > 3
    assert game != "zargos" or longest_frame > 20  # a Zargos turn is long: many of its moves shown as one


def test_pause_step_faster_and_skip_act_on_the_others_moves_being_watched(monkeypatch):
    """While the others' moves are shown: *pause* stops them on the frame shown (nothing waits to run) and its button
    says *go on*; *step* shows the next frame, still paused; *go on* goes on; *faster* halves each frame's time down to
    FASTEST; *skip* shows the match as it stands and tells the rest of the moves in a few words. A person's turn
    greys them out, with the reason in words."""
    from zaarlab.ui import pacing as frame

    table, clock, bot = _watched_table("zaar", monkeypatch)
    rng = random.Random(3)
    while table.pacing.watch is None or len(table.pacing.watch.frames) < 4:  # a bot's turn long enough for them
        while clock.waiting:
            clock.run_next()
        table.play(table.bots[bot](table.state, rng))
    watch, buttons = table.pacing.watch, table.buttons
    assert not buttons["pause"].disabled and not buttons["step"].disabled and clock.waiting
    buttons["pause"].click()
    assert watch.paused and not clock.waiting and buttons["pause"].description == "go on"
    assert "Paused at the others' move" in table.heading_text or "Next, the others'" in table.heading_text
    buttons["step"].click()
    assert watch.shown == 0 and not clock.waiting and table.state is table.match.session.states[watch.frames[0].end]
    assert f"Paused at the others' move {watch.frames[0].moves} of {watch.total}" in table.heading_text
    assert table.message == watch.frames[0].words
    buttons["pause"].click()
    assert not watch.paused and len(clock.waiting) == 1 and buttons["pause"].description == "pause"
    paces = []
    while not buttons["faster"].disabled:
        buttons["faster"].click()
        paces.append(table.pacing.pace)
    assert paces == [0.3, 0.15] and frame.FASTEST == 0.15 and "0.15 seconds" in table.message
    clock.run_next()
    assert clock.waiting[0].delay == pytest.approx(0.15)
    rest = watch.total - watch.moves_shown()
    buttons["skip to my turn"].click()
    assert table.pacing.watch is None and not clock.waiting and table.state is table.match.state
    assert table.message.startswith("The rest of the others' moves, at once: Player 2 (greedy bot): "), table.message
    assert rest > 0 and table.to_move() == 0
    greyed = html.unescape(table.why_not.value)
    assert buttons["pause"].disabled and buttons["step"].disabled
    assert "skip, pause, step: it is a person's turn" in greyed
    assert "faster: the others' moves show at their fastest" in greyed


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


@pytest.mark.parametrize("game", list(TABLES))
def test_the_rules_beside_the_board_are_those_of_the_phase_at_hand_and_a_search_finds_every_rule_saying_it(game):
    """Every phase of the game names sections its rules file has; at each decision of a whole game the rules beside
    the board are those sections' rules, in words, folded under their titles; a search lists exactly the rules of the
    game's file whose line holds every word typed (counted here from the file itself), and clearing it shows the
    phase's rules again."""
    import importlib as modules

    from zaarlab.core.rule_texts import rules_dir

    table, bot = _table(game)
    referee = modules.import_module(f"zaarlab.{game}.referee")
    phases = modules.import_module(f"zaarlab.{game}.state").Phase
    file = (rules_dir() / f"{game}.md").read_text(encoding="utf-8")
    codes = set(re.findall(r"^## .*?\(([A-Z]+\d?)\)", file, re.MULTILINE)) | set(
        re.findall(r"\(([A-Z]+\d?)\)", "\n".join(re.findall(r"^## .*$", file, re.MULTILINE))))
    assert set(referee.RULES_NOW) == set(phases)
    assert {code for named in referee.RULES_NOW.values() for code in named} <= codes
    rng, decisions = random.Random(3), 0
    while not table.state.is_terminal() and decisions < 60:
        named = table.rules_now(table.state)
        lines = table.rules.text.splitlines()
        ids = re.findall(r'title="([A-Z]+-[A-Z]+\d?-\d+):', table.rules.shown.value)
        assert lines[0].startswith("the rules now: ") and ids
        assert {rule.split("-")[1] for rule in ids} <= set(named) | {"PASS"}, (named, ids)
        assert not unreadable("\n".join(lines)), lines
        table.play(bot(table.state, rng))
        decisions += 1
    word = {"zaar": "demon", "zargos": "boat", "zerzura": "guard", "zogars_gaze": "dice"}[game]
    table.rules.search.value = f"  {word.upper()} "
    rows = [row for row in re.findall(r"^\| ([A-Z]+-[A-Z]+\d?-\d+) \|(.*)\|\s*$", file, re.MULTILINE)
            if word in f"{row[0]} {row[1]}".lower()]
    found = re.findall(r'title="([A-Z]+-[A-Z]+\d?-\d+):', table.rules.shown.value)
    assert len(rows) > 1 and found == [rule for rule, _ in rows][:12]
    assert table.rules.text.splitlines()[0].startswith(f'{len(rows)} rules say "{word}"')
    table.rules.search.value = "nothing-like-this"
    assert table.rules.text == 'No rule says "nothing-like-this": try another word.'
    table.rules.search.value = ""
    assert table.rules.text.startswith("the rules now: ")


def test_a_screen_slow_to_draw_passes_over_the_frames_it_fell_behind_on_and_keeps_the_time(monkeypatch):
    """Where each frame takes a second to draw (an old device, a big map), the others' moves after the person's still
    take about BOT_TURN_SECONDS: the frames fallen behind on are passed over, never the last (the match as it
    stands)."""
    from zaarlab.ui import pacing as frame
    from zaarlab.ui.table import Table

    clock, slow = _Clock(), 1.0
    monkeypatch.setattr(Table, "refresh", _slowly(Table.refresh, clock, slow))  # before the table takes it
    table, _, bot = _watched_table("zaar", monkeypatch, clock=clock)
    rng, longest, passed_over = random.Random(3), 0.0, 0
    while clock.waiting:  # the deal's own moves
        clock.run_next()
    for _ in range(30):
        started = clock.now
        table.play(table.bots[bot](table.state, rng))  # the click, drawn slowly too
        frames, shown = len(table.pacing.watch.frames) if table.pacing.watch else 0, 0
        while clock.waiting:
            clock.run_next()
            shown += 1
        longest = max(longest, clock.now - started)
        passed_over += frames - shown
        assert table.pacing.watch is None and table.state is table.match.state
        if table.match.state.is_terminal():
            break
    assert passed_over > 0 and frame.BOT_TURN_SECONDS < longest <= frame.BOT_TURN_SECONDS + 2 * slow, (
        passed_over, longest)


def _slowly(refresh, clock, seconds: float):
    def slow(table):
        refresh(table)
        clock.now += seconds  # the screen took this long to draw it

    return slow
