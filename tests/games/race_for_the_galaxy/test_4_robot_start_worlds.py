"""The robot with the expansions' start worlds 5-15 and their modification tiles (the seed's
sections, quoted in each test; what the seed does not number is `robot.toml`'s `reconstructed`)."""

from __future__ import annotations

import pytest

from cardtable.core import BadOption, make_game, texts
from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy, RobotGame
from cardtable.games.race_for_the_galaxy.state import RftgState

from .robot_position import (
    bot,
    deck_top,
    play_round,
    robot_hand,
    robot_lines,
    robot_tableau,
    robot_with,
    roll,
    solo_table,
)


def line_of(lines: list[str], start: str) -> str:
    return next(line for line in lines if line.startswith(start))


def first_round(
    monkeypatch: pytest.MonkeyPatch,
    key: str,
    deck: list[str],
    dice: tuple[str, str],
    actions: tuple[str, str],
    expansion: int = 3,
    credit: int = 0,
) -> tuple[RobotGame, RftgState, list[str]]:
    """The robot on `key` with `credit`, an empty hand pile and `deck` the next cards drawn, rolls
    `dice` while the player chooses `actions`: the game, its state and the robot's narration."""
    game, s = robot_with(key, expansion=expansion)
    bot(s).credit = credit
    robot_hand(s, [])
    deck_top(s, deck)
    roll(monkeypatch, *dice)
    return game, s, robot_lines(play_round(game, s, *actions))


# --- ÜBERBLICK and SPIELVORBEREITUNG -----------------------------------------------------------------
@pytest.mark.parametrize(("level", "most"), [(1, 8), (2, 11), (3, 15)])
def test_setup_each_level_deals_its_start_worlds_without_goals_or_takeovers(level: int, most: int) -> None:
    """ "Die Startwelten werden verdeckt gemischt. Der Spieler und der Roboter erhalten je eine Startwelt."
    and "Es wird nach den Regeln für das Spiel für 2 erfahrene Spieler gespielt. Ziele und Übernahme
    werden nicht verwendet." """
    seen = set()
    for seed in range(40):
        game, s = solo_table(seed=seed, expansion=level)
        r = bot(s)
        seen |= {r.start, s.players[0].start}
        assert s.goals == [] and not s.takeovers
        assert s.pool == (29 if level == 3 else 24)
        game.check_invariants(s)
    numbers = {game.catalog[k].number for k in seen}
    assert max(n for n in numbers if n is not None) <= most and any(n is not None and n > 4 for n in numbers)


def test_setup_start_worlds_below_0_are_not_in_the_solo_game() -> None:
    """ "Die Startwelten –1 bis –6 können im Solospiel nicht verwendet werden." (our card data has none;
    the robot's data file covers exactly 0-15)."""
    game, _ = solo_table(expansion=3)
    assert sorted(w.number for w in game.robot.starts) == list(range(16))


def test_options_solo_robot_plays_every_expansion_level() -> None:
    for level in (1, 2, 3):
        game = make_game("race-for-the-galaxy", {"solo": "robot", "expansion": level})
        assert game.automata() == {1: "robot"} and game.catalog.level == level
    with pytest.raises(BadOption, match="make_game"):
        RaceForTheGalaxy(solo="robot")


@pytest.mark.parametrize(
    ("key", "credit", "economy", "hand"),
    [("ancient-race", 0, 0, 3), ("galactic-scavengers", 2, 0, 3), ("separatist-colony", 1, 0, 4)],
)
def test_setup_ancient_race_and_galactic_scavengers(key: str, credit: int, economy: int, hand: int) -> None:
    """ "Ist die Startwelt Uralte Rasse beginnt er mit 0 Guthaben und bei Alpha Centauri bzw. Galaktische
    Leichenfledderer mit 2 Guthaben." and "Startet der Roboter mit Uralte Rasse bzw. Galaktische
    Leichenfledderer, erhält er nur 3 Karten." """
    for seed in range(200):
        _, s = solo_table(seed=seed, expansion=3)
        r = bot(s)
        if r.start == key:
            assert (r.credit, r.economy, len(r.hand)) == (credit, economy, hand)
            return
    raise AssertionError(f"no deal gives the robot {key}")


@pytest.mark.parametrize(("key", "kind", "n"), [("ancient-race", "initial-discard", 3)])
def test_setup_the_player_with_ancient_race_keeps_3(key: str, kind: str, n: int) -> None:
    """ "Anschließend erhält der Spieler 6 Karten, von denen er 2 Karten abwerfen muss." The player's own
    start world keeps its card rule (Ancient Race: 3 cards, RULES.md TGS-4)."""
    game = make_game("race-for-the-galaxy", {"solo": "robot", "expansion": 1})
    for seed in range(200):
        s = game.new_state(seed)
        if s.players[0].start == key:
            assert game.decision(s).kind == kind
            assert s.steps[0].n == n  # type: ignore[attr-defined]
            return
    raise AssertionError(f"no deal gives the player {key}")


def test_setup_the_player_with_galactic_scavengers_saves_a_card() -> None:
    """The player's Galactic Scavengers saves a card under it after the discards (RULES.md BOW-13)."""
    game = make_game("race-for-the-galaxy", {"solo": "robot", "expansion": 3})
    for seed in range(200):
        s = game.new_state(seed)
        if s.players[0].start == "galactic-scavengers":
            while game.decision(s).kind == "initial-discard":
                game.apply(s, game.legal_actions(s)[0])
            assert game.decision(s).kind == "start-save"
            game.apply(s, game.legal_actions(s)[0])
            assert len(s.players[0].saved) == 1 and len(s.players[0].hand) == 3
            game.check_invariants(s)
            return
    raise AssertionError("no deal gives the player Galactic Scavengers")


# --- Erkunden ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "key",
    [
        "separatist-colony",
        "uplift-mercenary-force",
        "imperium-warlord",
        "rebel-freedom-fighters",
        "alien-research-team",
    ],
)
def test_explore_tiles_draw_more_in_action_and_reaction(monkeypatch, key: str) -> None:
    """ "Hat der Roboter Separatistenkolonie (5), Genmanipulierte Söldnertruppe (13), Imperium Warlord (11),
    Rebellen Freischärler (15) bzw. Aliens Forschungs-Team (14) in seiner Auslage, zieht er in der Phase
    Erkunden mehr Karten, so wie es auf dem Modifikationsplättchen angegeben ist." (1 more: reconstructed)"""
    game, s = robot_with(key)
    r = bot(s)
    name = game.catalog[key].name
    r.credit, hand = 1, len(r.hand)
    roll(monkeypatch, "explore", "produce")
    lines = robot_lines(play_round(game, s, "consume-x2", "produce"))
    assert f"Robot, Explore Action: {name} draws 1 more; draws 2, credit +1." in lines
    assert len(r.hand) == hand + 2 and r.credit == 2
    hand = len(r.hand)
    roll(monkeypatch, "produce", "x2")
    lines = robot_lines(play_round(game, s, "explore-5", "produce"))
    assert f"Robot, Explore Reaction: {name} draws 1 more; draws 2." in lines
    assert len(r.hand) == hand + 2


# --- Entwickeln --------------------------------------------------------------------------------------
def test_develop_galactic_developers_action_draws_more_and_needs_no_credit_for_6_cost(monkeypatch) -> None:
    """ "Mit der Startwelt Galaktische Entwickler (10) zieht er beim Entwickeln zusätzliche Karten. Bei der
    Aktion muss er für eine Entwicklung mit Kosten [6] sein Guthaben nicht verringern." """
    deck = ["comet-zone", "new-economy"]
    _, s, lines = first_round(
        monkeypatch, "galactic-developers", deck, ("develop", "produce"), ("consume-x2", "produce"), 2
    )
    r = bot(s)
    assert (
        "Robot, Develop Action: Galactic Developers draws 1 more and needs no credit for a 6-cost "
        "development; draws 2, places New Economy (cost 6), free." in lines
    )
    assert r.tableau[-1] == "new-economy" and r.credit == 0


def test_develop_galactic_developers_reaction_marker_for_2_and_credit_only_for_6_cost(monkeypatch) -> None:
    """ "Bei der Reaktion muss er für eine Entwicklungsmarke mit Kosten 6 sein Guthaben nur um 2 (statt 3)
    verringern. Außerdem muss er sein Guthaben nur für eine Entwicklung mit Kosten [6] um 1 verringern." """
    game, s = robot_with("galactic-developers", expansion=2)
    r = bot(s)
    r.credit, r.supply, r.markers = 2, 1, 0
    roll(monkeypatch, "produce", "x2")
    play_round(game, s, "develop", "produce")
    assert (r.markers, r.supply, r.credit) == (1, 0, 0)  # a marker for 2 credit in the Reaction
    r.credit = 1
    robot_hand(s, [])
    deck_top(s, ["mining-robots"])  # the Reaction draws 1 (reconstructed), a cost-2 development: free
    roll(monkeypatch, "produce", "x2")
    lines = robot_lines(play_round(game, s, "develop", "produce"))
    develop = line_of(lines, "Robot, Develop Reaction")
    assert develop.endswith("draws 1, places Mining Robots (cost 2), free.")
    assert r.tableau[-1] == "mining-robots" and r.credit == 1


def test_develop_rebel_freedom_fighters_draws_more_never_imperium_and_prestige_for_rebel(monkeypatch) -> None:
    """ "Mit Rebellen Freischärler (15) zieht der Roboter beim Entwickeln (Aktion) mehr Karten. Er erhält
    jedes Mal 1 Prestige, wenn er eine Rebellen-Entwicklung auslegt. Er kann keine IMPERIUM-Karten
    auslegen, sie entsprechen niemals dem von der Aktion oder Reaktion verlangten Typ." """
    deck = ["rebel-pact", "galactic-federation"]
    game, s, lines = first_round(
        monkeypatch, "rebel-freedom-fighters", deck, ("develop", "produce"), ("consume-x2", "produce")
    )
    r = bot(s)
    develop = line_of(lines, "Robot, Develop Action")
    assert "draws 2, turns over and discards Galactic Federation; places Rebel Pact (cost 1), free" in develop
    assert develop.endswith("1 prestige from Rebel Freedom Fighters.")
    assert r.prestige == 1 and r.tableau[-1] == "rebel-pact"
    robot_hand(s, ["rebel-pact", "imperium-lords"])
    r.credit = 1
    roll(monkeypatch, "produce", "x2")
    lines = robot_lines(play_round(game, s, "develop", "produce"))
    assert "imperium-lords" in s.discard and "imperium-lords" not in r.tableau  # never the type wanted
    assert "Rebel Freedom Fighters never places IMPERIUM cards (Imperium Lords); " in line_of(
        lines, "Robot, Develop Reaction"
    )


# --- Siedeln -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("key", "draws"),
    [
        ("separatist-colony", 2),
        ("imperium-warlord", 3),
        ("rebel-freedom-fighters", 3),
        ("epsilon-eridani", 2),
    ],
)
def test_settle_military_tiles_search_military_worlds_and_react_without_credit(
    monkeypatch, key: str, draws: int
) -> None:
    """ "Wie auf den Modifikationsplättchen angegeben, sucht der Roboter mit den Karten Epsilon Eridani (1),
    New Sparta (3), Separatistenkolonie (5), Imperium Warlord (11), Genmanipulierte Söldnertruppe (13)
    und Rebellen Freischärler (15) stattdessen nach militärischen Welten. Außerdem benötigt er beim
    Siedeln als Reaktion kein Guthaben (außer bei Genmanipulierte Söldnertruppe!)" and "New Sparta,
    Imperium Warlord, Genmanipulierte Söldnertruppe und Rebellen Freischärler ziehen außerdem in dieser
    Phase mehr Karten." """
    game, s = robot_with(key)
    r = bot(s)
    r.credit = 0
    robot_hand(s, [])
    deck_top(
        s, ["blaster-runners", "comet-zone", "gem-world"] if draws == 3 else ["blaster-runners", "gem-world"]
    )
    roll(monkeypatch, "produce", "x2")
    lines = robot_lines(play_round(game, s, "settle", "produce"))
    settle = line_of(lines, "Robot, Settle Reaction")
    assert "searches a military world" in settle and "needs no credit" in settle
    assert f"draws {draws}, turns over and discards Gem World" in settle
    assert settle.endswith("places Blaster Runners (military world), free.") or "prestige" in settle
    assert r.tableau[-1] == "blaster-runners" and r.credit == 0


def test_settle_imperium_warlord_action_draws_4_military(monkeypatch) -> None:
    """Imperium Warlord "zieht außerdem in dieser Phase mehr Karten" (the Action 4, reconstructed) and
    searches military worlds."""
    deck = ["blaster-runners", "comet-zone", "gem-world", "new-earth"]
    _, s, lines = first_round(
        monkeypatch, "imperium-warlord", deck, ("settle", "produce"), ("consume-x2", "produce"), 2
    )
    r = bot(s)
    settle = line_of(lines, "Robot, Settle Action")
    assert "Imperium Warlord searches a military world and draws 1 more; draws 4" in settle
    assert r.tableau[-1] == "blaster-runners"


def test_settle_uplift_mercenary_force_draws_4_and_1_per_uplift_world_and_needs_credit(monkeypatch) -> None:
    """ "Genmanipulierte Söldnertruppe (13) zieht 4 Karten und 1 weitere Karte für jede -Welt in der
    Auslage (einschließlich der Startwelt)." and "(außer bei Genmanipulierte Söldnertruppe!)" """
    game, s = robot_with("uplift-mercenary-force")
    r = bot(s)
    robot_hand(s, [])
    robot_tableau(s, ["aquatic-uplift-race"])  # with the start world: 2 Uplift worlds, 6 cards
    deck_top(s, ["blaster-runners", "comet-zone", "gem-world", "new-earth", "artist-colony", "asteroid-belt"])
    roll(monkeypatch, "settle", "produce")
    lines = robot_lines(play_round(game, s, "consume-x2", "produce"))
    settle = line_of(lines, "Robot, Settle Action")
    assert "draws 1 more per Uplift world; draws 6" in settle and r.tableau[-1] == "blaster-runners"
    r.credit = 0
    roll(monkeypatch, "produce", "x2")
    lines = robot_lines(play_round(game, s, "settle", "produce"))
    assert "Robot, Settle Reaction: no credit, passes." in lines


def test_settle_rebel_cantina_draws_more_searches_any_world_and_produce_raises_credit(monkeypatch) -> None:
    """ "Mit der Startwelt Rebellen Kneipe (9) zieht der Roboter beim Siedeln zusätzliche Karten und sucht
    eine beliebige Welt. Es kann eine militärische oder eine nicht-militärische Welt sein." and "Mit
    Rebellen Kneipe (9.) und Galaktische Leichenfledderer (12) erhöht der Roboter beim Produzieren sein
    Guthaben um 1." """
    deck = ["comet-zone", "mining-robots", "blaster-runners"]
    _, s, lines = first_round(
        monkeypatch, "rebel-cantina", deck, ("produce", "x2"), ("settle", "produce"), 2, 1
    )
    r = bot(s)
    settle = line_of(lines, "Robot, Settle Reaction")
    assert settle.startswith(
        "Robot, Settle Reaction: Rebel Cantina searches any world and draws 1 more; draws 3"
    )
    assert settle.endswith("places Blaster Runners (military world), pays 1 credit.")
    produce = line_of(lines, "Robot, Produce Action")
    assert produce == "Robot, Produce Action: Rebel Cantina credit +1; economy +1, credit +1."
    assert r.credit == 1  # 1 - 1 for the Reaction, + 1 in Produce


def test_settle_alien_research_team_alien_worlds_and_its_reaction(monkeypatch) -> None:
    """ "Mit Alien Forschungs-Team (14) siedelt der Roboter nur Alien-Welten. Als Reaktion siedelt er
    militärische Alien-Welten oder beliebige nicht-militärische Welten, je nach dem, was er zuerst
    aufdeckt, und muss sein Guthaben um 1 verringern." """
    game, s = robot_with("alien-research-team")
    r = bot(s)
    robot_hand(s, [])
    deck_top(s, ["alien-robot-sentry", "comet-zone", "blaster-runners"])
    roll(monkeypatch, "settle", "produce")
    play_round(game, s, "consume-x2", "produce")
    assert r.tableau[-1] == "alien-robot-sentry" and {"comet-zone", "blaster-runners"} <= set(s.discard)
    r.credit = 1
    robot_hand(s, [])
    deck_top(s, ["comet-zone", "blaster-runners"])  # a military world that is no Alien world comes first
    roll(monkeypatch, "produce", "produce")
    lines = robot_lines(play_round(game, s, "settle", "produce"))
    settle = line_of(lines, "Robot, Settle Reaction")
    assert "draws 2, turns over and discards Blaster Runners; places Comet Zone" in settle
    assert r.credit == 0 and r.tableau[-1] == "comet-zone"


def test_settle_doomed_world_first_action_searches_the_deck(monkeypatch) -> None:
    """ "Erste Aktion Siedeln mit Sterbende Welt (8): Der Roboter sucht im Nachziehstapel (nicht in seinem
    Handkartenstapel!), bis er eine nicht-militärische Welt mit 3 oder mehr Siegpunkten findet und legt sie
    aus. Anschließend erhöht er sein Guthaben um 2 und seine Wirtschaftskraft um 1. Danach wirft er das
    Modifikationsplättchen auf seiner Anzeigetafel und die Karte Sterbende Welt ab." """
    game, s = robot_with("doomed-world", expansion=1)
    r = bot(s)
    r.credit, r.economy = 1, 0
    robot_hand(s, ["gem-world"])
    deck_top(s, ["comet-zone", "space-marines", "new-earth"])
    roll(monkeypatch, "settle", "produce")
    lines = robot_lines(play_round(game, s, "consume-x2", "produce"))
    settle = line_of(lines, "Robot, Settle Action")
    assert "searches the deck for a non-military world of 3 VP or more" in settle
    assert "turns over and discards Comet Zone, Space Marines; places New Earth (3 VP)" in settle
    assert settle.endswith("Doomed World and its tile are discarded.")
    assert r.tableau == ["new-earth"] and "doomed-world" in s.discard
    assert r.credit == 3 and r.economy == 2  # +2, +1; Produce Action +1
    assert r.hand[0] == "gem-world"  # its hand pile was not searched
    roll(monkeypatch, "settle", "produce")  # later Settle Actions are the board's
    lines = robot_lines(play_round(game, s, "consume-x2", "produce"))
    assert "the deck" not in line_of(lines, "Robot, Settle Action")
    game.check_invariants(s)


# --- Verbrauchen and Produzieren -------------------------------------------------------------------------
def test_consume_alien_research_team(monkeypatch) -> None:
    """ "Mit Alien Forschungs-Team (14) erhöht der Roboter bei der Aktion Verbrauchen: Handeln sein Guthaben
    um 1 mehr. Bei der Aktion Verbrauchen: 2x Siegpunkte erhöht er seine Wirtschaftskraft nicht. Er bekommt
    bei dieser Aktion 1 Prestige, wenn er in seinem Auslagestapel mindestens eine Alien-Welt hat." """
    game, s = robot_with("alien-research-team")
    r = bot(s)
    r.credit, r.economy = 0, 2
    roll(monkeypatch, "trade", "produce")
    play_round(game, s, "explore-5", "develop")
    assert r.credit == 3
    r.economy, chips = 2, r.chips
    roll(monkeypatch, "x2", "explore")
    lines = robot_lines(play_round(game, s, "produce", "develop"))
    assert line_of(lines, "Robot, Consume: 2x VP Action").endswith("; 4 VP.")  # its start world is no other
    assert r.chips == chips + 4 and r.economy == 2 and r.prestige == 0
    robot_tableau(s, ["alien-robot-sentry"])
    roll(monkeypatch, "x2", "explore")
    lines = robot_lines(play_round(game, s, "produce", "develop"))
    assert line_of(lines, "Robot, Consume: 2x VP Action").endswith("; 4 VP, 1 prestige.")
    assert r.prestige == 1 and r.economy == 2


def test_damaged_alien_factory_turns_its_tile_over_after_each_action(monkeypatch) -> None:
    """ "Defekte Alien Fabrik (7): Jedes Mal, wenn das „Roboter“-Plättchen ($) zeigt, wird es nach der
    Aktion Verbrauchen: Handeln auf die Seite umgedreht." and "Jedes Mal, wenn das „Roboter“-Plättchen (+)
    zeigt, wird es nach der Aktion Produzieren auf die Seite ($) umgedreht." """
    game, s = robot_with("damaged-alien-factory", expansion=1)
    r = bot(s)
    assert r.tile == "produce"
    roll(monkeypatch, "robot", "explore")
    lines = robot_lines(play_round(game, s, "develop", "settle"))
    assert "Robot: its tile turns over and shows Consume: Trade." in lines and r.tile == "trade"
    roll(monkeypatch, "robot", "explore")
    lines = robot_lines(play_round(game, s, "develop", "settle"))
    assert r.fields[0] == "consume-trade" and "Robot: its tile turns over and shows Produce." in lines
    assert r.tile == "produce"


def test_produce_galactic_scavengers_raises_credit(monkeypatch) -> None:
    """ "Mit Rebellen Kneipe (9.) und Galaktische Leichenfledderer (12) erhöht der Roboter beim Produzieren
    sein Guthaben um 1." """
    game, s = robot_with("galactic-scavengers")
    r = bot(s)
    r.credit, r.economy = 1, 0
    roll(monkeypatch, "produce", "explore")
    play_round(game, s, "consume-x2", "produce")
    assert (r.credit, r.economy) == (3, 1)  # Explore +1, Produce +1


# --- PRESTIGE UND SUCHEN IM SOLITÄR-SPIEL -------------------------------------------------------------
def test_prestige_the_robot_gains_prestige_for_the_prestige_symbol(monkeypatch) -> None:
    """ "Der Roboter erhält Prestige wenn er eine Karte ausspielt, die beim Ausspielen Prestige gibt." """
    game, s = robot_with("old-earth")
    r = bot(s)
    r.credit = 0
    robot_hand(s, ["galactic-markets"])
    deck_top(s, ["comet-zone"])
    roll(monkeypatch, "develop", "produce")
    lines = robot_lines(play_round(game, s, "consume-x2", "produce"))
    assert line_of(lines, "Robot, Develop Action").endswith("free, 1 prestige for its prestige symbol.")
    assert r.prestige == 1 and "Robot earns 1 VP, a card and 1 credit as Prestige Leader." in texts(s.log)


def test_prestige_no_prestige_without_set_3(monkeypatch) -> None:
    """ "Wenn mit Set 3 und den Startwelten 12–15 gespielt wird, werden die Regeln für Prestige und Suchen
    benötigt." Below set 3 a Rebel card gives Rebel Freedom Fighters' robot nothing (it is not dealt)."""
    game, s = robot_with("separatist-colony", expansion=2)
    r = bot(s)
    r.credit = 0
    robot_hand(s, ["rebel-pact"])
    deck_top(s, ["comet-zone"])
    roll(monkeypatch, "develop", "produce")
    play_round(game, s, "consume-x2", "produce")
    assert r.tableau[-1] == "rebel-pact" and r.prestige == 0
    assert not any("search" in str(a) for a in game.legal_actions(s))  # no Search below set 3


def test_prestige_round_start_bonus_of_the_sole_leader(monkeypatch) -> None:
    """ "Wenn der Roboter zu Beginn der Runde eindeutig das größte Prestige besitzt und er in der vorigen
    Runde mindestens 1 Prestige erworben hat, erhält er 1 Siegpunkt und 1 Karte, die er auf seinen
    Handkartenstapel legt. Außerdem erhöht er sein Guthaben um 1." """
    game, s = robot_with("old-earth")
    r = bot(s)
    r.prestige, r.prestige_turn, r.credit, r.economy, r.chips = 2, True, 1, 0, 0
    roll(monkeypatch, "produce", "x2")
    hand = len(r.hand)
    lines = play_round(game, s, "produce", "consume-x2")
    assert "Robot earns 1 VP, a card and 1 credit as Prestige Leader." in texts(s.log[-3:])
    assert r.chips == 1 and len(r.hand) == hand + 1 and r.credit == 2 and not r.prestige_turn
    assert lines  # the round was played
    roll(monkeypatch, "produce", "x2")
    chips, x2 = r.chips, 2 * r.economy
    play_round(game, s, "produce", "consume-x2")  # no prestige gained last round: 1 VP only
    assert "Robot earns 1 VP as Prestige Leader." in texts(s.log[-3:]) and r.chips == chips + x2 + 1


def test_prestige_tied_leaders_get_1_vp_each(monkeypatch) -> None:
    """ "Der Roboter kann ganz normal das Anzeigeplättchen Größtes Prestige bekommen oder am Gleichstand
    beteiligt sein." Tied: each leader gets 1 VP and nobody the card (RULES.md BOW-6)."""
    game, s = robot_with("old-earth")
    r, p = bot(s), s.players[0]
    r.prestige, r.prestige_turn, p.prestige, p.prestige_turn = 1, True, 1, True
    r.chips, r.economy, chips, hand = 0, 0, p.chips, len(r.hand)
    roll(monkeypatch, "produce", "x2")
    play_round(game, s, "produce", "consume-x2")
    assert texts(s.log[-2:]) == ["{A} earns 1 VP as Prestige Leader.", "Robot earns 1 VP as Prestige Leader."]
    assert r.chips == 1 and p.chips == chips + 1 and len(r.hand) == hand and r.credit == 1


def test_prestige_end_at_15_and_prestige_vp(monkeypatch) -> None:
    """ "3) nach der Runde, in der der Spieler und/oder der Roboter 15 oder mehr Prestige besitzt." and
    "Bei Spielende zählt jeder Prestige-Punkt, den der Roboter besitzt, 1 Siegpunkt." """
    game, s = robot_with("old-earth")
    r = bot(s)
    r.prestige = 15
    roll(monkeypatch, "produce", "x2")
    play_round(game, s, "produce", "consume-x2")
    assert s.ended and s.ending == "prestige"
    score = game.view(s, 0)["robot"]["score"]
    assert (
        score["prestige"] == 15 and score["total"] == score["chips"] + score["cards"] + score["six_cost"] + 15
    )


def test_prestige_29_chips_with_prestige() -> None:
    """ "Es werden 24 Siegpunkt-Chips als Vorrat bereitgelegt (29 beim Spiel mit Prestige)." """
    assert solo_table(expansion=3)[1].pool == 29 and solo_table(expansion=2)[1].pool == 24


def test_search_the_robot_never_searches_and_a_match_die_passes_over_search(monkeypatch) -> None:
    """ "Im Gegensatz zum menschlichen Spieler kann der Roboter niemals Suchen oder Prestige-Bonus wählen."
    A match die lies under the player's other action card (RULES.md)."""
    game, s = robot_with("old-earth")
    r = bot(s)
    roll(monkeypatch, "match", "match")
    assert "select search produce" in [str(a) for a in game.legal_actions(s)]
    start = len(s.log)
    game.apply(s, "select search produce")
    assert r.fields == ["produce", "produce"]
    assert all(
        "Search" not in line for line in robot_lines(texts(s.log[start:])) if line.startswith("Robot,")
    )


# --- the first rounds of every start world of every level -----------------------------------------------
ROUNDS = [
    (("explore", "develop"), ("settle", "consume-trade")),
    (("settle", "produce"), ("develop", "explore-5")),
    (("trade", "x2"), ("produce", "settle")),
]


def _cases() -> list[tuple[int, str]]:
    from cardtable.games.race_for_the_galaxy.cards import catalog

    return [(level, key) for level in range(4) for key in catalog(level).start_worlds]


@pytest.mark.parametrize(("level", "key"), _cases())
def test_first_rounds_of_every_start_world(monkeypatch, level: int, key: str) -> None:
    """ "Die Startwelt des Roboters bestimmt, welche Modifikationsplättchen auf die Anzeigetafel des Roboters
    gelegt werden, um seine dort gezeigten normalen Aktionen und Reaktionen zu modifizieren oder zu
    ersetzen." Three rounds from a fixed deal and fixed dice: every Action and Reaction is narrated in
    phase order, with its start world's changes named, and draws as many cards and moves the tracks as
    its data says (round 1: Explore and Develop Actions, Settle and Consume Reactions; round 2: Explore
    and Develop Reactions, Settle and Produce Actions; round 3: Settle Reaction, both Consume Actions,
    Produce Reaction)."""
    game, s = robot_with(key, expansion=level)
    cat = game.catalog
    r = bot(s)
    world = game.robot.start(key)
    name = cat[key].name
    r.credit, r.supply = 2, 2
    expected = [
        ["Explore Action", "Develop Action", "Settle Reaction", "Consume Reaction"],
        ["Explore Reaction", "Develop Reaction", "Settle Action", "Produce Action"],
        ["Settle Reaction", "both Consume Actions", "Produce Reaction"],
    ]
    for (dice, actions), phases in zip(ROUNDS, expected, strict=True):
        roll(monkeypatch, *dice)
        economy, credit = r.economy, r.credit
        per = sum(1 for c in r.tableau if cat[c].is_world and world.settle_more_per in cat[c].flags)
        lines = robot_lines(play_round(game, s, *actions))
        game.check_invariants(s)
        assert lines[0].startswith("Robot rolls") and lines[1].startswith("Robot's dice")
        steps = [line for line in lines if line.startswith("Robot, ")]
        assert [line.split(":")[0].removeprefix("Robot, ") for line in steps] == phases
        explore = next((line for line in steps if "Explore" in line), "")
        if explore:
            more = f"{name} draws {world.explore_more} more; " if world.explore_more else ""
            assert f": {more}draws {1 + world.explore_more}" in explore  # one die, or the Reaction
        if dice == ("explore", "develop"):  # credit 2 + 1: a marker for 2
            assert "places a 6-cost marker" in steps[1] and r.markers == 1
        if dice == ("settle", "produce"):
            settle = line_of(steps, "Robot, Settle Action")
            if world.first_settle_action is not None:
                assert "searches the deck" in settle and key not in r.tableau
            else:
                draws = world.settle_action_draw + (per if world.settle_more_per else 0)
                assert f"draws {draws}, " in settle
                assert ("searches" in settle) == (world.settle_search != "non-military")
            produce = line_of(steps, "Robot, Produce Action")
            assert produce.endswith(
                "economy +1" + (f", credit +{world.produce_credit}." if world.produce_credit else ".")
            )
        if dice == ("trade", "x2"):
            consume = line_of(steps, "Robot, both Consume Actions")
            assert f"{2 * economy} VP" in consume and f"credit +{world.trade_credit}" in consume
            assert r.economy == min(5, economy + world.x2_economy)
            reaction = line_of(steps, "Robot, Settle Reaction")
            if world.settle_reaction_credit and credit == 0:
                assert reaction.endswith("no credit, passes.")
            else:
                assert ("needs no credit" in reaction) == (not world.settle_reaction_credit)
        assert all("(credit" not in line for line in lines)  # the panel shows the tracks, not the log


# --- the data file: the tiles' vocabulary ----------------------------------------------------------------
def _start(raw: dict, key: str) -> dict:
    return next(w for w in raw["start"] if w["key"] == key)


def _data(edit) -> None:  # type: ignore[no-untyped-def]
    import tomllib
    from pathlib import Path

    from cardtable.core.carddata import convert_card_data
    from cardtable.games.race_for_the_galaxy.cards import catalog
    from cardtable.games.race_for_the_galaxy.robot import ROBOT_FILE, RobotFile, check_robot_data

    raw = tomllib.loads(Path(ROBOT_FILE).read_text(encoding="utf-8"))
    edit(raw)
    check_robot_data(convert_card_data(raw, RobotFile, "robot.toml"), catalog(3), "robot.toml")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda raw: _start(raw, "rebel-cantina").__setitem__("settle_search", "red"), "settle_search"),
        (
            lambda raw: _start(raw, "rebel-freedom-fighters").__setitem__("never", ["empire"]),
            "unknown card flags",
        ),
        (lambda raw: _start(raw, "doomed-world").__setitem__("number", 9), "the card is number 8"),
        (lambda raw: _start(raw, "damaged-alien-factory").__setitem__("tile", "settle"), "turns over shows"),
        (lambda raw: _start(raw, "galactic-developers").__setitem__("develop_action_more", -1), "positive"),
        (lambda raw: _start(raw, "ancient-race").__setitem__("bonus", 1), "unknown field"),
        (lambda raw: _start(raw, "ancient-race").__setitem__("key", "gambling-world"), "one entry per start"),
    ],
)
def test_data_tile_faults_are_named(edit, message: str) -> None:  # type: ignore[no-untyped-def]
    from cardtable.core import CardDataError

    with pytest.raises(CardDataError, match=message):
        _data(edit)


def test_data_every_tile_number_the_seed_does_not_print_is_flagged() -> None:
    """ "... zieht er in der Phase Erkunden mehr Karten, so wie es auf dem Modifikationsplättchen angegeben
    ist": every count above the board's that the seed does not number carries its reason."""
    game, _ = solo_table(expansion=3)
    for world in game.robot.starts:
        if world.explore_more:
            assert "explore_more" in world.reconstructed, world.key
        if world.develop_action_more or world.develop_reaction_more:
            assert {"develop_action_more"} & set(world.reconstructed), world.key
        if world.key != "uplift-mercenary-force" and world.settle_action_draw != 3:
            assert "settle_action_draw" in world.reconstructed, world.key
        if world.key != "old-earth":
            assert "tile" in world.reconstructed, world.key
