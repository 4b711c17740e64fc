"""Rulebook "Strategies": free to play, one per turn, bonuses +X Draw/Action/Attach/Combat/Buy/HP."""

from .conftest import Table


def test_strategies_playing_is_free_and_discards_the_card(table: Table) -> None:
    t = table
    t.hand(0, "scheme")
    t.part(0, "strategy")
    deck = len(t.p(0).deck)
    t.play("play scheme")
    assert t.p(0).discard == ["scheme"] and len(t.p(0).hand) == 2 and len(t.p(0).deck) == deck - 2


def test_strategies_action_bonus_allows_another_strategy(table: Table) -> None:
    t = table
    t.hand(0, "scheme", "market")
    t.deck(0, "wound", "wound")
    t.part(0, "strategy")
    t.play("play scheme")  # +2 Draw, +1 Action
    assert "play market" in t.legal()
    t.play("play market")
    assert t.s.turn.actions == 0 and t.s.turn.buys == 2


def test_strategies_attach_and_combat_bonuses(table: Table) -> None:
    t = table
    t.dino(0, "rex-1")
    t.hand(0, "drill", "attack", "attack", "attack")
    t.part(0, "strategy")
    t.play("play drill")  # +2 Attach, +1 Combat
    t.play("attach attack rex-1", "attach attack rex-1", "attach attack rex-1")
    assert t.p(0).active.attached == ["attack"] * 3 and t.s.turn.attaches == 0
    t.play("pass", "attack 1")
    while t.s.attack is not None:
        t.play("target b" if "target b" in t.legal() else "pass")
    assert t.s.turn.part == "combat"  # a second Combat Move
    t.play("attack 1")
    while t.s.attack is not None:
        t.play("target b" if "target b" in t.legal() else "pass")
    assert t.s.turn.part == "buy"


def test_strategies_hp_bonus_restores_hit_points_of_target_dinosaur(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", damage=20)
    t.dino(0, "shell-1", active=False, damage=10)
    t.hand(0, "medic")
    t.part(0, "strategy")
    t.play("play medic")
    assert t.decision.kind == "hp" and t.legal() == ["heal rex-1", "heal shell-1"]
    t.play("heal shell-1")
    assert t.p(0).bench[0].damage == 0 and t.p(0).active.damage == 20


def test_strategies_hp_bonus_with_one_damaged_dinosaur_needs_no_choice(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", damage=20)
    t.hand(0, "medic")
    t.part(0, "strategy")
    t.play("play medic")
    assert t.p(0).active.damage == 5


def test_strategies_discard_effect_is_the_targets_choice(table: Table) -> None:
    t = table
    t.hand(0, "jam")
    for seat in range(1, len(t.s.players)):
        t.hand(seat, "attack", "poison", "evade")
    t.dino(1, "rex-2")
    t.part(0, "strategy")
    t.play("play jam")
    if t.decision.seat == 0:
        assert t.decision.kind == "discard"
        t.play("target b")
    assert t.decision.seat == 1
    t.play("discard poison")  # a discarded Poison costs the active Dinosaur 5 HP
    assert t.p(1).active.damage == 5
    t.play("discard evade")
    assert t.p(1).hand == ["attack"] and t.decision.seat == 0


def test_strategies_purge_removes_cards_from_the_game(table: Table) -> None:
    t = table
    t.hand(0, "cleanse", "wound", "wound", "attack")
    t.part(0, "strategy")
    t.play("play cleanse", "purge wound")
    assert t.legal() == ["purge attack", "purge wound", "pass"]
    t.play("pass")
    assert t.s.purgatory.count("wound") == 1 and t.p(0).hand == ["wound", "attack"]


def test_strategies_status_effect_on_target_opponent(table: Table) -> None:
    t = table
    t.hand(0, "venom")
    t.part(0, "strategy")
    t.play("play venom")
    n = len(t.s.players)
    for _ in range(2):
        if t.decision.kind in ("poison", "wound"):
            t.play(f"target {'abcd'[n - 1]}")
    assert t.p(n - 1).discard.count("poison") == 1 and t.p(n - 1).discard.count("wound") == 2
