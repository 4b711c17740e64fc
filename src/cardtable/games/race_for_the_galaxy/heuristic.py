"""A simple, explainable Race for the Galaxy player, and a position evaluation for search.

The player reads only its Observation (its view and legal actions) and the public card data. Rules
of thumb (RULES.md "Bots"):
- a card is worth its VP, plus its powers, plus a bonus for 6-cost developments and production
  worlds, less what it costs beyond the cards in hand (`card_value`);
- action cards are scored from the position: Explore when the hand is short, Develop and Settle
  when a good card is affordable (both copies when two are), Consume-x2 with goods to consume,
  Consume-Trade when cards are short, Produce with empty production worlds; the best legal pair wins;
- place the most valuable affordable card; pay and discard with the least valuable cards; settle the
  cheapest way (conquer before paying, sacrificing a card last); trade the most valuable good;
  use the consume power that gives most VP first; never discard for VP below 6 cards in hand;
  produce windfall goods of the most valuable kind.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core import Action, Observation, Rng, RulesOfThumb

from . import scoring, takeover
from .cards import TRADE_VALUE, Card, Catalog, catalog
from .evaluation import win_chance
from .rules import SelectAction
from .search import CATEGORIES as SEARCH_CATEGORIES
from .search import SearchKeep
from .search import matches as search_matches
from .state import PRESTIGE, SEARCH, Player, RftgState, base_action

#: VP a 6-cost development is expected to score beyond what it would score now
SIX_COST_GROWTH = 2.0
#: how much a card in hand is worth, in VP, when paying or discarding
CARD_WORTH = 0.6
#: what a prestige is worth, in VP (1 VP at the end, and the prestige leader's VP a round)
PRESTIGE_WORTH = 1.2
#: a prestige action's bonus, in VP: a constant and a share of the action's own score
PRESTIGE_BONUS = 1.5
PRESTIGE_SHARE = 0.3
#: the share of the value of the card a Search finds that the Search action scores
SEARCH_SHARE = 0.6


def card_value(
    card: Card, hand_size: int, tableau: list[str] | None = None, cat: Catalog | None = None
) -> float:
    """How much the card is worth keeping, in rough VP (a 6-cost development: with the bonus it
    would score on `tableau` now, and some growth; `cat`: the catalog of the game's level)."""
    value = card.vp + 0.6 * len(card.powers)
    if card.six_cost:
        cat = cat or catalog()
        owner = Player(start="", tableau=[*(tableau or []), card.key])
        value += scoring.six_cost_bonus(cat, owner, card.key) + SIX_COST_GROWTH
    if card.production:
        value += 1.0
    if card.windfall:
        value += 0.5
    if card.military:
        value -= 0.3 * max(0, card.cost - 3)
    else:
        value -= 0.5 * max(0, card.cost - (hand_size - 1))
    return value


class HeuristicPlayer(RulesOfThumb):
    """Rules of thumb for every decision; see the module docstring and RULES.md "Bots"."""

    def __init__(self, rng: Rng) -> None:
        super().__init__(rng)
        self.cat = catalog()
        #: the observation of the decision being answered (the rules of thumb that sample states read it)
        self._observation: Observation | None = None

    def pick(self, observation: Observation, legal: list[Action]) -> Action:
        self._observation = observation
        view = observation.view
        self.cat = catalog(view.get("expansion", 0))
        me = view["players"][observation.seat]
        kind = observation.decision.kind
        method = getattr(self, "_" + kind.replace("-", "_"), None)
        if method is None:
            return self.rng.choice(legal)
        choice: Action = method(legal, view, me)
        return choice

    # --- helpers ---------------------------------------------------------------------------------
    def _value(self, key: str, me: dict[str, Any]) -> float:
        return card_value(self.cat[key], len(me["hand"]), me["tableau"], self.cat)

    def _lowest(self, legal: list[Action], me: dict[str, Any]) -> Action:
        return min(legal, key=lambda a: (self._value(str(a.args[0]), me), str(a)))

    def _highest(self, legal: list[Action], me: dict[str, Any]) -> Action:
        return max(legal, key=lambda a: (self._value(str(a.args[0]), me), str(a)))

    # --- decisions ---------------------------------------------------------------------------------
    def _initial_discard(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        return self._lowest(legal, me)

    _hand_limit = _initial_discard
    _develop_pay = _initial_discard
    _settle_pay = _initial_discard

    def _explore_keep(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        return self._highest(legal, me)

    def _develop_choose(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        options = [a for a in legal if a.args[0] != "none"]
        if not options:
            return legal[0]
        return self._highest(options, me)

    _settle_choose = _develop_choose

    def _settle_method(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        order = {"conquer": 0, "pay": 1, "contact": 2, "tactics": 3, "colony-ship": 4}
        return min(legal, key=lambda a: order.get(str(a.args[0]), 9))

    def _trade(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        return max(legal, key=lambda a: (good_value(self.cat[str(a.args[0])]), str(a)))

    def _consume_power(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        def worth(action: Action) -> float:
            if action.verb == "stop":
                return 0.5 if len(me["hand"]) < 6 else -1.0
            if len(action.args) < 2:  # the prestige Consume-Trade's discard
                return 0.2
            power = self.cat[str(action.args[0])].powers[int(action.args[1]) - 1]
            if power.power == "discard-hand":
                return 0.0
            if power.power in ("draw", "gamble"):
                return 10.0  # costs nothing: use first
            return power.vp / max(1, power.goods) + 0.5 * power.cards + (0.1 if power.power == "trade" else 0)

        return max(legal, key=lambda a: (worth(a), str(a)))

    def _consume_good(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        # keep the most valuable goods for trading: consume the cheapest kind first
        return min(legal, key=lambda a: (good_value(self.cat[str(a.args[0])]), str(a)))

    def _consume_discard(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        cards = [a for a in legal if a.verb == "spend"]
        if (len(me["hand"]) <= 5 or not cards) and Action("stop") in legal:
            return Action("stop")
        return self._lowest(cards, me)

    def _gamble(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        costs = Counter(self.cat[k].cost for k in self.cat.all_cards)
        return max(legal, key=lambda a: costs[int(a.args[0])])

    def _windfall(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        return self._trade(legal, view, me)

    def _select_action(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        scores = self._action_scores(me)
        if any(str(x) == SEARCH for a in legal for x in a.args):
            scores[SEARCH] = self._search_score(scores, view, me)
        noise = {a: self.rng.below(1000) / 10000 for a in legal}
        return max(
            legal, key=lambda a: (sum(action_score(scores, str(x)) for x in a.args) + noise[a], str(a))
        )

    # --- the expansions' questions (RULES.md "Bots": "The expansions' questions") ---------------------
    def _takeover(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        """Declare the takeover that swings most VP, if it swings more than the power costs."""
        declared = [a for a in legal if a.args[0] != "none"]
        best = max(declared, key=lambda a: (self._takeover_gain(a), str(a)), default=None)
        if best is None or self._takeover_gain(best) <= 0:
            return Action("takeover", ("none",))
        return best

    def _takeover_gain(self, action: Action) -> float:
        world, card = self.cat[str(action.args[0])], self.cat[str(action.args[1])]
        power = next((p for p in card.powers if p.power == "takeover"), None)
        cost = (card.vp + 1.0 if power is not None and power.discard else 0.0) + (
            PRESTIGE_WORTH if power is not None and power.spend == "prestige" else 0.0
        )
        return 2 * world.vp + 1.0 + (1.0 if world.production else 0.0) - cost

    def _takeover_military(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        """Add military only while the attack is short of the defence; the least valuable card first."""
        return self._add_military(legal, me, self._short(defending=False))

    def _defend(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        """Defend while the attack still wins (the attacker wins ties); the least valuable card first."""
        return self._add_military(legal, me, self._short(defending=True))

    def _short(self, defending: bool) -> int:
        """How much military the seat still lacks in the takeover at hand: attack and defence are public
        (tableaux and military added), so they are read from a state sampled from the view."""
        observation = self._observation
        assert observation is not None
        sample: RftgState = observation.determinize(self.rng.fork())
        step = sample.steps[0]
        if isinstance(step, takeover.Defend):
            t = sample.declared[step.index]
            lead = takeover.attack(self.cat, sample, t) - takeover.defence(self.cat, sample, t.owner, t.world)
            return lead + 1
        assert isinstance(step, takeover.TakeoverMilitary) and not defending
        t = next(t for t in reversed(sample.declared) if t.attacker == step.seat)
        return takeover.defence(self.cat, sample, t.owner, t.world) - takeover.attack(self.cat, sample, t)

    def _add_military(self, legal: list[Action], me: dict[str, Any], short: int) -> Action:
        if short <= 0:
            return Action("done")
        cards = [a for a in legal if a.verb == "military"]
        if cards:
            return self._lowest(cards, me)
        boosts = [a for a in legal if a.verb == "boost"]
        return min(boosts, key=str) if boosts else Action("done")

    def _takeover_prevent(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        """Spend a prestige to stop a takeover of one's own world (the most valuable), never another's."""
        mine = [a for a in legal if a.args[0] != "none" and a.args[0] in me["tableau"]]
        if not mine:
            return Action("prevent", ("none",))
        return max(mine, key=lambda a: (self.cat[str(a.args[0])].vp, str(a)))

    def _prestige_discard(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        """Trade the least valuable card for a prestige when it is worth less, keeping 3 cards."""
        cards = [a for a in legal if a.verb == "discard"]
        if len(me["hand"]) <= 3 or not cards:
            return Action("stop")
        cheapest = self._lowest(cards, me)
        return cheapest if self._value(str(cheapest.args[0]), me) < PRESTIGE_WORTH else Action("stop")

    def _search_category(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        """Search for the category whose cards are worth most to the seat now, on average."""
        means = self._category_means(view, me)
        return max(legal, key=lambda a: (means.get(str(a.args[0]), -99.0), str(a)))

    def _search_keep(self, legal: list[Action], view: dict[str, Any], me: dict[str, Any]) -> Action:
        """Take the match unless it is worth less than the average card of the category searched (the
        next match is taken whatever it is); the category is public (read from a sampled state)."""
        take = next(a for a in legal if a.verb == "take")
        observation = self._observation
        assert observation is not None
        step = observation.determinize(self.rng.fork()).steps[0]
        assert isinstance(step, SearchKeep)
        mean = self._category_means(view, me).get(step.category, 0.0)
        return take if self._value(str(take.args[0]), me) >= mean else Action("decline")

    def _category_means(self, view: dict[str, Any], me: dict[str, Any]) -> dict[str, float]:
        """The mean value to the seat of each search category's cards (takeover cards only with takeovers)."""
        means = {}
        for category in SEARCH_CATEGORIES:
            if category == "takeover" and not view.get("takeovers_allowed"):
                continue
            keys = [
                k
                for k in self.cat.all_cards
                if not self.cat[k].start and search_matches(self.cat[k], category)
            ]
            if keys:
                means[category] = sum(self._value(k, me) for k in keys) / len(keys)
        return means

    def _search_score(self, scores: dict[str, float], view: dict[str, Any], me: dict[str, Any]) -> float:
        """Search as an action card: a card of the best category is worth a share of its value, at least
        what a short hand's Explore is worth."""
        means = self._category_means(view, me)
        return max(scores["explore-5"] - 0.5, SEARCH_SHARE * max(means.values(), default=0.0))

    def _action_scores(self, me: dict[str, Any]) -> dict[str, float]:
        cat = self.cat
        hand = me["hand"]
        tableau = me["tableau"]
        goods = me["goods"]
        n = len(hand)
        devs = sorted(
            (
                card_value(cat[k], n, tableau, cat)
                for k in set(hand)
                if not cat[k].is_world and k not in tableau and cat[k].cost - 1 <= n - 1
            ),
            reverse=True,
        )
        military = me["military"]
        worlds = sorted(
            (
                card_value(cat[k], n, tableau, cat)
                for k in set(hand)
                if cat[k].is_world
                and (
                    (cat[k].military and cat[k].cost <= military)
                    or (not cat[k].military and cat[k].cost <= n - 1)
                )
            ),
            reverse=True,
        )
        consumers = [
            p for k in tableau for p in cat[k].powers if p.phase == "consume" and p.power == "consume"
        ]
        empty_producers = sum(1 for k in tableau if cat[k].production and k not in goods)
        empty_windfalls = sum(1 for k in tableau if cat[k].windfall and k not in goods)
        short = max(0, 4 - n)
        return {
            "explore-5": 1.0 + 1.5 * short,
            "explore-1-1": 1.2 + 1.1 * short,
            "develop": devs[0] if devs else -1.0,
            "develop2": devs[1] if len(devs) > 1 else -5.0,
            "settle": worlds[0] if worlds else -1.0,
            "settle2": worlds[1] if len(worlds) > 1 else -5.0,
            "consume-x2": 2.0 * min(len(goods), sum(p.times for p in consumers))
            if consumers
            else 0.3 * len(goods),
            "consume-trade": (2.5 + short) if goods else -1.0,
            "produce": 1.4 * empty_producers + 0.6 * min(1, empty_windfalls),
        }


def good_value(world: Card) -> int:
    """What a world's good trades for (a good of any kind: as a Rare good)."""
    return TRADE_VALUE.get(world.good or "novelty", TRADE_VALUE["rare"])


def action_score(scores: dict[str, float], action: str) -> float:
    """An action card's score; a prestige action scores as its card and its bonus, which is worth more
    the stronger the action is now (the card is spent once a game), less the prestige it costs; Search
    as `scores["search"]` (`HeuristicPlayer._search_score`), else as a short hand's Explore."""
    if action == SEARCH:
        return scores.get(SEARCH, scores["explore-5"] - 0.5)
    base = scores[base_action(action)]
    if action.startswith(PRESTIGE):
        return base + PRESTIGE_BONUS + PRESTIGE_SHARE * max(0.0, base) - PRESTIGE_WORTH
    return base


def evaluate(game: Any, state: RftgState, seat: int) -> float:
    """How good the position looks for `seat`, in [0, 1]: the fitted chance to win of
    `evaluation.py` (a finished game: 1 for a sole win, 0.5 shared, 0 lost)."""
    if state.ended:
        result = game.result(state)
        winners = result.winners if not result.draw else tuple(range(game.num_seats))
        return 1.0 if seat in winners and len(winners) == 1 else (0.5 if seat in winners else 0.0)
    return win_chance(game, state, seat)


def is_quiet(game: Any, state: RftgState) -> bool:
    """A position may be judged as it stands at an action selection (no phase half resolved)."""
    return state.ended or (bool(state.steps) and isinstance(state.steps[0], SelectAction))
