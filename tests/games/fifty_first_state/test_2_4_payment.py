"""RESEARCH.md §2.4 Substitutions: every legal way to pay is offered, one short decision at a time;
a payment with one way resolves itself; nothing is spent that the cost does not name."""

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.games.fifty_first_state import payment
from cardtable.games.fifty_first_state.cards import BASIC, CONTACTS, TOKENS
from tests.fuzzing import examples

from .conftest import Table


def test_a_single_way_to_pay_needs_no_decision() -> None:
    t = Table(2)
    t.hand(0, "gun-shop")
    t.supply(0, grey=3, blue=1)
    t.act("build gun-shop")
    assert t.p(0).supply == {"blue": 1} and t.decision.seat == 1


def test_universal_contacts_pay_for_any_colour_and_the_player_chooses() -> None:
    t = Table(2)
    t.hand(0, "oilmen-fortress")
    t.supply(0, grey=2, universal=2)
    t.act("build oilmen-fortress")  # 3 grey: 2 grey + 1 universal, or 1 grey + 2 universal
    # both ways spend a grey contact: that one is paid at once; then the real choice
    assert t.decision.kind == "pay" and t.texts() == ["pay grey", "pay universal"]
    assert t.p(0).supply == {"grey": 1, "universal": 2}
    t.act("pay universal")  # 1 grey + 2 universal: the last one is forced
    assert t.p(0).supply == {"grey": 1} and t.decision.seat == 1


def test_every_way_is_reached_by_exactly_one_chain_of_choices() -> None:
    """Ammo pays for a basic good; two chains never end in the same payment (no useless choices)."""
    t = Table(2)
    t.sites(0, "gun-shop", "city-guards")
    t.p(0).sites[1].held = {"gun": 1}
    t.supply(0, worker=1, gun=1, ammo=2)
    ends: Counter[str] = Counter()

    def walk(table_json: str) -> None:
        s = t.game.from_json(table_json)
        d = t.game.decision(s)
        if d.kind != "pay":
            ends[str(sorted(s.players[0].supply.items())) + str(s.players[0].sites[1].held)] += 1
            return
        for action in t.game.legal_actions(s):
            copy = t.game.clone(s)
            t.game.apply(copy, action)
            walk(t.game.to_json(copy))

    t.act("use 1")  # 1 worker + 2 guns: guns from supply gun, ammo x2, City Guards' gun
    walk(t.game.to_json(t.s))
    # ways to pay 2 guns from {gun, ammo, ammo, gun on the card}: gun+ammo, gun+card, ammo+ammo, ammo+card
    assert len(ends) == 4 and set(ends.values()) == {1}


def test_goods_on_a_cache_feature_pay_costs() -> None:
    t = Table(2)
    t.sites(0, "camp", "archive")
    t.p(0).sites[0].held = {"worker": 3}
    t.supply(0)
    assert t.can("use 2") and t.can("work gun")
    t.act("use 2")
    assert t.p(0).sites[0].held == {"worker": 2} and t.p(0).vp == 1


def test_any_basic_good_accepts_ammo() -> None:
    t = Table(2)
    t.sites(0, "merc-outpost")
    t.supply(0, ammo=1)
    t.act("use 1")
    assert t.p(0).supply == {"worker": 2}


def test_ammo_pays_the_brick_of_a_develop_but_not_a_contact() -> None:
    t = Table(2)
    t.sites(0, "quarry")
    t.hand(0, "clay-pit", "school")
    t.supply(0, ammo=1)
    texts = t.texts()
    assert "develop clay-pit 1" in texts and "build school" not in texts


def test_discarding_a_deal_is_a_choice_between_different_deals() -> None:
    t = Table(2)
    t.sites(0, "hideout")
    t.deals(0, "docks", "church")
    t.act("use 1")
    assert t.decision.kind == "drop-deal" and t.texts() == ["drop church", "drop docks"]
    t.act("drop docks")
    assert t.p(0).deals == ["church"] and t.p(0).vp == 1


def test_options_offer_only_sources_that_complete_the_payment() -> None:
    pool = Counter({("gun", 0): 1, ("ammo", 0): 1})
    # 1 gun + 1 any basic good: either source may come first, but only in the fixed order
    assert payment.next_sources(pool, ["gun", "any-basic"], []) == [("gun", 0)]
    assert payment.outcomes(pool, ["gun", "any-basic"]) == [(("gun", 0), ("ammo", 0))]
    assert not payment.can_pay(Counter({("ammo", 0): 1}), ["grey"])


def _pays_by_sources(pool: Counter, units: list[str]) -> bool:
    """The reference: give each token unit its own source, trying every source (slot by slot)."""
    tokens = [u for u in units if u not in payment.CARD_UNITS]

    def assign(index: int) -> bool:
        if index == len(tokens):
            return True
        for source, n in pool.items():
            if n > 0 and source[0] in payment.accepts(tokens[index]):
                pool[source] -= 1
                ok = assign(index + 1)
                pool[source] += 1
                if ok:
                    return True
        return False

    return assign(0)


SOURCES = st.tuples(st.sampled_from(TOKENS), st.integers(0, 3))
UNITS = [
    *BASIC, *CONTACTS, "any-basic", "ammo", "universal", "worker", payment.DEVELOP_MATCH, payment.DEVELOP_ANY,
    "discard-card",
]  # fmt: skip


@settings(max_examples=examples(1000))
@given(
    pool=st.dictionaries(SOURCES, st.integers(0, 2), max_size=7),
    units=st.lists(st.sampled_from(UNITS), max_size=5),
)
def test_2_4_whether_a_cost_can_be_paid_depends_only_on_the_kinds_of_tokens_held(
    pool: dict[tuple[str, int], int], units: list[str]
) -> None:
    """can_pay answers from the counts of each kind (by counting, or a cached search for Develop's
    matching unit): the same as trying every single source."""
    counter = Counter(pool)
    assert payment.can_pay(counter, units) == _pays_by_sources(counter, units)
    assert counter == Counter(pool)


def _ways_by_assignment(pool: Counter, units: list[str]) -> list[tuple]:
    """The reference: every assignment of a source to each token unit, as the sorted sources spent."""
    tokens = [u for u in units if u not in payment.CARD_UNITS]
    options = [[s for s in pool if pool[s] > 0 and s[0] in payment.accepts(u)] for u in tokens]
    ways = set()
    for pick in itertools.product(*options):
        if all(pick.count(s) <= pool[s] for s in pick):
            ways.add(tuple(sorted(pick, key=payment.source_key)))
    return sorted(ways, key=lambda w: [payment.source_key(s) for s in w])


@settings(max_examples=examples(500))
@given(
    pool=st.dictionaries(SOURCES, st.integers(0, 2), max_size=6),
    units=st.lists(st.sampled_from(UNITS), max_size=4),
)
def test_2_4_every_way_to_pay_is_offered_once(pool: dict[tuple[str, int], int], units: list[str]) -> None:
    """The payment chain's ways to pay are exactly the distinct sets of sources some assignment of
    sources to units spends, each once."""
    counter = Counter(pool)
    assert payment.outcomes(counter, units) == _ways_by_assignment(counter, units)
