"""Build Race for the Galaxy positions for rule tests: hands, tableaux and goods set by hand."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy
from cardtable.games.race_for_the_galaxy.rules import action_rank
from cardtable.games.race_for_the_galaxy.state import RftgState

#: the set-up decisions `table` answers with their first legal action
SETUP_KINDS = ("initial-discard", "start-choose", "start-save")


def table(players: int = 2, seed: int = 1, **options: object) -> tuple[RaceForTheGalaxy, RftgState]:
    """A game after the set-up choices, at the first action selection (`options`: e.g. expansion=3;
    the goals drawn are cleared, a test sets those it needs with `goals`)."""
    game = RaceForTheGalaxy(players=players, **options)
    state = game.new_state(seed)
    while game.decision(state).kind in SETUP_KINDS:
        game.apply(state, game.legal_actions(state)[0])
    state.goals = []
    for p in state.players:
        p.goals = []
        p.progress = {}
    state.goal_most = {}
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
    s.deck += p.saved
    p.saved = []
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
        for world, good in p.goods.items():
            if good == card:
                p.goods[world] = next(c for c in s.deck if c != card)
                s.deck.remove(p.goods[world])
                return
    for p in s.players:  # another seat's start world, not yet given its own tableau
        if card in p.tableau:
            p.tableau.remove(card)
            p.powered = [k for k in p.powered if k != card]
            if card in p.goods:
                s.deck.append(p.goods.pop(card))
            return
    raise AssertionError(f"{card} is not free to place")


def add(game: RaceForTheGalaxy, s: RftgState, seat: int, card: str) -> None:
    """Put `card` at the end of a seat's tableau, taken from wherever it is free."""
    _take_anywhere(s, card)
    s.players[seat].tableau.append(card)
    s.players[seat].powered.append(card)
    game.check_invariants(s)


def stack(s: RftgState, *cards: str) -> None:
    """Put `cards` on top of the deck, the first listed to be taken first."""
    for card in cards:
        _take_anywhere(s, card)
    s.deck += list(reversed(cards))


def select(game: RaceForTheGalaxy, s: RftgState, *choices: Sequence[str]) -> None:
    """Every seat selects its actions (one tuple of action names per seat, in any order)."""
    for names in choices:
        game.apply(s, "select " + " ".join(sorted(names, key=action_rank)))


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
