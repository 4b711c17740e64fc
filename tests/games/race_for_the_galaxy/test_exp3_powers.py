"""RULES.md "Level 3: The Brink of War", BOW-13 .. BOW-19: Galactic Scavengers, Psi-Crystal World,
Alien Oort Cloud Refinery, Terraforming Engineers, Retrofit & Salvage, Black Hole Miners and the new
takeover powers."""

from __future__ import annotations

from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy, scoring, takeover

from .position import SETUP_KINDS, give, kind, legal, select, table

NOTHING = ("develop none", "develop none", "settle none", "settle none")
#: 11 cards for a hand over the limit
ELEVEN = [
    "artist-colony", "gem-world", "spice-world", "new-vinland", "secluded-world", "space-port",
    "asteroid-belt", "empath-world", "volcanic-world", "colony-ship", "export-duties",
]  # fmt: skip


def test_bow_13_galactic_scavengers_saves_a_card_at_the_start() -> None:
    game = RaceForTheGalaxy(players=2, expansion=3)
    seed = next(
        seed
        for seed in range(300)
        if any("galactic-scavengers" in p.offer for p in game.new_state(seed).players)
    )
    s = game.new_state(seed)
    seat = next(i for i, p in enumerate(s.players) if "galactic-scavengers" in p.offer)
    while game.decision(s).kind in SETUP_KINDS:
        d = game.decision(s)
        if d.kind == "start-choose" and d.seat == seat:
            game.apply(s, "start galactic-scavengers")
        elif d.kind == "start-save":
            assert d.seat == seat
            card = s.players[seat].hand[0]
            game.apply(s, f"save {card}")
            assert s.players[seat].saved == [card]
        else:
            game.apply(s, game.legal_actions(s)[0])
    assert len(s.players[seat].saved) == 1 and len(s.players[seat].hand) == 3
    assert game.view(s, 1 - seat)["players"][seat]["saved_size"] == 1
    assert "saved" not in game.view(s, 1 - seat)["players"][seat]


def test_bow_13_a_paid_card_is_saved_and_taken_back_in_produce() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    hand = ["drop-ships", "gem-world", "spice-world", "artist-colony", "new-vinland"]
    give(game, s, 0, hand=hand, tableau=["galactic-scavengers"])
    select(game, s, ("develop", "produce"), ("develop", "settle"))
    for action in (
        "develop drop-ships",
        "develop none",
        "pay gem-world",
        "pay spice-world",
        "pay artist-colony",
    ):
        game.apply(s, action)
    assert kind(game, s) == (0, "save-card")  # Drop Ships 4 - 1: three cards paid
    assert legal(game, s) == {"save gem-world", "save spice-world", "save artist-colony"}
    game.apply(s, "save spice-world")
    a = s.players[0]
    assert a.saved == ["spice-world"] and "spice-world" not in s.discard
    game.apply(s, "settle none")
    game.apply(s, "settle none")
    # Produce: the saved cards went to the hand
    assert s.round == 2 and a.saved == [] and "spice-world" in a.hand


def test_bow_14_psi_crystal_world_chooses_after_the_others_have() -> None:
    game, s = table(3, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 2, hand=[], tableau=["new-sparta"])
    give(game, s, 0, hand=[], tableau=["old-earth", "psi-crystal-world"])
    for action in ["select develop"] * 3 + ["develop none"] * 3:  # the next round sees it
        game.apply(s, action)
    assert kind(game, s) == (1, "select-action")
    game.apply(s, "select develop")
    game.apply(s, "select settle")
    assert kind(game, s) == (0, "select-action")
    view = game.view(s, 0)["players"]
    assert view[1]["actions"] == ["Develop"] and view[2]["actions"] == ["Settle"]


def test_bow_15_alien_oort_cloud_refinery_scores_as_the_kind_that_scores_most() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(
        game,
        s,
        0,
        hand=[],
        tableau=["old-earth", "alien-oort-cloud-refinery", "mining-league", "asteroid-belt"],
    )
    assert scoring.breakdown(game.catalog, s, 0)["bonus"] == {"mining-league": 1}  # Asteroid Belt
    s.ended = True
    assert scoring.breakdown(game.catalog, s, 0)["bonus"] == {
        "mining-league": 2
    }  # and the Oort Cloud as Rare


def test_bow_15_its_good_cannot_be_traded() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    goods = {"alien-oort-cloud-refinery": "artist-colony", "asteroid-belt": "gem-world"}
    give(
        game,
        s,
        0,
        hand=[],
        tableau=["alpha-centauri", "alien-oort-cloud-refinery", "asteroid-belt"],
        goods=goods,
    )
    select(game, s, ("develop", "consume-trade"), ("develop", "settle"))
    for action in NOTHING:
        game.apply(s, action)
    # one good may be traded: Asteroid Belt's, without asking
    assert s.players[0].goods == {"alien-oort-cloud-refinery": "artist-colony"}


def test_bow_16_terraforming_engineers_replaces_a_world_by_a_dearer_one_of_its_kind() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    tableau = ["old-earth", "terraforming-engineers", "gem-world"]
    give(
        game,
        s,
        0,
        hand=["prosperous-world", "spice-world"],
        tableau=tableau,
        goods={"gem-world": "new-vinland"},
    )
    select(game, s, ("develop", "settle"), ("develop", "settle"))
    for action in NOTHING:
        game.apply(s, action)
    assert kind(game, s) == (0, "settle-power")
    game.apply(s, "power terraforming-engineers 3")
    # Novelty worlds costing up to 3 more than Gem World (2): Prosperous World (3) and Spice World (2)
    assert legal(game, s) == {
        "upgrade gem-world prosperous-world",
        "upgrade gem-world spice-world",
        "upgrade none",
    }
    game.apply(s, "upgrade gem-world prosperous-world")
    a = s.players[0]
    assert a.tableau == ["old-earth", "terraforming-engineers", "prosperous-world"]
    assert a.goods == {} and {"gem-world", "new-vinland"} <= set(s.discard)
    assert a.prestige == 1


def test_bow_17_retrofit_and_salvage_takes_the_others_hand_limit_discards() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=ELEVEN, tableau=["epsilon-eridani"])
    give(game, s, 0, hand=[], tableau=["old-earth", "retrofit-salvage-inc"])
    select(game, s, ("develop", "settle"), ("develop", "settle"))
    for action in NOTHING:
        game.apply(s, action)
    assert kind(game, s) == (1, "hand-limit")
    game.apply(s, "discard gem-world")
    assert "gem-world" in s.players[0].hand


def test_bow_18_black_hole_miners_keeps_12_cards() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    give(game, s, 0, hand=[*ELEVEN, "genetics-lab"], tableau=["old-earth", "black-hole-miners"])
    select(game, s, ("develop", "settle"), ("develop", "settle"))
    for action in NOTHING:
        game.apply(s, action)
    assert len(s.players[0].hand) == 12 and s.round == 2


def test_bow_19_security_council_stops_a_takeover_for_1_prestige() -> None:
    game, s = table(2, expansion=3)
    tableau = ["epsilon-eridani", "rebel-outpost", "pan-galactic-security-council"]
    give(game, s, 1, hand=["artist-colony"], tableau=tableau)
    s.players[1].prestige = 1
    give(
        game,
        s,
        0,
        hand=["gem-world"],
        tableau=["imperium-warlord", "imperium-planet-buster", "space-marines"],
    )
    select(game, s, ("develop", "settle"), ("develop", "settle"))
    for action in (*NOTHING, "takeover rebel-outpost imperium-planet-buster"):
        game.apply(s, action)
    assert kind(game, s) == (1, "takeover-prevent")
    assert legal(game, s) == {"prevent none", "prevent rebel-outpost"}
    game.apply(s, "prevent rebel-outpost")
    assert "rebel-outpost" in s.players[1].tableau and s.players[1].prestige == 0


def test_bow_19_imperium_planet_buster_destroys_the_world_for_2_prestige() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, hand=["artist-colony"], tableau=["epsilon-eridani", "rebel-outpost"])
    give(
        game,
        s,
        0,
        hand=["gem-world"],
        tableau=["imperium-warlord", "imperium-planet-buster", "space-marines"],
    )
    select(game, s, ("develop", "settle"), ("develop", "settle"))
    for action in (*NOTHING, "takeover rebel-outpost imperium-planet-buster"):
        game.apply(s, action)
    # 7 military (Planet Buster +3) against B's 2 and the defence 5: won, and the world destroyed
    assert "rebel-outpost" in s.discard
    assert "rebel-outpost" not in s.players[0].tableau + s.players[1].tableau
    assert s.players[0].prestige == 2


def test_bow_19_interstellar_casus_belli_needs_prestige_to_declare() -> None:
    game, s = table(2, expansion=3)
    give(game, s, 1, tableau=["old-earth", "rebel-outpost"])
    give(game, s, 0, tableau=["imperium-warlord", "interstellar-casus-belli", "space-marines", "drop-ships"])
    assert takeover.targets(game.catalog, s, 0) == []
    s.players[0].prestige = 1
    assert takeover.targets(game.catalog, s, 0) == [("rebel-outpost", "interstellar-casus-belli")]
