"""Card data of the expansion levels (RULES.md "Card data" and "Expansion levels"): every card of levels
0-3 against the facts of the reference card file, the published component counts, and every card text.

`data/card_facts_levels.json` holds the facts of every design of levels 0-3 of Keldon Jones' card file
(name, the level it first appears at, copies per level from its `E@` line, type, cost, VP, good, flags,
power lines, 6-cost lines); `cards.toml` and `cards-1.toml` .. `cards-3.toml` say the same in our own
vocabulary. Each fact is translated here on its own and compared.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from cardtable.core import CardDataError
from cardtable.core.carddata import convert_card_data, load_card_file
from cardtable.games.race_for_the_galaxy.cards import (
    CARD_FILE,
    CardFile,
    LevelFile,
    _add_level,
    _validate,
    catalog,
    load_catalog,
)
from cardtable.games.race_for_the_galaxy.faces import card_faces, power_text

FACTS = json.loads((Path(__file__).parent / "data" / "card_facts_levels.json").read_text())["cards"]
GOOD = {"NOVELTY": "novelty", "RARE": "rare", "GENE": "genes", "ALIEN": "alien", "ANY": "any"}
PHASE = {1: "explore", 2: "develop", 3: "settle", 4: "consume", 5: "produce"}
FLAG = {"REBEL", "ALIEN", "UPLIFT", "IMPERIUM", "TERRAFORMING", "CHROMO", "PRESTIGE"}
SPECIAL = {
    "STARTHAND_3": "start-hand-3",
    "START_SAVE": "start-save",
    "DISCARD_TO_12": "hand-limit-12",
    "GAME_END_14": "game-end-14",
    "TAKE_DISCARDS": "take-discards",
    "SELECT_LAST": "choose-last",
}
LEVELS = (0, 1, 2, 3)


def _facts_at(level: int) -> list[dict]:
    return [f for f in FACTS if f["copies"][level] > 0]


def _card_of(level: int, fact: dict):
    cat = catalog(level)
    return cat[cat.names[fact["name"]]]


@pytest.mark.parametrize(
    ("level", "designs", "cards", "starts", "six_cost"),
    [(0, 95, 114, 5, 12), (1, 114, 136, 9, 15), (2, 150, 180, 12, 22), (3, 190, 228, 16, 27)],
)
def test_levels_designs_copies_and_start_worlds(
    level: int, designs: int, cards: int, starts: int, six_cost: int
) -> None:
    cat = catalog(level)
    facts = _facts_at(level)
    assert len(cat.cards) == len(facts) == designs
    assert len(cat.all_cards) == sum(f["copies"][level] for f in facts) == cards
    assert len(cat.start_worlds) == starts
    assert sum(1 for c in cat.cards.values() if c.six_cost) == six_cost
    assert [cat[k].number for k in cat.start_worlds] == list(range(starts))


@pytest.mark.parametrize(("level", "start_worlds", "game_cards"), [(1, 4, 18), (2, 3, 41), (3, 4, 44)])
def test_levels_add_the_published_numbers_of_cards(level: int, start_worlds: int, game_cards: int) -> None:
    """The boxes list 4 start worlds (5-8) and 18 game cards; 3 (9-11) and 41; 4 (12-15) and 44. The
    replacement Gambling World of Rebel vs Imperium takes the place of the first one (net 0)."""
    before, after = catalog(level - 1), catalog(level)
    assert len(after.start_worlds) - len(before.start_worlds) == start_worlds
    assert len(after.all_cards) - len(before.all_cards) == start_worlds + game_cards
    new_starts = [after[k].number for k in after.start_worlds if k not in before.cards]
    assert new_starts == list(range(len(before.start_worlds), len(after.start_worlds)))


def test_level_0_loads_exactly_the_base_file() -> None:
    base = load_card_file(CARD_FILE, CardFile)
    assert catalog(0).cards == {c.key: c for c in base.cards}
    assert catalog(0).level == 0 and load_catalog().cards == catalog(0).cards


def test_start_worlds_red_and_blue_cover_six_players_at_level_2() -> None:
    """Levels 2-3 deal each player a red and a blue start world: 6 players need 6 of each."""
    for level in (2, 3):
        cat = catalog(level)
        colours = Counter(cat[k].colour for k in cat.start_worlds)
        assert colours["red"] >= 6 and colours["blue"] >= 6


@pytest.mark.parametrize("level", LEVELS)
def test_every_card_matches_the_facts(level: int) -> None:
    for fact in _facts_at(level):
        card = _card_of(level, fact)
        flags = set(fact["flags"])
        assert (card.type, card.cost, card.vp, card.count) == (
            fact["type"],
            fact["cost"],
            fact["vp"],
            fact["copies"][level],
        ), card.name
        assert card.good == (GOOD[fact["good"]] if fact["good"] else None), card.name
        assert card.start == ("START" in flags) and card.windfall == ("WINDFALL" in flags), card.name
        assert card.military == ("MILITARY" in flags), card.name
        assert set(card.flags) == {f.lower() for f in flags & FLAG}, card.name
        assert set(card.special) == {SPECIAL[f] for f in flags if f in SPECIAL}, card.name
        if card.start:
            assert card.colour == ("red" if "START_RED" in flags else "blue"), card.name


def _rewards(codes: set[str], value: int) -> tuple[int, int, int]:
    cards = 3 if "GET_3_CARD" in codes else 2 if "GET_2_CARD" in codes else 1 if "GET_CARD" in codes else 0
    return (
        value if "GET_VP" in codes else 0,
        cards * value,
        value if "GET_PRESTIGE" in codes else 0,
    )


#: reference power codes (with the modifiers that make them another power) -> our power
NAMES = {
    "DISCARD_ANY": "discard-any",
    "DISCARD_PRESTIGE": "discard-for-prestige",
    "EXPLORE": "explore",
    "DISCARD_REDUCE": "discard-reduce",
    "SAVE_COST": "save-payment",
    "PRESTIGE_SIX": "prestige-after",
    "PRESTIGE_REBEL": "prestige-after",
    "PRODUCE_PRESTIGE": "prestige-after",
    "PAY_PRESTIGE": "prestige-after",
    "MILITARY_HAND": "hand-military",
    "PLACE_TWO": "place-second",
    "PLACE_MILITARY": "place-military",
    "CONQUER_SETTLE": "conquer-peaceful",
    "PAY_DISCOUNT": "pay-discount",
    "EXPLORE_AFTER": "explore-after",
    "AUTO_PRODUCE": "produce-on-placement",
    "TAKEOVER_REBEL": "takeover",
    "TAKEOVER_IMPERIUM": "takeover",
    "TAKEOVER_MILITARY": "takeover",
    "TAKEOVER_PRESTIGE": "takeover",
    "TAKEOVER_DEFENSE": "takeover-defence",
    "PREVENT_TAKEOVER": "prevent-takeover",
    "UPGRADE_WORLD": "upgrade-world",
    "NO_TRADE": "no-trade",
    "ANTE_CARD": "ante",
    "CONSUME_N_DIFF": "consume-kinds",
    "CONSUME_PRESTIGE": "consume-prestige",
    "DRAW_MILITARY": "draw-per",
    "DRAW_REBEL": "draw-per",
    "DRAW_CHROMO": "draw-per",
    "PRESTIGE_IF": "prestige-if-produced",
    "PRESTIGE_MOST_CHROMO": "prestige-most",
    "TAKE_SAVED": "take-saved",
    "DRAW_MOST_PRODUCED": "draw-most",
}


def _expected_name(phase: int, codes: set[str]) -> str | None:
    """Our power for a reference line whose meaning is not that of a base-game code (None: a base one)."""
    if phase == 5 and "DISCARD" in codes:
        return "discard-produce" if "PRODUCE" in codes else "discard-windfall"
    if phase == 4 and codes == {"VP"}:
        return "vp"
    if phase == 4 and "DISCARD_HAND" in codes:
        return "discard-hand"
    if phase == 3 and "CONSUME_PRESTIGE" in codes:
        return "military"
    if phase == 2 and codes == {"PRESTIGE"}:
        return "prestige-after"
    if phase == 2 and codes == {"CONSUME_RARE"}:
        return "reduce"
    if phase == 3 and codes & {"CONSUME_RARE", "CONSUME_GENE"}:
        return "military" if "EXTRA_MILITARY" in codes else "reduce"
    names = {NAMES[c] for c in codes if c in NAMES}
    assert len(names) <= 1, codes
    return names.pop() if names else None


@pytest.mark.parametrize("level", LEVELS)
def test_every_power_matches_the_facts(level: int) -> None:
    for fact in _facts_at(level):
        card = _card_of(level, fact)
        assert len(card.powers) == len(fact["powers"]), card.name
        for text, power in zip(fact["powers"], card.powers, strict=True):
            phase, codes_text, value_text, times_text = text.split(":")
            codes = {c.strip() for c in codes_text.split("|")}
            value, times = int(value_text), int(times_text)
            where = (card.name, text)
            assert power.phase == PHASE[int(phase)], where
            name = _expected_name(int(phase), codes)
            if name is not None:
                assert power.power == name, where
            vp, cards, prestige = _rewards(codes, value)
            if int(phase) == 4 and codes & {"GET_VP", "GET_CARD", "GET_2_CARD", "GET_3_CARD", "GET_PRESTIGE"}:
                assert (power.vp, power.cards, power.prestige) == (vp, cards, prestige), where
            if codes & {"CONSUME_TWO"}:
                assert power.goods == 2, where
            if int(phase) == 4 and power.power in ("consume", "discard-hand", "consume-prestige"):
                assert power.times == times, where
            if codes & {"PRESTIGE_SIX", "PRESTIGE_REBEL", "PRODUCE_PRESTIGE", "PAY_PRESTIGE", "PRESTIGE_IF"}:
                assert power.prestige == value, where
            if codes & {"PRESTIGE_MOST_CHROMO", "DISCARD_PRESTIGE", "TAKEOVER_PRESTIGE"}:
                assert power.prestige == value, where
            if "DESTROY" in codes:
                assert power.destroy and power.prestige == 2, where
            if "DISCARD" in codes and int(phase) == 3 and power.power not in ("tactics", "colony-ship"):
                assert power.discard, where
            if codes & {"PER_MILITARY", "DRAW_MILITARY"}:
                assert power.per == "military-world", where
            if codes & {"PER_CHROMO", "DRAW_CHROMO", "TRADE_BONUS_CHROMO", "PRESTIGE_MOST_CHROMO"}:
                assert power.per == "chromo-card", where
            if "DRAW_REBEL" in codes:
                assert power.per == "rebel-world", where
            if "IF_IMPERIUM" in codes:
                assert power.when == "imperium-card" and power.value == value, where
            if codes & {"CONSUME_PRESTIGE", "TAKEOVER_PRESTIGE", "PREVENT_TAKEOVER"} and int(phase) == 3:
                assert power.spend == "prestige", where
            if "CONSUME_THIS" in codes:
                assert power.world == "this", where
            if "NOT_THIS" in codes:
                assert power.world == "other", where
            if "NO_TAKEOVER" in codes:
                assert power.settle_only, where
            if "AGAINST_CHROMO" in codes:
                assert power.against == "chromo", where
            kinds = [
                GOOD[k] for k in ("NOVELTY", "RARE", "GENE", "ALIEN") if any(c.endswith(k) for c in codes)
            ]
            spends = {"CONSUME_RARE", "CONSUME_GENE", "CONSUME_PRESTIGE", "TRADE_BONUS_CHROMO"}
            by_kind = power.power not in ("consume-different", "consume-all", "consume-kinds")
            if kinds and by_kind and not codes & spends:
                assert power.good == kinds[0], where
            if power.power in (
                "draw",
                "keep",
                "reduce",
                "explore",
                "draw-after",
                "hand-military",
                "draw-per",
            ):
                assert power.value == value, where


def _code_uses(level: int) -> Counter[str]:
    """Cards first appearing at `level` that use each phase:code of the reference file."""
    uses: Counter[str] = Counter()
    for fact in FACTS:
        if fact["level"] == level:
            for text in fact["powers"]:
                phase, codes, _, _ = text.split(":")
                uses.update({f"{phase}:{c.strip()}" for c in codes.split("|")})
    return uses


def test_new_power_codes_per_level_and_how_many_cards_use_them() -> None:
    """The reference codes each level adds (RULES.md "Card data"), with the number of its cards using each."""
    seen = set(_code_uses(0))
    new: dict[int, dict[str, int]] = {}
    for level in (1, 2, 3):
        uses = _code_uses(level)
        new[level] = {code: n for code, n in sorted(uses.items()) if code not in seen}
        seen |= set(uses)
    assert new[1] == {
        "3:MILITARY_HAND": 1,
        "3:PLACE_TWO": 1,
        "4:CONSUME_ALIEN": 1,
        "4:CONSUME_THIS": 1,
        "4:TRADE_BONUS_CHROMO": 1,
        "5:DISCARD": 1,
        "5:DRAW_MILITARY": 1,
    }
    assert new[2] == {
        "1:DISCARD_ANY": 7,
        "2:DISCARD_REDUCE": 1,
        "3:CONQUER_SETTLE": 1,
        "3:GENE": 4,
        "3:NOVELTY": 2,
        "3:NO_TAKEOVER": 1,
        "3:PAY_DISCOUNT": 1,
        "3:PER_MILITARY": 1,
        "3:TAKEOVER_DEFENSE": 1,
        "3:TAKEOVER_IMPERIUM": 1,
        "3:TAKEOVER_MILITARY": 1,
        "3:TAKEOVER_REBEL": 1,
        "4:ANTE_CARD": 1,
        "4:CONSUME_N_DIFF": 1,
        "4:VP": 1,
        "5:DRAW_CHROMO": 1,
        "5:DRAW_REBEL": 1,
        "5:NOT_THIS": 1,
    }
    assert new[3] == {
        "1:DISCARD_PRESTIGE": 2,
        "2:CONSUME_RARE": 1,
        "2:EXPLORE": 2,
        "2:PRESTIGE": 1,
        "2:PRESTIGE_REBEL": 2,
        "2:PRESTIGE_SIX": 1,
        "2:SAVE_COST": 1,
        "3:AGAINST_CHROMO": 1,
        "3:AUTO_PRODUCE": 1,
        "3:CONSUME_GENE": 2,
        "3:CONSUME_PRESTIGE": 1,
        "3:CONSUME_RARE": 1,
        "3:DESTROY": 1,
        "3:EXPLORE_AFTER": 1,
        "3:IF_IMPERIUM": 1,
        "3:PAY_PRESTIGE": 1,
        "3:PER_CHROMO": 2,
        "3:PLACE_MILITARY": 1,
        "3:PRESTIGE": 1,
        "3:PRESTIGE_REBEL": 2,
        "3:PREVENT_TAKEOVER": 1,
        "3:PRODUCE_PRESTIGE": 1,
        "3:SAVE_COST": 1,
        "3:TAKEOVER_PRESTIGE": 1,
        "3:UPGRADE_WORLD": 1,
        "4:CONSUME_PRESTIGE": 2,
        "4:GET_3_CARD": 1,
        "4:GET_PRESTIGE": 7,
        "4:NO_TRADE": 1,
        "5:DRAW_MOST_PRODUCED": 1,
        "5:PRESTIGE_IF": 1,
        "5:PRESTIGE_MOST_CHROMO": 1,
        "5:TAKE_SAVED": 1,
    }


#: the reference's bonus kinds -> what our bonus line scores
BONUS = {
    "ALIEN_FLAG": "alien-card",
    "REBEL_FLAG": "rebel-card",
    "UPLIFT_FLAG": "uplift-card",
    "IMPERIUM_FLAG": "imperium-card",
    "TERRAFORMING_FLAG": "terraforming-card",
    "CHROMO_FLAG": "chromo-card",
    "MILITARY": "military-world",
    "REBEL_MILITARY": "rebel-military-world",
    "TOTAL_MILITARY": "military-strength",
    "NEGATIVE_MILITARY": "negative-military",
    "PRESTIGE": "prestige",
    "KIND_GOOD": "world-kinds",
    "WORLD": "world",
    "DEVEL": "development",
    "SIX_DEVEL": "six-cost-development",
    "DEVEL_EXPLORE": "development-explore",
    "WORLD_EXPLORE": "world-explore",
    "DEVEL_CONSUME": "development-consume",
    "WORLD_CONSUME": "world-consume",
    "DEVEL_TRADE": "development-trade",
    "WORLD_TRADE": "world-trade",
    "THREE_VP": "chips-per-three",
}


def _expected_bonus(text: str) -> tuple[int, str, str]:
    """A reference bonus line as (VP, what it scores, the card's name or the good)."""
    vp, kind, name = text.split(":", 2)
    if kind == "NAME":
        return int(vp), "card", name
    if kind.endswith(("_PRODUCTION", "_WINDFALL")):
        good, what = kind.split("_")
        return int(vp), f"{what.lower()}-world", GOOD[good]
    return int(vp), BONUS[kind], ""


@pytest.mark.parametrize("level", LEVELS)
def test_bonus_lines_say_what_the_facts_say_in_order(level: int) -> None:
    cat = catalog(level)
    for fact in _facts_at(level):
        card = _card_of(level, fact)
        ours = [(b.vp, b.scores, cat[b.card].name if b.card else b.good) for b in card.bonus]
        assert ours == [_expected_bonus(text) for text in fact["bonus"]], card.name


@pytest.mark.parametrize("level", LEVELS)
def test_every_card_has_its_whole_text(level: int) -> None:
    """Every card of the level gets a face: its whole name, a text for each power and card rule."""
    cat = catalog(level)
    faces = card_faces(cat)
    assert set(faces) == set(cat.cards)
    for key, card in cat.cards.items():
        face = faces[key]
        assert face["name"] == card.name
        assert len(face["options"]) >= len(card.powers) + len(card.special)
        for power in card.powers:
            text = power_text(power)
            assert text in face["text"] and len(text) > 6, (card.name, power)
        for option in face["options"]:
            assert "None" not in option and "{" not in option and "  " not in option, (card.name, option)
            assert " a A" not in option and "+0" not in option and " 1 cards" not in option, (
                card.name,
                option,
            )
        if card.start:
            assert f"start world {card.number}, {card.colour}" in face["category"]


def test_the_two_gambling_worlds_never_meet() -> None:
    """Rebel vs Imperium replaces the first Gambling World by a card of the same name (an ante power)."""
    assert catalog(1)[catalog(1).names["Gambling World"]].key == "gambling-world"
    for level in (2, 3):
        cat = catalog(level)
        assert "gambling-world" not in cat.cards
        assert cat[cat.names["Gambling World"]].key == "gambling-world-ante"


def _level_file(**changes: object) -> LevelFile:
    raw: dict[str, object] = {
        "meta": {"status": "confirmed", "source": "test", "level": 1, "name": "test"},
        "card": [
            {"key": "x-dev", "name": "X", "type": "development", "cost": 2, "vp": 1, "source": "confirmed"}
        ],
    }
    raw.update(changes)
    return convert_card_data(raw, LevelFile)


def test_level_file_errors_name_the_card_and_the_rule() -> None:
    base = {c.key: c for c in catalog(0).data.cards}
    dev = {"key": "x-dev", "name": "X", "type": "development", "cost": 2, "vp": 1, "source": "confirmed"}
    with pytest.raises(CardDataError, match="no earlier level has"):
        _add_level(dict(base), _level_file(copies=[{"key": "nothing", "count": 2}]), "test", 1)
    with pytest.raises(CardDataError, match=r"meta\.level is 1, expected 2"):
        _add_level(dict(base), _level_file(), "test", 2)
    with pytest.raises(CardDataError, match="already a card"):
        _add_level(dict(base), _level_file(card=[dict(dev, key="old-earth")]), "test", 1)
    with pytest.raises(CardDataError, match="card"):
        _level_file(card=[dict(dev, cost=10)])
    with pytest.raises(CardDataError, match="no expansion level 4"):
        load_catalog(level=4)


def test_power_fields_and_values_are_checked() -> None:
    meta = {"status": "confirmed", "source": "test"}
    world = {"key": "x-world", "name": "X", "type": "world", "cost": 1, "vp": 1, "source": "confirmed"}

    def check(power: dict) -> None:
        _validate(convert_card_data({"meta": meta, "card": [dict(world, powers=[power])]}, CardFile), "test")

    with pytest.raises(CardDataError, match="has no field 'prestige'"):
        check({"phase": "explore", "power": "draw", "value": 1, "prestige": 1})
    with pytest.raises(CardDataError, match="per 'hats' is not one of"):
        check({"phase": "produce", "power": "draw-per", "value": 1, "per": "hats"})
    with pytest.raises(CardDataError, match="cannot be against 'rebel'"):
        check({"phase": "settle", "power": "takeover", "against": "rebel"})
    with pytest.raises(CardDataError, match="unknown field"):
        check({"phase": "settle", "power": "takeover", "against": "any", "colour": "red"})
    with pytest.raises(CardDataError, match="a number and a colour"):
        _validate(convert_card_data({"meta": meta, "card": [dict(world, number=3)]}, CardFile), "test")
