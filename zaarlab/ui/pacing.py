"""The others' moves after a person's, shown at a readable pace: played at once, then drawn frame by frame, one each
``pace`` seconds, a run of moves of one kind said in one sentence (:class:`~zaarlab.ui.watching.Watch`), never more
than :data:`BOT_TURN_SECONDS` of frames a turn however many moves it has; *pause*, *step*, *faster* and *skip* (the
rest at once, told in a few words). Where no event loop runs (tests, scripts) the moves are simply played.

A table (:class:`~zaarlab.ui.table.Table`) owns one :class:`Pacing` and is told through two callbacks: ``say`` (a
sentence in the band where the table answers) and ``refresh`` (draw the table again).

>>> from zaarlab.core.match import Match
>>> from zaarlab.zerzura.bots import BOTS
>>> from zaarlab.zerzura.state import ZerzuraGame
>>> import ipywidgets as widgets
>>> said = []
>>> pacing = Pacing(0.6, said.append, lambda: None, lambda player: f"Player {player + 1}", widgets.HTML())
>>> match = Match(ZerzuraGame(players=2), ["greedy", "greedy"], 1, BOTS)
>>> pacing.advance(match)  # no event loop here: the bots' moves are played at once
>>> match.state.is_terminal(), pacing.watch is None
(True, True)
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable

import ipywidgets as widgets

from ..core.api import IllegalActionError
from ..core.match import Match
from .panel import guarded
from .watching import Watch

BOT_TURN_SECONDS = 5.0  # the longest the others' moves take to watch after the person's, at the table's pace
FASTEST = 0.15  # seconds a frame: 'faster' goes no further, so each sentence stays on screen long enough to see


class Pacing:
    """The others' moves of a table's match, watched at ``pace`` seconds a frame (0: at once); see the module."""

    def __init__(self, pace: float, say: Callable[[str], None], refresh: Callable[[], None],
                 who: Callable[[int], str], said: widgets.HTML):
        self.pace, self.say, self.refresh, self.who = pace, say, refresh, who
        self.said = said  # where a frame that fails says so (:func:`~zaarlab.ui.panel.guarded`)
        self.watch: Watch | None = None  # the others' moves being shown, frame by frame
        self.match: Match | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._due = 0.0

    def advance(self, match: Match) -> None:
        """Let chance and the bots of ``match`` move, at once where no event loop runs; else what chance does after a
        person's move or before anybody's at once (the card turned, the dice rolled, the cards dealt), and the
        others' moves (played at once) shown frame by frame."""
        self.stop()
        self.match = match
        if self.pace <= 0 or _running_loop() is None:
            self.skip()
            return
        match.reveal_chance()
        start = len(match.history)
        if match.skip():
            self.watch = Watch.of(match, start, most=max(int(BOT_TURN_SECONDS / self.pace), 1), who=self.who)
            self._later(afresh=True)
        self.refresh()

    def stop(self) -> None:
        """No frame due and nothing watched (a new game at the table, another move)."""
        self._stop_timer()
        self.watch = None

    def skip(self) -> int:
        """The *skip* button: the others' moves still to watch (or to play) at once, up to the next person's move or
        the end, told in a few words (the story lists them all); returns how many moves that was."""
        assert self.match is not None
        self._stop_timer()
        watch, self.watch = self.watch, None
        if watch is None:
            moved = self.match.skip()
        else:
            moved = watch.total - watch.moves_shown()
            told = Watch.of(self.match, watch.at, most=1, who=self.who).frames
            self.say(f"The rest of the others' moves, at once: {told[0].words}" if told and told[0].words else "")
        self.refresh()
        return moved

    def pause(self) -> None:
        """The *pause* button (*go on* while paused): stop the others' moves on the frame shown, or go on from it."""
        watch = self.watch
        if watch is None:
            raise IllegalActionError("", "there are no moves of the others to pause")
        watch.paused = not watch.paused
        self._stop_timer()
        if not watch.paused:
            self._later(afresh=True)
        self.refresh()

    def step(self) -> None:
        """The *step* button: the others' next frame now (paused, it stays paused)."""
        if self.watch is None:
            raise IllegalActionError("", "there are no moves of the others to step through")
        self._stop_timer()
        self._show_next()
        self._later(afresh=True)

    def faster(self) -> None:
        """The *faster* button: each frame of the others' moves on screen half as long, down to :data:`FASTEST`."""
        self.pace = max(self.pace / 2, FASTEST)
        self.say(f"Faster: each moment of the others' moves now stays {self.pace:.2g} seconds on screen.")
        self.refresh()

    def _later(self, afresh: bool = False) -> None:
        """The others' next frame, ``pace`` seconds after the last was due (``afresh``: after now), however long the
        screen took to draw it: a turn's frames take the time they are given."""
        loop = _running_loop()
        if loop is not None and self.watch is not None and not self.watch.paused:
            now = loop.time()
            self._due = (now if afresh else self._due) + self.pace
            self._timer = loop.call_later(max(self._due - now, 0.0), guarded(self._tick, self.said))

    def _tick(self) -> None:
        """The frame due now; a screen slow to draw (an old device, a big map) has the frames it fell behind on
        passed over, so the others' moves still take the time they were given (the story keeps every move)."""
        self._timer = None
        watch, loop = self.watch, _running_loop()
        if watch is None or loop is None:
            return
        behind = min(int(max(loop.time() - self._due, 0.0) / self.pace), len(watch.frames) - 2 - watch.shown)
        if behind > 0:
            watch.shown += behind
            self._due += behind * self.pace
        self._show_next()
        self._later()

    def _show_next(self) -> None:
        """The others' next frame, said in a sentence; the last is the match as it stands, and the watch ends."""
        watch = self.watch
        assert watch is not None
        watch.shown += 1
        if watch.shown >= len(watch.frames) - 1:
            self.watch = None
        self.say(watch.frames[watch.shown].words)
        self.refresh()

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop a kernel runs (ipykernel, Pyodide), or ``None`` in plain Python (tests, scripts)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:  # Pyodide runs a kernel's messages outside its loop's tasks, on a loop that always runs
        return asyncio.get_event_loop() if "pyodide" in sys.modules else None
