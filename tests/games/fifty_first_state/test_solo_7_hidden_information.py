"""Solo rules and hidden information: the virtual player's State, VP, attacks and attack pile are public;
the deck stays hidden, and a sample for the person keeps all that is public and forgets the true Rng."""

from cardtable.core import Rng

from .conftest import SoloTable


def test_the_virtual_player_is_public_and_samples_keep_it() -> None:
    t = SoloTable()
    t.quiet()
    t.sites(0, "arena")
    t.supply(0, worker=2)
    t.top("city-guards")
    t.act("work fuel")
    for viewer in (None, 0, 1):
        view = t.game.view(t.s, viewer)
        assert view["virtual"] == {
            "seat": "b",
            "attacks": 1,
            "attacks_per_round": 3,
            "attack_pile": ["city-guards"],
        }
        assert [site["key"] for site in view["players"][1]["sites"]] == [site.key for site in t.vip.sites]
        assert "deck" not in view and view["deck_size"] == len(t.s.deck)
    for seed in range(4):
        sample = t.game.determinize(t.s, 0, Rng(seed))
        assert sample.virtual == t.s.virtual and sample.players[1] == t.s.players[1]
        assert sample.rng != t.s.rng
        assert t.game.view(sample, 0) == t.game.view(t.s, 0)


def test_what_follows_your_move_in_a_sample_is_drawn_from_the_sample() -> None:
    """The virtual player's next attack reveals the sample's top card, not the true one."""
    t = SoloTable()
    t.quiet()
    t.supply(0, worker=2)
    revealed = set()
    for seed in range(6):
        sample = t.game.determinize(t.s, 0, Rng(seed))
        t.game.apply(sample, "work fuel")
        revealed.add(sample.virtual.pile[-1])
    assert len(revealed) > 1


def test_a_card_built_openly_is_the_known_copy_in_the_solo_game_too() -> None:
    """RULES.md "Hidden information" in the solo game: you took a Docks face up and hold one more card,
    another Docks or a Church; after you build the Docks, the spectator (and the virtual player's seat)
    see the same either way: the known copy was the one built."""
    seen = []
    for hidden in ("docks", "church"):
        t = SoloTable()
        t.quiet()
        t.hand(0, "docks", hidden)
        t.you.known = ["docks"]
        t.supply(0, grey=1)
        t.top("city-guards")
        t.act("build docks")
        assert t.you.known == [] and t.you.hand == [hidden]
        assert t.s.virtual.pile == ["city-guards"], "the virtual player attacked after your build"
        seen.append([t.game.view(t.s, viewer) for viewer in (None, 1)])
    assert seen[0] == seen[1]


def test_a_card_discarded_face_down_leaves_the_known_part_alike_in_the_solo_game_too() -> None:
    """The Appalachian Federation's grey action in the solo game: you hold a known Docks and an unseen
    Church and discard one of them face down; the others see the same whichever it was."""
    seen = []
    for card in ("docks", "church"):
        t = SoloTable(faction="appalachian")
        t.quiet()
        t.hand(0, "docks", "church")
        t.you.known = ["docks"]
        t.supply(0, brick=1)
        t.top("city-guards")
        t.act("faction grey", f"discard {card}")
        assert t.you.known == [] and len(t.you.hand) == 1
        seen.append([t.game.view(t.s, viewer) for viewer in (None, 1)])
    assert seen[0] == seen[1]
