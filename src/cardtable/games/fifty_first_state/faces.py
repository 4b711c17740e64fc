"""The faces of the 51st State cards in our own words, generated from the structured card data."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .cards import Catalog, Location

#: how a resource atom reads in card text (singular, plural)
WORDS = {
    "fuel": ("fuel", "fuel"),
    "gun": ("gun", "guns"),
    "iron": ("iron", "iron"),
    "brick": ("brick", "bricks"),
    "ammo": ("ammo", "ammo"),
    "worker": ("worker", "workers"),
    "card": ("card", "cards"),
    "vp": ("VP", "VP"),
    "grey": ("grey contact", "grey contacts"),
    "red": ("red contact", "red contacts"),
    "blue": ("blue contact", "blue contacts"),
    "universal": ("universal contact", "universal contacts"),
    "development": ("development token", "development tokens"),
    "defence": ("defence token", "defence tokens"),
    "any-basic": ("basic good of your choice (or ammo)", "basic goods of your choice"),
    "develop-match": ("brick or development token", "bricks or development tokens"),
    "discard-card": ("card discarded from your hand", "cards discarded from your hand"),
    "discard-deal": ("deal of yours given up", "deals of yours given up"),
    "steal-basic": (
        "basic good taken from an opponent who has not passed",
        "basic goods taken from opponents",
    ),
}


def words(atoms: list[str]) -> str:
    """['gun', 'gun', 'vp'] -> '2 guns and 1 VP'."""
    counts = Counter(atoms)
    parts = [f"{n} {WORDS[k][0] if n == 1 else WORDS[k][1]}" for k, n in counts.items()]
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return parts[0] if parts else "nothing"


def effect_lines(loc: Location) -> list[str]:
    """What the location does, in sentences."""
    lines = []
    if loc.production is not None:
        prod = loc.production
        if prod.per_type is not None and prod.good is not None:
            good = WORDS[prod.good][0]
            what = f"1 {good} for each {prod.per_type} type icon in your State (at most {prod.max})"
        else:
            what = words(list(prod.goods))
        lines.append(f"Production: gives you {what} each Production phase, and once when built.")
        if loc.open:
            lines.append(
                "Open: another player may send 1 worker here once a round to gain it; you gain 1 worker."
            )
    if loc.action is not None:
        act = loc.action
        cost = words(list(act.cost)) if act.cost else "nothing"
        times = "twice" if act.uses == 2 else "once"
        lines.append(f"Action ({times} a round): spend {cost} to gain {words(list(act.gain))}.")
    if loc.bonus:
        lines.append(f"When built: gain {words(list(loc.bonus))}.")
    if loc.bonus_vp_per_type is not None:
        b = loc.bonus_vp_per_type
        lines.append(
            f"When built: gain 1 VP for each {b.type} type icon in your State, this one included "
            f"(at most {b.max})."
        )
    if loc.cache is not None:
        c = loc.cache
        lines.append(
            f"When built: place {words([c.good] * c.count)} on this card; spend them like your own; "
            "they stay over Cleanup."
        )
    for room in loc.storage:
        goods = "/".join(room.goods)
        lines.append(
            f"Storage: at Cleanup keep up to {room.capacity} {goods} here; take them back at Production."
        )
    return lines


def card_faces(cat: Catalog) -> dict[str, dict[str, Any]]:
    faces: dict[str, dict[str, Any]] = {}
    for key, loc in cat.locations.items():
        kind = loc.kind + (" (open)" if loc.open else "")
        faces[key] = {
            "name": loc.name,
            "category": kind,
            "cost": f"distance {loc.distance}",
            "stats": {"distance": loc.distance, "copies": loc.copies},
            "types": list(loc.types),
            "text": " ".join(effect_lines(loc)) or "No effect.",
            "options": [
                *effect_lines(loc),
                f"Types: {', '.join(loc.types)}.",
                f"Deal: {words([loc.deal])} each Production phase.",
                f"Spoils when razed: {words(list(loc.spoils))}.",
            ],
            "origin": "printed facts (" + loc.source + ")",
        }
    for key, conn in cat.connections.items():
        cost = f"spend {words(list(conn.cost))} to " if conn.cost else ""
        faces[key] = {
            "name": conn.name,
            "category": f"{conn.deck} connection",
            "text": f"Play as an action: {cost}gain {words(list(conn.gain))}.",
            "origin": "printed facts (" + conn.source + ")",
        }
    for key, faction in cat.factions.items():
        produce = words([*cat.rules.faction_production, faction.good])
        faces[key] = {
            "name": faction.name,
            "category": "faction",
            "text": f"Produces {produce} each round; keeps your hand at Cleanup.",
            "options": [
                f"{a.contact.capitalize()} action (once a round): spend {words(list(a.cost))} to gain "
                f"{words(list(a.gain))}."
                for a in faction.actions
            ],
            #: each faction action, by the colour of its contact: what it spends and gains, in words
            "actions": {
                a.contact: {"cost": words(list(a.cost)), "gain": words(list(a.gain))} for a in faction.actions
            },
            "origin": "printed facts (" + faction.source + ")",
        }
    return faces
