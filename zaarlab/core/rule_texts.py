"""Every rule ID's words: the one line of ``docs/rules/<game>.md`` that states the rule, or for a reading (``AMB-``) or
a reconstruction (``GAP-``) the question and zaarlab's answer from ``docs/rules/readings.md``. A rule ID shown to a
reader (a log line, a refusal) carries these words, so it never stands alone.

An installed wheel carries the files as ``zaarlab/bundled_rules/``; a checkout reads ``docs/rules/``.

>>> rule_text("ZOGAR-COMBAT-05")
'Up to three rolls in total; after a roll any dice may be held and the rest rerolled.'
>>> rule_text("AMB-G12")
'Paying too much: the excess is lost.'
>>> rule_text("NOT-A-RULE-01")
''
>>> delving = next(section for section in rule_sections("zogars_gaze") if "DELVE" in section.codes)
>>> delving.title, delving.codes, delving.rules[0][0]
('Dungeon delving and passing', ('DELVE', 'PASS'), 'ZOGAR-DELVE-01')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

RULE_ID = re.compile(r"\b(?:[A-Z]+-[A-Z]+\d?-\d+|(?:AMB|GAP)-[A-Z]\d+)\b")
_SECTION = re.compile(r"^## (.+)$", re.MULTILINE)
_CODE = re.compile(r"\s*\(([A-Z]+\d?)\)")
_ROW = re.compile(r"^\|\s*(" + RULE_ID.pattern[2:-2] + r")\s*\|(.*)\|\s*$", re.MULTILINE)


def rules_dir() -> Path:
    """The folder of the rule files: ``zaarlab/bundled_rules`` in a wheel, else the checkout's ``docs/rules``."""
    package = Path(__file__).resolve().parents[1]
    bundled = package / "bundled_rules"
    return bundled if bundled.is_dir() else package.parent / "docs" / "rules"


@cache
def _texts() -> dict[str, str]:
    texts = {}
    for path in sorted(rules_dir().glob("*.md")):
        for rule, rest in _ROW.findall(path.read_text(encoding="utf-8")):
            cells = [cell.strip().replace("`", "") for cell in rest.split("|")]
            if len(cells) == 1:
                texts[rule] = cells[0]
            else:  # a reading: the question, then zaarlab's answer
                texts[rule] = f"{cells[0]}: {cells[1][:1].lower()}{cells[1][1:]}"
    return texts


def rule_text(rule_id: str) -> str:
    """The words of ``rule_id``, or ``""`` for an ID no rule file lists."""
    return _texts().get(rule_id, "")


@dataclass(frozen=True)
class RuleSection:
    """A section of a game's rules: its title, the codes its rule IDs carry (``"MARKET"`` for ``ZOGAR-MARKET-01``) and
    its rules, each an ID and its words."""

    title: str
    codes: tuple[str, ...]
    rules: tuple[tuple[str, str], ...]


@cache
def rule_sections(game: str) -> tuple[RuleSection, ...]:
    """The sections of ``game``'s rules (``docs/rules/<game>.md``), in the file's order; none for a game without one."""
    path = rules_dir() / f"{game}.md"
    if not path.is_file():
        return ()
    parts = _SECTION.split(path.read_text(encoding="utf-8"))[1:]  # a heading, its text, the next heading...
    return tuple(RuleSection(_CODE.sub("", heading).strip(), tuple(_CODE.findall(heading)),
                             tuple((rule, rule_text(rule)) for rule, _ in _ROW.findall(body)))
                 for heading, body in zip(parts[::2], parts[1::2], strict=True))
