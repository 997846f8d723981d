"""zaarlab as a teacher installs it: its wheel, built from this checkout, installed with pip in a fresh virtual
environment far from the repository (the plain-install tests, and the static site the browser tests open)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def install_fresh(folder: Path, extras: str = "classroom") -> Path:
    """Build zaarlab's wheel into ``folder`` and install it with ``extras`` in ``folder/venv``; that ``bin``.

    The wheel is built by pip in a process of its own: setuptools builds in the project's ``build/`` folder, and a
    second build in one process writes into folders it believes still there."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
                    "--no-build-isolation", "-w", folder, ROOT], check=True, capture_output=True)
    wheel = next(folder.glob("zaarlab-*.whl"))
    subprocess.run([sys.executable, "-m", "venv", str(folder / "venv")], check=True)
    subprocess.run([folder / "venv" / "bin" / "pip", "install", "--quiet", "--disable-pip-version-check", "-c",
                    ROOT / "constraints.txt", f"{wheel}[{extras}]" if extras else str(wheel)], check=True,
                   capture_output=True)
    return folder / "venv" / "bin"
