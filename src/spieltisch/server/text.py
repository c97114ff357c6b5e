"""Text that people type for others to read: names and chat lines."""

from __future__ import annotations

import unicodedata


def plain_text(text: str) -> str:
    """`text` printable and single-spaced: control, format and separator characters become
    spaces, runs of spaces one; empty if nothing else is left.

    >>> plain_text("  good\\n\\tgame!  ")
    'good game!'
    >>> plain_text("\\u200b")
    ''
    """
    printable = "".join(c if unicodedata.category(c)[0] not in "CZ" or c == " " else " "
                        for c in text)
    return " ".join(printable.split())
