"""The `heuristic` kind: each game's own rules of thumb, legal-only, and better than chance."""

from __future__ import annotations

import pytest

from cardtable.core import Rng, make_game
from cardtable.core.runner import play_match
from cardtable.games.biosphere5.heuristic import HeuristicPlayer as BiosphereHeuristic
from cardtable.games.biosphere5.heuristic import keep_value
from cardtable.games.dino_battles.heuristic import HeuristicPlayer as DinoHeuristic
from cardtable.players import make_player
from cardtable.players.heuristic import game_evaluator, game_heuristic
from cardtable.sim import simulate

BIOSPHERE_MODES = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "abyss": True},
    {"players": 3, "abyss": True},
    {"solo": "machine"},
]


@pytest.mark.parametrize("options", BIOSPHERE_MODES, ids=lambda o: " ".join(f"{k}={v}" for k, v in o.items()))
def test_biosphere5_heuristic_plays_only_legal_actions(options: dict[str, object]) -> None:
    game = make_game("biosphere5", options)
    for seed in (1, 2):
        players = [make_player("heuristic", seed * 10 + s) for s in range(game.num_seats)]
        match = play_match(game, players, seed, validate=True)  # an illegal action would raise
        assert match.result is not None
        game.check_invariants(match.state)


def test_each_game_dispatches_to_its_own_heuristic() -> None:
    assert isinstance(game_heuristic(make_game("biosphere5"), Rng(1)), BiosphereHeuristic)
    assert isinstance(game_heuristic(make_game("biosphere5", {"abyss": True}), Rng(1)), BiosphereHeuristic)
    assert isinstance(game_heuristic(make_game("dino-battles"), Rng(1)), DinoHeuristic)
    assert (
        type(game_heuristic(make_game("apocalypse"), Rng(1))).__module__
        == "cardtable.games.apocalypse.heuristic"
    )
    assert game_evaluator(make_game("biosphere5")) is not None


@pytest.mark.parametrize("name", ["apocalypse", "dino-battles"])
def test_the_other_games_heuristics_play_legal_games_through_the_kind(name: str) -> None:
    game = make_game(name)
    players = [make_player("heuristic", 5 + s) for s in range(game.num_seats)]
    match = play_match(game, players, 3, validate=True)
    assert match.result is not None


def test_biosphere5_heuristic_beats_random_seat_swapped() -> None:
    first = simulate("biosphere5", {"players": 2}, 10, 11, ["heuristic", "random"])
    second = simulate("biosphere5", {"players": 2}, 10, 12, ["random", "heuristic"])
    assert first.wins[0] + second.wins[1] >= 18, (first.to_dict(), second.to_dict())


def test_the_biosphere_card_is_worth_most_and_a_built_category_little() -> None:
    cards = make_game("biosphere5").cards
    index = cards.index
    hand = [index["biosphere-5"], index["deep-well"], index["catch-basin"], index["tent"]]
    nothing_built: dict[str, str] = {}
    values = {
        key: keep_value(cards, index[key], nothing_built, hand)
        for key in ("biosphere-5", "deep-well", "catch-basin", "tent")
    }
    assert values["biosphere-5"] > values["deep-well"] > values["tent"]
    assert values["catch-basin"] < values["deep-well"]  # the makeshift water with the perfect one in hand
    water_built = {"water": "perfect"}
    assert keep_value(cards, index["deep-well"], water_built, hand) < values["tent"]
