"""What the classroom dashboards import, with every control operated: the static site's pages start Python with
only these packages (``zaarlab/static_site/build.py``: sympy is loaded for the notebooks, never for a dashboard, which
saves a student about a second and a half of every page's start)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from zaarlab.classroom.launch import FOLDER, dashboards

# Run in a fresh interpreter: the dashboard's cells, then every control of the widget tree operated, then the
# top-level packages imported, as JSON.
OPERATE = r'''
import json, sys
import ipywidgets as widgets

namespace = {}
for source in json.load(open(sys.argv[1]))["cells"]:
    if source["cell_type"] == "code":
        code = "".join(source["source"])
        *body, last = code.rstrip().splitlines()
        exec("\n".join(body), namespace)
        shown = eval(last, namespace)

def controls(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from controls(child)

operated = 0
for control in list(controls(shown.box)):  # a zaarlab Panel shows its box
    if getattr(control, "disabled", False):
        continue
    if isinstance(control, widgets.Button):
        control.click()
    elif isinstance(control, (widgets.IntSlider, widgets.FloatSlider)):
        for value in (control.max, control.min, (control.min + control.max) // 2):
            control.value = value
    elif isinstance(control, (widgets.Checkbox, widgets.ToggleButton)):
        control.value = not control.value
        control.value = not control.value
    elif isinstance(control, (widgets.Dropdown, widgets.ToggleButtons, widgets.Select, widgets.RadioButtons)):
        for option in list(control.options)[:12]:
            control.value = option[1] if isinstance(option, tuple) else option
    else:
        continue
    operated += 1
print(json.dumps({"operated": operated, "imported": sorted({m.split(".")[0] for m in sys.modules})}))
'''


@pytest.mark.parametrize("board", [b.name for b in dashboards(FOLDER)])
def test_a_dashboard_with_every_control_operated_never_imports_sympy(board):
    done = subprocess.run([sys.executable, "-c", OPERATE, str(Path(FOLDER) / f"{board}.ipynb")], capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["operated"] >= 2, found  # every dashboard has two controls at least
    assert {"zaarlab", "ipywidgets", "plotly"} <= set(found["imported"])
    assert "sympy" not in found["imported"], (
        f"{board} imports sympy: the static site's dashboard pages do not load it (zaarlab/static_site/build.py)")


EXPLAIN = r'''
import json, sys
from zaarlab.lessons import LESSONS
from zaarlab.explainers import explainer

opened = sum(explainer(exercise.for_student(name)) is not None for exercises in LESSONS.values()
             for exercise in exercises for name in ("Ada", "Ben"))
print(json.dumps({"opened": opened, "imported": sorted({m.split(".")[0] for m in sys.modules})}))
'''


def test_the_widgets_the_exercises_solutions_open_never_import_sympy():
    """The exercises page's solutions open widgets and charts of every game, on the same page: in the static site it
    has no sympy to import (the next card's chart asked for a sympy.Rational, and showed nothing there)."""
    done = subprocess.run([sys.executable, "-c", EXPLAIN], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["opened"] > 50 and "sympy" not in found["imported"]
