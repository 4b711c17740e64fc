"""The `cli` fixture of tests/cli, for tests that run the command."""

from tests.cli.conftest import cli

__all__ = ["cli"]
