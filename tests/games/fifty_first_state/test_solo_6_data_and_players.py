"""Solo rules as data (virtual.toml): the seed's numbers, the reconstructed goods order, the achievement
rows, clear errors for a bad file; and the heuristic and ISMCTS players in the person's seat."""

from pathlib import Path

import pytest

from cardtable.core import CardDataError, Rng
from cardtable.core.runner import play_match
from cardtable.games.fifty_first_state import FiftyFirstState
from cardtable.games.fifty_first_state.virtual_player import VIRTUAL_FILE, virtual_rules
from cardtable.players import AutomatonSeat, HeuristicPlayer, IsmctsPlayer


def test_the_data_holds_the_seed_numbers() -> None:
    data = virtual_rules()
    assert (data.lookout.reveal, data.lookout.from_deck) == (4, 1)
    turn = data.turn
    assert (turn.attacks_per_round, turn.connection_vp, turn.raze_vp, turn.open_production_vp) == (3, 2, 2, 1)
    assert data.tie_breakers.class_order == ["unused-action", "used-action", "feature", "production"]
    assert data.tie_breakers.goods_order[:3] == ["vp", "card", "development"]
    assert "reconstructed" in data.tie_breakers.goods_order_source
    assert [(row.title, row.below, row.at_least) for row in data.achievement] == [
        ("Mutant", 30, None),
        ("Grand Master", None, 70),
    ]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"feature", "production"]', '"feature"]', "class_order"),
        ('"ammo", "defence",', '"ammo",', "goods_order"),
        ("at_least = 70", "", "needs `below` or `at_least`"),
        ("reveal = 4", "reveal = 1", "reveal"),
        ("raze_vp = 2", "raze_vp = 2\nsteal = 1", "steal"),
    ],
)
def test_a_bad_file_is_refused_with_a_clear_error(tmp_path: Path, old: str, new: str, message: str) -> None:
    text = VIRTUAL_FILE.read_text()
    assert old in text
    bad = tmp_path / "virtual.toml"
    bad.write_text(text.replace(old, new))
    with pytest.raises(CardDataError, match=message):
        virtual_rules(bad)


@pytest.mark.parametrize("kind", ["heuristic", "ismcts"])
def test_the_bots_play_the_persons_seat_to_the_end(kind: str) -> None:
    game = FiftyFirstState(solo="virtual")
    player = HeuristicPlayer(Rng(3)) if kind == "heuristic" else IsmctsPlayer(Rng(3), iterations=8)
    match = play_match(game, [player, AutomatonSeat("virtual-player")], seed=11)
    result = game.result(match.state)
    assert result is not None and result.details["vp_a"] >= 0
    assert {m.seat for m in match.moves} == {0}, "the virtual player is never asked"
