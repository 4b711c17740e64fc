"""Rulebook "Status Effects": Poison, Wound, Paralyze cards taken from the Supply into the discard pile."""

from .conftest import Table


def _attack_b(t: Table, number: int) -> None:
    t.play(f"attack {number}")
    if t.decision.kind == "target":
        t.play("target b")


def test_status_effects_attack_status_cards_go_to_the_discard_pile(table: Table) -> None:
    t = table
    t.dino(0, "toxo-1", attached=("evade",))
    t.dino(1, "rex-2")
    t.part(0, "combat")
    supply = dict(t.s.supply)
    _attack_b(t, 2)  # Sting: 5 damage, Paralyze and Wound
    assert sorted(t.p(1).discard) == ["paralyze", "wound"]
    assert t.s.supply["paralyze"] == supply["paralyze"] - 1 and t.s.supply["wound"] == supply["wound"] - 1


def test_status_effects_no_status_cards_when_the_attack_is_evaded(table: Table) -> None:
    t = table
    t.dino(0, "toxo-1", attached=("evade",))
    t.dino(1, "ghost-2", attached=("evade",))
    t.part(0, "combat")
    _attack_b(t, 2)
    t.play("evade")
    assert t.p(1).discard == ["evade"]


def test_status_effects_poison_discarded_costs_the_active_dinosaur_five_hp(table: Table) -> None:
    t = table
    t.dino(0, "rex-1")
    t.hand(0, "poison", "poison", "attack")
    t.part(0, "keep")
    t.play("keep attack")
    assert t.p(0).active.damage == 10


def test_status_effects_poison_kept_in_hand_does_nothing(table: Table) -> None:
    t = table
    t.dino(0, "rex-1")
    t.hand(0, "poison")
    t.part(0, "keep")
    t.play("keep poison")
    assert t.p(0).active.damage == 0


def test_status_effects_poison_can_knock_out_without_credit(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", damage=35)
    t.dino(0, "shell-1", active=False)
    t.hand(0, "poison")
    t.part(0, "keep")
    t.play("pass")
    assert "rex-1" in t.s.purgatory and t.p(0).active.tag == "shell-1"
    assert all(p.kos == 0 for p in t.s.players)


def test_status_effects_paralyze_in_hand_blocks_attack_and_retreat(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(0, "shell-1", active=False)
    t.hand(0, "paralyze", "evade")
    t.part(0, "combat")
    assert t.legal() == ["pass"]
    t.hand(0, "evade")
    t.part(0, "combat")
    assert t.legal() == ["attack 1", "retreat shell-1", "pass"]


def test_status_effects_wound_has_no_effect_in_play(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", attached=("attack",))
    t.hand(0, "wound", "wound")
    t.part(0, "combat")
    assert "attack 1" in t.legal()
    t.part(0, "keep")
    t.play("pass")
    assert t.p(0).active.damage == 0
