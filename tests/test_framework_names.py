"""The private or unversioned names of Voila and ipywidgets that zaarlab's guards hang on. Each one renamed or gone
would silently drop a guard (a handler chosen by class name would lose its kernel-ownership check; a control whose
``_handle_msg`` is no longer called would take any value a page sends), so each is checked against the installed
framework here. The versions tested are the upper pins of ``pyproject.toml``.
"""

from __future__ import annotations

import inspect

import ipywidgets
import tornado.web
from voila.app import Voila

from zaarlab.classroom.door import Door
from zaarlab.classroom.server import GUARDS
from zaarlab.ui import controls


def handler_names() -> set[str]:
    """Every tornado handler class defined once Voila is imported, by name."""
    seen, todo = set(), [tornado.web.RequestHandler]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub.__name__ not in seen:
                seen.add(sub.__name__)
                todo.append(sub)
    return seen


def test_every_handler_guarded_by_name_exists_in_the_installed_voila_and_is_served_by_it():
    source = inspect.getsource(Voila.init_handlers)
    assert set(GUARDS) <= handler_names()
    assert [name for name in GUARDS if name not in source] == []
    assert all(issubclass(guard, Door) for guard in GUARDS.values())


def test_voila_opens_its_server_through_the_applications_listen():
    """ClassroomVoila.listen hands tornado its time limits by wrapping the application's ``listen``, which Voila's
    own ``listen`` calls."""
    assert "self.app.listen(" in inspect.getsource(Voila.listen)


def test_a_widget_message_from_the_page_reaches_the_guarded_control():
    """The page's messages come in through the widget's comm; the control's ``_handle_msg`` override must be the
    callback the comm calls (as ipywidgets 8 wires it), so a page that moves the slider's limit is refused."""
    assert hasattr(ipywidgets.Widget, "_handle_msg")
    slider, notice = controls.Slider(value=1, min=1, max=10), ipywidgets.HTML()
    slider.notice = notice
    slider.comm.handle_msg({"content": {"data": {"method": "update", "state": {"max": 10_000}}}, "buffers": []})
    assert slider.max == 10 and "refused" in notice.value
    slider.comm.handle_msg({"content": {"data": {"method": "update", "state": {"value": 7}}}, "buffers": []})
    assert slider.value == 7


def test_a_file_sent_by_the_page_is_put_together_by_ipywidgets_own_reader():
    """``_put_buffers`` (ipywidgets' private reader of a message's binary parts) still puts a file's bytes where the
    upload control reads them."""
    upload = controls.Upload(accept=".json")
    message = {"content": {"data": {"method": "update", "state": {"value": [{"name": "a.json", "type": "",
                                                                              "size": 2, "last_modified": 0}]},
                                    "buffer_paths": [["value", 0, "content"]]}}, "buffers": [memoryview(b"{}")]}
    upload.comm.handle_msg(message)
    assert bytes(upload.value[0]["content"]) == b"{}"
