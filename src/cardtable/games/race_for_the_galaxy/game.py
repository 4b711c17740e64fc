"""Race for the Galaxy as a cardtable Game: options, views, determinization, describe, encoding.

>>> from cardtable.core import Match, make_game
>>> match = Match(make_game("race-for-the-galaxy", {"players": 2}), seed=3)
>>> match.decision.kind
'initial-discard'
>>> match.apply(str(match.legal_actions()[0]))
>>> match.game.view(match.state, 1)["players"][0]["hand_size"]
5
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, get_args

from cardtable import core
from cardtable.core import Action

from . import scoring, sentences, view
from .actions import expansion_actions
from .cards import CHOSEN_CONSUME, Catalog, catalog
from .consume import GAMBLE_COSTS
from .deciders import decided
from .faces import card_faces, goal_faces, search_faces
from .heuristic import HeuristicPlayer, evaluate, is_quiet
from .render import render_view
from .rules import SelectAction, action_rank, all_selections
from .settle import SettleSecond
from .setup import MAX_PLAYERS, Deal, set_up
from .state import ACTIONS, PRESTIGE_ACTIONS, SEARCH, RftgState, RftgStep, Termination

if TYPE_CHECKING:
    from cardtable.core.encoding import Encoding

#: the longest game played before it is taken never to end (RULES.md "Game length"), by seats
BASE_MAX_ACTIONS = {2: 520, 3: 880, 4: 880}
EXPANSION_MAX_ACTIONS = {2: 650, 3: 920, 4: 1050, 5: 1190, 6: 1356}
#: the solitaire game: the base game's, and one bound for levels 1-3
SOLO_MAX_ACTIONS = {0: 190, 1: 320}


class RaceForTheGalaxy(core.SplitViews[RftgState], core.StepGame[RftgState, RftgStep]):
    facts_file = Path(__file__).with_name("game.toml")
    termination_codes = get_args(Termination)
    parts = core.Parts(HeuristicPlayer, evaluate, is_quiet)
    secret_verbs: ClassVar[dict[str, str]] = {
        "select": "has chosen",
        "develop": "has chosen",
        "settle": "has chosen",
        "discard": "discards a card",
        "keep": "keeps a card",
        "pay": "pays with a card",
        "spend": "discards a card for VP",
        "start": "has chosen",
        "save": "saves a card",
        "military": "discards a card for military",
        "produce-with": "discards a card to produce",
    }

    def __init__(self, **options: Any) -> None:
        self.catalog: Catalog = catalog()
        super().__init__(**options)
        self.catalog = catalog(self.level)
        self._context = self.step_context()

    def validate_options(self) -> None:
        """Refuse what makes no game: more players than the level seats (RULES.md "Options and set-up
        per level"). A goals or takeovers switch at a level without them, or in the solitaire game, which
        plays without both (the seed, ÜBERBLICK: "Ziele und Übernahme werden nicht verwendet"), is
        refused by the options' `when` (game.toml)."""
        options = self.options
        level = int(options["expansion"])
        if options["solo"] != "none" and not self.robot_seat:
            raise core.BadOption("solo=robot is the class RobotGame: make the game with make_game")
        most = MAX_PLAYERS[level]
        if int(options["players"]) > most:
            raise core.BadOption(f"expansion={level} seats 2 to {most} players, not {options['players']}")

    #: whether this class is the solitaire game against the robot (`solo.RobotGame`)
    robot_seat: ClassVar[bool] = False

    @property
    def level(self) -> int:
        """The expansion level (0 the base game)."""
        return int(self.options["expansion"])

    @property
    def num_seats(self) -> int:
        return int(self.options["players"])

    @property
    def max_actions(self) -> int:  # RULES.md "Game length": a random game passes it with a chance below 1e-9
        if self.options["solo"] == "robot":
            return SOLO_MAX_ACTIONS[min(self.level, 1)]
        bounds = EXPANSION_MAX_ACTIONS if self.level else BASE_MAX_ACTIONS
        return bounds[self.num_seats]

    @property
    def expert(self) -> bool:
        return self.num_seats == 2

    # --- the rules: the steps of `rules.py` and the phases' modules; `decision`, `legal_actions` and
    # `apply` are the step machine's (StepGame), whose steps receive the card catalog -----------------
    def step_context(self) -> Catalog:
        return self.catalog

    def new_state(self, seed: int) -> RftgState:
        return self.scripted_state(seed, Deal())

    def scripted_state(self, seed: int, deal: Deal) -> RftgState:
        """A game whose start worlds, goals and cards drawn are those of `deal` where it gives them (an
        oracle replay gives them all)."""
        options = self.options
        s = set_up(
            self.catalog,
            self.num_seats,
            seed,
            self.expert,
            goals=bool(options["goals"]),
            takeovers=bool(options["takeovers"]),
            deal=deal,
        )
        self.advance(s)
        return s

    def result(self, state: RftgState) -> core.Result | None:
        if not state.ended:
            return None
        cat = self.catalog
        n = self.num_seats
        totals = [scoring.breakdown(cat, state, i)["total"] for i in range(n)]
        winners = scoring.winners(cat, state)
        details: dict[str, int | float | str] = {"rounds": state.round, "pool": state.pool}
        details |= {f"vp_{core.seat_letter(i)}": t for i, t in enumerate(totals)}
        details |= decided(cat, state)
        reason = "most VP" + (" (tie broken by hand + goods)" if totals.count(max(totals)) > 1 else "")
        how = state.ending or ""  # (a state made by hand may end without a code)
        if len(winners) == n:
            zeros = tuple(0.0 for _ in range(n))
            return core.Result((), zeros, reason + ", all tied", draw=True, details=details, termination=how)
        scores = tuple(1.0 if i in winners else -1.0 for i in range(n))
        return core.Result(winners, scores, reason, details=details, termination=how)

    # --- information ---------------------------------------------------------------------------------
    def public_view(self, state: RftgState) -> dict[str, Any]:
        return view.public_view(self, state)

    def seat_view(self, state: RftgState, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
        return view.seat_view(self, state, seat, public)

    def narration(self, state: RftgState, viewer: int | None) -> list[core.Said]:
        return list(state.log)

    def reversible(self, before: RftgState, action: Action, after: RftgState) -> bool:
        """A move may be taken back (RULES.md "Taking back a move") when no card left the deck and the
        deck was not reshuffled (a draw, an explore, a good or a gamble shows or hides a new card),
        no other seat's hand, explored cards, goods, action cards, pick, start-world offer or saved
        cards changed, the solitaire robot did not act, and a secret choice (action cards, a develop
        or settle pick) did not complete the reveal: it was not the last of its round, since the last
        one turns every choice face up (the last before a late chooser's, Psi-Crystal World's, shows
        the others' action cards)."""
        if after.rng != before.rng or after.deck != before.deck or after.reshuffles != before.reshuffles:
            return False
        if after.robot != before.robot:  # the solitaire robot acted: an automaton's move stands
            return False
        decision = self.decision(before)
        actor = decision.seat if decision is not None else -1
        for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            if seat != actor and (
                sorted(new.hand) != sorted(old.hand)
                or sorted(new.drawn) != sorted(old.drawn)
                or new.goods != old.goods
                or new.actions != old.actions
                or new.pick != old.pick
                or new.offer != old.offer
                or sorted(new.saved) != sorted(old.saved)
            ):
                return False
        step = type(before.steps[0]) if before.steps else None
        if step in view.SECRET_PICKS:
            return (
                bool(after.steps) and type(after.steps[0]) is step and not _opens_late_choice(before, after)
            )
        return True

    def determinize(self, state: RftgState, seat: int, rng: core.Rng) -> RftgState:
        """Resample every card `seat` cannot see and the secret picks of others (`view.py`)."""
        return view.determinize(self, state, seat, rng)

    def selections(self) -> list[Action]:
        """Every action selection of this mode (some only while a seat may make them)."""
        return all_selections(self.level, self.expert)

    def parse_action(self, text: str) -> Action:
        """The notation; the action cards of `select` may be typed in any order (`select settle
        develop` is `select develop settle`; Search and prestige actions: `select search produce`,
        `select prestige-develop settle`)."""
        action = Action.parse(text)
        names = (*ACTIONS, SEARCH, *PRESTIGE_ACTIONS)
        if action.verb == "select" and all(a in names for a in action.args):
            return Action("select", tuple(sorted(action.args, key=lambda a: action_rank(str(a)))))
        return action

    def describe(self, state: RftgState, action: Action, viewer: int | None) -> str | None:
        """As `secret_verbs` says, but a second settle (Improved Logistics) is placed in the open, so
        everyone reads it in full, though a Settle pick's verb is secret; a secret choice reads as
        what was chosen in secret, by the public kind of the decision ("has chosen its actions")."""
        if state.steps and isinstance(state.steps[0], SettleSecond):
            return str(action)
        text = super().describe(state, action, viewer)
        decision = self.decision(state)
        if decision is not None and text == self.secret_verbs.get(action.verb):
            return sentences.SECRET_CHOICES.get(decision.kind, text)
        return text

    def move_words(self, state: RftgState, action: Action) -> str:
        """The move in the rulebook's words ("chooses Explore +5 and Settle": `sentences.py`)."""
        decision = self.decision(state)
        return sentences.move_words(self.catalog, decision.kind if decision else "", action)

    # --- the game's parts --------------------------------------------------------------------------
    def observation_encoding(self) -> Encoding:
        from .encoding import encoding  # NumPy: only for the research adapters

        return encoding(self)

    def utility(self) -> str:
        """Two players: one wins and one loses, or both tie (zero-sum); more, or the robot: general-sum."""
        from .encoding import utility

        return str(utility(self))

    def card_faces(self) -> dict[str, dict[str, Any]]:
        goal_tiles = goal_faces(self.level) if self.options["goals"] else {}
        categories = search_faces() if self.level >= 3 else {}
        return card_faces(self.catalog) | goal_tiles | categories

    def render(self, view: dict[str, Any], seat: int | None) -> str:
        return render_view(self.catalog, view)

    # --- encoding and checks ---------------------------------------------------------------------------
    def action_space(self) -> list[Action]:
        cat = self.catalog
        keys = cat.keys
        worlds = [k for k in keys if cat[k].is_world]
        space = self.selections()
        for verb in ("discard", "keep", "pay", "spend"):
            space += [Action(verb, (k,)) for k in keys]
        space.append(Action("develop", ("none",)))
        space += [Action("develop", (k,)) for k in keys if cat[k].type == "development"]
        space.append(Action("settle", ("none",)))
        space += [Action("settle", (k,)) for k in worlds]
        space += [Action("method", (m,)) for m in ("colony-ship", "conquer", "contact", "pay", "tactics")]
        goods_worlds = [k for k in worlds if cat[k].good]
        space += [Action("trade", (k,)) for k in goods_worlds]
        space += [Action("good", (k,)) for k in goods_worlds]
        space += [Action("windfall", (k,)) for k in worlds if cat[k].windfall]
        for key in keys:
            for index, power in cat[key].phase_powers("consume"):
                if power.power in CHOSEN_CONSUME:
                    space.append(Action("consume", (key, index + 1)))
        space += [Action("guess", (n,)) for n in GAMBLE_COSTS]
        space.append(Action("stop"))
        if self.level:
            space += expansion_actions(cat)
        return space

    def check_invariants(self, state: RftgState) -> None:
        cat = self.catalog
        cards = list(state.deck) + list(state.discard) + list(state.aside)
        for p in state.players:
            cards += p.hand + p.tableau + p.drawn + list(p.goods.values()) + p.offer + p.saved
            assert all(w in p.tableau and cat[w].is_world for w in p.goods), "a good lies off a world"
            devs = [k for k in p.tableau if not cat[k].is_world]
            assert len(devs) == len(set(devs)), "a development twice in one tableau"
        assert sorted(cards) == list(cat.all_cards), "cards were lost or duplicated"


def _opens_late_choice(before: RftgState, after: RftgState) -> bool:
    """Whether a choice of action cards was the last before a late chooser's (Psi-Crystal World),
    which shows everyone the others' cards."""
    old, new = before.steps[0], after.steps[0]
    return (
        isinstance(new, SelectAction)
        and new.stage == 2
        and not (isinstance(old, SelectAction) and old.stage == 2)
    )
