"""Which moves a seat may read in the log, decided from the game's views alone.

An action's text can name something hidden (the card a seat discarded face down). The web table
shows another seat's action text to a viewer only when the viewer could have worked it out anyway:
no other action, in the real state or in states the viewer cannot tell apart from it
(`determinize`), leaves the viewer with the same view afterwards. Otherwise the log shows only that
the seat moved. Games need no extra code for this; it follows from `view` and `determinize`.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import Action, Game, Rng

#: determinizations tried per move and viewer; more samples only make the test stricter
SAMPLES = 3


def inferable(
    game: Game[Any], before: Any, mover: int, action: Action, viewer: int | None, seed: int
) -> bool:
    """True when `viewer` (None: a spectator) can tell `action` from every other action `mover` had."""
    if viewer == mover:
        return True
    after = _view_after(game, before, action, viewer)
    if _ambiguous(game, before, action, after, viewer):
        return False
    observer = viewer if viewer is not None else _some_other_seat(game, mover)
    rng = Rng(seed)
    for _ in range(SAMPLES):
        sample = game.determinize(before, observer, rng.fork())
        decision = game.decision(sample)
        if decision is None or decision.seat != mover:
            return False  # the viewer would not even know who moves: keep it hidden
        if _ambiguous(game, sample, action, after, viewer):
            return False
        if action in game.legal_actions(sample):
            own = _view_after(game, sample, action, viewer)
            if _ambiguous(game, sample, action, own, viewer):
                return False
    return True


def _ambiguous(game: Game[Any], state: Any, action: Action, seen: dict[str, Any], viewer: int | None) -> bool:
    """Does another legal action in `state` leave `viewer` with the view `seen`?"""
    return any(
        other != action and _view_after(game, state, other, viewer) == seen
        for other in game.legal_actions(state)
    )


def _view_after(game: Game[Any], state: Any, action: Action, viewer: int | None) -> dict[str, Any]:
    copy = game.clone(state)
    game.apply(copy, action, validate=False)
    return game.view(copy, viewer)


def _some_other_seat(game: Game[Any], mover: int) -> int:
    """A seat that knows no more than a spectator about the mover's secrets (the mover itself if solo)."""
    return next((seat for seat in range(game.num_seats) if seat != mover), mover)
