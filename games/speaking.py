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
from functools import lru_cache

from django.utils.formats import get_format
from django.utils.translation import get_language, gettext, ngettext, override, pgettext

from games.engine.amounts import format_amount
from games.engine.cards import Card
from games.engine.wording import ENGLISH, Noun, Speaker


def decimal_sign() -> str:
    """The decimal sign of the page's language (``","`` in Swedish)."""
    return _decimal_sign(get_language())


@lru_cache(maxsize=16)
def _decimal_sign(language: str | None) -> str:
    """The decimal sign of ``language`` (asked once: a reason with amounts asks for it for
    each amount, and get_format's own cache costs more than this)."""
    with override(language):
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
    return amount_words(value, get_language(), signed=signed)


def amount_words(
    value: Fraction | int | Decimal, language: str | None, *, signed: bool = False
) -> str:
    """:func:`write_amount` in ``language``."""
    words = format_amount(Fraction(value), signed=signed)
    sign = _decimal_sign(language)
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
    return card_code(card, get_language())


def card_code(card: Card, language: str | None) -> str:
    """:func:`write_card` in ``language``."""
    return card.swedish_code if language == "sv" else str(card)


# The catalogue's words, each looked up once per language: a page's reasons ask for the same
# few message ids again and again (a showdown's, a hand's value, a rank's name), and Django's
# gettext costs several times a dict look-up. Keyed by the language (each looked up under it,
# whichever is active) and bounded: an error's words quoted as typed are message ids too
# (EngineError.render), which no catalogue holds.


@lru_cache(maxsize=4096)
def _text(language: str | None, template: str) -> str:
    with override(language):
        return gettext(template)


@lru_cache(maxsize=1024)
def _text_n(language: str | None, singular: str, plural: str, count: int) -> str:
    with override(language):
        return ngettext(singular, plural, count)


@lru_cache(maxsize=64)
def _noun(language: str | None, noun: Noun, count: int) -> str:
    with override(language):
        if noun == "player":
            return ngettext("player", "players", count)
        return ngettext("hand", "hands", count)


@lru_cache(maxsize=16)
def _and(language: str | None) -> str:
    with override(language):
        # Translators: the word between the last two items of a list ("Ann, Bo and Cy").
        return pgettext("list", "and")


class Translated:
    """The engine's words from the catalogue of ``language``, the active one when the
    speaker is made (:func:`page_speaker` makes one per language and render; it asks for the
    language once, as asgiref's thread-and-task local behind get_language costs more than
    writing a word)."""

    def __init__(self, language: str | None) -> None:
        self.language = language
        self.memo_key = f"catalogue {language}"
        """The same words each time for the same language (the catalogue is read once):
        the engine keeps a mention's or a Said's words once written in it."""

    def text(self, template: str) -> str:
        return _text(self.language, template)

    def text_n(self, singular: str, plural: str, count: int) -> str:
        return _text_n(self.language, singular, plural, count)

    def noun(self, noun: Noun, count: int) -> str:
        return _noun(self.language, noun, count)

    def join(self, words: Sequence[str]) -> str:
        words = list(words)
        if len(words) <= 1:
            return "".join(words)
        return ", ".join(words[:-1]) + f" {_and(self.language)} " + words[-1]

    def value(self, value: object) -> str:
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, (Fraction, Decimal, int)):
            return amount_words(value, self.language)
        if isinstance(value, Card):
            return card_code(value, self.language)
        return str(value)


@lru_cache(maxsize=16)
def _translated(language: str) -> Translated:
    return Translated(language)


def page_speaker() -> Speaker:
    """The speaker of the request's language: the engine's own English outside Swedish
    pages (the API, English pages), so that their words stay exactly the engine's.

    >>> from django.utils import translation
    >>> from games.engine.wording import Mention
    >>> with translation.override("sv"):
    ...     Mention("player", (0, 2)).words(speak=page_speaker())
    'spelare 1 och 3'
    >>> page_speaker() is ENGLISH
    True
    """
    language = get_language()
    return ENGLISH if language in (None, "en") else _translated(language)
