"""Cards Against the Apocalypse on core's step machine: set-up, the seven rounds and their steps.

Each step of the round is a class of this module (`RoundStart`, `Draw`, `Turn`, `PoolDiscard`, `Needs`,
`Catastrophe`, `EndRound`); the ability windows and the abilities' choices are in `abilities.py`, the
catastrophes' choices in `catastrophes.py`. Round order (rulebook "How To Play"), with the ability
windows that make "use an Ability Card at any point in the game" real (each seat in turn may use
abilities or pass):

    round 1 only: window
    1. draw 6 Building cards into the Card Pool
    2. draw a Catastrophe (from round 2; a Volcanic Eruption cancels step 3)
    3. three turns, each after a window: place a pool card, move a card 1 space, or pass
    4. discard the unused pool cards                                            then a window
    5. needs check: unsupplied living cards turn, natural resources turn         then a window
    6. the Catastrophe's effect (from round 2)
    7. after round 7: the end-of-game check and the score

>>> from cardtable.core import make_game
>>> game = make_game("apocalypse")
>>> game.decision(game.new_state(7)).prompt
'Choose the starting natural resource (energy or water)'
>>> game.terminations["no-trio"]
'no trio of Human, Animal and Plant survives'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, get_args

from cardtable import core
from cardtable.core import Action, push
from cardtable.core.lines import opening

from . import abilities, board, catastrophes, faces, grid, scoring, sentences
from .abilities import Window
from .cards import Catalog, load_catalog
from .heuristic import HeuristicPlayer, evaluate
from .needs import doomed_living
from .render import render_view
from .state import ApoAuto, ApocalypseState, ApoChoice, ApoStep, Tile
from .view import public_view, seat_view

if TYPE_CHECKING:
    from cardtable.core.encoding import Encoding

SEATS = 3
ROUNDS = 7
#: how a game ends (`Result.termination`; "When Do We Win?"); its words are in game.toml, in this order
Termination = Literal["sustained", "no-trio", "more-lost"]
POOL_SIZE = 6
START_CELLS = ("e1", "e2")  # the natural resource, the Human below it


class Start(ApoChoice, tag="start"):
    """Set-up: 'Take 1 Human Card from the Main Deck, and 1 Natural Resource. Place the human below it.'"""

    stage = "setup"

    def prompt(self, cat: Catalog, s: ApocalypseState) -> str:
        return "choose the starting natural resource (energy or water)"

    def legal(self, cat: Catalog, s: ApocalypseState) -> list[Action]:
        return [Action("start", (res,)) for res in abilities.natural_kinds(s)]

    def apply(self, cat: Catalog, s: ApocalypseState, action: Action) -> None:
        natural = s.natural_decks[str(action.args[0])].pop(0)
        human = next(c for c in s.building_deck if cat.cards[c].kind == "human")
        s.building_deck.remove(human)
        s.board[START_CELLS[0]] = Tile(natural)
        s.board[START_CELLS[1]] = Tile(human)
        s.log.append(f"Set-up: {cat.cards[natural].title} at e1, Human at e2")
        self.done(s)
        push(s, RoundStart())
        board.slide(cat, s)


class RoundStart(ApoAuto, tag="round-start"):
    stage = "round-start"

    def run(self, cat: Catalog, s: ApocalypseState) -> None:
        s.round += 1
        s.leader = (s.round - 1) % SEATS
        s.turn, s.workforce_spent, s.skip_turns = 0, 0, False
        leader = core.seat_mark(s.leader)
        s.log.append(opening(s.round, f"Round {s.round}, led by {leader}", f"Led by {leader}"))
        push(s, Draw())


class Draw(ApoAuto, tag="draw"):
    """Steps 1 and 2. An empty Building Deck is refilled from the discard pile's building cards."""

    stage = "draw"

    def run(self, cat: Catalog, s: ApocalypseState) -> None:
        for _ in range(POOL_SIZE):
            if not s.building_deck:
                refill = sorted(c for c in s.discard if cat.cards[c].deck == "building")
                if not refill:
                    break
                s.discard = [c for c in s.discard if cat.cards[c].deck != "building"]
                s.rng.shuffle(refill)
                s.building_deck, s.deck_known = refill, 0
                s.log.append("The building deck is empty: the discard pile is shuffled into it")
            s.pool.append(s.building_deck.pop(0))
            s.deck_known = max(0, s.deck_known - 1)
        s.log.append(f"Card pool: {', '.join(cat.cards[c].title for c in s.pool)}")
        if s.round > 1:
            catastrophes.draw(cat, s)
        if s.skip_turns:
            push(s, PoolDiscard())
        else:
            push(s, Window(s.leader), Turn(s.leader))


class Turn(ApoChoice, tag="turn"):
    """Step 3: place a pool card touching a side of another card, move a card 1 space, or pass."""

    stage = "turn"

    def prompt(self, cat: Catalog, s: ApocalypseState) -> str:
        return "place a pool card, move a card 1 space, or pass"

    def legal(self, cat: Catalog, s: ApocalypseState) -> list[Action]:
        actions = []
        shelter = grid.layout(s.board)
        names = board.affordable_names(cat, s, s.pool)
        for design in cat.designs:
            if design.name in names:
                placements = place_actions(cat)[design.name]
                actions += [placements[cell] for cell in shelter.free]
        for cell in grid.in_board_order(s.board):
            if board.movable(cat, s.board[cell]):
                actions += [MOVE_ACTIONS[cell, dest] for dest in shelter.moves(cell)]
        actions.append(Action("pass"))
        return actions

    def apply(self, cat: Catalog, s: ApocalypseState, action: Action) -> None:
        seat = core.seat_mark(self.seat)
        if action.verb == "place":
            name, cell = str(action.args[0]), str(action.args[1])
            card = next(c for c in s.pool if cat.cards[c].name == name)
            s.pool.remove(card)
            board.put(cat, s, self.seat, card, cell)
        elif action.verb == "move":
            source, dest = str(action.args[0]), str(action.args[1])
            s.board[dest] = s.board.pop(source)
            s.log.append(f"{seat} moves the {cat.cards[s.board[dest].card].title} from {source} to {dest}")
        else:
            s.log.append(f"{seat} passes")
        s.turn += 1
        self.done(s)
        if s.turn < SEATS:
            actor = (s.leader + s.turn) % SEATS
            push(s, Window(actor), Turn(actor))
        else:
            push(s, PoolDiscard())
        board.slide(cat, s)


class PoolDiscard(ApoAuto, tag="discard"):
    """Step 4: the unused pool cards are discarded."""

    stage = "discard"

    def run(self, cat: Catalog, s: ApocalypseState) -> None:
        if s.pool:
            s.log.append(f"Unused pool cards discarded: {', '.join(cat.cards[c].title for c in s.pool)}")
        s.discard += s.pool
        s.pool = []
        push(s, Window(s.leader), Needs())


class Needs(ApoAuto, tag="needs"):
    """Step 5, and 'at the end of the round' every natural resource turns."""

    stage = "needs"

    def run(self, cat: Catalog, s: ApocalypseState) -> None:
        living = set(doomed_living(cat, s.board))
        natural = {c for c, t in s.board.items() if cat.cards[t.card].kind == "natural"}
        for cell in grid.in_board_order(s.board):
            if cell in living:
                board.turn(cat, s, cell, "needs not met")
            elif cell in natural:
                board.turn(cat, s, cell, "natural resources turn each round")
        push(s, *((Window(s.leader), Catastrophe()) if s.round > 1 else (EndRound(),)))
        board.slide(cat, s)


class Catastrophe(ApoAuto, tag="catastrophe"):
    """Step 6: the catastrophe's effect (its target chosen by the leader, `catastrophes.py`)."""

    stage = "catastrophe"

    def run(self, cat: Catalog, s: ApocalypseState) -> None:
        push(s, EndRound())
        catastrophes.strike(cat, s)


class EndRound(ApoAuto, tag="end"):
    """The round ends; after round 7, the end-of-game check and the score (the queue stays empty)."""

    stage = "end"

    def run(self, cat: Catalog, s: ApocalypseState) -> None:
        if s.protected >= 0:  # Use Reserves lasts one round
            s.log.append(f"The {cat.cards[s.protected].title} is no longer protected")
            s.protected = -1
        if s.catastrophe >= 0:
            s.resolved.append(s.catastrophe)
            s.catastrophe = -1
        if s.round < ROUNDS:
            push(s, RoundStart())
        else:
            scoring.final_check(cat, s)
        board.slide(cat, s)


@cache
def place_actions(cat: Catalog) -> dict[str, dict[str, Action]]:
    """Every `place NAME CELL` action by name and cell, made once for legal-move generation."""
    return {n: {c: Action("place", (n, c)) for c in grid.CELLS} for n in cat.names("building")}


#: every `move CELL CELL` action by its two cells
MOVE_ACTIONS = {(c, d): Action("move", (c, d)) for c in grid.CELLS for d in grid.sides(c)}


@core.register
class Apocalypse(core.SplitViews[ApocalypseState], core.StepGame[ApocalypseState, ApoStep]):
    facts_file = Path(__file__).with_name("game.toml")
    termination_codes = get_args(Termination)
    parts = core.Parts(HeuristicPlayer, evaluate)

    def __init__(self, **options: Any) -> None:
        self.catalog: Catalog = load_catalog()
        super().__init__(**options)

    def step_context(self) -> Catalog:
        return self.catalog

    @property
    def num_seats(self) -> int:
        return SEATS

    @property
    def max_actions(self) -> int:  # RULES.md "Game length": a random game passes it with a chance below 1e-9
        return 250

    # --- set-up ----------------------------------------------------------------------------------
    def new_state(self, seed: int) -> ApocalypseState:
        cat, rng = self.catalog, core.Rng(seed)
        building, catastrophe, ability = cat.ids("building"), cat.ids("catastrophe"), cat.ids("ability")
        for deck in (building, catastrophe, ability):
            rng.shuffle(deck)  # "Shuffle every deck except for the Natural Energy and Water Decks"
        hands = [ability[2 * s : 2 * s + 2] for s in range(SEATS)]
        naturals = {res: cat.ids(deck) for deck, res in cat.natural_resources().items()}
        state = ApocalypseState(
            rng=rng,
            building_deck=building,
            natural_decks=naturals,
            catastrophe_deck=catastrophe,
            abilities=hands,
            used_abilities=ability[2 * SEATS :],  # "Discard the rest" (none with 3 players)
            steps=[Start(0)],
        )
        self.advance(state)
        return state

    # --- the end ---------------------------------------------------------------------------------
    def result(self, state: ApocalypseState) -> core.Result | None:
        if state.steps:
            return None
        win = scoring.won(state)
        details: dict[str, int | float | str] = {
            "points": state.points,
            "trios": state.trios,
            "dead": len(state.dead),
        }
        how: Termination = "sustained" if win else "no-trio" if state.trios == 0 else "more-lost"
        return core.Result(
            winners=tuple(range(SEATS)) if win else (),
            scores=(1.0 if win else -1.0,) * SEATS,
            reason=self.terminations[how],
            details=details,
            termination=how,
        )

    # --- information -----------------------------------------------------------------------------
    def public_view(self, state: ApocalypseState) -> dict[str, Any]:
        return public_view(self.catalog, state)

    def seat_view(self, state: ApocalypseState, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
        return seat_view(self.catalog, state, seat, public)

    def describe(self, state: ApocalypseState, action: Action, viewer: int | None) -> str | None:
        """Everything is done face up: every viewer reads the move. A pass in an ability window tells
        nobody anything (whether the seat could have used a card is hidden): no line at all."""
        if action.verb == "pass" and state.steps and isinstance(state.steps[0], Window):
            return None
        return str(action)

    def move_words(self, state: ApocalypseState, action: Action) -> str:
        """The move in the rulebook's words ("takes the Farm from the discard pile": `sentences.py`)."""
        return sentences.move_words(self.catalog, action)

    def narration(self, state: ApocalypseState, viewer: int | None) -> list[core.Said]:
        """The game's log: every public consequence of the moves, in sentences (the same for everyone)."""
        return core.sentences(state.log)

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

    # --- the game's parts --------------------------------------------------------------------------
    def observation_encoding(self) -> Encoding:
        from .encoding import encoding  # NumPy: only for the research adapters

        return encoding(self)

    def utility(self) -> str:
        return "identical"  # the team wins or loses together ("When Do We Win?")

    def render(self, view: dict[str, Any], seat: int | None) -> str:
        return render_view(view, seat)

    def determinize(self, state: ApocalypseState, seat: int, rng: core.Rng) -> ApocalypseState:
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
