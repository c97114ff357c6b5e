"""Failures described for the server's log without their messages.

A game's refusal or a crash inside a bot can name cards, tiles or a colour that some
seat must not see, and whoever reads the log may be one of the players. So the log
gets what went wrong and where, never the words.
"""

from __future__ import annotations

import traceback
from pathlib import Path

from spieltisch.core.protocol import IllegalAction


def described(exc: BaseException) -> str:
    """`exc` by its kind, its reason's key if it has one, and where it was raised.

    >>> from spieltisch.core.reasons import Reason
    >>> described(IllegalAction(Reason("oware.empty", "{pit} is empty", pit="A3")))
    'IllegalAction (oware.empty)'
    >>> try:
    ...     {}["R5"]
    ... except KeyError as exc:
    ...     line = described(exc)
    >>> line.startswith("KeyError at "), "R5" in line
    (True, False)
    """
    kind = type(exc).__name__
    if isinstance(exc, IllegalAction) and exc.reason is not None:
        return f"{kind} ({exc.reason.key})"
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return kind
    last = frames[-1]
    return f"{kind} at {Path(last.filename).name}:{last.lineno}"
