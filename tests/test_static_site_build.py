"""``zaarlab site``'s own parts that need no download: zaarlab's wheel for the browser, made from the package as
installed (a checkout's here, a wheel's in the browser tests, which build and open the whole site), and the folder
it builds in. The site itself is built and opened in Chromium by tests/browser/test_static_site.py."""

import zipfile

import pytest

from zaarlab.cli import main
from zaarlab.core.data import bundled_dir
from zaarlab.core.rule_texts import rules_dir
from zaarlab.static_site.packages import wheel_entry, zaarlab_wheel


def test_the_browsers_wheel_carries_the_package_its_data_and_rules_but_no_notebooks(tmp_path):
    wheel = zaarlab_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    data = {f"zaarlab/bundled_data/{p.relative_to(bundled_dir()).as_posix()}" for p in bundled_dir().rglob("*.yaml")}
    rules = {f"zaarlab/bundled_rules/{p.name}" for p in rules_dir().glob("*.md")}
    assert data and rules and data | rules <= names
    assert {"zaarlab/core/api.py", "zaarlab/ui/web-assets/card_board.js", "zaarlab/zargos/rules.py"} <= names
    assert not [n for n in names if "bundled_notebooks" in n or n.endswith(".pyc") or "__pycache__" in n]
    entry = wheel_entry(wheel)
    assert (entry["name"], entry["imports"]) == ("zaarlab", ["zaarlab"])
    # what a page must load with it: the package's own requirements, none of its extras (Voila, pytest ...)
    assert set(entry["depends"]) == {"ipywidgets", "plotly", "anywidget", "networkx", "sympy", "pyyaml", "jinja2"}


def test_a_folder_that_holds_anything_but_a_site_is_never_built_over(tmp_path, capsys):
    mine = tmp_path / "my-folder" / "plan.txt"
    mine.parent.mkdir()
    mine.write_text("a teacher's lesson plan")
    with pytest.raises(SystemExit) as refused:  # the site's own options and refusals, as the classroom's
        main(["site", str(mine.parent), "--cache", str(tmp_path / "cache")])
    assert refused.value.code == 2 and "holds files that are not a site built here" in capsys.readouterr().err
    assert mine.read_text() == "a teacher's lesson plan" and not (tmp_path / "cache").exists()
