"""Solo rules (seed: ../shared/rules/51st-state-virtual-player.txt), set-up, Lookout and Production:
the virtual player has no faction, no cards and no goods; the four-card Lookout with its random pick;
no Production for the virtual player. RESEARCH.md §4.1."""

from collections import Counter

import pytest

from cardtable.core import BadOption, make_game, texts
from cardtable.games.fifty_first_state import FiftyFirstState
from cardtable.games.fifty_first_state.lookout import pick_order

from .conftest import SoloTable


def test_set_up_the_person_keeps_4_of_6_the_virtual_player_has_nothing() -> None:
    game = FiftyFirstState(solo="virtual", factions="appalachian")
    s = game.new_state(4)
    you, vip = s.players
    assert game.num_seats == 2 and game.automata() == {1: "virtual-player"}
    assert game.seat_name(0) == "A" and game.seat_name(1) == "Virtual player"
    assert you.faction == "appalachian" and len(you.hand) == 6 and you.setup_discards == 2
    assert vip.faction == "" and not (vip.hand or vip.supply or vip.deals or vip.sites) and vip.vp == 0
    assert s.first == 0 and s.virtual is not None and s.virtual.attacks == 0
    assert game.decision(s).seat == 0 and game.decision(s).kind == "keep"
    game.apply(s, game.legal_actions(s)[0])
    game.apply(s, game.legal_actions(s)[0])
    assert len(you.hand) == 4 and s.phase == "lookout"
    game.check_invariants(s)


def test_options_of_the_solo_game() -> None:
    assert make_game("51st-state", {"solo": "virtual"}).options["factions"] == "random"
    with pytest.raises(BadOption):
        make_game("51st-state", {"solo": "virtual", "players": 3})
    with pytest.raises(BadOption):
        make_game("51st-state", {"solo": "virtual", "factions": "new-york,appalachian"})
    with pytest.raises(BadOption):
        make_game("51st-state", {"solo": "robot"})
    assert any(m.options == {"solo": "virtual"} for m in FiftyFirstState.modes)


def _at_lookout(seed: int) -> tuple[FiftyFirstState, object]:
    game = FiftyFirstState(solo="virtual", factions="new-york")
    s = game.new_state(seed)
    while s.phase == "setup":
        game.apply(s, game.legal_actions(s)[0])
    return game, s


def test_lookout_every_step_in_order() -> None:
    game, s = _at_lookout(2)
    you, vip = s.players
    # 1. the top card of each Connection pile is face up
    assert s.connection_up["blue"] and s.connection_up["red"]
    # 2. four cards face up; the person chooses first
    revealed = list(s.draft.revealed)
    assert len(revealed) == 4 and pick_order(s) == [0] and not s.draft.second
    assert game.decision(s).seat == 0 and game.decision(s).kind == "lookout"
    deck_before = list(s.deck)
    # 3. choose one of the four
    first = revealed[0]
    game.apply(s, f"pick {first}")
    assert first in you.hand and first in you.known
    # 4. one of the other three, at random, face up into the virtual player's State
    left = Counter(revealed) - Counter([first])
    assert len(vip.sites) == 1 and vip.sites[0].key in left
    drawn = vip.sites[0].key
    assert Counter(s.draft.revealed) == left - Counter([drawn]) and len(s.draft.revealed) == 2
    assert pick_order(s) == [0] and s.draft.second
    assert any("at random from the 3 cards left" in line for line in texts(s.events))
    # 5. choose one of the remaining two
    second, last = s.draft.revealed[0], s.draft.revealed[1]
    game.apply(s, f"pick {second}")
    assert Counter(you.hand)[second] >= 1
    # 6. the last card face up in front of the virtual player; 7. one more from the deck
    assert [site.key for site in vip.sites] == [drawn, last, deck_before[-1]]
    assert s.draft.revealed == []
    assert any("the last card" in line for line in texts(s.events))
    assert any("the top card of the deck" in line for line in texts(s.events))
    # then Production (the person's faction draws the next card), and the Action phase, person first
    assert s.deck == deck_before[:-2] and deck_before[-2] in you.hand
    assert s.phase == "action" and s.turn == 0 and game.decision(s).seat == 0
    game.check_invariants(s)


def test_lookout_random_pick_comes_from_the_state_rng() -> None:
    picks = set()
    for seed in range(12):
        game, s = _at_lookout(seed)
        chosen = min(s.draft.revealed)
        again = game.clone(s)
        game.apply(s, f"pick {chosen}")
        game.apply(again, f"pick {chosen}")
        assert s.players[1].sites == again.players[1].sites, "the same state and pick draw the same card"
        left = sorted(Counter(s.draft.revealed) + Counter(k.key for k in s.players[1].sites[:1]))
        picks.add(left.index(s.players[1].sites[0].key))
    assert len(picks) > 1, "the virtual player's card is drawn at random, not by a fixed rule"


def test_production_the_virtual_player_gets_nothing() -> None:
    t = SoloTable()
    t.sites(1, "school", "pub", "church")  # its Production locations produce nothing for it
    t.sites(0, "docks")
    t.supply(0)
    t.act("pass")  # the virtual player passes too (you have passed): the round ends
    assert t.s.round == 2 and t.s.phase == "lookout"
    while t.s.phase == "lookout":
        t.act(str(t.legal()[0]))
    assert t.vip.supply == {} and t.vip.vp == 0 and not t.vip.hand
    assert t.you.supply.get("iron", 0) == 1 + 1  # New York's good and the Docks
    assert "Production: the virtual player gets nothing." in t.s.events
