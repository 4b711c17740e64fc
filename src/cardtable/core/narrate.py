"""What one viewer reads as a game goes on: each move as the game describes it to that viewer, and the
lines the game's narration adds under it, opened by the game's sentence for the move (`Game.tell`)
where none of them tells the moving seat's act (a move told only by what it caused: "Ann plays the
Item Rail Mine." before "Bob's Raptor Blade takes 15 damage."). The terminal and the web table both
read the game this way, so neither guesses what a seat may know nor words a move itself (`describe`,
`narration` and `tell` are rules of the game).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import msgspec

from .action import Action
from .game import Game
from .lines import Line, as_line

#: a narration line (its text, a `Line`, or either)
T = TypeVar("T")


class Told(msgspec.Struct, frozen=True, gc=False):
    """What a viewer reads of one move: its text (`Game.describe`; None: no line) and its lines: the
    narration lines it added, after the game's sentence for it where none tells the mover's act
    (`Game.tell`).

    Not tracked by the garbage collector (it holds only strings and lines): a web table keeps one per
    viewer and move for as long as the table is played, and the collector's pauses grow with what it
    tracks."""

    text: str | None
    events: tuple[Line, ...]


class Narrator:
    """Follows one game for one viewer (None: a spectator), move by move."""

    def __init__(self, game: Game[Any], state: Any, viewer: int | None) -> None:
        self.game = game
        self.viewer = viewer
        #: the narration as the game keeps it (plain lines as text: only new lines are made `Line`s)
        self.lines = list(game.narration(state, viewer))

    @property
    def setup(self) -> list[Line]:
        """The narration before any move (the set-up), as the game tells it to this viewer."""
        return [as_line(said) for said in self.lines]

    def told(
        self, before: Any, action: Action, after: Any, text: str | None = None, *, reader: int | None = None
    ) -> Told:
        """What the viewer reads of `action`, taken in `before` and leading to `after`; `text`: what it
        reads of the action itself, when worked out already (`Game.describe`). `reader`: the viewer
        whose reading of the move itself is told where the narration does not tell it (a finished
        game's replay reads every move as its seat did); default this narrator's."""
        if text is None:
            text = self.game.describe(before, action, self.viewer)
        events = self.heard(after)
        decision = self.game.decision(before)
        if decision is not None and not any(line.seat == decision.seat for line in events):
            said = self.game.tell(before, action, self.viewer if reader is None else reader)
            events = events if said is None else (said, *events)
        return Told(text, events)

    def heard(self, after: Any) -> tuple[Line, ...]:
        """The narration lines the move leading to `after` added (what `told` says beside the text)."""
        lines = list(self.game.narration(after, self.viewer))
        events = new_lines(self.lines, lines)
        self.lines = lines
        return tuple(as_line(said) for said in events)


def narration(game: Game[Any], state: Any, viewer: int | None) -> list[Line]:
    """The game's narration as `viewer` reads it, every line as a `Line` (`Game.narration`)."""
    return [as_line(said) for said in game.narration(state, viewer)]


def new_lines(before: list[T], after: list[T]) -> list[T]:
    """The lines `after` adds to `before`, also when the game keeps only its latest lines."""
    for dropped in range(len(before) + 1):
        kept = before[dropped:]
        if after[: len(kept)] == kept:
            return after[len(kept) :]
    return after


def forced_action(game: Game[Any], state: Any, *, legal: Sequence[Action] | None = None) -> Action | None:
    """The pending seat's only legal action, if it has exactly one (interfaces need not ask for it);
    `legal`: the legal actions in `state`, when the caller has them already."""
    if game.decision(state) is None:
        return None
    if legal is None:
        legal = game.legal_actions(state)
    return legal[0] if len(legal) == 1 else None
