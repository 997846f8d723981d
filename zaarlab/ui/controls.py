"""Controls no page can misuse: sliders, menus, toggles and buttons whose limits the kernel alone sets.

ipywidgets syncs a control's traits both ways, so any page (any client of a classroom server) may send a slider a
new ``max`` and then a ``value`` past the old one, a menu an option list of its own, a value of another type, or a
click to a disabled button. These controls take from a page only what using them changes (a slider's value, a
menu's choice, a toggle's state, a click), checked by the control's own limits, and only while it is enabled: a
disabled control (a solution not open yet) takes nothing from a page, whatever the page's own copy of it says.
Anything else is refused: the page gets the kernel's state back, and the refusal is told where the dashboard says
so (:attr:`Guarded.notice`, which every :class:`zaarlab.ui.panel.Panel` sets). On the classroom server an answer is also
stopped after a time limit, or when it would pass the kernel's memory ceiling (:mod:`zaarlab.core.ceiling`), and
the page says so; the kernel goes on serving it.

>>> slider = Slider(value=3, min=1, max=10)
>>> page = lambda state: slider._handle_msg({"content": {"data": {"method": "update", "state": state}}})
>>> page({"max": 100000}); page({"value": 20000})
>>> slider.max, slider.value
(10, 10)
>>> page({"value": "many"}); slider.value
10
>>> slider.disabled = True; page({"value": 4}); slider.value     # disabled: the kernel keeps its value
10
"""

from __future__ import annotations

import html
import os
import signal
import threading
from contextlib import contextmanager

import ipywidgets as widgets
from ipywidgets.widgets.widget import _put_buffers
from traitlets import TraitError, validate

from zaarlab.core.ceiling import ANSWER_SECONDS


class AnswerTooLong(Exception):
    """An answer ran past the time limit of the kernel (``$ZAARLAB_ANSWER_SECONDS``) and was stopped."""


@contextmanager
def time_limit(seconds: float | None = None):
    """Stop the block with :class:`AnswerTooLong` after ``seconds`` (by default ``$ZAARLAB_ANSWER_SECONDS``; none
    if unset or 0). A kernel's messages are handled in its main thread, where a timer signal can interrupt them.

    >>> import time
    >>> with time_limit(0.05):
    ...     time.sleep(1)
    Traceback (most recent call last):
    zaarlab.ui.controls.AnswerTooLong: stopped after 0.05 s
    """
    seconds = float(os.environ.get(ANSWER_SECONDS) or 0) if seconds is None else seconds
    if not seconds or threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGALRM"):
        yield
        return

    def stop(signum, frame):
        raise AnswerTooLong(f"stopped after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class Refused(TraitError):
    """A value past one of zaarlab's own limits of a control, said in words a person reads (a file too big)."""


class Guarded:
    """Mixin for a control: a page may change only the traits named in ``_from_page``, to values they accept."""

    _from_page: tuple[str, ...] = ()
    notice: widgets.HTML | None = None  # where a refusal is told

    def _handle_msg(self, msg) -> None:
        try:
            with time_limit():
                self._take(msg)
        except (AnswerTooLong, MemoryError) as stopped:
            self._tell(f"This answer needed {'more time' if isinstance(stopped, AnswerTooLong) else 'more memory'} "
                       "than the server gives a page, and was stopped: what the page shows may be out of date. "
                       "Change a value to try again.")

    def _take(self, msg) -> None:
        data = msg.get("content", {}).get("data", {}) if isinstance(msg, dict) else {}
        method = data.get("method")
        if method == "update":
            state = data.get("state")
            state = state if isinstance(state, dict) else {}
            paths, buffers = data.get("buffer_paths"), msg.get("buffers")
            if paths and isinstance(paths, list) and isinstance(buffers, list | tuple):  # a file's bytes
                try:
                    _put_buffers(state, paths, buffers)
                except (IndexError, KeyError, TypeError):
                    state = {"buffers": None}  # paths that lead nowhere: refused as a whole
            enabled = not getattr(self, "disabled", False)
            kept = {key: value for key, value in state.items() if key in self._from_page and enabled}
            refused, why = [key for key in state if key not in kept], ""
            if kept:
                try:
                    self.set_state(kept)
                except Refused as error:  # the control's own limit, in words (a file too big)
                    refused, why = refused + list(kept), str(error)
                except (TraitError, TypeError, ValueError):
                    refused += list(kept)
            if refused or not state:
                self._refuse(refused, why)
        elif method == "custom" and getattr(self, "disabled", False):
            self._refuse(["a click while it is disabled"])
        elif method in ("custom", "request_state"):
            super()._handle_msg(msg)

    def _refuse(self, keys: list[str], why: str = "") -> None:
        """Send the page the kernel's state of ``keys`` and say that a change was refused (``why``: the control's
        own limit, in words)."""
        self.send_state([key for key in keys if key in self.keys] or None)
        if why:
            self._tell(f"Refused: {why}.")
            return
        what = ", ".join(str(key)[:40] for key in keys[:5]) or "an empty message"
        self._tell(f"A change this page cannot make was refused ({what}); the dashboard's own limits stand.")

    def _tell(self, text: str) -> None:
        if self.notice is not None:
            self.notice.value = f'<p role="status" style="color: #a0282d">{html.escape(text)}</p>'


class Slider(Guarded, widgets.IntSlider):
    """An ``IntSlider``: a page moves its value, within the bounds the kernel sets."""

    _from_page = ("value",)


class Menu(Guarded, widgets.Dropdown):
    """A ``Dropdown``: a page picks one of the options the kernel lists."""

    _from_page = ("index",)


class Choices(Guarded, widgets.SelectMultiple):
    """A ``SelectMultiple``: a page picks some of the options the kernel lists."""

    _from_page = ("index",)


class Checkbox(Guarded, widgets.Checkbox):
    """A ``Checkbox``: a page ticks it or not."""

    _from_page = ("value",)


class TextBox(Guarded, widgets.Text):
    """A ``Text``: a page types its value, at most ``max_length`` characters (a pasted page is refused)."""

    _from_page = ("value",)
    max_length = 80

    @validate("value")
    def _short(self, proposal):
        if len(proposal["value"]) > self.max_length:
            raise Refused(f"at most {self.max_length} characters")
        return proposal["value"]


class Upload(Guarded, widgets.FileUpload):
    """A ``FileUpload`` of one file of at most ``max_bytes``: a page sends the file, nothing else of the control."""

    _from_page = ("value",)
    max_bytes = 2_000_000

    @validate("value")
    def _one_small_file(self, proposal):
        files = proposal["value"]
        if len(files) > 1:
            raise Refused("choose one file at a time")
        if any(len(f.get("content", b"")) > self.max_bytes for f in files):
            raise Refused(f"this file is larger than a saved game can be ({self.max_bytes:,} bytes at most)")
        return files


class Toggle(Guarded, widgets.ToggleButton):
    """A ``ToggleButton``: a page presses it or not."""

    _from_page = ("value",)


class Button(Guarded, widgets.Button):
    """A ``Button``: a page clicks it, while it is enabled."""
