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


def test_goal_wound_tie_is_a_shared_win_knockouts_do_not_break_it(table: Table) -> None:
    """ "The player with the least Wound Cards ... wins": two players with the fewest share the win, even
    if one knocked out more Dinosaurs (no tie-break is written)."""
    t = table
    n = len(t.s.players)
    t.p(1).kos = 2
    if n > 2:
        t.p(n - 1).hand.append("wound")  # the last seat has one Wound more
        t.s.supply["wound"] -= 1
    t.s.ended = "wounds"
    result = t.game.result(t.s)
    if n == 2:  # everyone shares the win: a draw
        assert result.draw and result.winners == () and result.scores == (0.0, 0.0)
    else:
        assert result.winners == tuple(range(n - 1)) and result.scores[n - 1] == -1.0
        assert result.scores[0] == result.scores[1] == 1.0 and "shared" in result.reason


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


def test_goal_there_is_no_dino_deck_ending_play_goes_on_without_purge_or_reveal(table: Table) -> None:
    """The goal of the game names two endings only (three knock-outs, the Wound supply). With the Dino Deck
    empty, the Strategy part skips the purge and the reveal (there is nothing to reveal) and play goes on;
    the revealed Dinosaurs stay to be bought."""
    t = table
    n = len(t.s.players)
    t.s.purgatory.extend(t.s.dino_deck)
    t.s.dino_deck = []
    row = list(t.s.row)
    for _ in range(2 * n + 1):  # more than two rounds of turns, each ended at once
        t.part(t.s.turn.player, "keep")
        t.play("pass")
        assert t.decision is not None and t.s.ended is None
    assert t.s.row == row and t.s.turn.number > 2 * n


def test_goal_dinosaurs_are_purged_only_while_the_dino_deck_can_reveal_another(table: Table) -> None:
    """ "The topmost of the Dinosaurs you revealed from the Dino Deck is purged and another Dinosaur is
    revealed": the last card of the Dino Deck is revealed, then the row stays as it is."""
    t = table
    t.s.purgatory.extend(t.s.dino_deck[:-1])
    t.s.dino_deck = t.s.dino_deck[-1:]
    last, row = t.s.dino_deck[0], list(t.s.row)
    t.part(0, "keep")
    t.play("pass")
    assert t.s.row == [*row[1:], last] and t.s.dino_deck == []
    t.part(t.s.turn.player, "keep")
    t.play("pass")
    assert t.s.row == [*row[1:], last] and t.s.ended is None


def _strip(t: Table, *keys: str) -> None:
    """Move every copy of these cards that nobody holds in play, and their Supply stacks, to Purgatory."""
    for p in t.s.players:
        for zone in (p.hand, p.deck, p.discard):
            t.s.purgatory.extend(c for c in zone if c in keys)
            zone[:] = [c for c in zone if c not in keys]
    for key in keys:
        t.s.purgatory.extend([key] * t.s.supply[key])
        t.s.supply[key] = 0


def _end_turn(t: Table) -> None:
    t.part(t.s.turn.player, "keep")
    t.play("pass")


def test_goal_true_stall_no_dinosaur_in_play_or_to_buy_ends_the_game(table: Table) -> None:
    """A true stall (RULES.md D2): nobody has a Dinosaur, none is left to reveal or buy and no card can
    give a Wound, so neither ending can ever come. The game ends and is scored like the Wound-supply end."""
    t = table
    n = len(t.s.players)
    t.s.purgatory.extend(t.s.dino_deck + t.s.row)
    t.s.dino_deck, t.s.row = [], []
    t.p(1).discard.append("wound")
    t.s.supply["wound"] -= 1
    _end_turn(t)
    assert t.s.ended is None  # Venom (+2 Wounds) can still be bought: the Wound supply may run out
    _strip(t, "venom")
    _end_turn(t)
    assert t.s.ended == "stall" and t.decision is None
    result = t.game.result(t.s)
    assert 1 not in result.winners and "nothing could ever again" in result.reason
    assert result.winners == (tuple(i for i in range(n) if i != 1) if n > 2 else (0,))


def test_goal_true_stall_with_dinosaurs_that_can_never_attack(table: Table) -> None:
    """Also a true stall: Dinosaurs are in play, but every Combat Card left is attached where no attack can
    use it (here an Evade on a Rex that attacks with Attack cards) and none is left in the Supply."""
    t = table
    t.s.purgatory.extend(t.s.dino_deck + t.s.row)
    t.s.dino_deck, t.s.row = [], []
    t.dino(0, "rex-1", attached=("evade",))
    _strip(t, "attack", "evade", "defend", "venom", "mine")
    t.p(0).active.attached.append("attack")  # one Attack card still attached: Rex can attack
    t.s.purgatory.remove("attack")
    _end_turn(t)
    assert t.s.ended is None
    t.p(0).active.attached.remove("attack")
    t.s.purgatory.append("attack")
    _end_turn(t)
    assert t.s.ended == "stall"
