"""Solo rules, Action Phase: you always play first; the virtual player's turn in priority order (pass
once you have passed; pass after three attacks; claim a face-up Connection card for 2 VP, at random
between two; otherwise attack); after it passes you play on alone. RESEARCH.md §4.1, §4.2 items 2, 9, 10."""

from .conftest import SoloTable


def _table(seed: int = 1) -> SoloTable:
    t = SoloTable(seed)
    t.sites(0, "docks", "arena", "church")
    t.sites(1, "pub", "school")
    t.supply(0, worker=20)
    return t


def test_two_claims_then_three_attacks_then_a_pass_then_you_play_alone() -> None:
    t = _table()
    t.up(blue="merchants", red="punks")
    t.top("fuel-tank", "methane-storage", "city-guards")
    discard = len(t.s.discard)
    # 1. you act; it claims one of the two face-up Connection cards at random: 2 VP, discarded
    lines = t.step("work fuel")
    assert lines[0].startswith("A exchanges workers")
    assert "chosen at random between the two face-up cards" in lines[1] and "2 VP (2 in all)" in lines[1]
    assert t.vip.vp == 2 and len([c for c in t.s.connection_up.values() if c]) == 1
    claimed = "merchants" if not t.s.connection_up["blue"] else "punks"
    colour = "blue" if claimed == "merchants" else "red"
    assert t.s.connection_discards[colour][-1] == claimed and claimed not in t.vip.connections
    assert t.decision.seat == 0 and t.s.turn == 0
    # 2. it claims the other one, with no choice to make
    lines = t.step("work fuel")
    assert "claims the" in lines[1] and "random" not in lines[1] and t.vip.vp == 4
    assert t.s.connection_up == {"blue": "", "red": ""}
    # 3-5. three attacks, each revealing the top card of the deck onto the attack pile
    for n, card in enumerate(("fuel-tank", "methane-storage", "city-guards"), 1):
        lines = t.step("work fuel")
        assert lines[1].startswith(f"The virtual player attacks ({n} of 3 this round)")
        assert t.s.virtual.attacks == n and t.s.virtual.pile[-1] == card
    assert t.s.virtual.pile == ["fuel-tank", "methane-storage", "city-guards"]
    # 6. having attacked three times, it passes; the attack pile is discarded
    lines = t.step("work fuel")
    assert lines[1].startswith("The virtual player passes: it has attacked 3 times this round")
    assert "attack pile (Fuel Tank, Methane Storage, City Guards) is discarded" in lines[1]
    assert t.vip.passed and t.s.virtual.pile == [] and len(t.s.discard) == discard + 3
    # 7. you go on alone: every turn is yours, the virtual player is not asked again
    lines = t.step("work fuel")
    assert len(lines) == 1 and t.decision.seat == 0
    # ...and you may no longer raze its locations or use its open productions
    assert not any(a.verb in ("attack", "open") for a in t.legal())
    # 8. your pass ends the round; you keep the first-player token; the attack count starts again
    t.step("pass")
    assert t.s.round == 2 and t.s.first == 0 and t.s.virtual.attacks == 0 and not t.vip.passed
    assert any("{A} keeps the first-player token" in line for line in t.s.events)


def test_a_claim_between_two_cards_is_random_from_the_state_rng() -> None:
    claimed = set()
    for seed in range(10):
        t = _table(seed)
        t.up(blue="merchants", red="punks")
        t.s.rng = type(t.s.rng)(seed)
        again = t.game.clone(t.s)
        t.act("work fuel")
        t.game.apply(again, "work fuel")
        assert t.s.connection_up == again.connection_up, "the same state claims the same card"
        claimed.add("blue" if not t.s.connection_up["blue"] else "red")
    assert claimed == {"blue", "red"}


def test_a_connection_card_you_take_is_not_there_for_it() -> None:
    t = _table()
    t.up(blue="merchants", red="punks")
    lines = t.step("connect red")
    assert "punks" in t.you.connections
    assert "claims the blue Connection card Merchants: 2 VP" in lines[-1] and "random" not in lines[-1]


def test_your_pass_makes_it_pass_so_you_are_not_attacked() -> None:
    t = _table()
    t.up(blue="merchants", red="punks")
    sites = [(site.key, site.ruin) for site in t.you.sites]
    lines = t.step("pass")
    assert lines[0] == "A passes."
    assert lines[1] == "The virtual player passes: A has passed."
    assert t.vip.vp == 0 and [(site.key, site.ruin) for site in t.you.sites] == sites
    # the round ended: the unclaimed Connection cards were discarded at Cleanup
    assert "merchants" in t.s.connection_discards["blue"] and "punks" in t.s.connection_discards["red"]
    assert t.s.round == 2 and t.s.first == 0


def test_your_pass_after_an_attack_discards_the_short_attack_pile() -> None:
    t = _table()
    t.quiet()
    t.top("fuel-tank")
    t.step("work fuel")
    assert t.s.virtual.pile == ["fuel-tank"]
    lines = t.step("pass")
    assert "The virtual player passes: A has passed; the attack pile (Fuel Tank) is discarded." in lines
    assert t.s.virtual.pile == [] and t.s.round == 2
    t.game.check_invariants(t.s)


def test_you_can_raze_it_and_use_it_only_before_it_passes() -> None:
    t = _table()
    t.supply(0, worker=2, red=3)
    t.up(blue="merchants")
    texts = t.texts()
    assert "attack b 1" in texts and "attack b 2" in texts and "open b 1" in texts
    t.vip.passed = True
    texts = t.texts()
    assert not any(x.startswith(("attack b", "open b")) for x in texts)
