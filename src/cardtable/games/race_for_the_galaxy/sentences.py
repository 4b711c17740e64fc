"""What the log says of a move the narration does not tell (`Game.move_words`), in the rulebook's words:
"chooses Explore +5 and Settle", "keeps Alien Robots", "pays with Galactic Trendsetters". A seat that may
not see the move reads the game's text for it instead ("keeps a card": `secret_verbs`; a secret choice
by the decision it answers: `SECRET_CHOICES`)."""

from __future__ import annotations

from cardtable.core import Action

from .cards import Catalog
from .consume import PRESTIGE_TRADE
from .rules import action_name
from .search import CATEGORIES

#: the moves named by one card: their verb phrase, the card's name in place of {}
ON_A_CARD = {
    "discard": "discards {}",
    "keep": "keeps {}",
    "pay": "pays with {}",
    "spend": "discards {} for VP",
    "develop": "chooses to develop {}",
    "settle": "chooses to settle {}",
    "trade": "trades the good on {}",
    "good": "consumes the good on {}",
    "windfall": "produces on {}",
    "consume": "uses the consume power of {}",
    "start": "chooses {} as the start world",
    "save": "saves {}",
    "military": "discards {} for military",
    "produce-with": "discards {} to produce",
    "take": "takes {}",
    "ante": "antes {}",
    "reduce": "lowers the cost with {}",
    "power": "uses {}",
    "produce": "produces with {}",
    "boost": "adds military with {}",
    "prevent": "prevents the takeover of {}",
}
#: a card move whose card is "none": what it says then
NONE = {
    "develop": "develops nothing",
    "settle": "settles nothing",
    "ante": "antes nothing",
    "upgrade": "replaces no world",
    "takeover": "declares no takeover",
    "prevent": "prevents no takeover",
}
#: what a secret choice reads as to those who may not see it, by the (public) decision it answers
SECRET_CHOICES = {
    "select-action": "has chosen its actions",
    "develop-choose": "has made its Develop choice",
    "settle-choose": "has made its Settle choice",
    "start-choose": "has chosen its start world",
}
#: how a placed world is settled (`method`)
METHODS = {
    "pay": "pays for the world",
    "conquer": "conquers the world",
    "conquer-peaceful": "conquers the non-military world",
    "colony-ship": "settles the world with a colony ship",
    "contact": "settles the world by contact",
    "tactics": "settles the world by tactics",
}
#: the moves that end a series of choices, by the decision they answer
STOPS = {"consume-power": "stops consuming", "consume-discard": "stops discarding"}


def move_words(cat: Catalog, kind: str, action: Action) -> str:
    """`action`, answering a decision of `kind`, as its seat's verb phrase."""
    verb, args = action.verb, [str(arg) for arg in action.args]
    if args and args[0] == "none" and verb in NONE:
        return NONE[verb]
    if verb == "select":
        return f"chooses {' and '.join(action_name(a) for a in args)}"
    if verb == "consume" and args[0] == PRESTIGE_TRADE:
        return "uses the prestige trade bonus"
    if verb in ON_A_CARD:
        return ON_A_CARD[verb].format(cat[args[0]].name)
    if verb == "method":
        by = f" using {cat[args[1]].name}" if len(args) > 1 else ""
        return METHODS.get(args[0], "settles the world") + by
    if verb == "upgrade":
        return f"replaces {cat[args[0]].name} by {cat[args[1]].name}"
    if verb == "takeover":
        return f"declares a takeover of {cat[args[0]].name} with {cat[args[1]].name}"
    if verb == "search":
        return f"searches for {CATEGORIES[args[0]]}"
    if verb == "kind":
        return f"makes it a {args[0]} world"
    if verb == "guess":
        return f"names cost {args[0]}"
    if verb == "decline":
        return "declines the card and searches on"
    if verb == "stop":
        return STOPS.get(kind, "uses no more powers")
    return "uses no more powers"  # done
