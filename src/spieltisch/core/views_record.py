"""What a seat's own record (``spieltisch-record/1+views``, `Match.public_record`) must
hold to be replayed: the checks the web page's *Open a saved record* makes too
(``wellFormed`` in ``web/replay.js``)."""

from __future__ import annotations

from spieltisch.core.protocol import JSON, IllegalAction
from spieltisch.core.registry import available_games


def _whole(value: JSON, below: int) -> bool:
    return type(value) is int and 0 <= value < below


def _kind(value: JSON) -> str | None:
    """The JSON kind of `value` (None for null), numbers of either sort alike."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "boolean"
    return "number" if isinstance(value, (int, float)) else type(value).__name__


def view_fault(views: list[JSON]) -> str | None:
    """Why `views` do not read as the positions of one game, or None: each is a mapping
    with the keys of the first, and a key's values are of one kind where not null.

    >>> view_fault([{"a": 1, "b": None}, {"a": 2, "b": [3]}]) is None
    True
    >>> view_fault([{"a": 1}, {"a": "x"}])
    "its position 2 has a str for 'a', not a number as the others"
    >>> view_fault([{"a": 1}, {}])
    "its position 2 has no 'a'"
    """
    kinds: dict[str, str] = {}
    first = views[0] if views and isinstance(views[0], dict) else {}
    for n, view in enumerate(views, 1):
        if not isinstance(view, dict):
            return f"its position {n} is not a position"
        if view.keys() != first.keys():
            missing = [key for key in first if key not in view]
            return f"its position {n} has no {missing[0]!r}" if missing \
                else f"its position {n} has {next(k for k in view if k not in first)!r}, " \
                     "which the others have not"
        for key, value in view.items():
            kind = _kind(value)
            if kind is not None and kinds.setdefault(key, kind) != kind:
                return (f"its position {n} has a {kind} for {key!r}, not a {kinds[key]} as "
                        "the others")
    return None


def check_views_record(record: dict[str, JSON]) -> None:
    """`IllegalAction`, saying what does not fit, unless `record` is a seat's own record
    whose parts fit together and whose views can be replayed one after the other (one
    saved before records placed their views among the moves has no ``moves_before``, and
    need not name its seat)."""
    game = record.get("game")
    if not isinstance(game, str):
        raise IllegalAction(f"its game is {game!r}, not a game's key such as 'oware'")
    if game not in available_games():
        raise IllegalAction(f"it is a record of {game!r}, a game spieltisch does not know; "
                            f"its games are {', '.join(available_games())}")
    players, views, moves = record.get("players"), record.get("views"), record.get("moves")
    if not isinstance(record.get("options", {}), dict):
        raise IllegalAction("its options are not a mapping")
    if not isinstance(players, list) or not players \
            or not all(isinstance(p, str) for p in players):
        raise IllegalAction("its players are not a list of names")
    n = len(players)
    seat = record.get("seat", None if "moves_before" not in record else -1)
    if seat is not None and not _whole(seat, n):
        raise IllegalAction(f"its seat is not one of the game's {n} seats")
    if not isinstance(views, list) or not views:
        raise IllegalAction("it has no views")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise IllegalAction("its moves are not a list of moves as written")
    before = record.get("moves_before", [0] * len(views))
    steps = [b for b in before if _whole(b, len(moves) + 1)] \
        if isinstance(before, list) else []
    if not isinstance(before, list) or len(before) != len(views) \
            or len(steps) != len(views) or steps != sorted(steps):
        raise IllegalAction(f"its moves_before does not place its {len(views)} views among "
                            f"its {len(moves)} moves")
    movers = record.get("movers", [None] * len(moves))
    if not isinstance(movers, list) or len(movers) != len(moves) \
            or not all(m is None or _whole(m, n) for m in movers):
        raise IllegalAction("its movers do not name a seat for each move")
    timed = record.get("timed_out", [])
    if not isinstance(timed, list) or not all(_whole(t, len(moves)) for t in timed):
        raise IllegalAction("its timed_out does not list moves")
    seats = record.get("seats", [{}] * n)
    if not isinstance(seats, list) or len(seats) != n \
            or not all(isinstance(s, dict) for s in seats):
        raise IllegalAction("its seats do not describe each player")
    result = record.get("result")
    resigned = result.get("resigned") if isinstance(result, dict) else None
    if result is not None and (not isinstance(result, dict)
                               or (resigned is not None and not _whole(resigned, n))):
        raise IllegalAction("its result does not fit its players")
    fault = view_fault(views)
    if fault is not None:
        raise IllegalAction(fault)
