"""Rulebook "Turn Structure": Strategy, Combat, Buy, then discard keeping one card and draw 6."""

import re
from pathlib import Path

from cardtable.core import Action
from cardtable.core.lines import Line

from .conftest import Table


def test_turn_structure_strategy_part_purges_the_topmost_revealed_dinosaur(table: Table) -> None:
    t = table
    t.part(0, "keep")
    oldest, row_before, deck_top = t.s.row[0], list(t.s.row), t.s.dino_deck[-1]
    t.play("pass")
    assert t.s.turn.player == 1 and t.s.turn.part == "strategy"
    assert t.s.purgatory[-1] == oldest
    assert t.s.row == [*row_before[1:], deck_top]


def test_turn_structure_one_strategy_and_one_attach_per_turn(table: Table) -> None:
    t = table
    t.dino(0, "rex-1")
    t.hand(0, "medic", "cleanse", "attack", "evade")
    t.part(0, "strategy")
    t.play("play medic")
    assert not any(a.startswith("play ") for a in t.legal())
    t.play("attach attack rex-1")
    assert not any(a.startswith("attach ") for a in t.legal())
    assert t.p(0).active.attached == ["attack"]


def test_turn_structure_attach_to_a_benched_dinosaur(table: Table) -> None:
    t = table
    t.dino(0, "rex-1")
    t.dino(0, "shell-1", active=False)
    t.hand(0, "defend")
    t.part(0, "strategy")
    assert "attach defend shell-1" in t.legal()
    t.play("attach defend shell-1")
    assert t.p(0).bench[0].attached == ["defend"]


def test_turn_structure_parts_follow_in_order_and_combat_is_one_move(table: Table) -> None:
    t = table
    t.dino(0, "rex-1", attached=("attack", "attack"))
    t.part(0, "strategy")
    t.play("pass")
    assert t.s.turn.part == "combat"
    t.play("attack 1")
    while t.s.attack is not None:
        t.play("target b" if "target b" in t.legal() else "pass")
    assert t.s.turn.part == "buy"  # the one Combat Move is spent


def test_turn_structure_no_combat_part_without_an_active_dinosaur(table: Table) -> None:
    t = table
    t.part(0, "strategy")
    t.play("pass")
    assert t.s.turn.part == "buy"


def test_turn_structure_one_buy_then_keep_one_card_and_draw_six(table: Table) -> None:
    t = table
    t.hand(0, "attack", "evade", "wound")
    t.part(0, "buy")
    t.play("buy defend")
    assert t.s.turn.part == "keep"
    assert t.legal() == ["keep attack", "keep evade", "keep wound", "pass"]
    t.play("keep evade")
    p = t.p(0)
    assert len(p.hand) == 7 and "evade" in p.hand
    assert p.discard.count("wound") >= 1 and "defend" in p.discard + p.hand + p.deck


def test_turn_structure_discard_whole_hand_when_keeping_nothing(table: Table) -> None:
    t = table
    t.hand(0, "attack", "evade")
    t.part(0, "keep")
    deck = list(t.p(0).deck)
    t.play("pass")
    assert t.p(0).hand == deck[-6:][::-1]
    assert t.p(0).discard[-2:] == ["attack", "evade"]


def test_turn_structure_empty_deck_is_replaced_by_the_shuffled_discard_pile(table: Table) -> None:
    t = table
    p = t.p(0)
    p.discard.extend(p.deck)
    p.deck = []
    t.part(0, "keep")
    t.play("pass")
    assert len(p.hand) == 6 and len(p.hand) + len(p.deck) == 12 and p.discard == []


def test_turn_structure_a_pass_is_narrated_in_the_words_of_its_button(table: Table) -> None:
    """Ending a part of the turn is told as its button says ('Go on to Combat': "{A} goes on to Combat."),
    in the narration every seat reads (the mover's own log line too) and in what the others read of it."""
    script = (STATIC / "games" / "dino-battles.js").read_text(encoding="utf-8")
    buttons = dict(
        re.findall(r'"?([\w-]+)"?: "([^"]+)"', re.search(r"const PASS = \{(.*?)\};", script, re.S)[1])
    )
    t = table
    t.dino(0, "rex-1")
    t.dino(1, "shell-1")
    for part in ("strategy", "combat", "buy"):
        t.part(0, part)
        verb, rest = buttons[part].split(" ", 1)
        words = f"{THIRD_PERSON[verb]} {rest}"
        assert t.game.describe(t.s, Action("pass"), 1) == words
        before = len(t.s.log)
        t.play("pass")
        assert t.s.log[before] == f"{{A}} {words}."


#: the buttons' verbs as the narration says them of a player
THIRD_PERSON = {"Go": "goes", "Finish": "finishes", "Take": "takes", "Keep": "keeps"}
STATIC = Path(__file__).resolve().parents[3] / "src" / "cardtable" / "web" / "static"


def test_turn_structure_a_turns_opening_line_says_who_starts_it(table: Table) -> None:
    """The line under a turn's heading tells what was done (a bare "B plays." told nothing)."""
    t = table
    t.part(0, "keep")
    t.play("pass")
    opening = next(line for line in reversed(t.s.log) if isinstance(line, Line) and line.round is not None)
    assert opening.round == t.s.turn.number
    assert opening.body == "{B} starts the turn."
    assert opening.text == f"Turn {t.s.turn.number}: {{B}} starts the turn."
