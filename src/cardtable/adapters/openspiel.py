"""OpenSpiel: every cardtable game, in every mode, as a pyspiel Python game.

    import pyspiel
    import cardtable.adapters.openspiel  # registers python_cardtable_<game> for every game
    game = pyspiel.load_game("python_cardtable_biosphere5", {"players": 3})

A game's options are the OpenSpiel game's parameters (their defaults are the game's), plus `rng_seed`:
the seed of the deals. Hyphens in a game's name become underscores (`python_cardtable_dino_battles`).

The facts OpenSpiel asks for:
- Players are the seats people take; a seat the game plays itself (`Game.automata`, e.g. Biosphere 5's
  Machine) is no OpenSpiel player: its moves happen inside `apply`, as in the engine.
- Chance is `SAMPLED_STOCHASTIC`: every shuffle and draw comes from the seeded generator inside the
  cardtable state, so the initial state is already a sampled deal (seeded from `rng_seed` and a count
  of initial states) and no chance node is ever exposed. That is the right mode rather than explicit
  chance nodes: the engine has no chance decisions to expose, and exposing a seed as one chance node
  would shrink the deals to the seeds listed. Search algorithms get their samples of hidden
  information from `resample_from_infostate`, which is the game's `determinize` (it resamples the
  generator too, so a sample does not foretell draws). OpenSpiel's Python algorithms (its Python
  `ISMCTSBot`) call it; its C++ ISMCTSBot cannot: OpenSpiel's binding of Python states does not
  forward the C++ `ResampleFromInfostate` to Python, and the C++ default fails for every game with
  imperfect information (a segfault from `step`, which releases the GIL first; an error from
  `get_policy`). Nothing on our side can change that; `tests/adapters/test_openspiel.py` pins it.
- Information is imperfect; utilities are the engine's `Result.scores` (1 win, 0 draw, -1 loss; the
  same for everyone in a cooperative game) at the end, 0 before. The utility type is what the game
  declares (`Game.utility`: "zero_sum", "identical", "constant_sum"),
  otherwise general-sum, which is always true.
- Observation string: the seat's view as canonical JSON. Information-state string: every action as
  that seat read it (`Game.describe`), then the view. Observation tensor: the game's encoding
  (`adapters.encoding`). Information-state tensor: the encoding, then the last `RECENT` actions the seat
  read, each as the relative seat that acted and the action's number (or a "hidden" flag when the seat
  read only a redacted line).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from cardtable.core import Game, Rng, game_class, game_names, make_game, mix_seed

from .encoding import observation_encoding, observed_view, view_text

PREFIX = "python_cardtable_"
#: actions recalled in the information-state tensor
RECENT = 8
#: the game-length bound OpenSpiel asks for, where a game declares no `max_actions`
MAX_GAME_LENGTH = 20_000

_UTILITY = {
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "identical": pyspiel.GameType.Utility.IDENTICAL,
    "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
}


def short_name(game: str) -> str:
    """'dino-battles' -> 'python_cardtable_dino_battles'."""
    return PREFIX + game.replace("-", "_")


def utility_kind(game: Game[Any]) -> str:
    """What the game declares of its utilities in this mode (`Game.utility`)."""
    return game.utility()


def players_of(game: Game[Any]) -> list[int]:
    """The seats that are OpenSpiel players, in seat order."""
    automata = game.automata()
    return [s for s in range(game.num_seats) if s not in automata]


#: a player's record of past actions: a list of (line read, relative seat that acted, action number or
#: -1 when the player read only a redacted line) and how many of its entries are this state's. Copies
#: of a state share the list; the first to act appends to it, a later one copies its own part first.
Record = tuple[list[tuple[str, int, int]], int] | None


def _push(record: Record, line: str, actor: int, action: int) -> Record:
    entry = (line, actor, action)
    if record is None:
        return ([entry], 1)
    items, length = record
    if len(items) != length:
        items = items[:length]
    items.append(entry)
    return (items, length + 1)


def _length(record: Record) -> int:
    return 0 if record is None else record[1]


def _entries(record: Record, last: int | None = None) -> list[tuple[str, int, int]]:
    """The record's (line, actor, action) entries, oldest first; only the `last` ones if given."""
    if record is None:
        return []
    items, length = record
    return items[max(0, length - last) if last is not None else 0 : length]


class _Box:
    """The cardtable side of an OpenSpiel state. It copies with the game's own fast `clone` (OpenSpiel
    deep-copies a Python state's attributes) and pickles as JSON (OpenSpiel's serialisation)."""

    __slots__ = (
        "cache",
        "fresh",
        "game",
        "player_of_seat",
        "pool",
        "records",
        "seats",
        "seed",
        "state",
    )

    def __init__(self, game: Game[Any], seed: int, state: Any = None, pool: list[Any] | None = None) -> None:
        self.game = game
        self.seed = seed
        self.state = state
        #: where a deal goes back if this initial state is dropped unplayed and uncopied (see `__del__`)
        self.pool = pool
        self.fresh = pool is not None
        self.seats, self.player_of_seat = _seating(game)
        #: views, encodings and view texts of this state, by (what, seat); emptied by every action
        self.cache: dict[tuple[str, int | None], Any] = {}
        #: per player: each action as that player read it (see `Record`)
        self.records: list[Record] = [None] * len(self.seats)

    def get(self) -> Any:
        if self.state is None:
            self.state = self.game.new_state(self.seed)
        return self.state

    def view(self, seat: int | None) -> dict[str, Any]:
        key = ("view", seat)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = self.game.view(self.get(), seat)
        return found

    def encoded(self, seat: int | None) -> np.ndarray:
        key = ("encoded", seat)
        found = self.cache.get(key)
        if found is None:
            found = observation_encoding(self.game).encode(observed_view(self.game, self.get(), seat))
            self.cache[key] = found
        return found

    def text(self, seat: int | None) -> str:
        key = ("text", seat)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = view_text(self.view(seat))
        return found

    def __del__(self) -> None:
        # OpenSpiel makes a new initial state just to learn the tensors' shapes, again and again: a
        # deal that nothing played from or copied goes back to its game for the next initial state
        if self.fresh and self.state is not None and self.pool is not None:
            self.pool.append((self.seed, self.state, self.cache))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        self.fresh = False
        copy = _Box.__new__(_Box)
        copy.game = self.game
        copy.seed = self.seed
        copy.pool = None
        copy.fresh = False
        copy.seats = self.seats
        copy.player_of_seat = self.player_of_seat
        copy.cache = dict(self.cache)
        copy.state = None if self.state is None else self.game.clone(self.state)
        copy.records = list(self.records)  # records are immutable chains: copies share them
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        state = None if self.state is None else self.game.to_json(self.state)
        options = tuple(sorted(self.game.options.items()))
        records = [_entries(record) for record in self.records]
        return (_restore, (self.game.name, options, self.seed, state, records))


def _restore(
    name: str, options: tuple[tuple[str, Any], ...], seed: int, state: str | None, records: list[Any]
) -> _Box:
    game = _cardtable_game(name, dict(options))
    box = _Box(game, seed, None if state is None else game.from_json(state))
    box.fresh = False
    for player, entries in enumerate(records):
        for line, actor, action in entries:
            box.records[player] = _push(box.records[player], line, actor, action)
    return box


_GAMES: dict[tuple[str, str], Game[Any]] = {}
_SEATING: dict[int, tuple[list[int], dict[int, int]]] = {}


def _seating(game: Game[Any]) -> tuple[list[int], dict[int, int]]:
    """The players' seats and each seat's player number, worked out once per game object."""
    found = _SEATING.get(id(game))
    if found is None:
        seats = players_of(game)
        found = _SEATING[id(game)] = (seats, {seat: player for player, seat in enumerate(seats)})
    return found


def _cardtable_game(name: str, options: Mapping[str, Any]) -> Game[Any]:
    game = make_game(name, dict(options))
    return _GAMES.setdefault((name, game.option_string()), game)


class CardtableState(pyspiel.State):
    """An OpenSpiel state over one cardtable state (see the module text)."""

    def __init__(self, game: CardtableGame, seed: int, state: Any = None) -> None:
        super().__init__(game)
        self._box = _Box(game.cardtable, seed, state, game.returned_deals)

    # --- what OpenSpiel reads ------------------------------------------------------------------------
    @property
    def cardtable_game(self) -> Game[Any]:
        return self._box.game

    @property
    def cardtable_state(self) -> Any:
        """The engine's state (for tools; changing it bypasses the history OpenSpiel keeps)."""
        return self._box.get()

    def current_player(self) -> int:
        decision = self._box.game.decision(self._box.get())
        if decision is None:
            return pyspiel.PlayerId.TERMINAL
        return self._box.player_of_seat[decision.seat]

    def _legal_actions(self, player: int) -> list[int]:
        game = self._box.game
        return sorted(game.encode(a) for a in game.legal_actions(self._box.get()))

    def _apply_action(self, action: int) -> None:
        box = self._box
        game = box.game
        state = box.get()
        move = game.decode(action)
        decision = game.decision(state)
        assert decision is not None, "no action applies to a finished game"
        box.cache.clear()
        box.fresh = False
        for player, seat in enumerate(box.seats):
            text = game.describe(state, move, seat)
            if text is None:
                continue
            actor = (decision.seat - seat) % game.num_seats
            line = f"{game.seat_name(decision.seat)}: {text}"
            box.records[player] = _push(box.records[player], line, actor, action if text == str(move) else -1)
        game.apply(state, move)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._box.game.decode(action))

    def is_terminal(self) -> bool:
        return self._box.game.decision(self._box.get()) is None

    def returns(self) -> list[float]:
        seats = self._box.seats
        result = self._box.game.result(self._box.get())
        if result is None:
            return [0.0] * len(seats)
        return [float(result.scores[s]) for s in seats]

    def __str__(self) -> str:
        return self._box.game.to_json(self._box.get())

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> CardtableState:
        """A state `player` cannot tell from this one: the game's `determinize` for its seat, seeded
        from the sampler. Every player's record of past actions becomes `player`'s own (the others'
        private readings are not part of what it may know)."""
        seat = self._box.seats[player]
        seed = int(probability_sampler() * 2**53) if callable(probability_sampler) else 0
        sample = self.clone()
        box = sample._box
        rng = Rng(mix_seed(seed, _length(box.records[player])))
        box.state = box.game.determinize(self._box.get(), seat, rng)
        box.cache.clear()
        box.records = [box.records[player]] * len(box.records)
        return sample


class CardtableObserver:
    """OpenSpiel's Python observer: the seat's view as a string and as the game's encoding."""

    def __init__(self, game: CardtableGame, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.public_only = bool(
            iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        self.encoding = observation_encoding(game.cardtable)
        self.num_actions = game.num_distinct_actions()
        self.num_seats = game.cardtable.num_seats
        self.seats = game.seats
        size = self.encoding.size
        self.recent_width = self.num_seats + self.num_actions + 1
        if self.perfect_recall:
            size += RECENT * self.recent_width
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[: self.encoding.size]}
        if self.perfect_recall:
            self.dict["recent_actions"] = self.tensor[self.encoding.size :].reshape(RECENT, self.recent_width)

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else self.seats[max(player, 0)]

    def set_from(self, state: CardtableState, player: int) -> None:
        self.tensor[: self.encoding.size] = state._box.encoded(self._seat(player))
        if self.perfect_recall:
            recent = self.dict["recent_actions"]
            recent.fill(0.0)
            seen = _entries(state._box.records[max(player, 0)], RECENT)
            for row, (_, actor, action) in enumerate(seen):
                recent[row, actor] = 1.0
                recent[row, self.num_seats + (action if action >= 0 else self.num_actions)] = 1.0

    def string_from(self, state: CardtableState, player: int) -> str:
        text = state._box.text(self._seat(player))
        if not self.perfect_recall:
            return text
        lines = [line for line, _, _ in _entries(state._box.records[max(player, 0)])]
        return "\n".join([*lines, text])


class CardtableGame(pyspiel.Game):
    """One cardtable game as an OpenSpiel game; its parameters are the game's options and `rng_seed`."""

    cardtable_name = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        seed = int(params.pop("rng_seed", 0))
        self.cardtable = _cardtable_game(self.cardtable_name, params)
        self.seats = players_of(self.cardtable)
        self.player_of_seat = {seat: player for player, seat in enumerate(self.seats)}
        self._seed = seed
        self._deals = 0
        #: deals of initial states dropped unplayed, to be dealt again first
        self.returned_deals: list[tuple[int, Any, dict[Any, Any]]] = []
        kind = utility_kind(self.cardtable)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.cardtable.action_space()),
            max_chance_outcomes=0,
            num_players=len(self.seats),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if kind == "zero_sum" else None,
            max_game_length=int(getattr(self.cardtable, "max_actions", MAX_GAME_LENGTH)),
        )
        # the registered type, with this mode's utility and number of players
        game_type = _game_type(self.cardtable_name, [len(self.seats)], {kind})
        super().__init__(game_type, info, {**self.cardtable.options, "rng_seed": seed})

    def new_initial_state(self) -> CardtableState:
        """A new deal: seeds follow from `rng_seed` and how many deals this game has made. An initial
        state that was dropped without being played from or copied gives its deal back, and the next
        initial state gets it (OpenSpiel makes and drops one every time it asks a tensor's shape)."""
        if self.returned_deals:
            seed, state, cache = self.returned_deals.pop()
            fresh = CardtableState(self, seed, state)
            fresh._box.cache = cache
            return fresh
        self._deals += 1
        return CardtableState(self, mix_seed(self._seed, self._deals))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> CardtableObserver:
        return CardtableObserver(self, iig_obs_type, params)


def _game_type(name: str, players: list[int], kinds: set[str]) -> Any:
    cls = game_class(name)
    defaults = {spec.name: spec.default for spec in cls.option_specs}
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"cardtable {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # where modes differ, the registered type names the weakest true one; a loaded game, its own
        utility=_UTILITY[next(iter(kinds)) if len(kinds) == 1 else "general_sum"],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(players),
        min_num_players=min(players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**defaults, "rng_seed": 0},
    )


_REGISTERED: set[str] = set()


def register(name: str) -> str:
    """Register the cardtable game `name` with OpenSpiel (once); returns its OpenSpiel short name."""
    short = short_name(name)
    if name in _REGISTERED:
        return short
    cls = game_class(name)
    games = [make_game(name, dict(m.options)) for m in cls.modes] or [make_game(name)]
    game_type = _game_type(name, [len(players_of(g)) for g in games], {utility_kind(g) for g in games})
    subclass = type(f"Cardtable_{short}", (CardtableGame,), {"cardtable_name": name})
    pyspiel.register_game(game_type, subclass)
    _REGISTERED.add(name)
    return short


def register_all() -> list[str]:
    """Register every game of the registry; returns their OpenSpiel short names."""
    return [register(name) for name in game_names()]


register_all()
