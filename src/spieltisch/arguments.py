"""Argument types for the command line: counts and times that must be positive, ports.

They turn a bad value into argparse's one-line usage error.

>>> positive_int("3"), positive_even("4"), positive_float("0.5"), port("8000")
(3, 4, 0.5, 8000)
"""

from __future__ import annotations

import argparse


def plain(doc: str | None) -> str:
    """A docstring as a help text: without its reStructuredText quoting.

    >>> plain("Run ``spieltisch bench`` on `Game`.")
    'Run spieltisch bench on Game.'
    """
    return (doc or "").replace("``", "").replace("`", "")


def whole(text: str) -> int:
    """A whole number given on the command line; a refusal in the user's words.

    >>> whole("3")
    3
    """
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive_int(text: str) -> int:
    """A count of at least 1.

    >>> positive_int("0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be at least 1, not 0
    """
    value = whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def count_or_none(text: str) -> int:
    """A count that may be 0 (for none).

    >>> count_or_none("-1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be 0 or more, not -1
    """
    value = whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def positive_even(text: str) -> int:
    """An even count of at least 2, for things that come in pairs.

    >>> positive_even("3")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be an even number from 2 up, not 3
    """
    value = whole(text)
    if value < 2 or value % 2:
        raise argparse.ArgumentTypeError(f"must be an even number from 2 up, not {value}")
    return value


def positive_float(text: str) -> float:
    """A number greater than 0.

    >>> positive_float("-5")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be more than 0, not -5.0
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be more than 0, not {value}")
    return value


def port(text: str) -> int:
    """A TCP port, 1 to 65535.

    >>> port("99999")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: a port is 1 to 65535, not 99999
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1 to 65535, not {value}")
    return value
