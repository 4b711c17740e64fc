"""Rulebook "Content" and the card data file: schema, validation, confirmed vs reconstructed values."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from cardtable.core import CardDataError
from cardtable.games.apocalypse.cards import CARD_FILE, catalog_from, load_catalog

CAT = load_catalog()


def test_the_card_file_loads_and_holds_54_cards() -> None:
    assert len(CAT.cards) == 54
    counts = {d.name: d.copies for d in CAT.designs}
    assert counts["human"] == counts["plant"] == counts["animal"] == 6
    assert counts["natural-energy"] == counts["underground-lake"] == 3
    assert counts["radioactive-waste"] == counts["malfunction"] == 2


def test_every_building_value_not_printed_is_marked_reconstructed() -> None:
    for design in CAT.designs:
        if design.deck in ("building", "natural-energy", "natural-water"):
            assert "needs" in design.reconstructed and "gives" in design.reconstructed, design.name
            assert not set(design.confirmed) & set(design.reconstructed) - {"text"}, design.name


def test_confirmed_fragments_match_the_data() -> None:
    assert CAT.design("animal").workforce == 1 and "workforce" in CAT.design("animal").confirmed
    assert (
        CAT.design("energy-generator").build_cost == 2
        and "build_cost" in CAT.design("food-processor").confirmed
    )


def test_cut_off_texts_are_marked() -> None:
    assert "text" in CAT.design("volcanic-eruption").reconstructed
    assert "text" in CAT.design("use-reserves").reconstructed


def _designs() -> list:
    return [msgspec.structs.replace(d) for d in CAT.designs]


def test_a_wrong_card_count_is_refused_with_the_deck_named() -> None:
    designs = _designs()
    designs[0].copies = 5
    with pytest.raises(CardDataError, match="building deck has 35 cards"):
        catalog_from(designs)


def test_an_unknown_ability_is_refused() -> None:
    designs = _designs()
    next(d for d in designs if d.name == "recycle").name = "teleport"
    with pytest.raises(CardDataError, match="teleport"):
        catalog_from(designs)


def test_a_mechanism_without_cost_is_refused() -> None:
    designs = _designs()
    next(d for d in designs if d.name == "water-system").build_cost = 0
    with pytest.raises(CardDataError, match="building cost"):
        catalog_from(designs)


def test_schema_errors_name_the_field(tmp_path: Path) -> None:
    bad = CARD_FILE.read_text().replace("needs = { food = 1, water = 1 }", "needs = { food = 1, air = 1 }", 1)
    path = tmp_path / "cards.toml"
    path.write_text(bad)
    with pytest.raises(CardDataError, match="needs"):
        load_catalog.__wrapped__(path)
