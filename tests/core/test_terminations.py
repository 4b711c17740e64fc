"""Each game's end-of-game codes: the `Termination` Literal its code gives, the words its game.toml gives."""

from __future__ import annotations

from dataclasses import replace
from typing import get_args

import pytest

from cardtable.core import Result, make_game
from cardtable.games.apocalypse import rules as apocalypse
from cardtable.games.biosphere5 import state as biosphere5
from cardtable.games.dino_battles import state as dino_battles
from cardtable.games.fifty_first_state import state as fifty_first_state
from cardtable.games.race_for_the_galaxy import state as race_for_the_galaxy
from tests.toygame import ToyGame

DECLARED = {
    "apocalypse": apocalypse,
    "biosphere5": biosphere5,
    "dino-battles": dino_battles,
    "51st-state": fifty_first_state,
    "race-for-the-galaxy": race_for_the_galaxy,
}


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_every_code_a_game_gives_has_its_words_and_no_more(name: str) -> None:
    module = DECLARED[name]
    game = make_game(name)
    assert type(game).termination_codes == get_args(module.Termination) == tuple(game.terminations)
    assert all(words for words in game.terminations.values())


def test_ending_is_the_code_and_its_words_or_the_reason_for_a_game_that_declares_none() -> None:
    dino = make_game("dino-battles")
    shared = Result((0, 1), (1.0, 1.0, -1.0), "the Wound supply ran out: fewest Wounds (a shared win)")
    assert dino.ending(Result((0,), (1.0, -1.0), "x", termination="ko")) == ("ko", dino.terminations["ko"])
    assert dino.ending(replace(shared, termination="wounds")) == (
        "wounds",
        "the Wound supply ran out: fewest Wounds",
    )
    assert ToyGame().ending(Result((1,), (-1.0, 1.0), "B took the last card")) == (
        "B took the last card",
        "B took the last card",
    )
