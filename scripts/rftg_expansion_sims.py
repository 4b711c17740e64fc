"""Random games of Race for the Galaxy at every expansion level, mode by mode: each game is played by
the project's parallel simulation runner, then replayed with the game's invariants checked after every
action (cards neither lost nor duplicated, goods on worlds, no development twice) and its result
compared (the first `--check` games of each mode). Prints one line per mode: games, game length
mean/max, end reasons, seconds.

    .venv/bin/python scripts/rftg_expansion_sims.py --games 1000 --workers 2 [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import product
from typing import Any

from cardtable.core import Match, make_game
from cardtable.core.record import Record
from cardtable.games.race_for_the_galaxy.setup import MAX_PLAYERS
from cardtable.parallel import SimSpec, run

GAME = "race-for-the-galaxy"
SEED = 29


def modes() -> list[dict[str, Any]]:
    """Levels 1-3, every number of players each allows; goals (levels 1-3) and takeovers (levels 2-3)
    on and off."""
    found = []
    for level in (1, 2, 3):
        takeovers = (True, False) if level >= 2 else (None,)
        for players, goals, takeover in product(range(2, MAX_PLAYERS[level] + 1), (True, False), takeovers):
            options: dict[str, Any] = {"expansion": level, "players": players, "goals": goals}
            if takeover is not None:
                options["takeovers"] = takeover
            found.append(options)
    return found


def check_records(options: dict[str, Any], records: list[str]) -> int:
    """Replay each record with the invariants checked after every action; the actions checked."""
    game = make_game(GAME, options)
    checked = 0
    for text in records:
        record = Record.from_text(text)
        match = Match(game, record.seed, record.seats or None)
        game.check_invariants(match.state)
        for move in record.moves:
            match.apply(move.action)
            game.check_invariants(match.state)
            checked += 1
        assert match.result is not None, f"seed {record.seed}: the replay did not end"
        assert match.record().result == record.result, f"seed {record.seed}: another result"
    return checked


def run_mode(options: dict[str, Any], games: int, workers: int, check: int) -> dict[str, Any]:
    started = time.perf_counter()
    batch = run(SimSpec(GAME, options, SEED, ("random",)), games, workers=workers, keep_records=True)
    played = time.perf_counter() - started
    records = [outcome.record for outcome in batch.outcomes][:check]
    size = max(1, len(records) // (4 * workers))
    parts = [records[i : i + size] for i in range(0, len(records), size)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        checked = sum(pool.map(check_records, [options] * len(parts), parts))
    summary = batch.summary.to_dict()
    return {
        "options": options,
        "games": summary["games"],
        "mean_length": summary["average_length"],
        "max_length": summary["max_length"],
        "end_reasons": summary["end_reasons"],
        "sim_wall_seconds": round(played, 1),
        "sim_seconds_in_games": round(summary["seconds"], 1),
        "games_checked": len(records),
        "actions_checked": checked,
        "check_wall_seconds": round(time.perf_counter() - started - played, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--check", type=int, default=100, help="games per mode replayed with the invariants")
    parser.add_argument("--level", type=int, action="append", help="only this level (repeatable)")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    results = []
    for options in modes():
        if args.level and options["expansion"] not in args.level:
            continue
        row = run_mode(options, args.games, args.workers, args.check)
        results.append(row)
        opts = " ".join(f"{k}={v}" for k, v in options.items())
        print(
            f"{opts:48s} games={row['games']} length mean={row['mean_length']} max={row['max_length']} "
            f"ends={row['end_reasons']} sim={row['sim_wall_seconds']}s "
            f"checked {row['games_checked']} games, {row['actions_checked']} actions "
            f"in {row['check_wall_seconds']}s",
            flush=True,
        )
        if args.json:
            with open(args.json, "w") as out:
                json.dump(results, out, indent=1)


if __name__ == "__main__":
    main()
