"""Running the `cardtable` command in-process (the toy game is registered by tests/conftest.py)."""

from __future__ import annotations

import pytest
from click.testing import Result
from typer.testing import CliRunner

from cardtable.cli import app


class Cli:
    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None) -> Result:
        return self.runner.invoke(app, list(args), input=input, catch_exceptions=False)


@pytest.fixture
def cli() -> Cli:
    return Cli()


def one_error_line(result: Result) -> str:
    """The single `error: ...` line a failing command prints, checked to be alone and traceback-free."""
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]
