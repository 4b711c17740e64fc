"""`cardtable play` driven through piped input."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from cardtable.cli.play import Table
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
    assert "'frobnicate 7' is not legal now; A is deciding: play a card, draw, or pass; legal:" in out
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
    assert "you are seat B" in result.stdout and "you: B draws a card. (draw)" in result.stdout


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


class NarratedToy(ToyGame):
    """The toy game with a narration: the last three cards played (the pile is public)."""

    def narration(self, state: ToyState, viewer: int | None) -> list[str]:
        return [f"card {card} played" for card in state.pile][-3:]


def play_narrated(monkeypatch: pytest.MonkeyPatch, ask_every_window: bool) -> tuple[Table, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 60))
    out = io.StringIO()
    match = Match(NarratedToy(), 5, ["you", "random"])
    table = Table(
        match, 0, {1: make_player("random", 3)}, Console(file=out), ask_every_window=ask_every_window
    )
    assert table.run()
    return table, out.getvalue()


def test_each_move_is_told_as_the_game_describes_it_with_its_narration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, text = play_narrated(monkeypatch, ask_every_window=True)
    assert all(f"card {card} played" in text for card in table.match.state.pile)
    theirs = [m.action for m in table.match.moves if m.seat == 1]
    told = [line for line in text.splitlines() if line.startswith("B (random): ")]
    # one line a move: the game's sentence for it, its notation beside (the toy's moves are public)
    assert len(told) == len(theirs)
    words = {"play": "plays", "draw": "draws a card", "pass": "passes"}
    for line, action in zip(told, theirs, strict=True):
        assert line.startswith(f"B (random): B {words[action.split()[0]]}") and line.endswith(f". ({action})")


def test_a_forced_move_is_played_for_the_person_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    table, text = play_narrated(monkeypatch, ask_every_window=False)
    game, state = table.game, table.match.game.new_state(5)
    forced = 0
    for move in table.match.moves:
        if move.seat == 0 and len(game.legal_actions(state)) == 1:
            forced += 1
        game.apply(state, move.action)
    assert forced > 0 and text.count("you (your only move): ") == forced
    assert text.count("move [1-") == sum(1 for m in table.match.moves if m.seat == 0) - forced


class BadMarkupToy(ToyGame):
    def render(self, view: dict[str, Any], seat: int | None) -> str:
        return f"hand {view['hand']} [/oops]"


def test_a_render_that_is_not_valid_markup_is_shown_as_plain_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    out = io.StringIO()
    table = Table(Match(BadMarkupToy(), 5), 0, {1: make_player("random", 3)}, Console(file=out))
    assert not table.run()
    assert "[/oops]" in out.getvalue()


def test_the_terminal_words_moves_as_the_web_table_and_replay_step_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 17: the web and the terminal in step. Moves are listed and logged in the words of the web's
    hints (card names, costs), the notation beside; why the decision is asked is said under it."""
    from cardtable.cli.words import why
    from cardtable.core import Action, make_game, plain

    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 6 + "quit\n"))
    out = io.StringIO()
    game = make_game("dino-battles", {"players": 2})
    bot = {1: make_player("heuristic", 3)}
    table = Table(Match(game, 3, ["you", "heuristic"]), 0, bot, Console(file=out))
    table.run()
    text = out.getvalue()
    assert "Buy Rapid Deployment — costs 1 ATK + 1 EVA (buy rapid-deployment)" in text
    assert "you (your only move): A goes on to Combat. (pass)" in text
    assert why(game, "buy") in text
    # a move is logged in the game's sentence, as the web's log tells it, with its notation beside
    first = table.match.moves[1].action  # the person's first chosen move
    state = Match(game, 3, ["you", "heuristic"])
    state.apply(table.match.moves[0].action)
    told = game.tell(state.state, Action.parse(first), 0)
    assert told is not None
    sentence = plain(told.text)
    assert sentence.startswith("A ") and sentence.endswith(".") and f"you: {sentence} ({first})" in text
    assert not any(line.startswith("you: Buy ") for line in text.splitlines())  # not the buttons' words
