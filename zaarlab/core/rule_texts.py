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
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

RULE_ID = re.compile(r"\b(?:[A-Z]+-[A-Z]+\d?-\d+|(?:AMB|GAP)-[A-Z]\d+)\b")
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
