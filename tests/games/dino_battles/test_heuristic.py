"""The heuristic player (heuristic.py): legal in every mode, and its rules of thumb on built positions.

The positions use the fixture card set; the player reads only card stats and effects, never card names.
"""

from __future__ import annotations

import pytest

from cardtable.core import Rng, make_game
from cardtable.core.runner import play_match
from cardtable.games.dino_battles.effects import Discard, Purge
from cardtable.games.dino_battles.heuristic import HeuristicPlayer
from cardtable.games.dino_battles.state import DinoStep, schedule
from cardtable.players import make_player
from cardtable.players.heuristic import game_heuristic

from .conftest import PLAYERS, Table


def choice(t: Table, seat: int | None = None) -> str:
    """What the heuristic player chooses at the table's pending decision."""
    seat = t.decision.seat if seat is None else seat
    return str(HeuristicPlayer(Rng(1)).choose(t.game.observe(t.s, seat)))


@pytest.mark.parametrize("players", PLAYERS)
def test_plays_only_legal_actions_in_every_mode(players: int) -> None:
    starter = make_game("dino-battles", {"players": players})
    for game in (starter, Table(players).game):  # the starter set, and the fixture set (purge, more Items)
        for seed in (1, 2):
            bots = [make_player("heuristic", seed + s) for s in range(players)]
            match = play_match(game, bots, seed, validate=True)  # an illegal action would raise
            assert match.result is not None
            game.check_invariants(match.state)


def test_the_heuristic_kind_is_this_player() -> None:
    assert isinstance(game_heuristic(make_game("dino-battles"), Rng(1)), HeuristicPlayer)


# --- the Strategy and Combat parts ------------------------------------------------------------------
def test_attaches_what_the_best_attack_still_lacks() -> None:
    t = Table(2)
    t.dino(0, "rex-1", attached=("attack", "attack"))  # Crush needs 2 ATK + 1 DEF
    t.hand(0, "attack", "defend", "evade")
    t.part(0, "strategy")
    assert choice(t) == "attach defend rex-1"


def test_plays_a_drawing_strategy_before_attaching() -> None:
    t = Table(2)
    t.dino(0, "rex-1")
    t.hand(0, "scheme", "attack")
    t.part(0, "strategy")
    assert choice(t) == "play scheme"


def test_knocks_out_with_a_damage_item_when_it_can() -> None:
    t = Table(2)
    t.dino(0, "rex-1")
    t.dino(1, "rex-2", damage=30)  # 10 HP left, Mine deals 10
    t.hand(0, "mine", "attack", "scheme")
    t.part(0, "strategy")
    assert choice(t) == "item mine"


def test_attacks_with_the_most_valuable_payable_attack() -> None:
    t = Table(2)
    t.dino(0, "rex-1", attached=("attack", "attack", "defend"))
    t.dino(1, "shell-1")
    t.hand(0)
    t.part(0, "combat")
    assert choice(t) == "attack 2"


def test_retreats_a_doomed_dinosaur_only_when_it_cannot_attack() -> None:
    t = Table(2)
    t.dino(0, "shell-1", damage=45)  # 5 HP left, free retreat
    t.dino(0, "rex-1", active=False)
    t.dino(1, "rex-2")
    t.hand(0)
    t.part(0, "combat")
    assert choice(t) == "retreat rex-1"
    t2 = Table(2)
    t2.dino(0, "shell-1", damage=45, attached=("attack",))
    t2.dino(0, "rex-1", active=False)
    t2.dino(1, "rex-2")
    t2.hand(0)
    t2.part(0, "combat")
    assert choice(t2) == "attack 1"


def test_attacks_a_player_without_a_dinosaur_first() -> None:
    t = Table(3)
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(1, "ghost-1", damage=15)  # B's Ghost could be knocked out, but C takes Wounds directly
    for seat in range(3):
        t.hand(seat)
    t.part(0, "combat")
    t.play("attack 1")
    assert choice(t) == "target c"


# --- reactions and Item windows --------------------------------------------------------------------
def _attacked_by_rex(t: Table, defender: str, attached: tuple[str, ...], hand: tuple[str, ...] = ()) -> None:
    """A's Rex (ATK 6) attacks B's `defender`, which has `attached`."""
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(1, defender, attached=attached)
    t.hand(0)
    t.hand(1, *hand)
    t.part(0, "combat")
    t.play("attack 1")


def test_evades_or_defends_only_when_it_succeeds() -> None:
    t = Table(2)
    _attacked_by_rex(t, "ghost-1", ("evade", "defend"))  # EVA 7 >= 6, DEF 1
    assert choice(t) == "evade"
    t = Table(2)
    _attacked_by_rex(t, "shell-1", ("evade", "defend"))  # EVA 1, DEF 7 >= 6
    assert choice(t) == "defend"
    t = Table(2)
    _attacked_by_rex(t, "toxo-1", ("evade", "defend"))  # EVA 4, DEF 3: neither holds
    assert choice(t) == "pass"


def test_defends_with_an_item_that_makes_up_the_difference() -> None:
    t = Table(2)
    _attacked_by_rex(t, "rex-2", ("defend",), hand=("plate", "defend"))  # DEF 4 + 3 >= 6
    assert choice(t) == "defend"
    t.play("defend")
    assert t.decision.kind == "item-window" and choice(t) == "item plate"


def test_the_attacker_pushes_through_a_defence_with_an_item() -> None:
    t = Table(2)
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(1, "rex-2", attached=("evade",))
    t.hand(0, "laser", "attack")
    t.hand(1)
    t.part(0, "combat")
    t.s.boosts[1] = [0, 5, 0]  # B's Rex has EVA 7 this turn: it evades ATK 6, not ATK 6 + 3
    t.play("attack 1", "evade")
    assert t.decision.seat == 0 and t.decision.kind == "item-window"
    assert choice(t) == "item laser"


# --- buying, keeping and forced choices ----------------------------------------------------------------
def test_buys_a_dinosaur_first_then_a_bench() -> None:
    t = Table(2)
    t.hand(0, "attack", "attack", "evade", "defend", "defend")
    t.part(0, "buy")
    assert choice(t).split()[1] in t.cat.dinosaurs


def test_buys_combat_cards_when_it_has_enough_dinosaurs_and_nothing_good_is_affordable() -> None:
    t = Table(2)
    t.dino(0, "rex-1")
    t.dino(0, "shell-1", active=False)
    t.hand(0)
    for free in ("patch", "radio"):  # the free Items (cost nothing) go out of the game
        t.s.purgatory += [free] * t.s.supply[free]
        t.s.supply[free] = 0
    t.part(0, "buy")
    assert choice(t) == "buy attack"  # both Dinosaurs' attacks are paid with ATK


def test_keeps_a_strategy_and_never_a_status_card() -> None:
    t = Table(2)
    t.dino(0, "rex-1")
    t.hand(0, "wound", "attack", "scheme")
    t.part(0, "keep")
    assert choice(t) == "keep scheme"
    t.hand(0, "wound", "poison")
    t.part(0, "keep")
    assert choice(t) == "pass"


def _pending(t: Table, effect: DinoStep, hand: tuple[str, ...]) -> None:
    t.dino(0, "rex-1")
    t.dino(1, "rex-2")
    t.hand(effect.seat, *hand)
    t.part(0, "strategy")
    schedule(t.s, effect)


def test_discards_a_paralyze_first_and_a_poison_last() -> None:
    t = Table(2)
    _pending(t, Discard(1, 1, source=0, target=1), ("poison", "attack", "paralyze", "wound"))
    assert t.decision.seat == 1 and choice(t) == "discard paralyze"
    t = Table(2)
    _pending(t, Discard(1, 1, source=0, target=1), ("poison", "attack", "scheme"))
    assert choice(t) == "discard attack"


def test_purges_wounds_first_and_nothing_useful() -> None:
    t = Table(2)
    _pending(t, Purge(0, 2), ("attack", "wound"))
    assert choice(t) == "purge wound"
    t.play("purge wound")
    assert choice(t) == "pass"


def test_promotes_a_dinosaur_that_can_attack() -> None:
    t = Table(2)
    t.dino(0, "rex-1", damage=35)
    t.dino(0, "shell-1", active=False)  # healthier, but nothing attached
    t.dino(0, "toxo-1", active=False, attached=("attack",))
    t.dino(1, "rex-2", attached=("attack",))
    t.hand(0)
    t.hand(1)
    t.part(1, "combat")
    t.play("attack 1")
    assert t.decision.kind == "promote" and choice(t) == "promote toxo-1"
