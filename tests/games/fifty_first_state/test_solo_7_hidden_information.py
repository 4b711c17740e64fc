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
