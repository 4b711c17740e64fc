"""Rulebook "The goal of the game": three opponent Dinosaurs knocked out, or the Wound supply runs out."""

from .conftest import Table


def _attack_b(t: Table, number: int = 1) -> None:
    t.play(f"attack {number}")
    if t.decision is not None and t.decision.kind == "target":
        t.play("target b")


def test_goal_third_knockout_wins(table: Table) -> None:
    t = table
    t.p(0).kos = 2
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(1, "rex-2", damage=30)
    t.part(0, "combat")
    _attack_b(t)
    assert t.decision is None
    result = t.game.result(t.s)
    assert result.winners == (0,) and result.scores[0] == 1.0
    assert all(score == -1.0 for score in result.scores[1:])
    assert t.game.legal_actions(t.s) == []


def test_goal_knockouts_of_different_opponents_add_up(table: Table) -> None:
    t = table
    n = len(t.s.players)
    t.p(0).kos = 2
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(n - 1, "ghost-2", damage=15)
    t.part(0, "combat")
    t.play("attack 1")
    if n > 2:
        t.play(f"target {'abcd'[n - 1]}")
    assert t.game.result(t.s).winners == (0,)


def test_goal_wound_supply_running_out_ends_the_game_fewest_wounds_win(table: Table) -> None:
    t = table
    n = len(t.s.players)
    t.dino(0, "rex-1", attached=("attack", "attack", "defend"))
    t.p(0).discard.extend(["wound"] * 2)  # arranged from the Supply, cards conserved
    t.s.supply["wound"] -= 2
    t.s.purgatory.extend(["wound"] * (t.s.supply["wound"] - 1))  # leave one Wound in the Supply
    t.s.supply["wound"] = 1
    t.part(0, "combat")
    _attack_b(t, 2)  # direct attack for 30: 6 Wounds wanted, only 1 left
    assert t.s.supply["wound"] == 0 and t.decision is None
    result = t.game.result(t.s)
    # A has 5 Wounds, B 4, others 3: the fewest wins
    expected = tuple(range(2, n)) if n > 2 else (1,)
    assert result.winners == expected and "Wound supply" in result.reason


def test_goal_wound_tie_is_broken_by_knockouts(table: Table) -> None:
    t = table
    t.p(1).kos = 1
    t.s.ended = "wounds"
    result = t.game.result(t.s)
    assert result.winners == (1,)  # everyone has 3 Wounds; B knocked out the most Dinosaurs


def test_goal_wound_tie_with_equal_knockouts_is_shared(table: Table) -> None:
    t = table
    n = len(t.s.players)
    if n > 2:
        t.p(0).hand.append("wound")  # A has one Wound more
        t.s.supply["wound"] -= 1
    t.s.ended = "wounds"
    result = t.game.result(t.s)
    if n == 2:
        assert result.draw and result.winners == () and result.scores == (0.0, 0.0)
    else:
        assert result.winners == tuple(range(1, n)) and result.scores[0] == -1.0


def test_goal_wounds_count_hand_deck_and_discard_not_purgatory(table: Table) -> None:
    t = table
    p = t.p(0)
    assert t.game.wounds(t.s, 0) == 3
    p.hand.append("wound")
    t.s.supply["wound"] -= 1
    assert t.game.wounds(t.s, 0) == 4
    t.hand(0, "cleanse", "wound")
    t.part(0, "strategy")
    t.play("play cleanse", "purge wound", "pass")
    assert t.game.wounds(t.s, 0) == 3


def test_goal_the_game_ends_after_the_round_in_which_the_dino_deck_is_used_up(table: Table) -> None:
    t = table
    n = len(t.s.players)
    t.s.purgatory.extend(t.s.dino_deck + t.s.row)
    t.s.dino_deck, t.s.row = [], []
    t.part(1, "keep")  # B's turn ends with nothing left to purge: the round is played out
    seats_played = []
    while t.decision is not None:
        seats_played.append(t.s.turn.player)
        t.part(t.s.turn.player, "keep")
        t.play("pass")
    assert seats_played == list(range(1, n))
    assert t.s.ended == "arena"
    assert "Dino Deck" in t.game.result(t.s).reason


def test_goal_last_dinosaurs_are_purged_one_per_turn(table: Table) -> None:
    t = table
    n = len(t.s.players)
    t.s.purgatory.extend(t.s.dino_deck + t.s.row[1:])
    t.s.dino_deck, t.s.row = [], t.s.row[:1]
    t.part(n - 2, "keep")
    t.play("pass")
    assert t.s.row == [] and t.s.turn.player == n - 1  # the last one was purged; the round goes on
    t.play("pass", "pass", "pass")
    assert t.s.ended == "arena"
