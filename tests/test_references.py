"""Every reference a user can follow resolves inside the repository: files named, readings cited, rule IDs listed."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GENERATED = {".ipynb_checkpoints", "_build", "_vendor", "rules_traced", "sources", "generated"}  # and, docs build:
COPIES = (ROOT / "docs" / "notebooks", ROOT / "docs" / "readme.md")
TEXT = [p for top in ("zaarlab", "data", "notebooks", "docs", "bench") for p in sorted((ROOT / top).rglob("*"))
        if p.suffix in (".py", ".yaml", ".md", ".ipynb") and not GENERATED & set(p.parts)
        and not any(p.is_relative_to(copy) for copy in COPIES)] + [ROOT / "README.md"]
READINGS = (ROOT / "docs/rules/readings.md").read_text(encoding="utf-8")
FACTS = (ROOT / "docs/rules/public-facts.md").read_text(encoding="utf-8")
FILE = re.compile(r"(?<![\w/.-])((?:docs|data|notebooks|bench|tests|zaarlab)/[\w/.-]*\w\.(?:md|yaml|ipynb|py))")
READING_ID = re.compile(r"\b((?:AMB|GAP)-[ZGRS]\d\d)\b")
FACT = re.compile(r"public[^\n]{0,40}?\b([ZGRS]\d)\b")


def _texts():
    return [(p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8")) for p in TEXT]


@pytest.mark.parametrize("needle", ["../shared", "DECISIONS.md", "shared/rules"])
def test_nothing_points_outside_the_repository(needle):
    assert [name for name, text in _texts() if needle in text] == []


def test_every_file_named_exists():
    missing = {(name, ref) for name, text in _texts() for ref in FILE.findall(text)
               if not (ROOT / ref).exists() and "*" not in ref and "<" not in ref}
    assert missing == set()


def test_every_reading_and_reconstruction_cited_has_its_entry():
    listed = set(re.findall(r"^\| ((?:AMB|GAP)-[ZGRS]\d\d) \|", READINGS, re.M))
    cited = {(name, ref) for name, text in _texts() for ref in READING_ID.findall(text)}
    assert {(name, ref) for name, ref in cited if ref not in listed and ref not in _folded(listed)} == set()
    assert len(listed) >= 100


def test_every_public_fact_cited_has_its_source():
    facts = set(re.findall(r"^\| ([ZGRS]\d) \|", FACTS, re.M))
    cited = {(name, ref) for name, text in _texts() if "public" in text for ref in FACT.findall(text)}
    assert {(name, ref) for name, ref in cited if ref not in facts} == set()
    assert all(re.search(rf"^\| {fact} \|.*\| https?://", FACTS, re.M) for fact in facts)


def _folded(listed: set) -> set:
    """IDs the readings page answers inside another's row (GAP-Z09 is AMB-Z09; GAP-S04 lives in GAP-S01)."""
    return {"GAP-Z09", "GAP-S04", "GAP-S07"} if {"AMB-Z09", "GAP-S01", "AMB-S02"} <= listed else set()


def test_every_make_command_named_is_a_target_of_the_makefile():
    targets = set(re.findall(r"^([a-z][\w-]*):", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M))
    named = {(name, target) for name, text in _texts() if name.endswith(".md") or name == "README.md"
             for target in re.findall(r"`(?:[A-Z]+=\S+ )*make ([a-z][\w-]*)", text)}
    assert named and {(name, target) for name, target in named if target not in targets} == set()


def test_every_module_of_the_package_is_in_the_api_reference():
    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^   (zaarlab\.\w+)$", api, re.M))
    package = ROOT / "zaarlab"
    modules = {f"zaarlab.{p.stem}" for p in package.glob("*.py") if p.stem != "__init__"}
    modules |= {f"zaarlab.{p.name}" for p in package.iterdir() if (p / "__init__.py").is_file()}
    assert modules - listed == set() and listed - modules == set()
