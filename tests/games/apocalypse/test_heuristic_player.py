"""The heuristic player: legal, complete games, and its rules of thumb in small positions."""

from __future__ import annotations

from cardtable.core import Action, Rng
from cardtable.core.runner import play_match
from cardtable.games.apocalypse import grid
from cardtable.games.apocalypse.heuristic import HeuristicPlayer, evaluate, position_value
from cardtable.players import make_player

from .position import CAT, GAME, finish_round, lay, play, set_pool, skip_windows, stack_catastrophes, started


def test_it_plays_whole_games_with_legal_actions() -> None:
    players = [HeuristicPlayer(Rng(s)) for s in range(3)]
    match = play_match(GAME, players, seed=0)  # validated: every action is legal
    assert match.result is not None
    assert match.result.details["points"] >= 1  # this seed is a win for the heuristic


def test_it_feeds_the_starting_human_when_it_can() -> None:
    state = started(1)
    skip_windows(state)
    set_pool(state, ["energy-generator", "plant", "animal"])
    play(state, "place energy-generator d1")
    skip_windows(state)
    action = HeuristicPlayer().choose(GAME.observe(state, GAME.decision(state).seat))
    assert action == Action("place", ("plant", "d2"))  # water from e1, energy from d1, feeds e2


def test_it_puts_radioactive_waste_away_from_living_cards() -> None:
    state = started(2)
    stack_catastrophes(state, ["radioactive-waste"])
    finish_round(state)
    lay(
        state,
        {"b1": "water-system", "c1": "energy-generator", "d1": "water-system", "b2": "plant", "c2": "human"},
    )
    while GAME.decision(state).kind in ("ability", "turn"):
        GAME.apply(state, "pass")
    assert GAME.decision(state).kind == "put"
    action = HeuristicPlayer().choose(GAME.observe(state, GAME.decision(state).seat))
    near_living = set(grid.around("b2")) | set(grid.around("c2"))
    assert action.verb == "put" and action.args[0] not in near_living


def test_a_fed_shelter_scores_higher_than_a_starving_one() -> None:
    fed, starving = started(3), started(3)
    lay(
        fed,
        {
            "c1": "water-system",
            "d1": "energy-generator",
            "c2": "plant",
            "d2": "food-processor",
            "e2": "human",
        },
    )
    lay(
        starving,
        {
            "c1": "water-system",
            "e1": "energy-generator",
            "c2": "plant",
            "d3": "food-processor",
            "e2": "human",
        },
    )
    assert position_value(CAT, fed) > position_value(CAT, starving)
    # the same order in [0, 1] for ISMCTS, and alike for every seat (a cooperative game)
    assert 0.0 < evaluate(GAME, starving, 0) < evaluate(GAME, fed, 0) < 1.0
    assert evaluate(GAME, fed, 0) == evaluate(GAME, fed, 2)


def test_ismcts_searches_with_its_evaluation() -> None:
    state = started(1)
    skip_windows(state)
    player = make_player("ismcts:20", 1)
    action = player.choose(GAME.observe(state, GAME.decision(state).seat))
    assert action in GAME.legal_actions(state) and player.last_iterations == 20
