"""Test data: the four expansion traces of Keldon Jones' engine, and what they hold.

`data/k_expansion1-2p.jsonl.gz` .. `k_expansion3-4p.jsonl.gz` are copies of the shared reference traces
(`shared/oracle/race-for-the-galaxy/README.md` §6: The Gathering Storm with 2 players, Rebel vs Imperium
with 3, The Brink of War with 2 and 4). `inventory` lists every decision type (with the phases it is
asked in), chance event kind and cause, event kind, card movement, action and power code they use: what
the replay driver (`oracle.py`) must support to replay them. `python -m tests.games.race_for_the_galaxy.
expansion_traces` prints it as the tables of RULES.md "Oracle".
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
TRACES = {
    name: DATA / f"k_{name}.jsonl.gz"
    for name in ("expansion1-2p", "expansion2-3p", "expansion3-2p", "expansion3-4p")
}
#: decision types whose candidates are powers
POWER_LISTS = ("CONSUME", "SETTLE", "PRODUCE")
#: decision types that name the one power they serve
POWER_FIELDS = ("CONSUME_HAND", "WINDFALL", "DISCARD_PRODUCE")


def load(name: str) -> list[dict[str, Any]]:
    with gzip.open(TRACES[name], "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def code_of(power: Any) -> str:
    """A power reference as 'phase:CODES' (its reference line without value and times), or its name."""
    if isinstance(power, dict) and "text" in power:
        phase, codes, _, _ = power["text"].split(":")
        return f"{phase}:{codes}"
    return power["card"] if isinstance(power, dict) else str(power)


def listed(value: Any) -> list[Any]:
    """A decision's `candidates` or `special`: a list, one power (GOOD's `special`) or nothing."""
    return value if isinstance(value, list) else [] if value is None else [value]


def power_refs(event: dict[str, Any]) -> list[dict[str, Any]]:
    """Every power a decision names (candidates of CONSUME/SETTLE/PRODUCE, `power`, GOOD's `special`)."""
    refs: list[Any] = []
    if event["type"] in POWER_LISTS:
        refs += event["candidates"]
    if event["type"] in POWER_FIELDS:
        refs.append(event["power"])
    if event["type"] == "GOOD":
        refs.append(event["special"])
    return [r for r in refs if isinstance(r, dict) and "text" in r]


@dataclass
class Inventory:
    games: int = 0
    decisions: Counter[str] = field(default_factory=Counter)
    decision_phases: Counter[tuple[str, str]] = field(default_factory=Counter)
    chance: Counter[str] = field(default_factory=Counter)
    causes: Counter[tuple[str, str]] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)
    moves: Counter[tuple[str, str]] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)
    select_last: Counter[int] = field(default_factory=Counter)
    power_codes: Counter[tuple[str, str]] = field(default_factory=Counter)
    specials: Counter[str] = field(default_factory=Counter)
    answers: Counter[tuple[str, str]] = field(default_factory=Counter)
    rejected: int = 0


def inventory(games: list[dict[str, Any]]) -> Inventory:
    inv = Inventory(games=len(games))
    for game in games:
        for event in game["events"]:
            kind = event["e"]
            inv.events[kind] += 1
            if kind == "chance":
                inv.chance[event["kind"]] += 1
                if "cause" in event:
                    inv.causes[(event["kind"], event["cause"])] += 1
            elif kind == "move":
                inv.moves[(event["from"][0], event["to"][0])] += 1
            elif kind == "decision":
                _note_decision(inv, event)
    return inv


def _note_decision(inv: Inventory, event: dict[str, Any]) -> None:
    kind, answer = event["type"], event["answer"]
    inv.decisions[kind] += 1
    inv.decision_phases[(kind, event["phase"])] += 1
    for ref in power_refs(event):
        inv.power_codes[(kind, code_of(ref))] += 1
    if kind == "ACTION":
        inv.actions.update(answer["actions"])
        inv.select_last[event.get("select_last", 0)] += 1
    elif kind in ("PAYMENT", "DEFEND"):
        inv.specials.update(answer["special"])
    elif kind == "TAKEOVER" and answer["power"]:
        inv.answers[(kind, answer["power"])] += 1
    elif kind == "SEARCH_TYPE":
        inv.answers[(kind, answer["category_name"])] += 1
    elif kind in ("OORT_KIND", "SEARCH_KEEP"):
        inv.answers[(kind, str(answer.get("kind", answer.get("keep"))))] += 1
    elif kind == "CONSUME_HAND" and answer.get("rejected"):
        inv.rejected += 1


def _table(title: str, counts: Counter[Any]) -> list[str]:
    lines = [f"\n{title}", "", "| what | count |", "|---|---|"]
    for key, n in sorted(counts.items(), key=lambda kv: (-kv[1], str(kv[0]))):
        lines.append(f"| {' / '.join(map(str, key)) if isinstance(key, tuple) else key} | {n} |")
    return lines


def main() -> None:
    for name in TRACES:
        inv = inventory(load(name))
        print(f"\n## {name}: {inv.games} games, {sum(inv.decisions.values())} decisions")
        for title, counts in (
            ("decision types", inv.decisions),
            ("decision types by phase", inv.decision_phases),
            ("chance kinds", inv.chance),
            ("chance causes", inv.causes),
            ("card movements (from / to)", inv.moves),
            ("actions", inv.actions),
            ("power codes named by decisions", inv.power_codes),
            ("special cards in payments and defences", inv.specials),
            ("answers of note", inv.answers),
        ):
            print("\n".join(_table(title, counts)))


if __name__ == "__main__":
    main()
