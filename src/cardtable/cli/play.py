"""`cardtable play`: a person at one seat, players at the others, in the terminal.

The person sees only their seat's view (`game.render(game.view(state, seat), seat)`) and chooses
among the legal actions by number or notation. Each move is shown in the game's sentences as the
person reads it (`core.narrate.Narrator.told`: the narration's lines, opened by the move's own
sentence where they do not tell it), with its notation where the person sees it: what the web table's
log shows. A move that is the person's only legal one is played for them, unless
they ask to be asked at every decision (`--ask-every-window`). `undo` takes back the person's last
move while the game allows it (`cardtable.core.undo`: it showed nothing hidden and nobody else has moved
since; the other seats here are players who move at once, so in practice within the person's own turn),
and the record keeps the take-back as a comment.
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from cardtable.core import Action, IllegalAction, Match, Narrator, forced_action, make_game, mix_seed, plain
from cardtable.players import Player, make_player

from . import app
from .common import GameOptions, fail, option_values, print_render, stdout, user_errors
from .words import help_of, shown, why

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "h")
SHOW_WORDS = ("show", "view", "v")
UNDO_WORDS = ("undo", "u")
HUMAN = "you"


@app.command("play")
def play_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game (see `cardtable games`).")],
    option: GameOptions = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat: 0 for the first (A), 1 for B, ...")] = 0,
    vs: Annotated[
        str, typer.Option("--vs", help="Player kind at the other seats (or a comma list).")
    ] = "random",
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the game (random if not given).")
    ] = None,
    record: Annotated[
        Path | None, typer.Option("--record", help="Write the game record here (.json: as JSON).")
    ] = None,
    ask_every_window: Annotated[
        bool,
        typer.Option(
            "--ask-every-window", help="Ask me even when I have only one legal move (else it is played)."
        ),
    ] = False,
) -> None:
    """Play a game in the terminal against players (type a move's number or notation)."""
    with user_errors():
        game = make_game(game_name, option_values(option))
    if not 0 <= seat < game.num_seats:
        fail(f"--seat {seat}: {game.name} has seats 0 to {game.num_seats - 1}")
    kinds = [k.strip() for k in vs.split(",") if k.strip()] or ["random"]
    others = game.num_seats - 1
    if len(kinds) == 1:
        kinds *= others
    if len(kinds) != others:
        fail(f"--vs: {others} other seat(s), got {len(kinds)} player kinds")
    for kind in kinds:
        try:
            make_player(kind, 0)
        except ValueError as err:
            fail(f"--vs: {err}")
    if seed is None:
        seed = secrets.randbits(32)
    other_kinds = iter(kinds)
    seats = [HUMAN if s == seat else next(other_kinds) for s in range(game.num_seats)]
    players = {s: make_player(kind, mix_seed(seed, s)) for s, kind in enumerate(seats) if s != seat}
    table = Table(
        Match(game, seed, seats, undo=True), seat, players, stdout(), ask_every_window=ask_every_window
    )
    with user_errors():
        try:
            table.run()
        except KeyboardInterrupt:
            table.say("\n[yellow]interrupted[/]")
        if record is not None:
            table.write_record(record)


class Table:
    """One terminal game: the person's turns read from stdin, everyone else's played by players."""

    def __init__(
        self,
        match: Match,
        seat: int,
        players: dict[int, Player],
        console: Console,
        *,
        ask_every_window: bool = False,
    ) -> None:
        self.match = match
        self.game = match.game
        self.seat = seat
        self.players = players
        self.console = console
        self.ask_every_window = ask_every_window
        self.narrator = Narrator(self.game, match.state, seat)

    def run(self) -> bool:
        """Play until the end (True) or until the person quits or input ends (False)."""
        game, match = self.game, self.match
        options = game.option_string()
        self.say(
            f"[bold]{escape(game.title)}[/]  seed {match.seed}"
            + (f"  options {escape(options)}" if options else "")
            + f"  you are seat {escape(game.seat_name(self.seat))}"
        )
        self.say(f"[dim]reproduce with --seed {match.seed}; type 'help' for help[/]")
        for line in self.narrator.setup:
            self.say(f"[dim]{escape(line.text)}[/]")
        while (decision := match.decision) is not None:
            if decision.seat == self.seat:
                forced = None if self.ask_every_window else forced_action(game, match.state)
                action = forced or self.ask()
                if action is None:
                    self.say("[yellow]you left the game[/]")
                    return False
                who = "you (your only move)" if forced else "you"
            else:
                player = self.players[decision.seat]
                action = player.choose(game.observe(match.state, decision.seat))
                who = f"{game.seat_name(decision.seat)} ({player.name})"
            self.play(who, action)
        self.show_view("end of the game")
        result = match.result
        assert result is not None
        self.say(f"[bold]game over:[/] {escape(result.describe(self.seat_labels()))}")
        return True

    # --- the person's turn ---------------------------------------------------------------------
    def ask(self) -> Action | None:
        """Show the view and the legal actions; read until a legal action (None: quit or end of input)."""
        self.show_view()
        legal = self.match.legal_actions()
        self.show_actions(legal)
        while True:
            words = "notation, undo, help, quit" if self.can_undo() else "notation, help, quit"
            line = self.read_line(f"move [1-{len(legal)}, {words}]> ")
            if line is None:
                return None
            text = line.strip()
            word = text.lower()
            if word in QUIT_WORDS:
                return None
            if word in HELP_WORDS:
                self.show_help()
                self.show_actions(legal)
                continue
            if word in SHOW_WORDS:
                self.show_view()
                self.show_actions(legal)
                continue
            if word in UNDO_WORDS:
                legal = self.take_back(legal)
                continue
            try:
                return self.choose(text, legal)
            except IllegalAction as err:
                self.say(f"[red]{escape(str(err))}[/]")

    def can_undo(self) -> bool:
        return self.match.why_not_take_back(self.seat) is None

    def take_back(self, legal: list[Action]) -> list[Action]:
        """Take back the person's last move if the game allows it (else say why); the new legal moves."""
        reason = self.match.why_not_take_back(self.seat)
        if reason is not None:
            self.say(f"[red]cannot undo: {escape(reason)}[/]")
            return legal
        taken = self.match.take_back(self.seat)
        self.narrator = Narrator(self.game, self.match.state, self.seat)
        self.say(f"[yellow]you took back: {escape(' | '.join(taken.actions))}[/]")
        self.show_view()
        legal = self.match.legal_actions()
        self.show_actions(legal)
        return legal

    def choose(self, text: str, legal: list[Action]) -> Action:
        """The legal action named by a number (1-based) or by its notation."""
        if not text:
            raise IllegalAction(f"type a move number (1-{len(legal)}) or a move such as '{legal[0]}'")
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(legal):
                raise IllegalAction(f"there is no move {number}: choose 1-{len(legal)}")
            return legal[number - 1]
        action = self.game.parse_action(text)
        if action not in legal:
            raise IllegalAction(self.game.explain_illegal(self.match.state, action, legal))
        return action

    def read_line(self, prompt: str) -> str | None:
        self.console.print(prompt, end="", markup=False)
        self.console.file.flush()
        line = sys.stdin.readline()
        if not line:
            self.say("")
            return None
        if not sys.stdin.isatty():
            self.say(escape(line.rstrip("\n")), markup=True)
        return line

    # --- showing -------------------------------------------------------------------------------
    def show_view(self, title: str = "") -> None:
        view = self.game.view(self.match.state, self.seat)
        self.console.rule(title or f"move {len(self.match.moves) + 1}")
        print_render(self.console, self.game.render(view, self.seat))

    def show_actions(self, legal: list[Action]) -> None:
        decision = self.match.decision
        assert decision is not None
        self.say(f"[bold]Your decision: {escape(decision.prompt)}[/]")
        note = why(self.game, decision.kind)
        if note:
            self.say(f"[dim]{escape(note)}[/]")
        state = self.match.state
        told: set[str] = set()  # what a move does, said once (the web's tooltip)
        for number, action in enumerate(legal, 1):
            text = str(action)
            helps = help_of(self.game, text, state)
            self.say(
                f"  {number:>3}. {escape(shown(self.game, text, state))}"
                + (f"[dim] — {escape(helps)}[/]" if helps and helps not in told else "")
            )
            told.add(helps)
        if self.can_undo():
            self.say("[dim]  'undo' takes back your last move (it showed nothing hidden)[/]")

    def show_help(self) -> None:
        self.say(
            "Type the number of a move or its notation (in brackets after a move's words; "
            "a move without words is its notation). "
            "'show' shows the table again, 'undo' takes back your last move while it showed nothing "
            "hidden and nobody else has moved since, 'quit' leaves the game."
        )

    def play(self, who: str, action: Action) -> None:
        """Apply a move and show it as the person reads it, with what the game narrates of it."""
        before = self.game.clone(self.match.state)
        self.match.apply(action)
        told = self.narrator.told(before, action, self.match.state)
        lines = [line.text for line in told.events]
        if not lines:  # the game tells nothing of it: the move in the buttons' words
            if told.text is not None:
                self.say(f"[cyan]{escape(who)}[/]: {escape(shown(self.game, told.text, before))}")
            return
        # the game's sentences, as the web's log shows them, the first after who moved; the notation
        # beside it where the person sees the move (what they would type)
        notation = f" [dim]({escape(told.text)})[/]" if told.text == str(action) else ""
        self.say(f"[cyan]{escape(who)}[/]: {escape(lines[0])}{notation}")
        for line in lines[1:]:
            self.say(f"[dim]  {escape(line)}[/]")

    def say(self, text: str, markup: bool = True) -> None:
        """Print `text`; the seats the game's words name are shown by their letters (`core.plain`)."""
        self.console.print(plain(text), markup=markup, soft_wrap=True)

    def seat_labels(self) -> list[str]:
        return [f"{self.game.seat_name(s)} ({name})" for s, name in enumerate(self.match.seats)]

    def write_record(self, path: Path) -> None:
        record = self.match.record()
        text = record.to_json() + "\n" if path.suffix.lower() == ".json" else record.to_text()
        path.write_text(text, encoding="utf-8")
        self.say(f"record written to {escape(str(path))}")
