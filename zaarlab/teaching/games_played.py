"""The games a signed-in student finished at a table, as the class's record keeps them: one row per game and seat
of theirs (a game passed around one device has a row for each of its persons), with the deal, the seats, the
moves, their place, the ending in words and their decisions that were the best ones.

>>> from zaarlab.core.match import Finished
>>> done = Finished("zerzura", 994086, ("person", "greedy", "planner"), 88, (31, 35, 20), "player 2 wins",
...                 {0: (4, 6)})
>>> [played] = played_rows("Ada", done, at=1.0)
>>> played.place, played.players, played.won
(2, 3, False)
>>> played.words  # doctest: +NORMALIZE_WHITESPACE
'Zerzura, deal 994086, seat 1 of 3 (with the greedy bot and the planner bot): 2nd of 3 (player 2 wins); 4 of 6
 decisions the best'
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..core.catalogue import game_info
from ..core.match import PERSON, Finished

MAX_ENDING = 300  # characters of an ending's words kept (a game's are a line)
GAME_COLUMNS = ("at", "student", "game", "deal", "seats", "seat", "moves", "place", "players", "ending", "best",
                "judged")
"""The columns of a game kept: when it ended, whose, the game and its deal, every seat (person or a bot's name), the
student's seat (1 for the first), the moves made, their place and of how many, the ending in words, and their
decisions that were the best ones of those the table judged."""


@dataclass(frozen=True)
class Played:
    """One student's seat in one finished game (see :data:`GAME_COLUMNS`)."""

    at: float
    student: str
    game: str
    deal: int
    seats: str
    seat: int
    moves: int
    place: int
    players: int
    ending: str
    best: int
    judged: int

    @property
    def won(self) -> bool:
        return self.place == 1

    @property
    def words(self) -> str:
        """The game in a line, as the teacher reads it."""
        others = [s for i, s in enumerate(self.seats.split(", ")) if i != self.seat - 1]
        company = " and ".join("another person" if s == PERSON else f"the {s} bot" for s in others)
        judged = f"; {self.best} of {self.judged} decisions the best" if self.judged else ""
        return (f"{_title(self.game)}, deal {self.deal}, seat {self.seat} of {self.players}"
                f"{f' (with {company})' if company else ''}: {_ordinal(self.place)} of {self.players} "
                f"({self.ending}){judged}")


def played_rows(student: str, finished: Finished, at: float | None = None) -> list[Played]:
    """The rows of ``finished`` for ``student``: one per person's seat."""
    when = time.time() if at is None else at
    return [Played(when, student, finished.game, finished.deal, ", ".join(finished.seats), seat + 1,
                   finished.moves, finished.place(seat), len(finished.seats), finished.words[:MAX_ENDING], *best)
            for seat, best in sorted(finished.best_decisions.items())]


def _title(game: str) -> str:
    """The game's name as its box prints it (its first part: "Zerzura", not its subtitle)."""
    try:
        return game_info(game).title.split(":")[0]
    except KeyError:
        return game


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
