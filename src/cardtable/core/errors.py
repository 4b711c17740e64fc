"""Errors a user can understand. Every one leaves the state it was raised on unchanged."""


class CardtableError(Exception):
    """Base class: its message is meant for a player, not a developer."""


class IllegalAction(CardtableError, ValueError):
    """The action is not legal in this state (or is not well-formed)."""


class BadOption(CardtableError, ValueError):
    """A game option is unknown or has a value the game does not accept."""


class BadRecord(CardtableError, ValueError):
    """A game record is malformed or does not replay."""


class CardDataError(CardtableError, ValueError):
    """A card data file does not match its schema."""


class UnknownGame(CardtableError, KeyError):
    """No game is registered under that name."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""
