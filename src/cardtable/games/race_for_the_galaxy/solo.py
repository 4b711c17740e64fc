"""The solitaire game against the robot (`solo=robot`): one player (seat A) plays the 2-player expert
rules against the robot (seat B, an automaton the engine plays, `robot.py`).

>>> from cardtable.core import Match, make_game
>>> match = Match(make_game("race-for-the-galaxy", {"solo": "robot", "difficulty": "hard"}), seed=3)
>>> match.game.automata()
{1: 'robot'}
>>> match.decision.seat, match.decision.kind
(0, 'initial-discard')
>>> robot = match.game.view(match.state, 0)["robot"]
>>> robot["hand_size"], robot["markers_left"], robot["marker_value"]
(4, 3, 9)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardtable.core import Rng, seat_mark
from cardtable.core.decision import Result
from cardtable.core.words import plural

from . import robot, scoring
from .chance import draw, put_good
from .discards import InitialDiscard
from .game import RaceForTheGalaxy
from .robot import FACE_NAMES, FIELD_NAMES, ROBOT, RobotFile, robot_data, with_robot
from .rules import POOL_PER_PLAYER, START_HAND, BeginRound
from .setup import POOL_PRESTIGE, StartSave, keep_at_start
from .solo_player import SoloPlayer
from .state import Player, RftgState

HUMAN = 0


class RobotGame(RaceForTheGalaxy):
    """Seat A is the player, seat B the robot; the robot never has a decision."""

    robot_seat = True
    #: the heuristic of the solo mode knows the robot (`solo_player.py`; ISMCTS takes it as its guide)
    parts = replace(RaceForTheGalaxy.parts, heuristic=SoloPlayer)

    def __init__(self, robot: RobotFile | None = None, **options: Any) -> None:
        """`robot`: the robot to play (another reconstruction, checked as `robot_data` checks robot.toml's);
        by default robot.toml's."""
        super().__init__(**options)
        self.robot: RobotFile = robot_data(self.catalog) if robot is None else robot
        self.catalog = with_robot(self.catalog, self.robot)
        self._context = self.step_context()

    def seat_name(self, seat: int) -> str:
        return robot.NAME if seat == ROBOT else "A"

    def automata(self) -> dict[int, str]:
        return {ROBOT: "robot"}

    # --- set-up (SPIELVORBEREITUNG) ----------------------------------------------------------------
    def new_state(self, seed: int) -> RftgState:
        """The seed: "Die Startwelten werden verdeckt gemischt. Der Spieler und der Roboter erhalten je eine
        Startwelt. Die übrigen Startwelten werden unter die Spielkarten gemischt." Every start world of
        the level is dealt at random (no choice of two, no goals, no takeovers at any level); the pool
        holds 24 chips, 29 with prestige (set 3)."""
        cat, data = self.catalog, self.robot
        rng = Rng(seed)
        starts = list(cat.start_worlds)
        rng.shuffle(starts)
        mine, its = starts[0], starts[1]
        deck = [k for k in cat.all_cards if not cat[k].start]
        rng.shuffle(deck)
        difficulty = str(self.options["difficulty"])
        s = RftgState(
            players=[Player(start=mine, tableau=[mine])],
            deck=deck,
            discard=[],
            pool=POOL_PER_PLAYER * 2 + (POOL_PRESTIGE if self.level >= 3 else 0),
            rng=rng,
            expert=True,
            robot=robot.new_robot(data, its, difficulty),
        )
        r = s.robot
        assert r is not None
        level = data.difficulty[difficulty]
        s.log.append(f"Start worlds: {seat_mark(HUMAN)} {cat[mine].name}; Robot {cat[its].name}.")
        robot.says(
            s,
            f"Robot starts with credit {r.credit} and economy {r.economy}; its robot tile shows "
            f"{FACE_NAMES[r.tile]}; {difficulty}: {plural(level.markers, '6-cost marker')} worth "
            f"{level.value} VP each.",
        )
        if cat[mine].windfall:
            put_good(cat, s, HUMAN, mine)
        s.deck.extend(starts[2:])  # the other start worlds are shuffled into the cards
        rng.shuffle(s.deck)
        got = robot.draw(cat, s, data.start(its).hand)
        robot.says(s, f"Robot takes {got} cards face down as its hand.")
        draw(cat, s, HUMAN, START_HAND)
        s.players[HUMAN].produced = []
        s.steps = [InitialDiscard(HUMAN, n=START_HAND - keep_at_start(cat, mine))]
        if "start-save" in cat[mine].special:  # Galactic Scavengers: save a card under it (BOW-13)
            s.steps.append(StartSave(HUMAN))
        s.steps.append(BeginRound())
        self.advance(s)
        return s

    # --- end (RUNDENENDE UND SPIELENDE) --------------------------------------------------------------
    def scores(self, state: RftgState) -> tuple[int, int]:
        assert state.robot is not None
        mine = scoring.breakdown(self.catalog, state, HUMAN)["total"]
        return mine, robot.breakdown(self.catalog, state.robot)["total"]

    def result(self, state: RftgState) -> Result | None:
        if not state.ended:
            return None
        assert state.robot is not None
        mine, its = self.scores(state)
        details: dict[str, int | float | str] = {"rounds": state.round, "pool": state.pool}
        details |= {"vp_A": mine, "vp_Robot": its}
        how = state.ending or ""  # (a state made by hand may end without a code)
        if mine != its:
            winner = HUMAN if mine > its else ROBOT
            return Result((winner,), _scores(winner), "most VP", details=details, termination=how)
        ours, theirs = scoring.tiebreak(state, HUMAN), robot.tiebreak(state.robot)
        if ours == theirs:
            why = "most VP, tied, and tied on the tie-break"
            return Result((), (0.0, 0.0), why, draw=True, details=details, termination=how)
        winner = HUMAN if ours > theirs else ROBOT
        why = "most VP, tie broken by the player's hand + goods against the robot's credit + economy"
        return Result((winner,), _scores(winner), why, details=details, termination=how)

    # --- information ---------------------------------------------------------------------------------
    def seat_view(self, state: RftgState, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
        out = super().seat_view(state, HUMAN if seat == HUMAN else None, public)
        out["viewer"] = self.seat_name(seat) if seat is not None else None
        r = state.robot
        assert r is not None
        out["robot"] = {
            "start": r.start,
            "tableau": list(r.tableau),
            "cards": robot.cards(r),
            "markers": r.markers,
            "markers_left": r.supply,
            "marker_value": r.value,
            "credit": r.credit,
            "economy": r.economy,
            "chips": r.chips,
            "prestige": r.prestige,
            "hand_size": len(r.hand),
            "tile": FACE_NAMES[r.tile],
            "modifications": robot.tiles(self.catalog, self.robot, r),
            "dice": [FACE_NAMES[f] for f in r.dice],
            "fields": [FIELD_NAMES[f] for f in r.fields],
            "score": robot.breakdown(self.catalog, r),
        }
        return out

    def check_invariants(self, state: RftgState) -> None:
        cat = self.catalog
        r = state.robot
        assert r is not None
        p = state.players[HUMAN]
        cards = list(state.deck) + list(state.discard) + list(state.aside) + r.hand + r.tableau
        cards += p.hand + p.tableau + p.drawn + list(p.goods.values()) + p.saved
        assert sorted(cards) == list(cat.all_cards), "cards were lost or duplicated"
        tracks = self.robot.tracks
        assert 0 <= r.credit <= tracks.credit_max and 0 <= r.economy <= tracks.economy_max, "off a track"
        level = self.robot.difficulty[str(self.options["difficulty"])]
        assert r.markers + r.supply == level.markers, "6-cost markers were lost"


def _scores(winner: int) -> tuple[float, float]:
    return (1.0, -1.0) if winner == HUMAN else (-1.0, 1.0)
