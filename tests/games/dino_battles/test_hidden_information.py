"""Hands, deck orders and face-down attached cards are hidden; views, determinization, notation."""

import json

import pytest

from cardtable.core import Action, Rng
from cardtable.players import RandomPlayer

from .conftest import PLAYERS, Table, make_game


def _playout(players: int, seed: int, steps: int) -> Table:
    t = Table(players, seed)
    bots = [RandomPlayer(Rng(seed * 10 + i)) for i in range(players)]
    for _ in range(steps):
        d = t.decision
        if d is None:
            break
        t.game.apply(t.s, bots[d.seat].choose(t.game.observe(t.s, d.seat)))
    return t


def test_hidden_information_attached_cards_are_face_down(table: Table) -> None:
    t = table
    t.dino(1, "rex-2", attached=("evade", "defend"))
    mine = t.game.view(t.s, 1)["players"][1]["active"]
    theirs = t.game.view(t.s, 0)["players"][1]["active"]
    assert mine["attached"] == ["defend", "evade"]
    assert "attached" not in theirs and theirs["attached_count"] == 2


@pytest.mark.parametrize("players", PLAYERS)
def test_hidden_information_view_shows_only_own_hand_and_no_deck_order(players: int) -> None:
    t = _playout(players, 3, 40)
    for seat in range(players):
        view = t.game.view(t.s, seat)
        text = json.dumps(view)
        assert view["players"][seat]["hand"] == sorted(t.p(seat).hand)
        for other, entry in enumerate(view["players"]):
            assert "deck" not in entry
            if other != seat:
                assert "hand" not in entry
        assert '"rng"' not in text
    spectator = t.game.view(t.s, None)
    assert all("hand" not in entry for entry in spectator["players"])


@pytest.mark.parametrize("players", PLAYERS)
def test_hidden_information_determinize_keeps_the_view_and_depends_only_on_it(players: int) -> None:
    for seed in range(6):
        t = _playout(players, seed, 25 + 7 * seed)
        for seat in range(players):
            sample = t.game.determinize(t.s, seat, Rng(5))
            t.game.check_invariants(sample)
            assert t.game.view(sample, seat) == t.game.view(t.s, seat)
            again = t.game.determinize(sample, seat, Rng(5))
            assert t.game.to_json(again) == t.game.to_json(t.game.determinize(t.s, seat, Rng(5)))
            assert sample.rng != t.s.rng


def test_hidden_information_determinize_resamples_opponent_cards() -> None:
    t = _playout(2, 4, 0)  # B holds 6 of its 12 cards
    hands = {tuple(sorted(t.game.determinize(t.s, 0, Rng(k)).players[1].hand)) for k in range(20)}
    assert len(hands) > 1


@pytest.mark.parametrize("players", PLAYERS)
def test_hidden_information_states_round_trip_through_json(players: int) -> None:
    t = _playout(players, 2, 60)
    text = t.game.to_json(t.s)
    assert t.game.to_json(t.game.from_json(text)) == text


@pytest.mark.parametrize("players", PLAYERS)
def test_hidden_information_actions_are_notation_and_in_the_action_space(players: int) -> None:
    game = make_game(players)
    space = set(game.action_space())
    assert len(space) == len(game.action_space())
    for seed in range(5):
        t = _playout(players, seed, 0)
        bots = [RandomPlayer(Rng(seed * 7 + i)) for i in range(players)]
        while (d := t.decision) is not None:
            legal = t.game.legal_actions(t.s)
            assert legal and len(legal) == len(set(legal))
            for action in legal:
                assert action in space and Action.parse(str(action)) == action
            t.game.apply(t.s, bots[d.seat].choose(t.game.observe(t.s, d.seat)))
            t.game.check_invariants(t.s)


def test_hidden_information_render_is_a_readable_table(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", attached=("attack",))
    text = t.game.render(t.game.view(t.s, 0), 0)
    assert "rex-1" in text and "Your hand" in text and "Supply" in text
    other = t.game.render(t.game.view(t.s, 1), 1)
    assert "1 face down" in other
