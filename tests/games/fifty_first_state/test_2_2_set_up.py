"""RESEARCH.md §2.2 Set-up: 6 cards, keep 4, factions by option (random by default), no goods."""

import pytest

from cardtable.core import BadOption, Rng
from cardtable.games.fifty_first_state import FiftyFirstState


def test_each_player_is_dealt_six_and_keeps_four_choosing_in_secret() -> None:
    game = FiftyFirstState(players=3)
    s = game.new_state(4)
    assert [len(p.hand) for p in s.players] == [6, 6, 6]
    assert all(not p.supply and p.vp == 0 for p in s.players)
    for seat in range(3):
        for _ in range(2):
            d = game.decision(s)
            assert (d.seat, d.kind) == (seat, "keep")
            action = game.legal_actions(s)[0]
            assert game.describe(s, action, (seat + 1) % 3) == "discards a card"
            assert game.describe(s, action, seat) == str(action)
            game.apply(s, action)
    assert [len(p.hand) for p in s.players] == [4, 4, 4]
    assert s.phase == "lookout" and len(s.discard) == 6
    # the discard pile is face down: a view shows its size only
    assert game.view(s, None)["discard_size"] == 6 and "discard" not in game.view(s, None)


def test_factions_are_distinct_and_random_by_default() -> None:
    seen = set()
    for seed in range(12):
        s = FiftyFirstState(players=4).new_state(seed)
        factions = [p.faction for p in s.players]
        assert len(set(factions)) == 4
        seen.add(tuple(factions))
    assert len(seen) > 1


def test_factions_can_be_chosen_per_seat_or_left_random() -> None:
    s = FiftyFirstState(players=2, factions="mutants-union,new-york").new_state(1)
    assert [p.faction for p in s.players] == ["mutants-union", "new-york"]
    s = FiftyFirstState(players=3, factions="random,appalachian,random").new_state(1)
    assert s.players[1].faction == "appalachian" and "appalachian" not in (
        s.players[0].faction,
        s.players[2].faction,
    )
    for bad in ("new-york", "new-york,new-york", "atlantis,new-york"):
        with pytest.raises(BadOption):
            FiftyFirstState(players=2, factions=bad)


def test_the_seed_decides_everything() -> None:
    game = FiftyFirstState(players=4)
    assert game.to_json(game.new_state(9)) == game.to_json(game.new_state(9))
    assert game.to_json(game.new_state(9)) != game.to_json(game.new_state(10))
    sample = game.determinize(game.new_state(9), 0, Rng(1))
    assert game.view(sample, 0) == game.view(game.new_state(9), 0)
