"""A seat's view of the state (``state.observation(seat)``) hides everything its player may not know: for states
reached by random games of each kind, a second state that differs from the first only in what seat k may not know
(the others' secrets, the unseen cards and how they are split) gives seat k the same view; and a spectator's
(``observation(None)``) hides every player's secrets. The odds a player to move is shown (the game's referee's
``decision_odds``) are the same in both, so they cannot hint at a hidden card either.

The variants are made here, independently of the engine's ``observation``: each game's resampler below deals the
seat's unknowns again at random, keeping what the seat knows (the sizes of the piles, a card's level where its back
shows it). Some variants must differ from their state, or the test would prove nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from zaarlab.core.api import CHANCE, GAMES, State
from zaarlab.core.catalogue import import_game_packages
from zaarlab.core.play import play, random_bot

PLAYED = {  # game: parameters of short random games
    "zaar": {"players": 3, "turn_limit": 30},
    "zargos": {"players": 3, "turn_limit": 4},
    "zerzura": {"players": 3},
    "zogars_gaze": {"players": 3, "turn_limit": 40},
}


def split(rng: random.Random, cards: list[str], sizes: list[int]) -> list[tuple[str, ...]]:
    """``cards`` shuffled and cut into piles of ``sizes``."""
    rng.shuffle(cards)
    piles, start = [], 0
    for size in sizes:
        piles.append(tuple(cards[start:start + size]))
        start += size
    return piles


def zargos_variant(state, seat: int | None, rng: random.Random):
    """The deck, the cards under it and the others' hands dealt again from the cards among them."""
    others = [q for q in range(len(state.hands)) if q != seat]
    pool = [*state.deck, *state.bottom, *(c for q in others for c in state.hands[q])]
    deck, bottom, *hands = split(rng, pool, [len(state.deck), len(state.bottom), *(len(state.hands[q])
                                                                                   for q in others)])
    new_hands = list(state.hands)
    for q, hand in zip(others, hands, strict=True):
        new_hands[q] = tuple(sorted(hand))
    offer = state.offer if not state.offer or seat in state.offer[:2] else (*state.offer[:2], "?", "?")
    return replace(state, deck=tuple(sorted(deck)), bottom=bottom, hands=tuple(new_hands), offer=offer)


def zerzura_variant(state, seat: int | None, rng: random.Random):
    """The deck and the cards removed unseen at the start dealt again from the two (stored cards were seen when
    taken: ZERZURA-ACTION-11's cubes count them)."""
    deck, removed = split(rng, [*state.deck, *state.removed], [len(state.deck), len(state.removed)])
    return replace(state, deck=tuple(sorted(deck)), removed=tuple(sorted(removed)))


def zogar_variant(state, seat: int | None, rng: random.Random):
    """The others' races and classes shuffled among them; the others' cards, the cards offered face down by another
    player, and the two decks dealt again, each card for one of the same level (a card's back shows its level)."""
    cards = state.game.cards
    others = [q for q in range(len(state.hands)) if q != seat]
    races, classes = list(state.races), list(state.classes)
    for values in (races, classes):
        mixed = [values[q] for q in others]
        rng.shuffle(mixed)
        for q, value in zip(others, mixed, strict=True):
            values[q] = value
    piles = {("hand", q): list(state.hands[q]) for q in others}
    piles |= {("dungeon",): list(state.dungeon), ("market_deck",): list(state.market_deck)}
    if state.player != seat:
        piles[("offered",)] = list(state.offered)
    by_level: dict[int, list[str]] = {}
    for pile in piles.values():
        for card in pile:
            by_level.setdefault(cards[card].level, []).append(card)
    for pool in by_level.values():
        rng.shuffle(pool)
    for key, pile in piles.items():
        piles[key] = sorted(by_level[cards[c].level].pop() for c in pile)
    hands = list(state.hands)
    for q in others:
        hands[q] = tuple(piles[("hand", q)])
    changed = replace(state, races=tuple(races), classes=tuple(classes), hands=tuple(hands),
                      dungeon=tuple(piles[("dungeon",)]), market_deck=tuple(piles[("market_deck",)]))
    if state.player != seat:
        changed = replace(changed, offered=tuple(piles[("offered",)]),
                          peeked="x" if state.peeked else "")  # what was peeked at, not whether
    return changed


def zogar_recalled_variant(state, seat: int | None, rng: random.Random):
    """:func:`zogar_variant`, for a seat that remembers every card shown: while no other player has traded cards into
    the dungeon face down, the seat knows which cards the dungeon holds (not their order), so they stay."""
    others_traded = any(e.kind == "trades_in" and e["player"] != seat for e in state.log)
    variant = zogar_variant(state, seat, rng)
    return variant if others_traded else replace(variant, dungeon=tuple(sorted(state.dungeon)))


def zaar_variant(state, seat: int | None, rng: random.Random):
    """Zaar hides nothing from a player: the only variant is the state itself."""
    return state


VARIANTS: dict[str, Callable[[State, int | None, random.Random], State]] = {
    "zargos": zargos_variant, "zerzura": zerzura_variant, "zogars_gaze": zogar_variant, "zaar": zaar_variant}
RECALLED = {"zogars_gaze": zogar_recalled_variant}  # where a seat's memory of cards shown pins down more than its view


def reached(game: str, games: int = 4, per_game: int = 12) -> list[State]:
    """States reached by random games, spread over each game."""
    import_game_packages()
    states = []
    for seed in range(games):
        kind = GAMES[game](**PLAYED[game])
        everything = play(kind, [random_bot] * kind.num_players, seed=seed, max_steps=3_000).states()
        states += everything[::max(1, len(everything) // per_game)]
    return states


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_two_states_that_differ_only_in_what_a_seat_may_not_know_look_the_same_to_it(game):
    rng, differed, compared = random.Random(1), 0, 0
    for state in reached(game):
        for seat in [*range(state.game.num_players), None]:  # each player, and a spectator
            for _ in range(3):
                variant = VARIANTS[game](state, seat, rng)
                assert variant.observation(seat) == state.observation(seat), (game, seat)
                differed += variant != state
                compared += 1
    if game == "zaar":
        assert differed == 0 and compared > 0  # nothing hidden: every seat sees the whole state but its log
        state = reached(game, games=1)[-1]
        assert {k: v for k, v in state.observation(0).items() if k != "you"} == {
            k: v for k, v in state.observation(1).items() if k != "you"}
    else:
        assert differed >= 20, (differed, compared)  # the variants really differ in what the seat may not know


@pytest.mark.parametrize("game", ["zargos", "zerzura", "zogars_gaze"])
def test_a_seat_sees_its_own_secrets(game):
    """The view is not empty of what the seat may know: a seat's own cards differ between two seats' views of one
    state, somewhere in the games played."""
    assert any(state.observation(0) | {"you": 1} != state.observation(1) for state in reached(game, games=2))


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_the_odds_shown_to_the_player_to_move_are_the_same_in_states_that_differ_only_in_what_they_may_not_know(game):
    import importlib

    referee = importlib.import_module(f"zaarlab.{game}.referee").REFEREE()
    rng, shown, differed = random.Random(2), 0, 0
    for state in reached(game, games=8, per_game=60):
        mover = state.current_player()
        if state.is_terminal() or mover == CHANCE:
            continue
        odds = referee.decision_odds(state)
        shown += odds != ""
        for _ in range(3):
            variant = RECALLED.get(game, VARIANTS[game])(state, mover, rng)
            differed += variant != state and odds != ""
            assert referee.decision_odds(variant) == odds, (game, mover, odds)
    assert shown >= 10, shown  # odds were really shown, not only compared empty
    assert differed >= 10 or game == "zaar", differed  # ... and in states whose variants really differ


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_a_hint_is_the_same_in_states_that_differ_only_in_what_the_player_to_move_may_not_know(game):
    """A table's *hint* (``Match.hint``) shows the move of the game's strongest bot and why: the bot and the reason
    must read nothing the player may not know, or the hint would give it away; where they would, there is none
    (``no_hint``, itself the same in both)."""
    import importlib

    referee = importlib.import_module(f"zaarlab.{game}.referee").REFEREE()
    bot = importlib.import_module(f"zaarlab.{game}.bots").BOTS[referee.hint_bot]
    rng, given, differed = random.Random(6), 0, 0
    for state in reached(game, games=6, per_game=40):
        mover = state.current_player()
        if state.is_terminal() or mover == CHANCE:
            continue
        refused = referee.no_hint(state)
        chosen = None if refused else bot(state, random.Random(1))
        hint = None if refused else (chosen, referee.hint_reason(state, chosen))
        given += hint is not None
        for _ in range(3):
            variant = RECALLED.get(game, VARIANTS[game])(state, mover, rng)
            differed += variant != state and hint is not None
            assert referee.no_hint(variant) == refused, (game, mover)
            if hint is not None:
                chosen = bot(variant, random.Random(1))
                assert (chosen, referee.hint_reason(variant, chosen)) == hint, (game, mover, hint)
    assert given >= 50 and (differed >= 30 or game == "zaar"), (given, differed)


@pytest.mark.parametrize("game", ["zerzura", "zogars_gaze"])
def test_the_board_of_pieces_a_seat_is_shown_is_the_same_in_states_that_differ_only_in_what_it_may_not_know(game):
    """A class's page draws each seat the game's cards, piles and dice (the referee's ``board_zones``): for the seat
    and for a spectator, nothing in it may come from what they may not know; and its own secrets are there (a
    seat's board differs from the spectator's)."""
    import importlib

    referee = importlib.import_module(f"zaarlab.{game}.referee").REFEREE()
    rng, drawn, differed, own = random.Random(5), 0, 0, 0
    for state in reached(game, per_game=20):
        for seat in [*range(state.game.num_players), None]:
            zones = referee.board_zones(state, seat)
            drawn += 1
            own += seat is not None and zones != referee.board_zones(state, None)
            for _ in range(2):
                variant = VARIANTS[game](state, seat, rng)
                differed += variant != state
                assert referee.board_zones(variant, seat) == zones, (game, seat)
            assert not any(piece.target for zone in zones for piece in zone.pieces)  # a picture: nothing to pick
    assert drawn >= 100 and differed >= 50 and own >= 20, (drawn, differed, own)


@pytest.mark.parametrize("game", ["zaar", "zargos"])
def test_the_map_every_seat_is_shown_is_the_same_in_states_that_differ_only_in_what_a_seat_may_not_know(game):
    """A class's page draws the game's map (the referee's ``board_figure``) for every seat alike: it must hold
    nothing any seat may not know."""
    import importlib

    referee = importlib.import_module(f"zaarlab.{game}.referee").REFEREE()
    rng, drawn, differed = random.Random(3), 0, 0
    for state in reached(game, per_game=8):
        figure = referee.board_figure(state)
        if figure is None:
            continue
        drawn += 1
        for seat in [*range(state.game.num_players), None]:
            variant = VARIANTS[game](state, seat, rng)
            differed += variant != state
            assert referee.board_figure(variant).to_json() == figure.to_json(), (game, seat)
    assert drawn >= 10 and (differed >= 10 or game == "zaar"), (drawn, differed)


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_the_score_shown_to_everyone_is_the_same_in_states_that_differ_only_in_what_a_spectator_may_not_know(game):
    """The score a class's pages and the teacher's page show (the referee's ``standing``) is public."""
    import importlib

    referee = importlib.import_module(f"zaarlab.{game}.referee").REFEREE()
    rng, shown, differed = random.Random(4), set(), 0
    for state in reached(game, per_game=20):
        standing = referee.standing(state)
        shown.add(standing)
        for _ in range(2):
            variant = VARIANTS[game](state, None, rng)
            differed += variant != state
            assert referee.standing(variant) == standing, game
    assert len(shown) >= 5 and (differed >= 10 or game == "zaar"), (len(shown), differed)


def _named(told) -> set[str]:
    """Every text an event's facts hold, in tuples too."""
    named: set[str] = set()

    def walk(value):
        if isinstance(value, str):
            named.add(value)
        elif isinstance(value, tuple):
            for item in value:
                walk(item)

    for _, value in told.facts:
        walk(value)
    return named


def test_the_story_every_seat_reads_names_no_secret():
    """A page shows every seat the game's story (its log in words), so no event may name a secret: in Zogar's Gaze
    nobody's race or class before the end (ZOGAR-SETUP-03), in Zargos no magic card while it is in a hand
    (ZARGOS-MAGIC-01; a draw is told without its card)."""
    told, drawn = 0, 0
    for state in reached("zogars_gaze", games=6, per_game=60):
        if not state.is_terminal():
            secrets = {*state.races, *state.classes}
            assert not any(_named(e) & secrets for e in state.log)
            told += len(state.log)
    for state in reached("zargos", games=6, per_game=60):
        held = {card for hand in state.hands for card in hand}
        assert not any(_named(e) & held for e in state.log)
        drawn += any(e.kind == "draws" for e in state.log) and bool(held)
    assert told > 100 and drawn >= 5, (told, drawn)  # stories long enough, and cards in hands to hide
