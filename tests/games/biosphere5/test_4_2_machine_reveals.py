"""4.2 The Machine's way to play: cards revealed by hand-card level (fig. 27), all discarded after."""

import pytest

from cardtable.core import texts

from .solo_position import machine_position, machine_turn

# fig. 27: the number grows at level stages 1, 2, 4, 6 and 8 (RULES.md 4.2)
REVEALED = {0: 0, 1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4, 7: 4, 8: 5}


@pytest.mark.parametrize(("level", "count"), sorted(REVEALED.items()))
def test_4_2_cards_revealed_per_level(level, count):
    # level III cards the Machine cannot play, so it reveals and raises its level
    game, state = machine_position(level=level, machine_top=_distinct(count))
    machine_turn(game, state)
    line = next(e for e in texts(state.events) if "reveals" in e)
    assert line.startswith(f"Machine reveals {count} cards at level {level}")
    assert state.machine.level == min(8, level + 2)  # nothing playable: level +2 (4.3 IV)


def _distinct(count):
    # level III rescue cards: no playable option while level III is closed
    return ["seed-vault", "herbal-remedies", "peace-treaty", "campfire-stories", "window-garden"][:count]


def test_4_2_revealed_cards_go_to_the_discard_pile_at_the_end_of_the_turn():
    game, state = machine_position(level=4, machine_top=["seed-vault", "peace-treaty", "herbal-remedies"])
    machine_turn(game, state)
    discard = sorted(game.cards.key(c) for c in state.boards[1].discard)
    assert discard == ["herbal-remedies", "peace-treaty", "seed-vault"]
    assert state.machine.revealed == []
    assert game.decision(state).seat == 0


def test_4_2_an_empty_machine_pile_is_renewed_from_its_discard_pile():
    game, state = machine_position(level=2)
    board = state.boards[1]
    board.discard.extend(board.pile)
    board.pile.clear()
    machine_turn(game, state)
    assert any("Machine reshuffles" in e for e in texts(state.events))
    game.check_invariants(state)
