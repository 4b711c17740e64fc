"""A player for Man against Machine (section 4) that uses what the rulebook makes public.

The Machine is an automaton whose procedure is printed (4.2-4.7): its hand-card level, its cubes, the
card it set aside and the catastrophes of the round are on the table; only its draw pile is hidden.
The two-player heuristic treats it like a person. This player reads the procedure instead (its rules
of thumb are listed in RULES.md, "The solo player"):

- the Machine wins with Biosphere 5 only with both level III cubes *and* hand-card level 5 (4.3 I),
  and a card it set aside is discarded when its level reaches 0: keep its level down;
- every hand card it must discard lowers its level (decision 2), and below level 0 it loses cubes
  (4.5): catastrophes it is not protected against cost it four levels (two with a yellow cube), minus
  what its rescue dice save (4.6: none for a second catastrophe in the round), Sabotage three, Espionage
  one and the card of our choice from the top of its pile (4.7);
- it plays a catastrophe only where its protection beats ours (4.3 III): match its cubes, keep rescue
  cards where it leads;
- a Machine that drops out in our turn is a win only with the Biosphere 5 card in our hand (2.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardtable.core import Action, Observation

from . import queries as q
from .cards import CardOption, CardSet
from .effects import CATASTROPHE_COST
from .heuristic import NEEDED_MAKESHIFT, TAKE_FACE_UP, HeuristicPlayer, built_categories, keep_value

if TYPE_CHECKING:
    from .machine import MachineGame

RANK = {"": 0, "makeshift": 1, "perfect": 2}  # 4.3 (III): the Machine compares protection this way
#: a card whose lower option hits the Machine, worth keeping (between a rescue card and a needed achievement)
HIT_PERFECT = 20.0  # we are perfectly protected: the hit costs us nothing but the card
HIT_MAKESHIFT = 12.0  # we pay two cards or a rescue card
THREATENED_RESCUE = 24.0  # a rescue card where the Machine's protection beats ours
SABOTAGE_OPTION = 18.0
ESPIONAGE_OPTION = 12.0
#: the hand cards a Sabotage and an Espionage (2.3.4) take from the Machine, whatever it holds
FIXED_LOSS = {"sabotage": 3, "espionage": 1}


class SoloPlayer(HeuristicPlayer):
    """The heuristic for the solo game: seat 0 against the Machine (seat 1)."""

    name = "heuristic"
    #: play a hit only when the Machine is expected to lose at least this many hand cards
    MIN_HIT = 3.0
    #: a hit that costs us an extra card (a rescue card, or two cards with a yellow cube) needs this much
    MIN_COSTLY_HIT = 3.0
    #: what a card is worth to keep (see `_value`); class attributes, so that a measurement can vary them
    HIT_PERFECT = HIT_PERFECT
    HIT_MAKESHIFT = HIT_MAKESHIFT
    THREATENED_RESCUE = THREATENED_RESCUE
    SABOTAGE_OPTION = SABOTAGE_OPTION
    ESPIONAGE_OPTION = ESPIONAGE_OPTION
    #: play Attack on a level III cube when the Machine is one Biosphere 5 card from winning
    ATTACK = True
    #: leave Biosphere 5 face up until it can be taken and played in one turn
    LEAVE_BIOSPHERE = True
    #: turn the face-up cards over with this many cards in hand when none is worth taking (0: never)
    FULL_REFRESH = 8
    TAKE_FACE_UP = TAKE_FACE_UP

    def pick(self, observation: Observation, legal: list[Action]) -> Action:
        game = cast("MachineGame", observation.game)  # the player of the Machine game (4)
        self.game = game
        self.cards: CardSet = game.cards
        view = observation.view
        self.view = view
        me, machine = view["boards"][0], view["boards"][1]
        self.built = built_categories(self.cards, me["achievements"])
        self.theirs = built_categories(self.cards, machine["achievements"])
        self.machine = view["machine"]
        self.cubes = len(machine["achievements"])
        self.hand = [self.cards.index[k] for k in view["hand"] or []]
        self.move_left = int(view["move"]) < 2
        kind = observation.decision.kind
        self.decision_kind = kind
        choice: Action | None = None
        if kind == "move":
            choice = self._solo_move(legal)
        elif kind == "take":
            choice = self._take(legal)
        elif kind in ("discard", "surrender", "rescue"):
            choice = self._least_needed(legal)
        elif kind == "sacrifice":
            choice = min(legal, key=self._achievement_worth)
        elif kind == "respond":
            choice = next((a for a in legal if a.verb == "rescue"), None)
        elif kind == "target":
            choice = legal[0]
        elif kind == "destroy":
            choice = max(legal, key=lambda a: self.cards.value(self.cards.index[str(a.args[0])]))
        elif kind == "unveil":
            choice = max(legal, key=lambda a: self._danger(self.cards.index[str(a.args[0])]))
        return choice if choice is not None and choice in legal else self.rng.choice(legal)

    # --- what the Machine threatens ------------------------------------------------------------
    def _machine_top(self) -> int:
        """How many of the two level III cubes (the Biosphere 5 condition, 4.3 I) the Machine has."""
        return sum(1 for c, cat in self.cards.categories.items() if cat.level == 3 and c in self.theirs)

    def _threatened(self, category: str) -> bool:
        """Would the Machine play this category's catastrophe at us (4.3 III)?"""
        return RANK[self.theirs.get(category, "")] > RANK[self.built.get(category, "")]

    def _danger(self, card: int) -> float:
        """How much the Machine would gain from revealing `card` (for our Espionage's discard, 4.7)."""
        spec = self.cards.cards[card]
        upper = spec.upper
        if upper.kind == "biosphere":
            return 100.0
        cubes = tuple(self.cards.index[k] for k in self.view["boards"][1]["achievements"])
        open_levels = q._open_levels(self.cards, cubes)
        worth = 0.0
        if upper.kind == "achievement" and upper.category not in self.theirs and upper.level in open_levels:
            worth = 30.0 + 5 * upper.level + (upper.quality == "perfect") * 3
        lower = spec.lower
        if lower.level in open_levels:
            if lower.kind == "sabotage":
                worth = max(worth, 20.0)
            elif lower.kind == "espionage":
                worth = max(worth, 12.0)
            elif lower.kind == "new-hope":
                worth = max(worth, 10.0)
            elif lower.kind == "catastrophe" and self._threatened(lower.category):
                worth = max(worth, 15.0)
        return worth + upper.level * 0.1

    # --- hitting the Machine -------------------------------------------------------------------
    def _expected_loss(self, option: CardOption) -> float:
        """The hand cards the Machine is expected to lose to our option (levels, then cubes)."""
        level = int(self.machine["level"])
        if option.kind != "catastrophe":
            return float(FIXED_LOSS.get(option.kind, 0))
        cost = CATASTROPHE_COST[self.theirs.get(option.category, "")]
        if cost == 0:
            return 0.0
        if self.machine["catastrophes_this_round"] > 0 or level == 0:
            return float(cost)
        faces = self.game.table.die.faces
        fits = sum(1 for f in faces if self.game._die_fits(f, option.category)) / len(faces)
        rescue = 1.0 - (1.0 - fits) ** level
        return rescue * 1.0 + (1.0 - rescue) * cost

    def _sure_loss(self, option: CardOption) -> int:
        """What the Machine loses for certain (no rescue dice possible), 0 if the dice may save it."""
        if option.kind != "catastrophe":
            return FIXED_LOSS.get(option.kind, 0)
        cost = CATASTROPHE_COST[self.theirs.get(option.category, "")]
        if self.machine["catastrophes_this_round"] > 0 or int(self.machine["level"]) == 0:
            return cost
        return 1 if cost else 0

    def _worst_loss(self, option: CardOption) -> int:
        """The most the Machine can lose to our option (no rescue die fits)."""
        if option.kind != "catastrophe":
            return FIXED_LOSS.get(option.kind, 0)
        return CATASTROPHE_COST[self.theirs.get(option.category, "")]

    def _my_cost(self, option: CardOption, card: int) -> int:
        """Extra cards our own catastrophe costs us (2.3.3): none with a perfect achievement."""
        if option.kind != "catastrophe":
            return 0
        quality = self.built.get(option.category, "")
        if quality == "perfect":
            return 0
        others = [c for c in self.hand if c != card]
        uppers = [self.cards.cards[c].upper for c in others]
        rescue = any(u.kind == "rescue" and option.category in u.protects for u in uppers)
        return 1 if rescue else CATASTROPHE_COST[quality]  # a rescue card, or two cards with a yellow cube

    # --- a move --------------------------------------------------------------------------------
    def _solo_move(self, legal: list[Action]) -> Action | None:
        plays = [a for a in legal if a.verb == "play"]
        option = {a: self.cards.option(self.cards.index[str(a.args[0])], str(a.args[1])) for a in plays}
        card = {a: self.cards.index[str(a.args[0])] for a in plays}
        for action in plays:  # 1. win
            if option[action].kind == "biosphere":
                return action
        holding = self.cards.biosphere in self.hand
        level = int(self.machine["level"])
        hits = [a for a in plays if option[a].kind in ("catastrophe", "sabotage", "espionage")]
        # 2. drive the Machine out of the game in our turn: a win with the Biosphere 5 card in hand (2.2)
        if holding:
            for action in hits:
                if self._sure_loss(option[action]) > level + self.cubes:
                    return action
        biosphere = Action("take", (self.cards.key(self.cards.biosphere),))
        if biosphere in legal and self._ready_for_biosphere():
            return biosphere  # 2b. take it now, play it with the next move (no achievement before it)
        top = self._machine_top()
        # 3. the Machine has both level III cubes: it wins as soon as it sees Biosphere 5 at level 5
        if top == 2:
            attacks = [a for a in plays if option[a].kind == "attack"]
            if attacks and self.ATTACK and (self.machine["kept"] or level >= 5):
                return attacks[0]
        builds = [a for a in plays if option[a].kind == "achievement"]
        if builds:  # 4. build: perfect first, then where the Machine threatens us, then the lower level
            return max(
                builds,
                key=lambda a: (
                    option[a].quality == "perfect",
                    self._threatened(option[a].category),
                    -option[a].level,
                ),
            )
        spare = {a for a in plays if self._spare(card[a]) or option[a].kind in ("sabotage", "espionage")}
        # 5. hit the Machine: the biggest expected loss, from cards we can spare
        scored = []
        for action in hits:
            opt = option[action]
            if action not in spare and opt.kind == "catastrophe":
                upper = self.cards.cards[card[action]].upper
                if upper.kind == "achievement" and upper.category not in self.built:
                    continue  # an achievement we still need
            if self._worst_loss(opt) > level + self.cubes and not holding and top < 2:
                continue  # it may end the game in a draw (2.2); only when the Machine is about to win
            loss = self._expected_loss(opt)
            extra = self._my_cost(opt, card[action])
            need = self.MIN_COSTLY_HIT if extra else self.MIN_HIT
            if loss >= need and (level > 0 or self.cubes > 0):
                scored.append((loss - 0.5 * extra, action))
        if scored:
            return max(scored, key=lambda s: s[0])[1]
        for action in plays:  # 6. New Hope from a spare card
            if option[action].kind == "new-hope" and action in spare:
                return action
        # 7. a full hand and nothing worth taking face up: turn the face-up cards over
        refresh = Action("refresh", ())
        me = self.view["boards"][0]
        if self.FULL_REFRESH and refresh in legal and len(self.hand) >= self.FULL_REFRESH:
            faceup = [self._value(self.cards.index[k]) for k in me["faceup"]]
            if not faceup or max(faceup) < self.TAKE_FACE_UP:
                return refresh
        return self._take(legal)  # 8. collect cards

    def _take(self, legal: list[Action]) -> Action | None:
        """Collect as the heuristic does, but leave Biosphere 5 face up until it can be played at once.

        In our hand it is exposed to the Machine's Espionage (4.3: the card of the highest level goes,
        and Biosphere 5 is the only level IV card) and Sabotage; on the face-up row nothing touches it.
        """
        biosphere = Action("take", (self.cards.key(self.cards.biosphere),))
        if self.LEAVE_BIOSPHERE and biosphere in legal and not self._ready_for_biosphere():
            legal = [a for a in legal if a != biosphere]
        return super()._take(legal)

    def _ready_for_biosphere(self) -> bool:
        """Could we take Biosphere 5 with this move and play it with the next (2.1, 2.2)?"""
        mine = tuple(self.cards.index[k] for k in self.view["boards"][0]["achievements"])
        return (
            self.decision_kind == "move"
            and self.move_left
            and 4 in q._open_levels(self.cards, mine)
            and len(self.hand) >= 5
        )

    # --- what a card is worth to keep ----------------------------------------------------------
    def _value(self, card: int) -> float:
        spec = self.cards.cards[card]
        upper, lower = spec.upper, spec.lower
        value = keep_value(self.cards, card, self.built, self.hand)
        if upper.kind == "rescue" and self._threatened(upper.category):
            value = max(value, self.THREATENED_RESCUE)
        if lower.kind == "catastrophe" and self.theirs.get(lower.category) != "perfect":
            quality = self.built.get(lower.category, "")
            if quality == "perfect":
                value = max(value, self.HIT_PERFECT)
            elif quality == "makeshift":
                value = max(value, self.HIT_MAKESHIFT)
        elif lower.kind == "sabotage":
            value = max(value, self.SABOTAGE_OPTION)
        elif lower.kind == "espionage":
            value = max(value, self.ESPIONAGE_OPTION)
        if upper.kind == "achievement" and upper.category not in self.built:
            value = max(value, NEEDED_MAKESHIFT - 4)
        return value
