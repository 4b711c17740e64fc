"""The faces of the Dino Battles cards (combat, status, Dinosaurs, Strategies, Items), for drawing them."""

from __future__ import annotations

from typing import Any

from .cards import COMBAT_TYPES, STATUS_TYPES, Attack, Catalog, Cost, Dinosaur, Effects


def card_faces(catalog: Catalog, players: int) -> dict[str, dict[str, Any]]:
    """Every card by the id views show: card keys, and each Dinosaur copy's tag ('tyrannomech-2')."""
    origin = "printed" if catalog.data.meta.status == "printed" else "reconstructed"
    faces: dict[str, dict[str, Any]] = {}
    for keys, category, text in (
        (COMBAT_TYPES, "combat", "Combat Card"),
        (STATUS_TYPES, "status", "Status Effect"),
    ):
        for key in keys:
            # `plain`: the card says nothing beyond its name and kind (a table draws it without text)
            faces[key] = {
                "name": key.capitalize(),
                "category": category,
                "text": text,
                "plain": True,
                "origin": "printed",
            }
    for kind, table in (("strategy", catalog.strategies), ("item", catalog.items)):
        for key, card in table.items():
            text = card.text or _effects(card.effects)
            faces[key] = {
                "name": card.name,
                "category": kind,
                "cost": str(card.cost),
                "costs": _counts(card.cost),
                "text": text,
                "origin": origin,
            }
    for key, dino in catalog.dinosaurs.items():
        faces[key] = _dinosaur(dino, origin)
    for tag in catalog.dino_tags(players):
        faces[tag] = faces[tag.rsplit("-", 1)[0]]
    return faces


def _counts(cost: Cost) -> dict[str, int]:
    """A cost as the Combat Cards to discard, by kind ("attack", "evade", "defend"), those it needs only."""
    return {kind: n for kind, n in cost.as_dict().items() if n}


def _dinosaur(dino: Dinosaur, origin: str) -> dict[str, Any]:
    lines = [_attack(a) for a in dino.attacks]
    lines += [ability.replace("-", " ").capitalize() for ability in dino.abilities]
    if dino.power is not None:
        cost = f" ({dino.power.cost})" if dino.power.kind == "activated" else ""
        lines.append(f"Dino Power {dino.power.name}{cost}: {_effects(dino.power.effects)}")
    return {
        "name": dino.name,
        "category": dino.type.lower(),
        "cost": str(dino.cost),
        "costs": _counts(dino.cost),
        "stats": {
            "HP": dino.hp,
            "ATK": dino.atk,
            "EVA": dino.eva,
            "DEF": dino.def_,
            "retreat": str(dino.retreat),
        },
        "options": lines,
        #: its attacks in words, in the order the notation numbers them (`attack 1` is the first)
        "attacks": lines[: len(dino.attacks)],
        "origin": origin,
    }


def _attack(attack: Attack) -> str:
    extra = [
        f"+{n} {name}"
        for name, n in (("Poison", attack.poison), ("Paralyze", attack.paralyze), ("Wound", attack.wound))
        if n
    ]
    return f"{attack.name} ({attack.cost}): {attack.damage} damage" + "".join(f", {e}" for e in extra)


def _effects(effects: Effects) -> str:
    return ", ".join(
        f"{op} {amount:+d}" if op in ("atk", "eva", "def") else f"{op} {amount}"
        for op, amount in effects.ops()
    )
