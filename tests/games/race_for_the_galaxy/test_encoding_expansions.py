"""The observation encoding writes the expansions' state (RULES.md "Observation encoding"): goals in
play and held, prestige, Search used, cards saved, takeovers declared, start-world offers, the cards
of every level, a fifth and sixth seat; one layout for every level."""

from __future__ import annotations

from typing import Any

import numpy as np

from cardtable.adapters.encoding import observation_encoding, observe, observed_view
from cardtable.core import Rng, make_game, mix_seed
from cardtable.games.race_for_the_galaxy.cards import catalog
from cardtable.games.race_for_the_galaxy.encoding import card_keys

from .test_exp2_takeovers import declared_takeover

GAME = "race-for-the-galaxy"


def _field(game: Any, vector: np.ndarray, name: str) -> np.ndarray:
    field = next(f for f in observation_encoding(game).layout.fields if f.name == name)
    return vector[field.offset : field.offset + field.size]


def _states(options: dict[str, Any], seeds: range) -> list[tuple[Any, Any]]:
    """Every state of random games with `options`."""
    game = make_game(GAME, options)
    found = []
    for seed in seeds:
        state = game.new_state(seed)
        rng = Rng(mix_seed(seed, 7))
        while game.decision(state) is not None:
            found.append(game.clone(state))
            game.apply(state, rng.choice(game.legal_actions(state)))
    return [(game, s) for s in found]


def test_every_level_has_one_layout_over_the_cards_of_every_level() -> None:
    sizes = {
        observation_encoding(make_game(GAME, {"expansion": level, "players": 2})).size for level in range(4)
    }
    assert len(sizes) == 1
    keys = card_keys()
    assert all(set(catalog(level).keys) <= set(keys) for level in range(4))
    game = make_game(GAME, {"expansion": 3, "players": 2})
    assert _field(game, observe(game, game.new_state(1), 0), "hand").size == len(keys) + 1


def test_goals_prestige_search_and_saved_cards_are_written() -> None:
    checked = {"goals": 0, "prestige": 0, "searched": 0}
    for game, state in _states({"expansion": 3, "players": 2}, range(3))[::5]:
        for seat in range(2):
            view = observed_view(game, state, seat)
            vector = observe(game, state, seat)
            enc = observation_encoding(game)
            goals = enc.goals  # type: ignore[attr-defined]
            assert _field(game, vector, "expansion")[3] == 1
            in_play = _field(game, vector, "goals")
            assert sorted(np.flatnonzero(in_play).tolist()) == sorted(goals[g] for g in view["goals"])
            free = _field(game, vector, "goals-available")
            assert sorted(np.flatnonzero(free).tolist()) == sorted(goals[g] for g in view["goals_available"])
            for player in view["players"]:
                rel = (ord(player["seat"]) - ord("A") - seat) % 2
                held = _field(game, vector, f"seat-{rel}-goals")
                assert sorted(np.flatnonzero(held).tolist()) == sorted(goals[g] for g in player["goals"])
                numbers = _field(game, vector, f"seat-{rel}-numbers")
                assert numbers[17] == np.float32(player["prestige"] / 15)
                assert numbers[19] == float(player["searched"])
                assert numbers[20] == np.float32(player["saved_size"] / 5)
                checked["goals"] += bool(player["goals"])
                checked["prestige"] += player["prestige"] > 0
                checked["searched"] += player["searched"]
            own = view["players"][seat]
            saved = _field(game, vector, "saved")
            assert saved.sum() == len(own.get("saved", ()))
    assert all(checked.values()), checked


def test_takeovers_declared_are_written_as_the_attackers_targets() -> None:
    game, s = declared_takeover()  # the position of RVI-11: A attacks B's Rebel Outpost
    cards = observation_encoding(game).cards  # type: ignore[attr-defined]
    for seat in range(2):
        vector = observe(game, s, seat)
        attacker, defender = (0, 1) if seat == 0 else (1, 0)  # A relative to the viewer
        attacks = _field(game, vector, f"seat-{attacker}-attacks")
        assert np.flatnonzero(attacks).tolist() == [cards["rebel-outpost"]]
        assert _field(game, vector, f"seat-{defender}-attacks").sum() == 0
        numbers = _field(game, vector, f"seat-{attacker}-numbers")
        assert numbers[21] == np.float32(1 / 3)  # one declared
        assert numbers[22] == 0  # none failed yet


def test_the_start_world_offer_is_written_for_its_owner_only() -> None:
    game = make_game(GAME, {"expansion": 2, "players": 2})
    state = game.new_state(3)
    own = observed_view(game, state, 0)["players"][0]
    assert len(own["offer"]) == 2
    offer = _field(game, observe(game, state, 0), "offer")
    cards = observation_encoding(game).cards  # type: ignore[attr-defined]
    assert sorted(np.flatnonzero(offer).tolist()) == sorted(cards[w] for w in own["offer"])


def test_a_sixth_seat_is_written() -> None:
    game = make_game(GAME, {"expansion": 2, "players": 6})
    state = game.new_state(5)
    vector = observe(game, state, 0)
    assert _field(game, vector, "players")[5] == 1
    for rel in range(6):
        assert _field(game, vector, f"seat-{rel}-numbers")[0] == 1  # present
        assert _field(game, vector, f"seat-{rel}-tableau").sum() >= 0
    decision = game.decision(state)
    assert decision is not None
    mover = (decision.seat - 0) % 6
    assert _field(game, vector, "decision")[mover] == 1


def test_whether_takeovers_are_played_is_in_the_view_and_written() -> None:
    for options, allowed in (
        ({"expansion": 2, "players": 2}, True),
        ({"expansion": 3, "players": 4}, True),
        ({"expansion": 2, "players": 2, "takeovers": False}, False),
        ({"expansion": 1, "players": 2}, False),
        ({"expansion": 0, "players": 2}, False),
    ):
        game = make_game(GAME, options)
        state = game.new_state(2)
        for seat in range(game.num_seats):
            assert observed_view(game, state, seat).get("takeovers_allowed", False) is allowed
            assert _field(game, observe(game, state, seat), "takeovers-allowed").tolist() == [float(allowed)]
