"""The card file is validated on load: every fault names the card and the field."""

import tomllib
from pathlib import Path

import pytest

from cardtable.core import CardDataError
from cardtable.games.biosphere5.cards import CARD_FILE, load_cards


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return path


def _edited(tmp_path: Path, old: str, new: str) -> Path:
    text = CARD_FILE.read_text()
    assert old in text
    return _write(tmp_path, text.replace(old, new, 1))


def test_the_shipped_file_is_valid_and_complete():
    cards = load_cards()
    assert len(cards.basic_deck) == 25
    assert len(cards.abyss_deck) == 28
    kinds = [cards.cards[c].lower.kind for c in cards.basic_deck]
    assert kinds.count("new-hope") == 2 and kinds.count("attack") == 1
    uppers = [cards.cards[c].upper for c in cards.basic_deck]
    assert sum(u.quality == "perfect" for u in uppers) == 6
    assert sum(u.quality == "makeshift" for u in uppers) == 6
    assert sum(u.kind == "rescue" for u in uppers) == 12


def test_every_card_says_whether_it_is_confirmed_or_reconstructed():
    raw = tomllib.loads(CARD_FILE.read_text())
    for card in raw["cards"]:
        assert card["source"].startswith(("confirmed:", "reconstructed:")), card["key"]


def test_unknown_field_is_rejected(tmp_path):
    path = _edited(tmp_path, 'key = "shack"', 'key = "shack"\ncolour = "red"')
    with pytest.raises(CardDataError, match="colour"):
        load_cards(path)


def test_wrong_type_names_the_field(tmp_path):
    path = _edited(tmp_path, 'name = "Shack"\nred = 1', 'name = "Shack"\nred = "many"')
    with pytest.raises(CardDataError, match=r"cards\[\d+\]\.red"):
        load_cards(path)


def test_unknown_option_kind(tmp_path):
    path = _edited(
        tmp_path, 'lower = { kind = "new-hope", level = 1 }', 'lower = { kind = "hope", level = 1 }'
    )
    with pytest.raises(CardDataError, match="kind"):
        load_cards(path)


def test_achievement_level_must_match_its_category(tmp_path):
    path = _edited(
        tmp_path,
        'upper = { kind = "achievement", level = 1, category = "water", quality = "perfect" }',
        'upper = { kind = "achievement", level = 2, category = "water", quality = "perfect" }',
    )
    with pytest.raises(CardDataError, match=r"deep-well\.upper"):
        load_cards(path)


def test_the_deck_must_have_25_cards(tmp_path):
    path = _edited(tmp_path, 'key = "tent"\nname = "Tent"', 'key = "tent"\ncount = 2\nname = "Tent"')
    with pytest.raises(CardDataError, match="25 cards"):
        load_cards(path)


def test_not_toml_at_all(tmp_path):
    with pytest.raises(CardDataError, match="not valid TOML"):
        load_cards(_write(tmp_path, "[[cards]\nkey = "))


def test_missing_file(tmp_path):
    with pytest.raises(CardDataError, match="not found"):
        load_cards(tmp_path / "nope.toml")
