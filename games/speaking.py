"""The engine's words in the language of the page: the site's
:class:`~games.engine.wording.Speaker`.

The engine writes English and keeps what varies in its words as data
(:mod:`games.engine.wording`); this module writes them with Django's translation catalogue
(``locale/``), so that a Swedish page says "spelare 2 och 3" where the API says
"players 2 and 3". Installed once at start-up (:meth:`games.apps.GamesConfig.ready`): every
``Reason.render`` and ``EngineError.render`` then speaks the request's language.

The site's other values are written here too: an amount with the language's decimal sign
(:func:`write_amount`), a card as the language's players write it (:func:`write_card`).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from django.utils.formats import get_format
from django.utils.translation import get_language, gettext, ngettext, pgettext

from games.engine.amounts import format_amount
from games.engine.cards import Card
from games.engine.wording import ENGLISH, Noun, Speaker


def decimal_sign() -> str:
    """The decimal sign of the page's language (``","`` in Swedish)."""
    return str(get_format("DECIMAL_SEPARATOR"))


def write_amount(value: Fraction | int | Decimal | None, *, signed: bool = False) -> str:
    """An exact amount as the engine prints it (:func:`~games.engine.amounts.format_amount`),
    with the page's decimal sign: ``0,5`` in Swedish.

    >>> from django.utils import translation
    >>> with translation.override("sv"):
    ...     write_amount(Fraction(5, 2)), write_amount(Fraction(7, 3))
    ('2,5', '2 1/3')
    """
    if value is None:
        return ""
    words = format_amount(Fraction(value), signed=signed)
    sign = decimal_sign()
    return words if sign == "." else words.replace(".", sign)


def write_card(card: Card) -> str:
    """A card as the players of the page's language write it: ``AS`` in English, suit first
    as the Swedish text writes it (``sE``, ``hkn``, ``c10``) in Swedish.

    >>> from django.utils import translation
    >>> from games.engine.cards import parse_card
    >>> with translation.override("sv"):
    ...     write_card(parse_card("JH")), write_card(parse_card("10C"))
    ('hkn', 'c10')
    """
    return card.swedish_code if get_language() == "sv" else str(card)


class Translated:
    """The engine's words from the catalogue of the active language."""

    def text(self, template: str) -> str:
        return gettext(template)

    def text_n(self, singular: str, plural: str, count: int) -> str:
        return ngettext(singular, plural, count)

    def noun(self, noun: Noun, count: int) -> str:
        if noun == "player":
            return ngettext("player", "players", count)
        return ngettext("hand", "hands", count)

    def join(self, words: Sequence[str]) -> str:
        words = list(words)
        if len(words) <= 1:
            return "".join(words)
        # Translators: the word between the last two items of a list ("Ann, Bo and Cy").
        last = pgettext("list", "and")
        return ", ".join(words[:-1]) + f" {last} " + words[-1]

    def value(self, value: object) -> str:
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, (Fraction, Decimal, int)):
            return write_amount(value)
        if isinstance(value, Card):
            return write_card(value)
        return str(value)


TRANSLATED: Speaker = Translated()


def page_speaker() -> Speaker:
    """The speaker of the request's language: the engine's own English outside Swedish
    pages (the API, English pages), so that their words stay exactly the engine's."""
    return TRANSLATED if get_language() not in (None, "en") else ENGLISH
