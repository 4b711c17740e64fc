"""Who must decide what, and how a game ended."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Decision:
    """The pending decision of a state: the seat that must act and what kind of choice it is.

    `kind` is a short stable identifier ("move", "take", "discard", "respond", "sacrifice", ...);
    `prompt` is the sentence a person reads. Out-of-turn reactions are decisions of the reacting seat.

    A Decision is public: every seat and every spectator reads the same seat, kind and prompt, so
    neither may depend on anything the deciding seat hides (whether it holds a rescue card, which
    cards it could play). What only the deciding seat knows is in its legal actions. The
    conformance suite checks this for every game: a state sampled for any seat has the same Decision.
    """

    seat: int
    kind: str
    prompt: str


#: a `Result.details` key `DECIDED + what` (e.g. "decided:goals") says whether that part of a game's
#: scoring decided the game: 1 if the winners would differ without it, 0 if not (the game's RULES.md
#: defines each); the simulator counts the games each part decided (`SimSummary.decided`)
DECIDED = "decided:"


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game.

    `scores` holds one number per seat (1 win, 0 draw, -1 loss for competitive games; a cooperative
    game gives every seat the same value). `winners` lists the winning seats (several for a team or a
    cooperative win, none for a draw or a shared loss). `termination` is how the game ended, as a code
    the game declares with its words (`Game.terminations`: e.g. "ko" for Dino Battles' three knock-outs);
    `reason` the words of this ending (which may add what decided it, e.g. a tie broken).
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    draw: bool = False
    details: dict[str, int | float | str] = field(default_factory=dict)
    termination: str = ""

    def describe(self, seat_names: list[str] | None = None) -> str:
        names = seat_names or [f"seat {s}" for s in range(len(self.scores))]
        if self.draw:
            return f"draw ({self.reason})"
        if not self.winners:
            return f"no winner ({self.reason})"
        return " and ".join(names[w] for w in self.winners) + f" won ({self.reason})"
