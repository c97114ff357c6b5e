"""Refusals in words that a page in another language can say in its own.

A `Reason` is the English text of a refusal (it is a `str`), and it also carries a
stable key and the values filled into the text. The web table sends both, so a German
page shows the German text for the key and falls back to the English one.
"""

from __future__ import annotations

from typing import Any


class Reason(str):
    """The English text of a refusal, with its key and the values in it.

    A value may be a `Reason` itself: a refusal that gives another as its cause.

    >>> why = Reason("oware.empty", "{pit} is empty", pit="A3")
    >>> why
    'A3 is empty'
    >>> why.key, why.params
    ('oware.empty', {'pit': 'A3'})
    >>> Reason("move.unknown", "{text!r} is not a legal move now", text="x9").to_json()
    {'key': 'move.unknown', 'params': {'text': 'x9'}, 'text': "'x9' is not a legal move now"}
    """

    key: str
    params: dict[str, str | int | Reason]

    def __new__(cls, key: str, template: str, /, **params: str | int | Reason) -> Reason:
        made = super().__new__(cls, template.format(**params))
        made.key = key
        made.params = params
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (self.key, str(self), self.params)

    def to_json(self) -> dict[str, Any]:
        """Key, values (a `Reason` among them as its own JSON) and the English text."""
        params = {name: value.to_json() if isinstance(value, Reason) else value
                  for name, value in self.params.items()}
        return {"key": self.key, "params": params, "text": str(self)}


def reason_field(reason: Reason | None) -> dict[str, Any]:
    """``{"reason": ...}`` to add to a message about a refusal, or nothing without a reason.

    >>> reason_field(None), reason_field(Reason("game.over", "the game is over"))["reason"]["key"]
    ({}, 'game.over')
    """
    return {} if reason is None else {"reason": reason.to_json()}


def _rebuild(key: str, text: str, params: dict[str, str | int | Reason]) -> Reason:
    made = str.__new__(Reason, text)
    made.key = key
    made.params = params
    return made
