"""The Game interface every game implements and the registry of games (what a game declares: `core.facts`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, get_args

import msgspec

from .action import Action
from .decision import Decision, Result
from .errors import BadOption, BadRecord, IllegalAction, UnknownGame
from .facts import FACTS, Mode, OptionSpec, read_facts
from .facts import OptionValue as OptionValue  # (sim, report and analysis read it here)
from .lines import Line, Said, act
from .rng import Rng
from .seats import SEAT_LETTERS, plain, seat_letter, seat_mark

if TYPE_CHECKING:
    from .encoding import Encoding

S = TypeVar("S")


@dataclass(frozen=True)
class Observation(Generic[S]):
    """Everything a seat may use to choose an action, and nothing more.

    Players (bots, automata, people behind an interface) receive an Observation, never the state:
    they read the seat's view and legal actions, and may sample complete states consistent with
    what the seat knows (`determinize`) for search.
    """

    game: Game[S]
    _state: S = field(repr=False)
    seat: int

    @cached_property
    def view(self) -> dict[str, Any]:
        return self.game.view(self._state, self.seat)

    @cached_property
    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self._state)

    @cached_property
    def decision(self) -> Decision:
        decision = self.game.decision(self._state)
        assert decision is not None, "no decision in a finished game"
        return decision

    def determinize(self, rng: Rng) -> S:
        """A full state, sampled with `rng`, that this seat cannot tell apart from the real one."""
        return self.game.determinize(self._state, self.seat, rng)


class Chooser(Protocol):
    """What plays a seat: a name, and an action chosen from what the seat may see (players, bots)."""

    name: str

    def choose(self, observation: Observation[Any]) -> Action: ...


class RulesOfThumb(ABC):
    """The base of a game's heuristic player (`Parts.heuristic`): the only legal action is played at
    once; `pick` is asked only when there is a real choice."""

    name = "heuristic"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, observation: Observation[Any]) -> Action:
        legal = observation.legal_actions
        return legal[0] if len(legal) == 1 else self.pick(observation, legal)

    @abstractmethod
    def pick(self, observation: Observation[Any], legal: list[Action]) -> Action:
        """The action chosen among `legal` (two or more) for what the seat sees."""


#: `evaluate(game, state, seat)`: how good a (sampled) state looks for `seat`, in [0, 1]
Evaluator = Callable[["Game[Any]", Any, int], float]
#: `is_quiet(game, state)`: whether a position may be judged as it stands (no effect half resolved)
QuietTest = Callable[["Game[Any]", Any], bool]


@dataclass(frozen=True)
class Parts:
    """What a game offers besides its rules, declared once on its class (`Game.parts`); each is None
    when the game has none. `Game.heuristic`, `evaluator` and `quiet_test` read them."""

    #: the game's rules-of-thumb player, built with an `Rng`
    heuristic: Callable[[Rng], Chooser] | None = None
    evaluator: Evaluator | None = None
    quiet_test: QuietTest | None = None


class Game(Generic[S]):
    """The rules of one game, as functions over a plain-data State of type S.

    A subclass sets the class attributes and implements the methods marked "must". The engine
    alone decides what is legal: every client reads `decision`/`legal_actions` and calls `apply`.
    Its state type is named once, as the type argument: `class Chess(Game[Board])` sets `state_type`.
    Its facts (`name`, `title`, `terminations`, `option_specs`, `modes`) are data: the class names its
    `game.toml` (`facts_file`) and the codes of its `Termination` Literal, and core sets them from it.
    """

    #: the game's facts file (`core.facts`), read when the class is made; None: the class sets the
    #: facts itself (a test's toy game)
    facts_file: ClassVar[Path | None] = None
    #: the codes of the game's `Termination` Literal (`get_args(Termination)`): the facts file must
    #: declare the same, in the same order, so the type checker's codes and the words cannot drift
    termination_codes: ClassVar[tuple[str, ...]] = ()
    name: ClassVar[str]
    title: ClassVar[str]
    state_type: ClassVar[type]
    #: the class attributes a subclass's type arguments set, in order (`Game[State]`: `state_type`)
    type_arguments: ClassVar[tuple[str, ...]] = ("state_type",)
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    modes: ClassVar[tuple[Mode, ...]] = ()
    #: verbs whose arguments only the acting seat may read, with what every other viewer reads
    #: instead (after the seat's name), e.g. `{"keep": "keeps a card"}`; see `describe`
    secret_verbs: ClassVar[Mapping[str, str]] = {}
    #: the ways a game ends: each `Result.termination` code the game gives, with its words (what
    #: simulations and reports group games by)
    terminations: ClassVar[Mapping[str, str]] = {}
    #: its heuristic player, evaluation and quiet test (see `heuristic`, `evaluator`, `quiet_test`)
    parts: ClassVar[Parts] = Parts()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Set `state_type` (and the like, `type_arguments`) from the type arguments of the class's
        generic base, `Game[State]`, unless the class sets them itself."""
        super().__init_subclass__(**kwargs)
        for base in cls.__dict__.get("__orig_bases__", ()):
            for attribute, argument in zip(cls.type_arguments, get_args(base), strict=False):
                if isinstance(argument, type) and attribute not in cls.__dict__:
                    setattr(cls, attribute, argument)
        if "facts_file" in cls.__dict__ and cls.facts_file is not None:
            cls._take_facts(cls.facts_file)

    @classmethod
    def _take_facts(cls, path: Path) -> None:
        """Set the class's facts from its file; a class that also spells one of them is refused."""
        facts = read_facts(path, cls.termination_codes)
        spelled = [attribute for attribute in FACTS if attribute in cls.__dict__]
        if spelled:
            raise TypeError(f"{cls.__name__} sets {', '.join(spelled)}, which its facts file {path} declares")
        for attribute in FACTS:
            setattr(cls, attribute, getattr(facts, attribute))

    def __init__(self, **options: OptionValue) -> None:
        specs = {spec.name: spec for spec in self.option_specs}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise BadOption(f"{self.name} has no option {unknown[0]!r} (options: {known})")
        self.options: dict[str, OptionValue] = {
            name: spec.parse(options[name]) if name in options else spec.default
            for name, spec in specs.items()
        }
        for spec in specs.values():
            spec.check_applies(self.options)
        self.validate_options()
        self._encoder = msgspec.json.Encoder()
        self._decoder: msgspec.json.Decoder[S] = msgspec.json.Decoder(self.state_type)
        self._packer = msgspec.msgpack.Encoder()
        self._unpacker: msgspec.msgpack.Decoder[S] = msgspec.msgpack.Decoder(self.state_type)

    # --- options -------------------------------------------------------------------------------
    def validate_options(self) -> None:
        """Reject combinations of options that make no game (may raise BadOption), beyond an option set
        where it does not apply (its `when`, refused before this is called)."""

    def option_string(self) -> str:
        return " ".join(f"{k}={_format_option(v)}" for k, v in sorted(self.options.items()))

    # --- the rules: must be implemented --------------------------------------------------------
    @property
    def num_seats(self) -> int:
        raise NotImplementedError  # each game defines its seat count

    @property
    def max_actions(self) -> int:
        """The longest game these options can give, in actions, or a bound a game stays under but with a
        stated, measured chance: each game says which in its RULES.md ("Game length"), with how it was
        measured (random playouts per mode: mean, p99.99, longest, the chance a random game passes the
        bound; bots' games, which the bound covers too). A game still going past it fails the playout
        tests; the simulator stops it there and counts it as stopped at the cap."""
        raise NotImplementedError  # each game declares its bound

    def new_state(self, seed: int) -> S:
        """The state after set-up (shuffles included), ready for the first decision."""
        raise NotImplementedError

    def decision(self, state: S) -> Decision | None:
        """Who must decide what now; None when the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: S) -> list[Action]:
        """The legal actions of the pending decision, in a stable order ([] when over)."""
        raise NotImplementedError

    def _apply(self, state: S, action: Action) -> None:
        """Carry out a legal action in place (called by `apply` after validation)."""
        raise NotImplementedError

    def result(self, state: S) -> Result | None:
        raise NotImplementedError

    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What `seat` may know, as plain JSON data (None: a spectator, public information only).

        The view is the table as the seat sees it; it does not repeat the pending decision, which
        every interface reads from `decision` (public). So the conformance suite can tell a move
        that reveals something on the table from one whose next decision gives a secret away.
        """
        raise NotImplementedError

    def views(self, state: S, viewers: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
        """`view(state, v)` for each of `viewers` at once (the web table shows a position to every seat).

        A game may override it to work out the parts every viewer sees alike only once; the views may
        then share those parts, so read them and do not change them. Each must equal `view(state, v)`
        (the conformance suite checks it).
        """
        return {viewer: self.view(state, viewer) for viewer in viewers}

    def determinize(self, state: S, seat: int, rng: Rng) -> S:
        """A copy of `state` with everything `seat` cannot see resampled with `rng`.

        Must depend only on `view(state, seat)` (and `rng`): the conformance suite checks that two
        states with the same view give the same sample.
        """
        raise NotImplementedError

    def action_space(self) -> Sequence[Action]:
        """Every action the game can ever offer, in a fixed order: the integer encoding."""
        raise NotImplementedError

    def check_invariants(self, state: S) -> None:
        """Raise AssertionError if the state breaks a rule invariant (e.g. a card in two places)."""

    def seat_name(self, seat: int) -> str:
        return seat_letter(seat) if seat < len(SEAT_LETTERS) else str(seat)

    def seat_said(self, seat: int) -> str:
        """How narration and prompts name `seat`: the name the game gives it (an automaton's), else its
        mark (`core.seats.seat_mark`), which the web table replaces by the seat's name at the table
        and the terminal by its letter (`core.seats.plain`)."""
        name = self.seat_name(seat)
        return seat_mark(seat) if name == seat_letter(seat) else name

    def decision_kinds(self) -> tuple[str, ...]:
        """Every kind of decision the game can ask (`Decision.kind`), in a fixed order: what encodings
        and interfaces read, never a copy of their own. A game on core's step machine
        (`core.steps.StepGame`) lists its choice steps; () for a game not yet on it."""
        return ()

    # --- what each seat sees of the game: the one source for logs, terminals, web and bots -------
    def describe(self, state: S, action: Action, viewer: int | None) -> str | None:
        """What `viewer` (None: a spectator) reads of `action`, taken in `state` by the deciding seat.

        This is a rule of the game, like `view`: the acting seat reads its action in full; another
        viewer reads it in full unless its verb is one of `secret_verbs`, whose replacement text it
        reads instead. None means the viewer reads no line for it at all (a game may use that for
        a pass in a reaction window, which tells nobody anything). Override for finer rules; the
        conformance suite checks that what a viewer reads never tells apart two actions, or two
        states, that leave it with the same view.
        """
        decision = self.decision(state)
        if decision is not None and viewer == decision.seat:
            return str(action)
        secret = self.secret_verbs.get(action.verb)
        return str(action) if secret is None else secret

    def move_words(self, state: S, action: Action) -> str:
        """`action`, legal in `state`, as a verb phrase of its seat in the rulebook's words ("buys
        Evade", "goes on to Combat"): what the log says of a move that the narration does not tell.
        Only what the move itself shows may be said (whoever reads it in full knows the action and
        the table). Default: the notation, which the words checks refuse."""
        return str(action)

    def tell(self, state: S, action: Action, viewer: int | None) -> Line | None:
        """The line `viewer` reads of `action`, taken in `state`, where the narration the move adds says
        nothing of it: a sentence by the game, the acting seat's act. It tells what `describe` tells,
        no more: the move's words (`move_words`) to a viewer that reads it in full, the text it reads
        instead ("discards a card") to another; None where the viewer reads no line."""
        text = self.describe(state, action, viewer)
        decision = self.decision(state)
        if text is None or decision is None:
            return None
        words = self.move_words(state, action) if text == str(action) else text
        return act(decision.seat, f"{self.seat_said(decision.seat)} {words}.")

    def narration(self, state: S, viewer: int | None) -> Sequence[Said]:
        """The game's running narration of what happened, as `viewer` may read it (oldest first).

        Games that narrate keep the lines in their view; the terminal and the web table show the
        lines each move adds under that move. It must be part of what `view` tells the viewer. A line
        that opens a round or tells an automaton's act is a `core.lines.Line` with those fields (the
        web table groups its log by them); any other may be its text alone. A plain line that opens
        with a seat's mark tells that seat's act (the table marks the person's own: `Line.seat`); one
        that tells what befalls the seat instead is `core.lines.befalls`. A move that adds no line
        reads as the game's sentence for it (`tell`).
        """
        return []

    def reversible(self, before: S, action: Action, after: S) -> bool:
        """Whether `action`, applied in `before` and leading to `after`, may be taken back: applying it
        drew on no chance and showed no seat anything hidden beyond the move itself (what `describe`
        tells each viewer of it), and no automaton acted. A card the acting seat shows by its move
        stays known to those who saw it, as at a real table; a card drawn, turned up or looked at,
        a shuffle, a die, or a secret choice revealed makes the move stand.

        A rule of the game, decided exactly from the two states and the action (never by sampling);
        `core.undo` adds the rule of the table (own consecutive moves only). Default: False.
        """
        return False

    def automata(self) -> dict[int, str]:
        """Seats the game plays by itself, following the rulebook's automaton, with its name (e.g.
        `{1: "machine"}` for Biosphere 5's Machine). Such a seat never has a decision: no player sits
        there, and simulations, records and the web table name the automaton instead."""
        return {}

    def card_faces(self) -> dict[str, dict[str, Any]]:
        """The public, printed information of every card id a view may show, for drawing cards.

        Keys are the card ids as views show them; each face has a `name` and, where the game prints
        them, fields such as `category`, `level`, `cost`, `stats` (label -> value, e.g. ATK/EVA/DEF),
        `text`, `options` (lines of text) and `origin` (printed or reconstructed data). Faces are
        static card data: they never depend on a state, so they carry no hidden information.
        """
        return {}

    def render(self, view: dict[str, Any], seat: int | None) -> str:
        """The view as text for the terminal (rich markup allowed). Games override this."""
        import json

        return json.dumps(view, indent=1, sort_keys=True)

    # --- the game's parts: what players, research adapters and tools use besides its rules -------
    def heuristic(self, rng: Rng) -> Chooser | None:
        """The game's own simple, explainable player (its rules of thumb), seeded with `rng`; None if the
        game has none. The `heuristic` player kind plays it. By default: `parts.heuristic`."""
        build = self.parts.heuristic
        return build(rng) if build is not None else None

    def evaluator(self) -> Evaluator | None:
        """How good a sampled state looks for a seat (for search players such as ISMCTS); None if the
        game offers no evaluation (a search then plays positions out to the end). By default:
        `parts.evaluator`."""
        return self.parts.evaluator

    def quiet_test(self) -> QuietTest | None:
        """Which positions may be judged as they stand (a search lets the heuristic play on until one
        is); None: every position. By default: `parts.quiet_test`."""
        return self.parts.quiet_test

    def observation_encoding(self) -> Encoding | None:
        """The game's numeric observation of a view, for the research adapters (`core.encoding`); None:
        the adapters hash the view (`HashedViewEncoding`)."""
        return None

    def utility(self) -> str:
        """What the game's outcomes are for the research adapters (OpenSpiel's utility type):
        "zero_sum", "constant_sum", "identical" (a team wins or loses together) or "general_sum"."""
        return "general_sum"

    # --- provided ------------------------------------------------------------------------------
    def apply(self, state: S, action: Action | str, *, validate: bool = True) -> None:
        """Apply `action` to `state` in place. An illegal action raises IllegalAction and changes nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        if validate:
            if self.decision(state) is None:
                raise IllegalAction("the game is over")
            legal = self.legal_actions(state)
            if action not in legal:
                raise IllegalAction(self.explain_illegal(state, action, legal))
        self._apply(state, action)

    def explain_illegal(self, state: S, action: Action, legal: list[Action]) -> str:
        decision = self.decision(state)
        shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        who = f"{self.seat_name(decision.seat)} is deciding: {plain(decision.prompt)}" if decision else ""
        return f"'{action}' is not legal now; {who}; legal: {shown}"

    def ending(self, result: Result) -> tuple[str, str]:
        """How a finished game ended: its termination code and the words the game declares for it (a
        game that declares no codes: its reason, as code and words)."""
        code = result.termination or result.reason
        return code, self.terminations.get(code, result.reason)

    def is_terminal(self, state: S) -> bool:
        return self.decision(state) is None

    def observe(self, state: S, seat: int) -> Observation[S]:
        return Observation(self, state, seat)

    def clone(self, state: S) -> S:
        return self._unpacker.decode(self._packer.encode(state))

    def to_json(self, state: S) -> str:
        return self._encoder.encode(state).decode()

    def from_json(self, text: str | bytes) -> S:
        try:
            return self._decoder.decode(text)
        except (msgspec.DecodeError, msgspec.ValidationError) as err:
            raise BadRecord(f"not a {self.name} state: {err}") from None

    @cached_property
    def _action_list(self) -> tuple[Action, ...]:
        return tuple(self.action_space())

    @cached_property
    def _action_index(self) -> dict[Action, int]:
        return {a: i for i, a in enumerate(self._action_list)}

    def encode(self, action: Action) -> int:
        try:
            return self._action_index[action]
        except KeyError:
            raise IllegalAction(f"'{action}' is not an action of {self.name}") from None

    def decode(self, index: int) -> Action:
        space = self._action_list  # the space is fixed per game: built once, not per call
        if not 0 <= index < len(space):
            raise IllegalAction(f"{index} is not an action number of {self.name}")
        return space[index]

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)


def two_player_utility(game: Game[Any]) -> str:
    """Two players without an automaton: one wins and the other loses, or both tie (zero-sum); more
    players, or a solo game: general-sum (the one type true of every outcome)."""
    return "zero_sum" if game.num_seats == 2 and not game.automata() else "general_sum"


def _format_option(value: OptionValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


# --- registry ------------------------------------------------------------------------------------
_REGISTRY: dict[str, type[Game[Any]]] = {}
#: the class that plays a set of options, for a game whose modes have rules of their own
VariantPicker = Callable[[Mapping[str, OptionValue]], type[Game[Any]]]
_VARIANTS: dict[str, VariantPicker] = {}


class SplitViews(Game[S]):
    """A game whose every view is a part all viewers see alike (`public_view`) and the viewer's own
    (`seat_view`, given the public part): `view` and `views` come from them, and `views` works the public
    part out once for all its viewers (their views share it: read it, do not change it)."""

    @abstractmethod
    def public_view(self, state: S) -> dict[str, Any]:
        """What every viewer sees alike."""

    @abstractmethod
    def seat_view(self, state: S, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
        """What `seat` sees (None: a spectator), given the `public` part."""

    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        return self.seat_view(state, seat, self.public_view(state))

    def views(self, state: S, viewers: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
        public = self.public_view(state)
        return {seat: self.seat_view(state, seat, public) for seat in viewers}


def register(cls: type[Game[Any]], *, variants: VariantPicker | None = None) -> type[Game[Any]]:
    """Make a game available by its `name` (a class decorator: `@register`).

    `variants`, for a game some of whose modes are classes of their own (Biosphere 5's The Abyss and
    the Machine), picks the class that plays given options: `make_game` builds that one, while
    `game_class` stays `cls` (the options and modes every variant shares).
    """
    _REGISTRY[cls.name] = cls
    if variants is not None:
        _VARIANTS[cls.name] = variants
    return cls


def game_names() -> list[str]:
    _load_games()
    return sorted(_REGISTRY)


def game_class(name: str) -> type[Game[Any]]:
    _load_games()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownGame(f"unknown game {name!r}; games: {', '.join(sorted(_REGISTRY))}") from None


def make_game(name: str, options: Mapping[str, OptionValue] | None = None) -> Game[Any]:
    """The game `name` with `options` (the class of its variant, if it registered `variants`)."""
    cls = game_class(name)
    chosen = dict(options or {})
    pick = _VARIANTS.get(name)
    return (pick(chosen) if pick is not None else cls)(**chosen)


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """Parse ['players=3', 'abyss=true'] into a dict; raises BadOption on a malformed pair."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadOption(f"option {pair!r} is not of the form name=value")
        options[key.strip()] = value.strip()
    return options


#: what fills the registry before its first lookup: the package above core that holds the games says
#: (`cardtable/__init__.py`: import every game package), so core imports nothing above itself
_games_loader: Callable[[], None] | None = None


def set_games_loader(load: Callable[[], None]) -> None:
    """Have `load` run before the registry is first read (it imports the games, which register)."""
    global _games_loader
    _games_loader = load


def _load_games() -> None:
    if _games_loader is not None:
        _games_loader()
