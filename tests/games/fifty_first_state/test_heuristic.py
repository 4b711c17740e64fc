"""The heuristic player (RULES.md "Bots"): its rules of thumb, and that it beats random play."""

from cardtable.core import Match, Rng
from cardtable.games.fifty_first_state import FiftyFirstState
from cardtable.games.fifty_first_state.heuristic import HeuristicPlayer, evaluate, is_quiet
from cardtable.players import RandomPlayer

from .conftest import Table


def test_pays_with_the_exact_good_before_ammo_and_supply_before_cached_goods() -> None:
    t = Table(2)
    t.sites(0, "gun-shop", "city-guards")
    t.p(0).sites[1].held = {"gun": 1}
    t.supply(0, worker=1, gun=1, ammo=2)
    t.act("use 1")
    player = HeuristicPlayer(Rng(1))
    while t.decision.kind == "pay":
        t.act(str(player.choose(t.game.observe(t.s, 0))))
    assert t.p(0).supply == {"ammo": 1} and t.p(0).sites[1].held == {"gun": 1}


def test_takes_an_action_that_scores() -> None:
    t = Table(2)
    t.sites(0, "gun-shop")
    t.hand(0)
    t.supply(0, worker=1, gun=2)
    action = HeuristicPlayer(Rng(1)).choose(t.game.observe(t.s, 0))
    assert str(action) == "use 1"


def test_evaluation_is_a_chance_and_quiet_means_nothing_half_paid() -> None:
    t = Table(2)
    value = evaluate(t.game, t.s, 0)
    assert 0.0 < value < 1.0
    assert is_quiet(t.game, t.s)
    t.hand(0, "oilmen-fortress")
    t.supply(0, grey=2, universal=2)
    t.act("build oilmen-fortress")
    assert not is_quiet(t.game, t.s)


def test_beats_random_players() -> None:
    game = FiftyFirstState(players=2)
    wins = 0
    for seed in range(6):
        seat = seed % 2
        players = [
            HeuristicPlayer(Rng(seed)) if i == seat else RandomPlayer(Rng(seed + 50)) for i in range(2)
        ]
        match = Match(game, seed)
        while (d := match.decision) is not None:
            match.apply(players[d.seat].choose(game.observe(match.state, d.seat)))
        wins += seat in game.result(match.state).winners
    assert wins >= 5
