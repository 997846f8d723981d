"""A game in play, apart from any view of it: the seats (persons and bots), the state and its history, whose turn it
is, the person's undo, the bots' and chance's next step, the decisions judged, and the game saved and loaded.

A table on screen (:class:`zaarlab.ui.table.Table`) is a view over a :class:`Match`; so can be a second device, a
spectator's page, a teacher's overview or a test, none of which needs a widget. What a game adds to the frame (a
quick start that moves for a person, the judge of a decision) comes in through :class:`Hooks`.

Examples
--------
>>> from zaarlab.core.api import GAMES
>>> from zaarlab.core.catalogue import import_game_packages
>>> import_game_packages()
>>> from zaarlab.zerzura.bots import BOTS
>>> match = Match(GAMES["zerzura"](players=2), ["person", "greedy"], seed=7, bots=BOTS)
>>> match.reveal_chance() > 0, match.to_move()   # the deal, then the person's turn
(True, 0)
>>> first, dealt = match.state.legal_actions()[0], len(match.history)
>>> match.play(first); match.undoable
1
>>> match.undo(); match.undoable, len(match.history) == dealt
(0, True)
>>> match.play(first); match.skip() > 0   # the bot's move and chance's, up to the person's next move
True
>>> Match.load(match.save(), bots=BOTS).state == match.state
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .api import CHANCE, Game, IllegalActionError, State
from .play import Bot, Playthrough, Session, dumps, from_saved, read_save
from .readable import exact_text

PERSON = "person"
"""The seat of a person (every other seat names one of the game's bots)."""
MAX_BOT_STEPS = 5_000  # steps a skip may run before a person must move (a whole game of bots ends sooner)
MAX_DEAL = 10**9  # a deal number has at most nine digits


@dataclass(frozen=True)
class Decision:
    """A person's choice where the game has a best one: its chance and the best chance (of winning the combat...)."""

    player: int
    words: str
    chosen: Any
    best: Any


HINTS = "ZAARLAB_HINTS"
"""Set to ``off`` (the classroom server's ``--no-hints``, and its tests) for tables that give no hint."""


@dataclass(frozen=True)
class Hint:
    """A hint for the person to move: the move the game's strongest bot would make now (``action``), and it and why
    in words (``words``)."""

    action: Any
    words: str


class Hooks:
    """What a game adds to the frame of a match: its words for a move and for the end, the judge of a decision, a
    move it makes for a person. By default a move's own words and nothing more (every person moves for themselves,
    nothing is judged). Each game's referee (``zaarlab.<game>.referee``) overrides these, and its table inherits
    them."""

    hint_bot = ""
    """The name of the game's strongest bot, whose move a hint shows ("": the game gives no hint). It must decide from
    what the player to move may know (``tests/test_seat_views.py`` proves it for each game)."""

    def autoplays(self, state: State) -> bool:
        """Whether the match makes the move of the person to move (a quick start's placements)."""
        return False

    def autoplay(self, state: State) -> Any:
        """The move the match makes for the person to move when :meth:`autoplays`."""
        raise NotImplementedError

    def judge(self, state: State, action: Any) -> Decision | None:
        """The chance of ``action`` and of the best move, where the game has a best one."""
        return None

    def ending(self, state: State) -> str:
        """How the finished game ended, in the game's words (who won, the scores)."""
        return "the game is over"

    def names(self, state: State) -> Mapping[str, str]:
        """Card and piece ids -> their printed names, for the story and the moves."""
        names: Mapping[str, str] = state.story.names(state.game)  # type: ignore[attr-defined]
        return names

    def move_words(self, state: State, action: Any) -> str:
        """A legal move in the game's words."""
        words: str = action.words(self.names(state))
        return words

    def board_figure(self, state: State, viewer: int | None = None, since: State | None = None) -> Any:
        """The game's map as anyone at the table may see it (a plotly figure; ``None`` for a game without a map), for
        ``viewer``'s eyes (their pieces named theirs) with what changed ``since`` the state they last acted on marked:
        a class's page draws it beside the moves."""
        return None

    def board_zones(self, state: State, viewer: int | None) -> Sequence[Any]:
        """The game's cards, piles and dice as ``viewer`` may see them (``None``: nobody's secrets), as zones of
        pieces (``zaarlab.ui.pieces``) none of which is marked to pick: a class's page draws them beside the moves.
        None by default (a game whose board is its map)."""
        return ()

    def standing(self, state: State) -> str:
        """The score as every player may see it now, in words ("" where the game shows none): the teacher's page and
        a class's page show it beside whose turn it is."""
        return ""

    def warning(self, state: State) -> str:
        """A warning every player may read, in words, when someone can end the game soon (a last round, a win one
        move away); "" otherwise. A table shows it in its heading, which stays in view."""
        return ""

    def move_places(self, state: State, action: Any) -> tuple[str, ...]:
        """The points of :meth:`board_figure` a legal move is about (their ``customdata``: a province, a room), so a
        click on the map can find the moves about a place; none by default."""
        return ()

    def place_words(self, state: State, place: str) -> str:
        """A place of the map (what a click on it reports: :meth:`move_places`) in the game's words: its name."""
        return self.names(state).get(place, place)

    def outcome(self, before: State, after: State) -> str:
        """What a run of moves from ``before`` to ``after`` came to, in a sentence every player may read (the
        provinces a people took), for one who watches them; "" to say no more than the moves."""
        return ""

    def rules_now(self, state: State) -> tuple[str, ...]:
        """The sections of the game's rules (their codes: ``"MARKET"``) that the phase being played follows, for the
        rules beside the board; none by default."""
        return ()

    def no_hint(self, state: State) -> str:
        """Why no hint can be given now, in words ("" when one can): where the strongest bot would read what the
        player may not know."""
        return ""

    def hint_reason(self, state: State, action: Any) -> str:
        """Why the hinted ``action`` is good, from what the player to move may know ("" to say no more than the
        move): by default, where the decision is judged, its exact chance and the best one's."""
        decision = self.judge(state, action)
        if decision is None:
            return ""
        best = "the best there is" if decision.chosen == decision.best else f"the best is {exact_text(decision.best)}"
        return f"its chance is {exact_text(decision.chosen)}, {best}"

    def decision_odds(self, state: State) -> str:
        """The exact odds of the decision the player to move faces now, as plain text ("" for none), computed from
        what that player may know alone: a table on screen and a class's page show them to that player."""
        return ""


@dataclass(frozen=True)
class Finished:
    """A match at its end, as a record keeps it: the game, the deal, the seats, the moves made, each player's
    result and place (1 for the best result; a tie shares it), the ending in words, and for each person their
    decisions that were the best ones, of those judged."""

    game: str
    deal: int
    seats: tuple[str, ...]
    moves: int
    returns: tuple[Any, ...]
    words: str
    best_decisions: dict[int, tuple[int, int]]  # a person's seat: (best, judged)

    def place(self, player: int) -> int:
        """``player``'s place: 1 + how many players did better.

        >>> Finished("g", 1, ("person", "bold"), 9, (3, 5), "", {}).place(0)
        2
        """
        mine = self.returns[player]
        return 1 + sum(1 for other in self.returns if other > mine)


ENDINGS: list[Callable[[Finished], object]] = []
"""What is told of every match that ends in this process (a page keeping its student's games, a class's record);
each is told once per match, when its last move is made."""


class Match:
    """One game in play; see the module's description.

    ``seats`` has one entry a player: :data:`PERSON` or a name in ``bots``. ``seed`` (the deal) fixes every shuffle
    and die, so two matches of one deal and the same moves are the same game.
    """

    def __init__(self, game: Game, seats: Sequence[str], seed: int, bots: Mapping[str, Bot],
                 hooks: Hooks | None = None):
        unknown = [s for s in seats if s != PERSON and s not in bots]
        if unknown:
            raise ValueError(f"a seat is a {PERSON} or one of the bots {', '.join(bots)}, not {unknown[0]!r}")
        if len(seats) != game.num_players:
            raise ValueError(f"{game.name} for {game.num_players} players has {game.num_players} seats, not "
                             f"{len(seats)}")
        self.game, self.seats, self.seed, self.bots = game, tuple(seats), seed, bots
        self.hooks = hooks or Hooks()
        self.persons = tuple(p for p, seat in enumerate(seats) if seat == PERSON)
        self.ever_persons = set(self.persons)  # seats a person played at some time (a seat handed to a bot too)
        self.session = Session(game.initial_state(), [None if s == PERSON else bots[s] for s in seats], seed)
        self.undoable = 0  # the persons' own moves at the end of the history, which undo may take back
        self.marks = dict.fromkeys(range(game.num_players), 0)  # per player: the log's length before their last move
        self.decisions: dict[int, Decision] = {}  # by the step of the history they were made at
        self.hinted: set[int] = set()  # the steps of the history at which the person to move asked for a hint
        self.told = False  # whether ENDINGS were told of this match's end

    # -- where the game stands -----------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def history(self) -> list[Any]:
        return self.session.history

    def to_move(self) -> int | None:
        """The person to move now, or ``None`` (chance, a bot, the match for a person, the game over)."""
        waiting = self.session.waiting_for_person() and not self.hooks.autoplays(self.state)
        return self.state.current_player() if waiting else None

    def others_to_move(self) -> bool:
        """Whether chance, a bot or the match itself moves next."""
        state = self.state
        return not state.is_terminal() and (not self.session.waiting_for_person() or self.hooks.autoplays(state))

    def last_mover(self) -> int | None:
        """The player who made the last move that was not chance's (``None`` before any)."""
        states, history = self.session.states, self.session.history
        return next((states[i].current_player() for i in range(len(history) - 1, -1, -1)
                     if states[i].current_player() != CHANCE), None)

    # -- moving --------------------------------------------------------------------------------------------
    def play(self, action: Any) -> None:
        """The person to move plays ``action``. Out of turn or illegal, it raises :class:`IllegalActionError` (in
        words, naming the rule) and nothing changes."""
        player, before = self.to_move(), self.state
        if player is None:
            raise IllegalActionError("", "it is not your turn: wait for the others to move")
        decision = self.hooks.judge(before, action) if before.is_legal(action) else None
        self.session.play(action)
        if decision is not None:
            self.decisions[len(self.history) - 1] = decision
        self.marks[player] = len(before.log)
        self.undoable += 1
        self._tell_if_over()

    def undo(self) -> None:
        """Take back the person's last move; only moves after which nothing was revealed (a roll, a draw, another
        player's move) can be, else :class:`IllegalActionError` and nothing changes."""
        if not self.undoable:
            raise IllegalActionError("", "nothing to take back: only your own moves since the last roll, draw or "
                                         "other player's move can be taken back")
        self.session.undo()
        self.undoable -= 1
        self.decisions.pop(len(self.history), None)

    def step_others(self) -> bool:
        """One move of chance, a bot, or the one the match makes for a person (:meth:`Hooks.autoplay`); ``False``
        when a person is to move or the game is over. What others do cannot be taken back."""
        if self.session.step():
            self.undoable = 0
        elif self.session.waiting_for_person() and self.hooks.autoplays(self.state):
            self.session.play(self.hooks.autoplay(self.state))
            self.undoable = 0
        else:
            return False
        self._tell_if_over()
        return True

    def finished(self) -> Finished:
        """The match as a record keeps it (see :class:`Finished`); asked of a game that is over."""
        state = self.state
        judged = {p: [d for d in self.decisions.values() if d.player == p] for p in sorted(self.ever_persons)}
        return Finished(self.game.name, self.seed, self.seats, len(self.history), tuple(state.returns()),
                        self.hooks.ending(state), {p: (sum(d.chosen == d.best for d in mine), len(mine))
                                                   for p, mine in judged.items()})

    def summary(self, player: int) -> list[str]:
        """``player``'s decisions against the best ones, in lines: how many were the best, then the three that cost
        the most, each with its chance and the best one's (nothing where no decision of theirs was judged); and how
        many hints they asked for, if any."""
        mine = [d for d in self.decisions.values() if d.player == player]
        hints = self.hints_used(player)
        asked = [f"Player {player + 1} used {hints} hint{'s' if hints != 1 else ''}."] if hints else []
        if not mine:
            return asked
        best = sum(d.chosen == d.best for d in mine)
        worst = sorted((d for d in mine if d.chosen != d.best), key=lambda d: d.chosen - d.best)[:3]
        return [f"Player {player + 1}: {best} of {len(mine)} decisions were the best ones.",
                *(f"  {d.words}: {exact_text(d.chosen)}, the best {exact_text(d.best)}" for d in worst), *asked]

    def hint(self) -> Hint:
        """The move the game's strongest bot (:attr:`Hooks.hint_bot`) would make for the person to move, and why; the
        same whenever asked at one step, and counted (:meth:`hints_used`). Where none can be given, raises
        :class:`IllegalActionError` in words and counts nothing."""
        player, state = self.to_move(), self.state
        bot = self.bots.get(self.hooks.hint_bot)
        why_not = ("a hint is for the person to move" if player is None else
                   "this game gives no hint" if bot is None else self.hooks.no_hint(state))
        if why_not or bot is None:
            raise IllegalActionError("", why_not)
        action = bot(state, random.Random(len(self.history)))  # its own dice: the hint changes nothing of the game's
        self.hinted.add(len(self.history))
        reason = self.hooks.hint_reason(state, action)
        return Hint(action, f"the {self.hooks.hint_bot} bot would {self.hooks.move_words(state, action)}"
                            + (f": {reason}" if reason else ""))

    def hints_used(self, player: int) -> int:
        """How many decisions of ``player`` they asked a hint for (one however often asked at one step)."""
        states = self.session.states
        return sum(1 for step in self.hinted if step < len(states) and states[step].current_player() == player)

    def _tell_if_over(self) -> None:
        """Tell :data:`ENDINGS` of the end, once: the first time the game is over (a move taken back and played
        again is not a second game)."""
        if self.told or not self.state.is_terminal():
            return
        self.told = True
        done = self.finished()
        for listener in list(ENDINGS):
            listener(done)

    def hand_over(self, seat: int, to: str) -> None:
        """Seat ``seat`` is played from now on by ``to``: a person (:data:`PERSON`) or one of the match's bots (a
        student away too long, or back)."""
        if to != PERSON and to not in self.bots:
            raise ValueError(f"a seat is a {PERSON}'s or one of the bots {', '.join(self.bots)}, not {to!r}")
        seats = list(self.seats)
        seats[seat] = to
        self.seats = tuple(seats)
        self.persons = tuple(p for p, who in enumerate(seats) if who == PERSON)
        self.ever_persons |= set(self.persons)
        self.session.bots[seat] = None if to == PERSON else self.bots[to]
        self.undoable = 0

    def skip(self) -> int:
        """Every move of the others at once, up to a person's move or the end; returns the moves made."""
        moved = 0
        while moved < MAX_BOT_STEPS and self.step_others():
            moved += 1
        return moved

    def reveal_chance(self) -> int:
        """What chance does right after a person's move or before anybody's (the card turned, the dice rolled, the
        cards dealt), at once; a bot's chance waits for its pace. Returns the moves made."""
        moved = 0
        while (self.state.current_player() == CHANCE and self.last_mover() in (*self.persons, None)
               and self.step_others()):
            moved += 1
        return moved

    # -- saved as a file -----------------------------------------------------------------------------------
    def save(self) -> str:
        """The match as a file's text: the moves made (chance's too), the seats, the deal and where its dice stand,
        so that :meth:`load` goes on with the same game, and the next dice are the ones it would have rolled."""
        session = self.session
        data = json.loads(dumps(Playthrough(self.game, session.states[0], tuple(session.history), self.state)))
        version, internal, gauss = session.rng.getstate()
        data["table"] = {"seats": list(self.seats), "deal": self.seed, "dice": [version, list(internal), gauss],
                         "hints": sorted(self.hinted)}
        return json.dumps(data, sort_keys=True)

    @classmethod
    def load(cls, text: str | bytes, bots: Mapping[str, Bot], hooks: Hooks | None = None,
             where: str = "the saved game", game_name: str | None = None) -> Match:
        """The match :meth:`save` wrote, replayed and checked move by move; a file that is not one (or, with
        ``game_name``, not of that game) is refused with a ``ValueError`` in words."""
        data = read_save(text, where)
        playthrough = from_saved(data, where)
        if game_name is not None and playthrough.game.name != game_name:
            raise OtherGame(playthrough.game.name, f"{where}: a game of {playthrough.game.name}, not of {game_name}")
        seats, seed, dice, hinted = _table_part(data.get("table"), where, playthrough.game.num_players,
                                                len(playthrough.history))
        match = cls(playthrough.game, seats, seed, bots, hooks)
        match.hinted = hinted
        session = match.session
        session.states, session.history = playthrough.states(), list(playthrough.history)
        session.rng.setstate(dice)
        match.told = match.state.is_terminal()  # a game saved at its end was told of where it was played
        for i, action in enumerate(session.history):
            mover = session.states[i].current_player()
            if mover in match.persons:
                match.marks[mover] = len(session.states[i].log)
                decision = match.hooks.judge(session.states[i], action)
                if decision is not None:
                    match.decisions[i] = decision
        return match


class OtherGame(ValueError):
    """A saved game of another game than the one asked for: ``game`` names the game it is (``"zogars_gaze"``)."""

    def __init__(self, game: str, message: str):
        super().__init__(message)
        self.game = game


def _table_part(table: Any, where: str, players: int, steps: int) -> tuple[list[str], int, tuple[Any, ...], set[int]]:
    """The seats, the deal, the dice and the steps hints were asked at (none in a file saved before hints) of a saved
    table of a game of ``steps`` moves, checked."""
    if not isinstance(table, dict) or not {"seats", "deal", "dice"} <= set(table) <= {"seats", "deal", "dice", "hints"}:
        raise ValueError(f'{where}: a saved table holds "seats", "deal", "dice" and "hints"')
    hints = table.get("hints", [])
    if not (isinstance(hints, list) and len(hints) <= steps + 1 and all(
            type(step) is int and 0 <= step <= steps for step in hints)):
        raise ValueError(f"{where}: the hints are the steps of the game they were asked at, 0 to {steps}")
    seats, seed, dice = table["seats"], table["deal"], table["dice"]
    if not isinstance(seats, list) or len(seats) != players or not all(isinstance(s, str) for s in seats):
        raise ValueError(f"{where}: one seat a player ({players}), each a person or a bot's name")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_DEAL:
        raise ValueError(f"{where}: the deal is a whole number of at most nine digits")
    ok = (isinstance(dice, list) and len(dice) == 3 and dice[0] == 3 and isinstance(dice[1], list)
          and len(dice[1]) == 625 and all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 2 ** 32
                                          for n in dice[1]) and dice[1][-1] <= 624 and dice[2] is None)
    if not ok:
        raise ValueError(f"{where}: the dice's state is not one Python's random numbers have")
    return seats, seed, (3, tuple(dice[1]), None), set(hints)
