"""The six abilities ("Ability Cards"): when each can be used, and the short chain of choices it opens.

An ability is offered only when it can take effect, and once chosen it is carried out to the end:
Teraform (`teraform energy`, then `put c3`), Weather Report (at once), Recycle (`recycle plant`, then
`put c3`), Research (at once: the top 3 building cards are shown), Use Reserves (`protect e2`),
Restructure (`lift e2`, then `put d2`).
"""

from __future__ import annotations

from typing import ClassVar

from cardtable.core import Action, OneOf, push, seat_mark

from . import board, grid
from .cards import Catalog
from .state import ApocalypseState, ApoChoice

RESEARCH_DEPTH = 3
ROUNDS = 7
SEATS = 3


def placeable_cells(state: ApocalypseState) -> tuple[str, ...]:
    return grid.free_cells(state.board)


def natural_kinds(state: ApocalypseState) -> list[str]:
    return [res for res in sorted(state.natural_decks) if state.natural_decks[res]]


def recyclable(catalog: Catalog, state: ApocalypseState) -> list[str]:
    """Names of discarded cards that could be placed now (a mechanism needs its building cost)."""
    names = board.affordable_names(catalog, state, state.discard)
    return [d.name for d in catalog.designs if d.name in names]


def protectable(catalog: Catalog, state: ApocalypseState) -> list[str]:
    return [c for c in grid.in_board_order(state.board) if board.turnable(catalog, state.board[c])]


def liftable(catalog: Catalog, state: ApocalypseState) -> list[str]:
    """Cards Restructure may take: movable ones that have somewhere to go (and can be paid for)."""
    cells = []
    shelter = grid.layout(state.board)
    total = board.workforce_total(catalog, state)
    for cell in grid.in_board_order(state.board):
        tile = state.board[cell]
        if not board.movable(catalog, tile):
            continue
        cost = catalog.cards[tile.card].build_cost
        left = total - catalog.cards[tile.card].workforce
        if cost and cost > left - state.workforce_spent:
            continue
        if shelter.free_after_leaving(cell):
            cells.append(cell)
    return cells


def timely(catalog: Catalog, state: ApocalypseState, ability: str) -> bool:
    """Is the open window a moment at which using `ability` could differ from using it at a later
    window? (RULES.md D21; only public facts: the same for every seat.)

    Research and Weather Report change nothing on the table; what they show stays the same for the
    whole round (the next pool's first cards, the next catastrophe), so they are offered at the
    round's first window, when it is worth most; Research not in the last round (no pool follows).
    Use Reserves protects until the round ends and cards turn only at the needs check and when a
    Radioactive Waste is placed: it is offered just before those. The abilities that put a card on
    the board are offered at every window.
    """
    if ability in ("research", "weather-report"):
        then = window_then(state)
        first = (then == "turn" and state.turn == 0) or (state.skip_turns and then == "needs")
        return first and (ability == "weather-report" or state.round < ROUNDS)
    if ability == "use-reserves":
        waste = state.catastrophe >= 0 and catalog.cards[state.catastrophe].name == "radioactive-waste"
        then = window_then(state)
        return then == "needs" or (then == "catastrophe" and waste)
    return True


def offered(catalog: Catalog, state: ApocalypseState, ability: str) -> bool:
    """May `ability` be used in the open window: it can take effect, and now is a moment for it."""
    return timely(catalog, state, ability) and usable(catalog, state, ability)


def usable(catalog: Catalog, state: ApocalypseState, ability: str) -> bool:
    if ability == "teraform":
        return bool(natural_kinds(state)) and bool(placeable_cells(state))
    if ability == "weather-report":
        return bool(state.catastrophe_deck) and not state.catastrophe_known
    if ability == "recycle":
        return bool(recyclable(catalog, state)) and bool(placeable_cells(state))
    if ability == "research":
        return bool(state.building_deck)
    if ability == "use-reserves":
        return bool(protectable(catalog, state))
    if ability == "restructure":
        return bool(liftable(catalog, state))
    raise ValueError(ability)


def usable_by(catalog: Catalog, state: ApocalypseState, seat: int) -> list[str]:
    """The seat's unused abilities offered in the open window, in card-file order."""
    own = {catalog.cards[c].name for c in state.abilities[seat]}
    return [n for n in catalog.names("ability") if n in own and offered(catalog, state, n)]


def any_offered(catalog: Catalog, state: ApocalypseState) -> bool:
    """Is any unused ability, whoever holds it, offered in the open window? Public: which seat holds
    which unused ability is hidden, but which abilities are still unused is not."""
    unused = {catalog.cards[c].name for hand in state.abilities for c in hand}
    return any(offered(catalog, state, n) for n in unused)


class Window(ApoChoice, tag="ability"):
    """An ability window: each seat in turn, from `seat`, may use its abilities or pass; `left` seats are
    still to be asked. The step it comes before (a turn, the needs check, the catastrophe) follows it in
    the queue. A seat is asked only if it holds a card and some unused ability is offered now (public)."""

    stage = "window"
    left: int = SEATS

    def run(self, cat: Catalog, s: ApocalypseState) -> bool:
        offered = any_offered(cat, s)
        while self.left > 0 and not (offered and s.abilities[self.seat]):
            self.next_seat()
        if self.left > 0:
            return False
        self.done(s)
        return True

    def next_seat(self) -> None:
        self.seat = (self.seat + 1) % SEATS
        self.left -= 1

    def prompt(self, cat: Catalog, s: ApocalypseState) -> str:
        return f"use an ability card, or pass ({moment(cat, s)})"

    def legal(self, cat: Catalog, s: ApocalypseState) -> list[Action]:
        return [Action("ability", (n,)) for n in usable_by(cat, s, self.seat)] + [Action("pass")]

    def apply(self, cat: Catalog, s: ApocalypseState, action: Action) -> None:
        if action.verb == "pass":
            self.next_seat()
        else:
            begin(cat, s, self.seat, str(action.args[0]))


def open_window(state: ApocalypseState) -> Window | None:
    """The ability window open now (below the choices of an ability being used in it), if any."""
    return next((step for step in state.steps if isinstance(step, Window)), None)


def window_then(state: ApocalypseState) -> str:
    """What the open ability window comes before ("turn", "needs", "catastrophe"); "" when none is open."""
    steps = state.steps
    for at, step in enumerate(steps):
        if isinstance(step, Window):
            return steps[at + 1].stage if at + 1 < len(steps) else ""
    return ""


def moment(catalog: Catalog, state: ApocalypseState) -> str:
    """What comes after the open ability window, for its prompt."""
    then = window_then(state)
    if then == "turn":
        return f"before {seat_mark((state.leader + state.turn) % SEATS)}'s turn"
    if then == "catastrophe" and state.catastrophe >= 0:
        return f"before the {catalog.cards[state.catastrophe].title} strikes"
    return "before the needs check" if then == "needs" else ""


def begin(catalog: Catalog, state: ApocalypseState, seat: int, ability: str) -> None:
    """Spend the seat's ability card and start its effect (its first choice, or the whole effect at once)."""
    card = next(c for c in state.abilities[seat] if catalog.cards[c].name == ability)
    state.abilities[seat].remove(card)
    state.used_abilities.append(card)
    state.log.append(f"{seat_mark(seat)} uses {catalog.cards[card].title}")
    if ability == "weather-report":
        state.catastrophe_known = True
        top = catalog.cards[state.catastrophe_deck[0]].title
        state.log.append(f"The next catastrophe is {top}")
        return
    if ability == "research":  # the order they go back in cannot matter: the next pool takes them all
        depth = min(RESEARCH_DEPTH, len(state.building_deck))
        state.deck_known = max(state.deck_known, depth)
        seen = ", ".join(catalog.cards[c].title for c in state.building_deck[:depth])
        state.log.append(f"The top of the building deck, put back as it was: {seen}")
        return
    first = {"teraform": Teraform, "recycle": Recycle, "use-reserves": Protect, "restructure": Lift}[ability]
    push(state, first(seat))


class Task(ApoChoice, OneOf):
    """A choice of an ability's short chain (or of placing a catastrophe), made by the seat that uses it:
    one of its `choices`, the action named after its kind.

    Its prompt is the kind's own `question`; an ability's chain runs inside the ability window
    (`stage` "window")."""

    stage: ClassVar[str] = "window"

    def hold(self, s: ApocalypseState, card: int, unstable: bool = False) -> None:
        """The card taken goes into the seat's hand, to be put on the board next (`Put`)."""
        s.held, s.held_unstable = card, unstable
        self.done(s)
        push(s, Put(self.seat))


class Teraform(Task, tag="teraform"):
    question = "choose the natural resource to take"

    def choices(self, cat: Catalog, s: ApocalypseState) -> list[str]:
        return natural_kinds(s)

    def chosen(self, cat: Catalog, s: ApocalypseState, resource: str) -> None:
        self.hold(s, s.natural_decks[resource].pop(0))


class Recycle(Task, tag="recycle"):
    question = "choose the discarded card to place"

    def choices(self, cat: Catalog, s: ApocalypseState) -> list[str]:
        return recyclable(cat, s)

    def chosen(self, cat: Catalog, s: ApocalypseState, name: str) -> None:
        card = next(c for c in s.discard if cat.cards[c].name == name)
        s.discard.remove(card)
        self.hold(s, card)


class Protect(Task, tag="protect"):
    question = "choose the card to protect from turning this round"

    def choices(self, cat: Catalog, s: ApocalypseState) -> list[str]:
        return protectable(cat, s)

    def chosen(self, cat: Catalog, s: ApocalypseState, cell: str) -> None:
        s.protected = s.board[cell].card
        s.log.append(f"{cat.cards[s.protected].title} at {cell} protected for this round")
        self.done(s)


class Lift(Task, tag="lift"):
    question = "choose the card to take from the board"

    def choices(self, cat: Catalog, s: ApocalypseState) -> list[str]:
        return liftable(cat, s)

    def chosen(self, cat: Catalog, s: ApocalypseState, cell: str) -> None:
        tile = s.board.pop(cell)
        s.log.append(f"{cat.cards[tile.card].title} lifted from {cell}")
        self.hold(s, tile.card, tile.unstable)
        board.slide(cat, s)


class Put(Task, tag="put"):
    """Put the card in hand on a free cell: an ability's card, or the round's Radioactive Waste (`waste`,
    placed like a normal card in the catastrophe's step, turning the living cards around it)."""

    question = "choose where to place the card in hand"
    waste: bool = False

    def prompt(self, cat: Catalog, s: ApocalypseState) -> str:
        held = "Radioactive Waste" if self.waste or s.held < 0 else cat.cards[s.held].title
        return f"choose where to place the {held}"

    def view_step(self) -> str:
        return "catastrophe" if self.waste else "window"

    def choices(self, cat: Catalog, s: ApocalypseState) -> tuple[str, ...]:
        return placeable_cells(s)

    def chosen(self, cat: Catalog, s: ApocalypseState, cell: str) -> None:
        if self.waste:
            board.place_waste(cat, s, self.seat, cell)
        else:
            board.put(cat, s, self.seat, s.held, cell, s.held_unstable)
            s.held, s.held_unstable = -1, False
        self.done(s)
        board.slide(cat, s)
