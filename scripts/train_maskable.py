"""Train a maskable agent (sb3-contrib's MaskablePPO) on Biosphere 5 against the Machine, on CPU.

    pip install torch==2.13.0          # the CPU build; then
    pip install -e '.[train]'          # gymnasium, sb3-contrib, matplotlib
    python scripts/train_maskable.py --minutes 5 --out reports/train_maskable

The Machine starts at level 0 by default (`--level`): the weakest, where the heuristic player still
wins some games (one in ten to one in five; from level 2 on it almost never does), so a learner has
a signal to find. It measures the random and the heuristic player's win rates against the Machine (the
baselines, on the first `--baseline-games` of the evaluation's deals), then trains for `--minutes`
of CPU time (of this process, evaluations not counted; on a shared machine wall time says little),
and every `--eval-every` environment steps plays `--eval-episodes` games with the current policy
(greedy, masked) on fixed deals. It writes the
curve as CSV and a plot (win rate against training steps, with the baselines) and prints a summary.
Not part of the tests: it takes minutes and needs torch.

The reward is the game's: 1 for a win, 0 for a draw, -1 for a loss, at the end only. With
`--shaping W`, training (never the evaluations) adds potential-based shaping (Ng, Harada & Russell
1999): gamma * phi(next) - phi(now), where phi is W times the game's own evaluation of the agent's
position (`heuristic.evaluate`, a fitted chance to win, as 2 * chance - 1) and 0 once the game is
over. It leaves the best policy unchanged and gives a signal before the end. The evaluation reads
the real state, as a reward may; the policy still sees only its observation.

With `--imitate GAMES`, the policy first learns to copy the heuristic player (behaviour cloning:
the heuristic's choices in GAMES games against the Machine, on deals apart from the evaluation's,
as masked cross-entropy for `--imitate-epochs` passes); PPO then trains on from there, and the
curve's first point is the cloned policy.
"""

from __future__ import annotations

import argparse
import csv
import json
import time
from pathlib import Path
from typing import Any

import gymnasium
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks
from stable_baselines3.common.callbacks import BaseCallback

import cardtable.adapters.gymnasium  # noqa: F401  (registers cardtable/<game>-v0)
from cardtable.core import mix_seed
from cardtable.players import make_player
from cardtable.players.heuristic import game_evaluator

GAME = "cardtable/biosphere5-v0"
#: deals of the evaluation games (never the training deals, which come from the training seed)
EVAL_SEED = 10_000


def baseline(kind: str, level: int, games: int) -> float:
    """The win rate of a player of `kind` against the Machine at `level`, on the evaluation's deals
    (the first `games` of them: the policy's evaluations play the first `--eval-episodes`)."""
    table = gymnasium.make(GAME, solo="machine", level=level).unwrapped
    wins = 0
    for index in range(games):
        table.reset(seed=mix_seed(EVAL_SEED, index))
        player = make_player(kind, mix_seed(EVAL_SEED, index, 1))
        done, reward = False, 0.0
        while not done:
            action = table.game.encode(player.choose(table.game.observe(table.state, table.seat)))
            _, reward, terminated, truncated, _ = table.step(action)
            done = terminated or truncated
        wins += reward == 1.0
    return wins / games


def evaluate(model: MaskablePPO, level: int, episodes: int) -> float:
    """The policy's win rate on `episodes` fixed deals, choosing greedily among the legal actions."""
    env = gymnasium.make(GAME, solo="machine", level=level)
    wins = 0
    for index in range(episodes):
        observation, _ = env.reset(seed=mix_seed(EVAL_SEED, index))
        done, reward = False, 0.0
        while not done:
            masks = get_action_masks(env)
            action, _ = model.predict(observation, action_masks=masks, deterministic=True)
            observation, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        wins += reward == 1.0
    return wins / episodes


def imitate(model: MaskablePPO, level: int, games: int, epochs: int, seed: int) -> int:
    """Behaviour cloning of the heuristic player (see the module text); returns the decisions copied."""
    import numpy as np
    import torch

    table = gymnasium.make(GAME, solo="machine", level=level).unwrapped
    observations, masks, actions = [], [], []
    for index in range(games):
        observation, info = table.reset(seed=mix_seed(seed, 97, index))
        teacher = make_player("heuristic", mix_seed(seed, 98, index))
        done = False
        while not done:
            choice = teacher.choose(table.game.observe(table.state, table.seat))
            action = table.game.encode(choice)
            observations.append(observation)
            masks.append(info["action_mask"])
            actions.append(action)
            observation, _, terminated, truncated, info = table.step(action)
            done = terminated or truncated
    policy = model.policy
    obs = torch.as_tensor(np.array(observations), dtype=torch.float32)
    act = torch.as_tensor(np.array(actions))
    mask = torch.as_tensor(np.array(masks))
    generator = torch.Generator().manual_seed(seed)
    policy.set_training_mode(True)
    for epoch in range(epochs):
        total = 0.0
        for batch in torch.randperm(len(act), generator=generator).split(256):
            _, log_prob, _ = policy.evaluate_actions(obs[batch], act[batch], action_masks=mask[batch])
            loss = -log_prob.mean()
            policy.optimizer.zero_grad()
            loss.backward()
            policy.optimizer.step()
            total += float(loss.detach()) * len(batch)
        print(f"imitation epoch {epoch + 1}: loss {total / len(act):.3f}", flush=True)
    policy.set_training_mode(False)
    return len(act)


class Shaped(gymnasium.Wrapper):
    """Potential-based reward shaping with the game's evaluation (see the module text)."""

    def __init__(self, env: gymnasium.Env, weight: float, gamma: float) -> None:
        super().__init__(env)
        self.weight, self.gamma = weight, gamma
        evaluate = game_evaluator(env.unwrapped.game)
        if evaluate is None:
            raise ValueError(f"{env.unwrapped.game.name} offers no evaluation to shape rewards with")
        self.evaluate = evaluate
        self.last = 0.0

    def _potential(self) -> float:
        table = self.env.unwrapped
        if table.game.decision(table.state) is None:
            return 0.0
        return self.weight * (2.0 * self.evaluate(table.game, table.state, table.seat) - 1.0)

    def reset(self, **kwargs: Any) -> tuple[Any, dict]:
        observation, info = self.env.reset(**kwargs)
        self.last = self._potential()
        return observation, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict]:
        observation, reward, terminated, truncated, info = self.env.step(action)
        potential = 0.0 if terminated else self._potential()
        reward = float(reward) + self.gamma * potential - self.last
        self.last = potential
        return observation, reward, terminated, truncated, info

    def action_masks(self) -> Any:
        return self.env.unwrapped.action_masks()


class Curve(BaseCallback):
    """Evaluates every `every` steps; stops training after `seconds` of CPU time spent training."""

    def __init__(self, every: int, episodes: int, level: int, seconds: float) -> None:
        super().__init__()
        self.every, self.episodes, self.level, self.seconds = every, episodes, level, seconds
        self.points: list[tuple[int, float, float]] = []
        self.start = time.process_time()
        self.evaluating = 0.0  # CPU time spent in evaluations, not counted as training
        self.next_eval = 0

    def training_seconds(self) -> float:
        return time.process_time() - self.start - self.evaluating

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next_eval:
            self._evaluate()
            self.next_eval += self.every
        return self.training_seconds() < self.seconds

    def _on_training_end(self) -> None:
        if not self.points or self.points[-1][0] != self.num_timesteps:
            self._evaluate()

    def _evaluate(self) -> None:
        began = time.process_time()
        rate = evaluate(self.model, self.level, self.episodes)
        self.evaluating += time.process_time() - began
        self.points.append((self.num_timesteps, rate, self.training_seconds()))
        cpu = self.points[-1][2]
        print(f"steps {self.num_timesteps:>7}  win rate {rate:.3f}  ({cpu:.0f} s CPU)", flush=True)


Points = list[tuple[int, float, float]]


def plot(
    points: Points, baselines: dict[str, float], path: Path, level: int, shaping: float, cloned: bool
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", label="MaskablePPO (greedy, masked)")
    for (kind, rate), style in zip(baselines.items(), ("--", ":"), strict=False):
        colour = "grey" if kind == "random" else "black"
        ax.axhline(rate, linestyle=style, color=colour, label=f"{kind} player")
    ax.set_xlabel("training steps (agent decisions)")
    ax.set_ylabel("win rate against the Machine")
    ax.set_ylim(-0.02, 1.0)
    shaped = f", shaping {shaping:g}" if shaping else ""
    shaped += ", cloned from the heuristic first" if cloned else ""
    ax.set_title(f"Biosphere 5, Man against Machine (level {level}{shaped})")
    ax.legend(loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="CPU time of training")
    parser.add_argument("--level", type=int, default=0, help="the Machine's starting level (0-8)")
    parser.add_argument("--eval-every", type=int, default=4096, help="steps between evaluations")
    parser.add_argument("--eval-episodes", type=int, default=50, help="games per evaluation")
    parser.add_argument("--baseline-games", type=int, default=200, help="games per baseline player")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shaping", type=float, default=0.0, help="weight of the shaping (0: none)")
    parser.add_argument("--imitate", type=int, default=0, help="heuristic games to clone first (0: none)")
    parser.add_argument("--imitate-epochs", type=int, default=10, help="passes over the cloned decisions")
    parser.add_argument("--out", type=Path, default=Path("reports/train_maskable"))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)

    baselines = {kind: baseline(kind, args.level, args.baseline_games) for kind in ("random", "heuristic")}
    print("baselines:", ", ".join(f"{k} {v:.3f}" for k, v in baselines.items()), flush=True)

    env = gymnasium.make(GAME, solo="machine", level=args.level)
    gamma = 0.99
    if args.shaping:
        env = Shaped(env, args.shaping, gamma)
    env.reset(seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=1024, batch_size=256, gamma=gamma, seed=args.seed, verbose=0, device="cpu"
    )
    copied = 0
    if args.imitate:
        began = time.process_time()
        copied = imitate(model, args.level, args.imitate, args.imitate_epochs, args.seed)
        print(f"cloned {copied} heuristic decisions in {time.process_time() - began:.0f} s CPU", flush=True)
    curve = Curve(args.eval_every, args.eval_episodes, args.level, args.minutes * 60)
    try:
        model.learn(total_timesteps=10**9, callback=curve)
    except KeyboardInterrupt:  # Ctrl-C ends training early; the curve so far is still written
        print("interrupted: writing the curve so far", flush=True)

    with (args.out / "curve.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["steps", "win_rate", "training_cpu_seconds"])
        writer.writerows(curve.points)
    plot(curve.points, baselines, args.out / "curve.png", args.level, args.shaping, bool(args.imitate))
    summary = {
        "level": args.level,
        "shaping": args.shaping,
        "imitated_games": args.imitate,
        "imitated_decisions": copied,
        "minutes": args.minutes,
        "steps": curve.points[-1][0],
        "final_win_rate": curve.points[-1][1],
        "best_win_rate": max(p[1] for p in curve.points),
        "eval_episodes": args.eval_episodes,
        "baselines": baselines,
        "baseline_games": args.baseline_games,
    }
    (args.out / "summary.json").write_text(json.dumps(summary, indent=1))
    print(json.dumps(summary), flush=True)
    return summary


if __name__ == "__main__":
    main()
