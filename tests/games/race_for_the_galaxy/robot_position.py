"""Build solitaire positions for the robot's rule tests: its tracks, its hand pile, the deck's top
cards and the dice it rolls, set by hand."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cardtable.core import make_game, plain, texts
from cardtable.core.game import OptionValue
from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy, RobotGame, robot
from cardtable.games.race_for_the_galaxy.state import ACTIONS, RftgState, RobotState


def solo_table(difficulty: str = "medium", seed: int = 1, expansion: int = 0) -> tuple[RobotGame, RftgState]:
    """A solitaire game after the player's set-up discards (and Galactic Scavengers' saved card), at
    the first action selection."""
    options: dict[str, OptionValue] = {"solo": "robot", "difficulty": difficulty, "expansion": expansion}
    game = make_game("race-for-the-galaxy", options)
    assert isinstance(game, RobotGame)
    state = game.new_state(seed)
    while game.decision(state).kind in ("initial-discard", "start-save"):
        game.apply(state, game.legal_actions(state)[0])
    return game, state


def robot_with(key: str, expansion: int = 3, difficulty: str = "medium") -> tuple[RobotGame, RftgState]:
    """A solitaire game whose robot has the start world `key` (the player another one)."""
    seed = 1
    game, s = solo_table(difficulty, seed, expansion)
    while s.players[0].start == key:
        seed += 1
        game, s = solo_table(difficulty, seed, expansion)
    robot_start(game, s, key)
    return game, s


def robot_start(game: RaceForTheGalaxy, s: RftgState, key: str) -> None:
    """Give the robot the start world `key` (it must not be the player's), with its tile and tracks."""
    assert isinstance(game, RobotGame)
    r = bot(s)
    assert s.players[0].start != key, "the player has that start world"
    if r.start != key:
        _free(s, key)
        s.deck.append(r.start)
    world = game.robot.start(key)
    r.start, r.tableau[0], r.tile = key, key, world.tile
    r.credit, r.economy = world.credit, world.economy


def bot(s: RftgState) -> RobotState:
    assert s.robot is not None
    return s.robot


def _free(s: RftgState, card: str) -> None:
    for pile in (s.deck, s.discard, bot(s).hand):
        if card in pile:
            pile.remove(card)
            return
    hand = s.players[0].hand
    if card in hand:  # the player gets another card instead
        hand.remove(card)
        hand.append(next(c for c in s.deck if c != card))
        s.deck.remove(hand[-1])
        return
    raise AssertionError(f"{card} is not free to place")


def robot_hand(s: RftgState, cards: Sequence[str]) -> None:
    """The robot's face-down hand pile, bottom first (a search turns over the last card first)."""
    r = bot(s)
    s.deck += r.hand
    r.hand = []
    for card in cards:
        _free(s, card)
    r.hand = list(cards)


def robot_tableau(s: RftgState, cards: Sequence[str]) -> None:
    """The robot's tableau pile: its start world and `cards`."""
    r = bot(s)
    s.deck += r.tableau[1:]
    r.tableau = r.tableau[:1]
    for card in cards:
        _free(s, card)
    r.tableau += list(cards)


def deck_top(s: RftgState, cards: Sequence[str]) -> None:
    """The next cards anybody draws, in the order they are drawn."""
    for card in cards:
        _free(s, card)
    s.deck += list(reversed(cards))


def roll(monkeypatch: pytest.MonkeyPatch, *faces: str) -> None:
    """The robot's next roll shows `faces` (die A, die B)."""
    monkeypatch.setattr(robot, "roll", lambda data, rng: list(faces))


def play_round(game: RaceForTheGalaxy, s: RftgState, *actions: str) -> list[str]:
    """The player selects `actions` and then places nothing, consumes nothing by choice and keeps the
    first card offered; returns the narration lines the round added."""
    start = len(s.log)
    number = s.round
    game.apply(s, "select " + " ".join(sorted(actions, key=ACTIONS.index)))
    while not s.ended and s.round == number:
        legal = [str(a) for a in game.legal_actions(s)]
        neutral = [a for a in legal if a in ("develop none", "settle none", "stop")]
        game.apply(s, neutral[0] if neutral else legal[0])
    return [plain(line) for line in texts(s.log[start:])]


def robot_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("Robot")]
