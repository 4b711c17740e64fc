"""Rulebook "Card Types": cards are data, validated on load; bad data gets a clear CardDataError."""

import tomllib

import pytest

from cardtable.core import CardDataError
from cardtable.games.dino_battles.cards import CARD_FILE, parse_catalog

from .conftest import FIXTURE


def _fixture() -> dict:
    return tomllib.loads(FIXTURE.read_text(encoding="utf-8"))


def test_card_types_starter_set_validates() -> None:
    catalog = parse_catalog(tomllib.loads(CARD_FILE.read_text(encoding="utf-8")))
    for dino in catalog.dinosaurs.values():
        assert dino.hp % 5 == 0 and all(a.damage % 5 == 0 for a in dino.attacks)
        assert 1 <= len(dino.attacks) <= 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["dinosaur"][0].update(hp=42), "multiple of 5"),
        (lambda d: d["dinosaur"][0]["attacks"][0].update(damage=7), "multiple of 5"),
        (lambda d: d["dinosaur"][0].update(attacks=d["dinosaur"][0]["attacks"] * 2), "length"),
        (lambda d: d["dinosaur"][0].update(abilities=["invisible"]), "invisible"),
        (lambda d: d["strategy"][0]["effects"].update(teleport=1), "teleport"),
        (lambda d: d["strategy"][0]["cost"].update(attack=-1), ">= 0"),
        (lambda d: d["setup"]["supply"].append("nowhere"), "nowhere"),
        (lambda d: d["setup"]["dinosaurs"].append("scheme"), "scheme"),
        (lambda d: d["item"][0].update(key="rex"), "used twice"),
        (lambda d: d["dinosaur"][4]["power"]["effects"].update(draw=1), "static power"),
    ],
)
def test_card_types_bad_card_data_is_refused_with_the_field_named(change, message: str) -> None:
    data = _fixture()
    change(data)
    with pytest.raises(CardDataError, match=message):
        parse_catalog(data, "fixture")


def test_card_types_missing_file_is_a_card_data_error(tmp_path) -> None:
    from cardtable.games.dino_battles.cards import load_catalog

    with pytest.raises(CardDataError, match="not found"):
        load_catalog(tmp_path / "none.toml")
