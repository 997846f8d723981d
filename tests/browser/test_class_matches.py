"""Two students play each other on their own devices (two Chromium contexts) through the class's server: one opens a
table, the other sits at it, both play by clicking their moves to the end; a page reloaded mid-game and a server
restarted mid-game come back to the same moment; every websocket frame each page received holds its own seat's view
and of the other's secrets only counts, value by value what that seat's observation of the true state gives (read
back from the class's database); the game ends in both students' records."""

import json
import re

import pytest

from tests.processes import free_port, jupyter_home, serving
from zaarlab.classroom.launch import voila_command, voila_environment
from zaarlab.classroom.students import Class

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("class-matches")]

WAIT = 30_000
PLAY = "/zaarlab/play"
MOVE = re.compile(r"\(move (\d+)\)")
SEND = """(message) => new Promise((resolve) => {  // a message sent on a socket of its own, as a hostile page would
    const socket = new WebSocket(location.href.replace(/^http/, "ws") + "/socket");
    socket.onmessage = (event) => {
        const answer = JSON.parse(event.data);
        if (answer.refused) resolve(answer.refused);
    };
    socket.onopen = () => socket.send(JSON.stringify(message));
})"""


def start(home, kept, port):
    """The class's server (students sign in with a name of their own, no dashboard kept ready)."""
    command = voila_command("127.0.0.1", port, 0, pages=100, per_device=100, answers=str(kept.answers),
                            teacher_key=kept.key, class_folder=str(kept.folder))
    env = voila_environment(jupyter_home(home), answers=kept.answers, sign_in=True)
    return serving("voila", command, env, port, home / f"voila-{port}.log")


class Device:
    """A student's device: a page of the class's tables, signed in as ``name``, every websocket frame it receives
    kept."""

    def __init__(self, browser, base: str, name: str):
        from playwright.sync_api import expect

        self.page = browser.new_context().new_page()
        self.frames: list[str] = []
        self.page.on("websocket", lambda socket: socket.on("framereceived", lambda frame: self.frames.append(frame)))
        self.page.goto(f"{base}{PLAY}")
        expect(self.page.get_by_role("button", name="Sign in")).to_be_visible(timeout=WAIT)
        self.page.get_by_label("Your name").fill(name)
        self.page.get_by_role("button", name="Sign in").click()
        expect(self.page.locator("#status")).to_have_text("Connected.", timeout=WAIT)

    def turn(self) -> str:
        return self.page.locator("#turn").inner_text()

    def back_to_the_table(self) -> None:
        """Reloaded (or after a restart): the page lists the tables; the student goes back to theirs."""
        from playwright.sync_api import expect

        self.page.reload()
        expect(self.page.locator("#status")).to_have_text("Connected.", timeout=WAIT)
        self.page.get_by_role("button", name=re.compile("go to your .* table")).click()
        expect(self.page.locator("#turn")).to_contain_text("move", timeout=WAIT)


def play(devices: dict[str, Device], moves: int | None = None) -> int:
    """The student to move clicks their first move, each in turn, until the end (or ``moves`` moves); each click is
    seen on both pages (the step told) before the next. Returns the moves made."""
    from playwright.sync_api import expect

    made = 0
    while moves is None or made < moves:
        texts = {name: d.turn() for name, d in devices.items()}
        if all(t.startswith("The game is over") for t in texts.values()):
            return made
        mover = next((n for n, t in texts.items() if t.startswith("Your turn")), None)
        if mover is None:  # between two moves: wait on the page whose student the others wait for
            waited = next(n for n in devices if any(f"Waiting for {n} " in t for t in texts.values()))
            expect(devices[waited].page.locator("#turn")).to_contain_text(re.compile("Your turn|over"), timeout=WAIT)
            continue
        step = int(MOVE.search(texts[mover]).group(1))
        devices[mover].page.locator("#moves button").first.click()
        for device in devices.values():  # the move reached every page: each shows a later step, or the end
            expect(device.page.locator("#turn")).not_to_contain_text(f"(move {step})", timeout=WAIT)
        made += 1
    return made


def replay_the_game(device: Device, over: str) -> None:
    """At the end, the student replays the game: its first moment, forward one, to the end; and after going back to
    the tables, replays it from the list of their finished games."""
    from playwright.sync_api import expect

    page, turn = device.page, device.page.locator("#turn")
    ending = page.locator("#story li").last.inner_text()  # what happened last in the game
    page.get_by_role("button", name="replay this game move by move").click()
    expect(turn).to_contain_text(re.compile(r"^Replay, moment 1 of (\d+): "), timeout=WAIT)
    moments = int(re.search(r"of (\d+)", turn.inner_text()).group(1))
    expect(page.get_by_role("button", name="one move back")).to_be_disabled()
    expect(page.locator("#story li").last).not_to_have_text(ending)  # the story as it stood then
    page.get_by_role("button", name="one move on").click()
    expect(turn).to_contain_text(f"Replay, moment 2 of {moments}: ", timeout=WAIT)
    page.get_by_role("button", name="the end").click()
    expect(turn).to_have_text(f"Replay, moment {moments} of {moments}: {over}", timeout=WAIT)
    expect(page.locator("#story li").last).to_have_text(ending)
    expect(page.get_by_role("button", name="one move on")).to_be_disabled()
    page.get_by_role("button", name="back to the tables").click()
    page.locator("#finished li").first.get_by_role("button", name="replay it").click()
    expect(turn).to_have_text(f"Replay, moment {moments} of {moments}: {over}", timeout=WAIT)


def test_two_students_play_each_other_to_the_end_through_a_reload_and_a_restart(browser, tmp_path):
    from playwright.sync_api import expect

    kept, port = Class(tmp_path / "class"), free_port()
    with start(tmp_path, kept, port) as base:
        ada, bo = Device(browser, base, "Ada"), Device(browser, base, "Bo")
        ada.page.get_by_label("Game").select_option(label="Zerzura: The Oasis of Marvels")
        expect(ada.page.locator(".seat").nth(1)).to_have_value("person")  # seat 2: a classmate
        ada.page.get_by_role("button", name="open the table").click()
        expect(ada.page.locator("#table-title")).to_have_text("Zerzura: The Oasis of Marvels: you are at seat 1",
                                                               timeout=WAIT)
        bo.page.get_by_role("button", name="sit at seat 2").click()
        expect(bo.page.locator("#table-title")).to_contain_text("you are at seat 2", timeout=WAIT)
        devices = {"Ada": ada, "Bo": bo}
        assert play(devices, moves=4) == 4
        for device in devices.values():  # each sees the Market, their own cards and storage, the other's cards
            pieces_drawn(device)
        for device, seat, other in ((ada, 1, 2), (bo, 2, 1)):
            expect(device.page.locator("#pieces h2", has_text=f"Your cards (player {seat})")).to_have_count(1)
            expect(device.page.locator("#pieces h2", has_text=f"Player {other}'s cards")).to_have_count(1)
        bo.back_to_the_table()  # a reload mid-game: the same seat, the same moment
        assert MOVE.search(bo.turn()).group(1) == MOVE.search(ada.turn()).group(1)
        # not one's own turn: no move to click on this page, and one sent as a hostile page would (for the other
        # seat's turn, or for a forged table) is refused in words
        waiting = ada if ada.turn().startswith("Waiting") else bo
        expect(waiting.page.locator("#moves button")).to_have_count(0)
        table = json.loads(next(f for f in reversed(waiting.frames) if f.startswith('{"view"')))["view"]
        for sent, refusal in (({"do": "move", "table": table["table"], "step": table["step"], "choice": 0},
                               "it is not your turn"),
                              ({"do": "move", "table": "forged", "step": 0, "choice": 0}, "there is no such table")):
            assert refusal in waiting.page.evaluate(SEND, sent)
        assert MOVE.search(waiting.turn()).group(1) == str(table["played"] + 1)  # nothing changed
    with start(tmp_path, kept, port) as base:  # the server restarted: both come back to the same moment
        for device in devices.values():
            device.back_to_the_table()
        assert play(devices) > 0
        over = ada.turn()
        assert over.startswith("The game is over") and bo.turn() == over
        replay_the_game(ada, over)
        teacher = browser.new_context().new_page()
        teacher.goto(f"{base}/zaarlab/teacher?key={kept.key}")
        for name in ("Ada", "Bo"):
            expect(teacher.locator("details.student", has_text=name)).to_contain_text("1 game finished")
    for name, device in devices.items():
        seat = 0 if name == "Ada" else 1
        views = [json.loads(f)["view"] for f in device.frames if f.startswith('{"view"')]
        assert len(views) > 10
        for view in views:  # every view this page received is its own seat's, the other's secrets as counts
            assert view["seat"] == seat
            state = view["state"]
            assert isinstance(state["stored"][1 - seat], int) and isinstance(state["stored"][seat], list)
            assert isinstance(state["deck"], int) and isinstance(state["removed"], int)
        assert not [f for f in device.frames if any(k in f for k in ('"history"', '"rng"', '"dice"', '"final"'))]
        exactly_their_seats_views(kept, views, seat)


VIEW_KEYS = {"table", "game", "step", "seat", "played", "seats", "to_move", "state", "board", "zones", "moves",
             "places", "place_names", "hint", "odds", "standing", "figure", "story", "over", "decisions", "notes"}


def exactly_their_seats_views(kept: Class, views: list[dict], seat: int) -> None:
    """Value by value, every view a page received is what its seat may know: the true state at the view's step is read
    back from the class's database (every move is kept there), and the view's parts that come from the state equal
    what that seat's observation gives (``state``, ``board``), the referee's board of pieces for that seat
    (``zones``, what changed since the seat last moved marked), the public story and map (its changes marked alike),
    and, for the seat to move, its moves, the places they are about by name, whether a hint may be asked and the
    referee's odds; nothing else is sent. (The observation, odds, map and story hide every secret:
    tests/test_seat_views.py.)"""
    from zaarlab.classroom.matches import MatchBook, game_kinds
    from zaarlab.classroom.seat_words import board_lines, plain, story_words
    from zaarlab.ui.pieces import looks, mark_changes, plain_zones

    book = MatchBook(str(kept.answers))
    matches = {table.id: table.match for table in book.tables(game_kinds())}
    book.close()
    drawn: dict[int, dict | None] = {}
    for view in views:
        match = matches[view["table"]]
        state = match.session.states[view["step"]]
        hooks, seen, names = match.hooks, state.observation(seat), match.hooks.names(state)
        replayed = "replay" in view  # a moment of the game replayed after its end: no move to make then
        assert set(view) == VIEW_KEYS | ({"replay"} if replayed else set()) and view["seat"] == seat
        assert view["state"] == json.loads(json.dumps(plain(seen)))
        assert view["board"] == board_lines(seen, names, match.game.num_players)
        states = match.session.states
        moved = [step for step in range(view["step"]) if states[step].current_player() == seat]
        left = states[moved[-1] + 1] if moved else None  # the table as the seat left it after its last move
        zones = hooks.board_zones(state, seat)
        if left is not None:
            zones = mark_changes(zones, looks(plain_zones(hooks.board_zones(left, seat))))
        assert view["zones"] == json.loads(json.dumps(plain_zones(zones)))
        assert view["story"] == story_words(state, names) and view["standing"] == hooks.standing(state)
        mine = not state.is_terminal() and state.current_player() == seat and not replayed
        legal = state.legal_actions() if mine else []
        assert view["moves"] == [hooks.move_words(state, a) for a in legal]
        assert view["places"] == [list(hooks.move_places(state, a)) for a in legal]
        assert view["place_names"] == {
            p: hooks.place_words(state, p) for a in legal for p in hooks.move_places(state, a)}
        assert view["hint"] == (mine and hooks.hint_bot in match.bots)  # the class gives hints
        assert view["odds"] == (hooks.decision_odds(state) if mine else "")
        if view["step"] not in drawn:  # the map public, its changes since the seat's last move marked
            figure = hooks.board_figure(state, seat, left)
            drawn[view["step"]] = None if figure is None else json.loads(figure.to_json())
        assert view["figure"] == drawn[view["step"]]


SHORT = {"zargos": ("Zargos", 2), "zogars_gaze": ("Zogar's Gaze", 8), "zaar": ("Zaar", 6)}  # title, turns at most


def own_view_only(game: str, view: dict, seat: int) -> None:
    """A view a page received is its own seat's: of the other seat's secrets only how many (or, in Zogar's Gaze,
    their levels), and of the unseen cards no order."""
    state, other = view["state"], 1 - seat
    assert view["seat"] == seat
    if game == "zargos":
        assert isinstance(state["hands"][other], int) and isinstance(state["hands"][seat], list)
        assert isinstance(state["deck"], int) and state["unseen"] == sorted(state["unseen"])
    elif game == "zogars_gaze":
        assert all(isinstance(level, int) for level in state["hands"][other])  # the backs: levels
        assert "races" not in state and "classes" not in state and isinstance(state["dungeon_deck"], int)
    else:  # Zaar hides nothing: every seat sees the same table
        assert state["you"] == seat


def pieces_drawn(device: Device) -> None:
    """The page draws the cards, piles and dice of the last view it received as pictures, zone by zone (no button:
    the moves are the buttons), its words folded under them; a game whose board is its map draws none."""
    from playwright.sync_api import expect

    page = device.page
    zones = json.loads(next(f for f in reversed(device.frames) if f.startswith('{"view"')))["view"]["zones"]
    if not zones:
        expect(page.locator("#pieces")).to_be_hidden()
        return
    expect(page.locator("#pieces h2")).to_have_text([zone["title"] for zone in zones])
    pieces = [piece for zone in zones for piece in zone["pieces"]]
    drawn = page.locator("#pieces .zaarlab-piece")
    expect(drawn).to_have_count(len(pieces))
    for shown, piece in zip(drawn.all(), pieces, strict=True):
        expect(shown).to_have_attribute("data-key", piece["key"])
        if piece["kind"] != "die":
            expect(shown.locator("strong")).to_have_text(piece["name"])
    assert not page.locator("#pieces button").count()
    assert page.evaluate("document.getElementById('words').open") is False  # the words folded under the picture


def moves_about_a_place_clicked_on_the_map(devices: dict[str, Device]) -> None:
    """The students play until one's moves are about places of the map; that student clicks such a place on the map
    (with the mouse, where plotly drew it): the moves about it come first in the list, marked, and said how many; the
    first of them, clicked, is played."""
    from playwright.sync_api import expect

    from tests.browser.drivers import POINT

    for _ in range(60):
        mover = next((d for d in devices.values() if d.turn().startswith("Your turn")), None)
        view = json.loads(next(f for f in reversed(mover.frames) if f.startswith('{"view"')))["view"] if mover else {}
        if mover and view.get("moves") and any(view["places"]):
            break
        play(devices, moves=1)
    else:
        raise AssertionError("no move about a place of the map in the game's first 60 moves")
    place = next(p for places in view["places"] for p in places)
    about = [words for words, places in zip(view["moves"], view["places"], strict=True) if place in places]
    page = mover.page
    expect(page.locator("#about")).to_have_text("A click on the map finds your moves about that place.")
    page.locator("#map").scroll_into_view_if_needed()
    trace = "provinces" if view["game"] == "zargos" else "rooms"
    x, y = page.wait_for_function(POINT, arg=[page.locator("#map").element_handle(), trace, place],
                                  timeout=WAIT).json_value()
    page.mouse.click(x, y)
    expect(page.locator("#about")).to_contain_text(f"about {view['place_names'][place]}: first in the list, marked")
    expect(page.locator("#moves button.about")).to_have_text(about)
    expect(page.locator("#moves button").first).to_have_text(about[0])
    step = view["step"]
    page.locator("#moves button.about").first.click()
    for device in devices.values():
        expect(device.page.locator("#turn")).not_to_contain_text(f"(move {view['played'] + 1})", timeout=WAIT)
    assert json.loads(next(f for f in reversed(mover.frames) if f.startswith('{"view"')))["view"]["step"] > step


def hint_asked(devices: dict[str, Device]) -> None:
    """The student to move presses *hint* (the other's page offers none): the page shows the server's answer, the
    strongest bot's move in words (or why there is none now), and the button waits for the next move."""
    from playwright.sync_api import expect

    first = next(iter(devices.values()))
    named = "|".join(re.escape(f"Waiting for {name} ") for name in devices)  # not a seat still being taken
    expect(first.page.locator("#turn")).to_contain_text(re.compile(f"Your turn|{named}"), timeout=WAIT)
    mover = first if first.turn().startswith("Your turn") else next(
        d for name, d in devices.items() if f"Waiting for {name} " in first.turn())
    expect(mover.page.locator("#turn")).to_contain_text("Your turn", timeout=WAIT)
    for device in devices.values():
        if device is not mover:
            expect(device.page.locator("#ask-hint")).to_be_hidden()
    button = mover.page.get_by_role("button", name="hint: what would the strongest bot play?")
    told = len(mover.frames)
    button.click()
    expect(mover.page.locator("#hint:not(:empty), #refused:not(:empty)")).to_have_count(1, timeout=WAIT)
    answer = next(json.loads(f) for f in mover.frames[told:] if f.startswith(('{"hint"', '{"refused"')))
    if "hint" in answer:
        words = answer["hint"]["words"]
        assert words.startswith("the ") and " bot would " in words
        expect(mover.page.locator("#hint")).to_have_text(f"Hint: {words[0].upper()}{words[1:]}.")
        expect(button).to_be_disabled()
    else:
        expect(mover.page.locator("#refused")).to_have_text(f"Not allowed: {answer['refused']}.")


@pytest.mark.parametrize("game", sorted(SHORT))
def test_two_students_play_each_game_to_its_end_on_their_own_pages(browser, tmp_path, game):
    from playwright.sync_api import expect

    title, turns = SHORT[game]
    kept, port = Class(tmp_path / "class"), free_port()
    with start(tmp_path, kept, port) as base:
        ada, bo = Device(browser, base, "Ada"), Device(browser, base, "Bo")
        ada.page.get_by_label("Game").select_option(label=title)
        ada.page.get_by_label("At most").fill(str(turns))  # a game for one lesson
        ada.page.get_by_label("Deal number").fill("1")  # one that comes to a move about a place of the map
        ada.page.get_by_role("button", name="open the table").click()
        expect(ada.page.locator("#table-title")).to_contain_text("you are at seat 1", timeout=WAIT)
        bo.page.get_by_role("button", name="sit at seat 2").click()
        expect(bo.page.locator("#table-title")).to_contain_text("you are at seat 2", timeout=WAIT)
        hint_asked({"Ada": ada, "Bo": bo})
        if game != "zogars_gaze":
            moves_about_a_place_clicked_on_the_map({"Ada": ada, "Bo": bo})
        assert play({"Ada": ada, "Bo": bo}) > 0
        assert "turn limit" in ada.turn() and bo.turn() == ada.turn()
        last = json.loads(next(f for f in reversed(ada.frames) if f.startswith('{"view"')))["view"]
        for device in (ada, bo):
            pieces_drawn(device)
        if game == "zogars_gaze":  # no map: none drawn, nor its script fetched
            expect(ada.page.locator("#map")).to_be_hidden()
        else:  # the map drawn as it stands at the end, on both pages
            for page in (ada.page, bo.page):
                expect(page.locator("#map .main-svg").first).to_be_visible(timeout=WAIT)
                assert page.evaluate("document.getElementById('words').open") is False  # folded beside the map
                page.locator("#map").scroll_into_view_if_needed()
                assert page.evaluate("document.getElementById('map').data.length") == len(last["figure"]["data"])
                assert page.evaluate("document.getElementById('map').layout.title.text") == \
                    last["figure"]["layout"]["title"]["text"]
    for seat, device in enumerate((ada, bo)):
        views = [json.loads(f)["view"] for f in device.frames if f.startswith('{"view"')]
        assert len(views) > 5
        for view in views:
            own_view_only(game, view, seat)
        exactly_their_seats_views(kept, views, seat)


def test_the_teacher_pairs_the_class_watches_the_tables_and_ends_or_restarts_one(browser, tmp_path):
    from playwright.sync_api import expect

    kept, port = Class(tmp_path / "class"), free_port()
    with start(tmp_path, kept, port) as base:
        devices = {name: Device(browser, base, name) for name in ("Ada", "Bo", "Cy")}
        teacher = browser.new_context().new_page()
        teacher.goto(f"{base}/zaarlab/teacher?key={kept.key}")
        expect(teacher.locator("#live")).to_contain_text("Pair the 3 students with the play page open and no table "
                                                         "(Ada, Bo, Cy)", timeout=WAIT)
        teacher.get_by_label("game").select_option(label="Zogar's Gaze")
        teacher.get_by_label("at most").fill("8")  # a game for one lesson
        teacher.get_by_role("button", name="pair them").click()
        rows = teacher.locator("#live tbody tr", has_text="Zogar's Gaze")
        expect(rows).to_have_count(2, timeout=WAIT)  # two tables: a pair, and one student with the cautious bot
        expect(teacher.locator("#live tbody tr", has_text="the cautious bot")).to_have_count(1)
        for device in devices.values():  # each student's page went to their table by itself
            expect(device.page.locator("#table-title")).to_contain_text("you are at seat", timeout=WAIT)
        row = teacher.locator("#live tbody tr", has_text="the cautious bot")
        alone = next(n for n in devices if n in row.locator("td").nth(1).inner_text())
        expect(row).to_contain_text("at most 8 turns")  # the length the teacher chose
        expect(row).to_contain_text("of 7 Zogar's Gazes revealed")  # the score, as the players see it
        row.get_by_text("the board").click()  # the public board: what a spectator may see
        expect(row.locator("dl")).to_contain_text("dungeon deck")
        row.get_by_role("button", name="restart").click()
        expect(devices[alone].page.locator("#refused")).to_have_text("Your teacher restarted this table: a new deal.",
                                                                      timeout=WAIT)
        expect(devices[alone].page.locator("#table-title")).to_contain_text("you are at seat", timeout=WAIT)
        pair = teacher.locator("#live tbody tr", has_text="Zogar's Gaze").filter(has_not_text="the cautious bot")
        players = [n for n in devices if n != alone]
        pair.get_by_role("button", name="end").click()
        for name in players:
            expect(devices[name].page.locator("#refused")).to_have_text("Your teacher ended this table.", timeout=WAIT)
            expect(devices[name].page.locator("#lobby")).to_be_visible()
        expect(teacher.locator("#live tbody tr", has_text="Zogar's Gaze")).to_have_count(1, timeout=WAIT)
