"""RULES.md "Hidden information": hands and deck order hidden, Lookout picks known, samples keep them."""

from collections import Counter

from cardtable.core import Rng

from .conftest import Table


def test_other_hands_are_sizes_and_known_cards_only() -> None:
    t = Table(3)
    view = t.game.view(t.s, 0)
    assert "hand" in view["players"][0] and "hand" not in view["players"][1]
    assert view["players"][1]["hand_size"] == len(t.p(1).hand)
    assert "deck" not in view and view["deck_size"] == len(t.s.deck)


def test_a_sample_keeps_known_cards_and_resamples_the_rest() -> None:
    t = Table(3)
    known = sorted(t.p(1).known)
    assert known, "B took cards face up in the Lookout"
    changed = False
    for seed in range(6):
        sample = t.game.determinize(t.s, 0, Rng(seed))
        hand = Counter(sample.players[1].hand)
        assert not Counter(known) - hand, "the known cards stay in B's hand"
        assert sorted(sample.players[0].hand) == sorted(t.p(0).hand)
        changed |= sorted(sample.players[1].hand) != sorted(t.p(1).hand) or sample.deck != t.s.deck
    assert changed


def test_a_card_played_from_hand_is_shown_while_it_is_paid_for() -> None:
    t = Table(2)
    t.hand(0, "oilmen-fortress", "docks")
    t.supply(0, grey=2, universal=2)
    t.act("build oilmen-fortress")
    view = t.game.view(t.s, 1)
    assert view["pending"]["card"] == "oilmen-fortress" and view["players"][0]["hand_size"] == 1
    assert view["pending"]["cost"] == ["grey", "grey", "grey"]
