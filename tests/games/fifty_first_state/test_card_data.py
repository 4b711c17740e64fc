"""Card data (RESEARCH.md §2.1 components, §3 the card data): cards.toml against the facts, card by card.

FACTS is the base-set table of ../shared/cards/51st-state/master-set-cards.json (facts only: names
and numbers; its arrow_grey written grey, etc.), one card a line: name|row|open|distance|copies|
spoils|deal|product|building bonus|type icons|action cost|action gain. The test applies the corrections of
RESEARCH.md §3.2 explicitly (CORRECTED below) and checks every other value is unchanged.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import msgspec
import pytest

from cardtable.core import CardDataError
from cardtable.games.fifty_first_state.cards import CARD_FILE, CardFile, Catalog, load_catalog

FACTS = """
Abandoned Suburbs|Action|-|3|1|brick,brick,brick,vp|brick|-|-|BRICK|brick,brick|vp,vp
Archive|Action|-|1|1|worker,worker|worker|-|-|WORKER,VP|worker|vp
Arena|Production|-|2|2|gun,gun,gun|gun|-|-|GUN,AMMO|-|-
Assassin|Production|open|1|2|gun,gun|gun|gun|-|GUN,AMMO|-|-
Assembly Plant|Action|-|3|2|iron,iron,iron,vp|iron|-|-|IRON,VP|worker,iron,iron|vp,vp,vp
Bioweaponry|Action|-|2|2|gun,gun,vp|gun|-|-|GUN,VP|worker,gun|vp,vp
Boiler Room|Production|open|2|1|worker,worker,worker|worker|worker,worker|worker|WORKER|-|-
Brick Storage|FeatureStorageSingle|-|1|1|brick,brick|brick|-|-|BRICK|-|-
Brick Supplier|Production|-|2|2|brick,brick,brick|brick|-|-|BRICK,AMMO|-|-
Camp|FeatureStorageSingle|-|1|1|worker,worker|worker|-|-|WORKER|-|-
Church|Feature|-|2|2|vp,vp|vp|-|vp,vp|CHURCH|-|-
City Guards|FeatureStorageSingle|-|1|1|gun,gun|gun|-|-|GUN|-|-
Clay Pit|Action|-|2|2|brick,brick,vp|brick|-|-|BRICK,VP|worker,brick|vp,vp
Confessor|Action|-|3|1|gun,gun,gun,vp|gun|-|-|GUN|gun,gun|vp,vp
Construction Vehicles|Production|open|1|3|grey,grey|iron|grey|grey|IRON,ARROW|-|-
Convoy|Action|-|1|1|blue,blue|blue|-|-|FUEL,ARROW|fuel|blue
Corner shop|Action|-|1|2|ammo,ammo|ammo|-|-|AMMO,VP|any_of_main,worker|vp
Crossroads|Feature|-|1|1|card,card|card|-|card,card|WORKER,CARD|-|-
Deserted Colony|Action|-|2|1|ammo,ammo,vp|ammo|-|-|AMMO|worker|ammo
Docks|Production|open|1|2|iron,iron|iron|iron|-|IRON,AMMO|-|-
Excavator|Production|open|2|1|brick,brick,vp|brick|development|-|BRICK,ARROW|-|-
Factory|Feature|-|2|1|vp,vp,iron|iron|-|-|IRON,VP|-|-
Fuel Tank|Production|open|1|2|fuel,fuel|fuel|fuel|-|FUEL,AMMO|-|-
Gasoline Cultist|Action|-|2|1|blue,vp,card|fuel|-|-|FUEL,VP|blue|vp
Gasoline Drinkers Den|Action|-|3|1|fuel,fuel,fuel,vp|fuel|-|-|FUEL|fuel,fuel|vp,vp
Gun Shop|Action|-|3|2|gun,gun,gun,vp|gun|-|-|GUN,VP|worker,gun,gun|vp,vp,vp
Gunsmith|Action|-|1|1|red,red|red|-|-|GUN,ARROW|gun|red
Hideout|Action|-|2|2|vp,vp|vp|-|-|FUEL,VP|deal|vp
Huge Machinery|Action|-|1|2|grey,grey|iron|-|-|IRON,ARROW|worker,iron|grey,grey,grey
Merc Outpost|Action|-|1|1|worker,worker|worker|-|-|AMMO,WORKER|any_of_main|worker,worker
Methane Storage|FeatureStorageSingle|-|1|1|fuel,fuel|fuel|-|-|FUEL|-|-
Motel|Action|-|2|1|card,card,vp|card|-|-|CARD|worker|card
Murderers' Pub|Feature|-|2|1|vp,vp,gun|gun|-|-|GUN,VP|-|-
Museum|Feature|-|2|1|vp,card|vp|-|-|CHURCH|-|-
Negotiator|Action|-|3|2|ammo,ammo,ammo,card|ammo|-|-|FUEL,VP|deal,worker|vp,vp
Oil Rig|Production|-|2|2|fuel,fuel,fuel|fuel|-|-|FUEL,AMMO|-|-
Oil Trader|Action|-|2|1|fuel,fuel,card|fuel|-|-|FUEL,VP|fuel|vp
Oilmen Fortress|Action|-|3|2|fuel,fuel,fuel,vp|fuel|-|-|FUEL,VP|worker,fuel,fuel|vp,vp,vp
Old Cinema|Feature|-|1|1|vp,card|vp|-|vp|CHURCH|-|-
Parking Lot|Production|-|2|2|iron,iron,iron|iron|-|-|IRON,AMMO|-|-
Pub|Production|open|2|2|card,card,card|card|card|card|CARD|-|-
Quarry|Production|open|1|2|brick,brick|brick|brick|-|BRICK,AMMO|-|-
Radioactive Fuel|Action|-|2|2|fuel,fuel,vp|fuel|-|-|FUEL,VP|worker,fuel|vp,vp
Refinery|Feature|-|2|1|vp,vp,fuel|fuel|-|-|FUEL,VP|-|-
Rubble|Feature|-|2|1|vp,vp,brick|brick|-|-|BRICK,VP|-|-
Rubble Trader|Action|-|2|1|brick,brick,card|brick|-|-|BRICK,VP|brick|vp
Ruined Library|FeatureStorageMultiple|-|1|1|gun,card|gun|-|-|GUN,AMMO|-|-
School|Production|-|1|3|worker,worker|worker|worker|worker|WORKER,AMMO|-|-
Scrap Metal|FeatureStorageSingle|-|1|1|iron,iron|iron|-|-|IRON|-|-
Scrap Trader|Action|-|2|1|iron,iron,card|iron|-|-|IRON,VP|iron|vp
Shadow|Action|-|2|1|red,vp,card|gun|-|-|GUN,VP|red|vp
Sharrash|Production|open|1|1|universal,universal|universal|universal|universal|ARROW|-|-
Shelter|Action|-|3|1|iron,iron,iron,vp|iron|-|-|IRON|iron,iron|vp,vp
Shipwreck|Action|-|2|2|iron,iron,vp|iron|-|-|IRON,VP|worker,iron|vp,vp
Skyscraper|Action|-|3|2|brick,brick,brick,vp|brick|-|-|BRICK,VP|worker,brick,brick|vp,vp,vp
Thieves Caravan|Action|-|3|1|ammo,ammo,ammo,card|ammo|-|-|AMMO,GUN|worker,worker|fuel,gun,iron,brick
Thieves Den|FeatureStorageMultiple|-|1|1|ammo,card|ammo|-|-|WORKER,AMMO|-|-
Underground Warehouse|FeatureStorageMultiple|-|1|1|fuel,card|fuel|-|-|FUEL,AMMO|-|-
Weapon Trader|Action|-|2|1|gun,gun,card|gun|-|-|GUN,VP|gun|vp
Wrecked Tank|Feature|-|2|3|vp,vp|vp|-|-|CHURCH|-|-
"""

#: RESEARCH.md §3.2 item 1: used twice a round (A and B agree; RESEARCH.md counts 17, the list has 18)
TWICE = {
    "Abandoned Suburbs", "Archive", "Confessor", "Convoy", "Corner shop", "Deserted Colony",
    "Gasoline Cultist", "Gasoline Drinkers Den", "Gunsmith", "Hideout", "Motel", "Oil Trader",
    "Rubble Trader", "Scrap Trader", "Shadow", "Shelter", "Thieves Caravan", "Weapon Trader",
}  # fmt: skip
#: §3.2 item 2: +1 VP per type icon (max 5), and the 3 goods placed on cache Features
VP_PER_TYPE = {
    "Factory": "iron", "Murderers' Pub": "gun", "Refinery": "fuel", "Rubble": "brick",
    "Museum": "liberty", "Wrecked Tank": "liberty",
}  # fmt: skip
CACHE = {
    "Brick Storage": "brick",
    "Camp": "worker",
    "City Guards": "gun",
    "Methane Storage": "fuel",
    "Scrap Metal": "iron",
}
#: §3.2 item 3 and 4: variable production, storage capacities
PER_TYPE = {"Arena": "gun", "Brick Supplier": "brick", "Oil Rig": "fuel", "Parking Lot": "iron"}
STORAGE = {"Ruined Library": [3], "Underground Warehouse": [3], "Thieves Den": [2, 2]}
ICON = {
    "FUEL": "fuel", "GUN": "gun", "IRON": "iron", "BRICK": "brick", "WORKER": "worker", "CARD": "card",
    "VP": "vp", "CHURCH": "liberty", "ARROW": "contact", "AMMO": "ammo",
}  # fmt: skip


def atoms(text: str) -> list[str]:
    return [] if text == "-" else text.split(",")


def facts() -> dict[str, list[str]]:
    rows = [line.split("|") for line in FACTS.strip().splitlines()]
    return {row[0]: row for row in rows}


CAT = load_catalog()
BY_NAME = {loc.name.lower(): loc for loc in CAT.locations.values()}


@pytest.mark.parametrize("name", sorted(facts()))
def test_each_card_matches_the_facts_with_the_corrections(name: str) -> None:
    _, row, is_open, distance, copies, spoils, deal, product, bonus, icons, spend, gain = facts()[name]
    loc = BY_NAME[name.lower()]
    assert loc.kind == {"Production": "production", "Action": "action"}.get(row, "feature")
    assert loc.open == (is_open == "open")
    assert loc.distance == int(distance) and loc.copies == int(copies)
    assert sorted(loc.spoils) == sorted(atoms(spoils))
    assert [loc.deal] == atoms(deal)
    assert list(loc.types) == [ICON[i] for i in icons.split(",")]
    assert sorted(loc.bonus) == sorted(atoms(bonus))
    if loc.kind == "production":
        assert loc.production is not None
        if name in PER_TYPE:  # the facts file has no product: it is variable
            assert product == "-"
            assert (loc.production.per_type, loc.production.good, loc.production.max) == (
                PER_TYPE[name], PER_TYPE[name], 3,
            )  # fmt: skip
        else:
            assert sorted(loc.production.goods) == sorted(atoms(product))
    if loc.kind == "action":
        assert loc.action is not None
        cost = {"any_of_main": "any-basic", "deal": "discard-deal"}
        assert sorted(loc.action.cost) == sorted(cost.get(a, a) for a in atoms(spend))
        if name == "Thieves Caravan":  # §3.2 item 5: "take 1 basic good", not all four
            assert list(loc.action.gain) == ["steal-basic"]
        else:
            assert sorted(loc.action.gain) == sorted(atoms(gain))
        assert loc.action.uses == (2 if name in TWICE else 1)
    vp = loc.bonus_vp_per_type
    assert (vp.type, vp.max) == (VP_PER_TYPE[name], 5) if vp else name not in VP_PER_TYPE
    assert (loc.cache.good, loc.cache.count) == (CACHE[name], 3) if loc.cache else name not in CACHE
    assert [room.capacity for room in loc.storage] == STORAGE.get(name, [])
    corrected = name in TWICE | set(VP_PER_TYPE) | set(CACHE) | set(PER_TYPE) | set(STORAGE)
    assert bool(loc.notes) == (corrected or name == "Thieves Caravan"), "every correction carries a note"


def test_the_base_set_counts() -> None:
    """§2.1 and §3.2: 88 cards in 60 names; 41 Action, 27 Production (16 open), 20 Feature copies."""
    locs = list(CAT.locations.values())
    assert len(locs) == 60 and len(CAT.deck()) == 88
    copies = Counter()
    for loc in locs:
        copies[loc.kind] += loc.copies
    assert copies == {"action": 41, "production": 27, "feature": 20}
    assert sum(loc.copies for loc in locs if loc.open) == 16
    twice = [loc for loc in locs if loc.action and loc.action.uses == 2]
    assert len(twice) == 18 and sum(loc.copies for loc in twice) == 20
    bonus_features = [loc for loc in locs if loc.bonus_vp_per_type or loc.cache]
    assert len(bonus_features) == 11
    assert sum(1 for loc in locs if loc.storage) == 3


def test_type_icon_counts() -> None:
    """§2.1: copies carrying each icon; 66 copies carry two icons, 22 one."""
    icons: Counter[str] = Counter()
    for loc in CAT.locations.values():
        for icon in loc.types:
            icons[icon] += loc.copies
    assert icons == {
        "vp": 33, "ammo": 27, "fuel": 19, "iron": 17, "gun": 16, "brick": 13, "worker": 9, "contact": 9,
        "liberty": 7, "card": 4,
    }  # fmt: skip
    two = sum(loc.copies for loc in CAT.locations.values() if len(loc.types) == 2)
    assert (two, 88 - two) == (66, 22)


def test_factions_and_connections() -> None:
    """§2.1: the four boards and their conversions; the two Connection decks of six cards."""
    table = {
        "new-york": ("iron", {"grey": (["iron"], 1), "red": (["gun"], 2), "blue": (["fuel", "fuel"], 2)}),
        "appalachian": (
            "brick",
            {"grey": (["brick", "discard-card"], 2), "red": (["gun"], 2), "blue": (["fuel"], 2)},
        ),
        "merchants-guild": (
            "fuel",
            {"grey": (["iron", "iron"], 2), "red": (["gun"], 2), "blue": (["fuel"], 3)},
        ),
        "mutants-union": ("gun", {"grey": (["iron", "iron"], 2), "red": (["gun"], 3), "blue": (["fuel"], 1)}),
    }
    for key, (good, actions) in table.items():
        faction = CAT.factions[key]
        assert faction.good == good
        for a in faction.actions:
            cost, n = actions[a.contact]
            assert sorted(a.cost) == sorted(cost) and list(a.gain) == [a.contact] * n
    assert Counter(CAT.connection_deck("blue")) == {"merchants": 4, "junk-train": 2}
    assert Counter(CAT.connection_deck("red")) == {"punks": 4, "thugs": 2}
    assert list(CAT.connections["thugs"].cost) == ["gun"]


def _raw() -> dict:
    import tomllib

    return tomllib.loads(CARD_FILE.read_text())


def _catalog(raw: dict) -> Catalog:
    return Catalog(msgspec.convert(raw, CardFile))


def test_a_bad_card_file_names_the_card_and_the_rule() -> None:
    raw = _raw()
    arena = next(loc for loc in raw["location"] if loc["key"] == "arena")
    arena["production"] = {"goods": ["gun"], "per_type": "gun", "good": "gun"}
    with pytest.raises(CardDataError, match=r"arena.*either fixed"):
        _catalog(raw)
    raw = _raw()
    next(loc for loc in raw["location"] if loc["key"] == "camp")["action"] = {"cost": [], "gain": ["vp"]}
    with pytest.raises(CardDataError, match="camp"):
        _catalog(raw)
    raw = _raw()
    raw["faction"][0]["actions"][0]["contact"] = "red"
    with pytest.raises(CardDataError, match="new-york"):
        _catalog(raw)


def test_unknown_fields_and_values_are_refused(tmp_path: Path) -> None:
    text = CARD_FILE.read_text().replace('kind = "action"', 'kind = "acton"', 1)
    path = tmp_path / "cards.toml"
    path.write_text(text)
    with pytest.raises(CardDataError, match="kind"):
        load_catalog(path)
    path.write_text(CARD_FILE.read_text().replace("copies = 1\n", "copies = 1\ncolour = 3\n", 1))
    with pytest.raises(CardDataError, match="colour"):
        load_catalog(path)
