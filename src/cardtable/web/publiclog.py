"""The public log: which moves a seat may read, and what the game itself narrates, from views alone.

An action's text can name something hidden (the card a seat discarded face down). The web table
shows another seat's action text to a viewer only when the viewer could have worked it out anyway:
no other action, in the real state or in states the viewer cannot tell apart from it
(`determinize`), leaves the viewer with the same view afterwards. Otherwise the log shows only that
the seat moved. Games need no extra code for this; it follows from `view` and `determinize`.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import Action, Game, Rng

from .hints import narration_key

#: determinizations tried per move and viewer; more samples only make the test stricter
SAMPLES = 3


def inferable(
    game: Game[Any], before: Any, mover: int, action: Action, viewer: int | None, seed: int
) -> bool:
    """True when `viewer` (None: a spectator) can tell `action` from every other action `mover` had."""
    if viewer == mover:
        return True
    after = _view_after(game, before, action, viewer)
    if _ambiguous(_views_after(game, before, viewer), action, after):
        return False
    observer = viewer if viewer is not None else _some_other_seat(game, mover)
    rng = Rng(seed)
    for _ in range(SAMPLES):
        sample = game.determinize(before, observer, rng.fork())
        decision = game.decision(sample)
        if decision is None or decision.seat != mover:
            return False  # the viewer would not even know who moves: keep it hidden
        views = _views_after(game, sample, viewer)
        if _ambiguous(views, action, after):
            return False
        own = views.get(action)
        if own is not None and _ambiguous(views, action, own):
            return False
    return True


def _views_after(game: Game[Any], state: Any, viewer: int | None) -> dict[Action, dict[str, Any]]:
    """The view `viewer` would have after each legal action in `state` (each computed once)."""
    return {other: _view_after(game, state, other, viewer) for other in game.legal_actions(state)}


def _ambiguous(views: dict[Action, dict[str, Any]], action: Action, seen: dict[str, Any]) -> bool:
    """Does another legal action leave the viewer with the view `seen`?"""
    return any(other != action and view == seen for other, view in views.items())


def _view_after(game: Game[Any], state: Any, action: Action, viewer: int | None) -> dict[str, Any]:
    copy = game.clone(state)
    game.apply(copy, action, validate=False)
    return game.view(copy, viewer)


def _some_other_seat(game: Game[Any], mover: int) -> int:
    """A seat that knows no more than a spectator about the mover's secrets (the mover itself if solo)."""
    return next((seat for seat in range(game.num_seats) if seat != mover), mover)


# --- the game's own narration ---------------------------------------------------------------------
# Some games keep a public log of what happened in their view, under a key of their own (`events`,
# `log`); hints.json names it as `log_key`. The table cuts it into the lines each move added, so the
# log panel shows every move in notation with the game's own words beneath it, for every game alike.


def narration(game: Game[Any], state: Any) -> list[str]:
    """The game's public narration in `state`, as a spectator sees it ([] if the game keeps none)."""
    key = narration_key(game.name)
    if key is None:
        return []
    lines = game.view(state, None).get(key)
    return [str(line) for line in lines] if isinstance(lines, list) else []


def fresh_lines(before: list[str], after: list[str]) -> list[str]:
    """The lines `after` adds to `before`, also when the game keeps only its latest lines."""
    for dropped in range(len(before) + 1):
        kept = before[dropped:]
        if after[: len(kept)] == kept:
            return after[len(kept) :]
    return after
