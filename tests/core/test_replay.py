"""Replaying records: exact reproduction, and each fault located by line and move."""

from __future__ import annotations

import pytest

from cardtable import __version__
from cardtable.core import BadRecord, Match, Record, make_game, replay

from .test_record import finished_match


def text_with(match: Match, line_edit: tuple[str, str] | None = None, header: str = "") -> str:
    text = match.record().to_text()
    if line_edit:
        old, new = line_edit
        assert old in text
        text = text.replace(old, new, 1)
    return header + text


def test_replay_reproduces_every_state() -> None:
    match = finished_match()
    replayed = replay(Record.from_text(match.record().to_text()))
    game = match.game
    assert game.to_json(replayed.state) == game.to_json(match.state)
    assert replayed.moves == match.moves
    assert replayed.result == match.result
    assert replayed.record() == match.record()


def test_a_record_of_an_unfinished_game_replays_to_its_position() -> None:
    match = Match(make_game("toy"), 9)
    match.apply(match.legal_actions()[0])
    replayed = replay(match.record())
    assert replayed.decision == match.decision and replayed.record().result == "*"


def _fail(text: str) -> str:
    with pytest.raises(BadRecord) as caught:
        replay(Record.from_text(text))
    return str(caught.value)


def test_an_illegal_action_names_its_line_and_move() -> None:
    match = finished_match()
    third = match.moves[2]
    letter = "AB"[third.seat]
    message = _fail(text_with(match, (f"3. {letter}: {third.action}", f"3. {letter}: play 9")))
    assert message.startswith("line 10 (move 3): 'play 9' is not legal now; ")
    assert "legal: " in message


def test_an_unknown_verb_names_its_line() -> None:
    match = finished_match()
    first = match.moves[0]
    message = _fail(text_with(match, (f"1. A: {first.action}", "1. A: frobnicate 99")))
    assert message.startswith("line 8 (move 1): 'frobnicate 99' is not legal now")


def test_a_move_by_the_wrong_seat_is_refused() -> None:
    match = finished_match()
    first = match.moves[0]
    message = _fail(text_with(match, (f"1. A: {first.action}", f"1. B: {first.action}")))
    assert message == (
        f"line 8 (move 1): '{first.action}' is marked for seat B, "
        "but seat A is deciding: play a card, draw, or pass"
    )


def test_a_move_after_the_end_is_refused() -> None:
    match = finished_match()
    n = len(match.moves)
    text = match.record().to_text() + f"{n + 1}. A: draw\n"
    assert _fail(text) == f"line {8 + n} (move {n + 1}): 'draw' comes after the end of the game"


def test_an_unknown_game_or_bad_option_is_a_header_fault() -> None:
    match = finished_match()
    assert _fail(text_with(match, ('[Game "toy"]', '[Game "chess"]'))).startswith(
        "header: unknown game 'chess'; games: "
    )
    assert _fail(text_with(match, ("hand=3", "hand=7"))) == "header: option hand: '7' is not one of 2, 3, 4"
    assert _fail(text_with(match, ("hand=3", "colour=red"))) == (
        "header: toy has no option 'colour' (options: hand)"
    )


def test_the_seat_count_must_match_the_game() -> None:
    match = finished_match()
    message = _fail(text_with(match, ("random, random", "ann, bob, cyd")))
    assert message == "header: 3 seats named, toy has 2"


def test_an_old_engine_version_is_named_when_a_move_fails() -> None:
    match = finished_match()
    first = match.moves[0]
    text = text_with(match, (f"1. A: {first.action}", "1. A: play 9"))
    text = text.replace(f'[Engine "{__version__}"]', '[Engine "0.0.1"]')
    assert _fail(text).endswith(f"(recorded with engine 0.0.1, this is {__version__})")
