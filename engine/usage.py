"""The one error every command-line handler raises on bad input (exit 2, one line)."""


class UsageError(Exception):
    """Bad input to a command: its message is the one line printed on stderr."""
