"""Actions and their text notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.core import Action, IllegalAction, act

words = st.from_regex(r"[a-z][a-z0-9-]{0,11}", fullmatch=True).filter(lambda w: not w.lstrip("-").isdigit())
args = st.lists(st.one_of(st.integers(min_value=-(10**6), max_value=10**6), words), max_size=4)


def test_text_form() -> None:
    assert str(act("play", "deep-well", "upper")) == "play deep-well upper"
    assert str(Action("take", (2,))) == "take 2"
    assert str(Action("refresh")) == "refresh"


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("take 2", Action("take", (2,))),
        ("  PLAY   Deep-Well  upper ", Action("play", ("deep-well", "upper"))),
        ("move -3", Action("move", (-3,))),
        ("take 2 discard 5 9", Action("take", (2, "discard", 5, 9))),
        ("refresh", Action("refresh")),
        ("pass\n", Action("pass")),
    ],
)
def test_parse(text: str, action: Action) -> None:
    assert Action.parse(text) == action


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_an_empty_action_is_refused_with_a_hint(text: str) -> None:
    with pytest.raises(IllegalAction, match="empty action"):
        Action.parse(text)


def test_a_minus_sign_alone_is_a_word() -> None:
    assert Action.parse("go - 1") == Action("go", ("-", 1))


@given(words, args)
def test_parse_inverts_str(verb: str, arguments: list[int | str]) -> None:
    action = Action(verb, tuple(arguments))
    assert Action.parse(str(action)) == action


def test_actions_are_values() -> None:
    assert act("take", 2) == Action("take", (2,))
    assert len({act("take", 2), act("take", 2), act("take", 3)}) == 2


def test_only_ascii_digits_make_a_number() -> None:
    """`str.isdigit` is true of superscripts and other scripts' digits, which `int` misreads or refuses:
    an action naming one keeps it as text (and a web table refuses it as illegal, never with a 500)."""
    assert Action.parse("take ²") == Action("take", ("²",))
    assert Action.parse("take ٣") == Action("take", ("٣",))
    assert Action.parse("take 3 -2") == Action("take", (3, -2))
    assert Action.parse("take -") == Action("take", ("-",))
    assert Action.parse(str(Action.parse("take ²"))) == Action.parse("take ²")
