"""Places by their names: the map names every kingdom where its name fits between the units (on a phone too), a
province on hover, and a whole game's story, moves, odds and frames say "Iron Pass", never a data file's id."""

import itertools
import math
import re

from zaarlab.core.api import CHANCE
from zaarlab.core.match import Match
from zaarlab.ui.watching import Watch
from zaarlab.zargos.board import load_planet
from zaarlab.zargos.bots import BOTS
from zaarlab.zargos.figures import NAME_SIZE, NARROWEST, UNITS_SIZE, board_figure, label_box, name_places
from zaarlab.zargos.referee import ZargosReferee
from zaarlab.zargos.regions import RADIUS
from zaarlab.zargos.state import ZargosGame

AN_ID = re.compile(r"\b(?:(?:K\d\d|KORI|LUDOS)-\d|(?:ZS|ZC|ZSEA|SEA)\d|FC|K\d\d|LAKE)\b")


def test_every_place_has_a_name_of_its_own_and_the_ids_stay_for_the_data():
    planet = load_planet()
    places = (*planet.provinces, *planet.seas, *planet.kingdoms)
    assert len(set(map(planet.names.get, places))) == len(places)
    assert not any(AN_ID.search(planet.names[place]) for place in places)
    assert planet.names["FC"] == "Forbidden City" and planet.names["KORI"] == "Kori"


def test_the_kingdoms_names_fit_between_the_units_on_a_phone_and_inside_the_planet():
    planet = load_planet()
    graph, places = planet.graph, name_places(planet)
    assert set(places) == set(planet.kingdoms)
    for width in (NARROWEST, 600):  # the phone's map, and the desktop's (the map is 640 px high)
        scale = width / (2 * (RADIUS + 0.3))
        names = [label_box(places[k], planet.names[k], NAME_SIZE, scale) for k in planet.kingdoms]
        units = [label_box(graph.nodes[p]["pos"], "★88" if planet.is_capital(p) else "88", UNITS_SIZE, scale)
                 for p in planet.provinces]  # the most a province shows: a star, two digits
        for (i, a), (j, b) in itertools.combinations(enumerate(names + units), 2):
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart or (i >= len(names) and j >= len(names)), (width, a, b)  # units may touch units
        for box in names:
            assert all(math.hypot(x, y) <= RADIUS for x in box[::2] for y in box[1::2]), box


def test_the_board_shows_names_and_units_and_keeps_the_ids_to_small_print_on_hover():
    state = ZargosGame(players=2).initial_state()
    figure = ZargosReferee().board_figure(state)
    shown = [text for trace in figure.data if trace.mode == "text" for text in trace.text]
    assert sorted(shown) == sorted(f"<b>{name}</b>" for name in (*map(state.game.planet.names.get,
                                                                      state.game.planet.kingdoms),
                                                                  *["★"] * 11))
    hovers = [text for trace in figure.data for text in (trace.hovertext or ()) if text]
    assert hovers and all(not AN_ID.search(re.sub(r"<sub>.*?</sub>", "", text)) for text in hovers)
    assert all(title is None or not AN_ID.search(title) for title in (figure.layout.title.text,))
    assert not any(AN_ID.search(trace.name or "") for trace in board_figure(state).data)


def test_a_whole_game_tells_its_places_by_name():
    referee = ZargosReferee()
    match = Match(ZargosGame(players=3, turn_limit=6), ["greedy"] * 3, seed=4, bots=BOTS, hooks=referee)
    said = []
    while not match.state.is_terminal():
        state = match.state
        if state.current_player() != CHANCE:
            said += [referee.move_words(state, action) for action in state.legal_actions()[:40]]
        said.append(referee.decision_odds(state))
        assert match.step_others()
    state = match.state
    said += [state.story.sentence(told, referee.names(state)) for told in state.log]
    said += [frame.words for frame in Watch.of(match, 0, most=50, who=lambda seat: f"player {seat + 1}").frames]
    assert len(said) > 500 and any("Forbidden City" in s or "Gate" in s or "Strand" in s for s in said)
    assert [s for s in said if AN_ID.search(s)] == []
