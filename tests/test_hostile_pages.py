"""A page may send anything: every control of every dashboard, sent what a tampered page sends (a wider range, an
option list of its own, values of the wrong type, very long strings, clicks on disabled buttons), keeps the limits
the kernel set, the dashboard keeps answering, and the page is told of the refusal. (The dice page's slider once took
``max: 100000`` then ``value: 20000`` and computed the sum of 20,000 dice until the server ran out of memory.)"""

import pytest

from tests.test_student_words import DASHBOARDS
from tests.widget_text import widget_texts
from zaarlab.ui.panel import controls

LONG = "x" * 1_000_000
LIMITS = ("min", "max", "step", "options", "disabled", "description", "faces")


def every_control(widget):
    if isinstance(widget, controls.Guarded):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from every_control(child)


def sent(control, state=None, method="update"):
    data = {"method": method, "state": state} if method == "update" else {"method": method,
                                                                          "content": {"event": "click"}}
    control._handle_msg({"content": {"data": data}, "buffers": []})


ATTACKS = [{"max": 100_000}, {"value": 20_000}, {"min": -100_000}, {"value": -20_000}, {"value": "many"},
           {"value": LONG}, {"index": 999}, {"index": -5}, {"index": "0"}, {"index": [0, 999]},
           {"_options_labels": ["mine", "yours"], "index": 1}, {"options": ["mine"]}, {"disabled": False},
           {"description": LONG}, {"held": LONG}, {"faces": [9, 9, 9, 9, 9]}, {"clicked": {"value": LONG}},
           {}, {"step": 1000}, {"width": 10**9}, {"width": 5}, {"width": "wide"}]


@pytest.mark.parametrize("name", list(DASHBOARDS))
def test_a_tampered_page_changes_no_limit_and_the_dashboard_keeps_answering(name):
    make, steps = DASHBOARDS[name]
    dashboard = make()
    dashboard._repr_mimebundle_()  # shown: its controls report refusals to its notice
    found = list(every_control(dashboard.box))
    assert found, f"{name} has no guarded control"
    for control in found:  # its limits, just before (using another control may change them, as it should)
        limits = {key: getattr(control, key) for key in LIMITS if hasattr(control, key)}
        for attack in ATTACKS:
            sent(control, attack)
        if hasattr(control, "disabled"):
            was_disabled, control.disabled = control.disabled, True
            sent(control, method="custom")  # a click on a disabled button, or any control
            control.disabled = was_disabled
        now = {key: getattr(control, key) for key in LIMITS if hasattr(control, key)}
        assert now == limits, f"{name}: {type(control).__name__} {getattr(control, 'description', '')!r} changed"
        value = getattr(control, "value", None)
        if isinstance(value, int) and hasattr(control, "max"):
            assert control.min <= value <= control.max
    assert "refused" in dashboard._notice().value
    for _ in steps(dashboard):  # every control, as a student uses it, still answers
        assert all(len(text) < 20_000 for text in widget_texts(dashboard.box))  # no long string made it through


def test_an_answer_past_the_time_limit_is_stopped_and_the_page_told(monkeypatch):
    """On the classroom server (``$ZAARLAB_ANSWER_SECONDS``, set by ``zaarlab.core.ceiling``) a control's answer
    that runs too long is stopped, the kernel goes on, and the dashboard says so."""
    import time

    from zaarlab.core.ceiling import ANSWER_SECONDS

    monkeypatch.setenv(ANSWER_SECONDS, "0.2")
    slider, notice = controls.Slider(value=1, min=1, max=10), controls.widgets.HTML()
    slider.notice = notice
    slider.observe(lambda change: time.sleep(5), "value")
    began = time.monotonic()
    sent(slider, {"value": 2})
    assert time.monotonic() - began < 2
    assert "needed more time than the server gives a page, and was stopped" in notice.value
    slider.unobserve_all()
    sent(slider, {"value": 3})  # the next move is answered
    assert slider.value == 3


def test_an_answer_past_the_memory_ceiling_is_stopped_and_the_page_told():
    def too_big(change):
        raise MemoryError

    slider, notice = controls.Slider(value=1, min=1, max=10), controls.widgets.HTML()
    slider.notice = notice
    slider.observe(too_big, "value")
    sent(slider, {"value": 2})
    assert "needed more memory than the server gives a page" in notice.value


@pytest.mark.parametrize(("module", "name"), [("zaarlab.zargos.table", "ZargosTable"),
                                              ("zaarlab.zaar.table", "ZaarTable")])
def test_a_tables_map_is_as_tall_as_the_width_the_page_gives_it_and_no_taller(module, name):
    """A phone's page gives the map 336 px: the map is drawn as tall plus its title and legend (no empty bands above
    and below); a wide screen's 900 px keep it at its full height; a width no screen has is refused, said on the
    page, and changes nothing."""
    import importlib

    game = importlib.import_module(module)
    table = getattr(game, name)(seats=("person", "greedy"), seed=4, pace=0)
    if not table.map.figure:  # Zaar's mansion is drawn once its first room is laid
        table.play(table.state.legal_actions()[0])

    def height():
        return table.map.figure["layout"]["height"]

    assert height() == game.MAP_HEIGHT
    sent(table.map, {"width": 336})
    assert height() == 336 + game.MAP_BESIDES < game.MAP_HEIGHT
    for width in (10**9, 5, "wide"):
        table.said.value = ""
        sent(table.map, {"width": width})
        assert height() == 336 + game.MAP_BESIDES and "refused" in table.said.value
    sent(table.map, {"width": 900})
    assert height() == game.MAP_HEIGHT
