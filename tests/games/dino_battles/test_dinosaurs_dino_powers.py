"""Rulebook "Dinosaurs" / "Dino Powers": static powers apply from the bench, activated ones are paid."""

from cardtable.games.dino_battles.zones import effective

from .conftest import Table


def test_dino_powers_static_power_helps_the_active_dinosaur_from_the_bench(table: Table) -> None:
    t = table
    t.dino(0, "rex-1")
    assert effective(t.cat, t.s, 0, "atk") == 6
    t.dino(0, "chief-1", active=False)  # Herd Leader: +2 ATK, +1 EVA
    assert effective(t.cat, t.s, 0, "atk") == 8
    assert effective(t.cat, t.s, 0, "eva") == 3
    assert effective(t.cat, t.s, 0, "def") == 4


def test_dino_powers_static_power_makes_an_attack_succeed(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(0, "chief-1", active=False)
    t.dino(1, "ghost-1", attached=("evade",))  # EVA 7 < ATK 6 + 2
    t.part(0, "combat")
    t.play("attack 1")
    if t.decision.kind == "target":
        t.play("target b")
    t.play("evade")
    assert t.p(1).active.damage == 10


def test_dino_powers_activated_power_is_paid_from_hand_once_per_turn(table: Table) -> None:
    t = table
    t.dino(0, "jammer-1")
    t.hand(0, "evade", "evade")
    t.hand(1, "attack", "wound")
    t.part(0, "strategy")
    assert "power" in t.legal()
    t.play("power")
    if t.decision.kind == "discard" and t.decision.seat == 0:
        t.play("target b")
    assert t.decision.seat == 1 and t.legal() == ["discard attack", "discard wound"]
    t.play("discard wound")
    assert t.p(1).hand == ["attack"] and t.p(1).discard == ["wound"]
    assert t.p(0).hand == ["evade"] and "power" not in t.legal()


def test_dino_powers_activated_power_only_for_the_active_dinosaur(table: Table) -> None:
    t = table
    t.dino(0, "rex-1")
    t.dino(0, "jammer-1", active=False)
    t.hand(0, "evade")
    t.part(0, "strategy")
    assert "power" not in t.legal()


def test_dino_powers_static_power_applies_only_while_on_the_bench(table: Table) -> None:
    """ "Static Dino Powers apply as long as the Dinosaur with that Power is on your bench": an active
    Chief (ATK 2, Herd Leader +2 ATK) does not boost itself, and lends its power again once benched."""
    t = table
    t.dino(0, "chief-1")
    assert effective(t.cat, t.s, 0, "atk") == 2 and effective(t.cat, t.s, 0, "eva") == 2
    assert t.game.view(t.s, 1)["players"][0]["active"]["atk"] == 2
    t.dino(0, "rex-1")  # Rex becomes active, the Chief goes to the bench
    assert effective(t.cat, t.s, 0, "atk") == 8
