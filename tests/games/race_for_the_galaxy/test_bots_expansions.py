"""RULES.md "Bots", "The expansions' questions": the heuristic's rules of thumb for takeovers, defence,
Search and the prestige discard (no random answer)."""

from __future__ import annotations

from typing import Any

from cardtable.core import Action, Rng, mix_seed
from cardtable.games.race_for_the_galaxy import RaceForTheGalaxy
from cardtable.games.race_for_the_galaxy.heuristic import HeuristicPlayer
from cardtable.games.race_for_the_galaxy.search import SearchKeep
from cardtable.games.race_for_the_galaxy.state import RftgState

from .position import give, select, table
from .test_exp2_takeovers import ATTACKER, declared_takeover


def _asked(kinds: set[str], games: int = 4) -> list[tuple[RaceForTheGalaxy, RftgState]]:
    """Positions of level-3 games between heuristic players where a seat must answer one of `kinds`."""
    game = RaceForTheGalaxy(players=2, expansion=3)
    found = []
    for seed in range(games):
        s = game.new_state(seed)
        players = [HeuristicPlayer(Rng(mix_seed(seed, seat))) for seat in range(2)]
        while (d := game.decision(s)) is not None:
            legal = game.legal_actions(s)
            if d.kind in kinds and len(legal) > 1:
                found.append((game, game.clone(s)))
            game.apply(s, players[d.seat].choose(game.observe(s, d.seat)))
    return found


def _answer(game: RaceForTheGalaxy, s: RftgState) -> tuple[HeuristicPlayer, Action, dict[str, Any]]:
    d = game.decision(s)
    assert d is not None
    player = HeuristicPlayer(Rng(1))
    observation = game.observe(s, d.seat)
    action = player.choose(observation)
    return player, action, observation.view["players"][d.seat]


def test_the_defender_adds_the_least_valuable_card_until_the_attack_fails() -> None:
    game, s = declared_takeover()  # 8 against 8: the attacker wins ties
    player = HeuristicPlayer(Rng(1))
    first = player.choose(game.observe(s, 1))
    assert first.verb == "military"
    game.apply(s, first)
    assert player.choose(game.observe(s, 1)) == Action("done")  # 9 against 8: enough
    game.apply(s, Action("done"))
    assert "The takeover of Rebel Outpost fails." in s.log


def test_search_names_the_category_worth_most_and_declines_a_match_worth_less() -> None:
    kinds = set()
    for game, s in _asked({"search-category", "search-keep"}):
        player, action, me = _answer(game, s)
        step = s.steps[0]
        kinds.add(game.decision(s).kind)  # type: ignore[union-attr]
        means = player._category_means(game.view(s, 0), me)
        if isinstance(step, SearchKeep):
            worth = player._value(step.card, me)
            assert action == (
                Action("take", (step.card,)) if worth >= means[step.category] else Action("decline")
            )
        else:
            assert means[str(action.args[0])] == max(means.values())
    assert kinds == {"search-category", "search-keep"}


def test_a_card_is_traded_for_prestige_only_when_worth_less_and_three_stay() -> None:
    positions = _asked({"prestige-discard"})
    assert positions
    for game, s in positions:
        player, action, me = _answer(game, s)
        if len(me["hand"]) <= 3:
            assert action == Action("stop")
        elif action.verb == "discard":
            assert player._value(str(action.args[0]), me) < 1.2


def test_a_takeover_is_declared_when_it_swings_more_than_its_power_costs() -> None:
    game, s = table(2, expansion=2)  # the position of RVI-11, before A declares
    give(game, s, 1, hand=[], tableau=["epsilon-eridani", "rebel-outpost", "space-mercenaries"])
    give(game, s, 0, hand=["gem-world"], tableau=[*ATTACKER, "expedition-force"])
    select(game, s, ("settle", "produce"), ("settle", "produce"))
    game.apply(s, "settle none")
    game.apply(s, "settle none")
    player, action, _ = _answer(game, s)
    assert game.decision(s).kind == "takeover"  # type: ignore[union-attr]
    assert action == Action("takeover", ("rebel-outpost", "imperium-cloaking-technology"))
    # Rebel Outpost's 5 VP change hands and A has a card more, less Imperium Cloaking Technology, which
    # the takeover discards (1 VP and a card)
    assert player._takeover_gain(action) == 2 * 5 + 1 - 2
