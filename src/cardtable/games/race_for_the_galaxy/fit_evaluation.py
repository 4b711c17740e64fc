"""Fit the weights of `evaluation.py` and write `evaluation.toml`.

    python -m cardtable.games.race_for_the_galaxy.fit_evaluation --games 600 --seed 1

Plays two-player games between heuristic players that take a random legal action one time in five,
so that what the heuristic always does also appears undone. At every quiet position (an action
selection) it records, for the seat to decide, the difference between its features and its
opponent's, labelled 1 if that seat went on to win and 0 if it lost (shared wins are left out). A
logistic regression without intercept is fitted by `cardtable.players.logistic`. Needs NumPy.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from cardtable.core import Rng, make_game, mix_seed
from cardtable.players import make_player
from cardtable.players.logistic import fit, held_out_accuracy, write_weights

from .evaluation import FEATURES, WEIGHTS_FILE, features, progress
from .heuristic import is_quiet

#: the share of decisions (in percent) taken at random instead of by the heuristic
EXPLORE = 20


def positions(games: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Feature differences and outcomes from `games` games between exploring heuristic players."""
    game = make_game("race-for-the-galaxy", {"players": 2})
    cat = game.catalog  # type: ignore[attr-defined]
    rows: list[list[float]] = []
    labels: list[float] = []
    for index in range(games):
        game_seed = mix_seed(seed, index)
        players = [make_player("heuristic", mix_seed(game_seed, seat)) for seat in (0, 1)]
        explore = Rng(mix_seed(game_seed, 2))
        state = game.new_state(game_seed)
        seen: list[tuple[int, list[float]]] = []
        while (decision := game.decision(state)) is not None:
            if is_quiet(game, state):
                me, late = decision.seat, progress(state)
                mine, theirs = features(cat, state, me, late), features(cat, state, 1 - me, late)
                seen.append((me, [a - b for a, b in zip(mine, theirs, strict=True)]))
            if explore.below(100) < EXPLORE:
                action = explore.choice(game.legal_actions(state))
            else:
                action = players[decision.seat].choose(game.observe(state, decision.seat))
            game.apply(state, action, validate=False)
        result = game.result(state)
        if result is None or result.draw or len(result.winners) != 1:
            continue
        for seat, row in seen:
            rows.append(row)
            labels.append(1.0 if seat in result.winners else 0.0)
    return rows, labels


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = parser.parse_args()
    rows, labels = positions(args.games, args.seed)
    score = held_out_accuracy(rows, labels)
    print(f"{len(rows)} positions; held-out accuracy {score:.3f}")
    w = fit(rows, labels)
    write_weights(
        args.out,
        "Race for the Galaxy",
        f"python -m {__spec__.name if __spec__ else __name__} --games {args.games} --seed {args.seed}",
        f"{len(rows)} positions of {args.games} two-player games between heuristic players exploring"
        f" {EXPLORE}%, seed {args.seed}; held-out accuracy {score:.3f}",
        FEATURES,
        w,
    )
    for name, value in zip(FEATURES, w, strict=True):
        print(f"  {name:20} {value:+.4f}")


if __name__ == "__main__":
    main()
