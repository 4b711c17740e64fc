"""A readable terminal table of a 51st State view (what one seat may see)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.markup import escape

from .cards import Catalog
from .faces import effect_lines


def _cards(cat: Catalog, keys: list[str]) -> str:
    counts = Counter(keys)
    names = [
        (cat.locations[k].name if k in cat.locations else cat.connections[k].name)
        + (f" ×{n}" if n > 1 else "")
        for k, n in sorted(counts.items())
    ]
    return ", ".join(names) or "-"


def _supply(supply: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in supply.items()) or "nothing"


def _site(cat: Catalog, index: int, site: dict[str, Any]) -> str:
    loc = cat.locations[site["key"]]
    if site["ruin"]:
        return f"  {index:>2}. Ruin (was {loc.name})"
    kind = loc.kind + (", open" if loc.open else "")
    text = f"  {index:>2}. {loc.name} [{kind}; d{loc.distance}; {'/'.join(loc.types)}]"
    if loc.action is not None:
        text += f" used {site['uses']}/{loc.action.uses}"
    elif loc.open and site["uses"]:
        text += " used"
    if site["held"]:
        text += " holds " + _supply(site["held"])
    return text + " — " + " ".join(effect_lines(loc))


def _up(cat: Catalog, key: str) -> str:
    return cat.connections[key].name if key else "-"


def render_view(cat: Catalog, view: dict[str, Any], seat: int | None) -> str:
    conns = view["connections"]
    up = [f"{c}: {_up(cat, conns[c]['up'])} (deck {conns[c]['deck_size']})" for c in ("blue", "red")]
    lines = [
        f"51st State — round {view['round']}, {view['phase']}; first player {view['first'].upper()}"
        + ("; LAST ROUND" if view["last_round"] else "")
        + f"; game ends at {view['end_vp']} VP",
        f"Deck {view['deck_size']}, discard pile {view['discard_size']}; Connection cards {'; '.join(up)}",
    ]
    look = view["lookout"]
    if look["revealed"]:
        lines.append(f"Lookout: {_cards(cat, look['revealed'])}; picking: {', '.join(look['order']).upper()}")
    virtual = view.get("virtual")
    for p in view["players"]:
        flags = " (passed)" if p["passed"] else ""
        if virtual is not None and p["seat"] == virtual["seat"]:
            pile = _cards(cat, virtual["attack_pile"])
            lines.append(
                f"[bold]{p['seat'].upper()}[/bold] the virtual player: {p['vp']} VP{flags}; "
                f"attacks this round {virtual['attacks']} of {virtual['attacks_per_round']}; "
                f"attack pile: {pile}"
            )
            lines += [_site(cat, i, site) for i, site in enumerate(p["sites"], 1)]
            continue
        lines.append(
            f"[bold]{p['seat'].upper()}[/bold] {cat.factions[p['faction']].name}: {p['vp']} VP{flags}; "
            f"supply: {_supply(p['supply'])}; faction actions used: {', '.join(p['faction_used']) or '-'}"
        )
        if "hand" in p:
            lines.append(f"  hand: {_cards(cat, p['hand'])}")
        else:
            lines.append(f"  hand: {p['hand_size']} cards (known: {_cards(cat, p['known'])})")
        if p["connections"]:
            lines.append(f"  connections: {_cards(cat, p['connections'])}")
        if p["deals"]:
            lines.append(
                "  deals: "
                + ", ".join(f"{cat.locations[d].name} ({cat.locations[d].deal})" for d in p["deals"])
            )
        lines += [_site(cat, i, site) for i, site in enumerate(p["sites"], 1)]
    pend = view["pending"]
    if pend:
        spent = (
            ", ".join(k if s == 0 else f"{k} from location {s}" for k, s in pend["spent"]) or "nothing yet"
        )
        lines.append(f"Paying for '{pend['action']}': cost {', '.join(pend['cost']) or '-'}; spent {spent}")
    if view["decision"]:
        d = view["decision"]
        lines.append(f"{d['seat'].upper()} is deciding: {d['prompt']}")
    if view["events"]:
        lines.append("recent: " + " · ".join(view["events"][-4:]))
    return "\n".join(escape(line) if "[bold]" not in line else line for line in lines)
