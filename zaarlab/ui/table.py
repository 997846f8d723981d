"""A game at a table on screen: seats for persons and bots, a board to click, what each player may know, the story
of the game in sentences, and the exact odds of the decision at hand.

The game in play is a :class:`zaarlab.core.match.Match` (seats, state, history, undo, the bots' steps, save and load);
the table is a view over it. Each game subclasses :class:`Table` with what is its own (how its board looks and what a
click on it means, its secrets, its odds, its words); this frame keeps what all four share:

- **seats**: each a person (``"person"``) or one of the game's bots; chance and bots move on their own, at once
  where no event loop runs (tests, scripts), else watched at a readable pace (``pace`` seconds a frame: a notebook,
  Voila, the static site): the others' moves after a person's are played first and shown in at most
  :data:`~zaarlab.ui.pacing.BOT_TURN_SECONDS` of frames, each a run of moves of one kind said in one sentence
  (:mod:`~zaarlab.ui.pacing`: a Zargos bot may make a hundred moves in a turn), with how far into them the screen
  is, *pause*, *step*, *faster*, and *skip* to see the rest at once, told in a few words;
- **always in view**: whose turn, what to do, the result and the table's answer stay at the top of the screen while
  the table is on it (:class:`~zaarlab.ui.pin.Pin`);
- **hot seat**: with two or more persons at one screen, a "pass the device" screen stands between them, and no
  secret of one is on screen while another holds the device;
- **never silent**: an illegal click says why not in words and what can be done now (naming moves that are legal),
  the rule's words one click away, in a band kept for it so the board never moves; a control that cannot act is
  disabled with a line saying why;
- **a hint**: the move the game's strongest bot would make for the person now, and why, read from what they may
  know; the end counts the hints each person asked for, and the teacher can switch hints off
  (:data:`~zaarlab.core.match.HINTS`);
- **the rules at hand**: under the board, the sections of the rules the phase being played follows, folded, and a
  search over all of the game's rules (:class:`~zaarlab.ui.rules_at_hand.RulesAtHand`);
- **undo** of a person's own moves, back to the last thing chance, a bot or another player did (nothing revealed
  since can be taken back), and the end: who won and why, and each person's decisions against the best ones.
"""

from __future__ import annotations

import html
import os
import re
import secrets
from collections.abc import Mapping, Sequence
from itertools import islice
from typing import Any

import ipywidgets as widgets

from ..core.api import CHANCE, IllegalActionError
from ..core.catalogue import game_info
from ..core.match import HINTS, PERSON, Hooks, Match, OtherGame
from ..core.play import Bot
from . import controls
from .card_board import CardBoard
from .download import Download
from .pacing import FASTEST, Pacing
from .panel import Panel, as_html, fold, guarded, line_html, row, rule_details, set_options, show
from .pieces import Zone, mark_changes
from .pin import Pin
from .rules_at_hand import RulesAtHand

STORY_LINES = 4  # the story shows at least this many lines, even just after your own move
SAID_HEIGHT = "7.2em"  # the band where the table answers: five lines, so a refusal on a phone moves nothing
EXAMPLES = 2  # the legal moves a refusal names, of different kinds where there are
MAX_SEATS = 4  # the seats a table offers


class Table(Panel, Hooks):
    """The frame of every game's table, a view over its :attr:`match`; see the module's description. Subclasses set
    :attr:`bots` and the hooks (those of :class:`~zaarlab.core.match.Hooks` and the view's below)."""

    title = "a game table"
    bots: Mapping[str, Bot] = {}

    def __init__(self, seats: Sequence[str], seed: int | None = None, odds: bool = True, pace: float = 0.6,
                 hints: bool | None = None):
        self._seen: dict[int, tuple[dict[str, tuple], Any]] = {}  # per person: the board and state they last acted on
        self.heading, self.said, self.secrets, self.odds, self.story, self.why_not = (
            widgets.HTML() for _ in range(6))
        for name in ("heading", "said", "secrets", "odds", "story", "why_not"):
            getattr(self, name).add_class(f"zaarlab-table-{name}")
        for panel in (self.secrets, self.odds):  # two boxes side by side, or one above the other on a phone
            panel.layout = widgets.Layout(border="1px solid #8a8a8a", padding="2px 10px", margin="4px 10px 4px 0",
                                          width="min(100%, 560px)")
        self.said.layout = widgets.Layout(height=SAID_HEIGHT, overflow="auto")  # kept: a refusal moves nothing
        self.board = CardBoard()
        self.rules = RulesAtHand()  # under the board: the rules of the phase at hand, and a search over them all
        self.board_column = widgets.VBox([self.board, self.rules.box])
        self.board.on_click(lambda key: guarded(lambda: self.click(key), self.said)())
        self.pacing = Pacing(pace, self.say, self.refresh, self._who, self.said)  # the others' moves, watched
        self.heading.add_class("zaarlab-result")
        self.story.add_class("zaarlab-log")
        self.moves = controls.Menu(description="or pick a move", style={"description_width": "initial"},
                                   layout=widgets.Layout(width="min(100%, 520px)"))
        self.buttons = {name: controls.Button(description=name, layout=widgets.Layout(width="auto")) for name in (
            "play this move", "take back my move", "skip to my turn", "pause", "step", "faster", "show my cards",
            "hint", "start a new game", "save the game")}
        for name, act in (("play this move", self.play_listed), ("take back my move", self.undo),
                          ("skip to my turn", self.skip), ("pause", self.pacing.pause),
                          ("step", self.pacing.step), ("faster", self.pacing.faster),
                          ("show my cards", self.reveal), ("hint", self.give_hint),
                          ("start a new game", self.start_chosen), ("save the game", self.offer_save)):
            self.buttons[name].on_click(guarded(act, self.said))
        self.show_odds = controls.Checkbox(value=odds, description="show the odds", indent=False)
        show(self.show_odds, odds)  # the teacher's switch: off, not even offered
        self.hints = bool(self.hint_bot) and (os.environ.get(HINTS) != "off" if hints is None else hints)
        show(self.buttons["hint"], self.hints)  # the teacher's switch too (the classroom's --no-hints, a test)
        self.show_odds.observe(lambda change: self.refresh(), names="value")
        choices = [("a person", PERSON)] + [(f"the {name} bot", name) for name in self.bots]
        self.seat_menus = [controls.Menu(options=choices + ([("nobody", "")] if i >= self.min_players else []),
                                         description=f"player {i + 1}", style={"description_width": "initial"},
                                         layout=widgets.Layout(width="250px"))
                           for i in range(MAX_SEATS)]
        self.download = Download()
        self.upload = controls.Upload(accept=".json", description="load a saved game",
                                      layout=widgets.Layout(width="auto"))
        self.upload.observe(lambda change: guarded(self.load_uploaded, self.said)(), names="value")
        self.upload.notice = self.said  # a file refused (two at once, too big) is told where loading is
        self.deal = controls.TextBox(description="deal number", style={"description_width": "initial"},
                                     layout=widgets.Layout(width="200px"))
        self.start(seats, new_deal() if seed is None else seed)
        if self.around_board():
            self.board_column.layout.flex = "1 1 420px"  # beside the map where the screen is wide, below it on a phone
        status = widgets.VBox([self.heading, self.said])  # pinned in view while the table is
        status.add_class("zaarlab-table-status")
        self.box = widgets.VBox([
            Pin(), status, row([self.buttons[name] for name in ("show my cards", "hint", "skip to my turn", "pause",
                                                                "step", "faster", "take back my move")]
                               + [self.show_odds]), self.why_not,
            row([self.odds, self.secrets]), row([*self.around_board(), self.board_column]) if self.around_board()
            else self.board_column,
            row([self.moves, self.buttons["play this move"]]), self.story,
            widgets.HTML('<h2 style="font-size: 17px">A new game</h2>'), row([*self.seat_menus, self.deal,
                                                                              self.buttons["start a new game"]]),
            row([self.buttons["save the game"], self.upload]), self.download,
        ])

    def start(self, seats: Sequence[str], seed: int, game=None) -> None:
        """A new game with one player a seat: ``"person"`` or the name of one of the game's bots (``game``: the
        game's parameters, by default the table's for that many players)."""
        self.seat(Match(game or self.make_game(len(seats)), seats, seed, self.bots, hooks=self))

    def seat(self, match: Match) -> None:
        """Show ``match`` at this table, from its position now."""
        self.pacing.stop()
        self.match, self._seen = match, {}
        persons, seats = match.persons, match.seats
        self.viewer = persons[0] if len(persons) == 1 else None  # whose secrets the screen may show
        for menu, seat in zip(self.seat_menus, [*seats, *[""] * (MAX_SEATS - len(seats))], strict=False):
            menu.value = seat if seat in [value for _, value in menu.options] else menu.options[0][1]
        self.deal.value = str(new_deal())  # the next game's, unless another is typed in
        self.say("")
        self.pacing.advance(match)

    def save(self) -> str:
        """The game as a file's text (:meth:`zaarlab.core.match.Match.save`)."""
        return self.match.save()

    def load(self, text: str | bytes, where: str = "the saved game") -> None:
        """Go on with the game :meth:`save` wrote; a file that is not one (of this game) is refused in words, and the
        game on the table stays as it was."""
        match = Match.load(text, self.bots, hooks=self, where=where, game_name=self.match.game.name)
        self.seat(match)
        self.say(f"The saved game goes on: {len(match.history)} moves replayed and checked.")

    def offer_save(self) -> None:
        """The save button: the browser downloads the game as a file."""
        match = self.match
        self.download.offer(f"{match.game.name}-deal-{match.seed}-move-{len(match.history)}.json", self.save())
        self.say("The game is saved as a file (see your downloads); 'load a saved game' goes on with it.")

    def load_uploaded(self) -> None:
        files = self.upload.value
        if not files:
            return
        try:
            self.load(files[0]["content"].tobytes(), files[0].get("name", "the file")[:80])
        except OtherGame as other:
            title = short_title(other.game)
            self.say(f"This file cannot be loaded here: it is a saved {title} game. Open it at the {title} table.")
        except ValueError as refused:
            self.say("This file cannot be loaded: it is damaged, or it is not a game saved at a zaarlab table.",
                     details=("what is wrong with it", str(refused)))
        finally:
            self.upload.value = ()

    def start_chosen(self) -> None:
        """A new game with the seats chosen in the menus and the deal number typed (the same number, the same
        shuffles and dice: a class can play one deal)."""
        seats = [menu.value for menu in self.seat_menus if menu.value]
        try:
            if not re.fullmatch(r"\d{1,9}", self.deal.value.strip()):
                raise ValueError("a deal number is a whole number of at most nine digits")
            self.start(seats, int(self.deal.value))
        except ValueError as refused:
            self.say(str(refused))

    # -- what each game tells ------------------------------------------------------------------------------
    min_players = 1

    def make_game(self, players: int):
        """The game for ``players`` seats (raises ``ValueError``, in words, for a number the game is not for)."""
        raise NotImplementedError

    def lay(self, state, viewer: int | None) -> Sequence[Zone]:
        """The board as ``viewer`` may see it (``None``: nobody's secrets), legal targets marked."""
        raise NotImplementedError

    def clear_selection(self) -> None:
        """Forget the table's own choices (dice set aside, cards chosen): a new position starts with none."""

    def around_board(self) -> list[widgets.Widget]:
        """Widgets beside the board of pieces (a map to click)."""
        return []

    def draw_map(self) -> None:
        """Draw the map beside the board, for a table that has one (none here). :meth:`refresh` draws it after the
        rest: the page takes the changes in order, so the map a student clicks next is drawn where it stays (drawn
        first, it was moved a moment later by the lines above it, and a click aimed then could land on a neighbour)."""

    def select(self, state, key: str) -> bool:
        """Whether a click on ``key`` only changes the table's own choice (a die set aside), made here."""
        return False

    def action_for(self, state, key: str) -> Any:
        """The move a click on ``key`` makes. Raises :class:`IllegalActionError` for a click that makes no move now."""
        raise NotImplementedError

    def clicks_for(self, action) -> tuple[str, ...]:
        """The clicks on the board that make ``action`` now (``()`` for none): the one marked piece that makes it."""
        for zone in self.board.zones:
            for piece in zone["pieces"]:
                if piece["target"] and not self.select_only(piece["key"]) and self._makes(piece["key"]) == action:
                    return (piece["key"],)
        return ()

    def select_only(self, key: str) -> bool:
        """Whether ``key`` names a piece whose click only selects (a die), never a move."""
        return False

    def _makes(self, key: str) -> Any:
        try:
            return self.action_for(self.state, key)
        except IllegalActionError:
            return None

    def private(self, state, player: int) -> str:
        """What only ``player`` knows (secret cards, goals), as plain text."""
        return ""

    def task(self, state) -> str:
        """What the player to move can do now, in a sentence."""
        return "your move"

    # -- acting ----------------------------------------------------------------------------------------------
    @property
    def state(self):
        """The state on screen: the match's, or while the others' moves are watched, the one their frame shows."""
        watch = self.pacing.watch
        return self.match.state if watch is None else self.match.session.states[watch.at]

    def to_move(self) -> int | None:
        """The person to move now, or ``None`` (chance, a bot, the table for a person, the game over, the others'
        moves still being watched)."""
        return None if self.pacing.watch else self.match.to_move()

    @property
    def passing(self) -> bool:
        """Whether the device is to be passed to another person before anything is shown."""
        return self.to_move() is not None and self.to_move() != self.viewer

    def click(self, key: str) -> None:
        """A click on the board: the move it makes, or the reason it makes none."""
        try:
            self._not_waiting()
            if self.select(self.state, key):  # a choice is acting: the board as it now looks is what they saw
                self.say("")
                self._seen.pop(self.viewer, None)
                self.refresh()
                self._saw(self.board.looks(), self.state)
                return
            action = self.action_for(self.state, key)
        except IllegalActionError as refused:
            self._refused(refused)
            return
        self.play(action)

    def _not_waiting(self) -> None:
        if self.to_move() is None or self.passing:
            raise IllegalActionError("", "pass the device first" if self.passing else
                                     "it is not your turn: wait for the others to move")

    def play_listed(self) -> None:
        if self.moves.value is not None:
            self.play(self.moves.value)

    def play(self, action) -> None:
        """Play the person's ``action``; an illegal one is refused in words and changes nothing."""
        seen, before = self.board.looks(), self.state
        try:
            self._not_waiting()
            self.match.play(action)
        except IllegalActionError as refused:
            self._refused(refused)
            return
        self.say("")
        self._saw(seen, before)
        self.pacing.advance(self.match)

    def undo(self) -> None:
        """Take back the person's last move (only moves after which nothing was revealed)."""
        try:
            if self.passing:
                raise IllegalActionError("", "pass the device first")
            self.match.undo()
        except IllegalActionError as refused:
            self._refused(refused)
            return
        self.say("Your last move was taken back.")
        self.refresh()

    def give_hint(self) -> None:
        """The *hint* button: the move the game's strongest bot would make now and why, from what the person may
        know, said in the band; the end's summary counts the decisions a hint was asked for."""
        try:
            self._not_waiting()
            if not self.hints:
                raise IllegalActionError("", "hints are switched off at this table")
            hint = self.match.hint()
        except IllegalActionError as refused:
            self._refused(refused)
            return
        self.say(f"Hint: {hint.words}.")

    def reveal(self) -> None:
        """The person to move holds the device now: show their cards."""
        self.viewer = self.to_move()
        self.say("")
        self.refresh()

    def skip(self) -> int:
        """The *skip* button: the others' moves at once, up to the next person's move or the end
        (:meth:`Pacing.skip <zaarlab.ui.pacing.Pacing.skip>`); returns how many moves that was."""
        return self.pacing.skip()

    def _who(self, player: int) -> str:
        return (f"The quick start for player {player + 1}" if player in self.match.persons else
                f"Player {player + 1} ({self.match.seats[player]} bot)")

    # -- showing ---------------------------------------------------------------------------------------------
    def _refused(self, refused: IllegalActionError) -> None:
        """Say why a click or move makes nothing, what can be done instead, and the rule one click away."""
        why = refused.words(self.names(self.state))
        self.say(f"Not allowed: {why}." if refused.rules else f"Not now: {why}.", refused.rules,
                 then=self.way_forward() if refused.rules else "")

    def way_forward(self) -> str:
        """What the person at the table can do now, naming legal moves of different kinds (what to click is in the
        heading above): said after a refusal.

        >>> from zaarlab.zerzura.table import ZerzuraTable
        >>> print(ZerzuraTable(seats=("person", "greedy"), seed=1, pace=0).way_forward())
        You can now: "take Guard (Q+2)" (all 4 moves in 'or pick a move').
        """
        state = self.state
        if state.is_terminal():
            return "The game is over: 'start a new game' is below."
        if self.passing or self.to_move() is None:
            return ""
        legal = state.legal_actions()
        kinds: dict[str, str] = {}  # one move of each kind ("take", "buy", "end"), the first met
        for action in legal:
            words = self.move_words(state, action)
            kinds.setdefault(words.split(" ", 1)[0], words)
        examples = list(islice(kinds.values(), EXAMPLES))
        listed = " or ".join(f'"{words}"' for words in examples)
        if len(legal) == 1:
            return f"You can now: {listed} (the only move)."
        every = "both moves" if len(legal) == 2 else f"all {len(legal)} moves"
        return f"You can now: {listed} ({every} in 'or pick a move')."

    def say(self, text: str, rules: Sequence[str] = (), then: str = "", details: tuple[str, str] | None = None) -> None:
        """Tell the person something (``text``, in words) and what to do ``then``, in the band kept for it; one click
        away, the rules it rests on or ``details`` (a fold's title and its words: what exactly is wrong)."""
        self.message = " ".join(filter(None, (text, then)))
        folded = fold(details[0], html.escape(details[1])) if details else ""
        lines = "".join(f'<p style="margin: 0">{html.escape(line)}</p>' for line in (text, then) if line)
        self.said.value = (f'<div role="status" class="zaarlab-said" style="line-height: 1.4">{lines}'
                           f"{rule_details(rules)}{folded}</div>") if text else ""

    def _saw(self, board: dict[str, tuple], state) -> None:
        """The person at the device acted on ``board`` (:meth:`CardBoard.looks`), showing ``state``: what differs from
        it is marked until they act again."""
        if self.viewer is not None:
            self._seen[self.viewer] = board, state

    def shown_as(self) -> dict[str, int | None]:
        """Which moment the screen shows and to whom: the move whose state it is (the others' frame while they are
        watched) and the person it is drawn for (``None`` while the device is to be passed)."""
        watch = self.pacing.watch
        return {"moves": watch.at if watch else len(self.match.history),
                "for": None if self.passing else self.viewer}

    def last_seen(self):
        """The state the person at the device last acted on (``None`` before they did, or while the device is to be
        passed): a map marks what changed since."""
        return None if self.passing or self.viewer not in self._seen else self._seen[self.viewer][1]

    def refresh(self) -> None:
        """Show the table as the person holding the device may see it, what changed since they acted marked."""
        state, player = self.state, self.to_move()
        if state is not getattr(self, "_selected_in", None):  # a move, an undo or a new game since the choice
            self.clear_selection()
            self._selected_in = state
        passing = self.passing
        viewer = None if passing else self.viewer
        zones = self.lay(state, viewer)
        self.board.lay(mark_changes(zones, self._seen[viewer][0]) if viewer in self._seen else zones)
        self.board.disabled = passing
        warning = self.warning(state)  # someone may end the game soon: said where it stays in view
        self.heading_text = self._heading(state, player, passing) + (f"\nWarning: {warning}" if warning else "")
        self.heading.value = as_html(self.heading_text)
        secret = self.private(state, viewer) if viewer is not None else ""
        self.secrets.value = as_html(secret) if secret else ""  # no empty box where a game keeps no secret
        odds = self.decision_odds(state) if player is not None and not passing and self.show_odds.value else ""
        self.odds.value = as_html(odds) if odds else ""
        for panel in (self.secrets, self.odds):
            show(panel, bool(panel.value))  # no empty box
        waiting = player is not None and not passing
        set_options(self.moves, [(self.move_words(state, a), a) for a in state.legal_actions()] if waiting else [])
        self.moves.disabled = self.buttons["play this move"].disabled = not waiting
        watch = self.pacing.watch
        bots_moving = watch is not None or not state.is_terminal() and player is None
        self.buttons["skip to my turn"].disabled = not bots_moving
        self.buttons["pause"].description = "go on" if watch and watch.paused else "pause"
        self.buttons["pause"].disabled = self.buttons["step"].disabled = watch is None
        self.buttons["faster"].disabled = self.pacing.pace <= FASTEST
        self.buttons["show my cards"].disabled = not passing
        self.buttons["hint"].disabled = not waiting
        show(self.buttons["show my cards"], len(self.match.persons) > 1)
        self.buttons["take back my move"].disabled = not self.match.undoable or passing
        why = self._why_not(state, player, passing)
        self.why_not.value = f'<small style="color: #444444">{html.escape(why)}</small>' if why else ""
        self.story.value = self._story(state, viewer)
        self.rules.follow(self.match.game.name, self.rules_now(state))
        self.draw_map()
        self.text = "\n".join(filter(None, (self.heading_text, self.private(state, viewer)
                                            if viewer is not None else "", odds)))

    def _why_not(self, state, player: int | None, passing: bool) -> str:
        """Why the buttons that cannot act now are greyed out, in one line."""
        reasons = []
        if state.is_terminal():
            reasons.append("the game is over: 'start a new game' below")
        elif player is not None:
            reasons.append("skip, pause, step: it is a person's turn, nobody else's moves to play")
        elif self.hints:
            reasons.append("hint: at your turn")
        if 0 < self.pacing.pace <= FASTEST:
            reasons.append("faster: the others' moves show at their fastest")
        if not self.match.undoable and not state.is_terminal():
            reasons.append("take back: only your own moves since the last roll, draw or other player's move")
        if passing:
            reasons.append("the board and the moves wait until the device is passed")
        return "Greyed out now: " + "; ".join(reasons) + "." if reasons else ""

    def _heading(self, state, player: int | None, passing: bool) -> str:
        where = f"Deal {self.match.seed}" + (f", turn {state.turn}" if getattr(state, "turn", 0) else "") + ". "
        if state.is_terminal():
            return f"{where}The game is over: {self.ending(state)}.{self._summary()}"
        if passing:
            return (f"{where}Pass the device to player {player + 1}. Player {player + 1}: press 'show my cards' when "
                    "the others cannot see the screen.")
        if player is not None:
            return f"{where}Player {player + 1}, your turn: {self.task(state)}."
        watch = self.pacing.watch
        if watch is not None:  # how far into the others' moves the screen is: they will not last
            shown = watch.moves_shown()
            at = (f"Next, the others' {watch.total} moves since yours" if not shown else
                  f"{'Paused at' if watch.paused else 'Showing'} the others' move {shown} of {watch.total} since yours")
            return f"{where}{at}. ('skip to my turn' shows the rest at once.)"
        mover = state.current_player()
        who = ("chance" if mover == CHANCE else f"the quick start, for player {mover + 1}"
               if mover in self.match.persons else f"player {mover + 1} ({self.match.seats[mover]} bot)")
        return f"{where}Waiting for {who}. ('skip to my turn' plays the others' moves at once.)"

    def story_lines(self, state, viewer: int | None) -> list[tuple[str, tuple[str, ...]]]:
        """The story ``viewer`` reads: what happened since their last move (at least the last few lines), each line in
        words with the IDs of the rules it cites."""
        start = self.match.marks[viewer] if viewer is not None else 0
        start = min(start, max(len(state.log) - STORY_LINES, 0))
        names, story = self.names(state), state.story
        lines = [(story.sentence(told, names), told.rules) for told in state.log[start:][-40:]]
        return lines or [("Nothing yet: the game begins.", ())]

    def _story(self, state, viewer: int | None) -> str:
        lines = self.story_lines(state, viewer)
        shown = "".join(line_html(words, ()) for words, _ in lines)
        cited = list(dict.fromkeys(rule for _, rules in lines for rule in rules))  # on demand, not after every line
        cited_html = rule_details(cited, "the rules behind these lines")
        return f'<div class="zaarlab-story"><strong>What happened</strong>{shown}{cited_html}</div>'

    def _summary(self) -> str:
        lines = [line for player in self.match.persons for line in self.match.summary(player)]
        return "".join(f"\n{line}" for line in lines)


def short_title(game: str) -> str:
    """A game's name as a player says it.

    >>> short_title("zerzura"), short_title("zogars_gaze")
    ('Zerzura', "Zogar's Gaze")
    """
    return game_info(game).title.split(":")[0]


def new_deal() -> int:
    """A deal number nobody chose: each page of a class its own game."""
    return secrets.randbelow(900_000) + 100_000


def text_of(table: Table) -> str:
    """Every text the table shows now, as a reader sees it (small print left out), for tests that read it all."""
    parts = [table.heading.value, table.said.value, table.why_not.value, table.secrets.value, table.odds.value,
             table.story.value, table.rules.shown.value]
    parts += [f"{zone['title']} " + " ".join(f"{p['name']} {p['note']}" for p in zone["pieces"])
              for zone in table.board.zones]
    parts += [label for label, _ in table.moves.options]
    shown = re.sub(r'<small class="zaarlab-rule"[^>]*>.*?</small>', "", "\n".join(map(str, parts)))
    return html.unescape(re.sub(r"<[^>]+>", " ", shown))
