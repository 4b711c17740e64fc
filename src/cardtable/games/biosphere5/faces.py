"""The printed faces of the Biosphere 5 cards (basic deck and The Abyss), for drawing them."""

from __future__ import annotations

from typing import Any

from .cards import CardOption, CardSet, CardSpec

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


def card_faces(cards: CardSet) -> dict[str, dict[str, Any]]:
    """Every card by its key: name, level and problem area of its upper option, both options in words."""
    return {spec.key: _face(cards, spec) for spec in cards.cards}


def _face(cards: CardSet, spec: CardSpec) -> dict[str, Any]:
    upper = spec.upper
    return {
        "name": spec.name,
        "category": upper.category or upper.kind,
        "level": ROMAN[upper.level],
        "stats": {"red": spec.red} if spec.red else {},
        "options": [f"upper: {_option(cards, upper)}", f"lower: {_option(cards, spec.lower)}"],
        #: each option in words, by the half of the card it is printed on (the notation's `upper`/`lower`)
        "upper": _option(cards, upper),
        "lower": _option(cards, spec.lower),
        #: an achievement's quality ("perfect", "makeshift"), as its built card shows it ("" none)
        "quality": upper.quality if upper.kind == "achievement" else "",
        "expansion": "The Abyss" if spec.abyss else "",
        "origin": _origin(spec.source),
    }


def _option(cards: CardSet, option: CardOption) -> str:
    level = ROMAN[option.level]
    if option.kind == "achievement":
        return f"{option.quality} {option.category} ({level})"
    if option.kind == "rescue":
        against = ", ".join(cards.categories[c].catastrophe for c in option.protects)
        return f"rescue against {against} ({level})"
    if option.kind == "catastrophe":
        return f"catastrophe {cards.categories[option.category].catastrophe} ({level})"
    if option.kind == "biosphere":
        return f"Biosphere 5 ({level})"
    return f"{option.kind.replace('-', ' ')} ({level})"


def _origin(source: str) -> str:
    """'printed', 'partly reconstructed' or 'reconstructed', from the card's `source` note."""
    if source.startswith("reconstructed"):
        return "reconstructed"
    return "partly reconstructed" if "reconstructed" in source else "printed"
