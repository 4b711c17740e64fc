"""Card faces in our own words: cost, VP, good and every power, written from the power vocabulary."""

from __future__ import annotations

from typing import Any

from .cards import Bonus, Card, Catalog, Power

PHASE_LABEL = {"explore": "I", "develop": "II", "settle": "III", "consume": "IV", "produce": "V"}
GOOD_WORD = {"novelty": "Novelty", "rare": "Rare", "genes": "Genes", "alien": "Alien", "any": "any"}


def _kind(good: str) -> str:
    return GOOD_WORD.get(good, good)


def power_text(power: Power) -> str:
    """One power as a short sentence, e.g. 'III: +2 military against Alien worlds'."""
    n, name, good = power.value, power.power, power.good
    phase = power.phase
    text: str
    if phase == "explore":
        text = f"draw {n} more" if name == "draw" else f"keep {n} more"
    elif phase == "develop":
        text = {
            "draw": f"draw {n} at the start",
            "draw-after": f"draw {n} after placing",
            "reduce": f"-{n} cost",
        }[name]
    elif phase == "settle":
        target = (
            f" against {_kind(good)} worlds" if good else (" against Rebel worlds" if power.against else "")
        )
        text = {
            "military": f"{n:+d} military{target}",
            "reduce": f"-{n} cost{' for ' + _kind(good) + ' worlds' if good else ''}",
            "tactics": f"discard this card from your tableau: +{n} military this phase",
            "colony-ship": "discard this card from your tableau: settle a non-military world for free "
            "(not an Alien world)",
            "pay-military": f"you may pay for a non-Alien military world: its defence -{n} as cost",
            "draw-after": f"draw {n} after settling",
        }[name]
    elif phase == "consume":
        if name == "trade-bonus":
            what = "from this world" if good == "this" else (f"of {_kind(good)}" if good != "any" else "")
            text = f"trade: +{n} card{'s' * (n != 1)} for a good {what}".replace("  ", " ").rstrip()
        elif name == "trade":
            text = "trade a good" + ("" if power.bonus else " (no trade bonuses)")
        elif name == "consume":
            per = "2 goods" if power.goods == 2 else f"a {_kind(good)} good".replace("a any", "any")
            gains = [f"{power.vp} VP"] if power.vp else []
            if power.cards:
                gains.append(f"{power.cards} card{'s' * (power.cards != 1)}")
            times = f", up to {power.times} times" if power.times > 1 else ""
            kind = f" ({_kind(good)})" if power.goods == 2 and good != "any" else ""
            text = f"consume {per}{kind}: {' + '.join(gains)}{times}"
        elif name == "consume-different":
            text = f"consume 3 goods of different kinds: {power.vp} VP"
        elif name == "consume-all":
            text = f"consume all your goods: {power.vp} VP for each good after the first"
        elif name == "discard-hand":
            text = f"discard up to {power.times} cards from hand: {power.vp} VP each"
        elif name == "draw":
            text = f"draw {n}"
        else:
            text = "name a cost, turn over the top card: keep it if its cost matches"
    else:
        text = {
            "produce": "produce a good here",
            "windfall": f"produce on a {_kind(good)} windfall world".replace("a any", "any"),
            "draw": f"draw {n}",
            "draw-if-produced": f"draw {n} if this world produced",
            "draw-per-good": f"draw {n} per {_kind(good)} good produced",
            "draw-per-kind": f"draw {n} per kind of good produced",
            "draw-per-world": f"draw {n} per {_kind(good)} world",
            "draw-most": f"draw {n} if you produced the most {_kind(good)} goods",
        }[name]
    return f"{PHASE_LABEL[phase]}: {text}"


def bonus_text(line: Bonus, cat: Catalog) -> str:
    words = {
        "production-world": f"{_kind(line.good)} production world",
        "windfall-world": f"{_kind(line.good)} windfall world",
        "alien-card": "Alien card",
        "military-world": "military world",
        "rebel-military-world": "Rebel military world",
        "military-strength": "point of military",
        "world": "other world",
        "development": "other development",
        "six-cost-development": "6-cost development",
        "development-explore": "development with an Explore power",
        "world-explore": "world with an Explore power",
        "development-consume": "development with a Consume power",
        "world-consume": "world with a Consume power",
        "development-trade": "development with a trade power",
        "world-trade": "world with a trade power",
        "chips-per-three": "3 VP in chips",
        "card": cat[line.card].name if line.card in cat.cards else line.card,
    }
    return f"{line.vp} VP per {words[line.scores]}"


def card_face(card: Card, cat: Catalog) -> dict[str, Any]:
    if card.is_world:
        kind = "military world" if card.military else "world"
        if card.windfall:
            kind = f"windfall {kind}"
        category = f"{_kind(card.good)} {kind}" if card.good else kind
    else:
        category = "6-cost development" if card.six_cost else "development"
    options = [power_text(p) for p in card.powers]
    if card.bonus:
        options.append(
            "End: " + "; ".join(bonus_text(line, cat) for line in card.bonus) + " (each card counts once)"
        )
    face: dict[str, Any] = {
        "name": card.name,
        "category": category + (" (start world)" if card.start else ""),
        "cost": f"defence {card.cost}" if card.military else str(card.cost),
        "stats": {"VP": card.vp, "cost": card.cost},
        "text": " · ".join(options) if options else "no powers",
        "options": options,
        "origin": "printed" if card.source == "confirmed" else "reconstructed",
    }
    if card.good:
        face["good"] = card.good
    if card.flags:
        face["flags"] = list(card.flags)
    return face


def card_faces(cat: Catalog) -> dict[str, dict[str, Any]]:
    return {key: card_face(card, cat) for key, card in cat.cards.items()}
