"""Card faces in our own words: cost, VP, good and every power, written from the power vocabulary."""

from __future__ import annotations

from typing import Any

from .cards import Bonus, Card, Catalog, Power
from .goals import Goal, goals
from .search import CATEGORIES

PHASE_LABEL = {"explore": "I", "develop": "II", "settle": "III", "consume": "IV", "produce": "V"}
GOOD_WORD = {"novelty": "Novelty", "rare": "Rare", "genes": "Genes", "alien": "Alien", "any": "any"}
PER_WORD = {
    "military-world": "military world",
    "chromo-card": "chromosome card",
    "rebel-world": "Rebel world",
}
DISCARD_THIS = "discard this card from your tableau: "
SPECIAL_TEXT = {
    "start-hand-3": "Start: its owner keeps 3 cards, not 4",
    "start-save": "Start: its owner saves a card from hand under it",
    "hand-limit-12": "Round end: hand limit 12, not 10",
    "game-end-14": "Its owner's tableau ends the game at 14 cards, not 12",
    "take-discards": "Round end: take into hand the cards the other players discard",
    "choose-last": "Choose your actions after the other players have chosen",
}


def _kind(good: str) -> str:
    return GOOD_WORD.get(good, good)


def _a(word: str) -> str:
    """'a Rare', 'an Alien'."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _gains(power: Power) -> str:
    gains = [f"{power.vp} VP"] if power.vp else []
    if power.cards:
        gains.append(_plural(power.cards, "card"))
    if power.prestige:
        gains.append(f"{power.prestige} prestige")
    return " + ".join(gains)


def _explore(power: Power) -> str:
    n = power.value
    return {
        "draw": f"draw {n} more",
        "keep": f"keep {n} more",
        "discard-any": "discard from your whole hand, not only the cards just drawn",
        "discard-for-prestige": f"you may discard a card from hand: +{power.prestige} prestige",
    }[power.power]


def _develop(power: Power) -> str:
    n, name = power.value, power.power
    if name == "prestige-after":
        what = {"rebel": "a Rebel development", "six-cost": "a 6-cost development"}.get(
            power.against, "a development"
        )
        return f"+{power.prestige} prestige after placing {what}"
    if name == "reduce" and power.spend:
        return f"consume {_a(_kind(power.spend))} good: -{n} cost"
    return {
        "draw": f"draw {n} at the start",
        "draw-after": f"draw {n} after placing",
        "reduce": f"-{n} cost",
        "explore": f"draw {n} at the start, then discard {n}",
        "discard-reduce": f"{DISCARD_THIS}-{n} cost",
        "save-payment": "save one card you pay with under this card",
    }[name]


def _military(power: Power) -> str:
    n, good = power.value, power.good
    if power.per:
        return f"+{n} military per {PER_WORD[power.per]}"
    if power.when:
        return f"{n:+d} military while you have an Imperium card"
    if power.spend:
        what = "spend 1 prestige" if power.spend == "prestige" else f"consume {_a(_kind(power.spend))} good"
        return f"{what}: +{n} military this phase"
    target = f" against {_kind(good)} worlds" if good else (" against Rebel worlds" if power.against else "")
    return f"{n:+d} military{target}"


def _pay_military(power: Power) -> str:
    which = {"rebel": "a Rebel", "chromo": "a chromosome"}.get(power.against, "")
    which = which or ("an Alien" if power.good == "alien" else "a non-Alien")
    cost = f"its defence -{power.value} as cost" if power.value else "its defence as cost"
    return f"you may pay for {which} military world: {cost}"


def _takeover(power: Power) -> str:
    target = {
        "rebel-military": "a Rebel military world of another player",
        "imperium": f"a military world of a player with an Imperium card (+{power.value} military per Rebel "
        "military world of yours)",
        "military": "a military world of a player with positive military",
        "any": "a military world of any other player",
    }[power.against]
    text = f"destroy {target} (it is discarded)" if power.destroy else f"take over {target}"
    if power.spend:
        text = f"spend 1 {power.spend}: {text}"
    if power.prestige:
        text += f"; +{power.prestige} prestige if it succeeds"
    return (DISCARD_THIS if power.discard else "") + text


def _settle(power: Power) -> str:
    n, name, good = power.value, power.power, power.good
    if name == "military":
        return _military(power)
    if name == "pay-military":
        return _pay_military(power)
    if name == "takeover":
        return _takeover(power)
    if name == "reduce" and power.spend:
        return f"consume {_a(_kind(power.spend))} good: -{n} cost"
    if name == "prestige-after":
        what = {
            "rebel-military": "placing a Rebel military world",
            "production": "placing a production world",
            "paid-military": "paying for a military world",
        }[power.against]
        return f"+{power.prestige} prestige after {what}"
    if name == "conquer-peaceful":
        text = f"{DISCARD_THIS}conquer a non-military world as if military" + (
            f" (+{n} military)" if n else ""
        )
        if power.prestige:
            text += f", +{power.prestige} prestige"
        return text + ("; not in a takeover" if power.settle_only else "")
    return {
        "reduce": f"-{n} cost{' for ' + _kind(good) + ' worlds' if good else ''}",
        "tactics": f"{DISCARD_THIS}+{n} military this phase",
        "colony-ship": f"{DISCARD_THIS}settle a non-military world for free (not an Alien world)",
        "pay-discount": f"-{n} cost when paying for a military world",
        "hand-military": f"discard up to {_plural(n, 'card')} from hand: +1 military each this phase",
        "draw-after": f"draw {n} after settling",
        "explore-after": f"after settling draw {n}, then discard {n}",
        "place-second": "place a second world",
        "place-military": f"{DISCARD_THIS}place a second world, a military one",
        "save-payment": "save one card you pay with under this card",
        "produce-on-placement": "a production world you place gets its good at once",
        "upgrade-world": f"replace a non-military world by one of the same kind from hand costing up to {n} "
        f"more (+{power.prestige} prestige)",
        "takeover-defence": "against a takeover: +1 defence per military world, +1 more per Rebel military "
        "world of yours",
        "prevent-takeover": f"spend 1 {power.spend}: a declared takeover fails",
    }[name]


def _trade_bonus(power: Power) -> str:
    n, good = power.value, power.good
    if power.per:
        more = f"{_plural(n, 'card')} + 1" if n else "1 card"
        return f"trade: +{more} per {PER_WORD[power.per]} for {_a(_kind(good))} good"
    what = {"this": "a good from this world", "any": "a good"}.get(good) or f"{_a(_kind(good))} good"
    return f"trade: +{_plural(n, 'card')} for {what}"


def _consume(power: Power) -> str:
    name, good = power.power, power.good
    if name == "trade-bonus":
        return _trade_bonus(power)
    if name == "consume":
        if power.world == "this":
            per = f"the {_kind(good)} good of this world"
        else:
            per = (
                "2 goods"
                if power.goods == 2
                else ("any good" if good == "any" else f"{_a(_kind(good))} good")
            )
        times = f", up to {power.times} times" if power.times > 1 else ""
        kind = f" ({_kind(good)})" if power.goods == 2 and good != "any" else ""
        return f"consume {per}{kind}: {_gains(power)}{times}"
    if name == "discard-hand":
        if power.goods == 2:
            return f"discard 2 cards from hand: {_gains(power)}"
        if power.cards or power.prestige:
            return f"discard up to {_plural(power.times, 'card')} from hand: {_gains(power)} each"
        return f"discard up to {_plural(power.times, 'card')} from hand: {power.vp} VP each"
    if name == "consume-prestige":
        times = f", up to {power.times} times" if power.times > 1 else ""
        return f"spend 1 prestige: {_gains(power)}{times}"
    return {
        "trade": "trade a good" + ("" if power.bonus else " (no trade bonuses)"),
        "no-trade": "the good on this world cannot be traded",
        "consume-different": f"consume 3 goods of different kinds: {power.vp} VP",
        "consume-kinds": f"consume 1 to 4 goods of different kinds: {_gains(power)} each",
        "consume-all": f"consume all your goods: {power.vp} VP for each good after the first",
        "draw": f"draw {power.value}",
        "vp": f"+{power.vp} VP",
        "gamble": "name a cost, turn over the top card: keep it if its cost matches",
        "ante": "ante a card from hand costing 1 to 6 and turn over that many cards: if one costs more than "
        "the ante, keep one of them and the ante card; otherwise discard them all",
    }[name]


def _produce(power: Power) -> str:
    n, name, good = power.value, power.power, power.good
    if name == "windfall":
        world = "any windfall world" if good == "any" else f"{_a(_kind(good))} windfall world"
        text = f"produce on {world}"
        return text + (" other than this one" if power.world == "other" else "")
    if name == "draw-most":
        what = "goods" if good == "any" else f"{_kind(good)} goods"
        return f"draw {n} if you produced the most {what}"
    return {
        "produce": "produce a good here",
        "discard-produce": "discard a card from hand: produce a good here",
        "discard-windfall": "discard a card from hand: produce on "
        + ("any windfall world" if good == "any" else f"{_a(_kind(good))} windfall world"),
        "draw": f"draw {n}",
        "draw-if-produced": f"draw {n} if this world produced",
        "draw-per-good": f"draw {n} per {_kind(good)} good produced",
        "draw-per-kind": f"draw {n} per kind of good produced",
        "draw-per-world": f"draw {n} per {_kind(good)} world",
        "draw-per": f"draw {n} per {PER_WORD.get(power.per, power.per)}",
        "prestige-if-produced": f"+{power.prestige} prestige if this world produced",
        "prestige-most": f"+{power.prestige} prestige if you have the most {PER_WORD.get(power.per, '')}s",
        "take-saved": "take the cards saved under this card into your hand",
    }[name]


PHASE_TEXT = {
    "explore": _explore,
    "develop": _develop,
    "settle": _settle,
    "consume": _consume,
    "produce": _produce,
}


def power_text(power: Power) -> str:
    """One power as a short sentence, e.g. 'III: +2 military against Alien worlds'."""
    return f"{PHASE_LABEL[power.phase]}: {PHASE_TEXT[power.phase](power)}"


def bonus_text(line: Bonus, cat: Catalog) -> str:
    if line.scores == "world-kinds":
        return "1, 3, 6 or 10 VP for 1, 2, 3 or 4 kinds of worlds"
    words = {
        "production-world": f"{_kind(line.good)} production world",
        "windfall-world": f"{_kind(line.good)} windfall world",
        "alien-card": "Alien card",
        "rebel-card": "Rebel card",
        "uplift-card": "Uplift card",
        "imperium-card": "Imperium card",
        "terraforming-card": "Terraforming card",
        "chromo-card": "chromosome card",
        "military-world": "military world",
        "rebel-military-world": "Rebel military world",
        "military-strength": "point of military",
        "negative-military": "point of negative military",
        "prestige": "prestige",
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


def _sort(card: Card) -> str:
    """What the card is, in words ('Rare windfall military world', '6-cost development'); its start
    world's number is not part of it."""
    if not card.is_world:
        return "6-cost development" if card.six_cost else "development"
    kind = "military world" if card.military else "world"
    if card.windfall:
        kind = f"windfall {kind}"
    if card.good == "any":
        return f"{kind} of any kind"
    return f"{_kind(card.good)} {kind}" if card.good else kind


def _category(card: Card) -> str:
    category = _sort(card)
    if card.start:
        category += f" (start world {card.number}, {card.colour})"
    return category


def card_face(card: Card, cat: Catalog) -> dict[str, Any]:
    options = [power_text(p) for p in card.powers]
    options += [SPECIAL_TEXT[rule] for rule in card.special]
    if "prestige" in card.flags:
        options.append("Prestige: +1 when placed (The Brink of War)")
    if card.bonus:
        options.append(
            "End: " + "; ".join(bonus_text(line, cat) for line in card.bonus) + " (each card counts once)"
        )
    face: dict[str, Any] = {
        "name": card.name,
        "category": _category(card),
        #: the category without the start world's number and colour (a card's tile shows it), and what
        #: the table draws by: a world or a development, a military world (its cost is a defence)
        "sort": _sort(card),
        "world": card.is_world,
        "military": card.military,
        "cost": f"defence {card.cost}" if card.military else str(card.cost),
        "stats": {"VP": card.vp, "cost": card.cost},
        "text": " · ".join(options) if options else "no powers",
        "options": options,
        #: each power's words without its phase mark (a move that uses the n-th power names it)
        "powers": [PHASE_TEXT[p.phase](p) for p in card.powers],
        "origin": "printed" if card.source == "confirmed" else "reconstructed",
    }
    if card.good:
        face["good"] = card.good
    if card.start:
        face["start"] = {"number": card.number, "colour": card.colour}
    if card.flags:
        face["flags"] = list(card.flags)
    return face


def card_faces(cat: Catalog) -> dict[str, dict[str, Any]]:
    return {key: card_face(card, cat) for key, card in cat.cards.items()}


def goal_face(goal: Goal) -> dict[str, Any]:
    """A goal tile's face: its name, first or most, its VP and its condition (goals.toml's text)."""
    kind = "first goal" if goal.type == "first" else "most goal"
    return {
        "name": goal.name,
        "category": kind,
        "stats": {"VP": goal.vp},
        "text": goal.text,
        "options": [goal.text],
        "origin": "printed",
        "goal": goal.type,
    }


def goal_faces(level: int) -> dict[str, dict[str, Any]]:
    """The faces of the goal tiles of an expansion level, by goal key (none in the base game)."""
    return {goal.key: goal_face(goal) for goal in goals(level)}


def search_faces() -> dict[str, dict[str, Any]]:
    """The Search categories (The Brink of War) as faces keyed `search:<category>`, in their words."""
    return {
        f"search:{key}": {
            "name": words,
            "category": "Search category",
            "text": words,
            "options": [words],
            "origin": "printed",
        }
        for key, words in CATEGORIES.items()
    }
