"""Rulebook "Special Abilities": Camouflaged, Spiked, Immune to Poison."""

from .conftest import Table


def _attack_b(t: Table, number: int = 1) -> None:
    t.play(f"attack {number}")
    if t.decision.kind == "target":
        t.play("target b")


def test_special_abilities_camouflaged_cannot_be_targeted_by_opponent_effects(table: Table) -> None:
    t = table
    t.dino(1, "ghost-1")
    t.dino(1, "rex-2", active=False)
    t.hand(0, "mine", "attack")
    t.part(0, "strategy")
    t.play("item mine")  # 10 damage to target opponent Dinosaur: only Rex can be chosen
    assert t.p(1).active.damage == 0 and t.p(1).bench[0].damage == 10


def test_special_abilities_camouflaged_alone_means_no_target(table: Table) -> None:
    t = table
    t.dino(1, "ghost-1")
    t.hand(0, "mine", "attack")
    t.part(0, "strategy")
    t.play("item mine")
    assert t.p(1).active.damage == 0 and t.decision.kind == "strategy"  # no effect left pending


def test_special_abilities_camouflaged_can_still_be_attacked_in_combat(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(1, "ghost-1")
    t.part(0, "combat")
    _attack_b(t)
    assert t.p(1).active.damage == 10


def test_special_abilities_spiked_deals_five_to_the_attacker(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(1, "shell-1")
    t.part(0, "combat")
    _attack_b(t)
    assert t.p(1).active.damage == 10 and t.p(0).active.damage == 5


def test_special_abilities_spiked_does_not_hurt_when_no_damage_is_dealt(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(1, "shell-1", attached=("defend",))
    t.part(0, "combat")
    _attack_b(t)
    t.play("defend")
    assert t.p(1).active.damage == 0 and t.p(0).active.damage == 0


def test_special_abilities_spiked_knockout_counts_for_the_spiked_dinosaurs_owner(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", damage=35, attached=("attack",))
    t.dino(1, "shell-1")
    t.part(0, "combat")
    _attack_b(t)
    assert t.p(0).active is None and "rex-1" in t.s.purgatory
    assert t.p(1).kos == 1 and t.p(0).kos == 0


def test_special_abilities_immune_to_poison_receives_no_poison_cards(table: Table) -> None:
    t = table
    t.dino(0, "toxo-1", attached=("attack", "attack"))
    t.dino(1, "toxo-2")
    t.part(0, "combat")
    _attack_b(t)
    assert t.p(1).active.damage == 5 and "poison" not in t.p(1).discard
    t.dino(1, "rex-2")
    t.part(0, "combat")
    _attack_b(t)
    assert t.p(1).discard.count("poison") == 2
