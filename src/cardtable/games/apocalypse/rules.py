"""Cards Against the Apocalypse as a state machine: set-up, the seven rounds and their steps.

Round order (rulebook "How To Play"), with the ability windows that make "use an Ability Card at
any point in the game" real (each seat in turn may use abilities or pass):

    round 1 only: window
    1. draw 6 Building cards into the Card Pool
    2. draw a Catastrophe (from round 2; a Volcanic Eruption cancels step 3)
    3. three turns, each after a window: place a pool card, move a card 1 space, or pass
    4. discard the unused pool cards                                            then a window
    5. needs check: unsupplied living cards turn, natural resources turn         then a window
    6. the Catastrophe's effect (from round 2)
    7. after round 7: the end-of-game check and the score
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from cardtable.core import Action, Decision, Game, Mode, Result, Rng, register

from . import abilities, board, catastrophes, faces, grid, scoring
from .cards import Catalog, load_catalog
from .needs import doomed_living
from .render import render_view
from .state import ApocalypseState, Tile
from .view import seat_view, seat_views

SEATS = 3
ROUNDS = 7
POOL_SIZE = 6
START_CELLS = ("e1", "e2")  # the natural resource, the Human below it


@register
class Apocalypse(Game[ApocalypseState]):
    name = "apocalypse"
    title = "Cards Against the Apocalypse"
    state_type = ApocalypseState
    modes = (Mode("standard", {}, "the cooperative game for 3 players, 7 rounds"),)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.catalog: Catalog = load_catalog()

    @property
    def num_seats(self) -> int:
        return SEATS

    @property
    def max_actions(self) -> int:  # RULES.md "Game length": a random game passes it with a chance below 1e-9
        return 250

    # --- set-up ----------------------------------------------------------------------------------
    def new_state(self, seed: int) -> ApocalypseState:
        cat, rng = self.catalog, Rng(seed)
        building, catastrophe, ability = cat.ids("building"), cat.ids("catastrophe"), cat.ids("ability")
        for deck in (building, catastrophe, ability):
            rng.shuffle(deck)  # "Shuffle every deck except for the Natural Energy and Water Decks"
        hands = [ability[2 * s : 2 * s + 2] for s in range(SEATS)]
        naturals = {res: cat.ids(deck) for deck, res in cat.natural_resources().items()}
        return ApocalypseState(
            rng=rng,
            building_deck=building,
            natural_decks=naturals,
            catastrophe_deck=catastrophe,
            abilities=hands,
            used_abilities=ability[2 * SEATS :],  # "Discard the rest" (none with 3 players)
        )

    # --- who decides -----------------------------------------------------------------------------
    def decision(self, state: ApocalypseState) -> Decision | None:
        if state.step == "over":
            return None
        if state.task:
            return Decision(state.task_seat, state.task, _TASK_PROMPTS[state.task])
        if state.step == "setup":
            return Decision(0, "start", "choose the starting natural resource (energy or water)")
        if state.step == "window":
            return Decision(
                state.window_seat, "ability", f"use an ability card, or pass ({self._moment(state)})"
            )
        return Decision(self._actor(state), "turn", "place a pool card, move a card 1 space, or pass")

    def _moment(self, state: ApocalypseState) -> str:
        """What comes after the open ability window, for the prompt."""
        if state.after == "turn":
            return f"before seat {'ABC'[self._actor(state)]}'s turn"
        if state.after == "catastrophe" and state.catastrophe >= 0:
            return f"before the {self.catalog.cards[state.catastrophe].title} strikes"
        return "before the needs check" if state.after == "needs" else ""

    def _actor(self, state: ApocalypseState) -> int:
        return (state.leader + state.turn) % SEATS

    def legal_actions(self, state: ApocalypseState) -> list[Action]:
        cat = self.catalog
        if state.step == "over":
            return []
        if state.task:
            if state.step == "catastrophe":
                return catastrophes.task_actions(cat, state)
            return abilities.task_actions(cat, state)
        if state.step == "setup":
            return [Action("start", (res,)) for res in abilities.natural_kinds(state)]
        if state.step == "window":
            usable = abilities.usable_by(cat, state, state.window_seat)
            return [Action("ability", (n,)) for n in usable] + [Action("pass")]
        return self._turn_actions(state)

    def _turn_actions(self, state: ApocalypseState) -> list[Action]:
        """Step 3: place a pool card touching a side of another card, or move a card 1 space."""
        cat, actions = self.catalog, []
        shelter = grid.layout(state.board)
        names = board.affordable_names(cat, state, state.pool)
        for design in cat.designs:
            if design.name in names:
                placements = self._place_actions[design.name]
                actions += [placements[cell] for cell in shelter.free]
        for cell in grid.in_board_order(state.board):
            if board.movable(cat, state.board[cell]):
                actions += [self._move_actions[cell, dest] for dest in shelter.moves(cell)]
        actions.append(Action("pass"))
        return actions

    @cached_property
    def _place_actions(self) -> dict[str, dict[str, Action]]:
        """Every `place NAME CELL` action by name and cell, made once for legal-move generation."""
        return {n: {c: Action("place", (n, c)) for c in grid.CELLS} for n in self.catalog.names("building")}

    @cached_property
    def _move_actions(self) -> dict[tuple[str, str], Action]:
        """Every `move CELL CELL` action by its two cells, made once for legal-move generation."""
        return {(c, d): Action("move", (c, d)) for c in grid.CELLS for d in grid.sides(c)}

    # --- applying actions ------------------------------------------------------------------------
    def _apply(self, state: ApocalypseState, action: Action) -> None:
        cat, verb = self.catalog, action.verb
        if state.task:
            if state.step == "catastrophe":
                catastrophes.carry_out(cat, state, action)
                self._finish_task(state)
            elif abilities.carry_out(cat, state, action):
                self._finish_task(state)
        elif state.step == "setup":
            self._start(state, str(action.args[0]))
        elif state.step == "window":
            if verb == "pass":
                self._next_in_window(state)
            else:
                abilities.begin(cat, state, state.window_seat, str(action.args[0]))
        else:
            self._turn(state, action)
        self._advance(state)

    def _start(self, state: ApocalypseState, resource: str) -> None:
        """'Take 1 Human Card from the Main Deck, and 1 Natural Resource. Place the human below it.'"""
        cat = self.catalog
        natural = state.natural_decks[resource].pop(0)
        human = next(c for c in state.building_deck if cat.cards[c].kind == "human")
        state.building_deck.remove(human)
        state.board[START_CELLS[0]] = Tile(natural)
        state.board[START_CELLS[1]] = Tile(human)
        state.log.append(f"set-up: {cat.cards[natural].title} at e1, Human at e2")
        state.step = "round-start"

    def _turn(self, state: ApocalypseState, action: Action) -> None:
        cat = self.catalog
        seat = "ABC"[self._actor(state)]
        if action.verb == "place":
            name, cell = str(action.args[0]), str(action.args[1])
            card = next(c for c in state.pool if cat.cards[c].name == name)
            state.pool.remove(card)
            board.put(cat, state, card, cell)
        elif action.verb == "move":
            source, dest = str(action.args[0]), str(action.args[1])
            state.board[dest] = state.board.pop(source)
            title = cat.cards[state.board[dest].card].title
            state.log.append(f"seat {seat} moves the {title} {source}-{dest}")
        else:
            state.log.append(f"seat {seat} passes")
        state.turn += 1
        if state.turn < SEATS:
            self._open_window(state, self._actor(state), "turn")
        else:
            state.step = "discard"

    def _finish_task(self, state: ApocalypseState) -> None:
        state.task, state.task_seat = "", -1
        if state.step == "catastrophe":
            state.step = "end"

    # --- ability windows -------------------------------------------------------------------------
    def _open_window(self, state: ApocalypseState, first: int, then: str) -> None:
        state.step, state.window_seat, state.window_left, state.after = "window", first, SEATS, then

    def _next_in_window(self, state: ApocalypseState) -> None:
        state.window_seat = (state.window_seat + 1) % SEATS
        state.window_left -= 1

    # --- the automatic steps ---------------------------------------------------------------------
    def _advance(self, state: ApocalypseState) -> None:
        """Run the steps nobody decides, until a decision is pending or the game is over."""
        cat = self.catalog
        while True:
            self._slide(state)
            if state.task:
                return
            step = state.step
            if step in ("setup", "turn", "over"):
                return
            if step == "window":
                # a seat is asked if it holds a card and some unused ability is offered now (public)
                offered = abilities.any_offered(cat, state)
                while state.window_left > 0 and not (offered and state.abilities[state.window_seat]):
                    self._next_in_window(state)
                if state.window_left > 0:
                    return
                state.step, state.window_seat, state.after = state.after, -1, ""
            elif step == "round-start":
                state.round += 1
                state.leader = (state.round - 1) % SEATS
                state.turn, state.workforce_spent, state.skip_turns = 0, 0, False
                state.log.append(f"round {state.round}, led by seat {'ABC'[state.leader]}")
                state.step = "draw"
            elif step == "draw":
                self._draw_pool(state)
                if state.round > 1:
                    catastrophes.draw(cat, state)
                if state.skip_turns:
                    state.step = "discard"
                else:
                    self._open_window(state, state.leader, "turn")
            elif step == "discard":
                if state.pool:
                    left = ", ".join(cat.cards[c].title for c in state.pool)
                    state.log.append(f"unused pool cards discarded: {left}")
                state.discard += state.pool
                state.pool = []
                self._open_window(state, state.leader, "needs")
            elif step == "needs":
                self._needs_check(state)
                if state.round > 1:
                    self._open_window(state, state.leader, "catastrophe")
                else:
                    state.step = "end"
            elif step == "catastrophe":
                catastrophes.resolve(cat, state)
                if not state.task:
                    state.step = "end"
            elif step == "end":
                self._end_round(state)
            else:
                raise AssertionError(f"unknown step {step!r}")

    def _slide(self, state: ApocalypseState) -> None:
        """Slide the shelter sideways when the frame of cell names would limit it (D1)."""
        by = grid.layout(state.board).slide
        if by:
            state.board = grid.slid(state.board, by)
            side = "right" if by > 0 else "left"
            state.log.append(
                f"the shelter is slid {abs(by)} column(s) {side} on the grid (only the cell names change)"
            )

    def _draw_pool(self, state: ApocalypseState) -> None:
        """Step 1. An empty Building Deck is refilled from the discard pile's building cards."""
        cat = self.catalog
        for _ in range(POOL_SIZE):
            if not state.building_deck:
                refill = sorted(c for c in state.discard if cat.cards[c].deck == "building")
                if not refill:
                    break
                state.discard = [c for c in state.discard if cat.cards[c].deck != "building"]
                state.rng.shuffle(refill)
                state.building_deck, state.deck_known = refill, 0
                state.log.append("the building deck is empty: the discard pile is shuffled into it")
            state.pool.append(state.building_deck.pop(0))
            state.deck_known = max(0, state.deck_known - 1)
        drawn = ", ".join(cat.cards[c].title for c in state.pool)
        state.log.append(f"card pool: {drawn}")

    def _needs_check(self, state: ApocalypseState) -> None:
        """Step 5, and 'at the end of the round' every natural resource turns."""
        cat = self.catalog
        living = set(doomed_living(cat, state.board))
        natural = {c for c, t in state.board.items() if cat.cards[t.card].kind == "natural"}
        for cell in grid.in_board_order(state.board):
            if cell in living:
                board.turn(cat, state, cell, "needs not met")
            elif cell in natural:
                board.turn(cat, state, cell, "natural resources turn each round")

    def _end_round(self, state: ApocalypseState) -> None:
        if state.protected >= 0:  # Use Reserves lasts one round
            state.log.append(f"the {self.catalog.cards[state.protected].title} is no longer protected")
            state.protected = -1
        if state.catastrophe >= 0:
            state.resolved.append(state.catastrophe)
            state.catastrophe = -1
        if state.round < ROUNDS:
            state.step = "round-start"
            return
        scoring.final_check(self.catalog, state)
        state.step = "over"

    # --- the end ---------------------------------------------------------------------------------
    def result(self, state: ApocalypseState) -> Result | None:
        if state.step != "over":
            return None
        win = scoring.won(state)
        details = {"points": state.points, "trios": state.trios, "dead": len(state.dead)}
        if win:
            reason = "the shelter sustains itself (at least 1 point)"
        elif state.trios == 0:
            reason = "no trio of Human, Animal and Plant survives"
        else:
            reason = "more living cards lost than trios saved"
        return Result(
            winners=tuple(range(SEATS)) if win else (),
            scores=(1.0 if win else -1.0,) * SEATS,
            reason=reason,
            details=details,
        )

    # --- information -----------------------------------------------------------------------------
    def view(self, state: ApocalypseState, seat: int | None) -> dict[str, Any]:
        return seat_view(self.catalog, state, seat)

    def views(
        self, state: ApocalypseState, viewers: Sequence[int | None]
    ) -> dict[int | None, dict[str, Any]]:
        return seat_views(self.catalog, state, viewers)

    def describe(self, state: ApocalypseState, action: Action, viewer: int | None) -> str | None:
        """Everything is done face up: every viewer reads the move. A pass in an ability window tells
        nobody anything (whether the seat could have used a card is hidden): no line at all."""
        if action.verb == "pass" and state.step == "window" and not state.task:
            return None
        return str(action)

    def narration(self, state: ApocalypseState, viewer: int | None) -> list[str]:
        """The game's log: every public consequence of the moves, in words (the same for everyone)."""
        return list(state.log)

    def reversible(self, before: ApocalypseState, action: Action, after: ApocalypseState) -> bool:
        """A move may be taken back (RULES.md "Taking back a move") when no deck lost a card or was
        shuffled (a draw shows cards: the round's pool, a Catastrophe, a natural resource), no deck
        top was looked at (Research, Weather Report), and no other seat's ability cards changed."""
        decision = self.decision(before)
        actor = decision.seat if decision is not None else -1
        return (
            after.rng == before.rng
            and after.building_deck == before.building_deck
            and after.natural_decks == before.natural_decks
            and after.catastrophe_deck == before.catastrophe_deck
            and after.deck_known == before.deck_known
            and after.catastrophe_known == before.catastrophe_known
            and all(
                sorted(new) == sorted(old)
                for seat, (old, new) in enumerate(zip(before.abilities, after.abilities, strict=True))
                if seat != actor
            )
        )

    def card_faces(self) -> dict[str, dict[str, Any]]:
        return faces.card_faces(self.catalog)

    def render(self, view: dict[str, Any], seat: int | None) -> str:
        return render_view(view, seat)

    def determinize(self, state: ApocalypseState, seat: int, rng: Rng) -> ApocalypseState:
        """Reshuffle every unseen part of every deck, and deal the others' unseen abilities anew."""
        sample = self.clone(state)
        others = [s for s in range(SEATS) if s != seat]
        unseen_abilities = sorted(c for s in others for c in sample.abilities[s])
        rng.shuffle(unseen_abilities)
        for s in others:
            count = len(sample.abilities[s])
            sample.abilities[s], unseen_abilities = unseen_abilities[:count], unseen_abilities[count:]
        unseen = sorted(sample.building_deck[sample.deck_known :])
        rng.shuffle(unseen)
        sample.building_deck = sample.building_deck[: sample.deck_known] + unseen
        keep = 1 if sample.catastrophe_known else 0
        rest = sorted(sample.catastrophe_deck[keep:])
        rng.shuffle(rest)
        sample.catastrophe_deck = sample.catastrophe_deck[:keep] + rest
        for res, deck in sample.natural_decks.items():
            cards = sorted(deck)
            rng.shuffle(cards)
            sample.natural_decks[res] = cards
        sample.rng = rng.fork()
        return sample

    def action_space(self) -> Sequence[Action]:
        return _action_space(self.catalog)

    def check_invariants(self, state: ApocalypseState) -> None:
        cat = self.catalog
        places = [
            *state.building_deck,
            *(c for deck in state.natural_decks.values() for c in deck),
            *state.catastrophe_deck,
            *(c for hand in state.abilities for c in hand),
            *state.pool,
            *state.discard,
            *state.used_abilities,
            *state.resolved,
            *(t.card for t in state.board.values()),
            *(t.quake for t in state.board.values() if t.quake >= 0),
        ]
        places += [c for c in (state.catastrophe, state.held) if c >= 0]
        assert sorted(places) == list(range(len(cat.cards))), "every card must be in exactly one place"
        assert all(cat.cards[c].living for c in state.dead), "only living cards die"
        assert all(c in grid.COORDINATES for c in state.board), "cards stay in the frame"
        assert grid.layout(state.board).slide == 0, "a shelter that may grow sideways has room on both sides"
        assert grid.width(state.board) <= grid.MAX_WIDTH, "the shelter is at most 5 cards wide"
        assert len(state.pool) <= POOL_SIZE and all(len(h) <= 2 for h in state.abilities)
        assert 0 <= state.deck_known <= len(state.building_deck)
        for tile in state.board.values():
            design = cat.cards[tile.card]
            assert design.deck != "ability", "ability cards never lie on the board"
            quake_ok = design.kind == "mechanism" and cat.cards[tile.quake].name == "earthquake"
            assert tile.quake < 0 or quake_ok, "an Earthquake lies on a mechanism"
            assert not tile.unstable or board.turnable(cat, tile), "only living and natural cards turn"
        assert 0 <= state.round <= ROUNDS


_TASK_PROMPTS = {
    "teraform": "choose the natural resource to take (teraform energy/water)",
    "recycle": "choose the discarded card to place (recycle NAME)",
    "protect": "choose the card to protect from turning this round (protect CELL)",
    "lift": "choose the card to take from the board (lift CELL)",
    "put": "choose where to place the card in hand (put CELL)",
    "quake": "choose the mechanism the Earthquake disables (quake CELL)",
    "malfunction": "choose the Energy Generator or Water System that malfunctions (malfunction CELL)",
}


def _action_space(cat: Catalog) -> list[Action]:
    cells = grid.CELLS
    building = cat.names("building")
    resources = sorted(set(cat.natural_resources().values()))
    space = [Action("start", (r,)) for r in resources]
    space += [Action("place", (n, c)) for n in building for c in cells]
    space += [Action("move", (c, d)) for c in cells for d in grid.sides(c)]
    space.append(Action("pass"))
    space += [Action("ability", (n,)) for n in cat.names("ability")]
    space += [Action("teraform", (r,)) for r in resources]
    recyclable = [d.name for d in cat.designs if d.deck == "building" or d.kind == "natural"]
    space += [Action("recycle", (n,)) for n in recyclable]
    for verb in ("put", "protect", "lift", "quake", "malfunction"):
        space += [Action(verb, (c,)) for c in cells]
    return space
