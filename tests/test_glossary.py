"""The glossary (docs/glossary.md) speaks the rules' words: each word is in the first rule it cites, every rule it
cites exists, and each game has its words."""

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
GAMES = {"Zaar": "zaar", "Zogar's Gaze": "zogars_gaze", "Zerzura": "zerzura", "Zargos": "zargos"}


def _rules(game: str) -> dict[str, str]:
    text = (DOCS / "rules" / f"{GAMES[game]}.md").read_text(encoding="utf-8")
    return dict(re.findall(r"^\| ([A-Z]+-[A-Z0-9]+-\d\d) \| (.*) \|$", text, re.M))


def _entries() -> dict[str, list[tuple[str, str, list[str]]]]:
    """Per game, the glossary's rows: (word, meaning, rule IDs)."""
    entries, game = {}, None
    for line in (DOCS / "glossary.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            game = line[3:]
            entries[game] = []
        elif game and line.startswith("| ") and not line.startswith(("| word ", "|---")):
            word, meaning, ids = (cell.strip() for cell in line.strip("|").split("|"))
            entries[game].append((word, meaning, [i.strip() for i in ids.split(",")]))
    return entries


def test_the_glossary_has_the_words_of_every_game_each_once():
    entries = _entries()
    assert list(entries) == list(GAMES)
    for game, rows in entries.items():
        words = [word.casefold() for word, _, _ in rows]
        assert len(rows) >= 15 and len(set(words)) == len(words), game


@pytest.mark.parametrize("game", list(GAMES))
def test_every_word_is_in_the_first_rule_it_cites_and_every_rule_cited_exists(game):
    rules = _rules(game)
    for word, meaning, ids in _entries()[game]:
        assert meaning and ids, word
        for rule in ids:
            assert rule in rules, (word, rule)
        assert word.casefold() in rules[ids[0]].casefold(), (word, ids[0], rules[ids[0]])
