"""Fit the weights of `evaluation.py` and write `evaluation.toml`.

    python -m cardtable.games.dino_battles.fit_evaluation --games 2000 --seed 1

Plays two-player games between heuristic players that take a random legal action one time in five,
so that what the heuristic always does (attacking, buying a bench...) also appears undone and its worth
can be told apart from the strength of the player who does it. At every quiet position (no attack,
effect or promotion half resolved) it records, for the seat to decide, the difference between its
features and its opponent's, labelled 1 if that seat went on to win and 0 if it lost (draws and shared
wins are left out). A logistic regression without intercept (so both seats' chances add up to one) is
fitted by Newton's method with a small ridge. Needs NumPy (in the `report` extra).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from cardtable.core import Rng, make_game, mix_seed
from cardtable.players import make_player

from .evaluation import FEATURES, WEIGHTS_FILE, features, progress
from .heuristic import is_quiet

#: the share of decisions (in percent) taken at random instead of by the heuristic
EXPLORE = 20
RIDGE = 1.0
NEWTON_STEPS = 25


def positions(games: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Feature differences and outcomes from `games` games between exploring heuristic players."""
    game = make_game("dino-battles", {"players": 2})
    cat = game.catalog
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
                me, late = decision.seat, progress(cat, state)
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


def fit(rows: list[list[float]], labels: list[float]) -> list[float]:
    """Logistic regression without intercept, by Newton's method with a ridge penalty."""
    import numpy as np

    x, y = np.array(rows), np.array(labels)
    w = np.zeros(x.shape[1])
    for _ in range(NEWTON_STEPS):
        p = 1 / (1 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) + RIDGE * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + RIDGE * np.eye(len(w))
        w -= np.linalg.solve(hessian, gradient)
    return [round(float(v), 4) for v in w]


def accuracy(rows: list[list[float]], labels: list[float], w: list[float]) -> float:
    """The share of positions whose winner the weights `w` foretell."""
    hits = 0
    for row, label in zip(rows, labels, strict=True):
        hits += (sum(a * b for a, b in zip(w, row, strict=True)) > 0) == (label > 0.5)
    return hits / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = parser.parse_args()
    rows, labels = positions(args.games, args.seed)
    held_out = len(rows) // 5  # the first fifth of the games' positions
    w = fit(rows[held_out:], labels[held_out:])
    score = accuracy(rows[:held_out], labels[:held_out], w)
    print(f"{len(rows)} positions; held-out accuracy {score:.3f}")
    w = fit(rows, labels)
    lines = [
        "# Weights of the Dino Battles position evaluation (evaluation.py), one per feature.",
        "# Written by: python -m cardtable.games.dino_battles.fit_evaluation"
        f" --games {args.games} --seed {args.seed}",
        f'fitted_on = "{len(rows)} positions of {args.games} two-player games between heuristic players'
        f' exploring {EXPLORE}%,'
        f' seed {args.seed}; held-out accuracy {score:.3f}"',
        "features = [" + ", ".join(f'"{name}"' for name in FEATURES) + "]",
        "weights = [" + ", ".join(str(v) for v in w) + "]",
    ]
    args.out.write_text("\n".join(lines) + "\n")
    for name, value in zip(FEATURES, w, strict=True):
        print(f"  {name:26} {value:+.4f}")


if __name__ == "__main__":
    main()
