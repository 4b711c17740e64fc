"""Biosphere 5, basic game (rulebook sections 1-2.5), as a state machine with explicit decisions.

A turn is two moves (2.1). The first decision of a move chooses and announces its option; whatever
the option sets in motion (taking cards, a catastrophe hitting every player in turn, an Espionage)
becomes a queue of tasks (`State.tasks`). Automatic tasks run at once; a task that needs a choice
becomes the pending decision of the seat concerned — out-of-turn reactions included.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from cardtable.core import Action, BadOption, Decision, Game, Mode, OptionSpec, Result, Rng, register

from . import faces
from . import queries as q
from .cards import LOWER, UPPER, CardSet, default_cards
from .state import Board, State, Task
from .view import determinize_state, render_view, view_state, views_of_state

HAND_LIMIT = 8  # 2.1
CATASTROPHE_COST = {"": 4, "makeshift": 2, "perfect": 0}  # 2.3.3; see RULES.md "protection"
BIOSPHERE_DISCARD = 5  # 2.2
MAX_EVENTS = 30
#: decisions whose options follow from public facts alone (face-up cards, achievements, seats, tiers):
#: when such a decision has a single option the engine carries it out, for all to see. The options of
#: the other decisions come from a hand or a draw pile, so whether there is one or several is hidden:
#: those stay pending decisions even with a single option (2.1 "show them to nobody else").
PUBLIC_CHOICES = frozenset({"take", "sacrifice", "target", "destroy", "first"})


@register
class Biosphere5(Game[State]):
    name = "biosphere5"
    title = "Biosphere 5"
    state_type = State
    option_specs = (
        OptionSpec("players", 2, "number of players; 4 is the team game (2.5)", (2, 3, 4)),
        OptionSpec("abyss", False, "play with the extension The Abyss (3)"),
        OptionSpec("solo", "none", "solo game: 'machine' is Man against Machine (4)", ("none", "machine")),
        OptionSpec("level", 2, "the Machine's starting hand-card level (4.1), 0-8", tuple(range(9))),
    )
    modes = (
        Mode("2 players", {"players": 2}, "the basic game (1-2.4)"),
        Mode("3 players", {"players": 3}, "everyone for themselves; attacks only to the left (2.5)"),
        Mode("4 players", {"players": 4}, "two teams of two: A and C against B and D (2.5)"),
        Mode("abyss 2 players", {"players": 2, "abyss": True}, "The Abyss: doom and leaders (3)"),
        Mode("abyss 3 players", {"players": 3, "abyss": True}, "The Abyss with three players (3, 2.5)"),
        Mode("abyss 4 players", {"players": 4, "abyss": True}, "The Abyss, two teams of two (3, 2.5)"),
        Mode("solo vs Machine", {"solo": "machine"}, "Man against Machine, starting level 2 (4)"),
    )

    def __new__(cls, **options: Any) -> Biosphere5:
        """Biosphere5(...) builds the variant the options ask for (The Abyss, the Machine)."""
        if cls is Biosphere5:
            cls = _variant_class(options)
        return super().__new__(cls)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.cards: CardSet = default_cards()
        self.deck: tuple[int, ...] = self.cards.basic_deck

    @property
    def num_seats(self) -> int:
        return int(self.options["players"])

    @property
    def max_actions(self) -> int:  # RULES.md "Game length": a random game passes it with a chance below 1e-9
        bounds = {2: 1100, 3: 960, 4: 1200} if self.options["abyss"] else {2: 3900, 3: 4100, 4: 4400}
        return 240 if self.options["solo"] == "machine" else bounds[self.num_seats]

    def validate_options(self) -> None:
        solo = self.options["solo"] != "none"
        if solo and (self.options["players"] != 2 or self.options["abyss"]):
            raise BadOption("solo=machine is one person against the Machine: no players or abyss option")
        if not solo and self.options["level"] != 2:
            raise BadOption("option level is the Machine's starting level; it needs solo=machine")

    def moves_per_turn(self, state: State) -> int:
        """Two moves a turn (2.1); The Abyss's third move marker may add one (3.5.2/3.5.3)."""
        return 2

    # --- set-up (1.4, 2.5) ---------------------------------------------------------------------
    def new_state(self, seed: int) -> State:
        rng = Rng(seed)
        boards = []
        for _ in range(self.num_seats):
            pile = list(self.deck)
            rng.shuffle(pile)
            faceup = [pile.pop() for _ in range(3)]
            red = sum(self.cards.cards[c].red for c in faceup)
            boards.append(Board(pile=pile, faceup=faceup, red=red))
        state = State(boards=boards, order=[], rng=rng)
        reds = ", ".join(f"{self.seat_name(s)} {b.red}" for s, b in enumerate(boards))
        self._event(state, f"red cards face up: {reds}")
        if self.num_seats == 4:
            self._start_team_game(state)
        else:
            # fewer red cards starts; ties go to the youngest, seated first (RULES.md 1.4)
            state.order = sorted(range(self.num_seats), key=lambda s: (boards[s].red, s))
            self._event(state, f"{self.seat_name(state.order[0])} starts")
        self._advance(state)
        return state

    def _start_team_game(self, state: State) -> None:
        team_red = [sum(b.red for s, b in enumerate(state.boards) if s % 2 == t) for t in (0, 1)]
        first_team = 0 if team_red[0] <= team_red[1] else 1
        self._event(state, f"team {self.team_name(first_team)} has fewer red cards and starts")
        state.tasks = [Task("first", first_team, tag="start"), Task("first", 1 - first_team, tag="follow")]

    def team_name(self, team: int) -> str:
        return "A+C" if team == 0 else "B+D"

    # --- the pending decision ------------------------------------------------------------------
    def decision(self, state: State) -> Decision | None:
        if state.over:
            return None
        if not state.tasks:
            seat = q.current_seat(state)
            return Decision(seat, "move", f"choose move {state.move + 1} of {self.moves_per_turn(state)}")
        task = state.tasks[0]
        return Decision(task.seat, task.kind, self._prompt(state, task))

    def _prompt(self, state: State, task: Task) -> str:
        name = self.seat_name
        kind = task.kind
        if kind == "first":
            return f"choose who of team {self.team_name(task.seat % 2)} plays first"
        if kind in ("take", "discard"):
            return f"{kind} a card ({task.count} to go, {task.tag})"
        if kind == "sacrifice":
            return f"sacrifice an achievement ({task.count} to go, {task.tag})"
        if kind == "respond":
            disaster = self._catastrophe_name(task.tag)
            return f"answer {disaster}: discard a matching rescue card, or endure it (discard {task.count})"
        if kind == "rescue":
            return f"discard the rescue card played with {self._catastrophe_name(task.tag)}"
        if kind == "target":
            return f"choose the target of {task.tag}"
        if kind == "force":
            return f"choose the card {name(task.other)} must discard (Espionage)"
        if kind == "destroy":
            return f"choose the achievement of {name(task.other)} to destroy (Attack)"
        return kind

    def _catastrophe_name(self, category: str) -> str:
        return self.cards.categories[category].catastrophe

    # --- legal actions -------------------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        if state.over:
            return []
        if not state.tasks:
            return self._move_actions(state, q.current_seat(state))
        task = state.tasks[0]
        return self._task_actions(state, task)

    def _move_actions(self, state: State, seat: int) -> list[Action]:
        board = state.boards[seat]
        actions = self._take_actions(board)
        if len(board.faceup) + len(board.pile) + len(board.discard) >= 2:
            actions.append(Action("take2"))
        if board.faceup:
            actions.append(Action("refresh"))
        for card in sorted(set(board.hand)):
            for side in (UPPER, LOWER):
                if self.can_play(state, seat, card, side):
                    actions.append(Action("play", (self.cards.key(card), side)))
        return actions

    def _take_actions(self, board: Board) -> list[Action]:
        actions = [Action("take", (self.cards.key(c),)) for c in _unique(board.faceup)]
        if board.pile or board.discard:
            actions.append(Action("take", ("pile",)))
        return actions

    def _task_actions(self, state: State, task: Task) -> list[Action]:
        board = state.boards[task.seat]
        key = self.cards.key
        kind = task.kind
        if kind == "take":
            return self._take_actions(board)
        if kind == "discard":
            return [Action("discard", (key(c),)) for c in sorted(set(board.hand))]
        if kind == "sacrifice":
            return [Action("sacrifice", (key(c),)) for c in sorted(board.achievements)]
        if kind in ("respond", "rescue"):
            actions = [Action("rescue", (key(c),)) for c in q.rescue_cards(self.cards, board, task.tag)]
            return [*actions, Action("endure")] if kind == "respond" else actions
        if kind == "target":
            return [Action("target", (s,)) for s in self._targets(state, task.seat, task.tag)]
        if kind == "force":
            return [Action("force", (key(c),)) for c in sorted(set(state.boards[task.other].hand))]
        if kind == "destroy":
            return [Action("destroy", (key(c),)) for c in sorted(state.boards[task.other].achievements)]
        if kind == "first":
            return [Action("first", (s,)) for s in range(4) if s % 2 == task.seat % 2]
        raise AssertionError(f"no decision for task {kind}")

    # --- what may be played (2.1 option 4, 2.3) ------------------------------------------------
    def can_play(self, state: State, seat: int, card: int, side: str) -> bool:
        board = state.boards[seat]
        option = self.cards.option(card, side)
        if not q.level_open(self.cards, board, option.level):
            return False
        kind = option.kind
        if kind == "achievement":
            return not state.achieved_this_turn and option.category not in q.achievement_categories(
                self.cards, board
            )
        if kind == "catastrophe":
            if q.protection(self.cards, board, option.category):
                return True
            others = list(board.hand)
            others.remove(card)
            return any(
                self.cards.cards[c].upper.kind == "rescue"
                and option.category in self.cards.cards[c].upper.protects
                for c in others
            )
        if kind == "new-hope":
            return True
        if kind in ("espionage", "sabotage", "attack"):
            return bool(self._targets(state, seat, kind))
        if kind == "biosphere":
            return not state.achieved_this_turn and len(board.hand) - 1 >= BIOSPHERE_DISCARD
        return False  # rescue cards are discarded in response, never played as a move (2.3.2)

    def _targets(self, state: State, seat: int, effect: str) -> list[int]:
        seats = q.opponents(state, seat)
        if effect == "attack":
            return [s for s in seats if state.boards[s].achievements]
        return seats

    # --- applying ------------------------------------------------------------------------------
    def _apply(self, state: State, action: Action) -> None:
        if not state.tasks:
            self._start_move(state, q.current_seat(state), action)
        else:
            task = state.tasks[0]
            self._task_handlers[task.kind](self, state, task, action)
        self._advance(state)

    def _start_move(self, state: State, seat: int, action: Action) -> None:
        board = state.boards[seat]
        name = self.seat_name(seat)
        state.tasks.append(Task("end-move", seat))
        verb = action.verb
        if verb == "take":
            state.markers.append("take")
            self._take(state, seat, str(action.args[0]))
        elif verb == "take2":
            state.markers.append("take2")
            self._event(state, f"{name} takes two cards and will discard two")
            state.tasks[:0] = [
                Task("take", seat, 2, tag="take two"),
                Task("discard", seat, 2, tag="take two"),
            ]
        elif verb == "refresh":
            state.markers.append("refresh")
            old = [self.cards.name(c) for c in board.faceup]
            board.discard.extend(board.faceup)
            board.faceup.clear()
            self._refill(state, seat)
            self._event(state, f"{name} discards the face-up cards {', '.join(old)}")
        else:
            state.markers.append("play")
            self._play(state, seat, self.cards.index[str(action.args[0])], str(action.args[1]))

    def _take(self, state: State, seat: int, what: str) -> None:
        board = state.boards[seat]
        if what == "pile":
            board.hand.append(self._draw_top(state, seat))
            self._event(state, f"{self.seat_name(seat)} takes a card from the draw pile")
        else:
            card = self.cards.index[what]
            board.faceup.remove(card)
            board.hand.append(card)
            self._event(state, f"{self.seat_name(seat)} takes {self.cards.name(card)} from the face-up cards")

    def _play(self, state: State, seat: int, card: int, side: str) -> None:
        board = state.boards[seat]
        option = self.cards.option(card, side)
        board.hand.remove(card)
        name = self.seat_name(seat)
        label = f"{self.cards.name(card)} ({side}: {option.kind.replace('-', ' ')})"
        if option.kind == "achievement":
            board.achievements.append(card)
            state.achieved_this_turn = True
            self._event(state, f"{name} builds {self.cards.name(card)} ({option.quality} {option.category})")
            return
        board.discard.append(card)
        self._event(state, f"{name} plays {label}")
        self._play_effect(state, seat, card, option.kind, option.category)

    def _play_effect(self, state: State, seat: int, card: int, kind: str, category: str) -> None:
        board = state.boards[seat]
        if kind == "biosphere":
            board.discard.extend(board.hand[:BIOSPHERE_DISCARD])
            del board.hand[:BIOSPHERE_DISCARD]
            self._finish(state, [seat], "built Biosphere 5")
        elif kind == "new-hope":
            available = len(board.faceup) + len(board.pile) + len(board.discard)
            if available:
                state.tasks.insert(0, Task("take", seat, min(3, available), tag="New Hope"))
        elif kind == "catastrophe":
            hits = [Task("hit", s, card=card, other=seat, tag=category) for s in q.seats_after(state, seat)]
            if not q.protection(self.cards, board, category):
                # 2.3.3 fig. 9: without protection, a rescue card is discarded with the catastrophe
                hits.insert(0, Task("rescue", seat, card=card, other=seat, tag=category))
            state.tasks[:0] = hits
        elif kind in ("espionage", "sabotage", "attack"):
            state.tasks.insert(0, Task("target", seat, tag=kind))
        else:
            raise AssertionError(f"{kind} has no effect in this game")

    # --- task handlers: decisions ----------------------------------------------------------------
    def _on_take(self, state: State, task: Task, action: Action) -> None:
        self._take(state, task.seat, str(action.args[0]))
        self._count_down(state, task)

    def _on_discard(self, state: State, task: Task, action: Action) -> None:
        card = self.cards.index[str(action.args[0])]
        self._discard_from_hand(state, task.seat, card)
        self._count_down(state, task)

    def _on_sacrifice(self, state: State, task: Task, action: Action) -> None:
        self._destroy(state, task.seat, self.cards.index[str(action.args[0])], "sacrifices")
        self._count_down(state, task)

    def _on_respond(self, state: State, task: Task, action: Action) -> None:
        state.tasks.pop(0)
        disaster = self._catastrophe_name(task.tag)
        if action.verb == "rescue":
            card = self.cards.index[str(action.args[0])]
            self._discard_from_hand(state, task.seat, card, verb="discards the rescue card")
        else:
            self._event(
                state, f"{self.seat_name(task.seat)} endures {disaster}: {task.count} cards to discard"
            )
            state.tasks.insert(0, Task("discard", task.seat, task.count, tag=disaster))

    def _on_rescue(self, state: State, task: Task, action: Action) -> None:
        state.tasks.pop(0)
        card = self.cards.index[str(action.args[0])]
        self._discard_from_hand(
            state, task.seat, card, verb="discards, with the catastrophe, the rescue card"
        )

    def _on_target(self, state: State, task: Task, action: Action) -> None:
        state.tasks.pop(0)
        target = int(action.args[0])
        self._event(state, f"{self.seat_name(task.seat)} directs {task.tag} against {self.seat_name(target)}")
        self._resolve_against(state, task.seat, target, task.tag)

    def _resolve_against(self, state: State, seat: int, target: int, effect: str) -> None:
        if effect == "espionage":
            if state.boards[target].hand:
                state.tasks.insert(0, Task("force", seat, other=target))
            else:
                state.tasks.insert(0, Task("sacrifice", target, 1, tag="Espionage on an empty hand"))
        elif effect == "sabotage":
            self._sabotage(state, target)
        else:
            state.tasks.insert(0, Task("destroy", seat, other=target))

    def _on_force(self, state: State, task: Task, action: Action) -> None:
        state.tasks.pop(0)
        card = self.cards.index[str(action.args[0])]
        self._discard_from_hand(state, task.other, card, verb="must discard")

    def _on_destroy(self, state: State, task: Task, action: Action) -> None:
        state.tasks.pop(0)
        self._destroy(state, task.other, self.cards.index[str(action.args[0])], "loses")

    def _on_first(self, state: State, task: Task, action: Action) -> None:
        state.tasks.pop(0)
        first = int(action.args[0])
        partner = (first + 2) % 4
        if task.tag == "start":
            state.order = [first, partner]
        else:
            state.order = [state.order[0], first, partner, state.order[1]]
            names = ", ".join(self.seat_name(s) for s in state.order)
            self._event(state, f"turn order: {names}")

    _task_handlers: ClassVar[dict[str, Callable[[Biosphere5, State, Task, Action], None]]] = {
        "take": _on_take,
        "discard": _on_discard,
        "sacrifice": _on_sacrifice,
        "respond": _on_respond,
        "rescue": _on_rescue,
        "target": _on_target,
        "force": _on_force,
        "destroy": _on_destroy,
        "first": _on_first,
    }

    def _count_down(self, state: State, task: Task) -> None:
        task.count -= 1
        if task.count <= 0 and state.tasks and state.tasks[0] is task:
            state.tasks.pop(0)

    # --- task handlers: automatic ----------------------------------------------------------------
    def _advance(self, state: State) -> None:
        """Run automatic steps until a decision is pending or the game is over."""
        while not state.over:
            if not state.tasks:
                return
            task = state.tasks[0]
            auto = self._auto_handlers.get(task.kind)
            if auto is not None:
                state.tasks.pop(0)
                auto(self, state, task)
                continue
            if self._resolve_forced(state, task):
                continue
            legal = self._task_actions(state, task)
            if not legal:  # e.g. nothing left to take: the step lapses
                state.tasks.pop(0)
                continue
            if len(legal) == 1 and self._single_is_public(state, task):
                self._task_handlers[task.kind](self, state, task, legal[0])  # no choice, for all to see
                continue
            return

    def _single_is_public(self, state: State, task: Task) -> bool:
        """Whether everyone can tell that this step has a single option (then it needs no decision).

        Decisions of PUBLIC_CHOICES offer only publicly known options. The others choose among cards
        of a hidden hand or draw pile: only a hand (or pile) of one card makes their single option a
        public fact; otherwise the seat is asked even with one option, so that nobody learns from the
        question whether it holds a choice (a rescue card, two different cards).
        """
        if task.kind in PUBLIC_CHOICES:
            return True
        board = state.boards[task.seat]
        if task.kind == "force":
            return len(state.boards[task.other].hand) == 1
        if task.kind == "respond":
            return not board.hand
        if task.kind in ("discard", "rescue"):
            return len(board.hand) == 1
        return False

    def _resolve_forced(self, state: State, task: Task) -> bool:
        """Discarding or sacrificing everything there is needs no choice (2.4); returns True if done."""
        board = state.boards[task.seat]
        if task.kind == "discard" and len(board.hand) <= task.count:
            state.tasks.pop(0)
            missing = task.count - len(board.hand)
            for card in list(board.hand):
                self._discard_from_hand(state, task.seat, card)
            if missing:
                state.tasks.insert(0, Task("sacrifice", task.seat, missing, tag="cards missing"))
            return True
        if task.kind == "sacrifice" and len(board.achievements) <= task.count:
            state.tasks.pop(0)
            missing = task.count - len(board.achievements)
            for card in list(board.achievements):
                self._destroy(state, task.seat, card, "sacrifices")
            if missing:
                self.on_achievements_missing(state, task.seat, missing)
            return True
        return False

    def on_achievements_missing(self, state: State, seat: int, missing: int) -> None:
        """Too few achievements to compensate: the player is out of the game (2.4, 2.2)."""
        self._drop_out(state, seat)

    def _auto_end_move(self, state: State, task: Task) -> None:
        self._refill(state, task.seat)
        state.move += 1
        if state.move < self.moves_per_turn(state):
            return
        board = state.boards[task.seat]
        state.tasks.insert(0, Task("end-turn", task.seat))
        if len(board.hand) > HAND_LIMIT:
            state.tasks.insert(0, Task("discard", task.seat, len(board.hand) - HAND_LIMIT, tag="hand limit"))

    def _auto_end_turn(self, state: State, task: Task) -> None:
        self._next_turn(state)

    def _auto_hit(self, state: State, task: Task) -> None:
        """A catastrophe reaches one player (2.3.3): protected, rescued, or cards discarded."""
        seat, category = task.seat, task.tag
        board = state.boards[seat]
        quality = q.protection(self.cards, board, category)
        disaster = self._catastrophe_name(category)
        if quality == "perfect":
            self._event(state, f"{self.seat_name(seat)} is protected from {disaster}")
            return
        if seat == task.other and not quality:
            # its player discarded a rescue card with it (2.3.3 fig. 9): "and he always will" be last
            self._event(
                state, f"{self.seat_name(seat)} is rescued from {disaster} by the card discarded with it"
            )
            return
        cost = CATASTROPHE_COST[quality]
        # 2.1 "show them to nobody else": every player reached is asked the same, rescue card or not
        state.tasks.insert(0, Task("respond", seat, cost, card=task.card, other=task.other, tag=category))

    _auto_handlers: ClassVar[dict[str, Callable[[Biosphere5, State, Task], None]]] = {
        "end-move": _auto_end_move,
        "end-turn": _auto_end_turn,
        "hit": _auto_hit,
    }

    # --- card movements ----------------------------------------------------------------------------
    def _draw_top(self, state: State, seat: int) -> int:
        board = state.boards[seat]
        if not board.pile:
            self._reshuffle(state, seat)  # it ran out while the discard pile was empty
        card = board.pile.pop()
        if not board.pile:
            self.pile_ran_out(state, seat)
        return card

    def pile_ran_out(self, state: State, seat: int) -> None:
        """The last card of a draw pile has just been taken, by whatever means (a draw, The Trap).

        2.1 "If the draw pile runs out of cards, reshuffle the discard pile and create a new draw pile
        immediately": at once, before anything else happens; then the variants' consequences (3.2 (1)).
        """
        self._reshuffle(state, seat)
        self.on_pile_empty(state, seat)

    def _reshuffle(self, state: State, seat: int) -> None:
        board = state.boards[seat]
        if not board.discard:
            return
        board.pile = board.discard
        board.discard = []
        state.rng.shuffle(board.pile)
        self._event(state, f"{self.seat_name(seat)} reshuffles the discard pile into a new draw pile")

    def on_pile_empty(self, state: State, seat: int) -> None:
        """Hook for variants that react to a draw pile running out (The Abyss, 3.2 (1))."""

    def _refill(self, state: State, seat: int) -> None:
        board = state.boards[seat]
        while len(board.faceup) < 3 and (board.pile or board.discard):
            board.faceup.append(self._draw_top(state, seat))

    def _discard_from_hand(self, state: State, seat: int, card: int, verb: str = "discards") -> None:
        board = state.boards[seat]
        board.hand.remove(card)
        board.discard.append(card)
        self._event(state, f"{self.seat_name(seat)} {verb} {self.cards.name(card)}")

    def _destroy(self, state: State, seat: int, card: int, verb: str) -> None:
        board = state.boards[seat]
        board.achievements.remove(card)
        board.discard.append(card)
        self._event(state, f"{self.seat_name(seat)} {verb} the achievement {self.cards.name(card)}")

    def _sabotage(self, state: State, target: int) -> None:
        board = state.boards[target]
        picks = state.rng.sample(range(len(board.hand)), min(3, len(board.hand)))
        cards = [board.hand[i] for i in picks]
        for card in cards:
            self._discard_from_hand(state, target, card, verb="loses to Sabotage")
        if len(cards) < 3:
            state.tasks.insert(0, Task("sacrifice", target, 3 - len(cards), tag="Sabotage"))

    # --- turns, drop-outs and the end (2.2, 2.5) ----------------------------------------------------
    def _next_turn(self, state: State) -> None:
        for _ in range(len(state.order)):
            state.turn = (state.turn + 1) % len(state.order)
            if not state.boards[q.current_seat(state)].out:
                break
        state.move = 0
        state.markers = []
        state.achieved_this_turn = False

    def _drop_out(self, state: State, seat: int) -> None:
        state.boards[seat].out = True
        self._event(state, f"{self.seat_name(seat)} drops out of the game")
        state.tasks = [
            t
            for t in state.tasks
            if t.seat != seat and not (t.other == seat and t.kind in ("force", "destroy"))
        ]
        sides = {q.team_of(state, s) for s in q.active_seats(state)}
        if len(sides) <= 1:
            self._last_side_standing(state)
        elif seat == q.current_seat(state):
            state.tasks = [Task("end-turn", seat)]  # the rest of this player's turn is void

    def _last_side_standing(self, state: State) -> None:
        remaining = q.active_seats(state)
        current_side = q.team_of(state, q.current_seat(state))
        if current_side not in {q.team_of(state, s) for s in remaining}:
            self._finish(state, remaining, "the others dropped out in their own turn")
            return
        if any(self.cards.biosphere in state.boards[s].hand for s in remaining):
            self._finish(state, remaining, "the others dropped out; the Biosphere 5 card is in hand")
        else:
            self._finish(state, [], "the last opponent dropped out; no Biosphere 5 card in hand")

    def _finish(self, state: State, winners: list[int], reason: str) -> None:
        if winners and self.num_seats == 4:
            team = q.team_of(state, winners[0])
            winners = [s for s in range(4) if s % 2 == team]
        state.winners = sorted(winners)
        state.over = True
        state.reason = reason
        state.tasks = []
        self._event(state, reason)

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        if not state.winners:
            return Result((), tuple(0.0 for _ in state.boards), state.reason, draw=True)
        scores = tuple(1.0 if s in state.winners else -1.0 for s in range(len(state.boards)))
        return Result(tuple(state.winners), scores, state.reason)

    def _event(self, state: State, text: str) -> None:
        state.events.append(text)
        if len(state.events) > MAX_EVENTS:
            del state.events[0]

    # --- views, determinization, notation --------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_state(self, state, seat)

    def views(self, state: State, viewers: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
        return views_of_state(self, state, viewers)

    def narration(self, state: State, viewer: int | None) -> list[str]:
        """The public event lines (view key `events`): what the table sees, the same for every viewer."""
        return list(state.events)

    def reversible(self, before: State, action: Action, after: State) -> bool:
        """A move may be taken back (RULES.md "Taking back a move") when no die was rolled and no pile
        shuffled, no draw pile lost or gained a card (a draw or a refill shows a card), no other
        seat's hand changed, no card left the mover's hand but those the move names (a catastrophe
        endured with a hand of two discards both face up), the Machine did nothing, and the next step
        shows nobody hidden cards (Espionage's look at a hand, The Trap's search of the pile, the
        Machine's unveiled cards)."""
        if after.rng != before.rng or after.machine != before.machine:
            return False
        decision = self.decision(before)
        actor = decision.seat if decision is not None else -1
        named = Counter(self.cards.index[arg] for arg in action.args if arg in self.cards.index)
        for seat, (old, new) in enumerate(zip(before.boards, after.boards, strict=True)):
            if new.pile != old.pile or (seat != actor and sorted(new.hand) != sorted(old.hand)):
                return False
            if seat == actor and Counter(old.hand) - Counter(new.hand) - named:
                return False
        return not (after.tasks and after.tasks[0].kind in ("force", "search", "unveil"))

    def card_faces(self) -> dict[str, dict[str, Any]]:
        return faces.card_faces(self.cards)

    def extra_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Hook for variants to add their public parts (doom, leaders, the Machine) to a view."""
        return {}

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return determinize_state(self, state, seat, rng)

    def render(self, view: dict[str, Any], seat: int | None) -> str:
        return render_view(self, view)

    def action_space(self) -> Sequence[Action]:
        return self._space

    @property
    def _space(self) -> list[Action]:
        cached = self.__dict__.get("_space_cache")
        if cached is None:
            keys = [c.key for c in self.cards.cards]
            cached = [Action("take", (k,)) for k in [*keys, "pile"]]
            cached += [Action("take2"), Action("refresh"), Action("endure")]
            cached += [Action("play", (k, side)) for k in keys for side in (UPPER, LOWER)]
            for verb in ("discard", "sacrifice", "rescue", "force", "destroy"):
                cached += [Action(verb, (k,)) for k in keys]
            cached += [Action(verb, (s,)) for verb in ("target", "first") for s in range(4)]
            self.__dict__["_space_cache"] = cached
        return cached

    def check_invariants(self, state: State) -> None:
        expected = sorted(self.deck)
        for seat, board in enumerate(state.boards):
            cards = board.hand + board.pile + board.faceup + board.discard + board.achievements
            assert sorted(cards) == expected, f"seat {seat}: cards not conserved"
            assert len(board.faceup) <= 3, f"seat {seat}: more than three face-up cards"
            categories = [self.cards.cards[c].upper.category for c in board.achievements]
            assert len(categories) == len(set(categories)), f"seat {seat}: two achievements of one category"
        if not state.over and state.order and not state.tasks:
            assert not state.boards[q.current_seat(state)].out, "a dropped-out player has the move"


def _variant_class(options: dict[str, Any]) -> type[Biosphere5]:
    """The class that plays the options' variant (imported late: the variants subclass Biosphere5)."""
    specs = {spec.name: spec for spec in Biosphere5.option_specs}
    if "solo" in options and specs["solo"].parse(options["solo"]) == "machine":
        from .machine import MachineGame

        return MachineGame
    if "abyss" in options and specs["abyss"].parse(options["abyss"]):
        from .abyss import AbyssGame

        return AbyssGame
    return Biosphere5


def _unique(cards: list[int]) -> list[int]:
    seen: list[int] = []
    for card in cards:
        if card not in seen:
            seen.append(card)
    return seen
