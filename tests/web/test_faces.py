"""Card faces: every card a view shows has a face; faces are static public card data."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import tests.toygame  # noqa: F401  (registers "toy")
from cardtable.core import Rng, make_game

GAMES = [
    ("biosphere5", {}),
    ("biosphere5", {"abyss": True, "players": 3}),
    ("biosphere5", {"solo": "machine"}),
    ("apocalypse", {}),
    ("dino-battles", {}),
    ("dino-battles", {"players": 4}),
]


def card_ids(game_name: str, view: Any) -> set[str]:
    """The card ids a view shows, found by where each game puts cards."""
    found: set[str] = set()

    def walk(value: Any, key: str) -> None:
        if isinstance(value, dict):
            if game_name == "apocalypse" and isinstance(value.get("id"), int) and "name" in value:
                found.add(value["name"])
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, str) and key in CARD_LISTS[game_name]:
                    found.add(item)
                else:
                    walk(item, key)

    walk(view, "")
    return found


CARD_LISTS = {
    "biosphere5": {"hand", "faceup", "discard", "achievements", "revealed", "unveiled"},
    "apocalypse": set(),
    "dino-battles": {
        "row",
        "dino_deck",
        "purgatory",
        "hand",
        "discard",
        "deck_contents",
        "unseen",
        "attached",
    },
}


def test_the_default_game_has_no_faces() -> None:
    assert make_game("toy").card_faces() == {}


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_card_a_view_shows_has_a_named_face(name: str, options: dict[str, Any]) -> None:
    game = make_game(name, options)
    faces = game.card_faces()
    assert faces and all(isinstance(face["name"], str) and face["name"] for face in faces.values())
    json.dumps(faces)  # plain data for the browser
    seen: set[str] = set()
    for seed in range(3):
        state, rng = game.new_state(seed), Rng(seed)
        for _ in range(150):
            for seat in [None, *range(game.num_seats)]:
                seen |= card_ids(name, game.view(state, seat))
            if game.decision(state) is None:
                break
            game.apply(state, rng.choice(game.legal_actions(state)), validate=False)
    assert seen, "the walk found no cards: the test would prove nothing"
    assert seen <= set(faces), sorted(seen - set(faces))


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_faces_are_static_card_data_not_state(name: str, options: dict[str, Any]) -> None:
    """The same faces before and after play, for every seed: they cannot carry hidden information."""
    game = make_game(name, options)
    before = json.dumps(game.card_faces(), sort_keys=True)
    state, rng = game.new_state(7), Rng(7)
    for _ in range(40):
        if game.decision(state) is None:
            break
        game.apply(state, rng.choice(game.legal_actions(state)), validate=False)
    assert json.dumps(game.card_faces(), sort_keys=True) == before
    assert json.dumps(make_game(name, options).card_faces(), sort_keys=True) == before


def test_biosphere5_faces_show_level_area_and_both_options() -> None:
    face = make_game("biosphere5").card_faces()["catch-basin"]
    assert face["name"] == "Catch Basin"
    assert (face["category"], face["level"]) == ("water", "I")
    assert face["options"] == ["upper: makeshift water (I)", "lower: catastrophe Hurricane (I)"]
    assert face["origin"] == "partly reconstructed"


def test_biosphere5_faces_include_the_abyss_cards() -> None:
    face = make_game("biosphere5").card_faces()["better-leadership"]
    assert face["expansion"] == "The Abyss"


def test_apocalypse_faces_show_kind_cost_needs_and_what_is_reconstructed() -> None:
    faces = make_game("apocalypse").card_faces()
    assert faces["energy-generator"]["category"] == "mechanism"
    assert faces["energy-generator"]["cost"].startswith("build cost ")
    assert faces["human"]["stats"]["needs"] == "1 food, 1 water"
    assert faces["human"]["origin"].startswith("reconstructed: ")


def test_dino_faces_show_stats_and_attacks_of_every_copy() -> None:
    faces = make_game("dino-battles").card_faces()
    dino = faces["tyrannomech-3"]
    assert dino["name"] == "Tyranno-Mech"
    assert dino["stats"]["HP"] == 50 and dino["stats"]["ATK"] == 6
    assert dino["options"][0] == "Servo Bite (1 ATK): 15 damage"
    assert faces["targeting-laser"]["text"] == "ATK +3 this turn"
    assert faces["wound"]["category"] == "status"


@pytest.mark.parametrize("level", [1, 2, 3])
def test_race_for_the_galaxy_goals_in_play_have_faces_with_kind_vp_and_condition(level: int) -> None:
    """The goal tiles a view names (`goals`, `goals_available`, each player's `goals`) have faces."""
    game = make_game("race-for-the-galaxy", {"expansion": level, "players": 3})
    faces = game.card_faces()
    state, rng = game.new_state(level), Rng(level)
    for _ in range(200):
        view = game.view(state, None)
        named = {*view["goals"], *view["goals_available"], *(g for p in view["players"] for g in p["goals"])}
        for key in named:
            face = faces[key]
            assert face["category"] in ("first goal", "most goal") and len(face["text"]) > 10, face
            assert face["stats"]["VP"] == (3 if face["goal"] == "first" else 5)
        if game.decision(state) is None:
            break
        game.apply(state, rng.choice(game.legal_actions(state)), validate=False)
    assert len(view["goals"]) == 6


def test_race_for_the_galaxy_has_no_goal_faces_without_goals() -> None:
    base = make_game("race-for-the-galaxy").card_faces()
    off = make_game("race-for-the-galaxy", {"expansion": 1, "goals": False}).card_faces()
    assert not any("goal" in face for face in [*base.values(), *off.values()])


# --- the fields the table's modules read instead of parsing a face's words (issue 27) ---------------
def test_biosphere5_faces_give_each_option_and_the_achievements_quality() -> None:
    faces = make_game("biosphere5").card_faces()
    face = faces["catch-basin"]
    assert (face["upper"], face["lower"], face["quality"]) == (
        "makeshift water (I)",
        "catastrophe Hurricane (I)",
        "makeshift",
    )
    assert all(f["options"] == [f"upper: {f['upper']}", f"lower: {f['lower']}"] for f in faces.values())
    assert {f["quality"] for f in faces.values()} == {"perfect", "makeshift", ""}


def test_dino_faces_give_a_cost_as_the_combat_cards_to_discard() -> None:
    faces = make_game("dino-battles").card_faces()
    assert (faces["rapid-deployment"]["cost"], faces["rapid-deployment"]["costs"]) == (
        "1 ATK + 1 EVA",
        {"attack": 1, "evade": 1},
    )
    assert faces["tyrannomech-3"]["costs"] == {"attack": 2}
    short = {"attack": "ATK", "evade": "EVA", "defend": "DEF"}
    for face in faces.values():
        if "costs" in face:
            words = " + ".join(f"{n} {short[kind]}" for kind, n in face["costs"].items()) or "free"
            assert face["cost"] == words


def test_race_for_the_galaxy_faces_give_each_power_without_its_phase_mark() -> None:
    faces = make_game("race-for-the-galaxy").card_faces()
    assert faces["old-earth"]["powers"] == [
        "trade: +1 card for a good",
        "consume any good: 1 VP, up to 2 times",
    ]
    for face in faces.values():
        powers = face.get("powers", [])
        for option, power in zip(face["options"][: len(powers)], powers, strict=True):
            phase, said = option.split(": ", 1)
            assert re.fullmatch(r"[IV]+", phase) and said == power


def test_51st_state_faction_faces_give_each_action_by_its_contact() -> None:
    face = make_game("51st-state").card_faces()["new-york"]
    assert face["actions"] == {
        "grey": {"cost": "1 iron", "gain": "1 grey contact"},
        "red": {"cost": "1 gun", "gain": "2 red contacts"},
        "blue": {"cost": "2 fuel", "gain": "2 blue contacts"},
    }


def test_race_for_the_galaxy_faces_say_what_a_card_is_without_its_start_world() -> None:
    """A tile shows the card's sort ('Novelty world'), marked as a start world by a field, and is drawn
    as a world or a military world by fields: the table reads none of them from the category's words."""
    faces = make_game("race-for-the-galaxy").card_faces()
    old_earth = faces["old-earth"]
    assert (old_earth["category"], old_earth["sort"]) == ("world (start world 0, blue)", "world")
    assert old_earth["start"] == {"number": 0, "colour": "blue"} and old_earth["world"]
    for face in faces.values():
        if "sort" not in face:
            continue  # a goal tile or a Search category
        assert face["category"].startswith(face["sort"])
        assert ("start" in face) == ("(start world" in face["category"])
        assert face["world"] == ("world" in face["sort"])
        assert face["military"] == face["cost"].startswith("defence")


def test_dino_combat_and_status_faces_are_plain() -> None:
    """A Combat Card or Status Effect says nothing beyond its name and kind: `plain` says so."""
    faces = make_game("dino-battles").card_faces()
    plain = {key for key, face in faces.items() if face.get("plain")}
    assert plain == {key for key, face in faces.items() if face["category"] in ("combat", "status")}
    assert {"attack", "evade", "defend", "wound"} <= plain


def test_apocalypse_faces_give_needs_and_gives_as_counts() -> None:
    faces = make_game("apocalypse").card_faces()
    for face in faces.values():
        for part in ("needs", "gives"):
            counts = face["counts"].get(part, {})
            words = ", ".join(f"{n} {what}" for what, n in counts.items())
            assert words == face["stats"].get(part, "")
    assert any(len(face["counts"].get("needs", {})) > 1 for face in faces.values())


def test_no_game_module_reads_a_card_from_its_words() -> None:
    """The table's modules read the faces' fields, never their words: no category suffix stripped, no
    'Combat Card' line filtered out, no '1 food, 1 water' split (issue 27)."""
    static = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "static"
    words = re.compile(
        r"start world\)|Combat Card\||Status Effect\)|category \?\? \"\"\)\.(includes|replace)"
        r"|cost \?\? \"\"\)\.startsWith|split\(\",\"\)"
    )
    found = {
        path.name: words.findall(path.read_text(encoding="utf-8"))
        for path in [*static.glob("games/*.js"), *static.glob("js/*.js")]
    }
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_race_for_the_galaxy_trade_bonus_names_the_kind_of_good() -> None:
    """'trade: +1 card for a Rare good' (it read 'for a good of Rare')."""
    powers = {
        p for face in make_game("race-for-the-galaxy").card_faces().values() for p in face.get("powers", [])
    }
    assert "trade: +1 card for a Rare good" in powers
    assert not [p for p in powers if " good of " in p]
