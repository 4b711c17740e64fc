"""RULES.md "Level 2: Rebel vs Imperium", RVI-2 .. RVI-5 and RVI-14 .. RVI-17: the sixth player, the
start-world choice, Gambling World's ante, Hidden Fortress, Pan-Galactic Research and the new powers."""

from __future__ import annotations

from collections import Counter

from cardtable.core import Rng
from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy

from .position import give, kind, legal, select, stack, table

#: 15 cards, none of them a start world
TABLEAU = [
    "old-earth", "artist-colony", "gem-world", "spice-world", "new-vinland", "secluded-world",
    "space-port", "asteroid-belt", "empath-world", "volcanic-world", "colony-ship", "export-duties",
    "genetics-lab", "interstellar-bank", "investment-credits",
]  # fmt: skip


def test_rvi_2_six_players_share_a_pool_of_72() -> None:
    game = RaceForTheGalaxy(players=6, expansion=2)
    assert game.new_state(1).pool == 72


def test_rvi_4_each_player_keeps_one_of_a_red_and_a_blue_start_world() -> None:
    game = RaceForTheGalaxy(players=3, expansion=2)
    s = game.new_state(2)
    for p in s.players:
        assert sorted(game.catalog[w].colour for w in p.offer) == ["blue", "red"]
        assert p.tableau == [] and len(p.hand) == 6
    offers = [list(p.offer) for p in s.players]
    for seat in range(3):
        assert kind(game, s) == (seat, "start-choose")
        assert legal(game, s) == {f"start {w}" for w in offers[seat]}
        game.apply(s, f"start {offers[seat][1]}")
        game.apply(s, game.legal_actions(s)[0])  # two cards of the six are discarded
        game.apply(s, game.legal_actions(s)[0])
    assert [p.tableau for p in s.players] == [[offer[1]] for offer in offers]
    assert all(offer[0] in s.discard for offer in offers)  # the other world is discarded
    assert [len(p.hand) for p in s.players] == [4, 4, 4]


def test_rvi_5_another_seat_sees_neither_the_offer_nor_the_choice() -> None:
    game = RaceForTheGalaxy(players=3, expansion=2)
    s = game.new_state(2)
    game.apply(s, f"start {s.players[0].offer[0]}")
    seen = game.view(s, 1)["players"][0]
    assert "offer" not in seen and seen["start"] == "" and seen["picked"] is True
    assert game.view(s, 0)["players"][0]["offer"] == list(s.players[0].offer)
    assert game.describe(s, game.legal_actions(s)[0], 2) is not None


def test_rvi_5_a_sample_of_another_seat_keeps_one_of_its_sampled_worlds_not_its_choice() -> None:
    """After the choice (its initial discard still to come), another seat's kept world stays hidden:
    a sample draws it from the offer sampled for that seat, and no card is in two places."""
    game = RaceForTheGalaxy(players=2, expansion=3)
    s = game.new_state(2006)
    chosen = s.players[0].offer[0]
    game.apply(s, f"start {chosen}")
    assert kind(game, s) == (0, "initial-discard")
    picks = set()
    for seed in range(40):
        sample = game.determinize(s, 1, Rng(seed))
        other = sample.players[0]
        assert other.pick in other.offer
        picks.add(other.pick)
        cards = [*sample.deck, *sample.discard, *(c for p in sample.players for c in p.hand + p.offer)]
        assert Counter(cards) == game.catalog.counts
    assert len(picks) > 10  # the pick follows the sample, not the real choice


def test_rvi_14_a_won_ante_keeps_the_ante_card_and_one_card_turned_over() -> None:
    game, s = table(2, expansion=2)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=["gem-world", "artist-colony"], tableau=["alpha-centauri", "gambling-world-ante"])
    stack(s, "space-port", "new-earth")  # Gem World costs 2: two cards, New Earth costs 5
    select(game, s, ("consume-x2", "develop"), ("develop", "settle"))
    for action in ("develop none", "develop none", "settle none", "settle none"):
        game.apply(s, action)
    assert kind(game, s) == (0, "ante")
    assert legal(game, s) == {"ante gem-world", "ante artist-colony", "ante none"}
    game.apply(s, "ante gem-world")
    assert kind(game, s) == (0, "ante-keep")
    assert legal(game, s) == {"take space-port", "take new-earth"}
    game.apply(s, "take new-earth")
    assert sorted(s.players[0].hand) == ["artist-colony", "gem-world", "new-earth"]
    assert "space-port" in s.discard and s.aside == []


def test_rvi_14_a_lost_ante_discards_the_ante_card_and_the_cards_turned_over() -> None:
    game, s = table(2, expansion=2)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=["gem-world", "artist-colony"], tableau=["alpha-centauri", "gambling-world-ante"])
    stack(s, "space-port", "spice-world")  # costs 2 and 2: none more than Gem World's 2
    select(game, s, ("consume-x2", "develop"), ("develop", "settle"))
    for action in ("develop none", "develop none", "settle none", "settle none", "ante gem-world"):
        game.apply(s, action)
    assert s.players[0].hand == ["artist-colony"]
    assert {"gem-world", "space-port", "spice-world"} <= set(s.discard)


def test_rvi_15_hidden_fortress_ends_the_game_at_14_cards_not_12() -> None:
    game, s = table(2, expansion=2)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=[], tableau=[*TABLEAU[:11], "hidden-fortress"])
    select(game, s, ("develop", "settle"), ("develop", "settle"))
    for action in ("develop none", "develop none", "settle none", "settle none"):
        game.apply(s, action)
    assert not s.ended and s.round == 2  # 12 cards with Hidden Fortress: the game goes on
    give(game, s, 0, hand=[], tableau=[*TABLEAU[:13], "hidden-fortress"])
    select(game, s, ("develop", "settle"), ("develop", "settle"))
    for action in ("develop none", "develop none", "settle none", "settle none"):
        game.apply(s, action)
    assert s.ended


def test_rvi_16_pan_galactic_research_keeps_12_cards() -> None:
    game, s = table(2, expansion=2)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=TABLEAU[1:13], tableau=["old-earth", "pan-galactic-research"])
    select(game, s, ("develop", "settle"), ("develop", "settle"))
    for action in ("develop none", "develop none", "settle none", "settle none"):
        game.apply(s, action)
    assert len(s.players[0].hand) == 12 and s.round == 2  # no discard at 12


def test_rvi_17_rebel_pact_discards_from_the_whole_hand_when_exploring() -> None:
    game, s = table(2, expansion=2)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=["gem-world", "spice-world"], tableau=["old-earth", "rebel-pact"])
    select(game, s, ("explore-5", "produce"), ("settle", "produce"))
    assert kind(game, s) == (0, "explore-discard")
    drawn = list(s.players[0].drawn)
    assert legal(game, s) == {f"discard {c}" for c in ["gem-world", "spice-world", *drawn]}
    game.apply(s, "discard gem-world")
    game.apply(s, "discard spice-world")
    for card in drawn[:4]:
        game.apply(s, f"discard {card}")
    # Explore +5: 7 drawn, 6 discarded from the 9 cards in hand and drawn, so the net gain is one card
    assert sorted(s.players[0].hand) == sorted(drawn[4:])
