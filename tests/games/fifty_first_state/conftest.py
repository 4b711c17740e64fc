"""Helpers to build 51st State positions without breaking card conservation."""

from __future__ import annotations

from cardtable.core import Action, plain, texts
from cardtable.games.fifty_first_state import FiftyFirstState
from cardtable.games.fifty_first_state.actions import TakeAction
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
        """Make it `seat`'s turn of the Action phase."""
        assert isinstance(self.s.steps[0], TakeAction)
        self.s.turn = self.s.steps[0].seat = seat

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


class SoloTable(Table):
    """The solo game (`solo=virtual`) at the start of its first Action phase: the person is seat 0
    (A), the virtual player seat 1 (B). `quiet()` removes the face-up Connection cards, so that the
    virtual player's next turn is an attack; `top()` decides the cards it reveals."""

    def __init__(self, seed: int = 1, faction: str = "new-york") -> None:
        self.game = FiftyFirstState(solo="virtual", factions=faction)
        self.s = self.game.new_state(seed)
        self.cat = self.game.catalog
        while self.s.phase != "action":
            self.act(str(self.legal()[0]))

    def _take(self, card: str) -> None:
        """As for the game for 2 to 4 players, or out of the virtual player's State."""
        for i, site in enumerate(self.s.players[1].sites):
            if site.key == card and card not in self.s.deck + self.s.discard:
                del self.s.players[1].sites[i]
                return
        super()._take(card)

    def top(self, *cards: str) -> None:
        """Put `cards` on top of the deck, the first of them to be drawn first."""
        for card in cards:
            self._take(card)
        self.s.deck.extend(reversed(cards))

    def up(self, blue: str = "", red: str = "") -> None:
        """Set the face-up Connection cards ("" for none), keeping every card somewhere."""
        for colour, card in (("blue", blue), ("red", red)):
            old = self.s.connection_up[colour]
            if old:
                self.s.connection_decks[colour].append(old)
            if card:
                for pile in (self.s.connection_decks[colour], self.s.connection_discards[colour]):
                    if card in pile:
                        pile.remove(card)
                        break
                else:
                    raise AssertionError(f"no {card} left in the {colour} Connection piles")
            self.s.connection_up[colour] = card

    def quiet(self) -> None:
        self.up()

    @property
    def you(self):
        return self.s.players[0]

    @property
    def vip(self):
        return self.s.players[1]

    def step(self, *actions: str) -> list[str]:
        """Play the person's `actions`; the narration lines they added (the virtual player's included)."""
        self.s.events = []
        self.act(*actions)
        return [plain(line) for line in texts(self.s.events)]
