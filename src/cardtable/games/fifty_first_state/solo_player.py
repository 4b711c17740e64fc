"""A player for the solo game (`solo=virtual`) that knows the virtual player's rules.

The heuristic for 2 to 4 players treats the virtual player as a person: it judges each action with
the reply it sees in one sample and half the opponent's worth, so a claimed Connection card or a
razed location after any action makes passing look best, and it passes early in most rounds. This
player reads the solo rules instead (RULES.md "The solo player"):

- the virtual player's score counts in full, and what its turns left this round will take is counted
  before it happens (`solo_worth.threat`: 2 VP a face-up Connection card, and each attack left over
  the unseen cards, on the location it would raze);
- so an action is judged by what it changes of that: building while attacks are left exposes the new
  location (and may draw an attack away from a better one), taking a Connection card saves 2 VP, and
  passing saves the whole threat but gives up the rest of the round;
- each action is tried on several samples (the attack card is the one chance of the reply);
- passing is chosen only when the threat it saves exceeds what the round still offers: the best
  action's gain and a share of the next ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.core import Action, Game, Observation, Rng

from .cards import Catalog
from .heuristic import ENABLERS, ENABLERS_LOOKED_AT, FOLLOW_UP_SHARE, HeuristicPlayer, pruned
from .solo_worth import ends_this_round, final_margin, solo_standing, threat
from .state import PERSON, VIRTUAL, FiftyState


class SoloPlayer(HeuristicPlayer):
    """The heuristic of the solo game: the person (seat A) against the virtual player."""

    #: judge by what scores at the end as soon as the virtual player surely ends the game this round
    LOOK_AHEAD = True
    #: what ending the game (reaching the end score) while behind counts against the action
    BEHIND_AT_THE_END = 3.0
    #: samples each action is tried on
    SAMPLES = 4
    #: samples on which passing is compared with playing the round out
    ROLLOUTS = 2
    #: at most this many actions of a round played out
    ROLLOUT_ACTIONS = 12
    #: the gain an action must promise to be played when passing saves nothing
    MARGIN = 0.05

    #: how much a win counts in a finished game beyond its margin, in VP (`judge`)
    WON = 10.0

    def pick(self, observation: Observation, legal: list[Action]) -> Action:
        if observation.decision.kind != "action":
            return super().pick(observation, legal)
        return self._ranked_actions(observation)[0]

    def shortlist(self, observation: Observation, size: int) -> list[Action]:
        """Up to `size` moves, the best first (the one `choose` plays) and passing among them, for
        ISMCTS (players/guided_rollouts.py): at an action decision, the actions by their mean gain;
        at any other decision, the rules of thumb's one choice."""
        legal = observation.legal_actions
        if len(legal) == 1 or observation.decision.kind != "action":
            return [self.choose(observation)]
        ranked = [action for action in self._ranked_actions(observation) if action in legal]
        if size < 2 or Action("pass") in ranked[:size] or Action("pass") not in legal:
            return ranked[:size]
        return [*ranked[: size - 1], Action("pass")]

    def playout(self, rng: Rng, state: FiftyState) -> tuple[SoloPlayer, Callable[[FiftyState], bool]]:
        """ISMCTS's playouts: the quicker player on one sample (`QuickSoloPlayer`), to the next round
        (the same point of the game whatever the move: passing or acting, the round is played out,
        the virtual player's turns included)."""
        start = state.round
        return QuickSoloPlayer(rng), lambda s: s.round > start

    def judge(self, game: Game[Any], state: FiftyState) -> float:
        """Where the person stands in a sampled state, in VP: a finished game by its margin (`WON` more
        for a win), else the guessed final margin (`solo_worth.final_margin`)."""
        cat: Catalog = game.catalog  # type: ignore[attr-defined]
        if game.result(state) is None:
            return final_margin(cat, state)
        margin = state.players[PERSON].vp - state.players[VIRTUAL].vp
        return margin + (self.WON if margin > 0 else 0.0)

    def _ranked_actions(self, observation: Observation) -> list[Action]:
        """The action chosen (see the module's docstring), then the others by mean gain, passing last."""
        game = observation.game
        cat: Catalog = game.catalog  # type: ignore[attr-defined]
        samples: list[FiftyState] = [observation.determinize(self.rng.fork()) for _ in range(self.SAMPLES)]
        moves = [a for a in pruned(cat, samples[0], PERSON, observation.legal_actions) if a.verb != "pass"]
        gains = {action: 0.0 for action in moves}
        saved = 0.0  # what passing saves: the virtual player's turns left this round (it passes at once)
        for sample in samples:
            for action, gain in self._gains(game, cat, sample, moves).items():
                gains[action] += gain / len(samples)
            saved += threat(cat, sample) / len(samples)
        ranked = sorted(gains, key=lambda a: -gains[a])
        passing = [Action("pass")]
        if not gains:
            return passing
        best = ranked[0]
        if gains[best] <= self.MARGIN:
            return passing + ranked
        # passing saves more than the best action gains: compare passing now with playing the round
        # out (the virtual player's turns included), on a few samples
        if (
            saved > gains[best]
            and Action("pass") in observation.legal_actions
            and self._round_left(game, cat, samples[: self.ROLLOUTS], best) < self._passed(game, cat, samples)
        ):
            return passing + ranked
        return ranked + passing

    def _passed(self, game: Game[Any], cat: Catalog, samples: list[FiftyState]) -> float:
        """The mean change of solo standing if the person passes now (to the next round's Lookout)."""
        total = 0.0
        for sample in samples:
            after = self._try(game, cat, sample, Action("pass"), PERSON)
            self._to_round_end(game, after, sample.round)
            total += self._settled(cat, after, sample) - solo_standing(cat, sample)
        return total / len(samples)

    def _round_left(self, game: Game[Any], cat: Catalog, samples: list[FiftyState], first: Action) -> float:
        """The mean change of solo standing if the person plays `first`, then the rest of the round
        by the same rules of thumb without passing early (one sample each)."""
        total = 0.0
        for sample in samples:
            s = self._try(game, cat, sample, first, PERSON)
            for _ in range(self.ROLLOUT_ACTIONS):
                d = game.decision(s)
                if d is None or s.round != sample.round or s.phase != "action" or d.kind != "action":
                    break
                legal = game.legal_actions(s)
                moves = [a for a in pruned(cat, s, PERSON, legal) if a.verb != "pass"]
                gains = self._gains(game, cat, s, moves, follow_up=False)
                best = max(gains, key=lambda a: gains[a]) if gains else None
                action = best if best is not None and gains[best] > self.MARGIN else Action("pass")
                s = self._try(game, cat, s, action, PERSON)
            self._to_round_end(game, s, sample.round)
            total += self._settled(cat, s, sample) - solo_standing(cat, sample)
        return total / len(samples)

    def _to_round_end(self, game: Game[Any], s: FiftyState, round_: int) -> None:
        """Let the base rules of thumb finish the round's Cleanup (storage) if it asks."""
        while (d := game.decision(s)) is not None and s.round == round_ and d.kind == "store":
            game.apply(s, game.legal_actions(s)[0], validate=False)

    def _settled(self, cat: Catalog, s: FiftyState, before: FiftyState) -> float:
        """Solo standing after the round: by what scores at the end if the round already was the last
        (a round that becomes the last is judged as if play went on: passing to put off the end only
        gives the virtual player another round)."""
        if before.last_round:
            return solo_standing(cat, s, True) - solo_standing(cat, before, True) + solo_standing(cat, before)
        return solo_standing(cat, s, False)

    def _gains(
        self, game: Game[Any], cat: Catalog, s: FiftyState, actions: list[Action], follow_up: bool = True
    ) -> dict[Action, float]:
        """Each action's gain in solo standing on one sample (the virtual player's reply included);
        an action that only converts resources also gets a share of the best action it enables."""
        late = self.LOOK_AHEAD and ends_this_round(cat, s)  # what scores at the end is what counts
        base = solo_standing(cat, s, late)
        gains: dict[Action, float] = {}
        enablers: list[tuple[float, Action, FiftyState]] = []
        for action in actions:
            after = self._try(game, cat, s, action, PERSON)
            if after.last_round and not late:  # judged by what scores at the end
                gain = solo_standing(cat, after, True) - solo_standing(cat, s, True)
                if solo_standing(cat, after, True) < 0:  # it ends the game behind: a loss made sure
                    gain -= self.BEHIND_AT_THE_END
            else:
                gain = solo_standing(cat, after, late) - base
            gains[action] = gain
            if action.verb in ENABLERS:
                enablers.append((gain, action, after))
        enablers.sort(key=lambda x: -x[0])
        looked_at = ENABLERS_LOOKED_AT if follow_up else 1
        for _, action, after in enablers[:looked_at]:
            gains[action] += FOLLOW_UP_SHARE * self._best_gain(game, cat, after, PERSON)
        for _, action, _ in enablers[looked_at:]:
            gains[action] = min(gains[action], 0.0)
        return gains


class QuickSoloPlayer(SoloPlayer):
    """The solo player on one sample, with one rollout of the round: ISMCTS's playouts."""

    SAMPLES = 1
    ROLLOUTS = 1
