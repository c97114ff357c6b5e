"""Every refusal a player can meet at a table carries a key the web table translates."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

from spieltisch.core.protocol import IllegalAction
from spieltisch.core.reasons import Reason

from .refusals import german_keys, refusals

_SRC = Path(__file__).resolve().parents[2] / "src" / "spieltisch"


def _keys_in_source() -> set[str]:
    keys: set[str] = set()
    for path in _SRC.rglob("*.py"):
        keys.update(re.findall(r'Reason\(\s*"([a-z_]+\.[a-z_]+)"', path.read_text("utf-8")))
    return keys


def _keys(reason: Reason) -> set[str]:
    return {reason.key}.union(*(_keys(v) for v in reason.params.values()
                                if isinstance(v, Reason)))


def test_every_refusal_at_a_players_turn_is_a_reason_with_german_words() -> None:
    german = german_keys()
    seen: dict[str, set[str]] = {}
    for game, refusal in refusals():
        assert isinstance(refusal, Reason), f"{game}: {refusal!r} has no key"
        missing = _keys(refusal) - german
        assert not missing, f"{game}: no German words for {missing} ({refusal!r})"
        seen.setdefault(game, set()).update(_keys(refusal))
    assert {game: len(keys) >= 4 for game, keys in seen.items()} == dict.fromkeys(
        ("oware", "irono", "colomino", "koikoi", "okey"), True)


def test_the_german_words_and_the_source_name_the_same_keys() -> None:
    assert german_keys() == _keys_in_source()


def test_a_reason_survives_pickling_inside_a_refusal() -> None:
    cause = Reason("koikoi.not_in_hand", "{card} is not in your hand", card="1b")
    refusal = IllegalAction(Reason("koikoi.cannot_take", "{card} cannot take {target}; {why}",
                                   card="1b", target="2a", why=cause))
    again = pickle.loads(pickle.dumps(refusal))
    assert str(again) == "1b cannot take 2a; 1b is not in your hand"
    assert again.reason is not None and again.reason.to_json() == refusal.reason.to_json()
    assert again.reason.params["why"].key == "koikoi.not_in_hand"
