"""Pages beside the table: each game's rules as the engine implements them (its RULES.md, rendered, for
developers; players read howto.py's pages) and the page that replays a downloaded record, opened from a
file on the player's machine (`replay` builds it).

An APIRouter the app includes; it reads only static files and what a record itself holds, so it needs
nothing from the table server.
"""

from __future__ import annotations

import importlib.resources
import re
import sys
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from markdown_it import MarkdownIt
from markupsafe import Markup

from cardtable.core import UnknownGame, game_class

from ..rendering import templates

#: a rulebook section reference in a mode's or option's text: "(1-2.4)", "(sections 3 and 4)"
SECTION_REFERENCE = re.compile(r"\s*\((?:\d[\d.\-–, ]*|sections? [^)]*)\)")

router = APIRouter()


def for_people(catalog: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The game catalog as the start page shows it: mode and option texts without the rulebook's
    section numbers (the API keeps them; the rules page has the sections)."""

    def plain(text: str) -> str:
        return SECTION_REFERENCE.sub("", text).strip()

    return [
        {
            **game,
            "modes": [{**mode, "description": plain(mode["description"])} for mode in game["modes"]],
            "options": [{**option, "help": plain(option["help"])} for option in game["options"]],
        }
        for game in catalog
    ]


#: what the page says before a game's own rules text: how to read the decisions and the card data
RULES_PREFACE = """
This page is the game's own rules file as the engine implements it: the rulebook's sections, each with
the code and tests that follow it, and **every decision we took where the rulebook is silent or
contradicts itself**, with the section it rests on.

On a card, **≈** in its corner means its data is *reconstructed*: the rulebook does not print all of
it (a value, a cost, a text), so we chose it from what the rulebook does say; the sections below name
each reconstruction and why. Cards without ≈ show printed data.
"""


class PageError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def game_file(cls: Any, filename: str) -> str | None:
    """The text of `filename` beside the game class `cls` (its package's folder), or None."""
    package = cls.__module__.rsplit(".", 1)[0]
    for candidate in (package, cls.__module__):
        try:
            resource = importlib.resources.files(candidate).joinpath(filename)
        except (ModuleNotFoundError, TypeError):
            continue
        if resource.is_file():
            return resource.read_text(encoding="utf-8")
    module_file = getattr(sys.modules.get(cls.__module__), "__file__", None)
    if module_file and (Path(module_file).parent / filename).is_file():
        return (Path(module_file).parent / filename).read_text(encoding="utf-8")
    return None


def rules_text(name: str) -> tuple[str, str]:
    """The title and RULES.md text of the game registered as `name`."""
    try:
        cls = game_class(name)
    except UnknownGame as err:
        raise PageError(404, str(err)) from None
    text = game_file(cls, "RULES.md")
    return cls.title, text if text is not None else missing_rules(cls)


def missing_rules(cls: Any) -> str:
    """What the rules page says of a game whose RULES.md is not written yet: its options and modes."""
    lines = [f"# {cls.title}", "", "This game's rules file (RULES.md) is not written yet.", ""]
    if cls.modes:
        lines += ["## Ways to play", ""] + [f"- **{m.name}**: {m.description}" for m in cls.modes] + [""]
    if cls.option_specs:
        lines += ["## Options", ""] + [
            f"- `{o.name}` (default {o.default}): {o.help}" for o in cls.option_specs
        ]
    return "\n".join(lines)


def render_markdown(text: str) -> Markup:
    """Markdown to HTML; raw HTML in the text is shown as text, never run."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    return Markup(md.render(text))  # markdown-it escapes the text: raw HTML is off


@router.get("/games/{name}/rules", response_class=HTMLResponse)
async def rules_page(request: Request, name: str) -> Response:
    try:
        title, text = rules_text(name)
    except PageError as err:
        return templates.TemplateResponse(
            request, "error.html", {"status": err.status, "message": err.message}, status_code=err.status
        )
    context = {"title": title, "preface": render_markdown(RULES_PREFACE), "rules": render_markdown(text)}
    return templates.TemplateResponse(request, "rules.html", context)


@router.get("/replay", response_class=HTMLResponse)
async def replay_upload_page(request: Request) -> Response:
    """The replay page without a table: the player opens a record file saved from a finished game."""
    context = {"table_id": "", "title": "a record file"}
    return templates.TemplateResponse(request, "replay.html", context)
