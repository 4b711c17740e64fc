"""Fitting a game's position evaluation: a logistic model of who wins, learnt from played positions.

Games offer an evaluation to the ISMCTS player (`Game.evaluator`). Where that is a logistic model over
the difference between a seat's features and its opponent's (`cardtable.core.logistic`, re-exported
here), its weights are fitted here from positions labelled 1 (that seat went on to win) or 0 (it lost),
and written as a small TOML data file next to the game's evaluation.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardtable.core import Game, Rng, mix_seed
from cardtable.core.logistic import Model, Weights, chance, chance_against_best, read_weights

RIDGE = 1.0
NEWTON_STEPS = 25
#: the share of decisions (in percent) the self-play players take at random instead of by the heuristic
EXPLORE = 20

#: one player's features in a state as a row: `features(state, seat)`, a column per weight
Features = Callable[[Any, int], list[float]]
#: whether a position may be judged as it stands: `quiet(game, state)`
Quiet = Callable[[Game[Any], Any], bool]


def positions(
    game: Game[Any], features: Features, quiet: Quiet, games: int, seed: int, explore: int = EXPLORE
) -> tuple[list[list[float]], list[float]]:
    """Feature differences and outcomes from `games` two-player games between heuristic players
    that take a random legal action `explore` times in a hundred, so that what the heuristic always
    does also appears undone and its worth can be told apart from the strength of the player who
    does it. At every quiet position it records, for the seat to decide, its features minus its
    opponent's, labelled 1 if that seat went on to win and 0 if it lost (draws and shared wins are
    left out). Game `index` is played from `mix_seed(seed, index)`."""
    from cardtable.players import make_player

    if game.num_seats != 2:
        raise ValueError("positions are collected from two-player games")
    rows: list[list[float]] = []
    labels: list[float] = []
    for index in range(games):
        game_seed = mix_seed(seed, index)
        players = [make_player("heuristic", mix_seed(game_seed, seat)) for seat in (0, 1)]
        chance = Rng(mix_seed(game_seed, 2))
        state = game.new_state(game_seed)
        seen: list[tuple[int, list[float]]] = []
        while (decision := game.decision(state)) is not None:
            if quiet(game, state):
                me = decision.seat
                mine, theirs = features(state, me), features(state, 1 - me)
                seen.append((me, [a - b for a, b in zip(mine, theirs, strict=True)]))
            if chance.below(100) < explore:
                action = chance.choice(game.legal_actions(state))
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


def fit(rows: Sequence[Sequence[float]], labels: Sequence[float]) -> list[float]:
    """Logistic regression without intercept (so both seats' chances add up to one), by Newton's
    method with a small ridge penalty; weights rounded to 4 decimals."""
    import numpy as np

    x, y = np.array(rows, dtype=float), np.array(labels, dtype=float)
    w = np.zeros(x.shape[1])
    for _ in range(NEWTON_STEPS):
        p = 1 / (1 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) + RIDGE * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + RIDGE * np.eye(len(w))
        w -= np.linalg.solve(hessian, gradient)
    return [round(float(v), 4) for v in w]


def accuracy(rows: Sequence[Sequence[float]], labels: Sequence[float], w: Sequence[float]) -> float:
    """The share of positions whose winner the weights `w` foretell."""
    hits = 0
    for row, label in zip(rows, labels, strict=True):
        hits += (sum(a * b for a, b in zip(w, row, strict=True)) > 0) == (label > 0.5)
    return hits / len(rows)


def held_out_accuracy(rows: Sequence[Sequence[float]], labels: Sequence[float]) -> float:
    """Fit on all but the first fifth of the positions (the first games), score on that fifth."""
    cut = len(rows) // 5
    return accuracy(rows[:cut], labels[:cut], fit(rows[cut:], labels[cut:]))


#: what a game's fit script hands `fit_main`: positions(games, seed) -> (feature differences, outcomes)
Positions = Callable[[int, int], tuple[list[list[float]], list[float]]]


def fit_main(
    title: str,
    module: str,
    positions: Positions,
    features: Sequence[str],
    weights_file: Path,
    *,
    games: int,
    explore: int = EXPLORE,
    argv: Sequence[str] | None = None,
) -> None:
    """The command line of a game's fit script (`python -m <module> --games N --seed S [--out F]`):
    collect `positions`, print the held-out accuracy, fit, write the weights file and print the weights."""
    parser = argparse.ArgumentParser(description=f"Fit the weights of the {title} position evaluation.")
    parser.add_argument("--games", type=int, default=games, help="two-player games to learn from")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=weights_file, help="the weights file to write")
    args = parser.parse_args(argv)
    rows, labels = positions(args.games, args.seed)
    score = held_out_accuracy(rows, labels)
    print(f"{len(rows)} positions; held-out accuracy {score:.3f}")
    w = fit(rows, labels)
    players = "heuristic players" + (f" exploring {explore}%" if explore else "")
    write_weights(
        args.out,
        title,
        f"python -m {module} --games {args.games} --seed {args.seed}",
        f"{len(rows)} positions of {args.games} two-player games between {players}, seed {args.seed};"
        f" held-out accuracy {score:.3f}",
        features,
        w,
    )
    width = max(len(name) for name in features)
    for name, value in zip(features, w, strict=True):
        print(f"  {name:{width}} {value:+.4f}")


def write_weights(
    path: Path, title: str, command: str, fitted_on: str, features: Sequence[str], weights: Sequence[float]
) -> None:
    """Write the weights file that the game's evaluation loads (fields `fitted_on`, `features`, `weights`)."""
    lines = [
        f"# Weights of the {title} position evaluation, one per feature.",
        f"# Written by: {command}",
        f'fitted_on = "{fitted_on}"',
        "features = [" + ", ".join(f'"{name}"' for name in features) + "]",
        "weights = [" + ", ".join(str(v) for v in weights) + "]",
    ]
    path.write_text("\n".join(lines) + "\n")


__all__ = [
    "Model",
    "Weights",
    "accuracy",
    "chance",
    "chance_against_best",
    "fit",
    "fit_main",
    "held_out_accuracy",
    "positions",
    "read_weights",
    "write_weights",
]
