"""The terminal picture of a view: the pool and deck, each player's tableau with goods, the hand; with
the expansions the goals, prestige, Search, start-world offers, saved cards and takeovers."""

from __future__ import annotations

from typing import Any

from .cards import Catalog
from .faces import power_text
from .goalplay import goal


def _card(cat: Catalog, key: str, goods: list[str]) -> str:
    card = cat[key]
    mark = " [good]" if key in goods else ""
    kind = card.good[0].upper() if card.good else "-"
    cost = f"def {card.cost}" if card.military else f"cost {card.cost}"
    return f"{card.name} ({'world ' + kind if card.is_world else 'dev'}, {cost}, {card.vp} VP){mark}"


def render_view(cat: Catalog, view: dict[str, Any]) -> str:
    lines = [
        f"[bold]Race for the Galaxy[/bold]  round {view['round']}  phase {view['phase']}  "
        f"pool {view['pool']} VP  deck {view['deck']}  discard {view['discard']}"
    ]
    lines += _table(cat, view)
    for p in view["players"]:
        score = p["score"]
        bonus = ", ".join(
            [f"{cat[k].name} +{v}" for k, v in score["bonus"].items()]
            + [f"{part} +{score[part]}" for part in ("goals", "prestige") if score.get(part)]
        )
        actions = (
            ", ".join(p["actions"]) if "actions" in p else ("chosen" if p.get("actions_chosen") else "-")
        )
        lines.append(
            f"\n[bold]{p['seat']}[/bold]  {score['total']} VP ({p['chips']} chips + {score['cards']} cards"
            + (f" + {bonus}" if bonus else "")
            + f")  hand {p['hand_size']}  military {p['military']}  actions: {actions}"
        )
        lines += _expansion_lines(cat, p)
        for key in p["tableau"]:
            lines.append("   " + _card(cat, key, p["goods"]))
        if "hand" in p:
            lines.append("  hand:")
            for key in p["hand"]:
                powers = "; ".join(power_text(pw) for pw in cat[key].powers)
                lines.append(f"   {_card(cat, key, [])}  {powers}")
        if p.get("drawn"):
            lines.append(f"  explored (keep {p['keep']}): " + ", ".join(cat[k].name for k in p["drawn"]))
    if "robot" in view:
        lines += _robot(cat, view["robot"])
    if view["log"]:
        lines.append("\n" + "\n".join(view["log"][-6:]))
    return "\n".join(lines)


def _table(cat: Catalog, view: dict[str, Any]) -> list[str]:
    """The goals in play (who holds each) and the takeovers declared this phase."""
    if "goals" not in view:
        return []
    holders = {key: p["seat"] for p in view["players"] for key in p.get("goals", ())}
    lines = []
    if view["goals"]:
        listed = (f"{goal(k).name} ({goal(k).vp} VP, {holders.get(k, 'open')})" for k in view["goals"])
        lines.append("goals: " + "; ".join(listed))
    for t in view.get("takeovers", ()):
        state = "failed" if t["failed"] else "declared"
        lines.append(
            f"takeover {state}: {t['attacker']} on {cat[t['world']].name} with {cat[t['power']].name}"
        )
    if view.get("producing_on"):
        lines.append(f"producing on {cat[view['producing_on']].name}")
    return lines


def _expansion_lines(cat: Catalog, p: dict[str, Any]) -> list[str]:
    """A player's goals, prestige, Search used, saved cards and (its own) start-world offer."""
    parts = []
    if p.get("goals"):
        parts.append("goals " + ", ".join(goal(k).name for k in p["goals"]))
    if "prestige" in p:
        tile = " (on the tile)" if p["prestige_on_tile"] else ""
        parts.append(
            f"prestige {p['prestige']}{tile}" + ("  Search/prestige action used" if p["searched"] else "")
        )
    if p.get("saved_size"):
        saved = ", ".join(cat[k].name for k in p["saved"]) if "saved" in p else f"{p['saved_size']} cards"
        parts.append(f"saved under Galactic Scavengers: {saved}")
    if p.get("offer"):
        parts.append("start worlds offered: " + ", ".join(cat[k].name for k in p["offer"]))
    return [f"  {part}" for part in parts]


def _robot(cat: Catalog, r: dict[str, Any]) -> list[str]:
    """The solitaire robot: its score, tracks, piles, markers and this round's dice."""
    score = r["score"]
    dice = ", ".join(f"{d} on {f}" for d, f in zip(r["dice"], r["fields"], strict=True)) or "-"
    lines = [
        f"\n[bold]Robot[/bold]  {score['total']} VP ({r['chips']} chips + {score['cards']} cards + "
        f"{score['six_cost']} for 6-cost)  credit {r['credit']}/4  economy {r['economy']}/5  "
        f"hand {r['hand_size']}  cards {r['cards']}",
        f"  robot tile {r['tile']}  dice: {dice}",
        f"  6-cost markers: {r['markers']} placed, {r['markers_left']} left ({r['marker_value']} VP each)",
    ]
    if cat.level >= 3:
        lines.append(f"  prestige {r['prestige']} (+{score['prestige']} VP)")
    lines += [f"  tile: {words}" for words in r.get("modifications", [])]
    return lines + [f"   {cat[k].name} ({cat[k].vp} VP)" for k in r["tableau"]]
