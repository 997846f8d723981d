"""The map tables' maps: sent as plain data, built fast at every click, and what plotly's own checks would send."""

import json
import random

import plotly.graph_objects as go
import pytest

from tests.tables import send
from zaarlab.zaar.table import ZaarTable
from zaarlab.zargos.table import ZargosTable


@pytest.mark.parametrize(("make", "drawn"), [
    (lambda: ZargosTable(seats=("person", "greedy"), seed=2, pace=0, turn_limit=3),
     {"chosen", "highlighted", "changed since your move", "provinces"}),
    (lambda: ZaarTable(seats=("person", "greedy"), seed=4, pace=0, turn_limit=12),
     {"the room fits here", "free cell", "rooms you can click", "changed since your move", "plaques"})])
def test_the_map_sent_as_plain_data_is_what_plotlys_own_checks_would_send(make, drawn):
    """A table builds its map as plain data (building a plotly figure at every click was most of a click's time):
    through every map of a short game, before each click, plotly's own figure of that data sends the same JSON, so
    no property is misspelt or of the wrong kind; every kind of mark the map has is met, drawn (not only named in
    the legend's key)."""
    table = make()
    rng, seen = random.Random(2), set()
    while not table.state.is_terminal():
        for key in table.clicks_for(table.bots["greedy"](table.state, rng)):
            if table.map.figure:  # Zaar's mansion is drawn once its first room is laid
                plain = {part: table.map.figure[part] for part in ("data", "layout")}
                assert json.loads(go.Figure(plain).to_json()) == json.loads(json.dumps(plain))
                seen |= {mark["name"] for mark in (*plain["data"], *plain["layout"].get("shapes", ()))
                         if mark.get("path") or any(x is not None for x in mark.get("x", ()))}  # drawn, not a key
            send(table, key)
    assert drawn <= seen
