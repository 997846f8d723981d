"""Peoples and magic cards: the printed names and counts, and the labelled reconstructions."""

import shutil

import pytest

from zaarlab.core.data import DataError, bundled_dir
from zaarlab.zargos.cards import magic_cards, magic_deck, peoples


@pytest.mark.rule("ZARGOS-MAGIC-03", "ZARGOS-MAGIC-04", "ZARGOS-MAGIC-05", "ZARGOS-COMP-04")
def test_the_magic_deck_ex_s17():
    deck = magic_deck()
    cards = {card.id: card for card in magic_cards()}
    assert len(deck) == 40
    assert sum(cards[c].colour == "red" for c in deck) == sum(cards[c].colour == "green" for c in deck) == 20
    red = ("wind_of_madness", "wind_of_ice", "wind_of_storm", "wind_of_death")
    green = ("wind_of_war", "wind_of_land", "wind_of_mist", "wind_of_elsewhere")
    assert [deck.count(c) for c in red] == [4, 4, 4, 2] and [deck.count(c) for c in green] == [12, 4, 2, 2]
    assert all(deck.count(c) == 1 for c in ("typhoon", "eclipse", "heatwave", "floods", "tidal_wave", "earthquake"))


@pytest.mark.rule("ZARGOS-MAGIC-06")
def test_card_families_and_what_is_reconstructed():
    cards = {card.id: card for card in magic_cards()}
    assert {cards[c].effect_kind for c in ("wind_of_madness", "wind_of_death")} == {"lose_pawns"}
    assert {cards[c].effect_kind for c in ("wind_of_ice", "wind_of_storm")} == {"block_movement"}
    assert cards["wind_of_war"].effect_kind == "combat" and cards["wind_of_mist"].effect_kind == "reorganisation"
    assert not cards["wind_of_madness"].reconstructed  # printed in the FAQ (ZARGOS-MAGIC-14)
    assert all(card.reconstructed for card in cards.values() if card.id != "wind_of_madness")


@pytest.mark.rule("ZARGOS-PRES-01", "ZARGOS-POWERS-01")
def test_the_six_peoples_and_their_power_kinds():
    kinds = {p.name: p.power_kind for p in peoples()}
    assert kinds == {"Knights": "attack", "Winged": "movement", "Spiders": "movement", "Dragons": "movement",
                     "Amazons": "combat", "Monks": "combat"}
    assert all(p.reconstructed for p in peoples())
    suspensions = sorted(p.suspended_by for p in peoples())
    assert suspensions == sorted(["typhoon", "eclipse", "heatwave", "floods", "tidal_wave", "earthquake"])


@pytest.mark.parametrize(("name", "old", "new", "problem"), [
    ("magic.yaml", "    count: 12\n", "    count: 11\n", "the green cards must be"),
    ("magic.yaml", "    colour: green\n    count: 2\n", "    colour: blue\n    count: 2\n", "expected one of"),
    ("peoples.yaml", "power_kind: attack", "power_kind: combat", "the Knights power is of kind attack"),
    ("peoples.yaml", "suspended_by: floods", "suspended_by: wind_of_war", "is not a red card"),
])
def test_user_card_files_are_checked(tmp_path, name, old, new, problem):
    (tmp_path / "zargos").mkdir()
    text = (bundled_dir() / "zargos" / name).read_text()
    assert old in text
    (tmp_path / "zargos" / name).write_text(text.replace(old, new, 1))
    with pytest.raises(DataError, match=problem):
        magic_cards(tmp_path) if name == "magic.yaml" else peoples(tmp_path)
    shutil.rmtree(tmp_path / "zargos")
