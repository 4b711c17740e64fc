"""Build Race for the Galaxy positions for rule tests: hands, tableaux and goods set by hand."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy
from cardtable.games.race_for_the_galaxy.state import ACTIONS, RftgState


def table(players: int = 2, seed: int = 1) -> tuple[RaceForTheGalaxy, RftgState]:
    """A game after the set-up discards, at the first action selection."""
    game = RaceForTheGalaxy(players=players)
    state = game.new_state(seed)
    while game.decision(state).kind == "initial-discard":
        game.apply(state, game.legal_actions(state)[0])
    return game, state


def give(
    game: RaceForTheGalaxy,
    s: RftgState,
    seat: int,
    hand: Sequence[str] | None = None,
    tableau: Sequence[str] | None = None,
    goods: dict[str, str] | None = None,
) -> None:
    """Set a seat's hand, tableau and goods, moving the cards from (and back to) the deck."""
    p = s.players[seat]
    s.deck += p.hand + p.tableau + list(p.goods.values())
    p.hand, p.goods = [], {}
    tableau = list(tableau or [p.start])
    p.tableau = []
    for card in list(hand or []) + tableau + list((goods or {}).values()):
        _take_anywhere(s, card)
    p.hand = list(hand or [])
    p.tableau = tableau
    p.start = tableau[0]
    p.goods = dict(goods or {})
    p.powered = list(p.tableau)
    game.check_invariants(s)


def _take_anywhere(s: RftgState, card: str) -> None:
    """Take a card out of the deck, the discard pile or another seat's hand (which gets a deck card)."""
    for pile in (s.deck, s.discard):
        if card in pile:
            pile.remove(card)
            return
    for p in s.players:
        if card in p.hand:
            p.hand.remove(card)
            p.hand.append(next(c for c in s.deck if c != card))
            s.deck.remove(p.hand[-1])
            return
    raise AssertionError(f"{card} is not free to place")


def select(game: RaceForTheGalaxy, s: RftgState, *choices: Sequence[str]) -> None:
    """Every seat selects its actions (one tuple of action names per seat, in any order)."""
    for names in choices:
        game.apply(s, "select " + " ".join(sorted(names, key=ACTIONS.index)))


def kind(game: RaceForTheGalaxy, s: RftgState) -> tuple[int, str]:
    d = game.decision(s)
    assert d is not None
    return d.seat, d.kind


def legal(game: RaceForTheGalaxy, s: RftgState) -> set[str]:
    return {str(a) for a in game.legal_actions(s)}


def pass_placements(game: RaceForTheGalaxy, s: RftgState) -> None:
    """Every seat places nothing in the Develop and Settle phases now pending."""
    while not s.ended and game.decision(s).kind in ("develop-choose", "settle-choose"):
        game.apply(s, "develop none" if game.decision(s).kind == "develop-choose" else "settle none")
