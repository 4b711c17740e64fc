"""The view drawn for the terminal: the shelter as a grid with coordinates (rich markup)."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from cardtable.core import seat_letter

from . import grid

SHORT = {
    "human": "Hum",
    "animal": "Ani",
    "plant": "Pla",
    "energy-generator": "EGn",
    "water-system": "WSy",
    "food-processor": "FPr",
    "natural-energy": "NEn",
    "underground-lake": "ULk",
    "radioactive-waste": "RAD",
}
LEGEND = (
    "Hum Human, Ani Animal, Pla Plant, EGn Energy Generator, WSy Water System, FPr Food Processor, "
    "NEn Natural Energy, ULk Underground Lake, RAD Radioactive Waste; "
    "v unstable (turned), x disabled by Earthquake, * protected; green: needs met, red: not met"
)


def _cell_text(tile: dict[str, Any]) -> str:
    label = SHORT.get(tile["name"], tile["name"][:3])
    mark = "x" if tile["disabled_by"] >= 0 else "*" if tile["protected"] else "v" if tile["unstable"] else " "
    text = f"{label}{mark}"
    if tile["kind"] == "catastrophe":
        return f"[bold magenta]{text}[/]"
    colour = "green" if tile["needs_met"] and not tile["radiated"] else "red"
    return f"[{colour}]{text}[/]"


def board_lines(view: dict[str, Any]) -> list[str]:
    tiles = {t["cell"]: t for t in view["board"]}
    deepest = max([grid.SAFE_ROWS + 1, *(grid.split(c)[1] + 1 for c in tiles)])
    rows = min(grid.ROWS, deepest)
    lines = ["     " + " ".join(f" {c}  " for c in grid.COLUMNS)]
    for row in range(1, rows + 1):
        cells = []
        for col in grid.COLUMNS:
            tile = tiles.get(f"{col}{row}")
            cells.append(_cell_text(tile) if tile else "[dim] .  [/]")
        lines.append(f"  {row}  " + " ".join(cells))
        if row == grid.SAFE_ROWS:
            lines.append("     " + "[yellow]" + "-" * 44 + "[/] endangered below")
    return lines


def render_view(view: dict[str, Any], seat: int | None) -> str:
    names = lambda cards: escape(", ".join(c["name"] for c in cards)) or "-"  # noqa: E731
    wf = view["workforce"]
    out = [f"[bold]Cards Against the Apocalypse[/] - round {view['round']} of 7, step {view['step']}"]
    out += board_lines(view)
    out.append(f"[dim]{LEGEND}[/]")
    out.append(f"card pool: {names(view['pool'])}")
    out.append(f"workforce: {wf['left']} left of {wf['total']}")
    catastrophe = view["catastrophe"]["name"] if view["catastrophe"] else "-"
    out.append(f"catastrophe this round: {catastrophe}")
    deck = view["building_deck"]
    known = f" (top known: {names(deck['known_top'])})" if deck["known_top"] else ""
    out.append(f"building deck: {deck['size']} cards{known}; discard pile: {len(view['discard'])} cards")
    nxt = view["catastrophe_deck"]["known_top"]
    out.append(
        f"catastrophe deck: {view['catastrophe_deck']['size']}"
        + (f" (next: {nxt['name']})" if nxt else "")
        + f"; natural decks: {view['natural_decks']}"
    )
    for s, hand in enumerate(view["abilities"]):
        shown = names(hand["cards"]) if hand["cards"] is not None else f"{hand['count']} unseen"
        out.append(f"seat {seat_letter(s)}{' (you)' if s == seat else ''} abilities: {shown}")
    if view["held"]:
        out.append(f"in hand: {view['held']['name']}")
    out.append(f"living cards lost: {len(view['dead'])}")
    out += [f"[dim]> {escape(line)}[/]" for line in view["log"][-6:]]
    return "\n".join(out)
