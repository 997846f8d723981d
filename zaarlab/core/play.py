"""Drive any game: bots, seeded chance, replays, and saved games as JSON.

Chance outcomes are sampled by their exact probabilities with integer arithmetic (one ``randrange`` over
the common denominator), so a game is reproducible from its seed, and from its history alone.

Examples
--------
>>> import random
>>> from zaarlab.core.dist import Dist
>>> sample_outcome(((1, Dist.die(2).p(1)), (2, Dist.die(2).p(2))), random.Random(0))
2
"""

from __future__ import annotations

import json
import math
import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from .api import CHANCE, GAMES, Game, State
from .catalogue import import_game_packages
from .codec import encode
from .dist import ChanceTable
from .jsonio import parse_json

Bot = Callable[[State, random.Random], Any]
"""A player: given the state and a random source, returns one of ``state.legal_actions()``."""


def random_bot(state: State, rng: random.Random) -> Any:
    """Picks uniformly among the legal actions."""
    return rng.choice(state.legal_actions())


def sample_outcome(outcomes: Sequence[tuple[Any, Any]], rng: random.Random) -> Any:
    """One outcome drawn with its exact probability (``sympy.Rational`` or ``Fraction``)."""
    probs = [(int(p.numerator), int(p.denominator)) for _, p in outcomes]
    scale = math.lcm(*(den for _, den in probs))
    return outcomes[_ticket(list(accumulate(num * (scale // den) for num, den in probs)), scale, rng)][0]


def sample_weighted(weights: Sequence[tuple[Any, int, int]], rng: random.Random) -> Any:
    """:func:`sample_outcome` for ``(outcome, weight, total)`` triples, in integers: the same outcome for the same
    random state, since both draw one ticket among the fraction's lowest common denominator.

    >>> from fractions import Fraction
    >>> all(sample_weighted((("a", 2, 6), ("b", 4, 6)), random.Random(seed)) ==
    ...     sample_outcome((("a", Fraction(1, 3)), ("b", Fraction(2, 3))), random.Random(seed)) for seed in range(50))
    True
    """
    table = weights if isinstance(weights, ChanceTable) else ChanceTable(weights)
    bounds, scale = table.tickets  # kept by the table, which a game's dice share
    return table[_ticket(bounds, scale, rng)][0]


def _ticket(bounds: list[int], scale: int, rng: random.Random) -> int:
    """The index of the outcome holding ticket ``randrange(scale)``, outcome i holding the tickets below
    ``bounds[i]`` and from ``bounds[i - 1]`` (a bisection: chance nodes of a few hundred outcomes are common)."""
    ticket = rng.randrange(scale)
    if bounds[-1] <= ticket:
        raise ValueError("chance probabilities sum to less than 1")
    return bisect_right(bounds, ticket)


def chance_move(state: State, rng: random.Random) -> Any:
    """The outcome chance picks at ``state``: from integer weights where the state offers them."""
    if hasattr(state, "chance_weights"):
        return sample_weighted(state.chance_weights(), rng)
    return sample_outcome(state.chance_outcomes(), rng)


@dataclass(frozen=True)
class Playthrough:
    """A finished (or capped) game: its start, every action in order, and where it ended."""

    game: Game
    initial: State
    history: tuple[Any, ...]
    final: State

    def states(self) -> list[State]:
        """Every state from the initial one to the final one (len(history) + 1 states)."""
        states = [self.initial]
        for action in self.history:
            states.append(states[-1].apply(action))
        return states


def play(game: Game, bots: Sequence[Bot], seed: int = 0, max_steps: int = 100_000) -> Playthrough:
    """Play ``game`` to the end (or ``max_steps`` actions) with one bot per player and a seeded RNG."""
    rng = random.Random(seed)
    initial = state = game.initial_state()
    history: list[Any] = []
    while not state.is_terminal() and len(history) < max_steps:
        player = state.current_player()
        if player == CHANCE:
            action = chance_move(state, rng)
        else:
            action = bots[player](state, rng)
        state = state.apply(action)
        history.append(action)
    return Playthrough(game, initial, tuple(history), state)


def replay(game: Game, history: Sequence[Any]) -> Playthrough:
    """Apply ``history`` from the game's initial state; an illegal step raises ``IllegalActionError``."""
    initial = state = game.initial_state()
    for action in history:
        state = state.apply(action)
    return Playthrough(game, initial, tuple(history), state)


def dumps(playthrough: Playthrough) -> str:
    """The game as JSON: its name, parameters, history and final state."""
    return json.dumps(
        {
            "game": playthrough.game.name,
            "params": playthrough.game.to_dict(),
            "history": [encode(action) for action in playthrough.history],
            "final": playthrough.final.to_dict(),
        },
        sort_keys=True,
    )


def loads(text: str | bytes, where: str = "the saved game") -> Playthrough:
    """Rebuild a saved game by replaying its history, and check it ends in the saved final state.

    Every problem is one ``ValueError`` naming ``where`` the save came from.

    >>> loads('{"history": []}')
    Traceback (most recent call last):
    ...
    ValueError: the saved game: a save holds "game", "params", "history" and "final"; "game" is missing
    """
    return from_saved(read_save(text, where), where)


def read_save(text: str | bytes, where: str = "the saved game") -> Any:
    """A save's JSON, parsed (UTF-8 text or bytes); anything else is a ``ValueError`` naming ``where``.

    >>> read_save(b'{"game": "zaar"}')
    {'game': 'zaar'}
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise ValueError(f"{where}: not UTF-8 text (byte {error.start})") from None
    if not isinstance(text, str):
        raise ValueError(f"{where}: a save is JSON text, not {type(text).__name__}")
    return parse_json(text, where)


def from_saved(data: Any, where: str = "the saved game") -> Playthrough:
    """The game a save's parsed JSON (:func:`read_save`) holds, replayed and checked as :func:`loads` says."""
    if not isinstance(data, dict):
        raise ValueError(f'{where}: a save is a JSON object with "game", "params", "history" and "final"')
    for key, kind, name in (("game", str, "text"), ("params", dict, "object"), ("history", list, "list"),
                            ("final", dict, "object")):
        if key not in data:
            raise ValueError(f'{where}: a save holds "game", "params", "history" and "final"; "{key}" is missing')
        if not isinstance(data[key], kind):
            raise ValueError(f'{where}: "{key}" must be a JSON {name}')
    if data["game"] not in GAMES:  # a game registers when its package is imported: maybe none is yet
        import_game_packages()
    if data["game"] not in GAMES:
        raise ValueError(f"{where}: unknown game {data['game']!r} (known: {', '.join(sorted(GAMES)) or 'none'})")
    game = GAMES[data["game"]].from_dict(data["params"])
    try:
        actions = [game.action_from_dict(a) for a in data["history"]]
    except (TypeError, ValueError, KeyError) as error:
        raise ValueError(f"{where}: history: an action cannot be read: {error}") from None
    playthrough = replay(game, actions)
    if playthrough.final != game.state_from_dict(data["final"]):
        raise ValueError("the saved final state differs from the replay of the saved history")
    return playthrough


class Session:
    """A game being stepped through by hand: bots and chance move on request, every state is kept for undo.

    ``bots[player]`` is ``None`` for a seat a person plays: :meth:`step` then waits for :meth:`play`.

    Examples
    --------
    >>> from zaarlab.core.api import IllegalActionError
    >>> class Countdown:  # a one-player toy: take 1 or 2 from 3; taking the last wins
    ...     def __init__(self, left=3): self.left = left
    ...     def current_player(self): return -2 if self.left == 0 else 0
    ...     def is_terminal(self): return self.left == 0
    ...     def legal_actions(self): return tuple(n for n in (1, 2) if n <= self.left)
    ...     def chance_outcomes(self): return ()
    ...     def apply(self, n): return Countdown(self.left - n)
    >>> session = Session(Countdown(), bots=[None])
    >>> session.step()            # a person's turn: the session waits
    False
    >>> session.play(2); session.state.left
    1
    >>> session.undo(); session.state.left
    3
    """

    def __init__(self, state: State, bots: Sequence[Bot | None], seed: int = 0):
        self.bots = list(bots)
        self.rng = random.Random(seed)
        self.states = [state]
        self.history: list[Any] = []

    @property
    def state(self) -> State:
        return self.states[-1]

    def waiting_for_person(self) -> bool:
        """Whether the next move is a person's."""
        player = self.state.current_player()
        return not self.state.is_terminal() and player >= 0 and self.bots[player] is None

    def step(self) -> bool:
        """Let chance or a bot make the next move; False if the game is over or a person is to move."""
        if self.state.is_terminal() or self.waiting_for_person():
            return False
        state = self.state
        if state.current_player() == CHANCE:
            action = chance_move(state, self.rng)
        else:
            bot = self.bots[state.current_player()]
            assert bot is not None  # a person's seat waits, above
            action = bot(state, self.rng)
        self.play(action)
        return True

    def play(self, action: Any) -> None:
        """Make a move (a person's, or any legal one); an illegal move raises and changes nothing."""
        self.states.append(self.state.apply(action))
        self.history.append(action)

    def run_until(self, stop: Callable[[State], bool], max_steps: int = 100_000) -> int:
        """Step until ``stop(state)`` holds, the game ends or a person must move; return the steps made."""
        steps = 0
        while steps < max_steps and not stop(self.state) and self.step():
            steps += 1
        return steps

    def undo(self) -> None:
        """Take back the last move (does nothing at the start)."""
        if self.history:
            self.states.pop()
            self.history.pop()
