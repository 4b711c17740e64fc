"""The player of the solitaire game against the robot (`solo=robot`): the heuristic, knowing the robot.

It reads what a person at the table sees: its own view, the robot's public state (tracks, markers,
tile, cards), the robot's rules (`robot.py`, `robot.toml`) and the composition of the deck. At the
action selection it weighs every legal pair of action cards by what it brings the player less what it
hands the robot (RULES.md "Solo against the robot", "The player that knows the robot"):

- for each of the 36 rolls of the robot's two dice (exactly as likely), where the dice would lie
  beside that pair (`robot.place_dice`: a match die copies one of the player's cards), and so which
  phase gives the robot its Action, which its Reaction (the player chose it, no die) and which
  nothing;
- what each of those robot turns is worth in expectation (`RobotOutlook`): a Develop finds a
  development (a 6-cost one at the marker's VP) with the chance its hand pile holds one, or places a
  marker; a Settle finds a world; a Consume scores its economy; credit, economy, cards in its pile
  and cards placed (each brings the end nearer) valued as below;
- what the player gains: the heuristic's score of each card it chose (`heuristic.action_score`) and
  a share of the score of a phase only the robot's dice open (the player gets its action, no bonus).

Every other decision is the heuristic's. The weights are module constants, chosen by measurement
(`cardtable.analysis.race_for_the_galaxy_solo`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from itertools import product
from typing import Any

from cardtable.core import Action, Observation, Rng

from . import robot
from .cards import Catalog, catalog
from .evaluation import solitaire_logit
from .heuristic import HeuristicPlayer, action_score
from .rules import PHASE_OF, PHASE_ORDER
from .state import RftgState

#: how much the robot's gains weigh against the player's own (VP against VP)
ROBOT_WEIGHT = 1.0
#: the share of a phase's score the player gets when only the robot's dice open it (no bonus)
OPENED_SHARE = 0.6
#: VP a card in the robot's hand pile is worth (it feeds later searches)
HAND_CARD = 0.4
#: VP a card on the robot's pile is worth beyond its own VP (it brings the end of the game nearer)
PLACED_CARD = 0.5
#: how many rounds a game against the robot lasts (RULES.md: under 9 on average)
ROUNDS = 9
#: the share of rounds in which the robot consumes (a die on a Consume field or the player's Consume)
CONSUME_SHARE = 0.5
#: `SoloPlayer`: the selections tried, on how many sampled states, and how a sample that ends the game
#: is judged (the fitted model's logit stays within about -5..5)
SHORTLIST = 8
SAMPLES = 4
ENDED_MARGIN = 10.0
ENDED_WIN = 100.0


@dataclass(frozen=True)
class DeckOdds:
    """What a card turned over from the robot's pile is, by the deck's composition."""

    development: float
    development_vp_small: float
    six_share: float
    civil: float
    civil_vp: float
    military: float
    military_vp: float


@cache
def deck_odds(cat: Catalog) -> DeckOdds:
    deck = [cat[k] for k in cat.all_cards if not cat[k].start]
    devs = [c for c in deck if c.type == "development"]
    small = [c for c in devs if not c.six_cost]
    civil = [c for c in deck if c.is_world and not c.military]
    military = [c for c in deck if c.is_world and c.military]
    return DeckOdds(
        development=len(devs) / len(deck),
        development_vp_small=sum(c.vp for c in small) / len(small),
        six_share=(len(devs) - len(small)) / len(devs),
        civil=len(civil) / len(deck),
        civil_vp=sum(c.vp for c in civil) / len(civil),
        military=len(military) / len(deck),
        military_vp=sum(c.vp for c in military) / len(military),
    )


@dataclass
class RobotOutlook:
    """The robot's public position in expectation (fractional counts), and what it is worth in VP."""

    credit: float
    economy: float
    hand: float
    supply: float
    value: int
    vp: float = 0.0
    placed: float = 0.0

    def worth(self, rounds_left: float) -> float:
        economy = self.economy * CONSUME_SHARE * rounds_left
        credit = (self.value / 2 if self.supply >= 0.5 else 1.0) * min(self.credit, 4)
        return self.vp + economy + 0.5 * credit + HAND_CARD * self.hand + PLACED_CARD * self.placed

    def search(self, chance: float, draw: float, vp: float, pays: float = 0.0) -> None:
        """Draw `draw` cards, then turn cards over until one of a kind (`chance` each) appears."""
        self.hand += draw
        miss = (1 - chance) ** self.hand
        found = 1 - miss
        self.hand -= found / chance if chance else self.hand
        self.vp += found * vp
        self.placed += found
        self.credit -= found * pays

    def develop(self, odds: DeckOdds, reaction: bool) -> None:
        price = 3 if reaction else 2
        if self.supply >= 0.5 and self.credit >= price:
            self.supply -= 1
            self.credit -= price
            self.vp += self.value
            self.placed += 1
            return
        if reaction and self.credit < 0.5:
            return
        vp = (1 - odds.six_share) * odds.development_vp_small + odds.six_share * self.value
        pays = 1.0 if reaction else odds.six_share
        self.search(odds.development, 0 if reaction else 1, vp, pays)

    def settle(self, odds: DeckOdds, start: robot.StartWorld, reaction: bool) -> None:
        pays = reaction and start.settle_reaction_credit
        if pays and self.credit < 0.5:
            return
        chance, vp = settle_odds(odds, start.settle_reaction_search if reaction else start.settle_search)
        draw = start.settle_reaction_draw if reaction else start.settle_action_draw
        self.search(chance, draw, vp, 1.0 if pays else 0.0)


def settle_odds(odds: DeckOdds, search: robot.Search) -> tuple[float, float]:
    """The chance that a card turned over is a world the robot's Settle search takes, and its mean VP.
    An estimate: the searches for alien worlds (start worlds 5-15) are counted as military ones, most
    alien worlds being military, and the mixed ones as any world."""
    if search == "non-military":
        return odds.civil, odds.civil_vp
    if search in ("military", "alien"):
        return odds.military, odds.military_vp
    chance = odds.civil + odds.military
    return chance, (odds.civil * odds.civil_vp + odds.military * odds.military_vp) / chance


def robot_turns(
    outlook: RobotOutlook, odds: DeckOdds, start: robot.StartWorld, fields: list[str], mine: tuple[str, ...]
) -> None:
    """Run the robot's Actions and Reactions of one round on `outlook` (`robot.act`, in expectation)."""
    explore = {f for f in fields if f.startswith("explore")}
    if explore:
        outlook.hand += 3 if len(explore) == 2 else 1
        outlook.credit = min(4, outlook.credit + 1)
    elif any(a.startswith("explore") for a in mine):
        outlook.hand += 1
    for phase in ("develop", "develop2", "settle", "settle2"):
        if phase in fields or phase in mine:
            reaction = phase not in fields
            if phase.startswith("develop"):
                outlook.develop(odds, reaction)
            else:
                outlook.settle(odds, start, reaction)
    trade, x2 = "consume-trade" in fields, "consume-x2" in fields
    if trade or x2:
        outlook.vp += outlook.economy * (2 if x2 else 1)
        if trade:
            outlook.credit = min(4, outlook.credit + 2)
        if x2:
            outlook.economy = min(5, outlook.economy + 1)
    elif any(a.startswith("consume") for a in mine):
        outlook.vp += outlook.economy
    if "produce" in fields:
        outlook.economy = min(5, outlook.economy + 1)


class RobotAwarePlayer(HeuristicPlayer):
    """The heuristic with an action selection that counts what each choice hands the robot."""

    name = "heuristic"

    def _select_action(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        if view.get("robot") is None:
            return super()._select_action(legal, view, me)
        worths = self._pair_worths(legal, view, me)
        noise = {a: self.rng.below(1000) / 10000 for a in legal}
        return max(legal, key=lambda a: (worths[a] + noise[a], str(a)))

    def robot(self) -> robot.RobotFile:
        """The robot of the game observed (`RobotGame.robot`: its procedure is public, as the seed's)."""
        assert self._observation is not None
        return robot.robot_of(self._observation.game.catalog)  # type: ignore[attr-defined]

    def _pair_worths(
        self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]
    ) -> dict[Action, float]:
        """Each selection's worth: the player's gain less the robot's, averaged over the robot's rolls."""
        seen = view["robot"]
        cat = self.cat
        data = self.robot()
        odds = deck_odds(cat)
        start = data.start(seen["start"])
        scores = self._action_scores(me)
        rounds_left = max(1.0, ROUNDS - view["round"])
        tile = _tile_symbol(seen["tile"])
        rolls = list(product(*(die.faces for die in data.dice)))
        base = RobotOutlook(
            credit=seen["credit"],
            economy=seen["economy"],
            hand=seen["hand_size"],
            supply=seen["markers_left"],
            value=seen["marker_value"],
        )
        before = base.worth(rounds_left)
        phase_score: dict[str, float] = {
            ph: max((action_score(scores, a) for a in scores if PHASE_OF[a] == ph), default=0.0)
            for ph in PHASE_ORDER
            if ph != "search"
        }

        def worth(action: Action) -> float:
            mine = tuple(str(a) for a in action.args)
            own = sum(action_score(scores, a) for a in mine)
            chosen = {PHASE_OF[a] for a in mine}
            total = 0.0
            for faces in rolls:
                fields, _ = robot.place_dice(list(faces), tile, list(mine))
                opened = {PHASE_OF[f] for f in fields} - chosen
                gift = sum(max(0.0, phase_score[ph]) for ph in opened)
                outlook = replace(base)
                robot_turns(outlook, odds, start, fields, mine)
                total += OPENED_SHARE * gift - ROBOT_WEIGHT * (outlook.worth(rounds_left) - before)
            return own + total / len(rolls)

        return {a: worth(a) for a in legal}


def _tile_symbol(name: str) -> str:
    """The dice-row symbol of the robot tile, from its name in the view."""
    return next(symbol for symbol, face in robot.FACE_NAMES.items() if face == name)


class SoloPlayer(RobotAwarePlayer):
    """The solo mode's heuristic (`RobotGame.parts`): the `SHORTLIST` selections `RobotAwarePlayer` rates
    best are each tried on `SAMPLES` states sampled from the view (the same samples for every
    selection), played to the next selection with the heuristic's other rules of thumb and the robot's
    own steps, and judged by `judge`: `evaluation.py`'s fitted model, player against robot (the logit:
    the weighted difference of their features); a sample that ends the game by its VP margin, a win
    above any margin. As ISMCTS's guide it ranks its selections (`shortlist`, players/guided_rollouts.py)."""

    def _select_action(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        if view.get("robot") is None:
            return super()._select_action(legal, view, me)
        return self._ranked_selections(legal, view, me)[0]

    def _ranked_selections(
        self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]
    ) -> list[Action]:
        """The selections of the shortlist, the best judged first."""
        observation = self._observation
        assert observation is not None
        game = observation.game
        worths = self._pair_worths(legal, view, me)
        shortlist = sorted(legal, key=lambda a: (-worths[a], str(a)))[:SHORTLIST]
        samples = [observation.determinize(self.rng.fork()) for _ in range(SAMPLES)]
        helper = HeuristicPlayer(self.rng.fork())

        def judged(action: Action) -> float:
            return sum(_round_after(game, sample, action, helper) for sample in samples) / len(samples)

        return sorted(shortlist, key=lambda a: (judged(a), str(a)), reverse=True)

    def shortlist(self, observation: Observation, size: int) -> list[Action]:
        """Up to `size` moves, the best first (the one `choose` plays): at an action selection against
        the robot, the best judged selections; at any other decision, the rules of thumb's one choice."""
        legal = observation.legal_actions
        view = observation.view
        if len(legal) == 1 or observation.decision.kind != "select-action" or view.get("robot") is None:
            return [self.choose(observation)]
        self._observation = observation
        self.cat = catalog(view.get("expansion", 0))
        return self._ranked_selections(legal, view, view["players"][observation.seat])[:size]

    def playout(self, rng: Rng, state: RftgState) -> tuple[SoloPlayer, None]:
        """ISMCTS's playouts: this player, to the end of the game."""
        return SoloPlayer(rng), None

    def judge(self, game: Any, state: RftgState) -> float:
        """Where the player stands against the robot in a sampled state (`standing`)."""
        return standing(game, state)


def standing(game: Any, state: RftgState) -> float:
    """Where the player stands against the robot in `state`: a finished game by its VP margin (a win
    above any margin), else the fitted model's logit."""
    if state.ended:
        mine, its = game.scores(state)
        return ENDED_MARGIN * (mine - its) + (ENDED_WIN if mine > its else 0.0)
    return solitaire_logit(game.catalog, state)


def _round_after(game: Any, sample: RftgState, action: Action, helper: HeuristicPlayer) -> float:
    """Play `action` and the rest of the round on a copy of `sample`; judge the position it leaves."""
    s = game.clone(sample)
    game.apply(s, action, validate=False)
    while not s.ended and (d := game.decision(s)) is not None and d.kind != "select-action":
        game.apply(s, helper.choose(game.observe(s, d.seat)), validate=False)
    return standing(game, s)
