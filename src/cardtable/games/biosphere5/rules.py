"""Biosphere 5, basic game (rulebook sections 1-2.5), on core's step machine.

A turn is two moves (2.1). The first decision of a move (`turn.Move`) chooses and announces its
option; whatever the option sets in motion (taking cards, a catastrophe hitting every player in turn,
an Espionage) becomes steps of the queue (`effects.py`). Steps that need no choice run at once; a step
that needs a choice becomes the pending decision of the seat concerned — out-of-turn reactions
included. `Biosphere5` holds the rules the steps call on; The Abyss (`abyss.py`) and Man against
Machine (`machine.py`) are subclasses that change them, picked by the options (`variant_class`).

>>> from cardtable.core import make_game
>>> type(make_game("biosphere5", {"abyss": True})).__name__
'AbyssGame'
>>> game = make_game("biosphere5", {"players": 2})
>>> game.decision(game.new_state(7)).prompt
'Choose move 1 of 2'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_args

from cardtable import core
from cardtable.core import Action, push

from . import faces, sentences
from . import queries as q
from .cards import LOWER, UPPER, CardSet, default_cards
from .effects import CATASTROPHE_COST, Destroy, Discard, Force, Hit, Rescue, Respond, Sacrifice, Take, Target
from .heuristic import HeuristicPlayer, evaluate, is_quiet
from .state import B5Step, Board, State, Termination
from .turn import EndMove, EndTurn, First, Move
from .view import determinize_state, public_view, render_view, seat_view

if TYPE_CHECKING:
    from cardtable.core.encoding import Encoding

HAND_LIMIT = 8  # 2.1
BIOSPHERE_DISCARD = 5  # 2.2
MAX_EVENTS = 30


class Biosphere5(core.SplitViews[State], core.StepGame[State, B5Step]):
    facts_file = Path(__file__).with_name("game.toml")
    termination_codes = get_args(Termination)
    parts = core.Parts(HeuristicPlayer, evaluate, is_quiet)

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
        if type(self) is Biosphere5 and (self.options["abyss"] or self.options["solo"] != "none"):
            raise core.BadOption("The Abyss and the Machine are games of their own: make_game builds them")

    def moves_per_turn(self, state: State) -> int:
        """Two moves a turn (2.1); The Abyss's third move marker may add one (3.5.2/3.5.3)."""
        return 2

    # --- set-up (1.4, 2.5) ---------------------------------------------------------------------
    def new_state(self, seed: int) -> State:
        rng = core.Rng(seed)
        boards = []
        for _ in range(self.num_seats):
            pile = list(self.deck)
            rng.shuffle(pile)
            faceup = [pile.pop() for _ in range(3)]
            red = sum(self.cards.cards[c].red for c in faceup)
            boards.append(Board(pile=pile, faceup=faceup, red=red))
        state = State(boards=boards, order=[], rng=rng)
        reds = ", ".join(f"{self.seat_said(s)} {b.red}" for s, b in enumerate(boards))
        self.event(state, f"red cards face up: {reds}")
        if self.num_seats == 4:
            self._start_team_game(state)
        else:
            # fewer red cards starts; ties go to the youngest, seated first (RULES.md 1.4)
            state.order = sorted(range(self.num_seats), key=lambda s: (boards[s].red, s))
            self.event(state, f"{self.seat_said(state.order[0])} starts")
            self.begin_turn(state)
        self.advance(state)
        return state

    def _start_team_game(self, state: State) -> None:
        team_red = [sum(b.red for s, b in enumerate(state.boards) if s % 2 == t) for t in (0, 1)]
        first_team = 0 if team_red[0] <= team_red[1] else 1
        self.event(state, f"team {self.team_name(first_team)} has fewer red cards and starts")
        state.steps[:] = [First(first_team, starts=True), First(1 - first_team, starts=False)]

    def team_name(self, team: int) -> str:
        """Team 0 (seats A and C) or team 1 (B and D), as narration and prompts name it ("{A}+{C}")."""
        return f"{self.seat_said(team)}+{self.seat_said(team + 2)}"

    def catastrophe_name(self, category: str) -> str:
        return self.cards.categories[category].catastrophe

    # --- a move (2.1) --------------------------------------------------------------------------
    def begin_turn(self, state: State) -> None:
        """The player whose turn it is has the move (the Machine plays its turn, `machine.py`)."""
        push(state, Move(q.current_seat(state)))

    def move_actions(self, state: State, seat: int) -> list[Action]:
        board = state.boards[seat]
        actions = self.take_actions(board)
        if len(board.faceup) + len(board.pile) + len(board.discard) >= 2:
            actions.append(Action("take2"))
        if board.faceup:
            actions.append(Action("refresh"))
        for card in sorted(set(board.hand)):
            for side in (UPPER, LOWER):
                if self.can_play(state, seat, card, side):
                    actions.append(Action("play", (self.cards.key(card), side)))
        return actions

    def take_actions(self, board: Board) -> list[Action]:
        actions = [Action("take", (self.cards.key(c),)) for c in _unique(board.faceup)]
        if board.pile or board.discard:
            actions.append(Action("take", ("pile",)))
        return actions

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
            return bool(self.targets(state, seat, kind))
        if kind == "biosphere":
            return not state.achieved_this_turn and len(board.hand) - 1 >= BIOSPHERE_DISCARD
        return False  # rescue cards are discarded in response, never played as a move (2.3.2)

    def targets(self, state: State, seat: int, effect: str) -> list[int]:
        seats = q.opponents(state, seat)
        if effect == "attack":
            return [s for s in seats if state.boards[s].achievements]
        return seats

    # --- applying ------------------------------------------------------------------------------
    def start_move(self, state: State, seat: int, action: Action) -> None:
        """The move `action` of `seat` is announced; what it sets in motion comes before its end."""
        board = state.boards[seat]
        name = self.seat_said(seat)
        state.steps.append(EndMove(seat))
        verb = action.verb
        if verb == "take":
            state.markers.append("take")
            self.take(state, seat, str(action.args[0]))
        elif verb == "take2":
            state.markers.append("take2")
            self.event(state, f"{name} takes two cards and will discard two")
            push(state, Take(seat, 2, "take two"), Discard(seat, 2, "take two"))
        elif verb == "refresh":
            state.markers.append("refresh")
            old = [self.cards.name(c) for c in board.faceup]
            board.discard.extend(board.faceup)
            board.faceup.clear()
            self._refill(state, seat)
            self.event(state, f"{name} discards the face-up cards {', '.join(old)}")
        else:
            state.markers.append("play")
            self._play(state, seat, self.cards.index[str(action.args[0])], str(action.args[1]))

    def take(self, state: State, seat: int, what: str) -> None:
        board = state.boards[seat]
        if what == "pile":
            board.hand.append(self._draw_top(state, seat))
            self.event(state, f"{self.seat_said(seat)} takes a card from the draw pile")
        else:
            card = self.cards.index[what]
            board.faceup.remove(card)
            board.hand.append(card)
            self.event(state, f"{self.seat_said(seat)} takes {self.cards.name(card)} from the face-up cards")

    def _play(self, state: State, seat: int, card: int, side: str) -> None:
        board = state.boards[seat]
        option = self.cards.option(card, side)
        board.hand.remove(card)
        name = self.seat_said(seat)
        label = f"{self.cards.name(card)} ({side}: {option.kind.replace('-', ' ')})"
        if option.kind == "achievement":
            board.achievements.append(card)
            state.achieved_this_turn = True
            self.event(state, f"{name} builds {self.cards.name(card)} ({option.quality} {option.category})")
            return
        board.discard.append(card)
        self.event(state, f"{name} plays {label}")
        self._play_effect(state, seat, card, option.kind, option.category)

    def _play_effect(self, state: State, seat: int, card: int, kind: str, category: str) -> None:
        board = state.boards[seat]
        if kind == "biosphere":
            board.discard.extend(board.hand[:BIOSPHERE_DISCARD])
            del board.hand[:BIOSPHERE_DISCARD]
            self._finish(state, [seat], "biosphere")
        elif kind == "new-hope":
            available = len(board.faceup) + len(board.pile) + len(board.discard)
            if available:
                push(state, Take(seat, min(3, available), "New Hope"))
        elif kind == "catastrophe":
            hits: list[B5Step] = [Hit(s, category, seat) for s in q.seats_after(state, seat)]
            if not q.protection(self.cards, board, category):
                # 2.3.3 fig. 9: without protection, a rescue card is discarded with the catastrophe
                hits.insert(0, Rescue(seat, category, seat))
            push(state, *hits)
        elif kind in ("espionage", "sabotage", "attack"):
            push(state, Target(seat, kind))
        else:
            raise AssertionError(f"{kind} has no effect in this game")

    def resolve_against(self, state: State, seat: int, target: int, effect: str) -> None:
        """Espionage, Sabotage or Attack of `seat` against `target` takes effect (2.3.4)."""
        if effect == "espionage":
            if state.boards[target].hand:
                push(state, Force(seat, target))
            else:
                push(state, Sacrifice(target, 1, "Espionage on an empty hand"))
        elif effect == "sabotage":
            self._sabotage(state, target)
        else:
            push(state, Destroy(seat, target))

    def on_achievements_missing(self, state: State, seat: int, missing: int) -> None:
        """Too few achievements to compensate: the player is out of the game (2.4, 2.2)."""
        self._drop_out(state, seat)

    def end_move(self, state: State, seat: int) -> None:
        """A move is over: refill the face-up cards; the next move, or the hand limit and the end of the
        turn (2.1)."""
        self._refill(state, seat)
        state.move += 1
        if state.move < self.moves_per_turn(state):
            self.begin_turn(state)
            return
        board = state.boards[seat]
        push(state, EndTurn(seat))
        if len(board.hand) > HAND_LIMIT:
            push(state, Discard(seat, len(board.hand) - HAND_LIMIT, "hand limit"))

    def end_turn(self, state: State, seat: int) -> None:
        self._next_turn(state)

    def hit(self, state: State, step: Hit) -> None:
        """A catastrophe reaches one player (2.3.3): protected, rescued, or cards discarded."""
        seat, category = step.seat, step.category
        board = state.boards[seat]
        quality = q.protection(self.cards, board, category)
        disaster = self.catastrophe_name(category)
        if quality == "perfect":
            self.event(state, f"{self.seat_said(seat)} is protected from {disaster}")
            return
        if seat == step.by and not quality:
            # its player discarded a rescue card with it (2.3.3 fig. 9): "and he always will" be last
            self.event(
                state, f"{self.seat_said(seat)} is rescued from {disaster} by the card discarded with it"
            )
            return
        cost = CATASTROPHE_COST[quality]
        # 2.1 "show them to nobody else": every player reached is asked the same, rescue card or not
        push(state, Respond(seat, cost, category, step.by))

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
        self.event(state, f"{self.seat_said(seat)} reshuffles the discard pile into a new draw pile")

    def on_pile_empty(self, state: State, seat: int) -> None:
        """Hook for variants that react to a draw pile running out (The Abyss, 3.2 (1))."""

    def _refill(self, state: State, seat: int) -> None:
        board = state.boards[seat]
        while len(board.faceup) < 3 and (board.pile or board.discard):
            board.faceup.append(self._draw_top(state, seat))

    def discard_from_hand(self, state: State, seat: int, card: int, verb: str = "discards") -> None:
        board = state.boards[seat]
        board.hand.remove(card)
        board.discard.append(card)
        self.event(state, f"{self.seat_said(seat)} {verb} {self.cards.name(card)}")

    def destroy(self, state: State, seat: int, card: int, verb: str) -> None:
        board = state.boards[seat]
        board.achievements.remove(card)
        board.discard.append(card)
        self.event(state, f"{self.seat_said(seat)} {verb} the achievement {self.cards.name(card)}")

    def _sabotage(self, state: State, target: int) -> None:
        board = state.boards[target]
        picks = state.rng.sample(range(len(board.hand)), min(3, len(board.hand)))
        cards = [board.hand[i] for i in picks]
        for card in cards:
            self.discard_from_hand(state, target, card, verb="loses to Sabotage")
        if len(cards) < 3:
            push(state, Sacrifice(target, 3 - len(cards), "Sabotage"))

    # --- turns, drop-outs and the end (2.2, 2.5) ----------------------------------------------------
    def _next_turn(self, state: State) -> None:
        for _ in range(len(state.order)):
            state.turn = (state.turn + 1) % len(state.order)
            if not state.boards[q.current_seat(state)].out:
                break
        state.move = 0
        state.markers = []
        state.achieved_this_turn = False
        self.begin_turn(state)

    def _drop_out(self, state: State, seat: int) -> None:
        state.boards[seat].out = True
        self.event(state, f"{self.seat_said(seat)} drops out of the game")
        state.steps[:] = [
            step
            for step in state.steps
            if step.seat != seat and not (isinstance(step, Force | Destroy) and step.target == seat)
        ]
        sides = {q.team_of(state, s) for s in q.active_seats(state)}
        if len(sides) <= 1:
            self._last_side_standing(state)
        elif seat == q.current_seat(state):
            state.steps[:] = [EndTurn(seat)]  # the rest of this player's turn is void

    def _last_side_standing(self, state: State) -> None:
        remaining = q.active_seats(state)
        current_side = q.team_of(state, q.current_seat(state))
        if current_side not in {q.team_of(state, s) for s in remaining}:
            self._finish(state, remaining, "others-out")
            return
        if any(self.cards.biosphere in state.boards[s].hand for s in remaining):
            self._finish(state, remaining, "out-biosphere-in-hand")
        else:
            self._finish(state, [], "out-no-biosphere")

    def _finish(self, state: State, winners: list[int], how: Termination) -> None:
        """The game ends, `how`, with these winners (the team of one in the 4-player game)."""
        if winners and self.num_seats == 4:
            team = q.team_of(state, winners[0])
            winners = [s for s in range(4) if s % 2 == team]
        state.winners = sorted(winners)
        state.over = True
        state.reason = self.terminations[how]
        state.termination = how
        state.steps.clear()
        self.event(state, state.reason)

    def result(self, state: State) -> core.Result | None:
        if not state.over:
            return None
        how = state.termination or ""
        if not state.winners:
            return core.Result((), tuple(0.0 for _ in state.boards), state.reason, draw=True, termination=how)
        scores = tuple(1.0 if s in state.winners else -1.0 for s in range(len(state.boards)))
        return core.Result(tuple(state.winners), scores, state.reason, termination=how)

    def event(self, state: State, text: core.Said) -> None:
        """Add `text` to the public narration (the latest `MAX_EVENTS` lines are kept)."""
        state.events.append(text)
        if len(state.events) > MAX_EVENTS:
            del state.events[0]

    # --- views, determinization, notation --------------------------------------------------------
    def public_view(self, state: State) -> dict[str, Any]:
        return public_view(self, state)

    def seat_view(self, state: State, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
        return seat_view(self, state, seat, public)

    def move_words(self, state: State, action: Action) -> str:
        """The move in the rulebook's words ("chooses {C} to start": `sentences.py`)."""
        return sentences.move_words(self.cards, state, action)

    def narration(self, state: State, viewer: int | None) -> list[core.Said]:
        """The public event lines (view key `events`) as sentences: what the table sees, the same for every
        viewer."""
        return core.sentences(state.events)

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
        return not (after.steps and after.steps[0].kind in ("force", "search", "unveil"))

    def card_faces(self) -> dict[str, dict[str, Any]]:
        return faces.card_faces(self.cards)

    # --- the game's parts --------------------------------------------------------------------------
    def observation_encoding(self) -> Encoding:
        from .encoding import encoding  # NumPy: only for the research adapters

        return encoding(self)

    def utility(self) -> str:
        """The basic two-player game is zero-sum (one winner, or a draw); with more seats, The Abyss
        (where everyone can lose) or the solo game it is not."""
        options = self.options
        two = options["players"] == 2 and not options["abyss"] and options["solo"] == "none"
        return "zero_sum" if two else "general_sum"

    def extra_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Hook for variants to add their public parts (doom, leaders, the Machine) to a view."""
        return {}

    def determinize(self, state: State, seat: int, rng: core.Rng) -> State:
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
        if not state.over and state.order and isinstance(state.steps[0], Move):
            assert not state.boards[q.current_seat(state)].out, "a dropped-out player has the move"


def _unique(cards: list[int]) -> list[int]:
    seen: list[int] = []
    for card in cards:
        if card not in seen:
            seen.append(card)
    return seen
