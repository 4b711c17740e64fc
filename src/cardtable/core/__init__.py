"""The game-agnostic core: every game is a deterministic state machine with explicit decisions."""

from .action import Action, act
from .decision import Decision, Result
from .errors import BadOption, BadRecord, CardDataError, CardtableError, IllegalAction, UnknownGame
from .facts import Mode, OptionSpec
from .game import (
    Chooser,
    Evaluator,
    Game,
    Observation,
    Parts,
    QuietTest,
    RulesOfThumb,
    SplitViews,
    game_class,
    game_names,
    make_game,
    parse_options,
    register,
    two_player_utility,
)
from .lines import Line, Said, as_line, sentence, sentences, text_of, texts
from .match import Match
from .narrate import Narrator, Told, forced_action, new_lines
from .record import Move, Record
from .replay import replay
from .rng import Rng, mix_seed
from .seats import SEAT_LETTERS, named, plain, seat_letter, seat_mark
from .steps import Auto, Choice, OneOf, Queue, Step, StepGame, push
from .undo import CannotTakeBack, TakeBack

__all__ = [
    "SEAT_LETTERS",
    "Action",
    "Auto",
    "BadOption",
    "BadRecord",
    "CannotTakeBack",
    "CardDataError",
    "CardtableError",
    "Choice",
    "Chooser",
    "Decision",
    "Evaluator",
    "Game",
    "IllegalAction",
    "Line",
    "Match",
    "Mode",
    "Move",
    "Narrator",
    "Observation",
    "OneOf",
    "OptionSpec",
    "Parts",
    "Queue",
    "QuietTest",
    "Record",
    "Result",
    "Rng",
    "RulesOfThumb",
    "Said",
    "SplitViews",
    "Step",
    "StepGame",
    "TakeBack",
    "Told",
    "UnknownGame",
    "act",
    "as_line",
    "forced_action",
    "game_class",
    "game_names",
    "make_game",
    "mix_seed",
    "named",
    "new_lines",
    "parse_options",
    "plain",
    "push",
    "register",
    "replay",
    "seat_letter",
    "seat_mark",
    "sentence",
    "sentences",
    "text_of",
    "texts",
    "two_player_utility",
]
