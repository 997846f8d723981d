"""The site's own Sphinx extension: rules traced to tests and code, the notebooks and README as pages, links.

At ``builder-inited`` it writes the generated sources (left out of git):

- ``rules_traced/<game>.md``: every rule ID with its paraphrase, the tests that name it and the code whose docstrings
  or refusals name it (:func:`zaarlab.core.rules_coverage.trace`, the same source as ``zaarlab rules coverage``), the
  coverage table on top, each test and function a link to its source;
- ``sources/<file>.md``: what of each file of tests or code names a rule, each function with its line and source;
- ``notebooks/``: the committed, executed notebooks, their plotly figures turned into offline HTML (plotly.js ships
  in the site) and their widgets, which have no saved state, into a line saying how to use them;
- ``readme.md``: the README.

At ``doctree-resolved`` every rule ID in running text becomes a link to its entry (a reading's ID, ``AMB-Z09``, to its
row on the readings page), and every file the README and the notebooks name (``docs/rules/zaar.md``,
``notebooks/zaar/01_the_mansion.ipynb``, ``zaarlab/zaar/board.py``...) becomes a link to its page.
"""

from __future__ import annotations

import ast
import hashlib
import html
import itertools
import json
import re
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from docutils import nodes

from zaarlab.core.rules_coverage import trace

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
GAMES = {"zaar": "Zaar", "zogars_gaze": "Zogar's Gaze", "zerzura": "Zerzura", "zargos": "Zargos"}
PREFIX = {"ZAAR": "zaar", "ZOGAR": "zogars_gaze", "ZERZURA": "zerzura", "ZARGOS": "zargos"}
LINKED_ID = re.compile(r"\b(?:(?P<game>ZAAR|ZOGAR|ZERZURA|ZARGOS)-[A-Z]+\d?-\d\d|(?P<reading>AMB|GAP)-[ZGRS]\d\d)\b")
FILE = re.compile(r"^(README\.md|docs/rules/[\w-]+\.md|notebooks/[\w/]+\.ipynb|zaarlab/[\w/]+\.py|data/[\w/]*)$")
PLOTLY_MIME = "application/vnd.plotly.v1+json"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
SKIP = (nodes.reference, nodes.literal_block, nodes.title, nodes.target, nodes.raw, nodes.FixedTextElement)


def anchor(rule_id: str) -> str:
    return "rule-" + rule_id.lower()


# -- generated sources -------------------------------------------------------------------------------------------
def write_sources(app) -> None:
    traced = trace(ROOT)
    out = DOCS / "rules_traced"
    out.mkdir(exist_ok=True)
    for game, rules in traced.items():
        _write_if_changed(out / f"{game}.md", rules_page(game, rules, traced))
    rules_of: dict[str, list[str]] = {}  # a test's or a function's full name -> the rules it names
    for rules in traced.values():
        for rule in rules:
            for name in (*rule.tests, *rule.code):
                rules_of.setdefault(name, []).append(rule.rule_id)
    by_file = sorted((*split_name(name), name) for name in rules_of)
    for path, group in itertools.groupby(by_file, key=lambda entry: entry[0]):
        page = SOURCES / Path(path).with_suffix(".md")
        page.parent.mkdir(parents=True, exist_ok=True)
        _write_if_changed(page, source_page(path, [(full, qualname, rules_of[full]) for _, qualname, full in group]))
    notebooks = DOCS / "notebooks"
    for source in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in source.parts:
            continue
        target = notebooks / source.relative_to(ROOT / "notebooks")
        target.parent.mkdir(parents=True, exist_ok=True)
        _write_if_changed(target, json.dumps(static_notebook(json.loads(source.read_text(encoding="utf-8"))),
                                             indent=1, ensure_ascii=False))
    _write_if_changed(DOCS / "readme.md", (ROOT / "README.md").read_text(encoding="utf-8"))


def write_static(app, config) -> None:
    """The site's scripts, in the folders of ``html_static_path`` before Sphinx checks them: plotly.js, MathJax."""
    static = DOCS / "_static"
    static.mkdir(exist_ok=True)
    plotly_js = Path(__import__("plotly").__file__).parent / "package_data" / "plotly.min.js"
    if not (static / "plotly.min.js").exists():
        shutil.copy(plotly_js, static / "plotly.min.js")
    vendor_mathjax()


MATHJAX = "mathjax@3.2.2"
MATHJAX_PARTS = ("tex-mml-chtml.js", "input", "output", "ui", "a11y", "adaptors")


def vendor_mathjax() -> None:
    """MathJax in ``docs/_vendor/mathjax`` (served from ``_static``), taken once from the npm registry: no CDN."""
    target = DOCS / "_vendor" / "mathjax"
    if (target / "tex-mml-chtml.js").exists():
        return
    if shutil.which("npm") is None:
        raise RuntimeError(f"building the docs needs npm once, to fetch {MATHJAX} into {target}")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["npm", "pack", "--silent", "--pack-destination", tmp, MATHJAX], check=True,
                       stdout=subprocess.DEVNULL)
        with tarfile.open(next(Path(tmp).glob("*.tgz"))) as tar:
            tar.extractall(tmp, filter="data")
        for part in MATHJAX_PARTS:
            source = Path(tmp) / "package" / "es5" / part
            copy = shutil.copytree if source.is_dir() else shutil.copy
            target.mkdir(parents=True, exist_ok=True)
            copy(source, target / part)


def _write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:  # unchanged files keep Sphinx's cache
        path.write_text(text, encoding="utf-8")


SOURCES = DOCS / "sources"  # a page per file of tests or code that names a rule: each such function and its source


def source_label(name: str) -> str:
    """The label of a function's section on its file's page, from a test's name
    (``tests/zaar/test_cards.py::test_zaar_card_01``) or a function's (``zaarlab.zaar.board.Mansion.place``)."""
    digest = hashlib.sha1(name.encode()).hexdigest()[:6]  # ``Command`` and ``command`` are two names
    return "src-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") + "-" + digest


def split_name(name: str) -> tuple[str, str]:
    """A test's or a function's file (from the repository's top) and its qualified name in it."""
    if "::" in name:
        path, qualname = name.split("::")
        return path, qualname
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        path = "/".join(parts[:cut]) + ".py"
        if (ROOT / path).is_file():
            return path, ".".join(parts[cut:])
        if (ROOT / "/".join(parts[:cut]) / "__init__.py").is_file():
            return "/".join(parts[:cut]) + "/__init__.py", ".".join(parts[cut:])
    raise LookupError(f"no file for {name}")


def _definitions(body, prefix: str = "") -> dict:
    found = {}
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found[prefix + node.name] = node
            if isinstance(node, ast.ClassDef):
                found.update(_definitions(node.body, f"{prefix}{node.name}."))
    return found


def source_page(path: str, names: list[tuple[str, str, list[str]]]) -> str:
    """The functions (or classes) of one file that name rules: each under its name, with the rules it names (each a
    link back to its entry), its line and its source. ``names`` are (full name, qualified name in the file, rule
    IDs)."""
    source = (ROOT / path).read_text(encoding="utf-8")
    found, lines = _definitions(ast.parse(source).body), source.splitlines()
    out = ["---", "orphan: true", "---", f"# `{path}`", "",  # reached from the rule pages, not the table of contents
           "What in this file names rules of a rulebook, as the rule pages link it.", ""]
    for full, qualname, rules in names:
        node = found[qualname]
        start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        out += [f"({source_label(full)})=", f"## `{qualname}`", "", f"Names {_listed(rules)}.", "",
                f"`{path}`, line {start}:", "", "```python", *lines[start - 1:node.end_lineno], "```", ""]
    return "\n".join(out)


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def rules_page(game: str, rules: list, traced: dict) -> str:
    """One game's rules, traced: a coverage table for all four games, then every rule with its tests and code."""
    lines = [f"# {GAMES[game]}: every rule, traced", "",
             f"Every rule of the {GAMES[game]} rulebook with its stable ID and a one-line paraphrase, the tests that "
             "name it (by their name or a `rule` marker) and the functions of zaarlab whose docstring or refusal "
             "names it. A rule with no code listed is enforced where a neighbouring rule is, or by the data. The "
             "readings chosen where the rulebook is ambiguous are on [the readings page](../rules/readings.md).", "",
             "| game | rules | named by tests | named in the code |", "|---|---|---|---|"]
    for other, other_rules in traced.items():
        tested = sum(bool(r.tests) for r in other_rules)
        coded = sum(bool(r.code) for r in other_rules)
        lines.append(f"| [{GAMES[other]}]({other}.md) | {len(other_rules)} | {tested} | {coded} |")
    lines.append("")
    for rule in rules:
        lines += [f"({anchor(rule.rule_id)})=", f"**{rule.rule_id}** {rule.text}", ""]
        lines.append("- tests: " + (", ".join(f"{{ref}}`{split_name(t)[1]} <{source_label(t)}>`" for t in rule.tests)
                                    or "none yet"))
        lines.append("- code: " + (", ".join(f"{{ref}}`{c} <{source_label(c)}>`" for c in rule.code)
                                   or "none names it"))
        lines.append("")
    return "\n".join(lines)


def static_notebook(nb: dict) -> dict:
    """The notebook with plotly figures as offline HTML and state-less widgets as a line of text."""
    for cell in nb.get("cells", []):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if PLOTLY_MIME in data:
                figure = data.pop(PLOTLY_MIME)
                data["text/html"] = _plotly_html(figure)
            if WIDGET_MIME in data:
                data.pop(WIDGET_MIME)
                data["text/html"] = ('<p class="widget-note"><em>An interactive widget stands here. Run the notebook '
                                     "(<code>make lab</code>) or open its classroom dashboard "
                                     "(<code>make classroom</code>) to use it.</em></p>")
                data.pop("text/plain", None)
    return nb


def _plotly_html(figure: dict) -> str:
    """A figure drawn offline at its column's width (the notebooks' widths are a lab's, wider than the column)."""
    layout = {key: value for key, value in figure.get("layout", {}).items() if key != "width"}
    spec = html.escape(json.dumps({"data": figure.get("data", []), "layout": {**layout, "autosize": True}}))
    return (f'<div class="plotly-figure" style="width: 100%" data-figure="{spec}"></div>'
            # drawn once the page is laid out: while it loads, the column is wider than it will be
            "<script>(function () { function draw() {"
            "document.querySelectorAll('.plotly-figure:not([data-done])').forEach(function (el) {"
            "el.setAttribute('data-done', '1'); var f = JSON.parse(el.getAttribute('data-figure'));"
            "Plotly.newPlot(el, f.data, f.layout, {responsive: true, displaylogo: false});}); }"
            "if (document.readyState === 'complete') draw(); else window.addEventListener('load', draw); })();"
            "</script>")


# -- links -------------------------------------------------------------------------------------------------------
RULE_LIST_LINK = re.compile(r"\]\((zaar|zogars_gaze|zerzura|zargos)\.md\)")
READING_ROW = re.compile(r"^\| ((?:AMB|GAP)-[ZGRS]\d\d) \|", re.MULTILINE)
READINGS = "rules/readings"
READING_ROWS = set(READING_ROW.findall((DOCS / f"{READINGS}.md").read_text(encoding="utf-8")))  # a few share a row


def prepare_rule_pages(app, docname, source) -> None:
    """In the site a game's rule list is its traced page: links from beside it (``[zaar.md](zaar.md)``) go there.
    Every reading's row on the readings page gets an anchor of its own, for the links to it."""
    if docname.startswith("rules/"):
        source[0] = RULE_LIST_LINK.sub(r"](../rules_traced/\1.md)", source[0])
    if docname == READINGS:
        source[0] = READING_ROW.sub(lambda m: f'| <span id="{m[1].lower()}"></span>{m[1]} |', source[0])


def _id_link(builder, docname: str, match: re.Match) -> str | None:
    """Where a rule ID (its traced entry) or a reading's ID (its row on the readings page) links to."""
    if match["reading"]:
        if docname == READINGS or match[0] not in READING_ROWS:
            return None
        return builder.get_relative_uri(docname, READINGS) + "#" + match[0].lower()
    return builder.get_relative_uri(docname, f"rules_traced/{PREFIX[match['game']]}") + "#" + anchor(match[0])


def link_rules_and_files(app, doctree, docname) -> None:
    builder = app.builder
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or any(isinstance(a, SKIP) for a in _ancestors(text)):
            continue
        value = text.astext()
        if isinstance(parent, nodes.literal):
            target = _file_page(value) or _object_page(app.env, value)
            if target and not isinstance(parent.parent, nodes.reference):
                uri = builder.get_relative_uri(docname, target[0]) + target[1]
                parent.replace_self(nodes.reference("", "", parent.deepcopy(), refuri=uri, internal=True))
            continue
        if not LINKED_ID.search(value):
            continue
        pieces, last = [], 0
        for match in LINKED_ID.finditer(value):
            uri = _id_link(builder, docname, match)
            if uri is None:
                continue
            pieces += [nodes.Text(value[last:match.start()]),
                       nodes.reference(match[0], match[0], refuri=uri, internal=True, classes=["rule-id"])]
            last = match.end()
        pieces.append(nodes.Text(value[last:]))
        parent.replace(text, [p for p in pieces if not isinstance(p, nodes.Text) or p.astext()])


def _ancestors(node):
    node = node.parent
    while node is not None:
        yield node
        node = node.parent


CODE_NAME = re.compile(r"(?:[A-Za-z_][\w]*\.)*[A-Za-z_]\w*(?=(?:\(.*\))?$)")
_OBJECTS: dict[int, dict[str, list[tuple[str, str]]]] = {}


def _object_page(env, text: str) -> tuple[str, str] | None:
    """The API page (docname, anchor) of the zaarlab object an inline code names (``p_survive``,
    ``MansionBuilder.place()``, ``zaarlab.zaar.odds.next_card_odds``), if exactly one object has that name."""
    match = CODE_NAME.match(text.strip())
    if not match or len(match[0]) < 4:
        return None
    if id(env) not in _OBJECTS:  # every documented object by each of its dotted suffixes
        index: dict[str, list[tuple[str, str]]] = {}
        for name, entry in env.get_domain("py").objects.items():
            parts = name.split(".")
            for cut in range(len(parts)):
                index.setdefault(".".join(parts[cut:]), []).append((entry.docname, "#" + entry.node_id))
        _OBJECTS.clear()
        _OBJECTS[id(env)] = index
    found = set(_OBJECTS[id(env)].get(match[0], ()))
    return found.pop() if len(found) == 1 else None


def _file_page(path: str) -> tuple[str, str] | None:
    """The page (docname, anchor) a repository path stands for, if the site has one."""
    path = path.strip()
    if not FILE.match(path):
        return None
    if path == "README.md":
        return "readme", ""
    if path.startswith("docs/rules/"):
        stem = Path(path).stem
        return (f"rules_traced/{stem}", "") if stem in GAMES else (f"rules/{stem}", "")
    if path.startswith("notebooks/"):
        return str(Path(path).with_suffix("")), ""
    if path.startswith("zaarlab/"):
        module = ".".join(Path(path).with_suffix("").parts).removesuffix(".__init__")
        return ("api", "") if module == "zaarlab" else (f"api/generated/{module}", "")
    return "guides/your-own-box", ""


WILDCARD = re.compile(r"(?<=[A-Z0-9-])\*")


def escape_rule_wildcards(app, what, name, obj, options, lines) -> None:
    """``ZARGOS-LAND-*`` in a docstring means every rule of the group; to reST a bare ``*`` opens emphasis."""
    lines[:] = [WILDCARD.sub(r"\\*", line) for line in lines]


def setup(app):
    app.connect("config-inited", write_static)
    app.connect("builder-inited", write_sources)
    app.connect("source-read", prepare_rule_pages)
    app.connect("autodoc-process-docstring", escape_rule_wildcards)
    app.connect("doctree-resolved", link_rules_and_files)
    app.add_js_file("plotly.min.js")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
