"""The class's matches (``zaarlab.classroom.matches``): students playing each other through the server's one
authority. Each game played to its end between persons; every request a hostile page may send refused in words with
the match unchanged; every move kept, and a restarted server going on where each match stood."""

import json
import random

import pytest

from tests.helpers import Patient
from zaarlab.classroom.matches import BURST, MAX_PER_STUDENT, MatchBook, Matches, Refused
from zaarlab.classroom.seat_words import board_lines

SHORT = {  # game: (its parameters, short games as the tables' tests play them)
    "zaar": {"turn_limit": 12},
    "zargos": {"turn_limit": 3},
    "zerzura": {},
    "zogars_gaze": {"turn_limit": 12},
}


def play_between(matches: Matches, table: str, students: list[str], seed: int, limit: int = 100_000) -> int:
    """The students move, each on their own page (their own view), each picking one of the moves they were shown,
    until the game ends or ``limit`` moves; returns the moves they made."""
    rng, made = random.Random(seed), 0
    while made < limit:
        views = {s: matches.view(s, table) for s in students}
        if views[students[0]]["over"]:
            return made
        [(mover, seen)] = [(s, v) for s, v in views.items() if v["moves"]]
        assert all(not v["moves"] for s, v in views.items() if s != mover)  # only the seat to move is offered any
        matches.move(mover, table, seen["step"], rng.randrange(len(seen["moves"])))
        made += 1
    return made


@pytest.mark.parametrize("game", sorted(SHORT))
def test_two_students_play_a_whole_game_each_on_their_own_page(game):
    matches = Matches(clock=Patient())
    table = matches.open("Ada", game, ["person", "person"], deal=3, params=SHORT[game])
    matches.sit("Bo", table, 1)
    made = play_between(matches, table, ["Ada", "Bo"], seed=3)
    ada, bo = matches.view("Ada", table), matches.view("Bo", table)
    assert made > 0 and ada["over"] and ada["over"] == bo["over"] and ada["step"] == bo["step"]
    assert (ada["seat"], bo["seat"], ada["to_move"]) == (0, 1, None)
    assert matches.open_tables() == []  # over: no longer among the tables to join


def test_a_table_with_a_bot_moves_the_bot_at_the_server_and_only_the_student_is_asked():
    matches = Matches(clock=Patient())
    table = matches.open("Ada", "zerzura", ["greedy", "person"], deal=5)
    seen = matches.view("Ada", table)
    assert seen["seat"] == 1 and seen["seats"] == ["the greedy bot", "Ada"] and seen["to_move"] == 1
    assert seen["moves"] and seen["step"] > 0  # the deal (chance's) and the bot's first actions are made already
    assert play_between(matches, table, ["Ada"], seed=1) > 0 and matches.view("Ada", table)["over"]


def unchanged(matches: Matches, table: str):
    """What the table holds now, to compare after a refusal."""
    match = matches.tables[table].match
    return match.state, list(match.history), list(matches.tables[table].sitters)


@pytest.fixture
def pair():
    matches = Matches(clock=Patient())
    table = matches.open("Ada", "zargos", ["person", "person"], deal=9, params=SHORT["zargos"])
    matches.sit("Bo", table, 1)
    return matches, table


def test_every_hostile_request_is_refused_in_words_and_changes_nothing(pair):
    matches, table = pair
    seen = {s: matches.view(s, table) for s in ("Ada", "Bo")}
    mover = next(s for s, v in seen.items() if v["moves"])
    other = "Bo" if mover == "Ada" else "Ada"
    step = seen[mover]["step"]
    before = unchanged(matches, table)
    hostile = [
        (lambda: matches.move(other, table, step, 0), "it is not your turn"),  # the other seat, out of turn
        (lambda: matches.move("Cy", table, step, 0), "you do not sit at this table"),  # nobody's seat
        (lambda: matches.move(mover, table, step - 1, 0), "the game has moved on"),  # a stale page
        (lambda: matches.move(mover, table, step + 1, 0), "the game has moved on"),  # a step from the future
        (lambda: matches.move(mover, table, step, len(seen[mover]["moves"])), "not one of the"),  # past the list
        (lambda: matches.move(mover, table, step, -1), "not one of the"),
        (lambda: matches.move(mover, table, step, True), "not one of the"),  # a bool is no place in a list
        (lambda: matches.move(mover, table, step, "0"), "not one of the"),
        (lambda: matches.move(mover, "forged-id", step, 0), "there is no such table"),
        (lambda: matches.move(mover, ["a", "list"], step, 0), "there is no such table"),
        (lambda: matches.view("Cy", table), "you do not sit at this table"),  # nobody may read a match not theirs
        (lambda: matches.sit("Cy", table, 0), "seat 1 is taken"),
        (lambda: matches.sit("Cy", table, 7), "this table has seats 1 to 2"),
        (lambda: matches.sit("Cy", table, True), "this table has seats 1 to 2"),  # a bool is no seat
        (lambda: matches.move(mover, table, float(step), 0), "the game has moved on"),
        (lambda: matches.sit("Ada", table, 1), "seat 2 is taken"),
        (lambda: matches.open("Cy", "chess", ["person", "person"]), "there is no game called 'chess'"),
        (lambda: matches.open("Cy", "zargos", ["person"] * 5), "a table has 2 to 4 seats, not 5"),
        (lambda: matches.open("Cy", "zargos", ["greedy", "greedy"]), "at least one seat is a person's"),
        (lambda: matches.open("Cy", "zargos", ["person", "nobody"]), "not 'nobody'"),
        (lambda: matches.open("Cy", "zargos", ["person", "person"], params={"turn_limit": -1}), "turn"),
    ]
    for request, words in hostile:
        with pytest.raises(Refused, match=words):
            request()
        assert unchanged(matches, table) == before
    matches.move(mover, table, step, 0)
    with pytest.raises(Refused, match="the game has moved on"):  # the same click, sent twice
        matches.move(mover, table, step, 0)


def test_a_flood_of_moves_is_refused_once_its_burst_is_spent_and_slows_no_other_table():
    matches = Matches()  # the server's own clock: a flood comes faster than any student clicks
    table = matches.open("Ada", "zargos", ["person", "person"], deal=9, params=SHORT["zargos"])
    matches.sit("Bo", table, 1)
    seen = {s: matches.view(s, table) for s in ("Ada", "Bo")}
    other = next(s for s, v in seen.items() if not v["moves"])
    refusals = []
    for _ in range(BURST + 5):
        try:
            matches.move(other, table, seen[other]["step"], 0)
        except Refused as refused:
            refusals.append(str(refused))
    assert refusals[:BURST] == ["it is not your turn: wait for the others to move"] * BURST
    assert refusals[BURST:] == ["too many moves at once: wait a moment"] * 5
    elsewhere = matches.open("Cy", "zerzura", ["person", "greedy"], deal=1)  # another student, another table
    view = matches.view("Cy", elsewhere)
    matches.move("Cy", elsewhere, view["step"], 0)
    assert matches.view("Cy", elsewhere)["step"] > view["step"]


def test_a_flood_of_replays_is_refused_as_a_flood_of_moves_is():
    """A replay draws its moment anew (a map too): a student's replays count against the same bound as their
    moves."""
    matches = Matches(clock=Patient())
    table = matches.open("Ada", "zargos", ["person", "greedy"], deal=2, params={"turn_limit": 1})
    play_between(matches, table, ["Ada"], seed=2)
    later = matches.clock() + 100  # the game long over: the bound's full burst is Ada's again
    matches.clock = lambda: later  # and a flood comes faster than any student clicks
    refusals = []
    for _ in range(BURST + 3):
        try:
            matches.replay("Ada", table, 0)
        except Refused as refused:
            refusals.append(str(refused))
    assert refusals == ["too many moves at once: wait a moment"] * 3


def test_every_move_is_kept_and_a_restarted_server_goes_on_where_each_match_stood(tmp_path):
    path = str(tmp_path / "answers.sqlite")
    kept, twin = Matches(MatchBook(path), clock=Patient()), Matches(clock=Patient())
    tables = {}
    for matches in (kept, twin):
        tables[id(matches)] = table = matches.open("Ada", "zerzura", ["person", "planner", "person"], deal=21)
        matches.sit("Bo", table, 2)
        play_between(matches, table, ["Ada", "Bo"], seed=4, limit=12)
    kept.book.close()
    again = Matches(MatchBook(path), clock=Patient())  # the server restarted: the same class's file
    table, other = tables[id(kept)], tables[id(twin)]
    assert again.view("Ada", table) | {"table": other} == twin.view("Ada", other)
    assert again.view("Bo", table)["seats"] == ["Ada", "the planner bot", "Bo"]
    play_between(again, table, ["Ada", "Bo"], seed=5)
    play_between(twin, other, ["Ada", "Bo"], seed=5)
    assert again.tables[table].match.state == twin.tables[other].match.state  # the same dice after the restart


def test_a_view_holds_a_seats_own_secrets_and_of_the_others_only_how_many():
    matches = Matches(clock=Patient())
    table = matches.open("Ada", "zogars_gaze", ["person", "person", "cautious"], deal=2)
    matches.sit("Bo", table, 1)
    state = matches.tables[table].match.state
    ada, bo = matches.view("Ada", table), matches.view("Bo", table)
    assert ada["state"]["race"] == state.races[0] and bo["state"]["race"] == state.races[1]
    text = json.dumps(ada)
    assert state.races[1] not in text and state.classes[1] not in text  # Bo's race and class are Bo's
    assert ada["state"]["hands"][1] == sorted(state.game.cards[c].level for c in state.hands[1])  # levels only
    assert "rng" not in text and "history" not in text  # no dice, no past moves to replay


@pytest.mark.parametrize("game", ["zargos", "zogars_gaze"])
def test_the_student_to_move_is_shown_the_odds_of_their_decision_and_both_read_the_same_story_and_score(game):
    """The odds come from the game's referee, for the student to move only (the other sees none); the story and the
    score are the same on both pages, the story's last line the last thing that happened."""
    matches = Matches(clock=Patient())
    table = matches.open("Ada", game, ["person", "person"], deal=4, params=SHORT[game])
    matches.sit("Bo", table, 1)
    rng, shown = random.Random(4), 0
    while not matches.view("Ada", table)["over"]:
        match = matches.tables[table].match
        ada, bo = matches.view("Ada", table), matches.view("Bo", table)
        mover, other = (ada, bo) if ada["moves"] else (bo, ada)
        assert mover["odds"] == match.hooks.decision_odds(match.state) and other["odds"] == ""
        shown += mover["odds"] != ""
        assert ada["story"] == bo["story"] and 0 < len(ada["story"]) <= 12
        assert ada["standing"] == bo["standing"] == match.hooks.standing(match.state) != ""  # the score, public
        assert ada["story"][-1] == match.state.story.sentence(match.state.log[-1], match.hooks.names(match.state))
        matches.move("Ada" if mover is ada else "Bo", table, mover["step"], rng.randrange(len(mover["moves"])))
    assert shown >= 3, shown


def test_a_finished_game_is_replayed_move_by_move_as_each_seat_saw_it():
    """Each moment of a finished game (a player to move, or the end) as the student's seat saw it: its view then,
    its story then; refused while the game is on, for a moment out of range, and to a student who did not sit."""
    from zaarlab.classroom.seat_words import plain

    matches = Matches(clock=Patient())
    table = matches.open("Ada", "zogars_gaze", ["person", "person"], deal=5, params=SHORT["zogars_gaze"])
    matches.sit("Bo", table, 1)
    with pytest.raises(Refused, match="once it is over"):
        matches.replay("Ada", table, 0)
    play_between(matches, table, ["Ada", "Bo"], seed=5)
    match = matches.tables[table].match
    [finished] = matches.finished_tables("Bo")
    assert finished["table"] == table and finished["over"] == matches.view("Bo", table)["over"]
    for moment in range(finished["moments"]):
        seen = matches.replay("Bo", table, moment)
        state = match.session.states[seen["step"]]
        assert seen["replay"] == {"moment": moment, "of": finished["moments"]} and seen["moves"] == []
        assert seen["state"] == plain(state.observation(1)) and seen["seat"] == 1
        assert state.is_terminal() or state.current_player() >= 0  # a player's moment, not chance's
    assert seen["over"] and seen["step"] == len(match.history)  # the last moment: the end
    for forged in (-1, finished["moments"], "1", 1.0, None):
        with pytest.raises(Refused, match="replayed from moment 0"):
            matches.replay("Bo", table, forged)
    with pytest.raises(Refused, match="do not sit"):
        matches.replay("Cy", table, 0)


def test_a_finished_match_goes_into_each_students_record_beside_their_answers(tmp_path):
    from zaarlab.teaching.answers import AnswerBook

    path = str(tmp_path / "answers.sqlite")
    matches = Matches(MatchBook(path), clock=Patient())
    table = matches.open("Ada", "zogars_gaze", ["person", "cautious", "person"], deal=8, params=SHORT["zogars_gaze"])
    matches.sit("Bo", table, 2)
    play_between(matches, table, ["Ada", "Bo"], seed=2)
    finished = matches.tables[table].match.finished()
    games = AnswerBook(path).games()
    assert [(g.student, g.seat, g.place, g.ending) for g in games] == [
        ("Ada", 1, finished.place(0), finished.words), ("Bo", 3, finished.place(2), finished.words)]
    assert (games[0].seats, games[0].judged) == ("person, cautious, person", finished.best_decisions[0][1])
    for student, seat in (("Ada", 0), ("Bo", 2)):  # at the end, each sees their own decisions against the best
        best, judged = finished.best_decisions[seat]
        shown = matches.view(student, table)["decisions"]
        assert shown[:1] == ([f"Player {seat + 1}: {best} of {judged} decisions were the best ones."] if judged else [])
    matches.book.close()
    Matches(MatchBook(path))  # a restart: the game is not kept a second time
    assert len(AnswerBook(path).games()) == 2


def test_the_teacher_pairs_the_class_in_one_step_with_a_bot_where_the_count_is_odd():
    matches = Matches(clock=Patient())
    class_ = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
    tables = matches.pair(class_, "zerzura", rng=random.Random(1))
    seated = [who for t in tables for who in matches.tables[t].sitters if who is not None]
    assert len(tables) == 4 and sorted(seated) == sorted(class_)  # each student once
    assert [matches.tables[t].match.seats for t in tables].count(("person", "greedy")) == 1
    assert matches.pair(class_, "zerzura") == []  # all of them are playing already
    threes = Matches(clock=Patient()).pair(class_, "zogars_gaze", size=3, bot="cautious")
    assert len(threes) == 3
    with pytest.raises(Refused, match="a table has 2 to 4 seats, not 5"):
        matches.pair(class_, "zerzura", size=5)


def test_the_teacher_watches_every_table_as_a_spectator_ends_one_and_restarts_another(tmp_path):
    path = str(tmp_path / "answers.sqlite")
    matches = Matches(MatchBook(path), clock=Patient())
    first, second = matches.pair(["Ada", "Bo", "Cy", "Di"], "zargos", params=SHORT["zargos"],
                                 rng=random.Random(2))
    watched = {t["table"]: t for t in matches.overview()}
    hands = watched[first]["state"]["hands"]
    assert all(isinstance(h, int) for h in hands)  # the teacher sees the class's public board, no hand
    assert watched[first]["seats"] == matches.view(matches.tables[first].sitters[0], first)["seats"]
    sitters = list(matches.tables[second].sitters)
    matches.end(first)
    with pytest.raises(Refused, match="no such table"):
        matches.view(sitters[0], first)
    again = matches.restart(second)
    assert matches.tables[again].sitters == sitters and second not in matches.tables
    assert matches.view(sitters[1], again)["seat"] == 1
    matches.book.close()
    restarted = Matches(MatchBook(path), clock=Patient())  # ended tables stay ended after a restart
    assert list(restarted.tables) == [again] and restarted.tables[again].sitters == sitters


def test_a_seat_left_empty_passes_to_a_bot_the_table_is_told_and_the_student_takes_it_back(tmp_path):
    path = str(tmp_path / "answers.sqlite")
    clock = Patient()
    matches = Matches(MatchBook(path), clock=clock)
    table = matches.open("Ada", "zerzura", ["person", "person"], deal=12)
    matches.sit("Bo", table, 1)
    play_between(matches, table, ["Ada", "Bo"], seed=6, limit=4)
    assert matches.hand_over_the_absent(away=600) == []  # both looked a moment ago
    clock.now += 601
    matches.view("Ada", table)  # Ada's page is open; Bo closed the lid
    step = matches.view("Ada", table)["step"]
    assert matches.hand_over_the_absent(away=600) == [(table, 1)]
    seen = matches.view("Ada", table)
    assert seen["notes"] == [f"Bo was away: the greedy bot plays seat 2 from move {step + 1}"]
    assert seen["seats"][1] == "Bo" and seen["moves"]  # the bot moved for Bo: Ada is never stuck waiting
    assert not matches.view("Bo", table)["moves"]  # back, Bo sees the table; the bot plays until Bo sits again
    matches.sit("Bo", table, 1)
    assert matches.tables[table].match.seats == ("person", "person")
    assert matches.view("Ada", table)["notes"][-1] == "Bo is back: they play seat 2 again"
    before = matches.view("Bo", table) | {"notes": None}
    matches.book.close()
    again = Matches(MatchBook(path), clock=Patient())  # the handovers are replayed with the moves
    assert again.view("Bo", table) | {"notes": None} == before
    assert again.view("Ada", table)["notes"] == matches.view("Ada", table)["notes"]
    play_between(again, table, ["Ada", "Bo"], seed=7)
    assert again.view("Ada", table)["over"]


def test_the_teacher_sees_every_seats_secrets_only_once_the_game_is_over():
    matches = Matches(clock=Patient())
    table = matches.open("Ada", "zargos", ["person", "person"], deal=4, params=SHORT["zargos"])
    matches.sit("Bo", table, 1)
    [watched] = matches.overview()
    assert watched["revealed"] == []  # during the game: the spectator's board alone
    play_between(matches, table, ["Ada", "Bo"], seed=8)
    [watched] = matches.overview()
    state = matches.tables[table].match.state
    assert [dict(lines)["hands"] for lines in watched["revealed"]] == [
        dict(board_lines(state.observation(seat), matches.tables[table].match.hooks.names(state), 2))["hands"]
        for seat in (0, 1)]


def test_one_student_sits_at_a_bounded_number_of_tables_still_playing():
    matches = Matches(clock=Patient())
    tables = [matches.open("Ada", "zerzura", ["person", "person"]) for _ in range(MAX_PER_STUDENT)]
    with pytest.raises(Refused, match=f"you sit at {MAX_PER_STUDENT} tables still playing"):
        matches.open("Ada", "zerzura", ["person", "greedy"])
    other = matches.open("Bo", "zerzura", ["person", "person"])
    with pytest.raises(Refused, match=f"you sit at {MAX_PER_STUDENT} tables still playing"):
        matches.sit("Ada", other, 1)
    assert len(matches.tables) == MAX_PER_STUDENT + 1 and tables[0] in matches.tables


def test_a_student_asks_a_hint_at_their_turn_it_is_the_strongest_bots_move_and_counted_in_their_record(tmp_path):
    from zaarlab.zargos.bots import BOTS

    matches = Matches(MatchBook(str(tmp_path / "answers.sqlite")), clock=Patient(), hints=True)
    table = matches.open("Ada", "zargos", ["person", "person"], deal=5, params=SHORT["zargos"])
    matches.sit("Bo", table, 1)
    seen = {s: matches.view(s, table) for s in ("Ada", "Bo")}
    [mover] = [s for s, v in seen.items() if v["moves"]]
    waiting = "Bo" if mover == "Ada" else "Ada"
    assert seen[mover]["hint"] is True and seen[waiting]["hint"] is False
    with pytest.raises(Refused, match="a hint is for your turn"):
        matches.hint(waiting, table)
    match = matches.tables[table].match
    state = match.state
    words = matches.hint(mover, table)
    best = BOTS["greedy"](state, random.Random(len(match.history)))
    assert words.startswith(f"the greedy bot would {match.hooks.move_words(state, best)}")
    assert best in state.legal_actions() and match.state is state  # the hint moves nothing
    assert matches.hint(mover, table) == words  # asked again at one step: the same, counted once
    seat = seen[mover]["seat"]
    assert match.hints_used(seat) == 1
    matches.book.close()
    again = Matches(MatchBook(str(tmp_path / "answers.sqlite")), clock=Patient(), hints=True)
    assert again.tables[table].match.hints_used(seat) == 1  # kept across a restart
    play_between(again, table, ["Ada", "Bo"], seed=2)
    assert f"Player {seat + 1} used 1 hint." in again.view(mover, table)["decisions"]


def test_a_class_without_hints_refuses_them_and_offers_none():
    matches = Matches(clock=Patient(), hints=False)
    table = matches.open("Ada", "zargos", ["person", "greedy"], deal=5, params=SHORT["zargos"])
    assert matches.view("Ada", table)["hint"] is False
    with pytest.raises(Refused, match="this class plays without hints"):
        matches.hint("Ada", table)
    assert matches.tables[table].match.hinted == set()


def test_the_places_of_the_moves_are_named_for_the_page():
    matches = Matches(clock=Patient())
    table = matches.open("Ada", "zargos", ["person", "greedy"], deal=5, params=SHORT["zargos"])
    seen = matches.view("Ada", table)
    while not any(seen["places"]):
        matches.move("Ada", table, seen["step"], 0)
        seen = matches.view("Ada", table)
    named = seen["place_names"]
    assert {p for about in seen["places"] for p in about} == set(named)
    assert named and all(name != place and name == matches.tables[table].match.game.planet.names[place]
                         for place, name in named.items())


def test_what_changed_since_a_seat_last_moved_is_marked_on_its_map_and_its_cards():
    from zaarlab.zargos.referee import changed_provinces

    matches = Matches(clock=Patient())
    table = matches.open("Ada", "zargos", ["person", "greedy"], deal=5, params=SHORT["zargos"])
    match, rng, ringed = matches.tables[table].match, random.Random(1), 0
    while not (seen := matches.view("Ada", table))["over"]:
        states = match.session.states
        mine = [step for step, state in enumerate(states[:-1]) if state.current_player() == 0]
        changed = changed_provinces(states[mine[-1] + 1], match.state) if mine else ()
        rings = [shape for shape in seen["figure"]["layout"].get("shapes", ())
                 if shape.get("name") == "changed since your move"]
        assert len(rings) == bool(changed) and (not changed or rings[0]["path"].count("M") == len(changed))
        ringed += bool(changed)
        matches.move("Ada", table, seen["step"], rng.randrange(len(seen["moves"])))
    assert ringed > 3
    cards = Matches(clock=Patient())
    table = cards.open("Ada", "zerzura", ["person", "greedy"], deal=5)
    first = cards.view("Ada", table)
    assert not any(piece["changed"] for zone in first["zones"] for piece in zone["pieces"])
    cards.move("Ada", table, first["step"], 0)
    later = cards.view("Ada", table)
    assert any(piece["changed"] for zone in later["zones"] for piece in zone["pieces"])
