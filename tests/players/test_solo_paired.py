"""The paired comparison of player kinds in a solo mode (analysis/solo_paired.py)."""

from __future__ import annotations

import re

import pytest

from cardtable.analysis.solo_paired import main, margin


def test_the_margin_is_the_persons_vp_less_the_automatons() -> None:
    assert margin({"rounds": 9, "pool": 3, "vp_A": 30, "vp_Robot": 41}) == -11
    assert margin({"rounds": 7, "vp_a": 40, "vp_b": 35, "faction_a": "x"}) == 5


def test_kinds_are_compared_deal_by_deal(capsys: pytest.CaptureFixture[str]) -> None:
    main(["race-for-the-galaxy", "-o", "solo=robot", "--players", "random,heuristic", "--games", "2"])
    out = capsys.readouterr().out
    deals = re.findall(r"^deal (\d) (\w+): \w+, margin ([-+]\d+)", out, re.MULTILINE)
    assert [(d, kind) for d, kind, _ in deals] == [
        ("0", "random"),
        ("0", "heuristic"),
        ("1", "random"),
        ("1", "heuristic"),
    ]
    paired = (int(deals[1][2]) - int(deals[0][2]) + int(deals[3][2]) - int(deals[2][2])) / 2
    assert "against random on the same deals: won by heuristic only" in out
    assert f"margin difference {paired:+.1f} ±" in out


def test_each_kind_is_named_once() -> None:
    with pytest.raises(SystemExit):
        main(["race-for-the-galaxy", "-o", "solo=robot", "--players", "random,random", "--games", "1"])
