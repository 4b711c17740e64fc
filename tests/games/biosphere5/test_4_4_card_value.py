"""4.4 Card value: perfect > makeshift > rescue, then housing < water < production < security <
nature < community < salvation, always by the card's upper option."""

from cardtable.games.biosphere5.cards import default_cards

CARDS = default_cards()


def value(key):
    return CARDS.value(CARDS.index[key])


def test_4_4_classes_rank_perfect_then_makeshift_then_rescue():
    assert value("protection-bunker") > value("barter-circle")  # perfect housing > makeshift community
    assert value("shack") > value("campfire-stories")  # makeshift housing > community rescue card
    assert value("biosphere-5") > value("council-of-clans")  # Biosphere counts as perfect, salvation on top


def test_4_4_categories_rank_in_the_printed_order_within_a_class():
    order = ["shack", "catch-basin", "scrap-workshop", "barricade", "window-garden", "barter-circle"]
    values = [value(k) for k in order]
    assert values == sorted(values) and len(set(values)) == len(values)
    rescue = ["tent", "water-canister", "black-market", "guard-dogs", "seed-vault", "peace-treaty"]
    assert [value(k) for k in rescue] == sorted(value(k) for k in rescue)


def test_4_4_the_value_follows_the_upper_option():
    # Deep Well's lower option is New Hope, but it is valued as a perfect water achievement
    assert value("deep-well") > value("catch-basin")
    assert value("guard-dogs") > value("tent")  # Impoverishment and Drought cards: by their rescue side
