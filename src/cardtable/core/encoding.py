"""Fixed-size numeric observations of a seat's view: the toolkit every game's encoding is written with.

A game declares its observation encoding (`Game.observation_encoding`): a `Layout` of named, documented
fields and an `encode(view)` that fills a float32 vector of that layout from `Game.view(state, seat)`
alone (never from the state; with the public pending decision added where the view lacks it, see
`cardtable.adapters.encoding.observed_view`), so two states a seat cannot tell apart encode alike.
Seats are written relative to the viewer (the viewer first, then the seats after it in seat order), so
one policy serves every seat.

A game that declares none gets `HashedViewEncoding`: every leaf of its view JSON, hashed with its path
into a fixed number of buckets. It is generic and depends only on the view, but a game's own encoding
says much more per number. Needs NumPy (the adapters' extras); nothing else in core imports this module.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any

import numpy as np

from .game import two_player_utility
from .seats import seat_of_letter


@dataclass(frozen=True)
class Field:
    """One named block of an encoding: `size` numbers from `offset`, with what they mean."""

    name: str
    offset: int
    size: int
    doc: str

    @property
    def end(self) -> int:
        return self.offset + self.size


class Layout:
    """The fields of an encoding in order; `size` is the length of the vector."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> Field:
        if size <= 0:
            raise ValueError(f"field {name!r} needs a positive size")
        if any(f.name == name for f in self.fields):
            raise ValueError(f"field {name!r} declared twice")
        field = Field(name, self.size, size, doc)
        self.fields.append(field)
        self.size += size
        return field

    def markdown(self) -> str:
        """The layout as a Markdown table (what each game's RULES.md shows)."""
        rows = ["| field | offset | size | meaning |", "|---|---|---|---|"]
        rows += [f"| `{f.name}` | {f.offset} | {f.size} | {f.doc} |" for f in self.fields]
        return "\n".join(rows)


class Encoding:
    """A game's observation encoding: `layout` and `encode(view) -> float32 vector of layout.size`."""

    layout: Layout

    @property
    def size(self) -> int:
        return self.layout.size

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        raise NotImplementedError  # each encoding fills its own fields

    def blank(self) -> np.ndarray:
        return np.zeros(self.layout.size, dtype=np.float32)


# --- small writers the games' encodings share ----------------------------------------------------
def one_hot(out: np.ndarray, field: Field, index: int | None) -> None:
    """Set position `index` of `field` (nothing for None or an index outside the field)."""
    if index is not None and 0 <= index < field.size:
        out[field.offset + index] = 1.0


def counts(
    out: np.ndarray, field: Field, index: Mapping[str, int], keys: Iterable[str], scale: float = 1.0
) -> None:
    """Add `scale` at each key's position (a multiset of card keys as counts); unknown keys land in
    the field's last position, which every vocabulary keeps for them."""
    base = field.offset
    other = field.size - 1
    for key in keys:
        out[base + index.get(key, other)] += scale


def scalar(out: np.ndarray, field: Field, value: float | None, scale: float = 1.0, at: int = 0) -> None:
    """Write `value / scale` at position `at` of `field` (nothing for None)."""
    if value is not None and 0 <= at < field.size:
        out[field.offset + at] = float(value) / scale


def vocabulary(words: Iterable[str]) -> dict[str, int]:
    """Positions of `words` in order of first appearance; a field over it needs len + 1 places (the
    last one counts words outside the vocabulary)."""
    index: dict[str, int] = {}
    for word in words:
        index.setdefault(word, len(index))
    return index


class DecisionField:
    """A game encoding's field `decision`, the pending decision of its view: the relative seat that must
    decide, one-hot over `seats`, then its kind, one-hot over `kinds` and other."""

    def __init__(self, layout: Layout, seats: int, kinds: Sequence[str]) -> None:
        self.field = layout.add(
            "decision",
            seats + len(kinds) + 1,
            f"relative seat that must decide, then one-hot kind ({', '.join(kinds)}, other)",
        )
        self.seats = seats
        self.kinds = vocabulary(kinds)

    def add(
        self, out: np.ndarray, decision: Mapping[str, Any] | None, rel: Callable[[Any], int | None]
    ) -> None:
        """Fill the field from a view's `decision` (nothing when there is none); `rel` makes its seat
        relative to the viewer."""
        if decision is None:
            return
        one_hot(out, self.field, rel(decision["seat"]))
        one_hot(out, self.field, self.seats + self.kinds.get(decision["kind"], len(self.kinds)))


def relative(seat: int | None, viewer: int | None, seats: int) -> int | None:
    """`seat` as seen from `viewer`: 0 the viewer itself, 1 the next seat in seat order, ..."""
    if seat is None or seat < 0:
        return None
    return (seat - (viewer or 0)) % seats


# --- the generic fallback ---------------------------------------------------------------------------
HASH_BUCKETS = 1024


class HashedViewEncoding(Encoding):
    """Any view as a fixed-size vector: each leaf of its JSON, keyed by its path (list positions
    dropped, so a list reads as a bag), adds to one of `buckets` places. A string leaf adds 1 at
    hash(path=value); a number adds its value (booleans 0/1) at hash(path). Depends only on the view."""

    def __init__(self, buckets: int = HASH_BUCKETS) -> None:
        self.layout = Layout()
        self.field = self.layout.add(
            "hashed-view", buckets, "each leaf of the view JSON hashed by its path (and string value)"
        )

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        out = self.blank()
        hashed(out, self.field, view)
        return out


def hashed(out: np.ndarray, field: Field, value: Any, path: str = "") -> None:
    """Add every leaf of the JSON `value` into `field` as `HashedViewEncoding` does (a game's encoding
    uses it for the view keys it does not know, e.g. those a new mode adds, so nothing is dropped)."""
    size = field.size
    base = field.offset
    for where, leaf in _leaves(value, path):
        if isinstance(leaf, str):
            out[base + _bucket(f"{where}={leaf}", size)] += 1.0
        elif isinstance(leaf, bool):
            out[base + _bucket(where, size)] += float(leaf)
        elif isinstance(leaf, int | float):
            out[base + _bucket(where, size)] += float(np.tanh(leaf / 10.0))
        elif leaf is None:
            out[base + _bucket(f"{where}=null", size)] += 1.0


def hashed_unknown(
    out: np.ndarray, field: Field, entries: Mapping[str, Any], known: Set[str], path: str = ""
) -> None:
    """`hashed` for each entry of `entries` whose key is not in `known`, at `path/key`: what a game's
    encoding does not know of a view (or of a player's entry in it) still counts."""
    for key, value in entries.items():
        if key not in known:
            hashed(out, field, value, f"{path}/{key}")


class ExtrasField:
    """A game encoding's field `extras`: what the encoding does not read of a view, hashed, so nothing a
    view shows is dropped (keys a mode added later, say): the view's keys outside `view_keys`, and each
    player entry's keys outside `player_keys`, at `/players/<relative seat>`."""

    def __init__(self, layout: Layout, view_keys: Set[str], player_keys: Set[str], buckets: int = 64) -> None:
        self.field = layout.add(
            "extras", buckets, "view keys this encoding does not know, hashed (see the text)"
        )
        self.view_keys = view_keys
        self.player_keys = player_keys

    def add_view(self, out: np.ndarray, view: Mapping[str, Any]) -> None:
        hashed_unknown(out, self.field, view, self.view_keys)

    def add_player(self, out: np.ndarray, player: Mapping[str, Any], where: int) -> None:
        """The unknown keys of the entry of the player at relative seat `where`."""
        hashed_unknown(out, self.field, player, self.player_keys, f"/players/{where}")


def _bucket(text: str, size: int) -> int:
    return zlib.crc32(text.encode()) % size


def _leaves(value: Any, path: str) -> Iterable[tuple[str, Any]]:
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield from _leaves(item, f"{path}/{key}")
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _leaves(item, f"{path}[]")
    else:
        yield path, value


def seat_number(seat: str | int | None, names: Mapping[str, int] | None = None) -> int | None:
    """A seat of a view as a number: a letter ("A" or "a"), a name the game gives a seat (`names`, e.g. a
    solitaire robot's), or already a number (the public decision's seat)."""
    if seat is None or isinstance(seat, int):
        return seat
    if names and seat in names:
        return names[seat]
    return seat_of_letter(seat)


__all__ = [
    "HASH_BUCKETS",
    "DecisionField",
    "Encoding",
    "ExtrasField",
    "Field",
    "HashedViewEncoding",
    "Layout",
    "counts",
    "hashed",
    "hashed_unknown",
    "one_hot",
    "relative",
    "scalar",
    "seat_number",
    "two_player_utility",
    "vocabulary",
]
