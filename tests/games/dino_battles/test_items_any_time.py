"""Rulebook "Items": played any time, even in an opponent's turn, by paying the cost; ATK/EVA/DEF values."""

from .conftest import Table


def _setup_attack(t: Table) -> None:
    """A's Rex (ATK 6) attacks B's Rex (EVA 2, DEF 4) with an Evade attached."""
    t.dino(0, "rex-1", attached=("attack",))
    t.dino(1, "rex-2", attached=("evade",))
    for seat in range(len(t.s.players)):
        t.hand(seat)
    t.part(0, "combat")


def _declare(t: Table) -> None:
    t.play("attack 1")
    if t.decision.kind == "target":
        t.play("target b")


def test_items_playable_in_every_part_of_your_own_turn(table: Table) -> None:
    t = table
    t.dino(0, "rex-1")
    t.hand(0, "laser", "attack", "laser", "attack")
    for part in ("strategy", "combat", "buy"):
        t.part(0, part)
        assert "item laser" in t.legal()
    t.part(0, "strategy")
    t.play("item laser")
    assert t.s.boosts[0] == [3, 0, 0] and sorted(t.p(0).discard) == ["attack", "laser"]
    t.play("item laser")  # Items are not limited to one per turn
    assert t.s.boosts[0] == [6, 0, 0]


def test_items_need_their_cost_in_hand(table: Table) -> None:
    t = table
    t.hand(0, "laser", "evade")
    t.part(0, "strategy")
    assert "item laser" not in t.legal()


def test_items_defender_gets_a_window_before_the_attack_resolves(table: Table) -> None:
    t = table
    _setup_attack(t)
    t.hand(1, "cloak", "evade")
    _declare(t)
    t.play("evade")
    assert t.decision.seat == 1 and t.decision.kind == "item-window"
    assert t.legal() == ["item cloak", "pass"]
    t.play("item cloak")  # EVA 2 + 3 = 5 < ATK 6: not enough alone
    t.play("pass")
    assert t.p(1).active.damage == 10


def test_items_boost_turns_a_failed_evade_into_a_success(table: Table) -> None:
    t = table
    _setup_attack(t)
    t.dino(1, "jammer-2", attached=("evade",))  # EVA 5
    t.hand(1, "cloak", "evade")
    _declare(t)
    t.play("evade", "item cloak")  # EVA 8 >= ATK 6
    assert t.decision.kind != "item-window" or t.decision.seat != 1
    while t.s.attack is not None:
        t.play("pass")
    assert t.p(1).active.damage == 0
    t.part(1, "keep")
    t.play("pass")
    assert t.s.boosts == [[0, 0, 0] for _ in t.s.players]  # Item values last until the end of the turn


def test_items_window_looks_the_same_whatever_the_seat_holds(table: Table) -> None:
    """The window is offered to a seat that everyone can see might play an Item: whether it can pay is
    its secret, so one that cannot is offered the same window (with only `pass` among its actions)."""
    t = table
    _setup_attack(t)
    t.hand(1, "cloak", "attack")  # Smoke Pod costs an Evade: B cannot pay, but only B knows
    _declare(t)
    t.play("pass")
    assert t.decision.seat == 1 and t.decision.kind == "item-window"
    assert t.legal() == ["pass"]
    assert t.game.describe(t.s, t.game.legal_actions(t.s)[0], 0) is None  # the pass reads as no line


def test_items_no_window_when_everyone_can_see_no_item_can_be_played(table: Table) -> None:
    """A seat owning no Item (its unseen cards are known to hold none), or with too few cards in hand for
    its cheapest Item and that Item's cost, gets no window: that is public."""
    t = table
    _setup_attack(t)
    t.hand(1, "cloak")  # one card: Smoke Pod and its Evade need two
    _declare(t)
    t.play("pass")
    assert t.s.attack is None and t.p(1).active.damage == 10


def test_items_attacker_answers_last(table: Table) -> None:
    t = table
    _setup_attack(t)
    t.hand(0, "laser", "attack")
    t.hand(1, "cloak", "evade")
    n = len(t.s.players)
    if n > 2:
        t.hand(n - 1, "plate", "defend")
    _declare(t)
    t.play("evade")
    order = []
    while t.s.attack is not None:
        order.append(t.decision.seat)
        t.play("pass")
    expected = [1] + ([n - 1] if n > 2 else []) + [0]
    assert order == expected


def test_items_damage_item_in_an_opponents_turn(table: Table) -> None:
    t = table
    _setup_attack(t)
    t.hand(1, "mine", "attack")
    _declare(t)
    t.play("pass", "item mine")  # B's Mine hits A's attacking Rex (the only target)
    t.play("pass")
    assert t.p(0).active.damage == 10 and t.p(1).active.damage == 10


def test_items_turn_bonuses_are_lost_outside_your_own_turn(table: Table) -> None:
    t = table
    _setup_attack(t)
    t.hand(1, "radio")  # +1 Draw, +1 Buy (free)
    t.deck(1, "defend")
    _declare(t)
    t.play("pass", "item radio")
    assert t.p(1).hand == ["defend"]  # the draw happens
    assert t.s.turn.player == 0 and t.s.turn.buys == 1  # the Buy bonus helps nobody (RULES.md D12)


def test_items_attack_has_no_effect_when_the_attacker_is_knocked_out_first(table: Table) -> None:
    t = table
    _setup_attack(t)
    t.p(0).active.damage = 30  # Rex has 10 HP left
    t.hand(1, "mine", "attack")
    _declare(t)
    t.play("pass", "item mine", "pass")
    assert "rex-1" in t.s.purgatory and t.p(1).kos == 1
    assert t.p(1).active.damage == 0  # the attack fizzled (RULES.md D8)


def _window_seats(t: Table) -> list[int]:
    seats = []
    while t.decision.kind == "item-window":
        seats.append(t.decision.seat)
        t.play("pass")
    return seats


def test_items_any_point_even_in_an_opponents_turn_windows_after_each_part(table: Table) -> None:
    """ "You may play any number of Items at any point of the game, even during an opponent's turn":
    besides the window before an attack resolves, every other seat (clockwise) gets a window after each
    part of the active player's turn, also when nobody attacks."""
    t = table
    n = len(t.s.players)
    t.dino(0, "rex-1")
    t.dino(1, "rex-2")
    for seat, item in zip(range(n), ("laser", "mine", "plate", "cloak"), strict=False):
        t.hand(seat, item, "attack", "defend", "evade")
    t.p(1).hand.append("radio")  # a second Item (free) for B
    t.s.supply["radio"] -= 1
    t.part(0, "strategy")
    t.play("pass")  # end of A's Strategy part
    assert t.decision.kind == "item-window" and t.decision.prompt.endswith("after the Strategy part, or pass")
    assert "item mine" in t.legal()
    assert _window_seats(t) == list(range(1, n))
    assert t.decision.seat == 0 and t.decision.kind == "combat"
    t.play("pass")  # end of A's Combat part: B plays its Rail Mine on A's Rex in A's turn
    assert t.decision.seat == 1 and t.decision.kind == "item-window"
    t.play("item mine")
    if t.decision.kind == "damage":
        t.play("damage rex-1")
    assert t.p(0).active.damage == 10 and "mine" in t.p(1).discard
    assert t.decision.seat == 1 and t.decision.kind == "item-window"  # several Items may follow
    assert t.legal() == ["item radio", "pass"]
    assert _window_seats(t) == list(range(1, n))
    assert t.decision.seat == 0 and t.decision.kind == "buy"
    t.play("pass")
    assert _window_seats(t) == list(range(1, n))
    assert t.decision.seat == 0 and t.decision.kind == "keep"


def test_items_playable_in_the_keep_step_before_discarding(table: Table) -> None:
    """Items "at any point": the active player may still play one before discarding its hand."""
    t = table
    t.dino(0, "rex-1")
    t.dino(1, "rex-2")
    t.hand(0, "mine", "attack", "evade")
    t.part(0, "keep")
    assert "item mine" in t.legal()
    t.play("item mine")
    if t.decision.kind == "damage":
        t.play("damage rex-2")
    assert t.p(1).active.damage == 10 and t.decision.kind == "keep"
