"""The web tests' one wall-clock setting (tests/web/patience.py) scales every limit by one factor."""

from __future__ import annotations

import pytest

from . import patience as module
from .patience import VARIABLE, patience, patience_ms, slowdown


def test_the_setting_scales_every_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(VARIABLE, "3")
    assert slowdown() == 3
    assert patience(90) == 270
    assert patience_ms(10_000) == 30_000


def test_else_the_load_per_core_decides_between_1_and_10(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(VARIABLE, raising=False)
    monkeypatch.setattr(module.os, "cpu_count", lambda: 2)
    for load, factor in ((0.3, 1.0), (2.0, 1.0), (5.0, 2.5), (71.0, 10.0)):
        monkeypatch.setattr(module.os, "getloadavg", lambda load=load: (load, load, load))
        assert slowdown() == factor


@pytest.mark.parametrize("given", ["0.5", "fast"])
def test_a_setting_below_1_or_not_a_number_is_refused_with_its_name(
    monkeypatch: pytest.MonkeyPatch, given: str
) -> None:
    monkeypatch.setenv(VARIABLE, given)
    with pytest.raises(ValueError, match=VARIABLE):
        slowdown()
