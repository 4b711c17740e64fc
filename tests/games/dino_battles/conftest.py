"""Helpers to build Dino Battles positions from the test fixture card set (cards conserved)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.games.dino_battles import DinoBattles, rules
from cardtable.games.dino_battles.cards import load_catalog
from cardtable.games.dino_battles.state import Dino, DinoState, Turn

FIXTURE = Path(__file__).with_name("fixture_cards.toml")
PLAYERS = (2, 3, 4)


def make_game(players: int) -> DinoBattles:
    return DinoBattles(catalog=load_catalog(FIXTURE), players=players)


class Table:
    """A game and a state, with ways to arrange a position without breaking card conservation."""

    def __init__(self, players: int, seed: int = 1) -> None:
        self.game = make_game(players)
        self.s: DinoState = self.game.new_state(seed)
        self.cat = self.game.catalog

    # --- arranging --------------------------------------------------------------------------
    def _take(self, seat: int, card: str) -> None:
        """Take a card for `seat` from its own deck, else from the Supply."""
        deck = self.s.players[seat].deck
        if card in deck:
            deck.remove(card)
        else:
            assert self.s.supply[card] > 0, f"no {card} left in the Supply"
            self.s.supply[card] -= 1

    def hand(self, seat: int, *cards: str) -> None:
        p = self.s.players[seat]
        p.deck.extend(p.hand)
        p.hand = []
        for card in cards:
            self._take(seat, card)
            p.hand.append(card)

    def deck(self, seat: int, *cards: str) -> None:
        """Put these cards on top of the seat's deck (the last one is drawn first)."""
        p = self.s.players[seat]
        for card in cards:
            self._take(seat, card)
            p.deck.append(card)

    def dino(
        self, seat: int, tag: str, *, active: bool = True, damage: int = 0, attached: tuple = ()
    ) -> Dino:
        s = self.s
        for zone in (s.dino_deck, s.row, s.purgatory):
            if tag in zone:
                zone.remove(tag)
                break
        else:
            raise AssertionError(f"{tag} is not available")
        dino = Dino(tag, damage, [])
        for card in attached:
            self._take(seat, card)
            dino.attached.append(card)
        p = s.players[seat]
        if active:
            if p.active is not None:
                p.bench.append(p.active)
            p.active = dino
        else:
            p.bench.append(dino)
        return dino

    def part(self, seat: int, part: str) -> None:
        """Make it `seat`'s turn, at the given part, with the usual allowances."""
        self.s.turn = Turn(player=seat, part=part, number=self.s.turn.number)
        self.s.steps = [rules.PARTS[part](seat)]
        self.game.advance(self.s)

    # --- playing ----------------------------------------------------------------------------
    def legal(self) -> list[str]:
        return [str(a) for a in self.game.legal_actions(self.s)]

    def play(self, *actions: str) -> None:
        for action in actions:
            self.game.apply(self.s, action)
        self.game.check_invariants(self.s)

    @property
    def decision(self):
        return self.game.decision(self.s)

    def p(self, seat: int):
        return self.s.players[seat]


@pytest.fixture(params=PLAYERS, ids=lambda n: f"{n}p")
def table(request: pytest.FixtureRequest) -> Table:
    return Table(request.param)
