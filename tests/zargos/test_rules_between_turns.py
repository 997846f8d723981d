"""Between two turns of Zargos: points, the new order of play, Kingdom cards, magic cards, purchases."""

from dataclasses import replace

import pytest

from tests.helpers import run
from zaarlab.core.api import IllegalActionError
from zaarlab.zargos.state import Buy, Discard, EndAttacks, EndTurn, Fight, LandAttack, Pass, Phase, Place
from zaarlab.zargos.upkeep import territory_points

from .scenario import GAME, PEOPLES, position

KORI = ("KORI-1", "KORI-2", "KORI-3", "KORI-4", "KORI-5")


def end_of_turn(board, settle_ties=False, **fields):
    """Every seat ends its turn at once: the position right after the points count.

    With ``settle_ties``, tied peoples roll 6, 5, 4, ... in seat order, so the order of play keeps the seats'.
    """
    state = position(board, **fields)
    while state.phase in (Phase.RED, Phase.ATTACK, Phase.REORG):
        state = state.apply({"red": Pass(), "attack": EndAttacks(), "reorg": EndTurn()}[state.phase])
    while settle_ties and state.phase == Phase.ROLL:
        state = state.apply(6 - len(state.rolls))
    return state


@pytest.mark.rule("ZARGOS-POINTS-01", "ZARGOS-POINTS-02", "ZARGOS-POINTS-03", "ZARGOS-POINTS-04",
                  "ZARGOS-POINTS-05", "ZARGOS-POINTS-06")
def test_territory_points():
    board = {"KORI-2": ("knights", 1), "KORI-1": ("knights", 1), "ZC1": ("knights", 1), "FC": ("knights", 1),
             **{p: ("spiders", 1) for p in ("LUDOS-1", "LUDOS-2", "LUDOS-3", "LUDOS-4", "LUDOS-5")}}
    state = position(board)
    assert territory_points(state, "knights") == 1 + 2 + 2 + 4      # plain, capital, Zargos, Forbidden City
    assert territory_points(state, "spiders") == 10                # the whole of LUDOS: its capital's value (RECON)
    broken = position({**board, "LUDOS-5": ("amazons", 1)})
    assert territory_points(broken, "spiders") == 2 + 3            # per province again


@pytest.mark.rule("ZARGOS-TURN-02", "ZARGOS-ORDER-01", "ZARGOS-ORDER-04")
def test_the_new_order_follows_the_points():
    board = {"KORI-1": ("spiders", 2), "KORI-2": ("spiders", 2), "LUDOS-2": ("knights", 1),
             "K03-1": ("monks", 1), "K03-2": ("amazons", 1), "K03-3": ("amazons", 1), "K03-4": ("amazons", 1)}
    state = end_of_turn(board)
    assert dict(state.points) == {"spiders": 3, "knights": 1, "amazons": 3, "monks": 2}
    assert state.phase == Phase.ROLL and state.ranking == (("spiders", "amazons"), ("monks",), ("knights",))
    state = run(state, 2, 5)  # ZARGOS-ORDER-02: the tie is rolled off, the amazons win it
    assert state.seats == ("amazons", "spiders", "monks", "knights")  # the rank each people holds on the mat


def test_zargos_order_02_ties_roll_until_broken():
    board = {"KORI-2": ("spiders", 1), "LUDOS-2": ("knights", 1), "K03-2": ("monks", 1), "K04-2": ("amazons", 1)}
    state = end_of_turn(board)
    assert state.ranking == (("knights", "spiders", "amazons", "monks"),)  # everyone on 1 point
    state = run(state, 4, 4, 1, 6)  # knights and spiders tie again (GAP-S06)
    assert state.ranking == (("monks",), ("knights", "spiders"), ("amazons",))
    state = run(state, 1, 3)
    assert state.seats == ("monks", "spiders", "knights", "amazons")


@pytest.mark.rule("ZARGOS-ORDER-03", "ZARGOS-TURN-03", "ZARGOS-BUY-01")
def test_cards_then_purchases_then_the_next_turn_in_the_new_order():
    board = {**{p: ("spiders", 1) for p in KORI}, "LUDOS-2": ("knights", 1), "K03-1": ("amazons", 1),
             "K03-2": ("amazons", 1), "K04-1": ("monks", 1)}
    state = end_of_turn(board)
    assert state.seats == ("spiders", "amazons", "monks", "knights")  # 10, 3, 2 and 1 points
    assert state.phase == Phase.DRAW and state.draws == ((1, 1),)  # the spiders' player draws for the KORI card
    state = state.apply("wind_of_war")
    assert state.phase == Phase.SWAP  # then each player in order may offer a swap (ZARGOS-MAGIC-13)
    state = run(state, Pass(), Pass(), Pass(), Pass())
    assert state.phase == Phase.BUY and state.acting == "spiders" and state.budget == 10
    state = run(state, Buy(5, 0), *[Place("KORI-1")] * 5)
    assert state.phase == Phase.BUY and state.acting == "amazons" and state.units("KORI-1") == 6
    state = run(state, Buy(0, 0), Buy(0, 0), Buy(0, 0))
    assert state.turn == 2 and state.phase == Phase.ATTACK and state.acting == "spiders"


@pytest.mark.rule("ZARGOS-BUY-02", "ZARGOS-BUY-03", "ZARGOS-BUY-06")
def test_prices_and_boats_ex_s07():
    state = position({"KORI-1": ("knights", 3)}, phase="buy", budget=17)
    assert Buy(6, 1) in state.legal_actions() and Buy(8, 0) in state.legal_actions()
    assert Buy(7, 1) not in state.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        state.apply(Buy(7, 1))
    assert err.value.rule_id == "ZARGOS-BUY-02"
    after = state.apply(Buy(6, 1))
    assert after.boats == (1, 0, 0, 0) and after.phase == Phase.PLACE_BUY and dict(after.reserve) == {"knights": 6}


@pytest.mark.rule("ZARGOS-COMP-03")
def test_only_fifteen_boats():
    state = position({"KORI-1": ("knights", 3)}, phase="buy", budget=30, boats=(10, 4, 0, 0))
    assert max(a.boats for a in state.legal_actions()) == 1
    with pytest.raises(IllegalActionError) as err:
        state.apply(Buy(0, 2))
    assert err.value.rule_id == "ZARGOS-COMP-03"


def test_zargos_buy_04_unspent_points_are_lost():
    state = position({"KORI-1": ("monks", 3)}, phase="buy", budget=9, seat=3)
    after = run(state, Buy(1, 1), Place("KORI-1"))  # 7 of 9 points spent; the last buyer: the next turn
    assert after.budget == 0 and after.turn == 2 and after.phase == Phase.ATTACK


def test_zargos_buy_05_reinforcements_go_on_own_provinces_zargos_included():
    state = run(position({"KORI-1": ("knights", 3), "ZC1": ("knights", 1), "KORI-2": ("spiders", 1)},
                         phase="buy", budget=4), Buy(2, 0))
    assert {a.province for a in state.legal_actions()} == {"KORI-1", "ZC1"}
    with pytest.raises(IllegalActionError) as err:
        state.apply(Place("KORI-2"))
    assert err.value.rule_id == "ZARGOS-BUY-05"


@pytest.mark.rule("ZARGOS-KCARD-01", "ZARGOS-KCARD-02", "ZARGOS-KCARD-03")
def test_kingdom_cards_follow_the_capital():
    whole = {p: ("spiders", 1) for p in KORI}
    assert dict(end_of_turn(whole).kingdom_cards) == {"KORI": "spiders"}                       # KCARD-01
    kept = {**whole, "KORI-3": ("knights", 1)}
    assert dict(end_of_turn(kept, kingdom_cards=(("KORI", "spiders"),)).kingdom_cards) == {"KORI": "spiders"}
    lost = {**whole, "KORI-1": ("knights", 1)}
    assert dict(end_of_turn(lost, kingdom_cards=(("KORI", "spiders"),)).kingdom_cards) == {}    # KCARD-03


def test_zargos_kcard_04_only_the_count_matters_ex_s08():
    # the spiders lose KORI-1 during the turn and take it back before the count: they keep the card
    board = {**{p: ("spiders", 3) for p in KORI}, "KORI-1": ("knights", 1)}
    state = position(board, kingdom_cards=(("KORI", "spiders"),), seat=1)
    state = run(state, LandAttack("KORI-2", "KORI-1", 2), EndAttacks(), Fight("KORI-1"), (2, 0))
    while state.phase in (Phase.ATTACK, Phase.REORG):
        state = state.apply(EndAttacks() if state.phase == Phase.ATTACK else EndTurn())
    assert dict(state.kingdom_cards) == {"KORI": "spiders"}


def test_zargos_kcard_05_the_new_capital_holder_needs_the_whole_kingdom_ex_s09():
    board = {**{p: ("spiders", 1) for p in KORI}, "KORI-1": ("knights", 2)}
    state = end_of_turn(board, kingdom_cards=(("KORI", "spiders"),))
    assert dict(state.kingdom_cards) == {}


@pytest.mark.rule("ZARGOS-MAGIC-01", "ZARGOS-MAGIC-11")
def test_one_magic_card_per_kingdom_card():
    board = {**{p: ("spiders", 1) for p in KORI}, **{p: ("spiders", 1) for p in ("LUDOS-1", "LUDOS-2", "LUDOS-3",
                                                                                  "LUDOS-4", "LUDOS-5")}}
    state = end_of_turn(board, settle_ties=True, hands=((), (), ("wind_of_war",), ()))
    assert state.draws == ((1, 2),)  # two Kingdom cards: two draws for the spiders' player (player 2)
    assert state.hands[2] == ("wind_of_war",)  # no Kingdom card: keeps its hand, draws nothing (MAGIC-11)


def test_zargos_magic_02_a_fourth_card_is_discarded_to_the_bottom_ex_s15():
    board = {p: ("spiders", 1) for p in KORI}
    state = end_of_turn(board, settle_ties=True, hands=((), ("wind_of_war", "wind_of_ice", "wind_of_land"), (), ()))
    state = state.apply("wind_of_mist")
    assert state.phase == Phase.DISCARD and state.current_player() == 1 and len(state.hands[1]) == 4
    with pytest.raises(IllegalActionError) as err:
        state.apply(Discard("typhoon"))
    assert err.value.rule_id == "ZARGOS-MAGIC-02"
    state = state.apply(Discard("wind_of_ice"))
    assert state.hands[1] == ("wind_of_land", "wind_of_mist", "wind_of_war") and state.bottom == ("wind_of_ice",)
    assert state.phase == Phase.SWAP


@pytest.mark.rule("ZARGOS-MOTW-02", "ZARGOS-MOTW-03", "ZARGOS-MOTW-04")
def test_the_master_draws_three_and_kingdom_cards_give_nothing_ex_s16():
    board = {**{p: ("spiders", 1) for p in KORI}, "FC": ("monks", 5)}
    state = end_of_turn(board, settle_ties=True, master="monks")
    assert state.draws == ((3, 3),)  # only the Master's player draws, three cards; the KORI card gives nothing
    # the Master's only privilege in this reading is the source of new cards (AMB-S06 default)
    assert dict(state.kingdom_cards) == {"KORI": "spiders"}


def test_zargos_magic_16_a_card_for_an_absent_people_is_replaced_ex_s14():
    game = replace(GAME)
    board = {p: ("spiders", 1) for p in KORI}
    state = end_of_turn(board, settle_ties=True)
    absent = next(card for card, people in game.suspension_cards.items() if people not in PEOPLES)
    after = state.apply(absent)
    assert after.removed == (absent,) and after.phase == Phase.DRAW and after.draws == ((1, 1),)
    assert absent not in after.deck or after.deck.count(absent) == state.deck.count(absent) - 1


def test_an_empty_deck_gives_nothing_gap_s08():
    board = {p: ("spiders", 1) for p in KORI}
    state = end_of_turn(board, settle_ties=True, deck=(), bottom=())
    assert state.phase == Phase.BUY
    from_bottom = end_of_turn(board, settle_ties=True, deck=(), bottom=("wind_of_war", "floods"))
    assert from_bottom.chance_outcomes() == (("wind_of_war", 1),)


def test_zargos_magic_13_swaps_never_leave_more_than_three_cards_ex_s12():
    from zaarlab.zargos.state import Answer, Offer

    board = {p: ("spiders", 1) for p in KORI}
    hands = (("wind_of_war", "wind_of_land"), ("typhoon", "wind_of_ice"), (), ())
    state = end_of_turn(board, settle_ties=True, hands=hands)
    state = state.apply("wind_of_mist")  # the spiders' player now holds three cards
    assert state.phase == Phase.SWAP and state.current_player() == 1
    lopsided = Offer(0, ("typhoon", "wind_of_ice", "wind_of_mist"), ())
    assert lopsided not in state.legal_actions()  # player 1 would end with five
    with pytest.raises(IllegalActionError) as err:
        state.apply(lopsided)
    assert err.value.rule_id == "ZARGOS-MAGIC-13"
    for unlisted in (Offer(0, (), ()), Offer(1, (), ("typhoon",)), Offer(0, ("wind_of_ice", "typhoon"), ())):
        assert unlisted not in state.legal_actions()
        with pytest.raises(IllegalActionError) as err:  # an empty offer, one to oneself, cards out of order
            state.apply(unlisted)
        assert err.value.rule_id == "ZARGOS-MAGIC-13"
    offer = Offer(0, ("typhoon",), ("wind_of_war",))
    state = state.apply(offer)
    assert state.phase == Phase.ANSWER and state.current_player() == 0
    swapped = state.apply(Answer(True))
    assert swapped.hands[0] == ("typhoon", "wind_of_land") and "wind_of_war" in swapped.hands[1]
    declined = state.apply(Answer(False))
    assert declined.hands[0] == hands[0]
