"""The websocket messages: what clients may send, parsed strictly, and the errors.

Clients send JSON text frames; each is one of

- ``{"type": "join", "table": ID, "token": TOKEN | null}`` (a seat, or a spectator
  without token; at most once per connection; a spectator beyond what its address
  may watch at once is refused with ``too_many_watchers``, and a connection beyond the
  websockets its address may hold is told ``too_many_connections`` and closed),
- ``{"type": "move", "action": INT, "version": INT}``, or with ``"text": STR`` (the
  move in the game's notation, parsed by the game) instead of ``"action"``,
- ``{"type": "undo", "version": INT}`` (take back my last move; asks the other
  people at the table when there are any),
- ``{"type": "undo_answer", "accept": BOOL}``,
- ``{"type": "undo_withdraw"}`` (withdraw my take-back request while it waits for an
  answer; everybody gets the notice ``undo_withdrawn``; refused with
  ``nothing_to_withdraw`` when no request waits, ``not_your_request`` when another seat
  asked),
- ``{"type": "rematch"}`` (a take-back request still waiting is dropped, told by the
  notice ``undo_rematch``),
- ``{"type": "seat_bot", "seat": INT, "level": LEVEL}`` (a computer player takes an
  open seat, my own seat, or the seat of a person who has been away a while; for my
  seat while a computer player plays it, that player goes on at `LEVEL`; a take-back
  request still waiting is dropped, told by the notice ``undo_dropped`` with ``handed``
  true when I handed on my own seat, and ``by``, the seat that had asked),
- ``{"type": "take_seat"}`` (take my seat back from the computer player playing it,
  before the game or while it is under way),
- ``{"type": "open_seat", "seat": INT}`` (before the game starts, open another seat
  again for somebody to join: a computer player's own, or one whose person has been
  away a while, whose key then holds no seat; for the latter the game is dealt afresh,
  told by the notice ``dealt_afresh`` with the seat),
- ``{"type": "resign"}`` (give up: the game ends with my seat last; at a table of more
  than two seats only while every other seat is a computer player's),
- ``{"type": "hint", "version": INT}`` (suggest my move, in a game against computer
  players only; answered with ``{"type": "hint", "version", "action", "notation",
  "mix"}`` unless the table has moved on meanwhile; ``mix`` lists the moves the expert
  chooses among, ``[{"move", "share"}, ...]``, most likely first, and ``action`` is one
  draw from it),
- ``{"type": "chat", "text": STR}`` (say something to the other seats; the seats get
  ``{"type": "chat", "lines": [{"seat", "name", "text", "at"}, ...]}``; on joining, a
  seat gets the latest lines said before, marked ``"history": true``, just before the
  table's state),
- ``{"type": "chat_remove", "at": NUMBER}`` (take back the line said from my seat at
  that time, its ``at``; the seats get ``{"type": "chat_removed", "seat", "at"}``),
- ``{"type": "new_key"}`` (a fresh secret token for my seat, answered with
  ``{"type": "key", "token": TOKEN}``; the old token stops working, and every other
  connection that joined with it watches from then on, told by the error
  ``key_changed``).

Anything else is answered with ``{"type": "error", "code": ..., "message": ...}``
to that client only; a move the game refuses also carries the game's ``reason``
(`Reason.to_json`), which pages in other languages translate.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any

from spieltisch.core.protocol import is_whole
from spieltisch.core.reasons import Reason, reason_field
from spieltisch.server.chat import MAX_CHAT

MAX_MESSAGE_CHARS = 4096
"""Longer frames are refused (``too_large``) without being parsed."""


class BadMessage(ValueError):
    """A client message the server refuses; `code` is stable, the text says why, and
    `reason` is the game's refusal of a move, for the page to put in its own words."""

    def __init__(self, code: str, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.reason = reason


@dataclass(frozen=True)
class Join:
    """Open a table: as the seat the token holds, or to watch (no token)."""

    table: str
    token: str | None


@dataclass(frozen=True)
class Move:
    """Play a move at the table's `version`."""

    action: int | str
    """An action id, or the move in the game's notation."""
    version: int


@dataclass(frozen=True)
class UndoRequest:
    """Ask to take back one's last move, at the table's `version`."""

    version: int


@dataclass(frozen=True)
class UndoAnswer:
    """Allow or refuse the take-back another seat asked for."""

    accept: bool


@dataclass(frozen=True)
class UndoWithdraw:
    """Withdraw one's own take-back request before it is answered."""


@dataclass(frozen=True)
class Rematch:
    """Start the next game at a finished table, everybody one seat on."""


@dataclass(frozen=True)
class SeatBot:
    """Let a computer player of `level` take `seat`."""

    seat: int
    level: str


@dataclass(frozen=True)
class TakeSeat:
    """Take back one's seat from the computer player playing it."""


@dataclass(frozen=True)
class OpenSeat:
    """Open `seat` again before the game starts."""

    seat: int


@dataclass(frozen=True)
class Resign:
    """Give up the game."""


@dataclass(frozen=True)
class Chat:
    """Say a line to the other seats."""

    text: str


@dataclass(frozen=True)
class ChatRemove:
    """Take back a line one said."""

    at: float
    """When the line was said, as the server gave it (Unix time)."""


@dataclass(frozen=True)
class HintRequest:
    """Ask what the expert would play, at the table's `version`."""

    version: int


class NewKey:
    """Give one's seat a new key; the pages with the old one watch from then on."""


ClientMessage = (Join | Move | UndoRequest | UndoAnswer | UndoWithdraw | Rematch | SeatBot
                 | TakeSeat | OpenSeat | Resign | Chat | ChatRemove | HintRequest | NewKey)

_FIELDS: dict[str, tuple[str, ...]] = {
    "join": ("table", "token"),
    "move": ("action", "text", "version"),
    "undo": ("version",),
    "undo_answer": ("accept",),
    "undo_withdraw": (),
    "rematch": (),
    "seat_bot": ("seat", "level"),
    "take_seat": (),
    "open_seat": ("seat",),
    "resign": (),
    "chat": ("text",),
    "chat_remove": ("at",),
    "hint": ("version",),
    "new_key": (),
}


def long_number(carrier: str) -> Reason:
    """The refusal of a `carrier` (a message, a body) holding a number longer than Python
    reads as JSON.

    >>> print(long_number("body"))  # doctest: +ELLIPSIS
    a number in the body is longer than the ... digits this server reads
    """
    return Reason("request.long_number", f"a number in the {carrier} is longer than the "
                  "{digits} digits this server reads", digits=sys.get_int_max_str_digits())


def parse(text: str) -> ClientMessage:
    """Parse one client frame; `BadMessage` says what is wrong.

    >>> parse('{"type": "move", "action": 3, "version": 7}')
    Move(action=3, version=7)
    >>> parse('{"type": "move", "text": "3r>3b", "version": 7}')
    Move(action='3r>3b', version=7)
    >>> parse('{"type": "seat_bot", "seat": 1, "level": "hard"}')
    SeatBot(seat=1, level='hard')
    >>> parse('{"type": "move", "action": "3", "version": 7}')
    Traceback (most recent call last):
    ...
    spieltisch.server.messages.BadMessage: "action" must be an integer
    >>> parse('{"type": "join", "table": "\\ud800", "token": null}')
    Traceback (most recent call last):
    ...
    spieltisch.server.messages.BadMessage: "table" is not valid Unicode text
    """
    if len(text) > MAX_MESSAGE_CHARS:
        raise BadMessage("too_large", f"messages are limited to {MAX_MESSAGE_CHARS} characters")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise BadMessage("bad_json", "the message is not valid JSON") from None
    except ValueError:  # an int of more digits than Python converts
        why = long_number("message")
        raise BadMessage("long_number", str(why), why) from None
    if not isinstance(data, dict):
        raise BadMessage("bad_message", "a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise BadMessage("bad_message", f"unknown message type; expected one of "
                                        f"{', '.join(_FIELDS)}")
    allowed = _FIELDS[kind]
    extra = sorted(set(data) - {"type", *allowed})
    if extra:
        raise BadMessage("bad_message", f"unexpected field {extra[0]!r} in a {kind} message")
    if kind == "join":
        return Join(_text(data, "table", 64), _optional_text(data, "token", 128))
    if kind == "move":
        if ("action" in data) == ("text" in data):
            raise BadMessage("bad_message", 'a move has either "action" or "text"')
        action = _int(data, "action") if "action" in data else _text(data, "text", 200)
        return Move(action, _int(data, "version"))
    if kind == "undo":
        return UndoRequest(_int(data, "version"))
    if kind == "undo_answer":
        accept = data.get("accept")
        if not isinstance(accept, bool):
            raise BadMessage("bad_message", '"accept" must be true or false')
        return UndoAnswer(accept)
    if kind == "undo_withdraw":
        return UndoWithdraw()
    if kind == "seat_bot":
        return SeatBot(_int(data, "seat"), _text(data, "level", 32))
    if kind == "take_seat":
        return TakeSeat()
    if kind == "open_seat":
        return OpenSeat(_int(data, "seat"))
    if kind == "resign":
        return Resign()
    if kind == "chat":
        return Chat(_text(data, "text", MAX_CHAT))
    if kind == "chat_remove":
        return ChatRemove(_time(data, "at"))
    if kind == "hint":
        return HintRequest(_int(data, "version"))
    if kind == "new_key":
        return NewKey()
    return Rematch()


def error(code: str, message: str, reason: Reason | None = None) -> dict[str, Any]:
    """An error message for one client; a `Reason` goes along as ``reason``.

    >>> error("stale", "the table moved on")["type"]
    'error'
    >>> error("illegal", "A3 is empty", Reason("oware.empty", "{pit} is empty", pit="A3"))
    ... # doctest: +NORMALIZE_WHITESPACE
    {'type': 'error', 'code': 'illegal', 'message': 'A3 is empty',
     'reason': {'key': 'oware.empty', 'params': {'pit': 'A3'}, 'text': 'A3 is empty'}}
    """
    return {"type": "error", "code": code, "message": message, **reason_field(reason)}


def _int(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if not is_whole(value):
        raise BadMessage("bad_message", f'"{name}" must be an integer')
    if not -(2**31) <= value < 2**31:
        raise BadMessage("bad_message", f'"{name}" is out of range')
    return value


def _time(data: dict[str, Any], name: str) -> float:
    value = data.get(name)
    if not isinstance(value, int | float) or isinstance(value, bool) \
            or not 0 <= value < 2**40:
        raise BadMessage("bad_message", f'"{name}" must be a time, in seconds since 1970')
    return float(value)


def _text(data: dict[str, Any], name: str, limit: int) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise BadMessage("bad_message", f'"{name}" must be a string of 1 to {limit} characters')
    if not value.isascii():
        try:
            value.encode()
        except UnicodeEncodeError:   # a lone surrogate, written as a JSON escape
            raise BadMessage("bad_message", f'"{name}" is not valid Unicode text') from None
    return value


def _optional_text(data: dict[str, Any], name: str, limit: int) -> str | None:
    if data.get(name) is None:
        return None
    return _text(data, name, limit)
