"""``make gallery``: the pictures of docs/gallery.md, one of each classroom dashboard as a student first sees it, and
the page itself with each dashboard's title and what it answers (read from its notebook, as the classroom's first
page reads them).

The dashboards are served by the classroom server as ``make classroom`` starts it and opened in Chromium at a
laptop's size; each picture is the first screen, once its widgets and charts are drawn. Run it again after a change
to a dashboard's look.

    .venv/bin/python docs/gallery_pictures.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.processes import CHROMIUM, CHROMIUM_ARGS, free_port, jupyter_home, serving  # noqa: E402
from zaarlab.classroom.launch import dashboards, voila_command, voila_environment  # noqa: E402

PICTURES = ROOT / "docs" / "_static" / "gallery"
PAGE = ROOT / "docs" / "gallery.md"
SIZE = {"width": 1280, "height": 860}
DRAWN = """() => document.querySelectorAll('.jupyter-widgets').length > 0
    && ![...document.querySelectorAll('.jp-OutputArea-output')]
        .some(el => /^\\s*(Loading|Starting)/.test(el.textContent))"""  # a spinner's words, not a rule's


def page_text(boards) -> str:
    """docs/gallery.md for ``boards``."""
    parts = ["# Gallery\n\nEvery classroom dashboard as a student first sees it on a laptop, with what it answers. "
             "Each opens from the classroom server's first page (`make classroom`) and from the static site "
             "(`make site`); [For teachers](guides/teachers.md) says what each teaches.\n"]
    for board in boards:
        parts.append(f"## {board.title}\n\n{board.summary} (`{board.name}`)\n\n"
                     f"```{{image}} _static/gallery/{board.name}.jpg\n:alt: the dashboard {board.title}, "
                     f"as it first appears\n:width: 100%\n```\n")
    return "\n".join(parts)


def main() -> None:
    from playwright.sync_api import sync_playwright

    boards = dashboards()
    PICTURES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        port = free_port()
        command = voila_command("127.0.0.1", port, 0, pages=100, per_device=100)
        with serving("voila", command, voila_environment(jupyter_home(Path(home))), port,
                     Path(home) / "voila.log") as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            for board in boards:
                page = browser.new_page(viewport=SIZE)
                page.goto(f"{base}/voila/render/{board.name}.ipynb", timeout=180_000)
                page.wait_for_function(DRAWN, timeout=180_000)
                page.wait_for_load_state("networkidle")
                time.sleep(3)  # the charts drawn, the last widgets laid out
                page.screenshot(path=PICTURES / f"{board.name}.jpg", type="jpeg", quality=70)
                page.close()
                print(f"gallery: {board.name}")
            browser.close()
    PAGE.write_text(page_text(boards), encoding="utf-8")


if __name__ == "__main__":
    main()
