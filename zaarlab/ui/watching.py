"""The others' moves after a person's, made ready to watch: however many there are, a few frames, each a run of
moves of one kind said in one sentence, so that a bot's turn of a hundred moves takes seconds to watch and nothing of
it goes unsaid (the story keeps every move).

The moves are played first (:meth:`zaarlab.core.match.Match.skip`) and watched after: a frame is a state the match
passed through, so the whole turn's length is known from the start ("move 12 of 40").

>>> from zaarlab.core.match import Match
>>> from zaarlab.zerzura.bots import BOTS
>>> from zaarlab.zerzura.referee import ZerzuraReferee
>>> from zaarlab.zerzura.state import ZerzuraGame
>>> match = Match(ZerzuraGame(players=2), ["greedy", "greedy"], seed=3, bots=BOTS, hooks=ZerzuraReferee())
>>> match.skip() > 0
True
>>> watch = Watch.of(match, 0, most=4, who=lambda player: f"player {player + 1}")
>>> len(watch.frames) <= 4, watch.frames[-1].end == len(match.history), watch.frames[-1].moves == watch.total
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..core.api import CHANCE
from ..core.story import begun, joined

LISTED = 3  # the moves of a run named one by one; the rest are counted


@dataclass(frozen=True)
class Frame:
    """A moment of the others' moves to show: the state after step ``end`` of the match's history (an index of its
    states), the others' moves shown up to it (``moves``, chance's not counted) and what its own were, in words."""

    end: int
    moves: int
    words: str


@dataclass
class Watch:
    """The others' moves from step ``start`` of a match's history, as ``frames``; ``shown`` is the frame on screen
    (``-1``: the state at ``start``, before any)."""

    start: int
    frames: list[Frame]
    total: int  # the others' moves in all frames
    shown: int = -1
    paused: bool = False

    @classmethod
    def of(cls, match, start: int, most: int, who: Callable[[int], str]) -> Watch:
        """The moves of ``match`` from step ``start`` to its end, in at most ``most`` frames; ``who(player)`` names a
        player as a sentence begins."""
        states, history, words, outcome = (match.session.states, match.history, match.hooks.move_words,
                                           match.hooks.outcome)
        runs: list[_Run] = []
        for step in range(start, len(history)):
            state = states[step]
            mover = state.current_player()
            if mover == CHANCE:  # a die or a card: part of the move it follows
                if runs:
                    runs[-1].end = step + 1
                else:
                    runs.append(_Run(step + 1))
                continue
            said = words(state, history[step])
            kind = said.split(" ", 1)[0]
            if not runs or runs[-1].kind not in (kind, None):
                runs.append(_Run(step + 1, kind))
            run = runs[-1]
            run.kind, run.end = kind, step + 1
            run.moves.append((mover, said))
        while len(runs) > max(most, 1):  # the two neighbours with the fewest moves between them become one
            join = min(range(len(runs) - 1), key=lambda i: len(runs[i].moves) + len(runs[i + 1].moves))
            runs[join:join + 2] = [runs[join].then(runs[join + 1])]
        frames, moves, before = [], 0, start
        for run in runs:
            moves += len(run.moves)
            came = outcome(states[before], states[run.end])
            frames.append(Frame(run.end, moves, run.sentence(who) + (f" {begun(came)}." if came else "")))
            before = run.end
        return cls(start, frames, moves)

    @property
    def at(self) -> int:
        """The step of the match's history whose state is on screen (an index of its states)."""
        return self.frames[self.shown].end if self.shown >= 0 else self.start

    def moves_shown(self) -> int:
        return self.frames[self.shown].moves if self.shown >= 0 else 0


@dataclass
class _Run:
    """Moves of one kind in a row (``moves``: each its mover and its words); ``parts`` keeps the runs a frame joined."""

    end: int
    kind: str | None = None
    moves: list[tuple[int, str]] = field(default_factory=list)
    parts: list[_Run] = field(default_factory=list)

    def then(self, other: _Run) -> _Run:
        joined = _Run(other.end, other.kind, self.moves + other.moves)
        joined.parts = (self.parts or [self]) + (other.parts or [other])
        return joined

    def sentence(self, who: Callable[[int], str]) -> str:
        """The run in words: who moved, then their moves (each mover named after their own where several took
        turns); a frame of many runs names the first few and counts the rest's moves."""
        runs = [run for run in self.parts or [self] if run.moves]
        sentences = []
        for run in runs[:LISTED]:
            movers = list(dict.fromkeys(mover for mover, _ in run.moves))
            if len(movers) == 1:
                sentences.append(f"{who(movers[0])}: {listed([said for _, said in run.moves])}")
            else:
                sentences.append(listed([f"{said} (player {mover + 1})" for mover, said in run.moves]))
        rest = sum(len(run.moves) for run in runs[LISTED:])
        more = f"; and {rest} more move{'s' if rest != 1 else ''} (the story lists them)" if rest else ""
        return begun("; then ".join(sentences)) + more + "." if sentences else ""


def listed(said: Sequence[str]) -> str:
    """Moves of one kind in a row, in a few words: what they share said once, the first few named, the rest counted.

    >>> listed(["go to Bloody room 7", "go to Humid room 6"])
    'go to Bloody room 7 and Humid room 6'
    >>> listed(["place a unit in Moonwell", "place a unit in Iron Pass", "place a unit in Hollowmere",
    ...         "place a unit in Oakenshaw"])
    'place a unit in Moonwell, Iron Pass, Hollowmere and 1 more'
    >>> listed(["end the turn", "end the turn"]), listed(["roll the dice"])
    ('end the turn (2 times)', 'roll the dice')
    """
    if len(set(said)) == 1:
        return said[0] + (f" ({len(said)} times)" if len(said) > 1 else "")
    split = [words.split(" ") for words in said]
    shared = 0
    while all(len(words) > shared + 1 and words[shared] == split[0][shared] for words in split):
        shared += 1
    head, rests = " ".join(split[0][:shared]), [" ".join(words[shared:]) for words in split]
    named = rests[:LISTED]
    more = len(rests) - len(named)
    text = joined([*named, f"{more} more"] if more else named)
    return f"{head} {text}" if head else text
