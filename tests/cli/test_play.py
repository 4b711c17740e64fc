"""`cardtable play` driven through piped input."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from cardtable.cli.play import Table, new_entries
from cardtable.core import Match, Record, replay
from cardtable.players import make_player
from tests.toygame import ToyGame, ToyState

from .conftest import one_error_line

ALWAYS_FIRST = "1\n" * 60


def test_bad_input_gets_a_message_and_a_reprompt_then_the_game_finishes(cli, tmp_path: Path) -> None:
    record = tmp_path / "game.rec"
    typed = "frobnicate 7\n99\n\nhelp\nshow\n" + ALWAYS_FIRST
    result = cli("play", "toy", "--seed", "5", "--record", str(record), input=typed)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Traceback" not in result.output
    assert "'frobnicate 7' is not legal now; A must play a card, draw, or pass; legal:" in out
    assert "there is no move 99: choose 1-" in out
    assert "type a move number" in out
    assert "Type the number of a move or its notation" in out
    first_turn = out.split("you: ")[0]
    assert first_turn.count("move [1-") == 6  # one prompt per line typed on the first turn
    assert "seed 5" in out and "game over:" in out
    match = replay(Record.from_text(record.read_text()))
    assert match.result is not None and match.seats == ["you", "random"]


def test_moves_can_be_typed_in_notation(cli) -> None:
    result = cli("play", "toy", "--seed", "5", "--seat", "1", input="draw\n" * 40)
    assert result.exit_code == 0
    assert "you are seat B" in result.stdout and "you: draw" in result.stdout


def test_the_person_sees_only_their_own_view(cli) -> None:
    result = cli("play", "toy", "--seed", "5", input="quit\n")
    assert '"hand": [' in result.stdout and '"hands"' not in result.stdout
    assert "you left the game" in result.stdout


def test_end_of_input_quits_cleanly_and_keeps_a_partial_record(cli, tmp_path: Path) -> None:
    record = tmp_path / "partial.json"
    result = cli("play", "toy", "--seed", "5", "--record", str(record), input="1\n")
    assert result.exit_code == 0 and "you left the game" in result.stdout
    partial = Record.load(record.read_text())
    assert partial.result == "*" and partial.moves[0].seat == 0
    assert replay(partial).decision is not None


def test_a_random_seed_is_printed_so_the_game_can_be_reproduced(cli) -> None:
    out = cli("play", "toy", input="quit\n").stdout
    seed = int(out.split("reproduce with --seed ")[1].split(";")[0])
    again = cli("play", "toy", "--seed", str(seed), input="quit\n").stdout
    assert again == out


def test_bad_arguments_exit_1_with_one_line(cli) -> None:
    assert "seats 0 to 1" in one_error_line(cli("play", "toy", "--seat", "2", input=""))
    assert "unknown player kind 'oracle'" in one_error_line(cli("play", "toy", "--vs", "oracle", input=""))
    assert "unknown game 'chess'" in one_error_line(cli("play", "chess", input=""))
    assert "option hand" in one_error_line(cli("play", "toy", "-o", "hand=1", input=""))


class LoggedToy(ToyGame):
    """The toy game with a public log in its views: the last three cards played."""

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "log": [f"card {card} played" for card in state.pile][-3:]}


def test_the_others_moves_are_told_through_the_public_log(monkeypatch: pytest.MonkeyPatch) -> None:
    game = LoggedToy()
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 60))
    out = io.StringIO()
    table = Table(Match(game, 5, ["you", "random"]), 0, {1: make_player("random", 3)}, Console(file=out))
    assert table.run()
    text = out.getvalue()
    pile = table.match.state.pile
    assert all(f"card {card} played" in text for card in pile)
    silent = sum(1 for m in table.match.moves if m.seat == 1 and not m.action.startswith("play"))
    assert silent > 0
    assert text.count("B (random) decided (move)") == silent  # a draw or a pass leaves no log entry


def test_new_log_entries_are_found_in_a_moving_window() -> None:
    assert new_entries([], ["a", "b"]) == ["a", "b"]
    assert new_entries(["a", "b"], ["a", "b", "c"]) == ["c"]
    assert new_entries(["a", "b", "c"], ["b", "c", "d", "e"]) == ["d", "e"]
    assert new_entries(["x", "y"], ["x", "y", "x", "y"]) == ["x", "y"]
    assert new_entries(["a"], ["a"]) == []


class BadMarkupToy(ToyGame):
    def render(self, view: dict[str, Any], seat: int | None) -> str:
        return f"hand {view['hand']} [/oops]"


def test_a_render_that_is_not_valid_markup_is_shown_as_plain_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    out = io.StringIO()
    table = Table(Match(BadMarkupToy(), 5), 0, {1: make_player("random", 3)}, Console(file=out))
    assert not table.run()
    assert "[/oops]" in out.getvalue()
