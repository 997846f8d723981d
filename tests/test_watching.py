"""The others' moves made ready to watch (zaarlab.ui.watching): whole games of bots in every game, cut into at most
so many frames, each a state the match passed through, in order, together every move, each said in a sentence."""

import re

import pytest

from zaarlab.core.api import CHANCE
from zaarlab.core.match import Match
from zaarlab.ui.watching import Watch, listed
from zaarlab.zaar.bots import BOTS as ZAAR_BOTS
from zaarlab.zaar.referee import ZaarReferee
from zaarlab.zaar.state import ZaarGame
from zaarlab.zargos.bots import BOTS as ZARGOS_BOTS
from zaarlab.zargos.referee import ZargosReferee
from zaarlab.zargos.state import ZargosGame
from zaarlab.zerzura.bots import BOTS as ZERZURA_BOTS
from zaarlab.zerzura.referee import ZerzuraReferee
from zaarlab.zerzura.state import ZerzuraGame
from zaarlab.zogars_gaze.bots import BOTS as ZOGAR_BOTS
from zaarlab.zogars_gaze.referee import ZogarReferee
from zaarlab.zogars_gaze.state import ZogarGame

GAMES = {
    "zaar": lambda: (ZaarGame(players=2, turn_limit=20), ZAAR_BOTS, ZaarReferee()),
    "zargos": lambda: (ZargosGame(players=2, turn_limit=2), ZARGOS_BOTS, ZargosReferee()),
    "zerzura": lambda: (ZerzuraGame(players=3), ZERZURA_BOTS, ZerzuraReferee()),
    "zogars_gaze": lambda: (ZogarGame(players=3, turn_limit=30), ZOGAR_BOTS, ZogarReferee()),
}


def _who(player: int) -> str:
    return f"Player {player + 1}"


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("most", [1, 3, 8])
def test_a_whole_game_in_at_most_so_many_frames_each_a_state_passed_through_every_move_counted(game, most):
    made, bots, referee = GAMES[game]()
    bot = next(iter(bots))
    match = Match(made, [bot] * made.players, seed=7, bots=bots, hooks=referee)
    match.skip()
    states, history = match.session.states, match.history
    watch = Watch.of(match, 0, most=most, who=_who)
    assert 1 <= len(watch.frames) <= most
    ends = [frame.end for frame in watch.frames]
    assert ends == sorted(set(ends)) and ends[-1] == len(history)
    decisions = [step for step in range(len(history)) if states[step].current_player() != CHANCE]
    assert watch.total == len(decisions) == watch.frames[-1].moves
    start = before = 0
    for frame in watch.frames:
        mine = [step for step in decisions if start <= step < frame.end]
        assert frame.moves - before == len(mine) > 0
        first = states[mine[0]].current_player()
        said = frame.words
        assert said[0].isupper() and said.endswith(".") and "(s)" not in said, said
        assert said.startswith(f"Player {first + 1}") or f"(player {first + 1})" in said.split(";")[0], said
        start, before = frame.end, frame.moves


def test_moves_of_one_kind_say_what_they_share_once_and_count_the_rest():
    assert listed(["attack K05-3 from K05-1 with 23", "attack K06-2 from K05-3 with 20"]) == (
        "attack K05-3 from K05-1 with 23 and K06-2 from K05-3 with 20")
    assert listed(["buy nothing"] * 3) == "buy nothing (3 times)"
    assert listed([f"place a unit in K0{i}-1" for i in range(1, 8)]) == (
        "place a unit in K01-1, K02-1, K03-1 and 4 more")
    assert listed(["end the attacks", "end the turn"]) == "end the attacks and turn"


def test_a_zargos_frame_says_the_provinces_each_people_took_in_it():
    made, bots, referee = GAMES["zargos"]()
    match = Match(made, ["greedy", "greedy"], seed=7, bots=bots, hooks=referee)
    match.skip()
    states = match.session.states
    watch = Watch.of(match, 0, most=400, who=_who)
    told, begun = 0, 0
    for frame in watch.frames:
        before, after = states[begun], states[frame.end]
        taken = {(after.holder(p), made.planet.names[p]) for p in made.planet.provinces
                 if after.holder(p) and after.holder(p) != before.holder(p)} if before.turn else set()
        told_as = re.findall(r"[Tt]he (\w+) took ([\w\-, ]+?)(?:;|\.$)", frame.words)
        said = {(people, place) for people, places in told_as for place in re.split(r", | and ", places)}
        assert said == taken, (frame.words, taken)
        told += bool(taken)
        begun = frame.end
    assert told > 3
