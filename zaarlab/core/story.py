"""What happened in a game: the events an engine records, and the one renderer that tells them in the game's words.

An engine never writes a sentence into its log. It records an :class:`Event`: a *kind* (what happened), the rule IDs
it follows, and typed *facts* (players as seat numbers from 0, dice as tuples of faces, cards as their ids, places
as their names). Each game's ``story.py`` holds a :class:`Story`: one phrase per kind, whose fields say how a fact
reads (``{player:seat}`` is "player 1" for seat 0, ``{card:card}`` a card's printed name). A table, a viewer, a
test or a second device reads the facts, or asks the story for the words; nobody parses prose.

Examples
--------
>>> story = Story({"buys": "{player:seat} buys {card:card} for {price} coins"})
>>> bought = event("buys", "ZAAR-TOOL-03", player=0, card="amulet", price=3)
>>> bought["player"], bought.rules
(0, ('ZAAR-TOOL-03',))
>>> story.words(bought, {"amulet": "the Amulet"})
'player 1 buys the Amulet for 3 coins'
>>> story.line(bought)
'player 1 buys amulet for 3 coins (ZAAR-TOOL-03)'
"""

from __future__ import annotations

import functools
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

Fact: TypeAlias = "None | bool | int | str | tuple[Fact, ...]"
"""A value an event records: plain, so a save holds it as JSON and any reader understands it."""

Names: TypeAlias = Mapping[str, str]
"""Card (room, tool, people...) ids to the names printed on them; an id not in it reads as itself."""

@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: its ``kind``, the ``rules`` it follows and its ``facts`` as (name, value) pairs."""

    kind: str
    rules: tuple[str, ...] = ()
    facts: tuple[tuple[str, Fact], ...] = ()

    def __getitem__(self, name: str) -> Fact:
        """The fact called ``name``; ``KeyError`` if the event has none."""
        for key, value in self.facts:
            if key == name:
                return value
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        return any(key == name for key, _ in self.facts)

    def to_json(self) -> dict[str, Any]:
        """The event as a save holds it: ``{"kind": ..., "rules": [...], fact: value, ...}``, lists for tuples.

        >>> event("rolls", "PIG-ROLL-01", player=0, dice=(3, 5)).to_json()
        {'kind': 'rolls', 'rules': ['PIG-ROLL-01'], 'player': 0, 'dice': [3, 5]}
        """
        return {"kind": self.kind, "rules": list(self.rules),
                **{name: value if type(value) in _PLAIN else _listed(value) for name, value in self.facts}}

    @classmethod
    def from_json(cls, data: Any) -> Event:
        """The event :meth:`to_json` wrote; ``ValueError`` in words for anything else.

        >>> Event.from_json({"kind": "rolls", "rules": ["PIG-ROLL-01"], "player": 0, "dice": [3, 5]})
        Event(kind='rolls', rules=('PIG-ROLL-01',), facts=(('player', 0), ('dice', (3, 5))))
        """
        if not isinstance(data, dict):
            raise ValueError(f"an event is a JSON object, not {type(data).__name__}")
        facts = data.copy()
        kind, rules = facts.pop("kind", None), facts.pop("rules", [])
        if not isinstance(kind, str):
            raise ValueError("an event names its kind in text")
        if not (isinstance(rules, list) and all(isinstance(rule, str) for rule in rules)):
            raise ValueError(f"the {kind[:40]} event's rules are rule IDs in text")
        if _PLAIN.issuperset(map(type, facts.values())):  # players, counts, card ids: the commonest by far
            return cls(kind, tuple(rules), tuple(facts.items()))
        return cls(kind, tuple(rules), tuple((name, _fact(value, name)) for name, value in facts.items()))


def event(kind: str, *rules: str, **facts: Fact) -> Event:
    """An :class:`Event` of ``kind`` following ``rules``, with ``facts`` as keywords.

    >>> event("rolls", "ZOGAR-PIT-01", player=1, dice=(2, 5))
    Event(kind='rolls', rules=('ZOGAR-PIT-01',), facts=(('player', 1), ('dice', (2, 5))))
    """
    return Event(kind, rules, tuple(facts.items()))


_PLAIN = frozenset({type(None), bool, int, str})


def _listed(value: Any) -> Any:
    return [v if type(v) in _PLAIN else _listed(v) for v in value]


FACT_DEPTH = 3  # lists in lists in a list (Zargos's points: pairs of a people and a count) and no deeper


def _fact(value: Any, name: str, depth: int = 0) -> Fact:
    """A fact as a save wrote it (lists for tuples), checked to be plain and at most :data:`FACT_DEPTH` lists deep."""
    if type(value) in _PLAIN:
        return value  # type: ignore[no-any-return]  # one of Fact's plain types
    if isinstance(value, list) and depth < FACT_DEPTH:
        return tuple(_fact(v, name, depth + 1) for v in value)
    raise ValueError(f"the fact {str(name)[:40]} is a number, a text or a list of them (at most {FACT_DEPTH} deep), "
                     f"not {type(value).__name__}")


def old_line(text: str) -> Event:
    """A log line of a game saved before logs held events: kept as it was written, rule IDs and all.

    >>> Story({}).words(old_line("ZAAR-TURN-04: player 1 ends the turn"))
    'ZAAR-TURN-04: player 1 ends the turn'
    """
    return Event(OLD_LINE, (), (("text", text),))


OLD_LINE = "old_line"


Format = Callable[[Any, Names], str]


def seat(value: Any, names: Names) -> str:
    """A seat as players count it: ``seat(0, {})`` is ``'player 1'``."""
    return f"player {int(value) + 1}"


def seats(value: Any, names: Names) -> str:
    """Several seats: ``seats((0, 2), {})`` is ``'players 1 and 3'``; none is ``'nobody'``."""
    numbers = [str(int(v) + 1) for v in value]
    if not numbers:
        return "nobody"
    return ("player " if len(numbers) == 1 else "players ") + joined(numbers)


def card(value: Any, names: Names) -> str:
    """A card (or room, tool, people) by its printed name."""
    return names.get(value, str(value))


def cards(value: Any, names: Names) -> str:
    """Several cards by their printed names, in the order given."""
    return ", ".join(card(v, names) for v in value) or "nothing"


def dice(value: Any, names: Names) -> str:
    """Faces shown: ``dice((2, 5), {})`` is ``'2, 5'``; no faces is ``'no dice'``."""
    return ", ".join(map(str, value)) or "no dice"


def plus(value: Any, names: Names) -> str:
    """Terms and their sum: ``plus((2, 2, 1), {})`` is ``'2+2+1 = 5'``."""
    return f"{'+'.join(map(str, value))} = {sum(value)}"


def counted(noun: str) -> Format:
    """A format for a count of ``noun`` (a noun whose plural takes an "s"): ``counted("coin")(1, {})`` is
    ``'1 coin'``, and of 3, ``'3 coins'``."""

    def count(value: Any, names: Names) -> str:
        return f"{int(value)} {noun}{'' if int(value) == 1 else 's'}"

    return count


def begun(words: str) -> str:
    """``words`` begun with a capital, as a sentence on screen: ``begun("the knights take it")`` is
    ``'The knights take it'``."""
    return words[:1].upper() + words[1:]


def joined(words: Iterable[str]) -> str:
    """Words as a list is said: ``joined(["a", "b", "c"])`` is ``'a, b and c'``."""
    words = list(words)
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


FORMATS: dict[str, Format] = {"seat": seat, "seats": seats, "card": card, "cards": cards, "dice": dice, "plus": plus,
                              "card_count": counted("card"), "coins": counted("coin"), "boats": counted("boat")}
"""How a phrase's field reads a fact, by the name after its colon (``{player:seat}``); no name is ``str``."""


class Story:
    """A game's phrases, one a kind of event, and what tells its events in words.

    ``formats`` adds the game's own ways to read a fact (a Zogar requirement, say) to :data:`FORMATS`; ``names``
    gives a game's card ids their printed names.
    """

    def __init__(self, phrases: Mapping[str, str], formats: Mapping[str, Format] = {},  # noqa: B006 (read only)
                 names: Callable[[Any], Names] = lambda game: {}):
        self.phrases = {OLD_LINE: "{text}", **phrases}
        self.formats = FORMATS | dict(formats)
        self.names = names
        self._checked = functools.lru_cache(maxsize=2 ** 16)(self._check)  # a saved log's events, each checked once
        self._fields = {kind: _fields(phrase, self.formats, kind) for kind, phrase in self.phrases.items()}
        self._templates = {kind: _template(phrase) for kind, phrase in self.phrases.items()}

    def words(self, told: Event, names: Names = {}) -> str:  # noqa: B006 (read only)
        """The event in the game's words, rule IDs left out (a reader shows them beside the words)."""
        facts = dict(told.facts)
        return self._templates[told.kind].format_map(_Read(facts, self.formats, names, self._fields[told.kind]))

    def sentence(self, told: Event, names: Names = {}) -> str:  # noqa: B006 (read only)
        """:meth:`words` begun with a capital, as a story on screen shows a line.

        >>> Story({"buys": "{player:seat} buys {card}"}).sentence(event("buys", player=1, card="rope"))
        'Player 2 buys rope'
        """
        return begun(self.words(told, names))

    def line(self, told: Event, names: Names = {}) -> str:  # noqa: B006 (read only)
        """The event in words with its rule IDs after them: what a command line prints."""
        words = self.words(told, names)
        return f"{words} ({', '.join(told.rules)})" if told.rules else words

    def lines(self, state: Any, start: int = 0) -> tuple[str, ...]:
        """A state's log from event ``start`` on, as a command line prints it: words with the game's card names, then
        rule IDs."""
        names = self.names(state.game)
        return tuple(self.line(told, names) for told in state.log[start:])

    def check(self, told: Any) -> str | None:
        """Why ``told`` is not an event this story tells (an unknown kind, a fact missing or of the wrong type), or
        ``None`` if it is: what a loaded save is checked by."""
        if not isinstance(told, Event):
            return f"an event, not {type(told).__name__}"
        try:
            return self._checked(told)
        except TypeError:  # an event with a fact that is no Fact (a list, a dict): not from a save, nor from a game
            return f"the {told.kind} event's facts are numbers, texts and tuples of them"

    def _check(self, told: Event) -> str | None:
        if told.kind not in self.phrases:
            return f"no event of kind {told.kind[:40]!r} in this game"
        if not all(isinstance(rule, str) for rule in told.rules):
            return f"the {told.kind} event's rules are rule IDs in text"
        facts = dict(told.facts) if all(isinstance(f, tuple) and len(f) == 2 for f in told.facts) else None
        if facts is None or not all(isinstance(name, str) for name in facts):
            return f"the {told.kind} event's facts are (name, value) pairs"
        missing = sorted(set(self._fields[told.kind]) - set(facts))
        if missing:
            return f"the {told.kind} event lacks {', '.join(missing)}"
        try:
            self.words(told)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
            return f"the {told.kind} event's facts cannot be read: {error}"
        return None


class _Read(dict[str, str]):
    """The facts an event's phrase reads, each formatted as its field asks."""

    def __init__(self, facts: dict[str, Fact], formats: Mapping[str, Format], names: Names,
                 fields: Mapping[str, str]):
        super().__init__()
        for name, spec in fields.items():
            value = facts[name]
            self[name] = formats[spec](value, names) if spec else str(value)


def _fields(phrase: str, formats: Mapping[str, Format], kind: str) -> dict[str, str]:
    """Each field a phrase reads and the format it asks for; a phrase asking an unknown format is refused at once."""
    fields: dict[str, str] = {}
    for _, name, spec, _ in string.Formatter().parse(phrase):
        if name is None:
            continue
        if not name.isidentifier() or (spec and spec not in formats):
            raise ValueError(f"the phrase for {kind!r} reads {{{name}:{spec}}}: a fact's name and a known format "
                             f"({', '.join(sorted(formats))})")
        fields[name] = spec or ""
    return fields


def _template(phrase: str) -> str:
    """The phrase with its formats taken out: the facts it is filled with are formatted already."""
    parts = []
    for literal, name, _, _ in string.Formatter().parse(phrase):
        parts.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is not None:
            parts.append(f"{{{name}}}")
    return "".join(parts)
