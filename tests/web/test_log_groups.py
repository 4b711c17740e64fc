"""Issue 27, "What changed": the web table's log (static/js/log.js) groups its lines by the fields the
engine gives them (`core.lines.Line`: the round a line opens, the automaton whose act it tells), never
by reading the words. Drawn by node under a stand-in DOM (log_groups.mjs), from what the server sends."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from .helpers import new_table, play, state, tokens

STATIC = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "static"
SCRIPT = Path(__file__).with_name("log_groups.mjs")


def drawn(
    setup: list[Any], lines: list[Any], game: dict[str, Any] | None = None, my_seat: int = 0
) -> list[dict]:
    """The log's groups as log.js draws them: [{title, entries: [{class, author, text}]}]."""
    payload = {"game": game or {}, "setup": setup, "lines": lines, "mySeat": my_seat, "seats": ["Ann", "Bob"]}
    done = subprocess.run(
        ["node", str(SCRIPT), (STATIC / "js" / "log.js").as_uri()],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_the_solitaire_robots_log_is_grouped_by_round_and_marks_the_robots_lines(client: TestClient) -> None:
    """A Race for the Galaxy solitaire table as the server sends it: a group per round, headed by its
    number, opened by its choice of actions, then the actions revealed; the robot's lines marked as its
    own."""
    table = new_table(
        client, "race-for-the-galaxy", options={"solo": "robot"}, seats=["human", "heuristic"], seed=3
    )
    token = tokens(table)[0]
    seen = state(client, table["table"], token)
    while seen["decision"] is not None and seen["view"]["round"] < 3:
        response = play(client, table["table"], token, seen["legal"][0], seen["move"])
        assert response.status_code == 200, response.text
        seen = response.json()
    groups = drawn(seen["setup_events"], seen["log"])
    titles = [group["title"] for group in groups]
    assert titles[:3] == ["Set-up", "Round 1", "Round 2"]
    # the round opens with its choice of actions, then the reveal (here at once: Ann alone chooses)
    first, reveal = groups[1]["entries"][:2]
    assert first["text"] == "Action cards are chosen."
    assert reveal["text"].startswith("Actions: Ann ") and "auto" not in reveal["class"]
    entries = [entry for group in groups for entry in group["entries"]]
    assert not any(entry["text"].startswith("Round ") for entry in entries)
    robot = [entry for entry in entries if entry["author"] == "Robot"]
    assert robot and all("auto" in entry["class"] and "mine" not in entry["class"] for entry in robot)
    assert {entry["text"] for entry in robot} >= {"Robot takes 4 cards face down as its hand."}


def test_each_choice_of_action_cards_is_told_under_the_round_it_is_made_for(client: TestClient) -> None:
    """A Race for the Galaxy round begins with the choice of action cards (RESEARCH.md §2.3): Ann's and
    Bob's choices for round 2 stand under "Round 2", before its reveal; they stood at the end of round 1,
    as the reveal opened the round's heading."""
    table = new_table(client, "race-for-the-galaxy", seats=["human", "human"], seed=4)
    ann, bob = tokens(table)
    seen = state(client, table["table"], ann)
    while seen["decision"] is not None and seen["view"]["round"] < 3:
        token, mine = next((t, m) for t in (ann, bob) if (m := state(client, table["table"], t))["legal"])
        response = play(client, table["table"], token, mine["legal"][0], mine["move"])
        assert response.status_code == 200, response.text
        seen = state(client, table["table"], ann)
    groups = {
        group["title"]: [entry["text"] for entry in group["entries"]]
        for group in drawn(seen["setup_events"], seen["log"])
    }
    for title in ("Round 1", "Round 2"):
        texts = groups[title]
        chose = [i for i, text in enumerate(texts) if text.startswith(("Ann chooses ", "Bob has chosen"))]
        reveal = next(i for i, text in enumerate(texts) if text.startswith("Actions: Ann "))
        # Bob chose last: the reveal tells his choice
        assert texts[0] == "Action cards are chosen." and chose and max(chose) < reveal, texts


def test_the_fields_alone_group_and_mark_the_lines() -> None:
    """A line opens a group only by its `round` (titled with the game's word for a round), is an
    automaton's only by its `author`, and the person's own only by its `seat`: words that look like a
    round, a robot or a seat mean nothing."""
    setup = [{"text": "Set-up done."}]
    lines = [
        {
            "move": 1,
            "seat": 0,
            "letter": "A",
            "action": "pass",
            "events": [{"text": "{A} passes.", "seat": 0}],
        },
        {
            "move": 2,
            "seat": 1,
            "letter": "B",
            "action": "",
            "events": [
                {"text": "Turn 2: {B} starts the turn.", "round": 2, "body": "{B} starts the turn."},
                {"text": "Robot is a word here.", "author": None},
                {"text": "It thinks, then acts.", "author": "Machine"},
                {"text": "Round 9: not a round."},
            ],
        },
    ]
    groups = drawn(setup, lines, {"roundWord": "Turn"})
    assert [group["title"] for group in groups] == ["Set-up", "Turn 2"]
    assert [entry["text"] for entry in groups[0]["entries"]] == ["Set-up done.", "Ann passes."]
    entries = groups[1]["entries"]
    assert [entry["text"] for entry in entries] == [
        "Bob starts the turn.",
        "Robot is a word here.",
        "It thinks, then acts.",
        "Round 9: not a round.",
    ]
    assert [entry["author"] for entry in entries] == [None, None, "Machine", None]
    assert ["auto" in entry["class"] for entry in entries] == [False, False, True, False]
    assert ["mine" in entry["class"] for entry in [*groups[0]["entries"], *entries]] == [False, True] + [
        False
    ] * 4


def test_a_move_the_game_tells_nothing_of_draws_no_line_and_the_log_words_no_move() -> None:
    """The log draws the game's lines only: a move without lines (one the viewer reads nothing of) draws
    nothing, and no line is made of a move's notation or a seat's name ("Ann: Buy Evade", "Bob moved")."""
    lines = [
        {"move": 1, "seat": 1, "letter": "B", "action": "", "events": []},
        {
            "move": 2,
            "seat": 0,
            "letter": "A",
            "action": "buy evade",
            "events": [{"text": "{A} buys Evade.", "seat": 0}],
        },
    ]
    groups = drawn([], lines)
    assert [entry["text"] for group in groups for entry in group["entries"]] == ["Ann buys Evade."]
    log = (STATIC / "js" / "log.js").read_text(encoding="utf-8")
    assert "words(" not in log and ": ${" not in log and "moved (" not in log


def test_mine_marks_only_the_persons_own_acts(client: TestClient) -> None:
    """A Dino Battles table of Ann against a random bot, as the server sends it: the lines marked "mine"
    are those that tell Ann's own acts (the engine's `seat`); the next seat's turn start and the bot's
    acts caused by Ann's moves are not hers, nor is a line that tells another seat's act."""
    table = new_table(client, "dino-battles", seats=["human", "random"], names=["Ann"], seed=4)
    token = tokens(table)[0]
    seen = state(client, table["table"], token)
    while seen["decision"] is not None and seen["move"] < 60:
        if seen["legal"]:
            response = play(client, table["table"], token, seen["legal"][-1], seen["move"])
            assert response.status_code == 200, response.text
        seen = state(client, table["table"], token)
    entries = [entry for group in drawn(seen["setup_events"], seen["log"]) for entry in group["entries"]]
    mine = [entry["text"] for entry in entries if "mine" in entry["class"]]
    others = [entry["text"] for entry in entries if "mine" not in entry["class"]]
    assert mine and all(text.startswith("Ann ") for text in mine), mine
    # what befalls Ann (an attack's Wounds) and a turn's start are nobody's act, Ann's turn included
    assert not [text for text in mine if "starts the turn" in text or "Wound card" in text], mine
    acts = [text for text in mine + others if re.match(r"Ann (goes on to|finishes|buys|keeps|plays) ", text)]
    assert acts and set(acts) <= set(mine), [text for text in acts if text not in mine]
    assert any(text.startswith("Bob ") for text in others) and "Bob starts the turn." in others


def test_no_game_module_reads_a_round_or_an_automaton_from_the_words() -> None:
    """The regexes that found round headers and automata in the English text are gone."""
    modules = {path.name: path.read_text(encoding="utf-8") for path in (STATIC / "games").glob("*.js")}
    modules["log.js"] = (STATIC / "js" / "log.js").read_text(encoding="utf-8")
    found = {
        name
        for name, text in modules.items()
        if re.search(r"\bheader\(|\bautomaton:|startsWith\(robot\)|\^Round|\^Turn|\^Robot|Machine\\b", text)
    }
    assert found == set()
