"""`cardtable replay`."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.core import Rng, make_game
from cardtable.core.runner import play_match
from cardtable.players import RandomPlayer
from tests.toygame import ToyGame

from .conftest import one_error_line


@pytest.fixture
def record_text() -> str:
    match = play_match(make_game("toy"), [RandomPlayer(Rng(1)), RandomPlayer(Rng(2))], seed=21)
    return match.record().to_text()


def _write(tmp_path: Path, text: str, name: str = "game.rec") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_a_good_record_replays(cli, tmp_path: Path, record_text: str) -> None:
    result = cli("replay", _write(tmp_path, record_text))
    assert result.exit_code == 0
    assert "moves replayed, all legal" in result.stdout
    assert "result: random" in result.stdout or "result: draw" in result.stdout


def test_a_json_record_replays_verbosely(cli, tmp_path: Path, record_text: str) -> None:
    from cardtable.core import Record

    record = Record.from_text(record_text)
    result = cli("replay", "--verbose", _write(tmp_path, record.to_json(), "game.json"))
    assert result.exit_code == 0
    assert f"   1. A: {record.moves[0].action}" in result.stdout


def test_an_illegal_move_exits_1_with_one_line(cli, tmp_path: Path, record_text: str) -> None:
    lines = record_text.splitlines()
    lines[9] = lines[9].split(": ")[0] + ": play 9"  # move 3 is on line 10
    line = one_error_line(cli("replay", _write(tmp_path, "\n".join(lines))))
    assert line.startswith("error: line 10 (move 3): 'play 9' is not legal now;")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (('[Game "toy"]', '[Game "chess"]'), "error: header: unknown game 'chess'"),
        (("hand=3", "hand=x"), "error: header: option hand: 'x' is not a int"),
        (("1. A:", "1 A:"), "error: line 8: expected 'N. SEAT: action'"),
        (("2. B:", "7. B:"), "error: line 9: move number 7, expected 2"),
        (("1. A:", "1. B:"), "error: line 8 (move 1): "),
        (("[Seed", "[Seeed"), "error: the record has no [Seed ...] header"),
    ],
)
def test_corrupted_records_exit_1_with_one_line(cli, tmp_path: Path, record_text: str, edit, message) -> None:
    old, new = edit
    assert old in record_text
    line = one_error_line(cli("replay", _write(tmp_path, record_text.replace(old, new, 1))))
    assert line.startswith(message)


def test_a_result_that_the_replay_contradicts_is_refused(cli, tmp_path: Path, record_text: str) -> None:
    lines = record_text.splitlines()
    lines[5] = '[Result "somebody else won (magic)"]'
    line = one_error_line(cli("replay", _write(tmp_path, "\n".join(lines))))
    assert "the record says 'somebody else won (magic)' but the replay ends" in line


def test_unreadable_files_exit_1_with_one_line(cli, tmp_path: Path) -> None:
    assert one_error_line(cli("replay", str(tmp_path / "missing.rec"))).startswith("error: cannot read ")
    binary = tmp_path / "binary.rec"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert one_error_line(cli("replay", str(binary))).startswith("error: cannot read ")
    assert one_error_line(cli("replay", str(tmp_path))).startswith("error: cannot read ")
    assert "not a game record" in one_error_line(cli("replay", _write(tmp_path, "{oops")))


def test_a_crash_inside_the_game_is_one_line_too(cli, tmp_path: Path, record_text: str, monkeypatch) -> None:
    def crash(self, state, action) -> None:
        raise IndexError("pop from empty list")

    monkeypatch.setattr(ToyGame, "_apply", crash)
    line = one_error_line(cli("replay", _write(tmp_path, record_text)))
    assert line.startswith("error: internal error: IndexError: pop from empty list")


def test_a_record_with_a_bom_and_windows_line_ends_replays(cli, tmp_path: Path, record_text: str) -> None:
    path = tmp_path / "windows.rec"
    path.write_bytes(b"\xef\xbb\xbf" + record_text.replace("\n", "\r\n").encode())
    assert cli("replay", str(path)).exit_code == 0


def test_step_shows_each_move_as_told_with_its_table_and_goes_back_and_jumps(
    cli, tmp_path: Path, record_text: str
) -> None:
    """`--step`: Enter shows the next move as the game describes it, b goes back, a number jumps."""
    from cardtable.core import Record

    record = Record.from_text(record_text)
    result = cli("replay", "--step", _write(tmp_path, record_text), input="\n\nb\n3\nq\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "move 0 of" in out and "set-up" in out
    first = record.moves[0]
    assert f"{record.seats[first.seat]}: {first.action}" in out
    # Enter, Enter, back, jump to 3: positions 0, 1, 2, 1, 3 in that order
    shown = [int(part.split(" of ")[0]) for part in out.split("move ")[1:] if " of " in part[:12]]
    assert shown == [0, 1, 2, 1, 3]


def test_step_as_a_seat_hides_what_that_seat_could_not_see(cli, tmp_path: Path, record_text: str) -> None:
    result = cli("replay", "--step", "--seat", "B", _write(tmp_path, record_text), input="q\n")
    assert result.exit_code == 0, result.output
    assert "move 0 of" in result.stdout
    bad = cli("replay", "--step", "--seat", "Z", _write(tmp_path, record_text), input="q\n")
    assert bad.exit_code == 1 and "no seat 'Z'" in bad.stderr


def test_step_words_each_move_as_the_web_table_does() -> None:
    """Issue 17: what the web explains, the terminal shows too: the same words for the same move."""
    from cardtable.cli.replay import in_words

    game = make_game("dino-battles")
    state = game.new_state(1)
    assert in_words(game, "buy raptorblade", state).startswith("Buy Raptor Blade — costs ")
    assert in_words(game, "keeps a card", state) == "keeps a card"  # not notation: already in words
    bio = make_game("biosphere5")
    assert in_words(bio, "play deep-well upper", bio.new_state(1)) == "Play Deep Well (upper option)"
