"""The mansion builder headless: refusals name the rule, placements and missions show, undo takes back."""

from zaarlab.core.hexgrid import Hex
from zaarlab.zaar.widgets import AstrolabeBattle, MansionBuilder


def test_the_builder_places_refuses_pays_and_undoes():
    builder = MansionBuilder(start="smoggy_chamber")
    builder.room.value, builder.rotation.value, builder.cell.value = "smoggy_room_3", 0, Hex(1, 0)
    builder.place()
    assert builder.text.startswith("Not allowed: the door of") and len(builder.mansion.rooms) == 1
    assert 'title="ZAAR-PLACE-01: ' in builder.status.value  # the rule in small print, its words on hover
    builder.rotation.value = 4
    assert Hex(1, 0) in builder.fitting and any(label.endswith(": fits") for label, _ in builder.cell.options)
    builder.cell.value = Hex(1, 0)
    builder.place()
    builder.room.value, builder.rotation.value, builder.cell.value = "smoggy_room_4", 2, Hex(1, -1)
    builder.player.value = 2
    builder.place()
    assert "Mission done: the smoggy triangle" in builder.text and "player 3 is paid" in builder.text
    assert 'title="ZAAR-MISSION-06: ' in builder.status.value
    ringed = [t for t in builder.figures[0].data if t.name == "highlighted"]
    assert ringed and len(ringed[0].x) == 3
    shown = builder.map.figure
    assert any(trace.get("name") == "smoggy" for trace in shown["data"])
    assert "a room that can be placed" in builder.odds.value
    builder.undo()
    assert len(builder.mansion.rooms) == 2 and builder.completed == [] and "Took back Smoggy room 4" in builder.text


def test_drawing_offers_a_room_of_the_pile():
    builder = MansionBuilder(seed=4)
    builder.draw()
    assert builder.room.value in builder.mansion.cards.rooms and builder.room.value not in builder.mansion.placed_ids


def test_the_astrolabe_bench_turns_reads_throws_and_commands():
    bench = AstrolabeBattle(seed=2)
    assert bench.result is None and len(bench.figures) == 1
    bench.letter.value, bench.category.value = "B", "humid"
    bench.read()
    first = (bench.plates.lower, bench.plates.top)
    bench.read()
    assert (bench.plates.lower, bench.plates.top) == ((first[0] + 4) % 12, (first[1] + 4) % 12)  # next appearance
    while bench.result.requirement is None:
        bench.read()
    bench.wisdom.value = 2
    for _ in range(5):
        bench.throw()
    assert 1 <= len(bench.throws) <= 2 and bench.outcome in ("win", "extra win", "lose")
    chart = bench.figures[1]
    assert [t.name for t in chart.data] == ["lose", "win", "extra win"] and len(chart.data[0].x) == 8
    totals = [sum(t.y[i] for t in chart.data) for i in range(8)]
    assert all(abs(s - 1) < 1e-12 for s in totals)


def test_the_astrolabe_battle_follows_the_throws_and_the_wisdom():
    """The odds are those of the throws left; wisdom cannot go below the throws made (lowered to 1 after two throws,
    the battle once never ended); another plaque or room clears the reading (it once stayed, silently)."""
    bench = AstrolabeBattle(seed=0)  # its first two throws miss
    bench.read()
    while bench.result.requirement is None:
        bench.read()
    bench.wisdom.value = 5
    for _ in range(2):
        bench.throw()
    assert bench.wisdom.min == len(bench.throws) == 2 and bench.outcome == ""
    assert bench.text.splitlines()[2].startswith("With 3 throws left: ")
    bench.wisdom.value = 1  # what a page could still send: the slider stops at the throws made
    assert bench.wisdom.value == 2 and bench.outcome == "lose" and bench.buttons["throw the raml"].disabled
    assert "no wisdom left" in bench.text and "The battle is over (lose)" in bench.why.value
    bench.letter.value = "C"
    assert bench.result is None and bench.throws == [] and bench.wisdom.min == 0
    assert bench.text.startswith("Plaque C in a bloody room: read the astrolabe") and "Read the astrolabe first" in \
        bench.why.value and bench.buttons["throw the raml"].disabled
