"""The ISMCTS player: searches samples of what its seat cannot see, never the real hidden state."""

from __future__ import annotations

import pytest

from cardtable.core import Rng, make_game
from cardtable.core.runner import play_match
from cardtable.players import IsmctsPlayer, RandomPlayer, make_player
from cardtable.sim import simulate


def _midgame(name: str, options: dict[str, object], seed: int, moves: int):  # type: ignore[no-untyped-def]
    game = make_game(name, options)
    state = game.new_state(seed)
    rng = Rng(seed)
    for _ in range(moves):
        legal = game.legal_actions(state)
        if not legal:
            break
        game.apply(state, rng.choice(legal))
    return game, state


@pytest.mark.parametrize(("name", "options", "moves"), [("biosphere5", {"players": 2}, 25), ("toy", {}, 3)])
def test_states_that_look_the_same_to_the_seat_get_the_same_choice(name, options, moves) -> None:  # type: ignore[no-untyped-def]
    game, real = _midgame(name, options, 4, moves)
    seat = game.decision(real).seat
    twin = game.determinize(real, seat, Rng(99))  # other hidden cards, the same view
    assert game.view(twin, seat) == game.view(real, seat)
    hidden = [s for s in range(game.num_seats) if s != seat]
    assert any(game.view(twin, s) != game.view(real, s) for s in hidden), "the hidden part should differ"
    choices = {
        str(IsmctsPlayer(Rng(7), iterations=60).choose(game.observe(state, seat))) for state in (real, twin)
    }
    assert len(choices) == 1


def test_the_same_seed_gives_the_same_choice_and_the_state_is_untouched() -> None:
    game, state = _midgame("biosphere5", {"players": 2}, 9, 30)
    seat = game.decision(state).seat
    before = game.to_json(state)
    first = IsmctsPlayer(Rng(3), iterations=80).choose(game.observe(state, seat))
    second = IsmctsPlayer(Rng(3), iterations=80).choose(game.observe(state, seat))
    assert first == second and first in game.legal_actions(state)
    assert game.to_json(state) == before


def test_a_whole_game_with_full_playouts_is_legal_and_beats_random() -> None:
    """The toy game has no evaluation: ISMCTS plays each sample out to the end. Between random
    players most toy games are drawn (2 wins each in 100 games); ISMCTS wins far more than it loses."""
    wins = losses = 0
    for seed in range(16):
        seats = [IsmctsPlayer(Rng(seed), iterations=60), RandomPlayer(Rng(seed + 100))]
        me = seed % 2
        if me:
            seats.reverse()
        result = play_match(make_game("toy"), seats, seed, validate=True).result
        assert result is not None
        wins += me in result.winners
        losses += 1 - me in result.winners
    assert wins >= 4 and losses <= 1, (wins, losses)


def test_a_time_budget_stops_the_search() -> None:
    game, state = _midgame("biosphere5", {"players": 2}, 5, 20)
    player = make_player("ismcts:30ms", 1)
    assert isinstance(player, IsmctsPlayer)
    observation = game.observe(state, game.decision(state).seat)
    assert player.choose(observation) in observation.legal_actions
    assert 1 <= player.last_iterations < 10_000


def test_ismcts_plays_biosphere5_legally_through_the_simulator() -> None:
    summary = simulate("biosphere5", {"players": 2}, 1, 2, ["ismcts:15", "heuristic"])
    assert summary.games == 1 and sum(summary.wins) + summary.draws == 1
