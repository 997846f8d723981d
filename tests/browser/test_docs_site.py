"""The documentation site: it builds with warnings as errors, every internal link resolves, every rule has its
entry, and four kinds of page render in Chromium without a console error or a request to another host."""

import functools
import hashlib
import http.server
import re
import shutil
import subprocess
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from zaarlab.core.rules_coverage import trace

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.xdist_group("docs")  # one build, on one worker


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site built with warnings as errors, once for both of CI's phases (the link checks here, the pages in
    Chromium): a build that passed is kept in build/docs-tests under a digest of the repository's files, so the
    second phase reuses it, and any edited file builds afresh."""
    kept = _kept_build()
    if kept is not None and (kept / "index.html").is_file():
        return kept
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                            "-d", str(out / "doctrees"), str(ROOT / "docs"), str(out / "html")],
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-4000:]
    if kept is None:
        return out / "html"
    shutil.rmtree(kept.parent, ignore_errors=True)  # the builds of files since edited
    shutil.copytree(out / "html", kept.with_suffix(".part"))
    kept.with_suffix(".part").rename(kept)
    return kept


def _kept_build() -> Path | None:
    """Where a build of the repository as it stands is kept: a digest of every file git tracks, read as they are now
    (the docs read the package, its data, notebooks and tests); ``None`` outside a git checkout."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    digest = hashlib.sha256()
    for name in sorted(filter(None, listed.split(b"\0"))):
        path = ROOT / name.decode()
        if path.is_file():
            digest.update(name + b"\0" + path.read_bytes() + b"\0")
    return ROOT / "build" / "docs-tests" / digest.hexdigest()[:20]


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        for name in ("href", "src"):
            if attrs.get(name):
                self.links.append(attrs[name])


@functools.cache
def _parsed(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


ENTRY_LINE = re.compile(r"<li><p>(tests|code): (.*?)</p></li>", re.S)


def test_every_rule_entry_links_its_tests_and_code_at_their_source(site):
    """Rule pages named their tests and code but linked none (0 of 387); each now leads to the function's source,
    with its line."""
    names = links = 0
    for page in sorted((site / "rules_traced").glob("*.html")):
        for kind, listed in ENTRY_LINE.findall(page.read_text(encoding="utf-8")):
            if listed.startswith("none"):
                continue
            count = listed.count(", ") + 1
            hrefs = re.findall(r'href="\.\./sources/([^"#]+)#(src-[^"]+)"', listed)
            assert len(hrefs) == count, f"{page.name}: a {kind} line with {count} names and {len(hrefs)} links"
            for target, label in hrefs:
                shown = site / "sources" / target
                assert f'id="{label}"' in shown.read_text(encoding="utf-8"), (target, label)
            names, links = names + count, links + len(hrefs)
    assert links == names and names > 300
    section = (site / "sources" / "tests" / "zaar" / "test_cards.html").read_text(encoding="utf-8")
    assert re.search(r"tests/zaar/test_cards\.py</span></code>, line \d+", section)


def test_every_function_on_a_source_page_links_back_to_the_rules_it_names(site):
    """A reader who followed a rule to its test or code finds, under each function's heading, the rules it names,
    each a link to its entry."""
    sections = 0
    for page in sorted((site / "sources").rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        headings = text.count('<section id="src-')
        backlinks = re.findall(r"<p>Names (.*?)\.</p>", text, re.S)
        assert len(backlinks) == headings, page
        for line in backlinks:
            assert re.search(r'href="[./]*rules_traced/\w+\.html#rule-[\w-]+"', line), (page, line)
        sections += headings
    assert sections > 300


def test_markdown_tables_render_as_tables(site):
    """The notebooks' odds tables (Markdown outputs) once showed as a paragraph of ``| a | b |`` text."""
    pages = sorted((site / "notebooks").rglob("*.html"))
    prose = {page.name: re.sub(r"<pre.*?</pre>", "", page.read_text(encoding="utf-8"), flags=re.S)  # not code
             for page in pages}
    raw = [name for name, text in prose.items() if re.search(r"\|\s*-{3,}:?\s*\|", text)]
    assert not raw, f"raw Markdown table text on {raw}"
    tables = sum(page.read_text(encoding="utf-8").count("<table") for page in pages)
    assert tables >= 10


def test_every_internal_link_resolves_to_a_file_and_an_anchor(site):
    pages = [page for page in sorted(site.rglob("*.html")) if "_static" not in page.parts]  # theme templates
    broken = []
    for page in pages:
        for link in _parsed(page).links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:")):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.exists():
                broken.append((page.relative_to(site).as_posix(), link))
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in _parsed(target).ids:
                broken.append((page.relative_to(site).as_posix(), link))
    assert len(pages) > 100
    assert broken == []


def test_no_page_points_at_another_host_for_its_scripts_or_styles(site):
    pages = [page for page in site.rglob("*.html") if "_static" not in page.parts]
    foreign = {(page.name, link) for page in pages for link in _parsed(page).links
               if re.match(r"(https?:)?//", link) and re.search(r"\.(js|css|woff2?)(\?|$)", link)}
    assert foreign == set()


def test_every_rule_has_its_entry_with_its_tests(site):
    for game, rules in trace(ROOT).items():
        page = site / "rules_traced" / f"{game}.html"
        ids = _parsed(page).ids
        assert {f"rule-{r.rule_id.lower()}" for r in rules} <= ids
    text = (site / "rules_traced" / "zaar.html").read_text(encoding="utf-8")
    assert "test_a_second_room_on_an_occupied_cell_is_refused_not_dropped" in text


def test_a_rule_id_in_running_text_links_to_its_entry(site):
    links = _parsed(site / "notebooks" / "zargos" / "02_combat_odds.html").links
    assert "../../rules_traced/zargos.html#rule-zargos-combat-04" in links
    api = _parsed(site / "api" / "generated" / "zaarlab.zargos.odds.html").links
    assert "../../rules/readings.html#amb-s04" in api  # a reading's ID links to its row


def test_a_code_name_of_one_zaarlab_object_links_to_its_api_entry(site):
    """``p_survive(state, k)`` in a notebook's prose leads to the function's entry; a name several objects share
    (``apply``) or that is no zaarlab object (``sympy.Rational``) stays plain."""
    links = _parsed(site / "notebooks" / "zogars_gaze" / "02_press_your_luck.html").links
    assert "../../api/generated/zaarlab.zogars_gaze.deck.html#zaarlab.zogars_gaze.deck.p_survive" in links
    guide = (site / "guides" / "contributing.html").read_text(encoding="utf-8")
    assert '<span class="pre">apply</span>' in guide
    assert not re.search(r'<a [^>]*><code[^>]*><span class="pre">apply</span>', guide)  # every game's state has one
    api = (site / "api" / "generated" / "zaarlab.core.exact.html").read_text(encoding="utf-8")
    assert not re.search(r'<a [^>]*><code[^>]*><span class="pre">sympy\.Rational</span>', api)


def test_file_names_in_the_readme_link_to_their_pages(site):
    links = _parsed(site / "readme.html").links
    assert "rules_traced/zargos.html" in links
    assert "notebooks/00_start_here.html" in links


@pytest.fixture(scope="module")
def served(site):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


PAGES = {
    "index.html": ("h1", "zaarlab"),
    "notebooks/zargos/02_combat_odds.html": (".plotly-figure .main-svg", None),
    "notebooks/00_start_here.html": ("mjx-container", None),
    "api/generated/zaarlab.zargos.odds.html": ("dt.sig", "battle_dist"),
    "rules_traced/zaar.html": ("#rule-zaar-place-03", "ZAAR-PLACE-03"),
}


FIGURES = ["notebooks/zargos/02_combat_odds.html", "notebooks/zaar/02_raml_and_astrolabe.html",
           "notebooks/zerzura/01_scoring.html", "notebooks/zogars_gaze/01_combat_dice.html"]


@pytest.mark.browser
@pytest.mark.parametrize("size", [(1400, 900), (390, 844)], ids=["desktop", "phone"])
def test_every_figure_fits_its_column(served, browser, size):
    """The notebooks' figures were drawn 896 px wide in a 714 px column, their legends behind a sideways scroll."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        for path in FIGURES:
            page.goto(f"{served}/{path}", wait_until="networkidle")
            page.locator(".plotly-figure .main-svg").first.wait_for(state="attached", timeout=30_000)
            too_wide = page.evaluate("""() => [...document.querySelectorAll('.plotly-figure')].map(el => {
                const column = el.closest('article') || document.body;
                const svg = el.querySelector('.main-svg');
                return [svg ? svg.getBoundingClientRect().width : 0, column.getBoundingClientRect().width];
            }).filter(([figure, column]) => figure > column + 1)""")
            assert too_wide == [], f"{path}: figures wider than the column: {too_wide}"
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), path
    finally:
        page.close()


@pytest.mark.browser
@pytest.mark.parametrize("path", list(PAGES))
def test_the_page_renders_in_chromium_offline(served, browser, path, tmp_path):
    selector, text = PAGES[path]
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors, foreign = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route(re.compile(r"^(?!http://127\.0\.0\.1).*"), lambda route: (foreign.append(route.request.url),
                                                                         route.abort()))
    try:
        page.goto(f"{served}/{path}", wait_until="networkidle")
        found = page.locator(selector).first
        found.wait_for(state="attached", timeout=30_000)
        if text:
            assert text in found.text_content() or text in page.locator("main").text_content()
        page.screenshot(path=str(tmp_path / "page.png"))
    finally:
        page.close()
    assert errors == [] and foreign == []


PLANS = sorted((ROOT / "docs" / "guides" / "lessons").glob("*.md"))
FITS = re.compile(r"\[student handout\]\(([\w-]+)\.md\) fits on one sheet\s+printed\s+on\s+both\s+sides\s+\(two\s+"
                  r"pages,\s+A4\s+or\s+Letter\)")


@pytest.mark.browser
def test_every_handout_fits_on_the_one_sheet_its_plan_promises(served, browser):
    """A teacher prints each lesson's handout from the docs: on A4 and on Letter paper, without the site's menus and
    with a margin of its own (a browser's print may set none), it takes no more than one sheet printed on both sides,
    as its lesson plan says (three pages, before the print stylesheet was tightened); no table is cut between the two
    pages and no heading is left at the foot of the first (the print stylesheet keeps them whole)."""
    handouts = [FITS.search(plan.read_text(encoding="utf-8")) for plan in PLANS if "handout" not in plan.stem]
    assert handouts and all(handouts), "every lesson plan says its handout fits on one sheet"
    page = browser.new_page()
    for handout in handouts:
        page.goto(f"{served}/guides/lessons/{handout[1]}.html")
        page.emulate_media(media="print")
        assert not page.locator(".bd-sidebar-primary").is_visible()  # the text alone
        margins = page.evaluate("""() => [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
            .filter((rule) => rule instanceof CSSPageRule).map((rule) => rule.style.margin)""")
        assert margins == ["14mm 15mm"], margins  # clear of the paper's edge, whatever the printer's own margins
        for paper in ("A4", "Letter"):
            printed = page.pdf(format=paper)
            assert len(re.findall(rb"/Type\s*/Page[^s]", printed)) <= 2, (handout[1], paper)
    page.close()
