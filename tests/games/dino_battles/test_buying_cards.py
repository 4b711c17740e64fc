"""Rulebook "Buying Cards": Combat Cards free, Strategies/Items paid from hand, Dinosaurs from the row."""

from .conftest import Table


def _row_with(t: Table, tag: str) -> None:
    """Make sure `tag` is among the revealed Dinosaurs (swapping it with a hidden one)."""
    s = t.s
    if tag in s.row:
        return
    s.dino_deck.remove(tag)
    s.dino_deck.append(s.row.pop())
    s.row.append(tag)


def test_buying_combat_cards_is_free(table: Table) -> None:
    t = table
    t.hand(0, "wound")
    t.part(0, "buy")
    assert {"buy attack", "buy evade", "buy defend"} <= set(t.legal())
    supply = t.s.supply["attack"]
    t.play("buy attack")
    assert t.p(0).hand == ["wound"] and t.p(0).discard == ["attack"]
    assert t.s.supply["attack"] == supply - 1


def test_buying_strategies_and_items_discards_the_stated_combat_cards(table: Table) -> None:
    t = table
    t.hand(0, "attack", "wound")
    t.part(0, "buy")
    legal = t.legal()
    assert "buy scheme" in legal and "buy laser" in legal  # cost: 1 attack
    assert "buy medic" not in legal  # cost: 1 defend, none in hand
    t.play("buy scheme")
    assert t.p(0).hand == ["wound"]
    assert sorted(t.p(0).discard) == ["attack", "scheme"]


def test_buying_one_card_per_turn_unless_a_buy_bonus(table: Table) -> None:
    t = table
    t.hand(0, "market", "attack")
    t.part(0, "strategy")
    t.play("play market", "pass")
    assert t.s.turn.part == "buy" and t.s.turn.buys == 2
    t.play("buy attack", "buy evade")
    assert t.s.turn.part == "keep"


def test_buying_the_first_dinosaur_makes_it_active_the_rest_go_to_the_bench(table: Table) -> None:
    t = table
    for tag in ("rex-1", "chief-1"):
        _row_with(t, tag)
    t.hand(0, "attack", "attack", "defend")
    t.part(0, "buy")
    t.play("buy rex")
    assert t.p(0).active.tag.startswith("rex-") and t.p(0).discard == ["attack", "attack"]
    assert len(t.s.row) == 5  # refilled from the Dino Deck
    t.part(0, "buy")  # a second buy
    t.play("buy chief")
    assert [d.tag.split("-")[0] for d in t.p(0).bench] == ["chief"]  # the oldest revealed copy


def test_buying_a_dinosaur_needs_room_on_a_bench_of_three(table: Table) -> None:
    t = table
    t.dino(0, "rex-1")
    for tag in ("rex-2", "shell-1", "ghost-1"):
        t.dino(0, tag, active=False)
    _row_with(t, "chief-1")
    t.hand(0, "defend")
    t.part(0, "buy")
    assert "buy chief" not in t.legal()
    t.p(0).bench.pop()  # make room (test arrangement)
    t.s.purgatory.append("ghost-1")
    assert "buy chief" in t.legal()


def test_buying_a_dinosaur_must_be_affordable(table: Table) -> None:
    t = table
    _row_with(t, "rex-1")
    t.hand(0, "attack", "evade")
    t.part(0, "buy")
    assert "buy rex" not in t.legal()
