"""Rulebook "Combat": attacks paid with attached cards, Evade / Defend / Pass, KO, direct attacks."""

import pytest

from cardtable.core import IllegalAction

from .conftest import Table


def _duel(t: Table) -> None:
    """A's Rex (ATK 6) with two ATK attached attacks B's Shell or Ghost set up by the test."""
    t.dino(0, "rex-1", attached=("attack", "attack", "defend"))
    t.hand(0)
    t.hand(1)
    t.part(0, "combat")


def _attack_b(t: Table, number: int = 1) -> None:
    t.play(f"attack {number}")
    if t.decision.kind == "target":
        t.play("target b")


def test_combat_attack_is_paid_with_attached_cards(table: Table) -> None:
    t = table
    t.dino(1, "rex-2")
    _duel(t)
    assert t.legal()[:2] == ["attack 1", "attack 2"]
    _attack_b(t, 2)
    assert t.p(0).active.attached == []
    assert sorted(t.p(0).discard) == ["attack", "attack", "defend"]


def test_combat_attack_needs_its_cost_attached(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", attached=("attack",))
    t.part(0, "combat")
    assert "attack 1" in t.legal() and "attack 2" not in t.legal()
    with pytest.raises(IllegalAction):
        t.game.apply(t.s, "attack 2")


def test_combat_defender_reacts_out_of_turn(table: Table) -> None:
    t = table
    t.dino(1, "rex-2", attached=("evade", "defend"))
    _duel(t)
    _attack_b(t)
    assert t.decision.seat == 1 and t.decision.kind == "react"
    assert t.legal() == ["evade", "defend", "pass"]


def test_combat_evade_succeeds_when_eva_is_equal_or_higher(table: Table) -> None:
    t = table
    t.dino(1, "ghost-1", attached=("evade",))  # EVA 7 vs ATK 6
    _duel(t)
    _attack_b(t)
    t.play("evade")
    assert t.p(1).active.damage == 0 and t.p(1).active.attached == [] and t.p(1).discard == ["evade"]


def test_combat_evade_fails_when_eva_is_lower(table: Table) -> None:
    t = table
    t.dino(1, "rex-2", attached=("evade",))  # EVA 2 vs ATK 6
    _duel(t)
    _attack_b(t)
    t.play("evade")
    assert t.p(1).active.damage == 10


def test_combat_defend_succeeds_when_def_is_equal_or_higher(table: Table) -> None:
    t = table
    t.dino(1, "shell-1", attached=("defend",))  # DEF 7 vs ATK 6
    _duel(t)
    _attack_b(t)
    t.play("defend")
    assert t.p(1).active.damage == 0 and t.p(1).discard == ["defend"]


def test_combat_defend_fails_when_def_is_lower(table: Table) -> None:
    t = table
    t.dino(1, "rex-2", attached=("defend",))  # DEF 4 vs ATK 6
    _duel(t)
    _attack_b(t)
    t.play("defend")
    assert t.p(1).active.damage == 10


def test_combat_pass_takes_full_damage_and_no_reaction_without_cards(table: Table) -> None:
    t = table
    t.dino(1, "rex-2")
    _duel(t)
    _attack_b(t, 2)  # no card attached: the only reaction is Pass, taken without asking
    assert t.p(1).active.damage == 30 and t.s.attack is None


def test_combat_knockout_purges_the_dinosaur_and_promotes_the_bench(table: Table) -> None:
    t = table
    t.dino(1, "rex-2", damage=30, attached=("evade",))
    t.dino(1, "shell-1", active=False)
    _duel(t)
    _attack_b(t)
    t.play("pass")
    assert "rex-2" in t.s.purgatory
    assert t.p(1).active.tag == "shell-1" and t.p(1).bench == []
    assert "evade" in t.p(1).discard  # attached cards go to the discard pile
    assert t.p(0).kos == 1


def test_combat_promotion_is_the_owners_choice_with_two_benched(table: Table) -> None:
    t = table
    t.dino(1, "rex-2", damage=35)
    t.dino(1, "shell-1", active=False)
    t.dino(1, "ghost-1", active=False)
    _duel(t)
    _attack_b(t)
    assert t.decision.seat == 1 and t.decision.kind == "promote"
    assert t.legal() == ["promote shell-1", "promote ghost-1"]
    t.play("promote ghost-1")
    assert t.p(1).active.tag == "ghost-1" and [d.tag for d in t.p(1).bench] == ["shell-1"]


def test_combat_direct_attack_gives_a_wound_per_five_damage(table: Table) -> None:
    t = table
    _duel(t)
    wounds = t.s.supply["wound"]
    _attack_b(t, 2)  # 30 damage, B controls no Dinosaur
    assert t.p(1).discard.count("wound") == 6
    assert t.s.supply["wound"] == wounds - 6


def test_combat_retreat_pays_the_cost_from_hand_and_swaps(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", damage=10, attached=("attack",))
    t.dino(0, "shell-1", active=False)
    t.hand(0, "evade")
    t.part(0, "combat")
    t.play("retreat shell-1")
    assert t.p(0).active.tag == "shell-1" and t.p(0).bench[0].tag == "rex-1"
    assert t.p(0).bench[0].damage == 10 and t.p(0).bench[0].attached == ["attack"]
    assert t.p(0).discard == ["evade"] and t.s.turn.part == "buy"


def test_combat_retreat_must_be_affordable(table: Table) -> None:
    t = table
    t.dino(0, "rex-1")
    t.dino(0, "shell-1", active=False)
    t.hand(0, "attack")
    t.part(0, "combat")
    assert "retreat shell-1" not in t.legal()


def test_combat_attacker_chooses_among_opponents(table: Table) -> None:
    t = table
    _duel(t)
    t.play("attack 1")
    n = len(t.s.players)
    if n == 2:
        assert t.s.attack is None  # the only opponent was attacked directly
    else:
        assert t.decision.kind == "target"
        assert t.legal() == [f"target {'abcd'[i]}" for i in range(1, n)]
        t.play(f"target {'abcd'[n - 1]}")
        assert t.p(n - 1).discard.count("wound") == 2
