"""The 48 hanafuda cards: month, kind, names and the short codes players type.

Card ``i`` belongs to month ``i // 4 + 1``. Codes are the month number and a
letter for the kind: ``b`` bright, ``a`` animal, ``r`` ribbon, ``p`` plain, with a
number when a month has several plain cards (``1p1``, ``1p2``, ``12p3``).

>>> card = CARDS[0]
>>> card.code, card.name, card.name_ja, card.kind
('1b', 'Pine Crane', 'Matsu ni Tsuru', 'bright')
>>> parse_card("pine-crane") == parse_card("1B") == 0
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from spieltisch.core.protocol import JSON, IllegalAction
from spieltisch.core.reasons import Reason

BRIGHT, ANIMAL, RIBBON, PLAIN = "bright", "animal", "ribbon", "plain"
KINDS = (BRIGHT, ANIMAL, RIBBON, PLAIN)
"""Kinds in the order collections are shown."""

MONTHS = (
    ("Pine", "Matsu"), ("Plum", "Ume"), ("Cherry", "Sakura"), ("Wisteria", "Fuji"),
    ("Iris", "Ayame"), ("Peony", "Botan"), ("Bush Clover", "Hagi"), ("Pampas", "Susuki"),
    ("Chrysanthemum", "Kiku"), ("Maple", "Momiji"), ("Willow", "Yanagi"),
    ("Paulownia", "Kiri"),
)
"""English and Japanese flower of each month, January first."""


@dataclass(frozen=True)
class Card:
    """One hanafuda card."""

    id: int
    month: int
    """1 (January, Pine) to 12 (December, Paulownia)."""
    kind: str
    ribbon: str | None
    """For ribbons: ``poetry`` (red with writing), ``blue`` or ``plain`` (red, no writing)."""
    code: str
    name: str
    name_ja: str

    @property
    def slug(self) -> str:
        """The English name in lower case with hyphens, also accepted as notation."""
        return self.name.lower().replace(" ", "-")

    def to_json(self) -> dict[str, JSON]:
        """The card as the views show it."""
        return {"id": self.id, "code": self.code, "month": self.month, "kind": self.kind,
                "ribbon": self.ribbon, "name": self.name, "name_ja": self.name_ja}


# Per month: the special cards as (kind, ribbon, English, Japanese); plain cards fill up to 4.
_SPECIAL: tuple[tuple[tuple[str, str | None, str, str], ...], ...] = (
    ((BRIGHT, None, "Crane", "Tsuru"), (RIBBON, "poetry", "Poetry Ribbon", "Akatan")),
    ((ANIMAL, None, "Bush Warbler", "Uguisu"), (RIBBON, "poetry", "Poetry Ribbon", "Akatan")),
    ((BRIGHT, None, "Curtain", "Maku"), (RIBBON, "poetry", "Poetry Ribbon", "Akatan")),
    ((ANIMAL, None, "Cuckoo", "Hototogisu"), (RIBBON, "plain", "Red Ribbon", "Tanzaku")),
    ((ANIMAL, None, "Bridge", "Yatsuhashi"), (RIBBON, "plain", "Red Ribbon", "Tanzaku")),
    ((ANIMAL, None, "Butterflies", "Chō"), (RIBBON, "blue", "Blue Ribbon", "Aotan")),
    ((ANIMAL, None, "Boar", "Inoshishi"), (RIBBON, "plain", "Red Ribbon", "Tanzaku")),
    ((BRIGHT, None, "Moon", "Tsuki"), (ANIMAL, None, "Geese", "Kari")),
    ((ANIMAL, None, "Sake Cup", "Sakazuki"), (RIBBON, "blue", "Blue Ribbon", "Aotan")),
    ((ANIMAL, None, "Deer", "Shika"), (RIBBON, "blue", "Blue Ribbon", "Aotan")),
    ((BRIGHT, None, "Rain Man", "Ono no Michikaze"), (ANIMAL, None, "Swallow", "Tsubame"),
     (RIBBON, "plain", "Red Ribbon", "Tanzaku"), (PLAIN, None, "Lightning", "Kaminari")),
    ((BRIGHT, None, "Phoenix", "Hōō"),),
)


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for month, specials in enumerate(_SPECIAL, start=1):
        flower, flower_ja = MONTHS[month - 1]
        plains = 4 - len(specials)
        for kind, ribbon, english, japanese in specials:
            code = f"{month}{kind[0]}"
            cards.append(Card(len(cards), month, kind, ribbon, code, f"{flower} {english}",
                              f"{flower_ja} ni {japanese}"))
        for n in range(1, plains + 1):
            suffix = str(n) if plains > 1 else ""
            cards.append(Card(len(cards), month, PLAIN, None, f"{month}p{suffix}",
                              f"{flower} Plain {suffix}".rstrip(),
                              f"{flower_ja} no Kasu {suffix}".rstrip()))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build()
"""All 48 cards; ``CARDS[i].id == i``."""

DECK = (1 << 48) - 1
"""Bit mask of the whole deck (bit ``i`` is card ``i``)."""


def _mask(pred: Callable[[Card], bool]) -> int:
    return sum(1 << c.id for c in CARDS if pred(c))


MONTH_MASK: tuple[int, ...] = tuple(0b1111 << (4 * m) for m in range(12))
"""Cards of month ``m + 1``."""
BRIGHTS = _mask(lambda c: c.kind == BRIGHT)
ANIMALS = _mask(lambda c: c.kind == ANIMAL)
RIBBONS = _mask(lambda c: c.kind == RIBBON)
PLAINS = _mask(lambda c: c.kind == PLAIN)
POETRY = _mask(lambda c: c.ribbon == "poetry")
BLUE = _mask(lambda c: c.ribbon == "blue")
KIND_MASK = {BRIGHT: BRIGHTS, ANIMAL: ANIMALS, RIBBON: RIBBONS, PLAIN: PLAINS}

_BY_CODE = {c.code: c.id for c in CARDS}


def card_id(code: str) -> int:
    """The id of the card with this code (``"8b"`` → Pampas Moon)."""
    return _BY_CODE[code]


CRANE, CURTAIN, MOON, RAIN_MAN, PHOENIX = (card_id(k) for k in ("1b", "3b", "8b", "11b", "12b"))
SAKE_CUP = card_id("9a")
BOAR, DEER, BUTTERFLIES = card_id("7a"), card_id("10a"), card_id("6a")
INO_SHIKA_CHO = (1 << BOAR) | (1 << DEER) | (1 << BUTTERFLIES)

_PLAIN_LETTERS = str.maketrans("āēīōū", "aeiou")


def _spellings(card: Card) -> set[str]:
    """What may be typed for ``card``: code, English name or slug, and the Japanese name
    with or without its long vowels marked, with spaces or hyphens."""
    japanese = card.name_ja.lower()
    names = {japanese, japanese.translate(_PLAIN_LETTERS), japanese.replace("ō", "ou")}
    return {card.code, card.slug, card.name.lower(),
            *names, *(name.replace(" ", "-") for name in names)}


_BY_TEXT: dict[str, int] = {text: c.id for c in CARDS for text in _spellings(c)}


def parse_card(text: str) -> int:
    """The card named by a code, slug or name (any case); `IllegalAction` if none.

    >>> CARDS[parse_card("Willow Lightning")].code, CARDS[parse_card("kiri-ni-hoo")].code
    ('11p', '12b')
    """
    key = " ".join(text.strip().lower().split())
    found = _BY_TEXT.get(key)
    if found is None:
        raise IllegalAction(Reason("koikoi.not_a_card", "{text!r} is not a card; cards are "
                                   "written like 1b, 3r, 9a, 12p3 (month + b/a/r/p) or by name, "
                                   "e.g. pine-crane", text=text.strip()))
    return found


_BYTE_BITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(6))


def cards_of(mask: int) -> list[int]:
    """Card ids in a bit mask, lowest first.

    >>> cards_of(0b1010)
    [1, 3]
    """
    b = _BYTE_BITS
    return [*b[0][mask & 255], *b[1][mask >> 8 & 255], *b[2][mask >> 16 & 255],
            *b[3][mask >> 24 & 255], *b[4][mask >> 32 & 255], *b[5][mask >> 40 & 255]]


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    """Bit mask of card ids.

    >>> mask_of([1, 3])
    10
    """
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask
