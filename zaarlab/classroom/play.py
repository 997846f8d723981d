"""Students playing each other, each on their own device: the page of the class's tables (``/zaarlab/play``) and the
socket it talks through (``/zaarlab/play/socket``), in a class whose students sign in.

Everything goes through the class's one authority (:class:`zaarlab.classroom.matches.Matches`): the socket knows
the student by the class's signed cookie, carries their requests to it, and sends each page only that student's
view of a table (``Matches.view``) and the list of the class's tables, never a state, a history or dice. After any
change of a table, every page of each student at it is sent their own view anew. A message is at most
:data:`MAX_MESSAGE` bytes of JSON of the few forms :meth:`Hall.handle` reads; anything else is refused in words.
"""

from __future__ import annotations

import functools
import json
import time
from collections import defaultdict
from typing import Any

from markupsafe import Markup
from tornado.ioloop import PeriodicCallback
from tornado.web import RequestHandler
from tornado.websocket import WebSocketClosedError, WebSocketHandler

from ..core.catalogue import game_info
from ..core.match import MAX_DEAL
from ..ui.assets import asset
from ..ui.pages import render
from .door import Door
from .matches import MatchBook, Matches, Refused

MAX_MESSAGE = 2_000  # bytes of a page's message: the longest, opening a table of four seats, is a tenth of it
AWAY_SECONDS = 300  # a seat whose student's pages all closed this long passes to a bot (the teacher's --away)
MAX_TURNS = 500  # a game's limit of turns a page may ask for (the rulebooks' games end far sooner)
PER_SECOND, BURST = 20, 40  # messages a page may send: a student's clicks are far fewer
LOOK_SECONDS = 30  # how often the hall marks the students with a page open as present, and hands over the absent


class Hall:
    """The class's matches and the pages open on them: whom to send what after each change."""

    def __init__(self, matches: Matches, away: float = AWAY_SECONDS):
        self.matches, self.away = matches, away
        self.pages: dict[str, set[PlaySocket]] = defaultdict(set)  # per student: their open pages
        self.changes = 0  # tables changed so far: the teacher's page follows it
        self.listed: list[tuple[str, tuple[str | None, ...]]] = []  # the tables and their students, as last sent
        self.games = {name: {"title": game_info(name).title, "bots": list(kind.bots),  # read once: a file each
                             "turns": "turn_limit" in kind.game.__dataclass_fields__}
                      for name, kind in matches.kinds.items()}

    def handle(self, student: str, message: Any) -> tuple[dict[str, Any] | None, set[str]]:
        """Carry out one message of ``student``'s page: what to answer that page, and the tables to send anew."""
        if not isinstance(message, dict) or not isinstance(message.get("do"), str):
            raise Refused('a message is a JSON object with "do"')
        do, matches = message["do"], self.matches
        table = message.get("table")
        if do == "tables":
            return {"tables": self.lobby(student)}, set()
        if do == "open":
            seats, turns = message.get("seats"), message.get("turns")
            if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
                raise Refused("a table's seats are a list of names: person or a bot")
            game, deal = str(message.get("game", ""))[:40], message.get("deal")
            if not (deal is None or type(deal) is int and 0 <= deal < MAX_DEAL):
                raise Refused(f"a deal number is a whole number from 0 to {MAX_DEAL - 1}, or none for a new deal")
            table = matches.open(student, game, [s[:20] for s in seats[:5]], deal, params=self.turns(game, turns))
            return {"view": matches.view(student, table)}, {table}
        if do == "sit":
            matches.sit(student, table, message.get("seat"))
            return {"view": matches.view(student, table)}, {table}
        if do == "look":
            return {"view": matches.view(student, table)}, set()
        if do == "move":
            matches.move(student, table, message.get("step"), message.get("choice"))
            return None, {table}
        if do == "replay":
            return {"view": matches.replay(student, table, message.get("moment"))}, set()
        if do == "hint":
            return {"hint": {"table": table, "words": matches.hint(student, table)}}, set()
        raise Refused(f"a page may ask for the tables, open, sit, look, move, replay or a hint, not {do[:20]!r}")

    def turns(self, game: str, turns: Any) -> dict[str, int] | None:
        """The parameters of a short game of ``game`` (``turns`` at most, ``None`` for the rulebook's length), checked:
        1 to :data:`MAX_TURNS`, for a game that has a limit of turns."""
        if turns is None:
            return None
        if not (type(turns) is int and 1 <= turns <= MAX_TURNS and self.games.get(game, {}).get("turns")):
            raise Refused(f"a game with a limit of turns may be given 1 to {MAX_TURNS}")
        return {"turn_limit": turns}

    def lobby(self, student: str) -> dict[str, Any]:
        """The class's tables as ``student``'s page lists them, the games a table may be opened for, and the
        student's finished games (to replay)."""
        return {"tables": [t | {"mine": student in t["sitters"]} for t in self.matches.open_tables()],
                "games": self.games, "finished": self.matches.finished_tables(student)}

    def send_tables(self, tables: set[str]) -> None:
        """Each student at these tables gets their own view of them on every page they have open; where the list of
        the class's tables changed (a table opened, sat at, over or ended; not a move), every page gets it anew."""
        self.changes += 1
        for table_id in tables:
            table = self.matches.tables.get(table_id)
            for student in set(table.sitters) - {None} if table else ():
                for page in self.pages.get(student, ()):
                    page.send({"view": self.matches.view(student, table_id)})
        listed = [(t["table"], tuple(t["sitters"])) for t in self.matches.open_tables()]
        if listed == self.listed:
            return
        self.listed = listed
        for student, pages in self.pages.items():
            for page in pages:
                page.send({"tables": self.lobby(student)})

    def end(self, table_id: str, restart: bool = False) -> None:
        """The teacher ends a table (or restarts it with a new deal): its students' pages are told, and shown the new
        table or the list of tables."""
        table = self.matches.tables.get(table_id) if isinstance(table_id, str) else None
        sitters = set(table.sitters) - {None} if table else set()
        new = self.matches.restart(table_id) if restart else self.matches.end(table_id)
        why = "your teacher restarted this table: a new deal" if restart else "your teacher ended this table"
        for student in sitters:
            for page in self.pages.get(student, ()):
                page.send({"ended": table_id, "why": why})
        self.send_tables({new} if new else set())

    def look_round(self) -> None:
        """A student with a page open is present at their tables; a seat whose student has none passes to a bot
        after :attr:`away` seconds."""
        for student, pages in self.pages.items():
            if pages:
                for table in self.matches.tables.values():
                    seat = table.seat_of(student)
                    if seat is not None:
                        table.seen[seat] = self.matches.clock()
        handed = self.matches.hand_over_the_absent(self.away)
        if handed:
            self.send_tables({table for table, _ in handed})


def hall_of(settings: dict[str, Any]) -> Hall | None:
    """The class's hall, made on first use (``None`` where nobody signs in: no student to seat)."""
    if settings.get("zaarlab_signins") is None:
        return None
    if "zaarlab_hall" not in settings:
        answers = settings["zaarlab_answers"]
        hall = Hall(Matches(MatchBook(answers) if answers else None), settings.get("zaarlab_away", AWAY_SECONDS))
        PeriodicCallback(hall.look_round, LOOK_SECONDS * 1000).start()
        settings["zaarlab_hall"] = hall
    hall: Hall = settings["zaarlab_hall"]
    return hall


class PlayPage(Door, RequestHandler):
    """The page of the class's tables and the student's own (``page-templates/play.html.j2``)."""

    def get(self):
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        if hall_of(self.settings) is None:
            self.set_status(404)
            self.finish(render("zaarlab.classroom", "door.html.j2", kind="refused",
                               why="Playing each other needs a class whose students sign in: ask your teacher."))
            return
        self.finish(render("zaarlab.classroom", "play.html.j2", student=self.zaarlab_student,  # the cards drawn as
                           pieces_js=Markup(asset("die_face.js", "pieces.js")),  # at a table, from zaarlab's own files
                           pieces_css=Markup(asset("card_board.css"))))


class PlotlyScript(Door, RequestHandler):
    """plotly.js, from the plotly package installed with zaarlab (no network needed): the play page draws a game's
    map with it, fetched the first time a map is shown."""

    def get(self):
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("Cache-Control", "private, max-age=86400")
        self.finish(plotly_js())


@functools.cache
def plotly_js() -> str:
    from plotly.offline import get_plotlyjs

    script: str = get_plotlyjs()
    return script


class PlaySocket(Door, WebSocketHandler):
    """One page's connection to the hall: its messages carried out as its student's, their answers sent back."""

    def open(self):
        self.hall = hall_of(self.settings)
        if self.hall is None:
            self.close(1008, "nobody signs in to this class")
            return
        self.student = self.zaarlab_student
        self.hall.pages[self.student].add(self)
        self.send({"you": self.student, "tables": self.hall.lobby(self.student)})
        self.hall.changes += 1  # one more student on the play page: the teacher's pairing counts them

    def on_message(self, text: str | bytes) -> None:
        try:
            self._not_flooding()
            if len(text) > MAX_MESSAGE:
                raise Refused(f"a message is at most {MAX_MESSAGE} bytes")
            try:
                message = json.loads(text)
            except ValueError:
                raise Refused("a message is JSON") from None
            answer, changed = self.hall.handle(self.student, message)
        except Refused as refused:
            self.send({"refused": str(refused)})
            return
        if answer is not None:
            self.send(answer)
        if changed:
            self.hall.send_tables(changed)

    def _not_flooding(self) -> None:
        """At most :data:`PER_SECOND` messages a second from one page (:data:`BURST` at once): a page that floods
        the server is refused, then closed, and slows no other table."""
        now = time.monotonic()
        left, then = getattr(self, "allowance", (BURST, now))
        left = min(BURST, left + (now - then) * PER_SECOND)
        self.allowance = (left - 1, now)
        if left < -BURST:
            self.close(1008, "too many messages")
        if left < 1:
            raise Refused("too many messages at once: wait a moment")

    def on_close(self):
        hall = getattr(self, "hall", None)
        if hall is not None:
            hall.pages[self.student].discard(self)
            hall.changes += 1

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.write_message(json.dumps(message))
        except WebSocketClosedError:  # the page closed in between: it reads the table anew when it opens again
            pass
