"""A simple, explainable Biosphere 5 player, and a position evaluation for search.

The player reads only its Observation (its seat's view and the legal actions) and the public card
data. Its rules of thumb are listed in RULES.md, section "Heuristic player"; in short: win when
you can, build whenever you can (perfect first), spend a card's lower option only when its upper
option is of no more use, hurt opponents with catastrophes you are protected against, collect the
cards you still need, and give up what you need least.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from cardtable.core import Action, Observation, RulesOfThumb

from .cards import CardSet
from .evaluation import win_chance
from .state import State
from .turn import Move

if TYPE_CHECKING:
    from .rules import Biosphere5

#: what a card in hand is worth to keep (see `keep_value`)
BIOSPHERE_CARD = 100.0
NEEDED_PERFECT = 40.0
NEEDED_MAKESHIFT = 32.0
RESCUE_UNPROTECTED = 14.0
RESCUE_MAKESHIFT = 8.0
HARMFUL_OPTION = 6.0
CATASTROPHE_OPTION = 4.0
DEAD_CARD = 1.0
#: a face-up card worth at least this is taken instead of a blind card from the pile
TAKE_FACE_UP = RESCUE_UNPROTECTED
#: an opponent with at most this many hand cards and achievements together might not survive a hit
FRAGILE = 4


def keep_value(cards: CardSet, card: int, built: dict[str, str], hand: list[int]) -> float:
    """How much `card` is worth to a player with achievements `built` ({category: quality}) and `hand`.

    The Biosphere 5 card first; then an achievement of a category not yet built (perfect above
    makeshift, a duplicate in hand worth less); a rescue card for a category without a perfect
    achievement; then the card's lower option (Espionage, Sabotage, New Hope above a catastrophe).
    """
    spec = cards.cards[card]
    upper, lower = spec.upper, spec.lower
    if upper.kind == "biosphere":
        return BIOSPHERE_CARD
    if upper.kind == "achievement" and upper.category not in built:
        value = NEEDED_PERFECT if upper.quality == "perfect" else NEEDED_MAKESHIFT
        better = [
            c
            for c in hand
            if c != card
            and cards.cards[c].upper.kind == "achievement"
            and cards.cards[c].upper.category == upper.category
            and (cards.cards[c].upper.quality, c) > (upper.quality, card)  # 'perfect' > 'makeshift'
        ]
        return value - (NEEDED_MAKESHIFT - HARMFUL_OPTION) * bool(better) + (4 - upper.level)
    if upper.kind == "rescue" and built.get(upper.category) != "perfect":
        return RESCUE_UNPROTECTED if upper.category not in built else RESCUE_MAKESHIFT
    if lower.kind in ("espionage", "sabotage", "new-hope"):
        return HARMFUL_OPTION
    if lower.kind == "catastrophe":
        return CATASTROPHE_OPTION if lower.category in built else DEAD_CARD
    return DEAD_CARD


def built_categories(cards: CardSet, keys: list[str]) -> dict[str, str]:
    return {
        cards.cards[cards.index[k]].upper.category: cards.cards[cards.index[k]].upper.quality for k in keys
    }


class HeuristicPlayer(RulesOfThumb):
    """Rules of thumb for every decision of the basic game; other decisions (The Abyss) at random."""

    def pick(self, observation: Observation, legal: list[Action]) -> Action:
        game = cast("Biosphere5", observation.game)
        self.cards: CardSet = game.cards
        view = observation.view
        seat = observation.seat
        me = view["boards"][seat]
        self.built = built_categories(self.cards, me["achievements"])
        self.hand = [self.cards.index[k] for k in view["hand"] or []]
        kind = observation.decision.kind
        choice = None
        if kind == "move":
            choice = self._move(view, seat, legal)
        elif kind == "take":
            choice = self._take(legal)
        elif kind in ("discard", "surrender"):
            choice = self._least_needed(legal)
        elif kind == "sacrifice":
            choice = min(legal, key=lambda a: self._achievement_worth(a))
        elif kind == "respond":
            choice = next((a for a in legal if a.verb == "rescue"), None)
        elif kind == "rescue":
            choice = self._least_needed(legal)
        elif kind == "target":
            choice = self._target(view, legal)
        elif kind == "force":
            choice = self._force(view, legal)
        elif kind == "destroy":
            choice = max(legal, key=lambda a: self._achievement_worth(a))
        return choice if choice is not None and choice in legal else self.rng.choice(legal)

    # --- a move --------------------------------------------------------------------------------
    def _move(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action | None:
        plays = [a for a in legal if a.verb == "play"]
        option = {a: self.cards.option(self.cards.index[str(a.args[0])], str(a.args[1])) for a in plays}
        for action in plays:  # 1. win
            if option[action].kind == "biosphere":
                return action
        builds = [a for a in plays if option[a].kind == "achievement"]
        if builds:  # 2. build, perfect first, then the higher level
            return max(builds, key=lambda a: (option[a].quality == "perfect", option[a].level))
        spare = [a for a in plays if self._spare(self.cards.index[str(a.args[0])]) and a.args[1] == "lower"]
        if self.cards.biosphere not in self.hand and self._could_knock_out(view, seat):
            # 3a. no finishing blow in our own turn without the Biosphere 5 card in hand: a draw (2.2)
            spare = [a for a in spare if option[a].kind == "new-hope"]
        victims = self._unprotected_opponents(view, seat)
        for action in spare:  # 3. a catastrophe we are protected against that hurts someone
            opt = option[action]
            if opt.kind == "catastrophe" and opt.category in self.built and victims.get(opt.category):
                return action
        for kind in ("sabotage", "espionage", "new-hope"):  # 4. a spare card's useful lower option
            for action in spare:
                if option[action].kind == kind:
                    return action
        return self._take(legal)  # 5. collect cards

    def _spare(self, card: int) -> bool:
        """A card whose upper option is no more use: its achievement is built, or a spare rescue card."""
        upper = self.cards.cards[card].upper
        if upper.kind == "achievement":
            return upper.category in self.built
        if upper.kind == "rescue":
            same = sum(
                1
                for c in self.hand
                if self.cards.cards[c].upper.kind == "rescue"
                and self.cards.cards[c].upper.category == upper.category
            )
            return self.built.get(upper.category) == "perfect" or same > 1
        return upper.kind != "biosphere"

    def _could_knock_out(self, view: dict[str, Any], seat: int) -> bool:
        """Whether a hit (up to four cards) could drive the last opposing side out of the game."""
        my_team = view["boards"][seat]["team"]
        alive = [
            b
            for b in view["boards"]
            if b["seat"] != seat and not b["out"] and (my_team is None or b["team"] != my_team)
        ]
        return len(alive) == 1 and alive[0]["hand_size"] + len(alive[0]["achievements"]) <= FRAGILE

    def _unprotected_opponents(self, view: dict[str, Any], seat: int) -> dict[str, int]:
        """Per category, how many opponents have no achievement against its catastrophe."""
        counts: dict[str, int] = {}
        my_team = view["boards"][seat]["team"]
        for board in view["boards"]:
            if board["seat"] == seat or board["out"] or (my_team is not None and board["team"] == my_team):
                continue
            theirs = built_categories(self.cards, board["achievements"])
            for category in self.cards.categories:
                if theirs.get(category) != "perfect":
                    counts[category] = counts.get(category, 0) + 1
        return counts

    # --- taking and giving up cards ------------------------------------------------------------
    def _take(self, legal: list[Action]) -> Action | None:
        takes = [a for a in legal if a.verb == "take" and a.args[0] != "pile"]
        if takes:
            best = max(takes, key=lambda a: self._value(self.cards.index[str(a.args[0])]))
            if self._value(self.cards.index[str(best.args[0])]) >= TAKE_FACE_UP:
                return best
        return Action("take", ("pile",)) if Action("take", ("pile",)) in legal else None

    def _value(self, card: int) -> float:
        return keep_value(self.cards, card, self.built, self.hand)

    def _least_needed(self, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: self._value(self.cards.index[str(a.args[0])]))

    def _achievement_worth(self, action: Action) -> tuple[int, int]:
        upper = self.cards.cards[self.cards.index[str(action.args[0])]].upper
        return upper.level, upper.quality == "perfect"

    # --- against opponents ---------------------------------------------------------------------
    def _target(self, view: dict[str, Any], legal: list[Action]) -> Action:
        boards = view["boards"]
        return max(
            legal,
            key=lambda a: (len(boards[int(a.args[0])]["achievements"]), boards[int(a.args[0])]["hand_size"]),
        )

    def _force(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Make the spied player discard what they need most (judged by their achievements)."""
        target = (view.get("revealed") or {}).get("seat")
        theirs = (
            built_categories(self.cards, view["boards"][target]["achievements"]) if target is not None else {}
        )
        hand = [self.cards.index[str(a.args[0])] for a in legal]
        return max(
            legal, key=lambda a: keep_value(self.cards, self.cards.index[str(a.args[0])], theirs, hand)
        )


# --- evaluation for search ------------------------------------------------------------------------
def is_quiet(game: Any, state: State) -> bool:
    """A position to judge as it stands: no effect half resolved, the next thing to do is a move."""
    return not state.steps or isinstance(state.steps[0], Move)


def evaluate(game: Any, state: State, seat: int) -> float:
    """A sampled position's worth for `seat` in [0, 1]: the fitted chance to win (evaluation.py)."""
    return win_chance(game, state, seat)
