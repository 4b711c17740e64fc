"""`cardtable play`: the `undo` command takes back the person's last move while the game allows it, says
why not otherwise, and the record keeps each take-back as a comment."""

from __future__ import annotations

from pathlib import Path

from cardtable.core import Record, replay


def test_undo_takes_back_a_move_that_showed_nothing_and_the_record_keeps_it(cli, tmp_path: Path) -> None:
    """Biosphere 5, seed 7: A starts (1.4); "take two" (2.1) and taking a face-up card show nothing."""
    record = tmp_path / "game.rec"
    typed = "take2\ntake guard-dogs\nundo\nundo\ntake pile\nundo\nquit\n"
    result = cli("play", "biosphere5", "--seed", "7", "--record", str(record), input=typed)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "you took back: take guard-dogs" in out and "you took back: take2" in out
    assert "'undo' takes back your last move" in out and "notation, undo, help, quit]> " in out
    assert "cannot undo: your last move showed something hidden or drew on chance" in out
    saved = Record.from_text(record.read_text())
    assert [m.action for m in saved.moves] == ["take pile"]
    # in the order of the moves they followed: the second take-back went back further
    assert [(t.at, t.actions) for t in saved.undone] == [(0, ["take2"]), (1, ["take guard-dogs"])]
    assert "; A took back after move 0: take2" in record.read_text()
    assert [m.action for m in replay(saved).moves] == ["take pile"]


def test_undo_before_any_move_says_there_is_nothing_to_take_back(cli) -> None:
    result = cli("play", "biosphere5", "--seed", "7", input="undo\nquit\n")
    assert "cannot undo: no move has been played yet" in result.stdout
    assert "notation, help, quit]> " in result.stdout
