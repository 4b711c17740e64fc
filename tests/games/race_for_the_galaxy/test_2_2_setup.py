"""RESEARCH.md §2.1-2.2: components and set-up."""

from __future__ import annotations

import pytest

from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy

from .position import kind


@pytest.mark.parametrize("players", [2, 3, 4])
def test_2_2_each_seat_gets_a_start_world_and_six_cards_and_the_pool_is_12_per_player(players: int) -> None:
    game = RaceForTheGalaxy(players=players)
    s = game.new_state(5)
    starts = [p.tableau[0] for p in s.players]
    assert len(set(starts)) == players and all(game.catalog[w].start for w in starts)
    assert all(len(p.hand) == 6 for p in s.players)
    assert s.pool == 12 * players
    assert kind(game, s) == (0, "initial-discard")


def test_2_2_each_discards_two_to_keep_four() -> None:
    game = RaceForTheGalaxy(players=2)
    s = game.new_state(5)
    for _ in range(4):
        game.apply(s, game.legal_actions(s)[0])
    assert [len(p.hand) for p in s.players] == [4, 4]
    assert len(s.discard) == 4
    assert kind(game, s) == (0, "select-action")


def test_2_2_alpha_centauri_starts_with_a_good_which_is_never_a_start_world() -> None:
    game = RaceForTheGalaxy(players=2)
    found = 0
    for seed in range(40):
        s = game.new_state(seed)
        for p in s.players:
            if p.start == "alpha-centauri":
                found += 1
                assert "alpha-centauri" in p.goods
                assert not game.catalog[p.goods["alpha-centauri"]].start
            else:
                assert not p.goods
    assert found > 0


def test_2_1_all_114_cards_are_in_play_at_the_start() -> None:
    game = RaceForTheGalaxy(players=4)
    s = game.new_state(9)
    game.check_invariants(s)
    assert len(s.deck) == 114 - 4 - 24 - sum(len(p.goods) for p in s.players)
