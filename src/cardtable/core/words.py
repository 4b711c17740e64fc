"""Small helpers for the words a person reads: counts with their nouns."""

from __future__ import annotations


def plural(n: int, noun: str, many: str | None = None) -> str:
    """A count with its noun, in the singular for one.

    >>> plural(1, "card"), plural(2, "card"), plural(0, "living card"), plural(3, "ability", "abilities")
    ('1 card', '2 cards', '0 living cards', '3 abilities')
    """
    return f"{n} {noun if n == 1 else many or noun + 's'}"
