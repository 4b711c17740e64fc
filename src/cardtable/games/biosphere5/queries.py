"""Questions the rules ask about a state: civilisation levels, protection, targets, sides."""

from __future__ import annotations

from functools import lru_cache

from .cards import CardSet
from .state import Board, State


def current_seat(state: State) -> int:
    return state.order[state.turn]


def achievement_categories(cards: CardSet, board: Board) -> frozenset[str]:
    return _categories(cards, tuple(board.achievements))


def level_open(cards: CardSet, board: Board, level: int) -> bool:
    """May this player play options of `level`? (2.3 card features)

    Level I is always open. A higher level needs both achievements of the level below, unless an
    achievement of that level is on display already (the exception for destroyed achievements).
    """
    return level in _open_levels(cards, tuple(board.achievements))


@lru_cache(maxsize=8192)
def _categories(cards: CardSet, achievements: tuple[int, ...]) -> frozenset[str]:
    return frozenset(cards.cards[c].upper.category for c in achievements)


@lru_cache(maxsize=8192)
def _open_levels(cards: CardSet, achievements: tuple[int, ...]) -> frozenset[int]:
    on_display = _categories(cards, achievements)
    levels = {1}
    for level in (2, 3, 4):
        below = [name for name, cat in cards.categories.items() if cat.level == level - 1]
        if any(cards.level_of(c) == level for c in on_display) or all(c in on_display for c in below):
            levels.add(level)
    return frozenset(levels)


def civilisation_level(cards: CardSet, board: Board) -> int:
    """The highest level whose options this player may play (1-4)."""
    return max(_open_levels(cards, tuple(board.achievements)))  # among 1-4, level I always open


def protection(cards: CardSet, board: Board, category: str) -> str:
    """'perfect', 'makeshift' or '' — the achievement on display against `category`'s catastrophe."""
    for card in board.achievements:
        upper = cards.cards[card].upper
        if upper.category == category:
            return upper.quality
    return ""


def rescue_cards(cards: CardSet, board: Board, category: str) -> list[int]:
    """Distinct rescue cards in hand that work against the catastrophe of `category` (2.3.2)."""
    found = {
        c
        for c in board.hand
        if cards.cards[c].upper.kind == "rescue" and category in cards.cards[c].upper.protects
    }
    return sorted(found)


def team_of(state: State, seat: int) -> int:
    """Seats 0 and 2 form team 0, seats 1 and 3 team 1 in the four-player game; else each seat alone."""
    return seat % 2 if len(state.boards) == 4 else seat


def active_seats(state: State) -> list[int]:
    return [seat for seat, board in enumerate(state.boards) if not board.out]


def opponents(state: State, seat: int) -> list[int]:
    """Seats `seat` may direct Espionage, Sabotage or Attack against (2.3.4, 2.5).

    With three players only the player to the left (the next one in turn order still in the game).
    """
    if len(state.boards) == 3:
        order = state.order
        start = order.index(seat)
        for step in range(1, len(order)):
            other = order[(start + step) % len(order)]
            if not state.boards[other].out:
                return [other]
        return []
    return [s for s in active_seats(state) if team_of(state, s) != team_of(state, seat)]


def seats_after(state: State, seat: int) -> list[int]:
    """Active seats in turn order starting after `seat`, ending with `seat` (catastrophe order, 2.3.3)."""
    order = state.order
    start = order.index(seat)
    rotated = [order[(start + step) % len(order)] for step in range(1, len(order) + 1)]
    return [s for s in rotated if not state.boards[s].out]
