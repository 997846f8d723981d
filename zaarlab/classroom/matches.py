"""The class's matches, held by the server: the one authority of every game students play each other on their own
devices.

A student opens a table (a game, 2 to 4 seats, any seat a bot) or sits at a free seat of one; from then on the server
alone moves the game on. It applies every move through the engine, and takes from a student only a move for the seat
they sit at, on its turn, named by its place in the list of legal moves the student was shown at that step: a move
for another seat, out of turn, sent twice, sent from a page that has not seen the last move, or not legal now, is
refused in words and changes nothing. Chance and the bots move here, never on a page. A student sees the game as
their seat may (:meth:`Matches.view`: the engine's ``observation`` of that seat), never the state itself, its
history or its dice.

Every move is written to the class's database as it is applied (:class:`MatchBook`); a restart of the server replays
each match from its moves, chance and bots drawing the same dice again, and goes on where it stood.

>>> matches = Matches()
>>> table = matches.open("Ada", "zerzura", ["person", "person"], deal=7)
>>> matches.sit("Bo", table, 1)
>>> seen = matches.view("Ada", table)
>>> seen["seat"], seen["seats"], "deck" in seen["state"] and isinstance(seen["state"]["deck"], int)
(0, ['Ada', 'Bo'], True)
>>> mover = "Ada" if seen["to_move"] == 0 else "Bo"
>>> matches.move(mover, table, seen["step"], 0)   # the first move listed
>>> matches.move(mover, table, seen["step"], 0)   # sent twice: the page had not seen its own move
Traceback (most recent call last):
...
zaarlab.classroom.matches.Refused: the game has moved on since your page last looked: it shows where it stands now
"""

from __future__ import annotations

import json
import os
import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.api import CHANCE, GAMES, Game, IllegalActionError
from ..core.catalogue import GAME_IDS, import_game_packages
from ..core.codec import encode
from ..core.match import HINTS, PERSON, Hooks, Match
from ..core.play import Bot
from ..teaching.answers import AnswerBook
from ..teaching.games_played import Played, played_rows
from ..ui.pieces import looks, mark_changes, plain_zones
from .seat_words import board_lines, plain, story_words

MAX_SEATS, MIN_SEATS = 4, 2
MAX_TABLES = 200  # open at once in one class: 15 pairs many times over
MAX_PER_STUDENT = 4  # tables still playing one student may sit at: a student's many tables never fill the class's
MOVES_PER_SECOND = 10  # a student's moves the server takes in a second (a click is far slower): a flood is refused
BURST = 20


class Refused(Exception):
    """A student's request the authority will not carry out, in words; nothing changed."""


@dataclass
class Table:
    """One match at the class's server: its id, who sits where (a student's name, or ``None`` for a bot's seat or a
    free one), and the match itself."""

    id: str
    match: Match
    sitters: list[str | None]
    opened: float = field(default_factory=time.time)
    kept: bool = False  # whether its end went into the class's record
    seen: dict[int, float] = field(default_factory=dict)  # per seat: when its student's page last looked
    notes: list[str] = field(default_factory=list)  # what the table was told: a seat handed to a bot, and back
    drawn: dict[int, tuple[int, Any]] = field(default_factory=dict)  # per seat: its map at a step, as JSON

    def seat_of(self, student: str) -> int | None:
        return next((seat for seat, who in enumerate(self.sitters) if who == student), None)


@dataclass(frozen=True)
class Kind:
    """A game a table may be opened for: its class, its bots, and its referee (the game's words and judge)."""

    game: type[Game]
    bots: Mapping[str, Bot]
    referee: type[Hooks]


def game_kinds() -> dict[str, Kind]:
    """Every game a table may be opened for: the four of the catalogue (a game registered by other code, a test's,
    is not among them)."""
    import importlib

    import_game_packages()
    return {name: Kind(GAMES[name], importlib.import_module(f"zaarlab.{name}.bots").BOTS,
                       importlib.import_module(f"zaarlab.{name}.referee").REFEREE) for name in GAME_IDS}


class Matches:
    """Every match of the class (see the module's description); with ``book``, each move kept as it is applied and
    every match read back at the start. ``clock`` tells the time the bound on a student's moves counts by; ``hints``
    whether a student may ask for one (by default, unless :data:`~zaarlab.core.match.HINTS` is ``off``: a test, or a
    class with hints off)."""

    def __init__(self, book: MatchBook | None = None, clock: Callable[[], float] = time.monotonic,
                 hints: bool | None = None):
        self.kinds = game_kinds()
        self.clock = clock  # seconds, for the bound on a student's moves
        self.hints = os.environ.get(HINTS) != "off" if hints is None else hints
        self.tables: dict[str, Table] = {}
        self.book = book
        self._allowance: dict[str, tuple[float, float]] = {}  # per student: (moves they may still send, when)
        if book is not None:
            for table in book.tables(self.kinds):
                self.tables[table.id] = table

    # -- opening and sitting ------------------------------------------------------------------------------------
    def open(self, student: str, game: str, seats: Sequence[str], deal: int | None = None,
             params: Mapping[str, Any] | None = None) -> str:
        """A new table of ``game`` with ``seats`` (each ``"person"`` or one of the game's bots), ``student`` in the
        first person's seat; ``params``: the game's other parameters (a turn limit, say), checked by the game. Its
        id."""
        kind, seats = self._kind(game), list(seats)
        _seats_at_a_table(len(seats))
        if PERSON not in seats:
            raise Refused("a table needs a seat for you: at least one seat is a person's")
        unknown = [seat for seat in seats if seat != PERSON and seat not in kind.bots]
        if unknown:
            raise Refused(f"a seat is a {PERSON}'s or one of the bots {', '.join(kind.bots)}, not {unknown[0][:20]!r}")
        if len(self.tables) >= MAX_TABLES:
            raise Refused(f"the class has {MAX_TABLES} tables open: ask your teacher to end some")
        self._may_sit_more(student)
        try:
            game_of = kind.game.from_dict({**(params or {}), "players": len(seats)})
        except (ValueError, TypeError) as error:
            raise Refused(str(error)) from None
        sitters: list[str | None] = [None] * len(seats)
        sitters[seats.index(PERSON)] = student
        return self._seat(kind, game_of, seats, deal, sitters)

    def _seat(self, kind: Kind, game: Game, seats: list[str], deal: int | None, sitters: list[str | None]) -> str:
        """A new table of ``game``, its students seated, kept; chance and the bots make their first moves."""
        match = Match(game, seats, secrets.randbelow(900_000) + 100_000 if deal is None else deal, kind.bots,
                      kind.referee())
        table = Table(secrets.token_urlsafe(9), match, sitters)
        self.tables[table.id] = table
        if self.book is not None:
            self.book.opened(table)
        self._advance(table)
        return table.id

    def sit(self, student: str, table_id: str, seat: int) -> None:
        """``student`` takes the free person's ``seat`` of the table (a student sits at one seat of a table)."""
        table = self._table(table_id)
        if not (type(seat) is int and 0 <= seat < len(table.sitters)):
            raise Refused(f"this table has seats 1 to {len(table.sitters)}")
        if table.sitters[seat] == student:
            if table.match.seats[seat] != PERSON:  # back after a bot played for them: their seat again
                self._hand_over(table, seat, PERSON, f"{student} is back: they play seat {seat + 1} again")
            return
        if table.match.seats[seat] != PERSON:
            raise Refused(f"seat {seat + 1} is the {table.match.seats[seat]} bot's")
        if table.sitters[seat] is not None:
            raise Refused(f"seat {seat + 1} is taken")
        if table.seat_of(student) is not None:
            raise Refused(f"you sit at seat {table.seat_of(student) + 1} of this table already")
        self._may_sit_more(student)
        table.sitters[seat] = student
        if self.book is not None:
            self.book.sat(table.id, seat, student)

    # -- playing --------------------------------------------------------------------------------------------
    def move(self, student: str, table_id: str, step: int, choice: int) -> None:
        """``student`` plays the ``choice``-th of the legal moves their page was shown at ``step`` (the moves made so
        far). Refused in words, with nothing changed, unless it is their seat's turn at that very step and the
        choice is one of the moves listed."""
        self._not_flooding(student)
        table = self._table(table_id)
        seat = table.seat_of(student)
        if seat is None:
            raise Refused("you do not sit at this table")
        match = table.match
        if type(step) is not int or step != len(match.history):
            raise Refused("the game has moved on since your page last looked: it shows where it stands now")
        if match.to_move() != seat or table.sitters[seat] is None:
            raise Refused("it is not your turn: wait for the others to move")
        legal = match.state.legal_actions()
        if not (type(choice) is int and 0 <= choice < len(legal)):
            raise Refused(f"that is not one of the {len(legal)} moves you may make now")
        try:
            match.play(legal[choice])
        except IllegalActionError as refused:  # the engine's own word, should the list and the rules disagree
            raise Refused(refused.message) from None
        match.undoable = 0  # between persons nothing is taken back: the others have seen the move
        if self.book is not None:
            self.book.moved(table.id, len(match.history) - 1, legal[choice], by_person=True)
        self._advance(table)

    def hint(self, student: str, table_id: str) -> str:
        """The move the game's strongest bot would make for ``student``'s seat now, and why, in words: counted for
        the seat (its decisions at the end say how many hints it asked for) and kept with the match. Refused in words
        where the class plays without hints, it is not their turn or the game gives none; nothing is counted then.

        >>> matches = Matches(hints=True)
        >>> table = matches.open("Ada", "zargos", ["person", "greedy"], deal=3)
        >>> matches.hint("Ada", table).startswith("the greedy bot would ")
        True
        >>> Matches(hints=False).hint("Ada", table)
        Traceback (most recent call last):
        ...
        zaarlab.classroom.matches.Refused: this class plays without hints
        """
        self._not_flooding(student)
        if not self.hints:
            raise Refused("this class plays without hints")
        table = self._table(table_id)
        seat, match = self._seat_of(table, student), table.match
        if match.to_move() != seat or table.sitters[seat] is None:
            raise Refused("a hint is for your turn: wait for the others to move")
        try:
            hint = match.hint()
        except IllegalActionError as refused:
            raise Refused(refused.message) from None
        if self.book is not None:
            self.book.hinted(table.id, len(match.history))
        return hint.words

    def _advance(self, table: Table) -> None:
        """Chance and the bots move, up to a person's turn or the end, each move kept; at the end, each student's
        seat goes into the class's record (their place, the ending, their decisions against the best ones)."""
        match = table.match
        while match.step_others():
            if self.book is not None:
                self.book.moved(table.id, len(match.history) - 1, match.history[-1], by_person=False)
        if self.book is not None and match.state.is_terminal() and not table.kept:
            table.kept = True
            finished = match.finished()
            for seat, student in enumerate(table.sitters):
                if student is not None:
                    self.book.played(next(p for p in played_rows(student, finished) if p.seat == seat + 1))

    def _not_flooding(self, student: str) -> None:
        """At most :data:`MOVES_PER_SECOND` a second, :data:`BURST` at once: one student's flood never holds the
        server (and the other tables) up."""
        now = self.clock()
        left, then = self._allowance.get(student, (BURST, now))
        left = min(BURST, left + (now - then) * MOVES_PER_SECOND)
        if left < 1:
            self._allowance[student] = (left, now)
            raise Refused("too many moves at once: wait a moment")
        self._allowance[student] = (left - 1, now)

    # -- seeing ---------------------------------------------------------------------------------------------
    def view(self, student: str, table_id: str) -> dict[str, Any]:
        """The table as ``student``'s seat may see it: the step (moves made, chance's too: a move is sent for a step),
        the players' moves made, their seat, who sits where, whose turn, their seat's observation of the state (and
        as lines to read; the cards, piles and dice as the seat's board of pieces), the moves they may make now (in the
        game's words, by their place; and the points of the map each is about) and the exact odds of that decision,
        the score as everyone sees it, the game's map (the same for every seat), the story's last lines, what the table
        was told, and at the end how it ended. Nothing in it comes from another seat's secrets: the board of pieces is
        the referee's for that seat, the odds the referee's from what the player to move may know, and the score, the
        map and the story are public (all proven in ``tests/test_seat_views.py``)."""
        table = self._table(table_id)
        seat = self._seat_of(table, student)
        table.seen[seat] = self.clock()
        match = table.match
        return self._seen(table, seat, len(match.history), match.to_move() == seat) | {
            "figure": self._figure(table, seat), "decisions": match.summary(seat) if match.state.is_terminal() else []}

    def replay(self, student: str, table_id: str, moment: int) -> dict[str, Any]:
        """A finished game as ``student``'s seat saw it at one of its moments (each time a player was to move, and
        its end: :func:`moments`), numbered from 0, with ``replay``: the moment and how many there are. Only once the
        game is over, and only for a student who sat at it; the seat's view then is what their page was shown. Each
        is drawn anew (a map too), so a student's replays count with their moves against a flood."""
        self._not_flooding(student)
        table = self._table(table_id)
        seat = self._seat_of(table, student)
        match = table.match
        if not match.state.is_terminal():
            raise Refused("a game is replayed once it is over")
        steps = moments(match)
        if not (type(moment) is int and 0 <= moment < len(steps)):
            raise Refused(f"this game is replayed from moment 0 to moment {len(steps) - 1}")
        return self._seen(table, seat, steps[moment], mine=False) | {
            "figure": _drawn(match, steps[moment], seat), "decisions": [],
            "replay": {"moment": moment, "of": len(steps)}}

    def _seen(self, table: Table, seat: int, step: int, mine: bool) -> dict[str, Any]:
        """The table after ``step`` moves as ``seat`` may see it (``mine``: its moves and their odds, for the seat to
        move now)."""
        match = table.match
        state, then = match.session.states[step], _left(match, seat, step)
        seen, names = state.observation(seat), match.hooks.names(state)
        zones = match.hooks.board_zones(state, seat)
        if then is not None:  # what changed since the seat last moved, marked
            zones = mark_changes(zones, looks(plain_zones(match.hooks.board_zones(match.session.states[then], seat))))
        legal = state.legal_actions() if mine else []
        places = [list(match.hooks.move_places(state, action)) for action in legal]
        return {
            "table": table.id, "game": match.game.name, "step": step, "seat": seat, "played": _played(match, step),
            "seats": self._seat_names(table),
            "to_move": state.current_player() if not state.is_terminal() else None,
            "state": plain(seen),
            "board": board_lines(seen, names, match.game.num_players),
            "zones": plain_zones(zones),
            "moves": [match.hooks.move_words(state, action) for action in legal],
            "places": places,
            "place_names": {place: match.hooks.place_words(state, place) for about in places for place in about},
            "hint": mine and self.hints and match.hooks.hint_bot in match.bots,
            "odds": match.hooks.decision_odds(state) if mine else "",
            "standing": match.hooks.standing(state),
            "story": story_words(state, names),
            "over": match.hooks.ending(state) if state.is_terminal() else "",
            "notes": list(table.notes),
        }

    @staticmethod
    def _seat_of(table: Table, student: str) -> int:
        seat = table.seat_of(student)
        if seat is None:
            raise Refused("you do not sit at this table")
        return seat

    @staticmethod
    def _figure(table: Table, seat: int) -> Any:
        """The game's map as it stands for ``seat`` (``None`` for a game without one), as plotly's JSON: made once a
        step for each seat (what changed since it moved differs from seat to seat)."""
        step = len(table.match.history)
        if table.drawn.get(seat, (-1,))[0] != step:
            table.drawn[seat] = (step, _drawn(table.match, step, seat))
        return table.drawn[seat][1]

    def finished_tables(self, student: str) -> list[dict[str, Any]]:
        """The games ``student`` sat at that are over (and not ended by the teacher): each to replay."""
        return [{"table": t.id, "game": t.match.game.name, "over": t.match.hooks.ending(t.match.state),
                 "moments": len(moments(t.match))}
                for t in self.tables.values() if student in t.sitters and t.match.state.is_terminal()]

    def open_tables(self) -> list[dict[str, Any]]:
        """Every table not over, as anyone of the class may see it: the game, the seats, who sits where."""
        return [{"table": t.id, "game": t.match.game.name, "seats": list(t.match.seats),
                 "sitters": list(t.sitters), "step": len(t.match.history)}
                for t in self.tables.values() if not t.match.state.is_terminal()]

    # -- never stuck ----------------------------------------------------------------------------------------
    def hand_over_the_absent(self, away: float, bot: str | None = None) -> list[tuple[str, int]]:
        """Every seat whose student's page has not looked for ``away`` seconds (the teacher's choice) passes to
        ``bot`` (the game's first by default), so that the others play on; the table is told, and the student takes
        the seat back by sitting at it again. Returns the (table, seat) handed over."""
        now, handed = self.clock(), []
        for table in list(self.tables.values()):
            match = table.match
            if match.state.is_terminal():
                continue
            for seat, student in enumerate(table.sitters):
                if student is None or match.seats[seat] != PERSON:
                    continue
                since = table.seen.setdefault(seat, now)  # a seat nobody looked at yet starts counting now
                if now - since >= away:
                    name = bot or next(iter(self.kinds[match.game.name].bots))
                    self._hand_over(table, seat, name, f"{student} was away: the {name} bot plays seat {seat + 1} "
                                                       f"from move {len(match.history) + 1}")
                    handed.append((table.id, seat))
        return handed

    def _hand_over(self, table: Table, seat: int, to: str, note: str) -> None:
        table.match.hand_over(seat, to)
        table.notes.append(note)
        if self.book is not None:
            self.book.handed(table.id, len(table.match.history), seat, to, note)
        self._advance(table)

    # -- the teacher's --------------------------------------------------------------------------------------
    def pair(self, students: Sequence[str], game: str, size: int = 2, bot: str | None = None,
             params: Mapping[str, Any] | None = None, rng: random.Random | None = None) -> list[str]:
        """The class paired in one step: ``students`` shuffled into tables of ``size`` (2 to 4), the last table's
        empty seats given to ``bot`` (the game's first bot by default) where the count does not divide; the tables'
        ids. A student already at a table not over keeps it and is left out."""
        _seats_at_a_table(size)
        bot = bot or next(iter(self._kind(game).bots))
        playing = {who for t in self.tables.values() if not t.match.state.is_terminal() for who in t.sitters}
        free = [s for s in dict.fromkeys(students) if s not in playing]
        (rng or random.Random()).shuffle(free)
        opened = []
        for start in range(0, len(free), size):
            group = free[start:start + size]
            seats = [PERSON] * len(group) + [bot] * (size - len(group))
            table = self.open(group[0], game, seats, params=params)
            for seat, student in enumerate(group[1:], start=1):
                self.sit(student, table, seat)
            opened.append(table)
        return opened

    def end(self, table_id: str) -> None:
        """The teacher ends a table: it is closed for everyone, its moves kept."""
        table = self._table(table_id)
        del self.tables[table.id]
        if self.book is not None:
            self.book.ended(table.id)

    def restart(self, table_id: str) -> str:
        """The teacher restarts a table: the same seats and students, a new deal; the new table's id."""
        table = self._table(table_id)
        self.end(table_id)
        match = table.match
        return self._seat(self.kinds[match.game.name], match.game, list(match.seats), None, list(table.sitters))

    def overview(self) -> list[dict[str, Any]]:
        """Every table as the teacher watches it: the game (and its limit of turns), who sits where, whose turn, the
        score as the players see it, the players' moves made, how it ended, and the board as a spectator sees it
        (no player's secrets: the teacher is shown what the class may); once a game is over, what each seat's own view
        adds to it too (every hand revealed, for the debrief)."""
        tables = []
        for t in self.tables.values():
            match, state = t.match, t.match.state
            seen = state.observation(None)
            names, players = match.hooks.names(state), match.game.num_players
            tables.append({"table": t.id, "game": match.game.name, "seats": self._seat_names(t),
                           "limit": getattr(match.game, "turn_limit", None),
                           "to_move": None if state.is_terminal() else state.current_player(),
                           "step": len(match.history), "played": _played(match, len(match.history)),
                           "over": match.hooks.ending(state) if state.is_terminal() else "", "state": plain(seen),
                           "standing": match.hooks.standing(state),
                           "board": (board := board_lines(seen, names, players)),
                           "revealed": [[line for line in board_lines(state.observation(seat), names, players)
                                         if line not in board]  # once over: what each seat held, beyond the board
                                        for seat in range(players)] if state.is_terminal() else []})
        return tables

    @staticmethod
    def _seat_names(table: Table) -> list[str]:
        return [who if who is not None else (f"the {kind} bot" if kind != PERSON else "a free seat")
                for who, kind in zip(table.sitters, table.match.seats, strict=True)]

    def _kind(self, game: str) -> Kind:
        if game not in self.kinds:
            raise Refused(f"there is no game called {game[:40]!r}: the games are {', '.join(sorted(self.kinds))}")
        return self.kinds[game]

    def _may_sit_more(self, student: str) -> None:
        """At most :data:`MAX_PER_STUDENT` tables still playing a student: their loop of *open* never fills the
        class's."""
        playing = [t for t in self.tables.values() if student in t.sitters and not t.match.state.is_terminal()]
        if len(playing) >= MAX_PER_STUDENT:
            raise Refused(f"you sit at {MAX_PER_STUDENT} tables still playing: finish one, or ask your teacher to "
                          "end one")

    def _table(self, table_id: str) -> Table:
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise Refused("there is no such table: it may have ended (the class's tables are listed)")
        return table


def _seats_at_a_table(seats: int) -> None:
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise Refused(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")


class MatchBook:
    """The matches of a class in its SQLite file (the answers' file; tables of their own): each table as opened,
    who sat where, and every move as it was applied; and each student's finished game, beside their answers."""

    def __init__(self, path: str):
        import sqlite3

        self.answers = AnswerBook(path)
        self._db = sqlite3.connect(path, timeout=10, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS matches (id PRIMARY KEY, game, params, seats, deal, opened, "
                         "ended)")
        self._db.execute("CREATE TABLE IF NOT EXISTS sitters (match, seat, student, at)")
        self._db.execute("CREATE TABLE IF NOT EXISTS moves (match, step, action, by_person, at, "
                         "PRIMARY KEY (match, step))")
        self._db.execute("CREATE TABLE IF NOT EXISTS handovers (match, step, seat, seat_to, note, at)")
        self._db.execute("CREATE TABLE IF NOT EXISTS hints (match, step, at, PRIMARY KEY (match, step))")

    def opened(self, table: Table) -> None:
        match = table.match
        self._db.execute("INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, NULL)", (
            table.id, match.game.name, json.dumps(match.game.to_dict()), json.dumps(list(match.seats)), match.seed,
            table.opened))
        for seat, student in enumerate(table.sitters):
            if student is not None:
                self.sat(table.id, seat, student)

    def ended(self, table_id: str) -> None:
        self._db.execute("UPDATE matches SET ended = ? WHERE id = ?", (time.time(), table_id))

    def sat(self, table_id: str, seat: int, student: str) -> None:
        self._db.execute("INSERT INTO sitters VALUES (?, ?, ?, ?)", (table_id, seat, student, time.time()))

    def moved(self, table_id: str, step: int, action: Any, by_person: bool) -> None:
        self._db.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?)", (
            table_id, step, json.dumps(encode(action)), int(by_person), time.time()))

    def handed(self, table_id: str, step: int, seat: int, to: str, note: str) -> None:
        self._db.execute("INSERT INTO handovers VALUES (?, ?, ?, ?, ?, ?)", (table_id, step, seat, to, note,
                                                                            time.time()))

    def hinted(self, table_id: str, step: int) -> None:
        self._db.execute("INSERT OR IGNORE INTO hints VALUES (?, ?, ?)", (table_id, step, time.time()))

    def played(self, played: Played) -> None:
        self.answers.record_game(played)

    def tables(self, kinds: Mapping[str, Kind]) -> list[Table]:
        """Every match kept, replayed move by move: a person's move as it was made, chance's and the bots' drawn
        again from the same dice (and checked to be the moves kept)."""
        tables = []
        for table_id, name, params, seats, deal, opened in self._db.execute(
                "SELECT id, game, params, seats, deal, opened FROM matches WHERE ended IS NULL ORDER BY rowid"):
            kind = kinds[name]
            game = kind.game.from_dict(json.loads(params))
            table = Table(table_id, Match(game, json.loads(seats), deal, kind.bots, kind.referee()),
                          [None] * len(json.loads(seats)), opened)
            for seat, student in self._db.execute("SELECT seat, student FROM sitters WHERE match = ? ORDER BY rowid",
                                                  (table_id,)):
                table.sitters[seat] = student
            match = table.match
            match.told = True  # its end, if it came, was told when it came
            handovers = list(self._db.execute("SELECT step, seat, seat_to, note FROM handovers WHERE match = ? "
                                              "ORDER BY rowid", (table_id,)))
            for step, action, by_person in self._db.execute(
                    "SELECT step, action, by_person FROM moves WHERE match = ? ORDER BY step", (table_id,)):
                handovers = _hand_over_until(table, handovers, step)
                kept = game.action_from_dict(json.loads(action))
                if by_person:
                    match.play(kept)
                elif not match.step_others() or match.history[-1] != kept:
                    raise ValueError(f"match {table_id}: move {step} replays as {match.history[-1]!r}, not as "
                                     f"the {kept!r} kept")
            _hand_over_until(table, handovers, len(match.history))
            match.hinted.update(step for (step,) in self._db.execute("SELECT step FROM hints WHERE match = ?",
                                                                     (table_id,)))
            match.undoable = 0
            match.told = table.kept = match.state.is_terminal()  # kept in the record when it came
            tables.append(table)
        return tables

    def close(self) -> None:
        self._db.close()
        self.answers.close()


def _played(match: Match, step: int) -> int:
    """The players' moves made in the first ``step`` (chance's left out): what a student counts as the moves of the
    game."""
    return sum(1 for state in match.session.states[:step] if state.current_player() != CHANCE)


def _drawn(match: Match, step: int, seat: int) -> Any:
    """The game's map after ``step`` moves as ``seat`` sees it, what changed since it last moved marked, as plotly's
    JSON (``None`` for a game without one)."""
    states, then = match.session.states, _left(match, seat, step)
    figure = match.hooks.board_figure(states[step], seat, None if then is None else states[then])
    return None if figure is None else json.loads(figure.to_json())


def _left(match: Match, seat: int, step: int) -> int | None:
    """The step at which ``seat`` left the game after its last move before ``step`` (``None`` before its first): what
    changed since is marked."""
    states = match.session.states
    return next((moved + 1 for moved in range(step - 1, -1, -1) if states[moved].current_player() == seat), None)


def moments(match: Match) -> list[int]:
    """The steps of a match at which a player was to move, and its end: the moments a replay shows (chance's
    moves come between them)."""
    states = match.session.states
    return [step for step, state in enumerate(states) if state.is_terminal() or state.current_player() != CHANCE]


def _hand_over_until(table: Table, handovers: list[tuple[int, int, str, str]], step: int) -> list:
    """Replaying: the seats handed over when ``step`` moves (or fewer) had been made; the handovers still to
    come."""
    while handovers and handovers[0][0] <= step:
        _, seat, to, note = handovers.pop(0)
        table.match.hand_over(seat, to)
        table.notes.append(note)
    return handovers
