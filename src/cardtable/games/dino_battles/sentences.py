"""What the log says of a move the narration does not tell (`Game.move_words`), in the rulebook's words:
"buys Raptor Blade", "goes on to Combat", "attaches Defend to Dilopho-Tox"."""

from __future__ import annotations

from cardtable.core import Action, seat_mark
from cardtable.core.seats import seat_of_letter

from .cards import Catalog
from .state import DinoState
from .zones import dino_in_play

#: a pass, by the decision it answers (rulebook: the parts of a turn, the Item window, the reaction)
PASSES = {
    "strategy": "goes on to Combat",
    "combat": "goes on to Buy",
    "buy": "finishes buying",
    "keep": "keeps no card",
    "item-window": "plays no Item",
    "react": "takes the hit",
    "purge": "purges no more",
}
#: the moves named by a card in hand or in the supply: their verb phrase before the card's name
ON_A_CARD = {
    "buy": "buys",
    "keep": "keeps",
    "play": "plays",
    "discard": "discards",
    "item": "plays the Item",
    "purge": "purges",
}
#: the moves named by a Dinosaur in play: their verb phrase before the Dinosaur
ON_A_DINOSAUR = {
    "retreat": "retreats, bringing in",
    "promote": "makes active",
    "heal": "heals",
    "damage": "damages",
}
#: the moves with no argument
PLAIN = {"defend": "defends", "evade": "tries to evade", "power": "uses the Dino Power"}


def move_words(cat: Catalog, s: DinoState, seat: int, kind: str, action: Action) -> str:
    """`action` of `seat`, answering a decision of `kind` in `s`, as a verb phrase."""
    verb, args = action.verb, [str(arg) for arg in action.args]
    if verb == "pass":
        return PASSES.get(kind, "passes")
    if verb in PLAIN:
        return PLAIN[verb]
    if verb in ON_A_CARD:
        return f"{ON_A_CARD[verb]} {cat.name_of(args[0])}"
    if verb in ON_A_DINOSAUR:
        return f"{ON_A_DINOSAUR[verb]} {dinosaur(cat, s, args[0])}"
    if verb == "attach":
        return f"attaches {cat.name_of(args[0])} to {dino_in_play(cat, s, seat, args[1])}"
    if verb == "attack":
        active = s.players[seat].active
        name = cat.dino(active.tag).attacks[int(args[0]) - 1].name if active else f"attack {args[0]}"
        return f"attacks with {name}"
    if verb == "target":
        return f"attacks {seat_mark(seat_of_letter(args[0]))}"
    return f"chooses {' '.join(cat.name_of(arg) for arg in args)}".strip()


def dinosaur(cat: Catalog, s: DinoState, tag: str) -> str:
    """A Dinosaur in play by its tag, named as its owner's narration names it."""
    for seat, p in enumerate(s.players):
        if any(d.tag == tag for d in p.dinos()):
            return dino_in_play(cat, s, seat, tag)
    return cat.dino(tag).name
