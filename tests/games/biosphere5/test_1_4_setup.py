"""1.2 / 1.4 Game set-up and start; 2.5 order of play with three and four players."""

from collections import Counter

from cardtable.core import make_game


def test_1_2_every_player_has_an_identical_deck_of_25_cards():
    game = make_game("biosphere5", dict(players=3))
    state = game.new_state(5)
    for board in state.boards:
        cards = board.pile + board.faceup + board.hand + board.discard + board.achievements
        assert len(cards) == 25
        assert Counter(cards) == Counter(game.deck)


def test_1_4_three_face_up_cards_and_an_empty_hand():
    state = make_game("biosphere5", dict()).new_state(1)
    for board in state.boards:
        assert len(board.faceup) == 3
        assert board.hand == []
        assert len(board.pile) == 22


def test_1_4_fewer_red_cards_starts_and_biosphere_counts_two():
    game = make_game("biosphere5", dict())
    biosphere = game.cards.index["biosphere-5"]
    for seed in range(60):
        state = game.new_state(seed)
        reds = [sum(game.cards.cards[c].red for c in b.faceup) for b in state.boards]
        for board, red in zip(state.boards, reds, strict=True):
            assert board.red == red
            assert red >= (2 if biosphere in board.faceup else 0)
        expected = 0 if reds[0] <= reds[1] else 1  # a tie goes to seat A (the youngest, RULES.md)
        assert state.order[0] == expected
        assert game.decision(state).seat == expected


def test_1_4_red_counts_from_the_card_data():
    game = make_game("biosphere5", dict())
    assert game.cards.cards[game.cards.index["biosphere-5"]].red == 2
    assert game.cards.cards[game.cards.index["water-canister"]].red == 1  # fig. 15: a red level I card
    assert game.cards.cards[game.cards.index["powerful-friends"]].red == 0


def test_2_5_three_players_join_in_order_of_red_cards():
    game = make_game("biosphere5", dict(players=3))
    for seed in range(30):
        state = game.new_state(seed)
        reds = [b.red for b in state.boards]
        assert state.order == sorted(range(3), key=lambda s: (reds[s], s))


def test_2_5_four_players_team_with_fewer_red_cards_chooses_its_first_player():
    game = make_game("biosphere5", dict(players=4))
    for seed in range(20):
        state = game.new_state(seed)
        reds = [b.red for b in state.boards]
        team = 0 if reds[0] + reds[2] <= reds[1] + reds[3] else 1
        decision = game.decision(state)
        assert decision.kind == "first"
        assert decision.seat % 2 == team
        assert {str(a) for a in game.legal_actions(state)} == {f"first {team}", f"first {team + 2}"}


def test_2_5_four_player_order_starter_then_both_opponents_then_partner():
    game = make_game("biosphere5", dict(players=4))
    state = game.new_state(3)
    starting = game.decision(state).seat % 2
    first = starting + 2
    game.apply(state, f"first {first}")
    assert game.decision(state).kind == "first"
    other_first = 1 - starting
    game.apply(state, f"first {other_first}")
    assert state.order == [first, other_first, other_first + 2, starting]
    decision = game.decision(state)
    assert decision.kind == "move" and decision.seat == first
