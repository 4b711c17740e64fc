"""RESEARCH.md §2.3.1 Lookout: Connection cards flipped; n+1 cards picked clockwise, then back."""

from cardtable.games.fifty_first_state import FiftyFirstState
from cardtable.games.fifty_first_state.lookout import pick_order


def _after_set_up(players: int, seed: int = 3) -> tuple[FiftyFirstState, object]:
    game = FiftyFirstState(players=players)
    s = game.new_state(seed)
    while s.phase == "setup":
        game.apply(s, game.legal_actions(s)[0])
    return game, s


def test_two_drafts_of_n_plus_one_cards_in_opposite_directions() -> None:
    game, s = _after_set_up(3)
    assert s.connection_up["blue"] in ("merchants", "junk-train")
    assert s.connection_up["red"] in ("punks", "thugs")
    order = []
    assert len(s.draft.revealed) == 4
    discard_before = len(s.discard)
    while not s.draft.second:
        order.append(game.decision(s).seat)
        game.apply(s, game.legal_actions(s)[0])
    assert order == [0, 1, 2]
    assert len(s.discard) == discard_before + 1, "the last card of the first reveal is discarded"
    assert len(s.draft.revealed) == 4
    order = []
    while s.phase == "lookout":
        order.append(game.decision(s).seat)
        game.apply(s, game.legal_actions(s)[0])
    assert order == [2, 1, 0]


def test_picked_cards_are_known_to_everyone() -> None:
    game, s = _after_set_up(2)
    card = s.draft.revealed[0]
    game.apply(s, f"pick {card}")
    assert card in s.players[0].known
    assert card in game.view(s, 1)["players"][0]["known"]
    assert "hand" not in game.view(s, 1)["players"][0]


def test_the_first_player_token_moves_clockwise_each_round() -> None:
    game, s = _after_set_up(3)
    firsts = []
    while s.round <= 3:
        if s.phase == "lookout" and not s.draft.second and len(pick_order(s)) == 3:
            firsts.append((s.round, pick_order(s)[0]))
        game.apply(s, game.legal_actions(s)[-1] if s.phase == "action" else game.legal_actions(s)[0])
    assert [seat for _, seat in dict(firsts).items()] == [0, 1, 2]
