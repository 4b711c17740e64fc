"""Issue 27, "What changed": the log reads in one voice, the game's. Every move a viewer reads is told by
the game's narration, or where it adds none by the game's sentence for the move (`Game.tell`); the web
table never words a move itself (no "Ann: Buy Evade" button words beside "Bob develops Alien Robots.").
Before this, 21,250 moves read over two such games of every mode had no line of the game's and fell back
to the button words.

Random games of every game and mode: for every move and every viewer (each seat and a spectator) that
reads anything of it, the move has lines; every line is a sentence (opens with a capital letter, ends
with . ! or ?) in words (`words.faults`: no placeholder, "None", raw index, card id or field name), and
none opens with a seat's name and a colon. A line the game's sentence makes is marked as the act of the
seat that moved (`Line.seat`); a plain line that opens with a seat's mark is that seat's."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardtable.core import Line, Rng, make_game, named, plain
from cardtable.core.narrate import Narrator, Told
from tests.conformance.harness import CASES, Case
from tests.conformance.words import Vocabulary, faults

SEEDS = (0, 1)
#: the largest number of moves a game is followed for
MOVES = 700
NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay"]
PLAYED = [case for case in CASES if case.values[0].game != "toy"]
#: how many faults are shown in a failure
SHOWN = 25


def shown(line: Line) -> list[str]:
    """The line as people read it (its body under a round's heading), at the terminal and the web table."""
    text = line.body if line.round is not None and line.body else line.text
    return [plain(text), named(text, NAMES)]


def line_faults(game: Any, line: Line, vocabulary: Vocabulary) -> list[str]:
    found = []
    for text in shown(line):
        found += faults(text, vocabulary, sentence=True)
        if not re.search(r"[.!?]$", text):
            found.append("ends without . ! or ?")
        if re.match(rf"({'|'.join(NAMES)}|[A-H]|{'|'.join(game.automata().values()) or 'None'}): ", text):
            found.append("a seat's name and a colon (button words)")
    return found


def moves_read(game: Any, seed: int) -> list[tuple[str, int | None, Told]]:
    """(the move, the viewer, what it read: `Told`) for every move of one random game and every viewer."""
    state, rng = game.new_state(seed), Rng(seed)
    narrators = {v: Narrator(game, state, v) for v in [None, *range(game.num_seats)]}
    read = []
    for _ in range(MOVES):
        decision = game.decision(state)
        if decision is None:
            break
        action = rng.choice(game.legal_actions(state))
        before = game.clone(state)
        game.apply(state, action)
        for viewer, narrator in narrators.items():
            move = f"{game.seat_name(decision.seat)} {decision.kind} '{action}'"
            read.append((move, viewer, narrator.told(before, action, state)))
    return read


@pytest.mark.parametrize("case", PLAYED)
def test_every_move_reads_as_the_games_sentences(case: Case) -> None:
    game = make_game(case.game, dict(case.options))
    vocabulary = Vocabulary.of(game)
    found: dict[str, int] = {}
    moves = 0
    for seed in SEEDS:
        for move, viewer, told in moves_read(game, seed):
            moves += 1
            if told.text is not None and not told.events:
                key = f"{move} read by {viewer}: no line"
                found[key] = found.get(key, 0) + 1
            for line in told.events:
                for fault in line_faults(game, line, vocabulary):
                    key = f"{move} read by {viewer}: {line.text!r}: {fault}"
                    found[key] = found.get(key, 0) + 1
    listed = "\n".join(sorted(found)[:SHOWN])
    assert moves and not found, f"{case.id}: {len(found)} faults:\n{listed}"
