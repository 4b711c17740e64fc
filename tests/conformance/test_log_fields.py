"""Issue 27: the narration marks the line that opens a round and the lines of an automaton's acts
(`core.lines.Line`), so the web table groups its log by fields instead of reading the words.

One random game of every game and mode: each round (Dino Battles: each turn) is opened by exactly one
marked line, in order, whose words say that round; an automaton's lines name it, are marked with its
seat's name, and are marked in the modes that have an automaton only. The fields are public: every
viewer reads the same fields (the leak checks compare whole lines, fields included)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardtable.core import Game, Line, Rng
from cardtable.core.narrate import narration, new_lines
from tests.conformance.harness import CASES, Case

PLAYED = [case for case in CASES if case.values[0].game != "toy"]
#: how each game's round-opening line begins (the number is its round)
OPENS = {"dino-battles": r"Turn (\d+): ", "biosphere5": None}
#: the largest number of moves a game is followed for
MOVES = 600


def played_lines(case: Case) -> tuple[Game[Any], list[Line], list[list[Line]]]:
    """The game, every narration line a spectator read in one random game, and every seat's lines."""
    game = case.make()
    state, rng = game.new_state(5), Rng(5)
    viewers: list[int | None] = [None, *range(game.num_seats)]
    seen = {v: narration(game, state, v) for v in viewers}
    read = {v: list(seen[v]) for v in viewers}
    for _ in range(MOVES):
        if game.decision(state) is None:
            break
        game.apply(state, rng.choice(game.legal_actions(state)))
        for v in viewers:
            after = narration(game, state, v)
            read[v] += new_lines(seen[v], after)
            seen[v] = after
    return game, read[None], [read[v] for v in viewers[1:]]


@pytest.mark.parametrize("case", PLAYED)
def test_round_openings_and_automaton_lines_are_marked(case: Case) -> None:
    game, lines, per_seat = played_lines(case)
    assert all(seat == lines for seat in per_seat), "every viewer reads the same lines and fields"
    pattern = OPENS.get(case.game, r"Round (\d+)[:,] ")
    openings = [line for line in lines if line.round is not None]
    if pattern is None:  # Biosphere 5's log is grouped by the seat that moves
        assert openings == []
    else:
        assert [line.round for line in openings] == list(range(1, len(openings) + 1)) and openings
        for line in openings:
            said = re.match(pattern, line.text)
            assert said and int(said[1]) == line.round and line.body, line
        assert not any(re.match(pattern, line.text) for line in lines if line.round is None)
    automata = {game.seat_name(seat) for seat in game.automata()}
    authors = {line.author for line in lines} - {None}
    assert authors == automata, f"{case.id}: lines marked as {authors}, automata {automata}"
    for line in lines:
        if line.author is not None:
            assert re.match(rf"(the )?{line.author}\b", line.text, re.IGNORECASE), line
