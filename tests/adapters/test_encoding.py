"""The observation encodings and action masks every adapter shares, for every game and mode.

- An encoding depends only on the seat's view: two states that seat cannot tell apart (a state and
  its `determinize` twin) encode alike, through the adapters' own `observe`.
- Its size is fixed: every state of a random playout, for every seat, encodes to `size` finite numbers.
- The mask is `legal_actions`: 1 exactly at the legal actions' numbers in `game.action_space()`.
- A game that declares its encoding documents every field in its RULES.md.
- A view key an encoding does not know (one a new mode adds, such as a solo automaton's) still
  changes the encoding, in its `extras` field only; a bare player entry encodes.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from cardtable.adapters.encoding import action_mask, observation_encoding, observe, observed_view
from cardtable.core import Rng, make_game, mix_seed
from cardtable.core.encoding import HashedViewEncoding, seat_number, two_player_utility
from tests.conformance.harness import CASES, Case, play_random

SEEDS = (1, 2)
TWINS_PER_STATE = 2


def _states(case: Case) -> list:
    game = case.make()
    states = []
    for seed in SEEDS:
        playout = play_random(game, seed)
        states += playout.sample(12)
    return states


@pytest.mark.parametrize("case", CASES)
def test_encoding_depends_only_on_the_view(case: Case) -> None:
    game = case.make()
    for k, state in enumerate(_states(case)):
        for seat in range(game.num_seats):
            mine = observe(game, state, seat)
            for t in range(TWINS_PER_STATE):
                twin = game.determinize(state, seat, Rng(mix_seed(k, seat, t)))
                assert game.view(twin, seat) == game.view(state, seat)
                np.testing.assert_array_equal(observe(game, twin, seat), mine)


@pytest.mark.parametrize("case", CASES)
def test_encoding_has_a_fixed_size_through_a_random_playout(case: Case) -> None:
    game = case.make()
    size = observation_encoding(game).size
    for seed in SEEDS:
        playout = play_random(game, seed)
        for state in playout.sample(40):
            for seat in range(game.num_seats):
                vector = observe(game, state, seat)
                assert vector.shape == (size,)
                assert vector.dtype == np.float32
                assert np.isfinite(vector).all()


@pytest.mark.parametrize("case", CASES)
def test_action_mask_is_the_legal_actions(case: Case) -> None:
    game = case.make()
    playout = play_random(game, SEEDS[0])
    size = len(game.action_space())
    for state in playout.sample(60):
        mask = action_mask(game, state)
        assert mask.shape == (size,)
        legal = {game.encode(a) for a in game.legal_actions(state)}
        assert set(np.flatnonzero(mask).tolist()) == legal


def test_every_mode_of_a_game_has_one_layout() -> None:
    sizes: dict[str, set[int]] = {}
    for param in CASES:
        case = param.values[0]
        sizes.setdefault(case.game, set()).add(observation_encoding(case.make()).size)
    assert all(len(found) == 1 for found in sizes.values()), sizes


def _declared_cases() -> list:
    return [param for param in CASES if param.values[0].make().observation_encoding() is not None]


@pytest.mark.parametrize("case", _declared_cases())
def test_rules_md_documents_every_field(case: Case) -> None:
    game = case.make()
    encoding = observation_encoding(game)
    assert not isinstance(encoding, HashedViewEncoding)
    module = sys.modules[type(game).__module__]  # the game's folder holds its RULES.md
    rules = (Path(str(module.__file__)).parent / "RULES.md").read_text()
    section = rules.split("## Observation encoding", 1)
    assert len(section) == 2, "RULES.md has no 'Observation encoding' section"
    for field in encoding.layout.fields:
        assert f"`{field.name}`" in section[1], field.name
    assert f"{encoding.size} numbers" in section[1]


def _extras_games() -> list[str]:
    """The games whose encoding keeps an `extras` field for view keys it does not know."""
    games = {param.values[0].game: param.values[0] for param in _declared_cases()}
    return sorted(
        name
        for name, case in games.items()
        if any(f.name == "extras" for f in observation_encoding(case.make()).layout.fields)
    )


@pytest.mark.parametrize("name", _extras_games())
def test_a_view_key_the_encoding_does_not_know_is_still_encoded(name: str) -> None:
    from cardtable.core import make_game

    game = make_game(name)
    encoding = observation_encoding(game)
    extras = next(f for f in encoding.layout.fields if f.name == "extras")
    state = game.new_state(4)
    view = observed_view(game, state, 0)
    plain = encoding.encode(view)
    seat = {**view["players"][1], "automaton": "robot", "tiles": ["a", "b"]}
    more = encoding.encode({**view, "solo": {"level": 2, "shown": ["x"]}})
    player = encoding.encode({**view, "players": [view["players"][0], seat, *view["players"][2:]]})
    outside = np.ones(encoding.size, dtype=bool)
    outside[extras.offset : extras.end] = False
    for changed in (more, player):
        assert not np.array_equal(changed[~outside], plain[~outside])
        np.testing.assert_array_equal(changed[outside], plain[outside])
    # an automaton's entry among the players may be bare: what it lacks reads as 0
    bare = {"seat": view["players"][1]["seat"], "automaton": "robot"}
    vector = encoding.encode({**view, "players": [view["players"][0], bare]})
    assert vector.shape == (encoding.size,) and np.isfinite(vector).all()


def test_a_game_without_a_declared_encoding_gets_the_hashed_view() -> None:
    from cardtable.core import make_game

    game = make_game("toy")
    encoding = observation_encoding(game)
    assert isinstance(encoding, HashedViewEncoding)
    state = game.new_state(3)
    assert observe(game, state, 0).shape == (encoding.size,)
    assert not np.array_equal(observe(game, state, 0), observe(game, state, 1))


def test_seats_read_as_numbers_from_letters_names_and_numbers() -> None:
    assert seat_number("B") == seat_number("b") == 1
    assert seat_number(2) == 2 and seat_number(None) is None
    assert seat_number("Robot", {"Robot": 1}) == 1


def test_two_players_without_an_automaton_are_zero_sum_and_the_solo_game_is_not() -> None:
    assert two_player_utility(make_game("race-for-the-galaxy", {"players": 2})) == "zero_sum"
    assert two_player_utility(make_game("race-for-the-galaxy", {"players": 3})) == "general_sum"
    assert two_player_utility(make_game("race-for-the-galaxy", {"solo": "robot"})) == "general_sum"
