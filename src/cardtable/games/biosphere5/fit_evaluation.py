"""Fit the weights of `evaluation.py` and write `evaluation.toml`.

    python -m cardtable.games.biosphere5.fit_evaluation --games 2000 --seed 1

Plays two-player games between heuristic players; at the start of every move (no effect pending)
it records, for the seat to move, the difference between its features and its opponent's, labelled
1 if that seat went on to win and 0 if it lost (draws are left out). A logistic regression without
intercept (so both seats' chances add up to one) is fitted by `cardtable.players.logistic`.
Needs NumPy (in the `report` extra).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from cardtable.core import make_game, mix_seed
from cardtable.players import make_player
from cardtable.players.logistic import fit, held_out_accuracy, write_weights

from .evaluation import FEATURES, WEIGHTS_FILE, features


def positions(games: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Feature differences and outcomes from `games` heuristic-vs-heuristic games."""
    game = make_game("biosphere5", {"players": 2})
    rows: list[list[float]] = []
    labels: list[float] = []
    for index in range(games):
        game_seed = mix_seed(seed, index)
        players = [make_player("heuristic", mix_seed(game_seed, seat)) for seat in (0, 1)]
        state = game.new_state(game_seed)
        seen: list[tuple[int, list[float]]] = []
        while (decision := game.decision(state)) is not None:
            if not state.tasks:
                me, other = decision.seat, 1 - decision.seat
                mine, theirs = features(game.cards, state, me), features(game.cards, state, other)
                seen.append((me, [a - b for a, b in zip(mine, theirs, strict=True)]))
            action = players[decision.seat].choose(game.observe(state, decision.seat))
            game.apply(state, action, validate=False)
        result = game.result(state)
        if result is None or result.draw or not result.winners:
            continue
        for seat, row in seen:
            rows.append(row)
            labels.append(1.0 if seat in result.winners else 0.0)
    return rows, labels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = parser.parse_args()
    rows, labels = positions(args.games, args.seed)
    print(f"{len(rows)} positions; held-out accuracy {held_out_accuracy(rows, labels):.3f}")
    w = fit(rows, labels)
    write_weights(
        args.out,
        "Biosphere 5",
        f"python -m cardtable.games.biosphere5.fit_evaluation --games {args.games} --seed {args.seed}",
        f"{len(rows)} positions of {args.games} two-player games between heuristic players, seed {args.seed}",
        FEATURES,
        w,
    )
    for name, value in zip(FEATURES, w, strict=True):
        print(f"  {name:24} {value:+.4f}")


if __name__ == "__main__":
    main()
