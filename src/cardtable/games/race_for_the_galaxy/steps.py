"""Small helpers every phase step uses."""

from __future__ import annotations

from .state import Player, RftgState


def seat_letter(seat: int) -> str:
    return "ABCD"[seat]


def done(s: RftgState) -> None:
    s.tasks.pop(0)


def distinct(cards: list[str]) -> list[str]:
    return sorted(set(cards))


def chose(p: Player, action: str) -> bool:
    return action in p.actions


def bonus_of(s: RftgState, p: Player) -> bool:
    """Whether the player chose the current Develop/Settle phase (and gets its bonus)."""
    return s.phase in p.actions


def gain_vp(s: RftgState, seat: int, vp: int) -> None:
    """VP chips from the pool; once it is empty the reserve pays (the pool goes below 0)."""
    if vp > 0:
        s.players[seat].chips += vp
        s.pool -= vp
