"""Card data (RESEARCH.md §2.1, §3): every base-game card against the facts of the reference card file.

`data/card_facts.json` holds the facts of the base-game entries of Keldon Jones' card file (name,
type, cost, VP, copies, good, flags, power codes, 6-cost lines); our `cards.toml` says the same in
our own vocabulary. The test translates each fact on its own and compares.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from cardtable.core import CardDataError
from cardtable.core.carddata import convert_card_data
from cardtable.games.race_for_the_galaxy.cards import CardFile, _validate, catalog

FACTS = json.loads((Path(__file__).parent / "data" / "card_facts.json").read_text())["cards"]
GOOD = {"NOVELTY": "novelty", "RARE": "rare", "GENE": "genes", "ALIEN": "alien", "ANY": "any"}
PHASE = {1: "explore", 2: "develop", 3: "settle", 4: "consume", 5: "produce"}


def test_2_1_components_114_cards_95_designs_5_start_worlds() -> None:
    cat = catalog()
    assert len(cat.cards) == 95
    assert len(cat.all_cards) == 114
    assert len(cat.start_worlds) == 5
    worlds = [c for c in cat.cards.values() if c.is_world]
    devs = [c for c in cat.cards.values() if not c.is_world]
    assert len(worlds) == 64 and sum(c.count for c in devs) == 50
    assert sum(1 for c in devs if c.six_cost) == 12
    assert sum(1 for c in worlds if c.military) == 23 and sum(1 for c in worlds if c.windfall) == 25
    goods = Counter(c.good for c in worlds)
    assert goods == {"novelty": 14, "rare": 13, "genes": 11, "alien": 8, None: 18}


def test_3_every_card_matches_the_facts_cost_vp_count_good_flags() -> None:
    cat = catalog()
    assert {f["name"] for f in FACTS} == {c.name for c in cat.cards.values()}
    for fact in FACTS:
        card = cat[cat.names[fact["name"]]]
        flags = set(fact["flags"])
        assert (card.type, card.cost, card.vp, card.count) == (
            fact["type"],
            fact["cost"],
            fact["vp"],
            fact["count"],
        )
        assert card.good == (GOOD[fact["good"]] if fact["good"] else None), card.name
        assert card.start == ("START" in flags) and card.windfall == ("WINDFALL" in flags), card.name
        assert card.military == ("MILITARY" in flags), card.name
        for flag in ("REBEL", "ALIEN", "UPLIFT", "IMPERIUM", "TERRAFORMING"):
            assert (flag.lower() in card.flags) == (flag in flags), (card.name, flag)


def _expected_power(text: str) -> dict[str, object]:
    """A reference power line translated to our vocabulary's fields (phase, power, numbers)."""
    phase, codes_text, value, times = text.split(":")
    codes = {c.strip() for c in codes_text.split("|")}
    out: dict[str, object] = {"phase": PHASE[int(phase)], "value": int(value), "times": int(times)}
    kinds = [GOOD[k] for k in ("NOVELTY", "RARE", "GENE", "ALIEN") if any(c.endswith(k) for c in codes)]
    out["good"] = kinds[0] if kinds else ""
    if any(c.endswith("_ANY") for c in codes):
        out["good"] = "any"
    if "TRADE_THIS" in codes:
        out["good"] = "this"
    out["codes"] = codes
    return out


def _ours(power: object) -> dict[str, object]:
    return {
        f: getattr(power, f) for f in ("phase", "power", "value", "good", "goods", "times", "vp", "cards")
    }


def test_3_every_power_matches_the_facts() -> None:
    cat = catalog()
    uses: Counter[str] = Counter()
    for fact in FACTS:
        card = cat[cat.names[fact["name"]]]
        assert len(card.powers) == len(fact["powers"]), card.name
        for text, power in zip(fact["powers"], card.powers, strict=True):
            exp = _expected_power(text)
            ours = _ours(power)
            codes = exp["codes"]
            assert isinstance(codes, set)
            assert ours["phase"] == exp["phase"], (card.name, text)
            uses[f"{exp['phase']}:{power.power}"] += 1
            if "GET_VP" in codes or "DISCARD_HAND" in codes:
                assert ours["vp"] == exp["value"], (card.name, text)
            elif power.power not in ("consume", "trade", "gamble", "produce", "windfall", "colony-ship"):
                assert ours["value"] == exp["value"], (card.name, text)
            if "GET_CARD" in codes:
                assert ours["cards"] == exp["value"], (card.name, text)
            if "GET_2_CARD" in codes:
                assert ours["cards"] == 2 * int(exp["value"]), (card.name, text)  # type: ignore[call-overload]
            if power.power in ("consume", "discard-hand"):
                assert ours["times"] == exp["times"], (card.name, text)
                assert power.goods == (2 if "CONSUME_TWO" in codes else 1 if power.power == "consume" else 0)
            if exp["good"] and power.power not in ("consume-different", "consume-all"):
                assert ours["good"] == exp["good"], (card.name, text)
            if "AGAINST_REBEL" in codes:
                assert power.against == "rebel"
            if "TRADE_NO_BONUS" in codes:
                assert power.bonus is False
    # the number of uses of each power code in RESEARCH.md §3
    assert uses["settle:military"] + uses["settle:tactics"] == 23  # EXTRA_MILITARY
    assert uses["consume:consume"] == 15 + 3 + 3 + 2  # CONSUME_ANY, _NOVELTY, _RARE, _GENE
    assert uses["consume:trade-bonus"] == 5 + 2 + 2 + 2 + 2  # TRADE_ANY, _GENE, _NOVELTY, _RARE, _THIS
    assert uses["consume:trade"] == 2 and uses["consume:discard-hand"] == 2 and uses["consume:gamble"] == 1
    assert uses["produce:produce"] == 21
    assert uses["settle:reduce"] == 5 and uses["settle:draw-after"] == 1 and uses["settle:pay-military"] == 1
    assert uses["explore:draw"] == 5 and uses["explore:keep"] == 2
    assert uses["develop:draw"] == 1 and uses["develop:draw-after"] == 1 and uses["develop:reduce"] == 2


def test_2_9_six_cost_bonus_lines_match_the_facts_in_order() -> None:
    cat = catalog()
    for fact in FACTS:
        card = cat[cat.names[fact["name"]]]
        assert len(card.bonus) == len(fact["bonus"]), card.name
        for text, line in zip(fact["bonus"], card.bonus, strict=True):
            vp, kind, name = text.split(":", 2)
            assert line.vp == int(vp), card.name
            if kind == "NAME":
                assert line.scores == "card" and cat[line.card].name == name
            elif kind.endswith(("_PRODUCTION", "_WINDFALL")):
                assert line.good == GOOD[kind.split("_")[0]]


def test_schema_errors_name_the_card_and_the_rule() -> None:
    base = {"meta": {"status": "confirmed", "source": "test"}}
    card = {"key": "x-world", "name": "X", "type": "world", "cost": 1, "vp": 1, "source": "confirmed"}
    bad_power = dict(card, powers=[{"phase": "settle", "power": "fly"}])
    with pytest.raises(CardDataError, match="settle has no power 'fly'"):
        _validate(convert_card_data(base | {"card": [bad_power]}, CardFile), "test")
    with pytest.raises(CardDataError, match="card"):
        convert_card_data(base | {"card": [dict(card, cost=9)]}, CardFile)
    windfall = dict(card, windfall=True)
    with pytest.raises(CardDataError, match="windfall world needs"):
        _validate(convert_card_data(base | {"card": [windfall]}, CardFile), "test")
