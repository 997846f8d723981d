"""The teacher's pages on the classroom server, for the teacher's key only: the class's answers
(:func:`zaarlab.teaching.teacher.teacher_page`), the stream that sends them anew as students check answers (the page
follows it), and the class's CSV files (:mod:`zaarlab.teaching.gradebook`).
"""

from __future__ import annotations

import asyncio
from urllib.parse import urlencode

from jupyter_server.utils import url_path_join
from tornado.iostream import StreamClosedError
from tornado.web import HTTPError, RequestHandler

from ..teaching.answers import AnswerBook
from ..teaching.gradebook import CSV_FILES, gradebook
from ..teaching.teacher import live_part, teacher_page
from .door import TeacherOnly

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
                                     downloads=f"{here}/{{}}?{urlencode(key)}"))


class TeacherEvents(TeacherOnly, RequestHandler):
    """A stream of server-sent events: the answers' part of the teacher's page, each time the class's answers change
    (looked for every :data:`LIVE_SECONDS`)."""

    async def get(self):
        if not self.teacher():
            return
        self.set_header("Content-Type", "text/event-stream")
        self.set_header("Cache-Control", "no-store")
        with _book(self) as book:
            seen, quiet = book.version(), 0.0
            try:
                while True:
                    await asyncio.sleep(LIVE_SECONDS)
                    quiet += LIVE_SECONDS
                    now = book.version()
                    if now != seen:
                        seen, quiet = now, 0.0
                        live = live_part(book.rows(), book.games())
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
