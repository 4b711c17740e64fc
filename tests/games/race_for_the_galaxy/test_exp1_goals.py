"""RULES.md "Level 1: The Gathering Storm", TGS-7 .. TGS-13: goals drawn, claimed, lost, tied and
scored, and shown to every seat."""

from __future__ import annotations

from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy, goalplay, scoring
from cardtable.games.race_for_the_galaxy.goalplay import goal

from .position import add, give, kind, select, table


def play(game: RaceForTheGalaxy, s, *actions: str) -> None:
    for action in actions:
        game.apply(s, action)


def test_tgs_7_four_first_and_two_most_goals_are_drawn_and_shown_to_all() -> None:
    for seed in range(5):
        game = RaceForTheGalaxy(players=3, expansion=1)
        s = game.new_state(seed)
        kinds = sorted(goal(k).type for k in s.goals)
        assert kinds == ["first"] * 4 + ["most"] * 2
        assert all(goal(k).level == 1 for k in s.goals)
        for viewer in (0, 1, 2, None):
            assert game.view(s, viewer)["goals"] == list(s.goals)


def test_tgs_7_goals_switched_off_are_not_drawn() -> None:
    game = RaceForTheGalaxy(players=2, expansion=1, goals=False)
    s = game.new_state(1)
    assert s.goals == []
    assert "goals" not in scoring.breakdown(game.catalog, s, 0)


def test_tgs_8_a_first_goal_goes_to_every_player_who_meets_it_at_the_same_check() -> None:
    game, s = table(2, expansion=1)
    s.goals = ["system-diversity"]
    give(
        game,
        s,
        0,
        hand=["alien-toy-shop", "gem-world", "spice-world", "new-vinland", "secluded-world"],
        tableau=["old-earth", "artist-colony", "asteroid-belt", "empath-world"],
    )
    # seat B already has the four kinds: the goal is checked only at the end of Settle
    give(
        game,
        s,
        1,
        hand=[],
        tableau=[
            "epsilon-eridani",
            "refugee-world",
            "destroyed-world",
            "pre-sentient-race",
            "alien-robot-sentry",
        ],
    )
    select(game, s, ("settle", "consume-trade"), ("settle", "produce"))
    play(
        game, s, "settle alien-toy-shop", "settle none", "pay gem-world", "pay spice-world", "pay new-vinland"
    )
    assert s.phase != "settle"
    assert s.players[0].goals == ["system-diversity"] and s.players[1].goals == ["system-diversity"]
    assert goalplay.available(s) == []  # a first goal leaves play once claimed
    for seat in (0, 1):
        assert scoring.breakdown(game.catalog, s, seat)["goals"] == 3


def test_tgs_12_budget_surplus_is_claimed_by_a_round_end_discard() -> None:
    game, s = table(2, expansion=1)
    s.goals = ["budget-surplus"]
    hand = ["gem-world", "spice-world", "new-vinland", "secluded-world", "artist-colony", "asteroid-belt"]
    hand += ["empath-world", "refugee-world", "destroyed-world", "pre-sentient-race", "volcanic-world"]
    give(game, s, 0, hand=hand, tableau=["old-earth"])
    give(game, s, 1, hand=[], tableau=["epsilon-eridani"])
    select(game, s, ("consume-trade", "produce"), ("consume-trade", "produce"))
    assert kind(game, s) == (0, "hand-limit")
    assert s.players[0].goals == []
    play(game, s, "discard gem-world")  # 11 cards: one over the limit
    assert s.players[0].goals == ["budget-surplus"] and s.players[1].goals == []


def test_tgs_9_a_most_goal_needs_strictly_the_most_and_its_minimum() -> None:
    game, s = table(2, expansion=1)
    s.goals = ["greatest-infrastructure"]  # developments, at least 4
    give(game, s, 0, tableau=["old-earth", "colony-ship", "export-duties", "genetics-lab"])
    give(game, s, 1, tableau=["epsilon-eridani", "space-marines"])
    goalplay.check_goals(game.catalog, s, "develop")
    assert s.players[0].goals == []  # 3 developments: below the minimum
    give(
        game,
        s,
        1,
        tableau=["epsilon-eridani", "space-marines", "mining-robots", "public-works", "deficit-spending"],
    )
    give(
        game, s, 0, tableau=["old-earth", "colony-ship", "export-duties", "genetics-lab", "interstellar-bank"]
    )
    goalplay.check_goals(game.catalog, s, "develop")
    assert s.players[0].goals == [] and s.players[1].goals == []  # 4 and 4: nobody has more
    goalplay.check_goals(game.catalog, s, "settle")  # not a phase this goal is checked after
    give(
        game, s, 0, tableau=["old-earth", "colony-ship", "export-duties", "genetics-lab", "interstellar-bank"]
    )
    add(game, s, 0, "investment-credits")
    goalplay.check_goals(game.catalog, s, "develop")
    assert s.players[0].goals == ["greatest-infrastructure"]


def test_tgs_10_the_holder_keeps_a_most_goal_while_tied_and_loses_it_to_more() -> None:
    game, s = table(2, expansion=1)
    s.goals = ["greatest-infrastructure"]
    devs = ["colony-ship", "export-duties", "genetics-lab", "interstellar-bank", "investment-credits"]
    give(game, s, 0, tableau=["old-earth", *devs[:4]])
    give(game, s, 1, tableau=["epsilon-eridani", "space-marines"])
    goalplay.check_goals(game.catalog, s, "develop")
    assert s.players[0].goals == ["greatest-infrastructure"]
    give(
        game,
        s,
        1,
        tableau=["epsilon-eridani", "space-marines", "mining-robots", "public-works", "deficit-spending"],
    )
    goalplay.check_goals(game.catalog, s, "develop")
    assert s.players[0].goals == ["greatest-infrastructure"]  # tied 4 to 4: kept
    add(game, s, 1, "investment-credits")
    goalplay.check_goals(game.catalog, s, "develop")
    assert s.players[0].goals == [] and s.players[1].goals == ["greatest-infrastructure"]


def test_tgs_12_a_most_goal_is_lost_the_moment_its_holder_drops_below_the_minimum() -> None:
    game, s = table(2, expansion=1)
    s.goals = ["greatest-infrastructure"]
    give(
        game, s, 0, tableau=["old-earth", "colony-ship", "export-duties", "genetics-lab", "interstellar-bank"]
    )
    goalplay.check_goals(game.catalog, s, "develop")
    assert s.players[0].goals == ["greatest-infrastructure"]
    s.players[0].tableau.remove("colony-ship")  # discarded for its power
    s.discard.append("colony-ship")
    goalplay.check_loss(game.catalog, s, 0, "greatest-infrastructure")
    assert s.players[0].goals == []


def test_tgs_11_at_the_end_a_most_goal_gives_5_to_its_holder_and_3_to_the_tied() -> None:
    game, s = table(3, expansion=1)
    s.goals = ["greatest-infrastructure"]
    devs = ["colony-ship", "export-duties", "genetics-lab", "interstellar-bank"]
    give(game, s, 0, tableau=["old-earth", *devs])
    give(game, s, 1, tableau=["epsilon-eridani", "space-marines"])
    give(game, s, 2, tableau=["alpha-centauri", "mining-robots", "public-works", "deficit-spending"])
    goalplay.check_goals(game.catalog, s, "develop")
    give(
        game,
        s,
        1,
        tableau=[
            "epsilon-eridani",
            "space-marines",
            "investment-credits",
            "contact-specialist",
            "new-military-tactics",
        ],
    )
    goalplay.check_goals(game.catalog, s, "develop")
    assert [goalplay.goal_vp(s, seat) for seat in range(3)] == [5, 3, 0]  # C has 3: below 4
    s.players[0].goals = []  # nobody holds it: every player tied for the best gets 3
    assert [goalplay.goal_vp(s, seat) for seat in range(3)] == [3, 3, 0]


def test_tgs_13_goal_vp_are_not_taken_from_the_pool() -> None:
    game, s = table(2, expansion=1)
    s.goals = ["greatest-infrastructure"]
    give(
        game, s, 0, tableau=["old-earth", "colony-ship", "export-duties", "genetics-lab", "interstellar-bank"]
    )
    pool = s.pool
    goalplay.check_goals(game.catalog, s, "develop")
    assert s.pool == pool and s.players[0].chips == 0
    breakdown = scoring.breakdown(game.catalog, s, 0)
    assert breakdown["goals"] == 5
    assert breakdown["total"] == breakdown["cards"] + 5


def test_tgs_7_every_seat_sees_who_holds_which_goal() -> None:
    game, s = table(2, expansion=1)
    s.goals = ["greatest-infrastructure", "system-diversity"]
    give(
        game, s, 0, tableau=["old-earth", "colony-ship", "export-duties", "genetics-lab", "interstellar-bank"]
    )
    goalplay.check_goals(game.catalog, s, "develop")
    for viewer in (0, 1, None):
        view = game.view(s, viewer)
        assert view["players"][0]["goals"] == ["greatest-infrastructure"]
        assert view["goals_available"] == ["system-diversity"]
