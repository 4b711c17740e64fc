"""Actions: small values with a stable text notation."""

from __future__ import annotations

from typing import NamedTuple

from .errors import IllegalAction

Arg = int | str


class Action(NamedTuple):
    """A verb and its arguments, e.g. `play catch-basin upper` or `take pile`.

    The text form is the verb and arguments separated by single spaces; integer-looking tokens
    are arguments of type int. `Action.parse(str(a)) == a` for every action a game produces.
    """

    verb: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.verb
        return self.verb + " " + " ".join(map(str, self.args))

    @classmethod
    def parse(cls, text: str) -> Action:
        tokens = text.strip().split()
        if not tokens:
            raise IllegalAction("empty action: type a move such as 'take pile'")
        verb, *rest = tokens
        return cls(verb.lower(), tuple(int(t) if _is_int(t) else t.lower() for t in rest))


def act(verb: str, *args: Arg) -> Action:
    """Shorthand constructor: `act("play", "deep-well", "upper")`."""
    return Action(verb, args)


def _is_int(token: str) -> bool:
    """A whole number in ASCII digits (so "²" or "٣" stay text, as `int` would misread or refuse them)."""
    digits = token[1:] if token[:1] == "-" else token
    return digits.isascii() and digits.isdigit()
