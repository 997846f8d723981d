"""Voila + Debian's Chromium + Playwright, for tests marked ``browser``.

Skipped, with the reason shown, when ``/usr/bin/chromium`` is absent (``apt-get install chromium``);
CI installs it, so there they run.
"""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).parents[2]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def pytest_collection_modifyitems(items):
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason="browser test: /usr/bin/chromium is not installed (apt-get install chromium)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def voila_classroom(tmp_path_factory):
    """Voila serving notebooks/classroom/ on a free loopback port; yields the base URL."""
    home = tmp_path_factory.mktemp("jupyter")
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_DATA_DIR": str(home / "data"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "IPYTHONDIR": str(home / "ipython")}
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(ROOT / "notebooks" / "classroom"), "--no-browser",
         f"--port={port}", "--Voila.ip=127.0.0.1"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited: {proc.stderr.read().decode()[-2000:]}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.2)
    else:
        proc.kill()
        raise RuntimeError("voila did not open its port within 60 s")
    yield f"http://127.0.0.1:{port}"
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    yield page
    page.close()


def open_dashboard(page, base: str, notebook: str, ready: str):
    """Open a classroom dashboard and wait until the widget whose text contains ``ready`` is drawn."""
    page.goto(f"{base}/voila/render/{notebook}", wait_until="domcontentloaded")
    return widget_with(page, ready)


def widget_with(page, text: str):
    """The text widget showing ``text`` now, found by its position (its text changes as the controls move)."""
    page.locator(".widget-html, .widget-label", has_text=text).first.wait_for(state="visible", timeout=90_000)
    every = page.locator(".widget-html, .widget-label")
    return every.nth(next(i for i, shown in enumerate(every.all_text_contents()) if text in shown))


def press(page, handle, key: str, times: int = 1) -> None:
    """Move a slider from the keyboard, as a student without a mouse would."""
    handle.focus()
    for _ in range(times):
        page.keyboard.press(key)


def assert_no_python_error(page) -> None:
    """No error reached the page: no widget saying something went wrong, no Python traceback in an output."""
    from playwright.sync_api import expect

    expect(page.get_by_text("Something went wrong")).to_have_count(0)
    expect(page.locator("[data-mime-type='application/vnd.jupyter.stderr'], .jp-RenderedText pre .ansi-red-fg")
           ).to_have_count(0)


AXE = "axe-core@4.14.1"


@pytest.fixture(scope="session")
def axe_script(tmp_path_factory) -> Path:
    """axe-core's script, taken from the npm registry (``npm pack``), for accessibility scans in the page."""
    import tarfile

    folder = tmp_path_factory.mktemp("axe")
    subprocess.run(["npm", "pack", "--silent", "--pack-destination", str(folder), AXE], check=True,
                   stdout=subprocess.DEVNULL)
    with tarfile.open(next(folder.glob("*.tgz"))) as tar:
        tar.extractall(folder, filter="data")
    return folder / "package" / "axe.min.js"


def accessibility_violations(page, axe_script: Path, impacts=("serious", "critical")) -> list[str]:
    """axe-core's violations of the page of the given impacts, one line each (rule, count, an example)."""
    page.add_script_tag(path=str(axe_script))
    found = page.evaluate("async () => (await axe.run()).violations.map(v => "
                          "({id: v.id, impact: v.impact, n: v.nodes.length, html: v.nodes[0].html.slice(0, 120)}))")
    return [f"{v['impact']} {v['id']} x{v['n']}: {v['html']}" for v in found if v["impact"] in impacts]
