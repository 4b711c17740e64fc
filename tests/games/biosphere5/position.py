"""Build exact Biosphere 5 positions for rule tests: name the cards, the rest goes to the draw pile."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardtable.core import make_game
from cardtable.games.biosphere5 import Biosphere5
from cardtable.games.biosphere5.state import Board, State
from cardtable.games.biosphere5.turn import Move


def position(
    players: int = 2,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    achievements: Mapping[int, Sequence[str]] | None = None,
    faceup: Mapping[int, Sequence[str]] | None = None,
    discard: Mapping[int, Sequence[str]] | None = None,
    pile_top: Mapping[int, Sequence[str]] | None = None,
    order: Sequence[int] | None = None,
    turn: int = 0,
    **options: object,
) -> tuple[Biosphere5, State]:
    """A position with the named cards in place; every other card of each deck is in its draw pile.

    `pile_top[s]` lists cards on top of seat s's pile, the first drawn first. `turn` is the seat to
    move. Face-up rows default to empty.
    """
    game = make_game("biosphere5", dict(players=players, **options))
    state = game.new_state(0)
    state.events.clear()
    state.order = list(order) if order is not None else list(range(players))
    state.turn = state.order.index(turn)
    state.steps[:] = [Move(turn)]
    index = game.cards.index
    for seat in range(players):
        zones = {
            name: [index[k] for k in (zone or {}).get(seat, [])]
            for name, zone in (
                ("hand", hands),
                ("achievements", achievements),
                ("faceup", faceup),
                ("discard", discard),
                ("top", pile_top),
            )
        }
        rest = list(game.deck)
        for cards in zones.values():
            for card in cards:
                rest.remove(card)
        pile = sorted(rest) + list(reversed(zones["top"]))
        state.boards[seat] = Board(
            hand=zones["hand"],
            pile=pile,
            faceup=zones["faceup"],
            discard=zones["discard"],
            achievements=zones["achievements"],
        )
    game.check_invariants(state)
    return game, state


def keys(game: Biosphere5, cards: Sequence[int]) -> list[str]:
    return sorted(game.cards.key(c) for c in cards)


def legal(game: Biosphere5, state: State) -> set[str]:
    return {str(a) for a in game.legal_actions(state)}
