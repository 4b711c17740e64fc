"""Helpers to build 51st State positions without breaking card conservation."""

from __future__ import annotations

from cardtable.core import Action
from cardtable.games.fifty_first_state import FiftyFirstState
from cardtable.games.fifty_first_state.state import FiftyState, Site

FACTIONS = "new-york,appalachian,merchants-guild,mutants-union"


class Table:
    """A game and a state at the start of an Action phase, with ways to arrange a position."""

    def __init__(self, players: int = 2, seed: int = 1, factions: str = "") -> None:
        chosen = factions or ",".join(FACTIONS.split(",")[:players])
        self.game = FiftyFirstState(players=players, factions=chosen)
        self.s: FiftyState = self.game.new_state(seed)
        self.cat = self.game.catalog
        while self.s.phase != "action":
            self.act(str(self.legal()[0]))

    # --- arranging --------------------------------------------------------------------------
    def _take(self, card: str) -> None:
        """Take a card out of the deck, else the discard pile, else another hand."""
        for pile in (self.s.deck, self.s.discard, *(p.hand for p in self.s.players)):
            if card in pile:
                pile.remove(card)
                for p in self.s.players:
                    if p.hand is pile and p.known.count(card) > p.hand.count(card):
                        p.known.remove(card)
                return
        raise AssertionError(f"no {card} left to take")

    def hand(self, seat: int, *cards: str) -> None:
        p = self.s.players[seat]
        self.s.deck.extend(p.hand)
        p.hand, p.known = [], []
        for card in cards:
            self._take(card)
            p.hand.append(card)

    def sites(self, seat: int, *cards: str) -> None:
        """Give `seat` these locations (a card key, or 'ruin:key' for a Ruin), in order."""
        p = self.s.players[seat]
        self.s.deck.extend(site.key for site in p.sites)
        p.sites = []
        for card in cards:
            ruin = card.startswith("ruin:")
            key = card.removeprefix("ruin:")
            self._take(key)
            p.sites.append(Site(key, ruin=ruin))

    def supply(self, seat: int, **tokens: int) -> None:
        self.s.players[seat].supply = {k: n for k, n in tokens.items() if n}

    def deals(self, seat: int, *cards: str) -> None:
        p = self.s.players[seat]
        self.s.deck.extend(p.deals)
        p.deals = []
        for card in cards:
            self._take(card)
            p.deals.append(card)

    def turn(self, seat: int) -> None:
        self.s.turn = seat

    # --- playing ----------------------------------------------------------------------------
    def legal(self) -> list[Action]:
        return self.game.legal_actions(self.s)

    def texts(self) -> list[str]:
        return [str(a) for a in self.legal()]

    def act(self, *actions: str) -> None:
        for text in actions:
            self.game.apply(self.s, text)
        self.game.check_invariants(self.s)

    def can(self, text: str) -> bool:
        return Action.parse(text) in self.legal()

    @property
    def decision(self):
        return self.game.decision(self.s)

    def p(self, seat: int):
        return self.s.players[seat]
