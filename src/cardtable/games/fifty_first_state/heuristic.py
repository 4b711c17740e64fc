"""A simple, explainable 51st State player, and a position evaluation for search.

The player reads its Observation only (its view, legal actions and states sampled with
`determinize`) and the public card data; it never names a card. Its rules of thumb (RULES.md "Bots"):

* top-level actions: try each one on a sampled state and keep the one that raises `worth` the most
  (own worth minus half the best opponent's), passing when nothing gains; tokens left in a supply
  count for little late in the round because Cleanup discards them;
* paying: spend supply tokens of the exact kind first, then ammo or universal contacts, and goods
  lying on locations last (they would outlast Cleanup);
* set-up discards and Lookout picks: keep the cards with the highest `card_worth`;
* a card or deal given up as a cost: the one worth least; Thieves Caravan: the leader's good;
* storage at Cleanup: store whatever fits.

`evaluate` (for ISMCTS) is the fitted win chance of `evaluation.py`.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import Action, Game, Observation, RulesOfThumb

from . import evaluation, solo_worth
from .actions import TakeAction
from .cards import Catalog
from .state import PERSON, FiftyState
from .worth import VALUE, card_worth, standing, worth


def evaluate(game: Game[Any], state: FiftyState, seat: int) -> float:
    """How good the position looks for `seat`, in [0, 1], for ISMCTS: the fitted chance to win of
    `evaluation.py` (a finished game: 1 for a sole win, 0.5 shared or drawn, 0 lost)."""
    result = game.result(state)
    if result is not None:
        if seat in result.winners:
            return 1.0 if len(result.winners) == 1 else 0.5
        return 0.5 if result.draw else 0.0
    if state.virtual is not None:  # the solo game: the person's chance against the virtual player
        chance = solo_worth.win_chance(game.catalog, state)  # type: ignore[attr-defined]
        return chance if seat == PERSON else 1.0 - chance
    return evaluation.win_chance(game, state, seat)


def is_quiet(game: Game[Any], state: FiftyState) -> bool:
    """A position with no action half paid."""
    return state.pending is None


class HeuristicPlayer(RulesOfThumb):
    """Rules of thumb for every decision; see the module docstring and RULES.md "Bots". The solo
    game's heuristic is `solo_player.SoloPlayer`, which builds on this one (`FiftyFirstState.heuristic`)."""

    def pick(self, observation: Observation, legal: list[Action]) -> Action:
        game = observation.game
        cat: Catalog = game.catalog  # type: ignore[attr-defined]
        kind = observation.decision.kind
        view = observation.view
        if kind == "keep":
            return min(legal, key=lambda a: card_worth(cat, cat.locations[str(a.args[0])]))
        if kind == "lookout":
            return max(legal, key=lambda a: card_worth(cat, cat.locations[str(a.args[0])]))
        if kind == "store":
            return legal[0]
        if kind in FOLLOW_UPS:
            return self._follow_up(cat, kind, legal, view)
        return self._best_action(observation, cat)

    def _best_action(self, observation: Observation, cat: Catalog) -> Action:
        game = observation.game
        seat = observation.seat
        sample: FiftyState = observation.determinize(self.rng.fork())
        base = standing(cat, sample, seat)
        scored: list[tuple[float, int, Action, FiftyState]] = []
        for i, action in enumerate(pruned(cat, sample, seat, observation.legal_actions)):
            if action.verb != "pass":
                after = self._try(game, cat, sample, action, seat)
                if after.last_round and not sample.last_round:
                    # an action that makes this round the last is judged by what scores at the end,
                    # before and after (else reaching the end score would look like a loss of worth)
                    gain = standing(cat, after, seat, True) - standing(cat, sample, seat, True)
                else:
                    gain = standing(cat, after, seat) - base
                scored.append((gain, i, action, after))
        # an action that only turns one resource into another is judged with the best action it
        # enables next turn (for the few most promising such actions)
        enablers = sorted((x for x in scored if x[2].verb in ENABLERS), key=lambda x: (-x[0], x[1]))
        best, best_gain = Action("pass"), PASS_MARGIN
        for gain, i, action, after in scored:
            if action.verb in ENABLERS:
                if not any(e[1] == i for e in enablers[:ENABLERS_LOOKED_AT]):
                    continue
                gain += FOLLOW_UP_SHARE * self._best_gain(game, cat, after, seat)
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def _try(self, game: Game[Any], cat: Catalog, s: FiftyState, action: Action, seat: int) -> FiftyState:
        after = game.clone(s)
        game.apply(after, action, validate=False)
        self._finish(game, cat, after, seat)
        return after

    def _best_gain(self, game: Game[Any], cat: Catalog, s: FiftyState, seat: int) -> float:
        """The best one-action gain `seat` would have from `s` if it were its turn again."""
        if s.phase != "action" or s.pending is not None or not isinstance(s.steps[0], TakeAction):
            return 0.0
        s.turn = s.steps[0].seat = seat  # as if it were the seat's turn again
        base = worth(cat, s, seat)
        best = 0.0
        for action in pruned(cat, s, seat, game.legal_actions(s)):
            if action.verb in ("pass", "attack", *ENABLERS):
                continue
            after = self._try(game, cat, s, action, seat)
            if after.last_round and not s.last_round:  # judged by what scores at the end
                gain = worth(cat, after, seat, True) - worth(cat, s, seat, True)
            else:
                gain = worth(cat, after, seat) - base
            best = max(best, gain)
        return best

    def _finish(self, game: Game[Any], cat: Catalog, s: FiftyState, seat: int) -> None:
        """Pay for (and follow up) an action just tried, with the same rules of thumb."""
        while (d := game.decision(s)) is not None and d.seat == seat and d.kind in FOLLOW_UPS:
            legal = game.legal_actions(s)
            view = game.view(s, seat) if d.kind == "steal" else {}
            game.apply(s, self._follow_up(cat, d.kind, legal, view), validate=False)

    def _follow_up(self, cat: Catalog, kind: str, legal: list[Action], view: dict[str, Any]) -> Action:
        if kind == "pay":
            return min(legal, key=_pay_rank)
        if kind == "discard":
            return min(legal, key=lambda a: _card_value(cat, str(a.args[0])))
        if kind == "drop-deal":
            return min(legal, key=lambda a: VALUE[cat.locations[str(a.args[0])].deal])
        vps = {p["seat"]: p["vp"] for p in view["players"]}
        return max(legal, key=lambda a: (vps[str(a.args[0])], VALUE[str(a.args[1])]))


#: actions that only turn one resource into another: judged with the best action they enable
ENABLERS = ("faction", "work", "connect", "play")
#: how many of them are looked at further
ENABLERS_LOOKED_AT = 4
#: the gain an action must promise to be preferred to passing
PASS_MARGIN = 0.05
#: how much of the enabled action's gain counts
FOLLOW_UP_SHARE = 0.8
#: decisions that follow a chosen action: paying it and Thieves Caravan's choice
FOLLOW_UPS = ("pay", "discard", "drop-deal", "steal")


def pruned(cat: Catalog, s: FiftyState, seat: int, legal: list[Action]) -> list[Action]:
    """`legal` without the develop actions a rule of thumb rules out: a card is developed only onto
    a Ruin or onto the location worth least among those it may replace."""
    sites = s.players[seat].sites
    target: dict[str, tuple[float, int]] = {}
    for action in legal:
        if action.verb == "develop":
            card, slot = str(action.args[0]), int(action.args[1])
            site = sites[slot - 1]
            rank = (0.0 if site.ruin else card_worth(cat, cat.locations[site.key]), slot)
            if card not in target or rank < target[card]:
                target[card] = rank
    return [a for a in legal if a.verb != "develop" or target[str(a.args[0])][1] == int(a.args[1])]


def _pay_rank(action: Action) -> tuple[int, int]:
    kind = str(action.args[0])
    slot = int(action.args[1]) if len(action.args) > 1 else 0
    substitute = kind in ("ammo", "universal", "development")
    return (1 if slot else 0, 1 if substitute else 0)


def _card_value(cat: Catalog, key: str) -> float:
    if key in cat.locations:
        return card_worth(cat, cat.locations[key])
    return 0.6


__all__ = ["HeuristicPlayer", "evaluate", "is_quiet", "worth"]
