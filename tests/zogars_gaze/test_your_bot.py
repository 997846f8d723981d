"""A bot of your own (``YourBot``): it turns one more card exactly when your function says so, told what the state
says; the leaderboard seats every contender against the same opponents in the same deals and ranks them as the
tournaments they played."""

import random
from fractions import Fraction

from zaarlab.core.play import play
from zaarlab.tournaments import tournament
from zaarlab.zogars_gaze.bots import BOTS, Delve, YourBot, cautious_flip, leaderboard, verdict
from zaarlab.zogars_gaze.deck import p_survive
from zaarlab.zogars_gaze.state import Flip, Leave, Phase, ZogarGame


def test_zogar_delve_04_your_function_decides_each_card_after_the_first_told_what_the_state_says():
    asked, checked = [], []
    rng = random.Random(3)
    yours = YourBot(flip=lambda delve: asked.append(delve) or rng.random() < 0.6)

    def seat(state, bot_rng):
        if state.phase != Phase.DELVE or Leave.of() not in state.legal_actions():
            return yours(state, bot_rng)
        before = len(asked)
        action = yours(state, bot_rng)
        assert len(asked) == before + 1  # asked once per decision
        delve = asked[-1]
        assert delve == Delve(len(state.found), len(state.carried), p_survive(state, 1, number=Fraction),
                              len(state.gazes))
        assert isinstance(delve.p_survive, Fraction) and 0 <= delve.p_survive <= 1
        checked.append(action)
        return action

    for seed in range(4):
        play(ZogarGame(players=2), [seat, BOTS["bold"]], seed=seed)
    assert {type(a) for a in checked} == {Flip, Leave} and len(checked) == len(asked)


def test_a_bot_that_never_wants_more_leaves_at_every_choice_after_the_card_it_must_turn():
    shy = YourBot(flip=lambda delve: False)
    choices = []
    final = play(ZogarGame(players=2), [shy, BOTS["cautious"]], seed=5)
    state = final.initial
    for action in final.history:
        if state.current_player() == 0 and state.phase == Phase.DELVE and Leave.of() in state.legal_actions():
            choices.append(action)
        state = state.apply(action)
    assert choices and all(action == Leave.of() for action in choices)


def test_the_leaderboard_is_the_tournaments_each_contender_played_ranked():
    mine = YourBot(flip=lambda delve: delve.p_survive > Fraction(2, 3) and delve.found < 4)
    standings = leaderboard({"mine": mine, "twin": YourBot()}, games=30, seed=4)
    assert [s.games for s in standings] == [30] * 5
    assert [s.wins for s in standings] == sorted((s.wins for s in standings), reverse=True)
    bots = {**BOTS, "mine": mine, "twin": YourBot()}
    for s in standings:  # each as its own tournament: the same seeds, the same opponents
        alone = tournament(ZogarGame(players=3), bots, [s.name, "cautious", "bold"], 30, seed=4, verdict=verdict,
                           workers=1)
        assert alone.wins[0] == s.wins
    assert YourBot().flip is cautious_flip  # the default bot leaves as the cautious one does
