"""Moves in player language for the terminal, from the web table's presentation hints (hints.json: the
words each game's verbs read in, why each kind of decision is asked), so `play`, `replay --step` and
the web table word a move the same way: "Buy Raptor Blade — costs 1 ATK (buy raptorblade)"."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

#: the web table's presentation hints (one source for the web and the terminal)
HINTS_FILE = Path(__file__).resolve().parents[1] / "web" / "static" / "hints.json"


@functools.cache
def _all_hints() -> dict[str, Any]:
    try:
        return dict(json.loads(HINTS_FILE.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return {}


def hints_of(game: Any) -> dict[str, Any]:
    return dict(_all_hints().get(game.name, {}))


def in_words(game: Any, text: str, state: Any) -> str:
    """A move in notation as the web table words it (hints.json `verbs`, card names from the faces,
    seat names); a text that is not notation (what others read of a secret move) is returned as it is."""
    hints = hints_of(game)
    verb, *args = text.split() or [""]
    spec = hints.get("verbs", {}).get(verb) if verb else None
    if spec is None:
        return text
    spec = {"label": spec} if isinstance(spec, str) else spec
    decision = game.decision(state)
    by_kind = spec.get("kinds", {}).get(decision.kind) if decision else None
    label = (by_kind if isinstance(by_kind, str) else (by_kind or {}).get("label")) or spec.get("label")
    if not label:
        return text
    faces = game.card_faces()
    words = hints.get("words", {})
    seat_args = verb in hints.get("seat_args", [])

    def name(arg: str) -> str:
        if arg in faces:
            return str(faces[arg]["name"])
        if f"{verb}:{arg}" in faces:  # a choice the game gives a face of its own: "search:takeover"
            return str(faces[f"{verb}:{arg}"]["name"])
        family = re.sub(r"-\d+$", "", arg)
        if family != arg and family in faces:  # one copy of a card: "raptorblade-5"
            return f"{faces[family]['name']} {arg[len(family) + 1 :]}"
        if arg in words:
            return str(words[arg])
        if seat_args:
            for seat in range(game.num_seats):
                if arg in (str(seat), game.seat_name(seat), game.seat_name(seat).lower()):
                    return f"seat {game.seat_name(seat)}"
        return arg

    named = [name(a) for a in args]
    out = label
    for i, value in enumerate(named, 1):
        out = out.replace(f"{{{i}}}", value)
    if "{" not in label and named:  # the arguments after the label, joined as the hints say
        out = f"{out} {str(spec.get('join', ' ')).join(named)}"
    cost = faces.get(args[spec["cost"] - 1], {}).get("cost") if spec.get("cost") and args else None
    return f"{out} — costs {cost}" if cost else out


def help_of(game: Any, text: str, state: Any) -> str:
    """What a move does, as the web table's tooltip says it (empty when the hints say nothing)."""
    spec = hints_of(game).get("verbs", {}).get(text.split(" ")[0])
    if not isinstance(spec, dict):
        return ""
    decision = game.decision(state)
    by_kind = spec.get("kinds", {}).get(decision.kind) if decision else None
    return str((by_kind or {}).get("help") or spec.get("help") or "") if not isinstance(by_kind, str) else ""


def why(game: Any, kind: str) -> str:
    """Why a decision of this kind is asked and what its answers cost (the web's note under the prompt)."""
    note = hints_of(game).get("kinds", {}).get(kind)
    return note if isinstance(note, str) else ""


def shown(game: Any, text: str, state: Any) -> str:
    """A move in words with its notation beside it, as the web's log and buttons show it."""
    words = in_words(game, text, state)
    return f"{words} ({text})" if words != text else text
