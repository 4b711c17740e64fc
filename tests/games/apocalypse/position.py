"""Building positions for the rule tests: a game after set-up, chosen cards on chosen cells.

Cards are moved between places (never created), so every position keeps the card invariants.
"""

from __future__ import annotations

from cardtable.core import Action
from cardtable.games.apocalypse import Apocalypse
from cardtable.games.apocalypse.abilities import window_then
from cardtable.games.apocalypse.state import ApocalypseState, Tile

GAME = Apocalypse()
CAT = GAME.catalog


def started(seed: int = 1, resource: str = "water") -> ApocalypseState:
    """A game just after set-up (`start water`): Underground Lake at e1, the Human at e2."""
    state = GAME.new_state(seed)
    GAME.apply(state, f"start {resource}")
    return state


def take(state: ApocalypseState, name: str) -> int:
    """Take a card of design `name` out of a deck, the pool or the discard pile."""
    places = [state.building_deck, *state.natural_decks.values(), state.pool, state.discard]
    places += [state.catastrophe_deck]
    for place in places:
        for card in place:
            if CAT.cards[card].name == name:
                place.remove(card)
                if place is state.building_deck:
                    state.deck_known = 0
                return card
    raise LookupError(f"no {name} card left to take")


def clear_board(state: ApocalypseState) -> None:
    """Send every card on the board to the discard pile (not a death)."""
    for tile in state.board.values():
        state.discard.append(tile.card)
    state.board.clear()


def lay(state: ApocalypseState, layout: dict[str, str], *, clear: bool = True) -> None:
    """Put cards on cells, e.g. {"e1": "underground-lake", "e2": "human~"} ('~': unstable)."""
    if clear:
        clear_board(state)
    for cell, name in layout.items():
        unstable = name.endswith("~")
        state.board[cell] = Tile(take(state, name.rstrip("~")), unstable)
    GAME.check_invariants(state)


def stock_pool(state: ApocalypseState, names: list[str]) -> None:
    """Put these cards on top of the building deck, so the next pool draws them first."""
    cards = [take(state, n) for n in names]
    state.building_deck[:0] = cards


def skip_windows(state: ApocalypseState) -> None:
    """Pass in every ability window until another kind of decision is pending."""
    while (d := GAME.decision(state)) is not None and d.kind == "ability":
        GAME.apply(state, "pass")


def to_window(state: ApocalypseState, then: str) -> None:
    """Pass until an ability window before `then` ("turn", "needs", "catastrophe") is open."""
    while (d := GAME.decision(state)) is not None and (d.kind != "ability" or window_then(state) != then):
        legal = GAME.legal_actions(state)
        GAME.apply(state, Action("pass") if Action("pass") in legal else legal[0])


def play(state: ApocalypseState, *moves: str) -> None:
    """Apply moves in notation, passing through the ability windows in between."""
    for move in moves:
        skip_windows(state)
        GAME.apply(state, move)
    GAME.check_invariants(state)


def to_turn(state: ApocalypseState) -> None:
    """Pass through windows and turns until the next step-3 turn (or the game's end)."""
    skip_windows(state)


def finish_round(state: ApocalypseState) -> None:
    """Pass every remaining turn and window of the current round (catastrophe choices: first option)."""
    current = state.round
    while GAME.decision(state) is not None and state.round == current:
        d = GAME.decision(state)
        legal = GAME.legal_actions(state)
        GAME.apply(state, Action("pass") if Action("pass") in legal else legal[0])
        assert d is not None
    GAME.check_invariants(state)


def cells(state: ApocalypseState) -> dict[str, str]:
    """The board as {cell: design name}, '~' marking unstable cards."""
    return {c: CAT.cards[t.card].name + ("~" if t.unstable else "") for c, t in state.board.items()}


def set_pool(state: ApocalypseState, names: list[str]) -> None:
    """Replace the card pool by these cards (the old pool goes to the bottom of the deck)."""
    state.building_deck += state.pool
    state.pool = [take(state, n) for n in names]


def stack_catastrophes(state: ApocalypseState, names: list[str]) -> None:
    """Put these catastrophes on top of the catastrophe deck, in this order."""
    cards = [take(state, n) for n in names]
    state.catastrophe_deck[:0] = cards
    state.catastrophe_known = False


def no_catastrophes(state: ApocalypseState) -> None:
    """Take the catastrophes out of the game (positions that test other rules over many rounds)."""
    state.resolved += state.catastrophe_deck
    state.catastrophe_deck = []


def give_ability(state: ApocalypseState, seat: int, name: str) -> None:
    """Make sure `seat` holds the ability `name` (swapped with another seat's card if needed)."""
    card = next(c for c in CAT.ids("ability") if CAT.cards[c].name == name)
    if card in state.abilities[seat]:
        return
    for hand in state.abilities:
        if card in hand:
            swap = state.abilities[seat][0]
            hand[hand.index(card)] = swap
            state.abilities[seat][0] = card
            return
    raise LookupError(f"{name} was already used")
