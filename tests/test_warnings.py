"""The warning every player reads in a table's heading when the game may end soon (``Hooks.warning``): said exactly
when its condition holds, the condition counted here from the state's own pieces, and what it announces comes true.
It names nothing secret: only what lies on the table (the deck's size, the Gazes revealed, who holds a province)."""

from dataclasses import replace

from zaarlab.core.match import Match
from zaarlab.zargos.referee import ZargosReferee
from zaarlab.zargos.state import Phase as ZargosPhase
from zaarlab.zargos.state import ZargosGame, with_units
from zaarlab.zargos.table import ZargosTable
from zaarlab.zerzura.referee import ZerzuraReferee
from zaarlab.zerzura.state import Phase as ZerzuraPhase
from zaarlab.zerzura.state import ZerzuraGame
from zaarlab.zerzura.table import ZerzuraTable
from zaarlab.zogars_gaze.referee import ZogarReferee
from zaarlab.zogars_gaze.state import ZogarGame

CENTRE = ("FC", "ZS1", "ZS2", "ZS3")  # the Forbidden City and the three provinces around it, as the map draws them


def states_of_a_bots_game(game, bots, seats, seed, hooks):
    match = Match(game, seats, seed, bots, hooks=hooks)
    match.skip()
    return match.session.states


def test_zerzura_end_01_the_last_round_is_announced_and_is_the_last():
    referee = ZerzuraReferee()
    for seed in range(3):
        states = states_of_a_bots_game(ZerzuraGame(players=3), ZerzuraTable.bots, ("greedy", "planner", "greedy"),
                                       seed, referee)
        warned = [i for i, state in enumerate(states) if referee.warning(state)]
        assert warned and states[-1].is_terminal()
        assert all(bool(referee.warning(s)) == (s.phase == ZerzuraPhase.ACT and len(s.deck) == 0) for s in states)
        assert all(state.phase != ZerzuraPhase.DEAL for state in states[warned[0]:])  # no round is dealt after it
        assert warned == list(range(warned[0], warned[-1] + 1)) and warned[-1] == len(states) - 2  # to the end


def test_zogar_gaze_02_one_gaze_from_the_end_is_announced():
    referee = ZogarReferee()
    state = ZogarGame(players=2).initial_state()
    gaze = next(card for card in state.game.cards.dungeon if state.game.cards[card].kind == "gaze")
    for shown in range(8):
        said = referee.warning(replace(state, gazes=(gaze,) * shown))
        assert bool(said) == (shown == 6), shown
    assert "the next one turned over ends the game, and every player loses" in referee.warning(
        replace(state, gazes=(gaze,) * 6))


def test_zargos_goal_01_a_people_one_province_from_the_win_is_announced():
    referee = ZargosReferee()
    states = states_of_a_bots_game(ZargosGame(players=2), ZargosTable.bots, ("greedy", "greedy"), 4, referee)
    state = next(s for s in states if s.phase == ZargosPhase.ATTACK)
    mine, theirs = state.peoples[0], state.peoples[1]
    for held in range(5):
        board = state.board
        for i, province in enumerate(CENTRE):
            board = with_units(board, province, mine if i < held else theirs, 2)
        said = referee.warning(replace(state, board=board))
        expected = {people for people, count in ((mine, held), (theirs, 4 - held)) if count == 3}
        assert {people for people in (mine, theirs) if f"The {people} hold 3" in said} == expected, (held, said)
