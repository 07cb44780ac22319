"""The command line's one error type: bad arguments or unreadable input named by the user (exit status 2)."""

from __future__ import annotations

__all__ = ["UsageError"]


class UsageError(Exception):
    """Bad arguments or unreadable input named by the user: exit status 2 with a one-line message."""
