"""A game's declared facts, kept as data like its cards: its name and title, how it ends, its options
and its modes, read from the `game.toml` beside its code (`Game.facts_file`) against a strict schema.

A file looks like this (every table but `name` and `title` may be left out):

    name = "dino-battles"
    title = "Biomechanic Dino Battles"

    [terminations]          # each `Result.termination` code, with its words, in the order of the
    ko = "knocked out ..."  # game's `Termination` Literal

    [[option]]
    name = "players"
    default = 2
    help = "number of players"
    choices = [2, 3, 4]     # left out: any value of the default's type

    [[mode]]
    name = "2 players"
    description = "2 players, starter set"
    options = { players = 2 }

An option that applies only with some values of other options says where, with the words it is refused
with elsewhere (set away from its default): `when = { solo = "none", expansion = [1, 2, 3] }` (each
option one of its values, all holding) and `refusal = "..."`; the start page shows it only there. Where
the rules leave an option that applies unused, `unused = { solo = "robot" }` says so: there any value
is accepted and means nothing, and the start page does not show it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta

from .carddata import load_card_file, unique_keys
from .errors import BadOption, CardDataError

OptionValue = int | bool | str
#: a game's name and its end-of-game codes: lower-case words joined by hyphens ("race-for-the-galaxy")
Word = Annotated[str, Meta(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
Text = Annotated[str, Meta(min_length=1)]


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its type, default and, if restricted, the accepted values."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] = ()
    #: where the option applies: other options' values, each option's one of its list, all holding
    #: (empty: everywhere); set away from its default where they do not hold, it is refused with `refusal`
    when: Mapping[str, tuple[OptionValue, ...]] = field(default_factory=dict)
    refusal: str = ""
    #: where the option applies but the rules do not use it (same form as `when`; empty: nowhere): any
    #: value is accepted there and ignored, and the start page does not show it
    unused: Mapping[str, tuple[OptionValue, ...]] = field(default_factory=dict)

    def parse(self, raw: OptionValue) -> OptionValue:
        """Turn a raw value (e.g. the string '3' from a command line) into the option's type."""
        kind = type(self.default)
        try:
            if kind is bool:
                value: OptionValue = _parse_bool(raw)
            elif kind is int:
                value = int(raw)
            else:
                value = str(raw).lower()
        except ValueError:
            raise BadOption(f"option {self.name}: {raw!r} is not a {kind.__name__}") from None
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise BadOption(f"option {self.name}: {raw!r} is not one of {allowed}")
        return value

    def takes(self, value: OptionValue) -> bool:
        """Whether `value`, as it stands, is one the option takes: of its default's type (True is not
        1), and one of its choices if it has any."""
        return type(value) is type(self.default) and (not self.choices or value in self.choices)

    def public(self) -> dict[str, object]:
        """The option as plain data, as `/api/games` and `cardtable games --json` give it: with where it
        applies (`when`) and where it applies but the rules ignore it (`unused`), option -> its values."""
        return {
            "name": self.name,
            "default": self.default,
            "help": self.help,
            "choices": list(self.choices),
            "when": {name: list(values) for name, values in self.when.items()},
            "unused": {name: list(values) for name, values in self.unused.items()},
        }

    def check_applies(self, options: Mapping[str, OptionValue]) -> None:
        """Refuse (BadOption, with the option's `refusal`) its value in `options` where it is not its
        default and the option does not apply (`when`). Where it applies but is `unused`, any value
        is accepted."""
        applies = all(options[name] in values for name, values in self.when.items())
        if not applies and options[self.name] != self.default:
            raise BadOption(self.refusal)


def _parse_bool(raw: OptionValue) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError(text)


@dataclass(frozen=True)
class Mode:
    """A named set of options that the rulebook describes (e.g. '3 players', 'solo vs Machine')."""

    name: str
    options: Mapping[str, OptionValue]
    description: str


class _Option(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: Text
    default: OptionValue
    help: Text
    choices: tuple[OptionValue, ...] = ()
    when: dict[str, OptionValue | tuple[OptionValue, ...]] = {}
    refusal: str = ""
    unused: dict[str, OptionValue | tuple[OptionValue, ...]] = {}

    def spec(self) -> OptionSpec:
        return OptionSpec(
            self.name,
            self.default,
            self.help,
            self.choices,
            _conditions(self.when),
            self.refusal,
            _conditions(self.unused),
        )


def _conditions(
    raw: Mapping[str, OptionValue | tuple[OptionValue, ...]],
) -> dict[str, tuple[OptionValue, ...]]:
    """`when` or `unused` as written (a value, or a list of them) as option -> its values."""
    return {name: values if isinstance(values, tuple) else (values,) for name, values in raw.items()}


class _Mode(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: Text
    description: Text
    options: dict[str, OptionValue] = {}


#: the facts a game declares, as `Game` holds them (class attributes) and `GameFacts` gives them
FACTS = ("name", "title", "terminations", "option_specs", "modes")


class GameFacts(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A game's facts file, as read (`read_facts`); `FACTS` names what `Game` takes from it."""

    name: Word
    title: Text
    #: each `Result.termination` code with its words, in the file's order
    terminations: dict[Word, Text] = {}
    option: tuple[_Option, ...] = ()
    mode: tuple[_Mode, ...] = ()

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        return tuple(option.spec() for option in self.option)

    @property
    def modes(self) -> tuple[Mode, ...]:
        return tuple(Mode(m.name, dict(m.options), m.description) for m in self.mode)


def read_facts(path: Path, codes: tuple[str, ...] = ()) -> GameFacts:
    """The facts in the file at `path`, checked; `codes` are the game's `Termination` Literal's, which
    must be the file's end-of-game codes in the same order. CardDataError names the file and the fault."""
    facts = load_card_file(path, GameFacts)
    source = str(path)
    options = facts.option_specs
    _check_options(options, source)
    _check_modes(facts.modes, {spec.name: spec for spec in options}, source)
    if tuple(facts.terminations) != codes:
        raise CardDataError(
            f"{source}: terminations: the codes {', '.join(facts.terminations) or '(none)'} are not the "
            f"game's Termination codes {', '.join(codes) or '(none)'}, in that order"
        )
    return facts


def _check_options(options: tuple[OptionSpec, ...], source: str) -> None:
    specs = {spec.name: spec for spec in options}
    unique_keys((spec.name for spec in options), f"{source}: option")
    for spec in options:
        where = f"{source}: option {spec.name!r}"
        kind = type(spec.default).__name__
        if not all(type(choice) is type(spec.default) for choice in spec.choices):
            raise CardDataError(f"{where}: its choices are not all of its default's type ({kind})")
        unique_keys((str(choice) for choice in spec.choices), f"{where}: choice")
        if not spec.takes(spec.default):
            raise CardDataError(f"{where}: the default {_toml(spec.default)} is not one of its choices")
        if bool(spec.when) != bool(spec.refusal):
            raise CardDataError(f"{where}: an option with `when` has a `refusal`, and only such an option")
        for key, conditions in (("when", spec.when), ("unused", spec.unused)):
            if spec.name in conditions:
                raise CardDataError(f"{where}: {key}: an option's `{key}` names other options, not itself")
            _check_values(conditions.items(), specs, f"{where}: {key}")


def _check_modes(modes: tuple[Mode, ...], specs: Mapping[str, OptionSpec], source: str) -> None:
    unique_keys((mode.name for mode in modes), f"{source}: mode")
    for mode in modes:
        _check_values(
            ((name, (value,)) for name, value in mode.options.items()), specs, f"{source}: mode {mode.name!r}"
        )


def _check_values(
    values: Iterable[tuple[str, tuple[OptionValue, ...]]], specs: Mapping[str, OptionSpec], where: str
) -> None:
    """Each named option is one of `specs`, and each of its values is one it takes."""
    for name, choices in values:
        spec = specs.get(name)
        if spec is None:
            raise CardDataError(f"{where}: the game has no option {name!r} (options: {', '.join(specs)})")
        for value in choices:
            if not spec.takes(value):
                raise CardDataError(f"{where}: {name} = {_toml(value)} is not a value option {name!r} takes")


def _toml(value: OptionValue) -> str:
    """`value` as the file writes it (`true`, `3`, `"3"`)."""
    return json.dumps(value)
