"""Every teaching notebook in JupyterLab, in a real browser, as a reader uses it. Before the cells run, each
widget offered to the reader says in a line what it is and that its cell must run. After *Run All Cells*, every
output is drawn without an error; every figure fits its cell on a 1400 px screen and on a 768 px tablet; and each
widget offered to the reader ("yours to try", and the seat you take in the play notebooks) shows a fresh start,
not where the code below it left its own copy, and answers every control with the right exact value (the drivers
of :mod:`tests.browser.drivers`, the same as for the dashboards). The map tables (Zaar, Zargos) play their game's
opening here, every control operated, and their whole game on the dashboards and the offline site: the same kernel
code, and minutes of CI each."""

import functools
import os
from pathlib import Path

import pytest

from tests.browser import drivers
from tests.browser.conftest import assert_no_python_error, lab_output, open_in_lab, run_all_in_lab
from zaarlab.intro.widgets import DiceSumExplorer
from zaarlab.lessons import DICE_EXERCISES, ExerciseSheet
from zaarlab.zaar.exercises import RAML_EXERCISES
from zaarlab.zaar.mansion_exercises import MANSION_EXERCISES
from zaarlab.zaar.state import ZaarGame
from zaarlab.zaar.table import ZaarTable
from zaarlab.zaar.widgets import AstrolabeBattle, MansionBuilder
from zaarlab.zaar.widgets import GameViewer as ZaarViewer
from zaarlab.zargos.exercises import COMBAT_EXERCISES as ZARGOS_EXERCISES
from zaarlab.zargos.map_exercises import MAP_EXERCISES
from zaarlab.zargos.state import ZargosGame
from zaarlab.zargos.table import ZargosTable
from zaarlab.zargos.widgets import BattleCalculator, ProvinceExplorer
from zaarlab.zargos.widgets import GameViewer as ZargosViewer
from zaarlab.zerzura.exercises import SCORING_EXERCISES
from zaarlab.zerzura.play_exercises import PLAY_EXERCISES
from zaarlab.zerzura.state import ZerzuraGame
from zaarlab.zerzura.table import ZerzuraTable
from zaarlab.zerzura.widgets import CollectionBuilder
from zaarlab.zerzura.widgets import GameViewer as ZerzuraViewer
from zaarlab.zerzura.widgets import tournament_runner as zerzura_runner
from zaarlab.zogars_gaze.deck_exercises import DECK_EXERCISES
from zaarlab.zogars_gaze.exercises import COMBAT_EXERCISES
from zaarlab.zogars_gaze.table import ZogarTable
from zaarlab.zogars_gaze.widgets import DeckExplorer, HoldAdvisor
from zaarlab.zogars_gaze.widgets import tournament_runner as zogar_runner

pytestmark = pytest.mark.browser

TRY = "yours to try"
OPENING = 30  # decisions of a map table's game played here: its whole game is played on the dashboard and the site


# notebook: the widgets it offers the reader, each as (how its cell is found, its twin built alike, its driver)
NOTEBOOKS = {
    "00_start_here": [(TRY, lambda: DiceSumExplorer(dice=3), drivers.drive_dice_sums),
                      ("ExerciseSheet(", lambda: ExerciseSheet(DICE_EXERCISES), drivers.drive_exercise_sheet)],
    "zaar/01_the_mansion": [(TRY, lambda: MansionBuilder(seed=1), drivers.drive_mansion_builder),
                            ("ExerciseSheet(MANSION_EXERCISES)", lambda: ExerciseSheet(MANSION_EXERCISES),
                             drivers.drive_exercise_sheet)],
    "zaar/02_raml_and_astrolabe": [(TRY, lambda: AstrolabeBattle(seed=5), drivers.drive_astrolabe),
                                   ("ExerciseSheet(RAML_EXERCISES)", lambda: ExerciseSheet(RAML_EXERCISES),
                                    drivers.drive_exercise_sheet)],
    "zaar/03_play_zaar": [
        ('ZaarTable(seats=("person", "greedy"))', lambda: ZaarTable(seats=("person", "greedy"), pace=0),
         functools.partial(drivers.drive_zaar_table, until=OPENING)),
        (TRY, lambda: ZaarViewer(ZaarGame(players=3), seed=4), drivers.drive_game_viewer)],
    "zargos/01_the_planet": [(TRY, ProvinceExplorer, drivers.drive_province_explorer),
                             ("ExerciseSheet(MAP_EXERCISES)", lambda: ExerciseSheet(MAP_EXERCISES),
                              drivers.drive_exercise_sheet)],
    "zargos/02_combat_odds": [(TRY, BattleCalculator, drivers.drive_battle_calculator),
                              ("ExerciseSheet(COMBAT_EXERCISES)", lambda: ExerciseSheet(ZARGOS_EXERCISES),
                               drivers.drive_exercise_sheet)],
    "zargos/03_play_zargos": [
        (TRY, lambda: ZargosViewer(ZargosGame(players=4), seed=2), drivers.drive_game_viewer),
        ('ZargosTable(seats=("person", "greedy"))', lambda: ZargosTable(seats=("person", "greedy"), pace=0),
         functools.partial(drivers.drive_zargos_table, until=OPENING))],
    "zerzura/01_scoring": [(TRY, CollectionBuilder, drivers.drive_collection_builder),
                           ("ExerciseSheet(SCORING_EXERCISES)", lambda: ExerciseSheet(SCORING_EXERCISES),
                            drivers.drive_exercise_sheet)],
    "zerzura/02_play_zerzura": [
        (TRY, lambda: ZerzuraViewer(ZerzuraGame(players=3), seed=5), drivers.drive_game_viewer),
        ("tournament_runner(", lambda: zerzura_runner(seats=("planner", "greedy"), games=20),
         drivers.drive_tournament_runner),
        ('ZerzuraTable(seats=("person", "greedy", "planner"))',
         lambda: ZerzuraTable(seats=("person", "greedy"), pace=0), drivers.drive_zerzura_table),
        ("ExerciseSheet(PLAY_EXERCISES)", lambda: ExerciseSheet(PLAY_EXERCISES), drivers.drive_exercise_sheet)],
    "zogars_gaze/01_combat_dice": [
        (TRY, lambda: HoldAdvisor("3x5", dice=(2, 3, 4, 6, 6), rolls_left=1), drivers.drive_hold_advisor),
        ("ExerciseSheet(COMBAT_EXERCISES)", lambda: ExerciseSheet(COMBAT_EXERCISES), drivers.drive_exercise_sheet)],
    "zogars_gaze/02_press_your_luck": [
        (TRY, lambda: DeckExplorer(seed=7), drivers.drive_deck_explorer),
        ("runner = tournament_runner(", lambda: zogar_runner(seats=("bold", "random", "cautious"), games=10),
         drivers.drive_tournament_runner),
        ("ExerciseSheet(DECK_EXERCISES)", lambda: ExerciseSheet(DECK_EXERCISES), drivers.drive_exercise_sheet)],
    "zogars_gaze/04_your_own_bot": [],  # no widget: the student edits a function (the test below)
    "zogars_gaze/03_play_zogars_gaze": [
        ('ZogarTable(seats=("person", "cautious", "bold"))', lambda: ZogarTable(seats=("person", "cautious"), pace=0),
         drivers.drive_game_table)],
}


SCREENS = ((1400, 900), (768, 1024))  # a classroom's laptop or projector, a tablet
CUT_FIGURES = """() => [...document.querySelectorAll('.jp-Notebook .jp-Cell .js-plotly-plot')]
    .map(plot => [plot, plot.closest('.jp-Cell').getBoundingClientRect().right])
    .filter(([plot, edge]) => plot.getBoundingClientRect().right > edge + 1)
    .map(([plot, edge]) => (plot.querySelector('.gtitle')?.textContent || 'untitled') + ': ' +
         Math.round(plot.getBoundingClientRect().right - edge) + ' px')"""  # each figure running off its cell


def figures_fit(page, name: str, folder: Path) -> None:
    """Every figure of the notebook (boards, charts) fits its cell at each screen size, none runs off its right
    edge; a screenshot of each is saved in ``folder`` (``ZAARLAB_SHOTS`` to keep them, else the test's own)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    outputs = page.locator(".jp-Notebook .jp-Cell-outputArea", has=page.locator(".js-plotly-plot"))
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")  # the file browser closed, as on a tablet
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        try:  # plotly redraws responsive figures to the new width, a moment after the resize
            page.wait_for_function(f"() => ({CUT_FIGURES})().length === 0", timeout=10_000)
        except PlaywrightTimeout:
            pass  # the assertion below names the figures
        cut = page.evaluate(CUT_FIGURES)
        assert cut == [], f"{name} at {width} px: figures run off their cell: {cut}"
        folder.mkdir(parents=True, exist_ok=True)
        for i in range(outputs.count()):  # what the reader sees with the figure's cell at the top of the screen
            outputs.nth(i).evaluate("output => output.scrollIntoView({block: 'start'})")
            page.screenshot(path=str(folder / f"{name}-{i + 1}-{width}x{height}.png"))
    page.set_viewport_size({"width": SCREENS[0][0], "height": SCREENS[0][1]})


@pytest.mark.parametrize("notebook", list(NOTEBOOKS))
def test_the_notebook_after_run_all(jupyter_lab, browser, notebook, tmp_path):
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        open_in_lab(page, jupyter_lab, f"{notebook}.ipynb")
        for cell, twin, _ in NOTEBOOKS[notebook]:  # before the cells run: a line saying so, not VBox(children=...
            expect(lab_output(page, cell)).to_contain_text(f"{twin().title}: run this cell to use it")
        run_all_in_lab(page, f"{notebook}.ipynb")
        expect(page.get_by_text("Error displaying widget")).to_have_count(0)
        figures_fit(page, notebook.replace("/", "-"), Path(os.environ.get("ZAARLAB_SHOTS", tmp_path)))
        for cell, twin, drive in NOTEBOOKS[notebook]:
            root = lab_output(page, cell)
            root.scroll_into_view_if_needed()
            drive(page, root, twin())
        assert_no_python_error(page)
    finally:
        page.close()


def test_every_teaching_notebook_is_driven():
    notebooks = Path(__file__).parents[2] / "notebooks"
    teaching = {str(p.relative_to(notebooks).with_suffix("")) for p in notebooks.rglob("*.ipynb")
                if "classroom" not in p.parts and ".ipynb_checkpoints" not in p.parts}
    assert teaching == set(NOTEBOOKS)


def test_a_student_rewrites_their_bot_and_the_leaderboard_follows(jupyter_lab, browser):
    """In the bot lesson a student types a new ``my_flip`` in its cell and runs it and the cells below: the
    leaderboard printed is the one zaarlab gives here for that function, in the same deals."""
    from playwright.sync_api import expect

    from zaarlab.zogars_gaze.bots import YourBot, leaderboard

    mine = next(s for s in leaderboard({"mine": YourBot(flip=lambda delve: delve.found < 1)}, games=120, seed=1)
                if s.name == "mine")
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        open_in_lab(page, jupyter_lab, "zogars_gaze/04_your_own_bot.ipynb")
        run_all_in_lab(page, "zogars_gaze/04_your_own_bot.ipynb")
        cell = page.locator(".jp-Notebook .jp-CodeCell", has_text="def my_flip")
        cell.locator(".cm-content").click()
        page.keyboard.press("Control+A")
        page.keyboard.insert_text("def my_flip(delve):\n    return delve.found < 1\n\n\nmine = YourBot(flip=my_flip)")
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run Selected Cell and All Below").first.click()
        expect(lab_output(page, "standings = leaderboard(")).to_contain_text(
            f"mine      won {mine.wins:>3} of 120", timeout=120_000)
        assert_no_python_error(page)
    finally:
        page.close()
