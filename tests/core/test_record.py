"""Game records: both forms round-trip, and every malformed record is refused with a located message."""

from __future__ import annotations

import pytest

from cardtable import __version__
from cardtable.core import BadRecord, Match, Move, Record, Rng, make_game
from cardtable.core.runner import play_match
from cardtable.players import RandomPlayer


def finished_match(seed: int = 5) -> Match:
    game = make_game("toy", {"hand": 3})
    return play_match(game, [RandomPlayer(Rng(1)), RandomPlayer(Rng(2))], seed)


@pytest.fixture
def record() -> Record:
    return finished_match().record()


def test_the_text_form_is_pgn_like(record: Record) -> None:
    text = record.to_text()
    lines = text.splitlines()
    assert lines[:6] == [
        '[Game "toy"]',
        f'[Engine "{__version__}"]',
        '[Options "hand=3"]',
        '[Seed "5"]',
        '[Seats "random, random"]',
        f'[Result "{record.result}"]',
    ]
    assert lines[6] == ""
    assert lines[7] == f"1. A: {record.moves[0].action}"
    assert len(lines) == 7 + len(record.moves)


def test_text_round_trip(record: Record) -> None:
    again = Record.from_text(record.to_text())
    assert again.to_text() == record.to_text()
    assert again.moves == record.moves and again.seed == record.seed and again.seats == record.seats
    assert again.options == {"hand": "3"}  # text keeps option values as text; the game parses them


def test_json_round_trip(record: Record) -> None:
    assert Record.from_json(record.to_json()) == record
    assert Record.load(record.to_json()) == record
    assert Record.load("\n  " + record.to_json()) == record


def test_comments_blank_lines_and_escapes_are_read() -> None:
    record = Record("toy", "0.1.0", {}, 3, ['Ann "the quick"', "B\\C"], [Move(0, "draw")])
    text = record.to_text().replace("1. A: draw", "; a comment\n\n1. A: draw  ")
    again = Record.from_text(text)
    assert again.seats == ['Ann "the quick"', "B\\C"]
    assert again.moves == [Move(0, "draw")]
    assert again.lines == [10]


def test_where_names_line_and_move(record: Record) -> None:
    parsed = Record.from_text(record.to_text())
    assert parsed.where(0) == "line 8 (move 1)"
    assert record.where(2) == "move 3"


HEADER = '[Game "toy"]\n[Seed "5"]\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Game "toy"\n', "line 1: malformed header '[Game \"toy\"'"),
        ("[Game toy]\n", "line 1: malformed header '[Game toy]'"),
        (HEADER + "\n1 A: draw\n", "line 4: expected 'N. SEAT: action', got '1 A: draw'"),
        (HEADER + "1. a: draw\n", "line 3: expected 'N. SEAT: action', got '1. a: draw'"),
        (HEADER + "1. A:\n", "line 3: expected 'N. SEAT: action', got '1. A:'"),
        (HEADER + "1. A: draw\n3. B: draw\n", "line 4: move number 3, expected 2"),
        (HEADER + "2. A: draw\n", "line 3: move number 2, expected 1"),
        ('[Seed "5"]\n', "the record has no [Game ...] header"),
        ('[Game "toy"]\n', "the record has no [Seed ...] header"),
        ('[Game "toy"]\n[Seed "five"]\n', "the Seed header 'five' is not a number"),
        (HEADER + '[Options "hand"]\n', "the Options header has a malformed pair 'hand'"),
    ],
)
def test_malformed_text_is_refused_with_the_line(text: str, message: str) -> None:
    with pytest.raises(BadRecord) as caught:
        Record.from_text(text)
    assert str(caught.value) == message


@pytest.mark.parametrize("text", ["{", '{"game": "toy"}', '{"game": 1, "engine": "x"}', "[]"])
def test_malformed_json_is_refused(text: str) -> None:
    with pytest.raises(BadRecord, match="not a game record"):
        Record.from_json(text)


def test_json_moves_are_seat_action_pairs(record: Record) -> None:
    assert f'"moves":[[{record.moves[0].seat},"{record.moves[0].action}"]' in record.to_json()
