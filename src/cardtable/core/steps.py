"""The step machine: a game's state holds a queue of typed steps, and one loop runs it for every game.

A step is a small msgspec Struct whose class declares its kind once (the tag, which is also the
`Decision.kind` of a choice), its own fields, and what it does. There are two sorts:

- an `Auto` step resolves itself: the loop takes it off the queue and calls `run`, which carries it
  out and may `push` the steps that follow (itself too, to carry on after them);
- a `Choice` step is the pending decision of its `seat`: `prompt` is the question, `legal` the
  actions, `apply` carries one out. A choice stays at the head of the queue until it calls
  `self.done(state)` (a seat that discards 3 cards is asked 3 times), and its `run` may resolve it
  without asking when the seat has no real choice (a fact every seat can see decides it).

`advance` runs the queue until a choice waits for its seat or the queue is empty: a game is over when
its queue is empty, so a step that ends the game clears it. `StepGame` is a `Game` whose `decision`,
`legal_actions`, `apply` and `decision_kinds` come from the queue.

The steps of a game form a family: a base class of its own, which its steps subclass (beside `Auto`
or `Choice`). Its state types the queue `Queue[Family]`, a list of any step of that family: a tagged
union to msgspec, so the state round-trips through JSON and msgpack with each step's fields.

A tiny game: two seats add 1 or 2 to a total in turn; the game ends when the total reaches 5.

>>> import msgspec
>>> from cardtable.core import act
>>> class CountStep(Step):  # the family: every step of this game subclasses it
...     pass
>>> class Add(CountStep, Choice, tag="add"):  # a decision of its seat
...     def prompt(self, game, state):
...         return f"add 1 or 2 to {state.total}"
...     def legal(self, game, state):
...         return [act("add", 1), act("add", 2)]
...     def apply(self, game, state, action):
...         state.total += action.args[0]
...         self.done(state)
...         push(state, NextTurn(1 - self.seat))
>>> class NextTurn(CountStep, Auto, tag="next-turn"):  # resolves itself
...     seat: int
...     def run(self, game, state):
...         if state.total < 5:  # else the queue stays empty: the game is over
...             push(state, Add(self.seat))
>>> class CountState(msgspec.Struct):
...     total: int = 0
...     steps: Queue[CountStep] = msgspec.field(default_factory=list)
>>> class Count(StepGame[CountState, CountStep]):
...     name, title = "count", "Count to 5"
...     def new_state(self, seed):
...         return CountState(steps=[Add(0)])
>>> game = Count()
>>> state = game.new_state(seed=1)
>>> game.decision(state)
Decision(seat=0, kind='add', prompt='Add 1 or 2 to 0')
>>> game.apply(state, "add 2")
>>> game.to_json(state)
'{"total":2,"steps":[{"type":"add","seat":1}]}'
>>> game.from_json(game.to_json(state)) == state
True
>>> game.apply(state, "add 2")
>>> game.apply(state, "add 1")
>>> game.decision(state) is None, state.total
(True, 5)
>>> game.decision_kinds()
('add',)
"""

# No `from __future__ import annotations` here: doctest would compile the example above with it, and
# the example's state would then look up its queue's family in this module instead of the example.
import operator
from collections.abc import Sequence
from functools import reduce
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

import msgspec

from .action import Action
from .decision import Decision
from .game import Game


class Stepped(Protocol):
    """A state run by the step machine: its queue of pending steps, the head first."""

    @property
    def steps(self) -> list[Any]: ...


class StepMeta(msgspec.StructMeta):
    """Gives each concrete step class its kind, its tag, as a plain class attribute (`Reveal.kind`), and
    notes whether a choice class defines `run` (the loop calls only those)."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **config: Any) -> Any:
        cls: Any = super().__new__(mcls, name, bases, namespace, **config)
        tag = cls.__struct_config__.tag
        if isinstance(tag, str):
            cls.kind = tag
        if "run" in namespace and "may_resolve" not in namespace:
            cls.may_resolve = True
        return cls


class Step(msgspec.Struct, metaclass=StepMeta, tag=False, gc=False):
    """Any step. A concrete step class gives its kind as its tag (`class Reveal(..., tag="reveal")`);
    a class without a tag is a base (a family, or the shared part of several kinds)."""

    #: the step's kind, its tag (for a choice, the `Decision.kind`); concrete classes only
    kind: ClassVar[str]
    #: whether the step is a decision of its seat (`Choice`) or resolves itself (`Auto`)
    asks: ClassVar[bool] = False
    #: whether a choice may resolve itself (its class defines `run`; set by `StepMeta`)
    may_resolve: ClassVar[bool] = False


class Auto(Step):
    """A step that resolves itself: the loop takes it off the queue, then calls `run`."""

    def run(self, game: Any, state: Any) -> None:
        """Carry the step out; `push` what follows (the step itself, to resume after other steps)."""
        raise TypeError(f"step {self.kind} defines no run")


class Choice(Step):
    """A step that is the decision of `seat`; it stays at the head of the queue until it is `done`."""

    asks: ClassVar[bool] = True
    may_resolve: ClassVar[bool] = False
    #: the question, when it is always the same: what `prompt` says unless the step says otherwise
    question: ClassVar[str]
    seat: int

    def run(self, game: Any, state: Any) -> bool:
        """Resolve the step without asking, when the seat has no real choice: True if it did (or made
        progress: the loop then looks at the head again), False to ask the seat. Never asks by default."""
        return False

    def done_if(self, state: Stepped, nothing_to_ask: object) -> bool:
        """For a `run`: when `nothing_to_ask` holds, the step is done without asking (True); else False,
        to ask the seat."""
        if nothing_to_ask:
            self.done(state)
            return True
        return False

    def prompt(self, game: Any, state: Any) -> str:
        """The question the seat reads (public: the same for every viewer); the decision opens it with a
        capital, as the sentence a person reads. By default: `question`."""
        question: str | None = getattr(self, "question", None)
        if question is None:
            raise TypeError(f"step {self.kind} defines no prompt")
        return question

    def legal(self, game: Any, state: Any) -> list[Action]:
        """The legal actions, in a stable order."""
        raise TypeError(f"step {self.kind} defines no legal actions")

    def apply(self, game: Any, state: Any, action: Action) -> None:
        """Carry out a legal action (call `done` when the step is over)."""
        raise TypeError(f"step {self.kind} defines no apply")

    def done(self, state: Stepped, *then: Step) -> None:
        """Take this step off the queue (wherever it is: it may have pushed steps in front of it); `then`
        takes its place (as `push` would put them at the head of the queue once it is off)."""
        steps = state.steps
        if steps and steps[0] is self:
            steps[0:1] = then
            return
        if then:
            raise ValueError(f"step {self.kind} is not at the head of the queue: nothing can take its place")
        for at, step in enumerate(steps):
            if step is self:
                del steps[at]
                return
        raise ValueError(f"step {self.kind} is not in the queue")


class OneOf(Choice):
    """A choice of one of a list, `choices`: each is the action `verb choice` (the verb is the step's kind
    unless it says otherwise), and `chosen` carries it out. `take_only` serves a `run` that takes the only
    choice without asking."""

    verb: ClassVar[str | None] = None

    def choices(self, game: Any, state: Any) -> Sequence[str | int]:
        """What the seat may choose, in a stable order."""
        raise TypeError(f"step {self.kind} defines no choices")

    def chosen(self, game: Any, state: Any, choice: str) -> None:
        """Carry out the choice (as text: the action's argument); call `done` when the step is over."""
        raise TypeError(f"step {self.kind} defines no chosen")

    def legal(self, game: Any, state: Any) -> list[Action]:
        verb = self.verb or self.kind
        return [Action(verb, (choice,)) for choice in self.choices(game, state)]

    def apply(self, game: Any, state: Any, action: Action) -> None:
        self.chosen(game, state, str(action.args[0]))

    def take_only(self, game: Any, state: Any) -> bool:
        """For a `run`: with no choice the step is done, with one it is taken: True if so, False to ask."""
        choices = self.choices(game, state)
        if len(choices) > 1:
            return False
        if choices:
            self.chosen(game, state, str(choices[0]))
        else:
            self.done(state)
        return True


def push(state: Stepped, *steps: Step) -> None:
    """Put `steps` at the head of the queue, in the order given (the first runs next)."""
    state.steps[:0] = steps


def advance(game: Any, state: Stepped) -> None:
    """Run the queue until a choice waits for its seat or the queue is empty (the game is over).

    `game` is what every step method receives first (`StepGame.step_context`)."""
    steps = state.steps
    while steps:
        step = steps[0]
        if not step.asks:
            del steps[0]
            step.run(game, state)
        elif not (step.may_resolve and step.run(game, state)):
            return


def step_kinds(family: type[Step]) -> dict[str, type[Step]]:
    """Every concrete step class of `family` (each subclass with a tag), by kind, sorted by kind.

    A class that inherits its tag from another concrete class would make two classes of one kind:
    TypeError (give it a tag of its own)."""
    found: dict[str, type[Step]] = {}
    todo = [family]
    while todo:
        cls = todo.pop()
        tag = cls.__struct_config__.tag
        if isinstance(tag, str):
            other = found.setdefault(tag, cls)
            if other is not cls:
                raise TypeError(f"{other.__name__} and {cls.__name__} are both steps of kind {tag!r}")
        todo += cls.__subclasses__()
    return dict(sorted(found.items()))


F = TypeVar("F", bound=Step)
if TYPE_CHECKING:
    #: a state's queue of steps of family F, the head first
    Queue = list[F]
else:

    class Queue:
        """`Queue[Family]`: the type of a state's queue, a list of any concrete step of `Family`.

        For msgspec it is a list of the tagged union of the family's step classes, worked out when
        msgspec first reads the state's fields (its first decoder: a `Game` makes one on creation).
        In a state module with `from __future__ import annotations` (ours all have it) the steps may
        therefore live in modules above the state's, as long as the game imports them; without it,
        they must be defined before the state. For a type checker it is `list[Family]`.
        """

        def __class_getitem__(cls, family: type[Step]) -> Any:
            kinds = tuple(step_kinds(family).values())
            if not kinds:
                raise TypeError(f"{family.__name__} has no step classes yet: define them before the state")
            return list[reduce(operator.or_, kinds)]


S = TypeVar("S", bound=Stepped)


class StepGame(Game[S], Generic[S, F]):
    """A Game run by the step machine: `decision`, `legal_actions` and `apply` read the head of the
    state's queue, `decision_kinds` the game's step classes.

    A subclass names its state type and its family of steps as type arguments,
    `class Count(StepGame[CountState, CountStep])` (they set `state_type` and `step_type`), and writes
    `new_state` (which sets up the queue; `advance` runs it to the first decision); `step_context` names what
    every step method receives first (the game itself unless it says otherwise: Race for the Galaxy passes its
    card catalog).
    """

    step_type: ClassVar[type[Step]]
    type_arguments: ClassVar[tuple[str, ...]] = ("state_type", "step_type")

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._context = self.step_context()

    def step_context(self) -> Any:
        """What every step method receives as its first argument."""
        return self

    def advance(self, state: S) -> None:
        """Run the steps that resolve themselves (see `advance`)."""
        advance(self._context, state)

    def decision(self, state: S) -> Decision | None:
        steps = state.steps
        if not steps:
            return None
        step = steps[0]
        prompt = step.prompt(self._context, state)
        return Decision(step.seat, step.kind, prompt[:1].upper() + prompt[1:])

    def legal_actions(self, state: S) -> list[Action]:
        steps = state.steps
        return steps[0].legal(self._context, state) if steps else []

    def _apply(self, state: S, action: Action) -> None:
        context = self._context
        state.steps[0].apply(context, state, action)
        advance(context, state)

    def decision_kinds(self) -> tuple[str, ...]:
        """The kinds of the game's choices, sorted: the tags of its `Choice` step classes."""
        return tuple(kind for kind, cls in step_kinds(self.step_type).items() if cls.asks)

    def step_kinds(self) -> tuple[str, ...]:
        """The kinds of all the game's steps, choices and the others, sorted (a view that shows the
        steps still to come names them by these)."""
        return tuple(step_kinds(self.step_type))


__all__ = ["Auto", "Choice", "OneOf", "Queue", "Step", "StepGame", "Stepped", "advance", "push", "step_kinds"]
