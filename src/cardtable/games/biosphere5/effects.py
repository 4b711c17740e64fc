"""What a card's option sets in motion, as steps: cards taken and discarded, achievements given up, a
catastrophe reaching each player in turn (2.3.3), Espionage, Sabotage and Attack (2.3.4).

A step that needs a choice becomes the decision of the seat concerned (out of turn too). Such a step
resolves itself, for all to see, when the seat has no real choice: discarding or sacrificing all
there is (2.4), nothing left to choose (the step lapses), or a single option that everyone can tell
is the only one (`Task.single_is_public`: a hidden hand or pile with several cards is always asked,
so that the question tells nobody whether the seat holds a choice).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.core import Action, OneOf, push
from cardtable.core.words import plural

from . import queries as q
from .state import B5Auto, B5Choice, State

if TYPE_CHECKING:
    from .rules import Biosphere5

#: 2.3.3: cards to discard against a catastrophe, by the protection on display; see RULES.md
CATASTROPHE_COST = {"": 4, "makeshift": 2, "perfect": 0}


class Task(B5Choice):
    """A step of what a move set in motion that asks its seat (unless the seat has no real choice)."""

    def run(self, game: Biosphere5, s: State) -> bool:
        if self.forced(game, s):
            return True
        legal = self.legal(game, s)
        if not legal:  # e.g. nothing left to take: the step lapses
            self.done(s)
            return True
        if len(legal) == 1 and self.single_is_public(game, s):
            self.apply(game, s, legal[0])  # no choice, for all to see
            return True
        return False

    def forced(self, game: Biosphere5, s: State) -> bool:
        """Carry the step out at once when it takes everything there is (2.4); True if it did."""
        return False

    def single_is_public(self, game: Biosphere5, s: State) -> bool:
        """Whether everyone can tell that the step has a single option (then it asks nobody). True for
        choices among public facts (face-up cards, achievements, seats, tiers); the others choose among
        hidden cards, whose single option is public only when there is one card to choose from."""
        return True


class CardChoice(Task, OneOf):
    """A choice of one of `cards` (card ids; the actions name them by key), which `card_chosen` carries
    out."""

    def cards(self, game: Any, s: State) -> Iterable[int]:
        raise TypeError(f"step {self.kind} defines no cards")

    def card_chosen(self, game: Any, s: State, card: int) -> None:
        raise TypeError(f"step {self.kind} defines no card_chosen")

    def choices(self, game: Biosphere5, s: State) -> list[str]:
        key = game.cards.key
        return [key(c) for c in self.cards(game, s)]

    def chosen(self, game: Biosphere5, s: State, choice: str) -> None:
        self.card_chosen(game, s, game.cards.index[choice])


class HiddenCard(CardChoice):
    """A choice of a card of a hidden zone (`zone`: "hand" or "pile") of the board of `owner`: any card
    of it unless the step says otherwise; its single option is public only when the zone holds one card."""

    zone: ClassVar[str] = "hand"

    def owner(self) -> int:
        """Whose board the card is on: the seat's own unless the step says otherwise."""
        return self.seat

    def zone_cards(self, s: State) -> list[int]:
        cards: list[int] = getattr(s.boards[self.owner()], self.zone)
        return cards

    def single_is_public(self, game: Biosphere5, s: State) -> bool:
        return len(self.zone_cards(s)) == 1

    def cards(self, game: Any, s: State) -> Iterable[int]:
        return sorted(set(self.zone_cards(s)))


class TargetChoice(Task):
    """A choice of the player something (`aimed_with`) is directed against, the action `target <seat>`
    among `seats`; `aimed` carries it out."""

    def seats(self, game: Any, s: State) -> list[int]:
        raise TypeError(f"step {self.kind} defines no seats")

    def aimed_with(self, game: Any) -> str:
        raise TypeError(f"step {self.kind} defines no aimed_with")

    def aimed(self, game: Any, s: State, target: int) -> None:
        raise TypeError(f"step {self.kind} defines no aimed")

    def legal(self, game: Biosphere5, s: State) -> list[Action]:
        return [Action("target", (seat,)) for seat in self.seats(game, s)]

    def apply(self, game: Biosphere5, s: State, action: Action) -> None:
        self.done(s)
        target = int(action.args[0])
        said = game.seat_said
        game.event(s, f"{said(self.seat)} directs {self.aimed_with(game)} against {said(target)}")
        self.aimed(game, s, target)


class Counted(Task):
    """A step done `n` times (`n` to go), for the reason `why` its prompt names."""

    n: int
    why: str = ""

    def word(self) -> str:
        return self.why

    def count_down(self, s: State) -> None:
        """One done; the step is over after the last (if nothing else took its place meanwhile)."""
        self.n -= 1
        if self.n <= 0 and s.steps and s.steps[0] is self:
            del s.steps[0]


class Take(Counted, tag="take"):
    """Take a card: a face-up one or the top of the draw pile (take two, New Hope, Tactical Meeting)."""

    def prompt(self, game: Biosphere5, s: State) -> str:
        return f"{self.why}: take a card ({self.n} to go)"

    def legal(self, game: Biosphere5, s: State) -> list[Action]:
        return game.take_actions(s.boards[self.seat])

    def apply(self, game: Biosphere5, s: State, action: Action) -> None:
        game.take(s, self.seat, str(action.args[0]))
        self.count_down(s)


class GiveUp(Counted):
    """Give up `n` cards of the seat's, one at a time (`give`): all of them at once when it holds no more
    than asked (2.4), and then `short_of` what is still missing."""

    def held(self, s: State) -> list[int]:
        raise TypeError(f"step {self.kind} defines no held")

    def give(self, game: Biosphere5, s: State, card: int) -> None:
        raise TypeError(f"step {self.kind} defines no give")

    def short_of(self, game: Biosphere5, s: State, missing: int) -> None:
        raise TypeError(f"step {self.kind} defines no short_of")

    def forced(self, game: Biosphere5, s: State) -> bool:
        held = self.held(s)
        if len(held) > self.n:
            return False
        self.done(s)
        missing = self.n - len(held)
        for card in list(held):
            self.give(game, s, card)
        if missing:
            self.short_of(game, s, missing)
        return True

    def card_chosen(self, game: Biosphere5, s: State, card: int) -> None:
        self.give(game, s, card)
        self.count_down(s)


class Discard(GiveUp, HiddenCard, tag="discard"):
    """Discard a card from the hand; all of them when there are no more than asked (2.4), and
    achievements for the cards missing."""

    def held(self, s: State) -> list[int]:
        return s.boards[self.seat].hand

    def give(self, game: Biosphere5, s: State, card: int) -> None:
        game.discard_from_hand(s, self.seat, card)

    def short_of(self, game: Biosphere5, s: State, missing: int) -> None:
        push(s, Sacrifice(self.seat, missing, "cards missing"))

    def prompt(self, game: Biosphere5, s: State) -> str:
        return f"{self.why}: discard a card ({self.n} to go)"


class Sacrifice(GiveUp, CardChoice, tag="sacrifice"):
    """Give up an achievement (for cards missing, 2.4); all of them when there are no more than asked,
    and the game's rule for what is still missing (out of the game; The Abyss: doom, 3.4)."""

    def held(self, s: State) -> list[int]:
        return s.boards[self.seat].achievements

    def give(self, game: Biosphere5, s: State, card: int) -> None:
        game.destroy(s, self.seat, card, "sacrifices")

    def short_of(self, game: Biosphere5, s: State, missing: int) -> None:
        game.on_achievements_missing(s, self.seat, missing)

    def prompt(self, game: Biosphere5, s: State) -> str:
        return f"{self.why}: sacrifice an achievement ({self.n} to go)"

    def cards(self, game: Biosphere5, s: State) -> Iterable[int]:
        return sorted(s.boards[self.seat].achievements)


# --- catastrophes (2.3.3) ----------------------------------------------------------------------------
class Hit(B5Auto, tag="hit"):
    """The catastrophe of `category`, played by `by`, reaches `seat` (the game's `hit`)."""

    category: str
    by: int

    def word(self) -> str:
        return self.category

    def run(self, game: Biosphere5, s: State) -> None:
        game.hit(s, self)


class Respond(Task, tag="respond"):
    """A player reached by a catastrophe discards a matching rescue card, or endures it: `n` cards."""

    n: int
    category: str
    by: int

    def word(self) -> str:
        return self.category

    def single_is_public(self, game: Biosphere5, s: State) -> bool:
        return not s.boards[self.seat].hand

    def prompt(self, game: Biosphere5, s: State) -> str:
        disaster = game.catastrophe_name(self.category)
        return f"answer {disaster}: discard a matching rescue card, or endure it (discard {self.n})"

    def legal(self, game: Biosphere5, s: State) -> list[Action]:
        key = game.cards.key
        rescues = q.rescue_cards(game.cards, s.boards[self.seat], self.category)
        return [*(Action("rescue", (key(c),)) for c in rescues), Action("endure")]

    def apply(self, game: Biosphere5, s: State, action: Action) -> None:
        self.done(s)
        disaster = game.catastrophe_name(self.category)
        if action.verb == "rescue":
            card = game.cards.index[str(action.args[0])]
            game.discard_from_hand(s, self.seat, card, verb="discards the rescue card")
        else:
            to_discard = plural(self.n, "card")
            game.event(s, f"{game.seat_said(self.seat)} endures {disaster}: {to_discard} to discard")
            push(s, Discard(self.seat, self.n, disaster))


class Rescue(HiddenCard, tag="rescue"):
    """Without protection, the player of a catastrophe discards a rescue card with it (2.3.3 fig. 9)."""

    category: str
    by: int

    def word(self) -> str:
        return self.category

    def prompt(self, game: Biosphere5, s: State) -> str:
        return f"discard the rescue card played with {game.catastrophe_name(self.category)}"

    def cards(self, game: Biosphere5, s: State) -> Iterable[int]:
        return q.rescue_cards(game.cards, s.boards[self.seat], self.category)

    def card_chosen(self, game: Biosphere5, s: State, card: int) -> None:
        self.done(s)
        game.discard_from_hand(s, self.seat, card, verb="discards, with the catastrophe, the rescue card")


# --- Espionage, Sabotage, Attack (2.3.4) ---------------------------------------------------------------
class Target(TargetChoice, tag="target"):
    """The player of Espionage, Sabotage or Attack (`effect`) chooses its target."""

    effect: str

    def word(self) -> str:
        return self.effect

    def prompt(self, game: Biosphere5, s: State) -> str:
        return f"choose the target of {self.effect}"

    def seats(self, game: Biosphere5, s: State) -> list[int]:
        return game.targets(s, self.seat, self.effect)

    def aimed_with(self, game: Biosphere5) -> str:
        return self.effect

    def aimed(self, game: Biosphere5, s: State, target: int) -> None:
        game.resolve_against(s, self.seat, target, self.effect)


class Force(HiddenCard, tag="force"):
    """Espionage: the spy looks at `target`'s hand and chooses the card it must discard."""

    target: int

    def owner(self) -> int:
        return self.target

    def prompt(self, game: Biosphere5, s: State) -> str:
        return f"choose the card {game.seat_said(self.target)} must discard (Espionage)"

    def card_chosen(self, game: Biosphere5, s: State, card: int) -> None:
        self.done(s)
        game.discard_from_hand(s, self.target, card, verb="must discard")


class Destroy(CardChoice, tag="destroy"):
    """Attack: the attacker chooses the achievement of `target` to destroy."""

    target: int

    def prompt(self, game: Biosphere5, s: State) -> str:
        return f"choose the achievement of {game.seat_said(self.target)} to destroy (Attack)"

    def cards(self, game: Biosphere5, s: State) -> Iterable[int]:
        return sorted(s.boards[self.target].achievements)

    def card_chosen(self, game: Biosphere5, s: State, card: int) -> None:
        self.done(s)
        game.destroy(s, self.target, card, "loses")
