"""Rulebook "Setup": 12-card decks, the Dino Deck with 5 revealed, the Supply, 6 cards in hand."""

from collections import Counter

import pytest

from .conftest import PLAYERS, Table


@pytest.mark.parametrize("players", PLAYERS)
def test_setup_each_player_has_a_twelve_card_deck_and_draws_six(players: int) -> None:
    t = Table(players)
    for p in t.s.players:
        cards = Counter(p.hand + p.deck + p.discard)
        assert cards == {"attack": 3, "evade": 3, "defend": 3, "wound": 3}
        assert len(p.hand) == 6
        assert p.active is None and p.bench == []


@pytest.mark.parametrize("players", PLAYERS)
def test_setup_dino_deck_has_copies_for_the_player_count_and_five_revealed(players: int) -> None:
    t = Table(players)
    copies = t.cat.setup.dino_copies.at(players)
    all_tags = t.s.dino_deck + t.s.row + t.s.purgatory
    assert len(all_tags) == 6 * copies
    # the first Strategy part purged the topmost revealed Dinosaur and revealed another
    assert len(t.s.row) == 5
    assert len(t.s.purgatory) == 1


@pytest.mark.parametrize("players", PLAYERS)
def test_setup_supply_stacks_and_first_player(players: int) -> None:
    t = Table(players)
    assert t.s.supply["wound"] == t.cat.setup.wound_stack.at(players)
    for key in ("attack", "evade", "defend"):
        assert t.s.supply[key] == t.cat.setup.combat_stack
    for key in t.cat.supply_cards:
        assert t.s.supply[key] == t.cat.setup.supply_stack
    assert t.decision.seat == 0 and t.decision.kind == "strategy"


def test_setup_is_reproducible_from_the_seed() -> None:
    a, b, c = Table(3, seed=9), Table(3, seed=9), Table(3, seed=10)
    assert a.game.to_json(a.s) == b.game.to_json(b.s)
    assert a.game.to_json(a.s) != c.game.to_json(c.s)


def test_setup_starter_set_loads_and_is_marked_as_ours() -> None:
    from cardtable.games.dino_battles import DinoBattles

    game = DinoBattles(players=4)
    assert game.catalog.data.meta.status == "reconstructed"
    assert len(game.catalog.supply_cards) == 10
    assert len(game.catalog.dino_keys) == 6
