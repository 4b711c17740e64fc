"""Solo rules, Cleanup and End of the Game: you keep the first-player token; 25 VP finishes the round's
Action phase; +1 VP per location on both sides; a tie is a loss; the achievement table as far as the
seed gives it. RESEARCH.md §4.1, §4.2 items 7, 10."""

import pytest

from cardtable.games.fifty_first_state.virtual_player import achievement

from .conftest import SoloTable


def test_cleanup_you_keep_the_first_player_token_every_round() -> None:
    t = SoloTable()
    for round_ in (2, 3, 4):
        t.act("pass")
        assert t.s.round == round_ and t.s.first == 0
        while t.s.phase == "lookout":
            t.act(str(t.legal()[0]))
        assert t.s.turn == 0 and t.decision.seat == 0
    assert len(t.vip.sites) == 4 * 3, "three locations a round, kept from round to round"


def test_its_25_vp_finish_the_action_phase_then_both_count_locations() -> None:
    t = SoloTable()
    t.quiet()
    t.sites(0, "gun-shop", "ruin:arena", "church")
    t.sites(1, "pub", "school", "docks")
    t.vip.vp = 23
    t.supply(0, worker=10)
    t.top("bioweaponry", "docks")
    lines = t.step("work fuel")
    assert "it razes Gun Shop at 1" in lines[1] and t.vip.vp == 25
    assert lines[2] == "A player has 25 VP: this round is the last."
    assert t.decision.seat == 0, "the Action phase goes on"
    t.step("work fuel")  # its second attack: Docks shares no type with Church
    assert t.s.virtual.attacks == 2 and t.decision is not None
    lines = t.step("pass")
    assert lines == [
        "A passes.",
        "The virtual player passes: A has passed; the attack pile (Bioweaponry, Docks) is discarded.",
        "End: A scores 1 VP for locations, 1 VP in all.",  # Church; the two Ruins score nothing
        "End: the virtual player scores 3 VP for locations, 28 VP in all.",
        "The virtual player wins 28 to 1 (it has more VP).",
    ]
    assert t.decision is None
    result = t.game.result(t.s)
    assert result.winners == (1,) and result.scores == (-1.0, 1.0)
    assert result.reason == "the virtual player has more VP"
    assert (
        result.details["vp_a"] == 1 and result.details["vp_b"] == 28 and result.details["achievement"] == ""
    )


def test_your_25_vp_end_the_game_too() -> None:
    t = SoloTable()
    t.quiet()
    t.sites(0, "archive")
    t.sites(1, "pub")
    t.you.vp = 24
    t.supply(0, worker=1)
    t.top("church")
    t.step("use 1")
    assert t.you.vp == 25 and t.s.last_round
    lines = t.step("pass")
    assert lines[-1] == "A beats the virtual player 26 to 1 (achievement: Mutant)."
    result = t.game.result(t.s)
    assert result.winners == (0,) and result.details["achievement"] == "Mutant"


def test_a_tie_is_a_loss() -> None:
    t = SoloTable()
    t.s.last_round = True
    t.sites(0, "church", "docks")
    t.sites(1, "pub")
    t.you.vp, t.vip.vp = 30, 31
    lines = t.step("pass")
    assert lines[-1] == "The virtual player wins 32 to 32 (a tie is a loss)."
    result = t.game.result(t.s)
    assert result.winners == (1,) and not result.draw and result.reason == "a tie is a loss"


@pytest.mark.parametrize(
    ("score", "title"),
    [(26, "Mutant"), (29, "Mutant"), (30, ""), (69, ""), (70, "Grand Master"), (95, "Grand Master")],
)
def test_the_achievement_table_as_far_as_the_seed_gives_it(score: int, title: str) -> None:
    assert achievement(score) == title


def test_a_win_between_the_known_rows_has_no_title() -> None:
    t = SoloTable()
    t.s.last_round = True
    t.sites(0, "church")
    t.sites(1, "pub")
    t.you.vp, t.vip.vp = 44, 10
    lines = t.step("pass")
    assert (
        lines[-1]
        == "A beats the virtual player 45 to 11 (no title in the known rows of the achievement table)."
    )
    assert t.game.result(t.s).details["achievement"] == ""


def test_an_empty_deck_and_discard_pile_make_the_round_the_last() -> None:
    t = SoloTable()
    t.s.last_round = False
    t.you.hand.extend(t.s.deck + t.s.discard)  # every card out of reach (S11)
    t.s.deck, t.s.discard = [], []
    t.you.known = []
    t.act("pass")
    assert "The deck and the discard pile are empty: this round is the last." in t.s.events
    assert t.s.last_round and t.s.phase == "action" and t.s.round == 2
    t.act("pass")
    assert t.decision is None and t.game.result(t.s) is not None
