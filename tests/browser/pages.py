"""What a student does with a dashboard's page, whoever serves it (Voila or the static site): read it at a screen's
size, scroll to its last chart with the mouse wheel or the keyboard, tell its buttons from the page, read its text.

Each check returns what is wrong, in words (an empty list when nothing is), or asserts with such words.
"""

from __future__ import annotations

from tests.helpers import student_text_problems

SCREENS = {"desktop": (1400, 900), "tablet": (768, 1024), "phone": (390, 844)}
CONTROLS = (".widget-button, .widget-toggle-button, .widget-dropdown, .widget-slider, .widget-checkbox, "
            ".js-plotly-plot")


def sideways_problems(page) -> list[str]:
    """Whatever runs off the right edge: the page itself, or a control cut off inside a box that clips it."""
    width = page.evaluate("document.documentElement.clientWidth")
    overflow = page.evaluate("document.documentElement.scrollWidth") - width
    cut = page.evaluate("""controls => [...document.querySelectorAll(controls)]
        .filter(el => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map(el => el.className.split(' ').filter(c => c.startsWith('widget-') || c === 'js-plotly-plot').join(' '))""",
                        CONTROLS)
    return ([f"the page runs {overflow} px off a {width} px screen"] if overflow > 1 else []) + \
        [f"{control} is cut off at the right edge" for control in cut]


def scroll_to_the_last_chart(page, by: str) -> None:
    """From the top of the page, scroll with the mouse wheel (``by="wheel"``) or PageDown (``"keys"``), nothing
    focused, as a student would, until the last chart (on a game table's page, or one without charts, its last
    button: a table goes on below its map) is wholly in view; fail if it never is."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    page.evaluate("window.scrollTo(0, 0); document.activeElement && document.activeElement.blur()")
    charts = page.locator(".js-plotly-plot")
    table = page.locator(".zaarlab-board").count()
    last = charts.last if charts.count() and not table else page.locator("#rendered_cells button:visible").last
    stuck = 0
    while stuck < 5:  # the page's end: five tries in a row that move nothing
        box = last.bounding_box()
        if box and box["y"] >= -1 and box["y"] + box["height"] <= height + 1:
            return
        before = page.evaluate("window.scrollY")
        if by == "wheel":
            page.mouse.move(width - 3, height / 2)  # the page's right margin: no chart or control under the mouse
            page.mouse.wheel(0, 250)
        else:
            page.keyboard.press("PageDown")
        page.wait_for_timeout(150)  # a smooth scroll's animation
        stuck = stuck + 1 if page.evaluate("window.scrollY") == before else 0
    box = last.bounding_box()
    raise AssertionError(f"by {by}, the last chart never came wholly into a {width}x{height} view "
                         f"(it spans {box['y']:.0f} to {box['y'] + box['height']:.0f} px at the page's end)")


def scrolling_boxes(page) -> list[str]:
    """A chart's box and the boxes around it that would scroll on their own: a box whose chart is, for a moment,
    larger than it becomes a scrolling region that no keyboard can reach (axe's "scrollable-region-focusable"), and a
    student's wheel scrolls it rather than the page."""
    return page.evaluate("""() => [...document.querySelectorAll('#rendered_cells .js-plotly-plot')].flatMap(chart => {
        const boxes = [];
        for (let el = chart; el && el.id !== 'rendered_cells'; el = el.parentElement) {
            const style = getComputedStyle(el);
            if (/auto|scroll/.test(style.overflowX + style.overflowY)) boxes.push(el.className || el.tagName);
        }
        return boxes; })""")


def cut_labels(page) -> list[str]:
    """The names of controls (a slider's, a menu's, a checkbox's) and the words of buttons that do not fit their
    box: "enemy ne..." for "enemy needs", "download my an..." for "download my answers"."""
    return page.evaluate("""() => [...document.querySelectorAll('#rendered_cells .widget-label, '
                                                               + '#rendered_cells .widget-checkbox label, '
                                                               + '#rendered_cells .jupyter-button')]
        .filter(el => el.getClientRects().length && el.scrollWidth > el.clientWidth + 1)
        .map(el => `"${el.textContent.trim()}"`)""")


def button_problems(page) -> list[str]:
    """The buttons a student cannot tell from the page around them (neither their border nor their face stands out
    from the background behind them by the 3:1 that WCAG asks of a control's boundary), or whose words they cannot
    read on their face (below WCAG's 4.5:1), in the state each is in now: pressed, hovered, focused."""
    return page.evaluate("""() => {
        const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
        const luminance = ([r, g, b]) => [r, g, b].map(v => v / 255)
            .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
            .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
        const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
                                     return (x + 0.05) / (y + 0.05); };
        const behind = el => { for (let e = el.parentElement; e; e = e.parentElement) {
            const c = rgb(getComputedStyle(e).backgroundColor); if (c.length === 3 || c[3] > 0) return c.slice(0, 3); }
            return [255, 255, 255]; };
        const problems = [];
        for (const b of document.querySelectorAll('#rendered_cells button')) {
            if (!b.getBoundingClientRect().width || b.disabled) continue;
            const s = getComputedStyle(b), page = behind(b), face = rgb(s.backgroundColor);
            const border = parseFloat(s.borderTopWidth) >= 1 && contrast(rgb(s.borderTopColor), page) >= 3;
            if (!border && contrast(face, page) < 3) problems.push(`"${b.textContent.trim()}" looks like the page`);
            if (b.textContent.trim() && contrast(rgb(s.color), face) < 4.5)
                problems.push(`"${b.textContent.trim()}": its words are hard to read on it`);
        }
        return problems;
    }""")


def visible_text(page) -> str:
    """The text a student can read on the page now, as the browser lays it out (a line a line; the options of menus
    too; the charts' titles, axes and legends), without the small print of rule IDs."""
    return page.evaluate("""() => {
        const root = document.querySelector('#rendered_cells') || document.body;
        const small = [...root.querySelectorAll('.zaarlab-rule')];
        small.forEach(el => { el.dataset.display = el.style.display; el.style.display = 'none'; });
        const charts = [...root.querySelectorAll('.js-plotly-plot svg text')].map(el => el.textContent);
        const text = root.innerText;
        small.forEach(el => { el.style.display = el.dataset.display; });
        return [text, ...charts].join('\\n');
    }""")


def text_problems(page) -> list[str]:
    """What on the page is a programmer's text, not a student's: see :func:`tests.helpers.student_text_problems`."""
    return student_text_problems(visible_text(page))


def assert_maps_fit(page, where: str) -> None:
    """A table's map is no taller than its width and its title and legend need (it was drawn 640 px tall on a
    phone's 336, with empty bands above and below the planet): the kernel redraws it for the width the page gives."""
    from playwright.sync_api import Error

    fits = """() => [...document.querySelectorAll('.zaarlab-table-map .js-plotly-plot')].every((map) => {
        const box = map.getBoundingClientRect();
        return box.height <= box.width + 140; })"""
    try:
        page.wait_for_function(fits, timeout=15_000)
    except Error:
        sizes = page.evaluate("""() => [...document.querySelectorAll('.zaarlab-table-map .js-plotly-plot')]
            .map((map) => [map.getBoundingClientRect().width, map.getBoundingClientRect().height])""")
        raise AssertionError(f"{where}: a map taller than wide, with empty bands: {sizes}") from None


def check_every_screen(page, name: str, charts: int, folder) -> None:
    """The page of dashboard ``name``, once its ``charts`` are drawn, at each screen size in turn: it fits, the wheel
    and PageDown both scroll it to its last chart, its buttons stand out; screenshots of each screen go to ``folder``
    (the first screen, and the whole page)."""
    from playwright.sync_api import expect

    expect(page.locator(".js-plotly-plot")).to_have_count(charts, timeout=60_000)
    for screen, (width, height) in SCREENS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(700)  # the figures settle to their new width
        problems = sideways_problems(page)
        assert problems == [], f"{name} on the {screen}: {problems}"
        boxes = scrolling_boxes(page)
        assert boxes == [], f"{name} on the {screen}: a chart in a box that scrolls on its own: {boxes}"
        for by in ("wheel", "keys"):
            scroll_to_the_last_chart(page, by)
        assert button_problems(page) == [], f"{name} on the {screen}"
        assert cut_labels(page) == [], f"{name} on the {screen}: names cut short"
        assert_maps_fit(page, f"{name} on the {screen}")
        assert page.locator(".modebar-container:visible").count() == 0, "a chart's toolbar (zoom, lasso, plotly.com)"
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(folder / f"{name}-{screen}.png"))
        page.screenshot(path=str(folder / f"{name}-{screen}-whole.png"), full_page=True)
