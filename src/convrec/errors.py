"""Errors a user can act on.

Every error that reaches the CLI or the server as a :class:`ConvrecError` is shown as one
clear line (no traceback). Anything else is a bug.
"""

from __future__ import annotations


class ConvrecError(Exception):
    """An error with a message meant for the user (one line, says what to do)."""


class DataError(ConvrecError):
    """A dataset file is missing, empty or malformed."""


class NotApplicable(ConvrecError):
    """A model this dataset cannot have (no interactions, no item attributes): asking again
    in the same process gives the same answer."""


class ConfigError(ConvrecError):
    """The configuration is invalid."""


class StoreError(ConvrecError):
    """The session store cannot be read or written (locked, full, unreachable)."""
