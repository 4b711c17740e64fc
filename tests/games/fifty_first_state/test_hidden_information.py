"""RULES.md "Hidden information": hands and deck order hidden, Lookout picks known, samples keep them."""

from collections import Counter

from cardtable.core import Action, Rng

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


def _known_docks_and(hidden: str, *, factions: str = "") -> Table:
    """B took a Docks face up in the Lookout and holds one more card, unseen: `hidden`."""
    t = Table(2, factions=factions)
    t.hand(1, "docks", hidden)
    t.p(1).known = ["docks"]
    t.turn(1)
    return t


def _seen_by_a(t: Table) -> tuple[dict, dict]:
    return t.game.view(t.s, 0), t.game.view(t.s, None)


def test_hidden_information_a_card_built_openly_is_the_known_copy() -> None:
    """ "A played copy is taken from the known part first": after B builds its Docks, the others see the
    same whether its unseen card was another Docks or a Church (the known part used to be cut to the
    cards left, which showed a second Docks)."""
    tables = [_known_docks_and(hidden) for hidden in ("docks", "church")]
    assert len({str(_seen_by_a(t)) for t in tables}) == 1, "A cannot tell the two positions apart"
    for t in tables:
        t.supply(1, grey=1)
        t.act("build docks")
        assert t.p(1).known == [] and [site.key for site in t.p(1).sites] == ["docks"]
    assert _seen_by_a(tables[0]) == _seen_by_a(tables[1])
    assert sorted(tables[0].p(1).hand) == ["docks"] and tables[1].p(1).hand == ["church"]


def test_hidden_information_a_card_discarded_face_down_leaves_the_known_part_alike() -> None:
    """A card discarded to pay a cost is face down ("discards a card"): the Appalachian Federation's grey
    action (1 brick and a card) leaves the same known part whichever card B gave, the known Docks or the
    unseen Church; the others can no longer be sure the Docks is still there."""
    after = []
    for card in ("docks", "church"):
        t = _known_docks_and("church", factions="new-york,appalachian")
        t.supply(1, brick=1)
        t.act("faction grey")
        assert t.decision.kind == "discard" and t.texts() == ["discard church", "discard docks"]
        discard = Action("discard", (card,))
        assert t.game.describe(t.s, discard, 0) == t.game.describe(t.s, discard, None) == "discards a card"
        t.act(str(discard))
        assert t.p(1).known == [] and t.p(1).hand == [{"docks": "church", "church": "docks"}[card]]
        assert "{B} discards a card." in t.s.events
        after.append(_seen_by_a(t))
    assert after[0] == after[1]


def test_hidden_information_a_face_down_discard_keeps_the_known_copies_that_must_remain() -> None:
    """Two known Docks and one discarded face down: one Docks is surely left, and stays known."""
    t = Table(2, factions="new-york,appalachian")
    t.hand(1, "docks", "docks", "church")
    t.p(1).known = ["docks", "docks"]
    t.turn(1)
    t.supply(1, brick=1)
    t.act("faction grey", "discard church")
    assert t.p(1).known == ["docks"] and sorted(t.p(1).hand) == ["docks", "docks"]


def test_hidden_information_a_connection_card_discarded_is_named_to_everyone() -> None:
    """Connection cards in hand are public (RULES.md "Notation"): discarding one to pay a cost reads as
    the card for everyone, as the view and the narration show it; a location card reads as a card."""
    t = _known_docks_and("church", factions="new-york,appalachian")
    red = t.s.connection_decks["red"]
    card = next(c for c in ("punks", "thugs") if c in red)
    red.remove(card)
    t.p(1).connections = [card]
    t.supply(1, brick=1)
    t.act("faction grey")
    for viewer in (None, 0):
        assert t.game.describe(t.s, Action("discard", (card,)), viewer) == f"discard {card}"
        assert t.game.describe(t.s, Action("discard", ("church",)), viewer) == "discards a card"
    t.act(f"discard {card}")
    assert t.s.connection_discards["red"][-1] == card and t.p(1).connections == []
