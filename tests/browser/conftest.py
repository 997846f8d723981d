"""Voila, JupyterLab, Debian's Chromium and Playwright, for tests marked ``browser``.

Skipped, with the reason shown, when ``/usr/bin/chromium`` is absent (``apt-get install chromium``);
CI installs it, so there they run.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import CHROMIUM, CHROMIUM_ARGS, free_port, jupyter_home, serving

ROOT = Path(__file__).parents[2]


def pytest_collection_modifyitems(items):
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason="browser test: /usr/bin/chromium is not installed (apt-get install chromium)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


SERVER_LOGS: dict[str, Path] = {}  # a server's base URL: its log, read into the report of a test that fails


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that fails reports what its page showed then and the end of its server's log (a kernel that
    died or an answer stopped is said there), so a failure seen once in CI can be found at its cause."""
    report = yield
    if report.failed and call.when == "call":
        page = item.funcargs.get("page")
        if page is not None and not page.is_closed():
            try:
                report.sections.append(("the page showed", page.locator("body").inner_text(timeout=5_000)[-6000:]))
            except Exception as unread:  # a page that cannot be read says why, in place of its text
                report.sections.append(("the page showed", f"(unread: {unread})"))
        for base, log in SERVER_LOGS.items():
            if base in item.funcargs.values() and log.exists():
                report.sections.append((f"the end of {log.name}", log.read_text(errors="replace")[-4000:]))
    return report


@pytest.fixture(scope="session")
def voila_classroom(tmp_path_factory):
    """The classroom server as ``make classroom`` starts it (the door, kernels under their ceiling) serving
    notebooks/classroom/ on a free loopback port, with no kernel pre-heated and no cap on this one browser's pages;
    yields the base URL."""
    from zaarlab.classroom.launch import voila_command, voila_environment

    home = tmp_path_factory.mktemp("jupyter")
    port = free_port()
    with serving("voila", voila_command("127.0.0.1", port, 0, pages=1000, per_device=1000),
                 voila_environment(jupyter_home(home)), port, home / "voila.log") as base:
        SERVER_LOGS[base] = home / "voila.log"
        yield base


LAB_SETTINGS = {  # every cell drawn (no windowing), the kernel started without asking, no news toast
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none", "autoStartDefaultKernel": True},
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
}


@pytest.fixture(scope="session")
def jupyter_lab(tmp_path_factory):
    """JupyterLab on a copy of notebooks/ (what the tests run is never saved over the repository's notebooks),
    on a free loopback port; yields the base URL."""
    home = tmp_path_factory.mktemp("lab")
    # not the sockets of kernels a classroom server may be running from notebooks/classroom meanwhile
    shutil.copytree(ROOT / "notebooks", home / "notebooks", ignore=shutil.ignore_patterns("kernel-ipc-*"))
    for plugin, settings in LAB_SETTINGS.items():
        path = home / "config" / "lab" / "user-settings" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings))
    port = free_port()
    with serving("jupyter lab", [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}",
                                  "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--allow-root",
                                  f"--ServerApp.root_dir={home / 'notebooks'}", "--LabApp.expose_app_in_browser=True"],
                  jupyter_home(home), port, home / "lab.log") as base:
        yield base


def open_in_lab(page, base: str, notebook: str) -> None:
    """Open ``notebook`` in JupyterLab (the only notebook open) with its saved outputs."""
    page.goto(f"{base}/lab/tree/{notebook}?reset", wait_until="domcontentloaded")
    page.wait_for_function("""path => { const shown = window.jupyterapp?.shell.currentWidget;
        return shown?.context?.path === path && shown.context.isReady && shown.content.widgets.length > 0; }""",
                           arg=notebook, timeout=90_000)


def run_all_in_lab(page, notebook: str) -> None:
    """Wait for the open notebook's kernel and *Run All Cells* as a reader would; returns when every cell has run."""
    ran = page.evaluate("""async () => {
        const notebook = window.jupyterapp.shell.currentWidget;
        await notebook.sessionContext.ready;
        await notebook.sessionContext.session.kernel.info;
        return await window.jupyterapp.commands.execute('notebook:run-all-cells');
    }""")
    assert ran, f"{notebook}: Run All stopped before the end"
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(state="attached", timeout=90_000)


def lab_output(page, source: str):
    """The output area of the notebook's first code cell whose source contains ``source`` (a line of its own if
    ``source`` is a bare name)."""
    index = page.evaluate("""source => window.jupyterapp.shell.currentWidget.content.widgets.findIndex(cell =>
        cell.model.type === 'code' && (/^\\w+$/.test(source) ? cell.model.sharedModel.getSource().trim() === source
                                                            : cell.model.sharedModel.getSource().includes(source)))""",
                          source)
    assert index >= 0, f"no code cell with {source!r}"
    return page.locator(".jp-Notebook .jp-Cell").nth(index).locator(".jp-Cell-outputArea")


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    yield page
    page.close()


def open_dashboard(page, base: str, notebook: str, ready: str) -> None:
    """Open a classroom dashboard and wait until a widget showing ``ready`` is drawn."""
    page.goto(f"{base}/voila/render/{notebook}", wait_until="domcontentloaded")
    page.locator(".widget-html, .widget-label", has_text=ready).first.wait_for(state="visible", timeout=90_000)


def refuse_other_hosts(page, base: str) -> list[str]:
    """Refuse every request of ``page`` to a host other than ``base``'s; the list returned records each one."""
    foreign: list[str] = []

    def route(request_route):
        if request_route.request.url.startswith(base + "/"):
            request_route.continue_()
        else:
            foreign.append(request_route.request.url)
            request_route.abort()

    page.context.route("**/*", route)
    return foreign


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


def accessibility_violations(page, axe_script: Path) -> list[str]:
    """axe-core's violations of the page, whatever their impact (minor to critical), one line each (impact, rule,
    count, an example)."""
    page.add_script_tag(path=str(axe_script))
    found = page.evaluate("async () => (await axe.run()).violations.map(v => "
                          "({id: v.id, impact: v.impact, n: v.nodes.length, html: v.nodes[0].html.slice(0, 120)}))")
    return [f"{v['impact']} {v['id']} x{v['n']}: {v['html']}" for v in found]
