"""House rule "Deterministic and recorded": the same seeds give the same games, however fast the engine.

`reference_games.json` holds five games (four random, one heuristic) as played by the engine before
its speed-up (legal moves from remembered layouts, remembered shelter facts): every action, the
result's details and a digest of the game log. Any optimisation must reproduce them exactly; only a
deliberate change of a rule or of the heuristic player's rules of thumb may change them. They were
last played anew for issue 11: ability windows open only where an unused ability could matter,
Research asks for no order, and the log tells more (RULES.md D16, D21). The log digests alone were
renewed for issue 27 (the log names who places a card), and again for issue 27's log fields (every line
opens with a capital: "Round 2, led by", "Card pool:"); actions and results are unchanged.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from cardtable.core import Rng, plain, text_of
from cardtable.core.runner import play_match
from cardtable.games.apocalypse.heuristic import HeuristicPlayer
from cardtable.players import RandomPlayer

from .position import GAME

REFERENCE = json.loads(Path(__file__).with_name("reference_games.json").read_text())
PLAYERS = {"random": RandomPlayer, "heuristic": HeuristicPlayer}


@pytest.mark.parametrize("reference", REFERENCE, ids=lambda g: f"{g['players']}-seed{g['seed']}")
def test_the_same_seeds_replay_the_reference_games(reference: dict) -> None:
    seed, make = reference["seed"], PLAYERS[reference["players"]]
    match = play_match(GAME, [make(Rng(100 * seed + s)) for s in range(3)], seed)
    assert [m.action for m in match.moves] == reference["actions"]
    assert match.result is not None and match.result.details == reference["details"]
    log = hashlib.sha256("\n".join(plain(text_of(line)) for line in match.state.log).encode()).hexdigest()
    assert log == reference["log_sha256"]
