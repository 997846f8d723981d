"""Setup of Zargos: rolls for the choice of peoples, pawn counts, placement rules, the first turn."""

import random

import pytest

from tests.helpers import run
from zaarlab.core.api import IllegalActionError
from zaarlab.core.play import random_bot, sample_outcome
from zaarlab.zargos.board import ZARGOS
from zaarlab.zargos.state import ChoosePeople, Phase, Place, ZargosGame


def test_zargos_setup_02_highest_roll_chooses_first():
    state = run(ZargosGame(players=3).initial_state(), 4, 6, 2)  # EX: rolls 4, 6, 2 -> P2, P1, P3
    assert state.phase == Phase.CHOOSE and state.choosers[:3] == (1, 0, 2)
    assert state.current_player() == 1 and len(state.legal_actions()) == 6


def test_tied_rolls_roll_again_among_the_tied_gap_s06():
    state = run(ZargosGame(players=3).initial_state(), 5, 5, 2)
    assert state.phase == Phase.ROLL and state.ranking == ((0, 1), (2,))
    state = run(state, 3, 6)  # player 2 wins the re-roll
    assert state.choosers[:3] == (1, 0, 2)


@pytest.mark.rule("ZARGOS-SETUP-03", "ZARGOS-SETUP-05")
@pytest.mark.parametrize(("game", "passes"), [
    (ZargosGame(players=2), 2), (ZargosGame(players=3), 2), (ZargosGame(players=4), 1),
    (ZargosGame(players=2, three_peoples=True), 3),
])
def test_two_or_three_players_choose_in_passes(game, passes):
    rolls = list(range(6, 6 - game.players, -1))  # no ties: player 1 first
    state = run(game.initial_state(), *rolls)
    assert state.choosers == tuple(range(game.players)) * passes


@pytest.mark.rule("ZARGOS-SETUP-04", "ZARGOS-SETUP-05")
@pytest.mark.parametrize(("game", "units", "per_player"), [
    (ZargosGame(players=6), 25, 25), (ZargosGame(players=5), 30, 30), (ZargosGame(players=4), 35, 35),
    (ZargosGame(players=3), 25, 50), (ZargosGame(players=2), 35, 70), (ZargosGame(players=2, three_peoples=True),
                                                                        25, 75),
])
def test_starting_units_ex_s01(game, units, per_player):
    state = run(game.initial_state(), *range(6, 6 - game.players, -1))
    for people in ("knights", "spiders", "amazons", "monks", "dragons", "winged")[:len(state.choosers)]:
        state = state.apply(ChoosePeople(people))
    assert state.phase == Phase.PLACE_SINGLE
    assert all(n == units for _, n in state.reserve)
    assert sum(n for people, n in state.reserve if state.player_of(people) == 0) == per_player


def test_the_game_refuses_impossible_settings():
    for bad in ({"players": 1}, {"players": 7}, {"players": 3, "three_peoples": True}, {"powers": "all"}):
        with pytest.raises(ValueError):
            ZargosGame(**bad)


def _setup_trajectory(players=3, seed=0):
    game = ZargosGame(players=players)
    rng = random.Random(seed)
    state, states = game.initial_state(), []
    while state.turn == 0 and not state.is_terminal():
        states.append(state)
        outcomes = state.chance_outcomes()
        state = state.apply(sample_outcome(outcomes, rng) if outcomes else random_bot(state, rng))
    return states, state


@pytest.mark.rule("ZARGOS-SETUP-07", "ZARGOS-SETUP-08", "ZARGOS-SETUP-09", "ZARGOS-SETUP-10", "ZARGOS-SETUP-12",
                  "ZARGOS-TURN-04", "ZARGOS-SETUP-01")
def test_placement_phases():
    states, first_turn = _setup_trajectory()
    planet = first_turn.game.planet
    outer = [p for p in planet.provinces if planet.kingdom_of(p) != ZARGOS]
    singles = [s for s in states if s.phase == Phase.PLACE_SINGLE]
    rests = [s for s in states if s.phase == Phase.PLACE_REST]
    assert singles and rests
    assert not all(s.holder(p) for p in outer for s in singles[-1:])  # single placement ends...
    assert all(rests[0].holder(p) for p in outer)                      # ...exactly when all are occupied
    for s in singles:
        assert all(planet.kingdom_of(a.province) != ZARGOS for a in s.legal_actions())      # SETUP-08
        assert all(s.holder(a.province) in ("", s.acting) for a in s.legal_actions())       # SETUP-07
    for s in rests:
        assert {a.province for a in s.legal_actions()} == set(s.provinces_of(s.acting))      # SETUP-10
    assert first_turn.turn == 1 and first_turn.phase == Phase.ATTACK and not first_turn.reserve  # SETUP-12
    assert first_turn.seats == first_turn.peoples                                              # TURN-04
    assert not any(first_turn.holder(p) for p in planet.provinces_of(ZARGOS))
    assert first_turn.deck == tuple(sorted(first_turn.deck)) and len(first_turn.deck) == 40  # SETUP-01


def test_zargos_setup_07_08_refusals_name_the_rule():
    states, _ = _setup_trajectory(seed=1)
    late = next(s for s in reversed(states) if s.phase == Phase.PLACE_SINGLE)
    enemy = next(p for p, people, _ in late.board if people != late.acting)
    with pytest.raises(IllegalActionError) as err:
        late.apply(Place(enemy))
    assert err.value.rule_id == "ZARGOS-SETUP-07"
    with pytest.raises(IllegalActionError) as err:
        late.apply(Place("FC"))
    assert err.value.rule_id == "ZARGOS-SETUP-08"
    rest = next(s for s in states if s.phase == Phase.PLACE_REST)
    with pytest.raises(IllegalActionError) as err:
        rest.apply(Place(next(p for p, people, _ in rest.board if people != rest.acting)))
    assert err.value.rule_id == "ZARGOS-SETUP-10"


def test_zargos_setup_11_stacking_while_provinces_are_free():
    states, _ = _setup_trajectory(seed=2)
    s = next(s for s in states if s.phase == Phase.PLACE_SINGLE and s.provinces_of(s.acting))
    own = s.provinces_of(s.acting)[0]
    assert Place(own) in s.legal_actions()
    assert s.apply(Place(own)).units(own) == s.units(own) + 1


@pytest.mark.rule("ZARGOS-SETUP-06", "ZARGOS-COMP-02")
def test_only_units_count_not_pieces():
    # the state records units per province; a five-unit pawn and five one-unit pawns are the same state
    states, first_turn = _setup_trajectory(players=4)
    total = sum(units for _, _, units in first_turn.board)
    assert total == 4 * 35 and all(isinstance(units, int) for _, _, units in first_turn.board)
