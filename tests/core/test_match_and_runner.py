"""Matches keep the record of what was played; the runner plays whole games between players."""

from __future__ import annotations

import pytest

from cardtable.core import Action, IllegalAction, Match, Observation, Rng, make_game
from cardtable.core.runner import play_match
from cardtable.players import RandomPlayer, make_player


class FirstLegal:
    """Plays the first legal action; notes what it was shown (an Observation reads the live state)."""

    name = "first"

    def __init__(self) -> None:
        self.seen: list[tuple[int, int, dict[str, object], bool]] = []

    def choose(self, observation: Observation) -> Action:
        sample = observation.determinize(Rng(1))
        same_view = observation.game.view(sample, observation.seat) == observation.view
        self.seen.append((observation.seat, observation.decision.seat, observation.view, same_view))
        return observation.legal_actions[0]


def test_a_match_records_each_applied_action_with_its_seat() -> None:
    match = Match(make_game("toy"), 3, ["ann", "bob"])
    first = match.legal_actions()[0]
    match.apply(str(first))
    assert match.moves[0].seat == 0 and match.moves[0].action == str(first)
    record = match.record()
    assert record.seats == ["ann", "bob"] and record.result == "*" and record.options == {"hand": 3}


def test_a_refused_action_leaves_the_match_as_it_was() -> None:
    match = Match(make_game("toy"), 3)
    before = match.game.to_json(match.state)
    refused = "'play 99' is not legal now; A is deciding: play a card, draw, or pass"
    with pytest.raises(IllegalAction, match=refused):
        match.apply("play 99")
    assert match.game.to_json(match.state) == before and match.moves == []


def test_players_get_observations_of_their_own_seat() -> None:
    game = make_game("toy")
    players = [FirstLegal(), FirstLegal()]
    match = play_match(game, players, seed=4)
    assert match.result is not None
    for seat, player in enumerate(players):
        assert player.seen
        for observed_seat, deciding_seat, view, same_view in player.seen:
            assert observed_seat == deciding_seat == seat
            assert view["hand"] is not None and same_view


def test_the_runner_checks_the_number_of_players() -> None:
    with pytest.raises(ValueError, match="toy needs 2 players, got 1"):
        play_match(make_game("toy"), [FirstLegal()], seed=1)


def test_the_runner_stops_a_game_that_does_not_end() -> None:
    players = [RandomPlayer(Rng(1)), RandomPlayer(Rng(2))]
    with pytest.raises(RuntimeError, match="no end after 2 actions"):
        play_match(make_game("toy"), players, seed=1, max_actions=2)


def test_the_same_seeds_play_the_same_game() -> None:
    def play() -> Match:
        return play_match(make_game("toy"), [make_player("random", 1), make_player("random", 2)], seed=8)

    assert play().record() == play().record()


def test_an_unknown_player_kind_is_named() -> None:
    with pytest.raises(ValueError, match="unknown player kind 'oracle'; kinds: random"):
        make_player("oracle", 1)
