"""The "How to play" pages: a player's page per game (its HOW_TO_PLAY.md, in our own words, with the
rulebook's section numbers), showing the sections of one way to play when asked (`?mode=solo`).
RULES.md stays the developers' document (routes/rules.py serves it).

In a HOW_TO_PLAY.md, a section whose heading ends with `{mode=solo}` is shown only for that mode (or
when no mode is asked for); every other section is shown always.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from cardtable.core import UnknownGame, game_class

from .rendering import templates
from .routes.rules import game_file, render_markdown

router = APIRouter()

#: a section heading's mode marker: "## Against the Machine {mode=solo}"
MODE_MARK = re.compile(r"\s*\{mode=([a-z0-9-]+)\}\s*$")


def sections(text: str) -> list[tuple[str | None, str]]:
    """The text cut at its `## ` headings: (the section's mode or None, the section's text)."""
    parts: list[tuple[str | None, str]] = []
    mode: str | None = None
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("## "):
            parts.append((mode, "\n".join(lines)))
            found = MODE_MARK.search(line)
            mode = found.group(1) if found else None
            line = MODE_MARK.sub("", line)
            lines = []
        lines.append(line)
    parts.append((mode, "\n".join(lines)))
    return [(m, body) for m, body in parts if body.strip()]


def for_modes(text: str, modes: set[str]) -> str:
    """The text with the sections of the asked modes only (every section when none is asked for)."""
    return "\n\n".join(body for mode, body in sections(text) if mode is None or not modes or mode in modes)


def howto_text(name: str) -> tuple[str, str] | None:
    """The title and HOW_TO_PLAY.md of the game registered as `name`, or None."""
    try:
        cls = game_class(name)
    except UnknownGame:
        return None
    text = game_file(cls, "HOW_TO_PLAY.md")
    return (cls.title, text) if text is not None else None


@router.get("/games/{name}/how-to-play", response_class=HTMLResponse)
async def howto_page(request: Request, name: str, mode: str = "") -> Response:
    found = howto_text(name)
    if found is None:
        message = f"there is no page on how to play {name!r}"
        context: dict[str, Any] = {"status": 404, "message": message}
        return templates.TemplateResponse(request, "error.html", context, status_code=404)
    title, text = found
    modes = {m for m in mode.split(",") if m}
    shown = render_markdown(for_modes(text, modes))
    context = {"title": title, "name": name, "howto": shown, "all": bool(modes)}
    return templates.TemplateResponse(request, "howto.html", context)
