"""A readable terminal table of a view (what one seat may see)."""

from __future__ import annotations

from collections import Counter
from typing import Any


def _cards(cards: list[str]) -> str:
    counts = Counter(cards)
    return ", ".join(f"{k}×{n}" if n > 1 else k for k, n in sorted(counts.items())) or "-"


def _dino(d: dict[str, Any] | None) -> str:
    if d is None:
        return "none"
    text = f"{d['tag']} {d['hp']}/{d['max_hp']} HP"
    if "atk" in d:
        text += f" ATK {d['atk']} EVA {d['eva']} DEF {d['def']}"
    attached = _cards(d["attached"]) if "attached" in d else f"{d['attached_count']} face down"
    return text + f" (attached: {attached})"


def render_view(view: dict[str, Any], seat: int | None) -> str:
    turn = view["turn"]
    lines = [
        f"Biomechanic Dino Battles — turn {turn['number']}, player {turn['player'].upper()}, {turn['part']} "
        f"(actions {turn['actions']}, attaches {turn['attaches']}, combat {turn['combats']}, "
        f"buys {turn['buys']})",
        f"Dino Deck: {len(view['dino_deck'])} face down   Revealed: {', '.join(view['row']) or '-'}",
        "Supply: " + ", ".join(f"{k} {n}" for k, n in view["supply"].items()),
        f"Purgatory: {_cards(view['purgatory'])}",
        "",
        f"{'seat':<5}{'hand':>5}{'deck':>5}{'junk':>5}{'KOs':>4}  active / bench",
    ]
    for p in view["players"]:
        mark = "*" if p["seat"] == turn["player"] else " "
        lines.append(
            f"{mark}{p['seat'].upper():<4}{p['hand_size']:>5}{p['deck_size']:>5}{len(p['discard']):>5}"
            f"{p['kos']:>4}  {_dino(p['active'])}"
        )
        for b in p["bench"]:
            lines.append(f"{'':<23}  bench: {_dino(b)}")
    if view["attack"]:
        a = view["attack"]
        lines.append(
            f"\nAttack: {a['attacker'].upper()}'s {a['attacker_tag']} uses {a['attack']} on "
            f"{(a['target'] or '?').upper()} ({a['defender_tag'] or 'direct'}), "
            f"reaction {a['reaction'] or '-'}"
        )
    if view["effects"]:
        lines.append("Resolving: " + ", ".join(f"{e['op']} {e['n']}" for e in view["effects"]))
    if seat is not None:
        me = view["players"][seat]
        lines.append(f"\nYour hand: {_cards(me['hand'])}")
    if view["decision"]:
        d = view["decision"]
        lines.append(f"To decide: {d['seat'].upper()} ({d['kind']})")
    else:
        lines.append(f"Game over ({view['ended']})")
    return "\n".join(lines)
