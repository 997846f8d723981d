"""What a student meets in the widgets, tested without a browser: no control fails silently, option lists always
hold a valid choice, every widget has a readable line before it runs, and logs speak the game's words."""

import html

import ipywidgets as widgets
import pytest

from tests.helpers import refused
from zaarlab.core.api import IllegalActionError
from zaarlab.intro.widgets import DiceSumExplorer
from zaarlab.tournaments.widgets import TournamentRunner
from zaarlab.ui.panel import Panel, guarded, set_options, set_range
from zaarlab.zaar.state import ZaarGame
from zaarlab.zaar.widgets import AstrolabeBattle, MansionBuilder
from zaarlab.zaar.widgets import GameViewer as ZaarViewer
from zaarlab.zargos.odds import p_attacker_wins
from zaarlab.zargos.state import ZargosGame
from zaarlab.zargos.widgets import BattleCalculator, ProvinceExplorer
from zaarlab.zargos.widgets import GameViewer as ZargosViewer
from zaarlab.zerzura.bots import BOTS
from zaarlab.zerzura.state import Take, ZerzuraGame
from zaarlab.zerzura.widgets import CollectionBuilder
from zaarlab.zerzura.widgets import GameViewer as ZerzuraViewer
from zaarlab.zogars_gaze.widgets import DeckExplorer, HoldAdvisor


def test_the_builder_places_at_once_on_a_cell_where_the_room_fits():
    builder = MansionBuilder()
    assert builder.cell.value in builder.fitting  # before: no cell was chosen and *place* raised a TypeError
    builder.place()
    assert builder.text.startswith("Player 1 placed") and len(builder.mansion.rooms) == 2


def test_the_builder_says_so_when_no_cell_is_chosen():
    builder = MansionBuilder()
    builder.cell.value = None
    assert builder.buttons["place"].disabled and "Choose a cell" in builder.why.value
    builder.place()  # a click that reaches the kernel all the same
    assert "Choose a cell" in builder.why.value and len(builder.mansion.rooms) == 1


def test_a_second_click_of_a_double_click_places_nothing():
    builder = MansionBuilder()
    builder.place()
    builder.place()  # the double click's second half: the next room is offered, but no cell is chosen for it
    assert len(builder.mansion.rooms) == 2 and builder.chosen is None and builder.buttons["place"].disabled


def test_a_cell_is_chosen_by_its_number_on_the_map_and_only_a_free_one():
    builder = MansionBuilder()
    builder.place()
    fitting = builder.fitting[0]
    builder.map.clicked = {"value": builder.numbers[fitting], "n": 1}  # what the page sends on a click
    assert builder.cell.value == fitting and not builder.buttons["place"].disabled
    chosen = [t for t in builder.figures[0].data if t.name == "chosen cell"]
    assert chosen  # and the map outlines it
    for sent in (0, 999, "3", True, None, [1], 2.0):  # a tampered page
        builder.map.clicked = {"value": sent, "n": 2}
        assert builder.cell.value == fitting and "not a free cell" in builder.status.value


def test_a_new_room_keeps_the_chosen_cell_only_where_it_fits():
    builder = MansionBuilder(seed=3)
    builder.place()
    builder.cell.value = cell = builder.fitting[0]
    mansion, turn = builder.mansion, builder.rotation.value

    def fits(room):
        try:
            mansion.check_placement(room, cell, turn)
        except IllegalActionError:
            return False
        return True

    rooms = [r for _, r in builder.room.options]
    builder.room.value = next(r for r in rooms if r != builder.room.value and fits(r))
    assert builder.cell.value == cell  # it fits there too: the choice stays
    builder.room.value = next(r for r in rooms if not fits(r))  # as *draw a card* may: the cell is let go
    assert builder.chosen is None and builder.buttons["place"].disabled


@pytest.mark.parametrize("viewer", [
    lambda: ZaarViewer(ZaarGame(players=2), seed=1, seat=0),
    lambda: ZargosViewer(ZargosGame(players=3, turn_limit=2), seed=1, people_seat=0),
    lambda: ZerzuraViewer(ZerzuraGame(players=2), seed=1, seat=0),
], ids=["zaar", "zargos", "zerzura"])
def test_a_seat_in_every_viewer_starts_with_a_move_chosen_and_play_plays_it(viewer):
    viewer = viewer()
    while not viewer.session.waiting_for_person():
        viewer.step()
    assert viewer.choice.value is not None  # before: blank, and *play* did nothing
    before = len(viewer.session.history)
    viewer.buttons["play"].click()
    assert len(viewer.session.history) > before


def test_an_error_inside_a_callback_is_shown_not_lost():
    report = widgets.HTML()
    button = widgets.Button()
    button.on_click(guarded(lambda: 1 / 0, report))
    button.click()
    assert "Something went wrong: division by zero" in report.value


def test_options_always_hold_a_valid_choice():
    menu = widgets.Dropdown(options=[1, 2], value=2)
    set_options(menu, [3, 4])
    assert menu.value == 3
    set_options(menu, [4, 3])
    assert menu.value == 3
    set_options(menu, [])
    assert menu.value is None


def test_a_range_and_its_value_change_together_and_stay_consistent():
    slider = widgets.IntSlider(min=3, max=18, value=11)
    set_range(slider, 20, 40, 5)
    assert (slider.min, slider.max, slider.value) == (20, 40, 20)
    set_range(slider, 1, 6, 30)
    assert (slider.min, slider.max, slider.value) == (1, 6, 6)


def test_the_dice_explorer_moves_its_threshold_to_the_middle_of_the_new_range():
    explorer = DiceSumExplorer(dice=3)
    explorer.dice.value = 9  # before: the threshold could stay at the edge, "P(9d6 >= 9) = 1"
    assert (explorer.at_least.min, explorer.at_least.max, explorer.at_least.value) == (9, 54, 32)
    assert explorer.answer.value == "P(sum of 9d6 ≥ 32) = 1/2 ≈ 50.00%"


@pytest.mark.parametrize("make", [
    DiceSumExplorer, MansionBuilder, AstrolabeBattle, ProvinceExplorer, BattleCalculator, CollectionBuilder,
    HoldAdvisor, DeckExplorer, lambda: ZaarViewer(ZaarGame(players=2)),
    lambda: TournamentRunner(lambda n: ZerzuraGame(players=n), BOTS, ["greedy", "random"]),
])
def test_every_widget_reads_as_one_line_before_it_runs(make):
    panel = make()
    assert isinstance(panel, Panel)
    bundle = panel._repr_mimebundle_()
    assert bundle["text/plain"].endswith(": run this cell to use it") and "VBox" not in bundle["text/plain"]
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_logs_speak_the_game_words():
    viewer = ZerzuraViewer(ZerzuraGame(players=2), seed=1)
    viewer.to_next_turn()
    assert "guard_" not in viewer.log.value and "ZERZURA-SETUP-05" in viewer.log.value
    state = viewer.session.state
    names, dealt = state.story.names(state.game), next(e for e in state.log if e.kind == "market")
    assert "the Market is " + ", ".join(names[card] for card in dealt["market"]) in html.unescape(viewer.log.value)
    assert viewer.log.value.count("<div>") == min(len(state.log), viewer.log_lines)  # one line an event, no more
    elsewhere = next(card for card in names if card.startswith("guard_") and card not in state.market)
    err = refused(state, Take(elsewhere), "ZERZURA-ACTION-03")  # a refusal names its cards as facts, not in words
    assert err.words(names) == f"{names[elsewhere]} is not in the Market" and elsewhere in str(err)


def test_the_long_fractions_of_a_battle_show_as_about_a_percent_with_the_exact_value_on_hover_and_a_click_away():
    calculator = BattleCalculator(attackers=30, defenders=30)
    exact = p_attacker_wins(30, 30)
    assert len(str(exact)) > 23 and f'title="exact: {exact}"' in calculator.answer.value
    assert "(exact fraction)" in calculator.answer.value and "<code" in calculator.answer.value
    assert f"attacker takes the province: about {100 * float(exact):.2f}%" in calculator.text
    assert "digits over" not in calculator.text and "…" not in calculator.text

