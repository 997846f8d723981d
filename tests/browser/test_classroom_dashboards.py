"""Each classroom dashboard in Voila, in a real browser: every control operated as a student would (sliders from
the keyboard, menus, toggles, buttons) shows the right exact value, no Python error reaches the page, the text it
shows then is a student's (no rule ID outside the small print, no identifier or Python notation, no long fraction
without its percent), and the page asks no host but the server (the classroom's Voila template). The
drivers (:mod:`tests.browser.drivers`) say what each control is checked against."""

import pytest

from tests.browser import drivers
from tests.browser.conftest import assert_no_python_error, open_dashboard, refuse_other_hosts
from tests.browser.pages import button_problems, text_problems
from zaarlab.intro.widgets import DiceSumExplorer
from zaarlab.lessons import LessonExercises
from zaarlab.zaar.table import ZaarTable
from zaarlab.zaar.widgets import AstrolabeBattle, MansionBuilder
from zaarlab.zargos.table import ZargosTable
from zaarlab.zargos.widgets import BattleCalculator
from zaarlab.zerzura.table import ZerzuraTable
from zaarlab.zerzura.widgets import CollectionBuilder
from zaarlab.zogars_gaze.table import ZogarTable
from zaarlab.zogars_gaze.widgets import HoldAdvisor

pytestmark = pytest.mark.browser

DASHBOARDS = {  # dashboard: (a text shown once it is drawn, its widget built headless alike, its driver)
    "dice_sums": ("P(sum of", lambda: DiceSumExplorer(dice=3), drivers.drive_dice_sums),
    "zaar_mansion_builder": ("in the mansion.", lambda: MansionBuilder(seed=1), drivers.drive_mansion_builder),
    "zaar_astrolabe": ("read the astrolabe to turn", AstrolabeBattle, drivers.drive_astrolabe),
    "zargos_battle": ("attacker takes the province", BattleCalculator, drivers.drive_battle_calculator),
    "zerzura_collection": ("total:", CollectionBuilder, drivers.drive_collection_builder),
    "zogar_hold_advisor": ("Best: keep", HoldAdvisor, drivers.drive_hold_advisor),
    "exercises": ("Type your name", LessonExercises, drivers.drive_lesson_exercises),
    "play_zogars_gaze": ("What happened", lambda: ZogarTable(seats=("person", "cautious"), pace=0),
                         drivers.drive_game_table),
    "play_zerzura": ("What happened", lambda: ZerzuraTable(seats=("person", "greedy"), pace=0),
                     drivers.drive_zerzura_table),
    "play_zargos": ("What happened", lambda: ZargosTable(seats=("person", "greedy"), pace=0),
                    drivers.drive_zargos_table),
    "play_zaar": ("What happened", lambda: ZaarTable(seats=("person", "greedy"), pace=0), drivers.drive_zaar_table),
}

CHARTS = {"dice_sums": 1, "zaar_mansion_builder": 2, "zaar_astrolabe": 1, "zargos_battle": 2, "zerzura_collection": 1,
          "zogar_hold_advisor": 1, "exercises": 0, "play_zogars_gaze": 0, "play_zerzura": 0,
          "play_zargos": 1, "play_zaar": 0}  # the charts a dashboard opens with


@pytest.mark.parametrize("dashboard", list(DASHBOARDS))
def test_every_control_of_the_dashboard(voila_classroom, page, dashboard):
    ready, twin, drive = DASHBOARDS[dashboard]
    foreign = refuse_other_hosts(page, voila_classroom)  # a classroom network may not reach the internet
    open_dashboard(page, voila_classroom, f"{dashboard}.ipynb", ready)
    drive(page, page, twin())
    assert_no_python_error(page)
    assert text_problems(page) == [], "a programmer's text where students read"
    assert button_problems(page) == [], "the buttons as the student left them (pressed, under the mouse, focused)"
    assert foreign == [], f"the dashboard asked other hosts: {foreign[:5]}"


def test_every_dashboard_is_driven():
    from zaarlab.classroom.launch import dashboards

    assert sorted(DASHBOARDS) == sorted(d.name for d in dashboards())


HOT_SEATS = {  # a table: its twin, a deal two persons play to its end in a few minutes, the bot whose moves they make
    "play_zogars_gaze": (lambda: ZogarTable(seats=("person", "cautious"), pace=0), drivers.HOT_SEAT_DEAL, "bold"),
    "play_zerzura": (lambda: ZerzuraTable(seats=("person", "greedy"), pace=0), 4, "planner"),
    "play_zargos": (lambda: ZargosTable(seats=("person", "greedy"), pace=0), 6,
                    "greedy"),  # 264 decisions: the shortest two-person game of deals 1 to 19
}


@pytest.mark.parametrize("dashboard", list(HOT_SEATS))
def test_two_persons_play_a_whole_game_at_one_screen_and_never_see_each_others_secrets(voila_classroom, page,
                                                                                        dashboard):
    """Hot seat at a table with secrets (Zaar has none): the device passed between the persons, and before each
    decision no line of one person's secrets (cards, storage, hand) on the page while the other holds it."""
    make, deal, bot = HOT_SEATS[dashboard]
    open_dashboard(page, voila_classroom, f"{dashboard}.ipynb", "What happened")
    twin = make()
    passes = drivers.drive_game_table(page, page, twin, seats=("person", "person"), deal=deal,
                                      choose=lambda state, rng: twin.bots[bot](state, rng),
                                      watch=drivers.secrets_kept(page, twin))
    assert passes >= 2
    assert_no_python_error(page)


def test_a_game_saved_as_a_file_is_loaded_again_where_it_stood(voila_classroom, page, tmp_path):
    open_dashboard(page, voila_classroom, "play_zerzura.ipynb", "What happened")
    drivers.save_and_load(page, tmp_path)
    assert_no_python_error(page)
