"""Loading card data files (TOML) against a schema, with errors a person can act on."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

import msgspec

from .errors import CardDataError

T = TypeVar("T")


def load_card_file(path: Path, schema: type[T]) -> T:
    """Parse the TOML file at `path` into `schema` (a msgspec Struct); CardDataError on any fault."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CardDataError(f"{path}: card file not found") from None
    except tomllib.TOMLDecodeError as err:
        raise CardDataError(f"{path}: not valid TOML: {err}") from None
    return convert_card_data(raw, schema, source=str(path))


def convert_card_data(raw: object, schema: type[T], source: str = "card data") -> T:
    """Validate already-parsed data against `schema`; CardDataError names the field at fault."""
    try:
        return msgspec.convert(raw, schema)
    except msgspec.ValidationError as err:
        raise CardDataError(f"{source}: {err}") from None


def unique_keys(keys: Iterable[str], what: str) -> set[str]:
    """The set of `keys`; CardDataError if one is used twice, naming it (`what`: e.g. "location")."""
    seen: set[str] = set()
    for key in keys:
        if key in seen:
            raise CardDataError(f"{what} {key!r}: the key is used twice")
        seen.add(key)
    return seen
