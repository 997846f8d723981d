"""zaarlab from a plain install: a wheel carries the teaching notebooks and the classroom's dashboards, and
``zaarlab notebooks`` and ``zaarlab classroom`` work from it in a fresh virtual environment, with no repository."""

import subprocess
import urllib.request
from pathlib import Path

import pytest

from tests.plain_install import install_fresh
from tests.processes import free_port, jupyter_home, serving
from zaarlab.cli import main
from zaarlab.core.data import notebooks_dir

ROOT = Path(__file__).parents[1]


def test_the_notebooks_are_copied_to_a_folder_and_never_over_a_teachers_own(tmp_path, capsys):
    shipped = sorted(p.relative_to(notebooks_dir()) for p in notebooks_dir().rglob("*.ipynb"))
    assert main(["notebooks", str(tmp_path / "lessons")]) == 0
    assert sorted(p.relative_to(tmp_path / "lessons") for p in (tmp_path / "lessons").rglob("*.ipynb")) == shipped
    assert f"{len(shipped)} notebooks copied to {tmp_path / 'lessons'}" in capsys.readouterr().out
    mine = tmp_path / "lessons" / "zaar" / "01_the_mansion.ipynb"
    mine.write_text("{}")  # the teacher's own changes
    assert main(["notebooks", str(tmp_path / "lessons")]) == 2
    assert f"{len(shipped)} of the notebooks are there already" in capsys.readouterr().err
    assert mine.read_text() == "{}"
    (tmp_path / "a-file").write_text("")
    assert main(["notebooks", str(tmp_path / "a-file")]) == 2 and "not a folder" in capsys.readouterr().err


def test_an_unknown_option_is_refused_but_the_classroom_takes_its_own(capsys):
    assert main(["play", "zaar", "--port", "1"]) == 2 and "unrecognized arguments: --port 1" in capsys.readouterr().err
    with pytest.raises(SystemExit) as done:
        main(["classroom", "--port", "1", "--host", "256.0.0.1"])  # the server's own option, its own refusal
    assert done.value.code == 2 and "port 1 of 256.0.0.1 is not free" in capsys.readouterr().err


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh virtual environment with zaarlab's wheel and its classroom extra installed, and nothing else."""
    return install_fresh(tmp_path_factory.mktemp("plain-install"))


@pytest.mark.xdist_group("wheel-build")  # setuptools builds in the project's build/: one wheel at a time
def test_a_wheel_in_a_fresh_environment_copies_the_notebooks_and_serves_the_classroom(installed, tmp_path):
    elsewhere = tmp_path / "a-teachers-folder"  # no repository anywhere near
    elsewhere.mkdir()
    copied = subprocess.run([installed / "zaarlab", "notebooks", "lessons"], cwd=elsewhere, capture_output=True,
                            text=True, check=True)
    assert "notebooks copied to lessons" in copied.stdout
    assert (elsewhere / "lessons" / "classroom" / "exercises.ipynb").is_file()
    assert (elsewhere / "lessons" / "zargos" / "02_combat_odds.ipynb").is_file()
    port = free_port()
    command = [str(installed / "zaarlab"), "classroom", "--port", str(port), "--pool", "0", "--runs",
               str(tmp_path / "runs")]
    env = {**jupyter_home(tmp_path), "PATH": f"{installed}:/usr/bin:/bin"}
    with serving("zaarlab classroom", command, env, port, tmp_path / "classroom.log") as base:
        first = urllib.request.urlopen(f"{base}/voila/files/index.html", timeout=60).read().decode()
        assert "Dice sums, exactly" in first and "exercises.ipynb" in first  # the dashboards' list, from the wheel
        page = urllib.request.urlopen(f"{base}/voila/render/dice_sums.ipynb", timeout=120).read().decode()
        assert "Dice sums, exactly" in page and "application/vnd.jupyter.widget-view+json" in page  # a kernel ran it
    assert len([run for run in (tmp_path / "runs").iterdir() if run.is_dir()]) == 1  # its folder, where it was told
