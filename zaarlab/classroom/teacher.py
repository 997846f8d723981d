"""The teacher's pages on the classroom server, for the teacher's key only: the class's answers and tables
(:func:`zaarlab.teaching.teacher.teacher_page`), the stream that sends them anew as students check answers and play
(the page follows it), the class's CSV files (:mod:`zaarlab.teaching.gradebook`), and the teacher's hand on the
tables (pair the class, end or restart a table).
"""

from __future__ import annotations

import asyncio
from urllib.parse import urlencode

from jupyter_server.utils import url_path_join
from tornado.iostream import StreamClosedError
from tornado.web import HTTPError, RequestHandler

from ..teaching.answers import AnswerBook
from ..teaching.gradebook import CSV_FILES, gradebook
from ..teaching.teacher import Tables, live_part, teacher_page
from .door import TeacherOnly
from .matches import Refused
from .play import Hall, hall_of

LIVE_SECONDS = 1.0  # how often the stream looks for new answers: each reaches the teacher within a second or two
STILL_THERE = 15  # seconds between two comments on a quiet stream, so that no proxy closes it as idle


class TeacherPage(TeacherOnly, RequestHandler):
    """The class's answers as they are now; the page then follows :class:`TeacherEvents`."""

    def get(self):
        if not self.teacher():
            return
        key = {"key": self.get_query_argument("key")}
        here = url_path_join(self.settings["base_url"], "zaarlab/teacher")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        with _book(self) as book:
            self.finish(teacher_page(book.rows(), games=book.games(), events=f"{here}/events?{urlencode(key)}",
                                     downloads=f"{here}/{{}}?{urlencode(key)}", tables=_tables(self),
                                     find=_find_exercise))


class TeacherEvents(TeacherOnly, RequestHandler):
    """A stream of server-sent events: the answers' part of the teacher's page, each time the class's answers change
    (looked for every :data:`LIVE_SECONDS`)."""

    async def get(self):
        if not self.teacher():
            return
        self.set_header("Content-Type", "text/event-stream")
        self.set_header("Cache-Control", "no-store")
        hall = hall_of(self.settings)
        with _book(self) as book:
            seen, quiet = (book.version(), hall and hall.changes), 0.0
            try:
                while True:
                    await asyncio.sleep(LIVE_SECONDS)
                    quiet += LIVE_SECONDS
                    now = (book.version(), hall and hall.changes)
                    if now != seen:
                        seen, quiet = now, 0.0
                        live = live_part(book.rows(), book.games(), _tables(self), _find_exercise)
                        self.write("".join(f"data: {line}\n" for line in live.splitlines()) + "\n")
                    elif quiet >= STILL_THERE:
                        self.write(": still here\n\n")
                        quiet = 0.0
                    else:
                        continue
                    await self.flush()
            except StreamClosedError:  # the teacher closed the page
                pass


class TeacherFiles(TeacherOnly, RequestHandler):
    """``answers.csv`` (each student's record of each question), ``gradebook.csv`` (one row per student) and
    ``games.csv`` (each game a student finished)."""

    def get(self, name: str):
        if not self.teacher():
            return
        write = CSV_FILES.get(name)
        if write is None:
            raise HTTPError(404)
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="{name}"')
        self.set_header("Cache-Control", "no-store")
        with _book(self) as book:
            self.finish(write(gradebook(book.rows(), book.games())))


class TeacherTables(TeacherOnly, RequestHandler):
    """The teacher's hand on the class's matches, from the forms of the teacher's page: pair the students with the
    play page open (``do=pair``, a game, tables of a size, at most so many turns), end or restart a table; then back
    to the page."""

    def post(self):
        self.check_xsrf_cookie()  # a form of this server's own, never another site's
        if not self.teacher():
            return
        hall = hall_of(self.settings)
        if hall is None:
            raise HTTPError(404)
        do, table = self.get_body_argument("do", ""), self.get_body_argument("table", "")
        try:
            if do == "pair":
                size, turns = self.get_body_argument("size", "2"), self.get_body_argument("turns", "").strip()
                game = self.get_body_argument("game", "")[:40]
                short = hall.turns(game, int(turns) if turns.isdigit() else turns or None)
                changed = set(hall.matches.pair(_waiting(hall), game, int(size) if size.isdigit() else 0,
                                                params=short))
                hall.send_tables(changed)
            elif do in ("end", "restart"):
                hall.end(table, restart=do == "restart")
            else:
                raise Refused("the teacher's forms pair, end or restart")
        except Refused as refused:
            raise HTTPError(400, str(refused)) from None
        self.redirect(url_path_join(self.settings["base_url"], "zaarlab/teacher") + "?"
                      + urlencode({"key": self.get_query_argument("key")}) + "#tables", status=303)


def _waiting(hall: Hall) -> list[str]:
    """The students with the play page open who sit at no table still playing: whom a pairing seats."""
    playing = {who for t in hall.matches.tables.values() if not t.match.state.is_terminal() for who in t.sitters}
    return sorted(s for s, pages in hall.pages.items() if pages and s not in playing)


def _tables(handler: RequestHandler) -> Tables | None:
    """The class's tables as the teacher's page shows them (``None`` where nobody signs in: no student plays)."""
    hall = hall_of(handler.settings)
    if hall is None:
        return None
    titles = {name: game["title"] for name, game in hall.games.items()}
    act = url_path_join(handler.settings["base_url"], "zaarlab/teacher/tables") + "?" + urlencode(
        {"key": handler.get_query_argument("key")})
    return Tables([t | {"title": titles[t["game"]]} for t in hall.matches.overview()], _waiting(hall),
                  sorted(titles.items(), key=lambda item: item[1]), act, handler.xsrf_token.decode())


class _book:
    """The class's answers, opened for one request and closed after it."""

    def __init__(self, handler: RequestHandler):
        if not handler.settings["zaarlab_answers"]:
            raise HTTPError(404)  # a server that collects no answers
        self.book = AnswerBook(handler.settings["zaarlab_answers"])

    def __enter__(self) -> AnswerBook:
        return self.book

    def __exit__(self, *exc) -> None:
        self.book.close()


def _find_exercise(lesson: str, title: str):
    """The lessons' exercise ``title`` of ``lesson`` (``zaarlab.lessons.find_exercise``, looked up by name as the
    games' modules are: the lessons sit above the server), to name the mistakes the class's wrong answers make."""
    import importlib

    return importlib.import_module("zaarlab.lessons").find_exercise(lesson, title)
