"""Text that people type for others to read: names and chat lines."""

from __future__ import annotations

import unicodedata

JOINERS = frozenset({"\u200c", "\u200d"} | {chr(c) for c in range(0xE0020, 0xE0080)})
"""Format characters that belong to the text: the zero-width non-joiner and joiner (of
Persian words, of emoji sequences) and the tags of subdivision flags."""


def plain_text(text: str) -> str:
    """`text` printable and single-spaced: control, format and separator characters become
    spaces, runs of spaces one; empty if nothing else is left. The `JOINERS` stay.

    >>> plain_text("  good\\n\\tgame!  ")
    'good game!'
    >>> plain_text("\\u200b"), plain_text("a\\u202eb"), plain_text("\\u200d")
    ('', 'a b', '')
    >>> plain_text("\\U0001f468\\u200d\\U0001f469") == "\\U0001f468\\u200d\\U0001f469"
    True
    """
    printable = "".join(c if unicodedata.category(c)[0] not in "CZ" or c == " " or c in JOINERS
                        else " " for c in text)
    words = printable.split()
    return " ".join(words) if any(c not in JOINERS for word in words for c in word) else ""
