"""Filters and tags of the score sheet: exact amounts, player names, cards drawn as cards."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import segno
from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext, ngettext

from content.templatetags.library import citation_url
from games.engine.cards import CardError, parse_card
from games.engine.citations import Citation
from games.engine.commerce import Category
from games.engine.pool import POOL
from games.engine.wording import said, speaker
from games.scoresheet import ledger
from games.scoresheet.forms import new_key as _new_key
from games.scoresheet.words import entry_count, entry_noun, entry_nouns
from games.speaking import write_amount
from games.templatetags.amounts import amount

register = template.Library()
register.filter("amount", amount)  # the site's one printer of amounts (games' library)


@register.filter
def signed(value: Fraction | int | None) -> str:
    """An account: ``+2``, ``−1.5``, ``0`` (``−1,5`` in Swedish)."""
    return write_amount(value, signed=True)


@register.filter
def sign_class(value: Fraction | int | None) -> str:
    if value is None or value == 0:
        return "zero"
    return "plus" if value > 0 else "minus"


@register.filter
def at(sequence: Any, index: Any) -> Any:
    """``sequence[index]``, or empty when there is none."""
    try:
        return sequence[int(index)]
    except (IndexError, KeyError, TypeError, ValueError):
        return ""


@register.filter
def seat(spec: ledger.Spec, index: Any) -> str:
    """The name of the player in seat ``index``; ``pool`` is the pool."""
    if index == POOL:
        return gettext("the pool")
    try:
        return spec.players[int(index)]
    except (IndexError, TypeError, ValueError):
        return ""


@dataclass(frozen=True)
class CardFace:
    """A Commerce card as ``scoresheet/card.html`` draws it: red or black, its name in the
    page's language (its title), its rank and suit symbol."""

    colour: str
    name: str
    symbol: str


@register.filter
def card_face(code: str) -> CardFace | None:
    """The card a code names, as the page's language writes it (None: no card, the code
    is shown as typed)."""
    try:
        parsed = parse_card(code)
    except CardError:
        return None
    # Translators: a card's name, as in "king of hearts" (Swedish: "hjärter kung").
    name = said("{rank} of {suit}", rank=parsed.rank.said, suit=parsed.suit.said)
    # In Swedish the suit comes first, as the Swedish text writes its cards (hkn: ♥kn).
    swedish = get_language() == "sv"
    symbol = parsed.suit.symbol + parsed.rank.swedish_code if swedish else parsed.symbol
    colour = "red" if parsed.suit.is_red else "black"
    return CardFace(colour, name.words(speak=speaker()), symbol)


@register.filter
def counted(number: int, noun: str) -> str:
    """``4|counted:"hand"``: ``four hands`` (``4 händer`` in Swedish)."""
    if get_language() in (None, "en"):
        return ledger.count_words(int(number), noun)
    return ngettext("%(count)s hand", "%(count)s hands", int(number)) % {"count": number}


@register.filter
def category_label(slug: str) -> str:
    """A combination in its own book's word: ``poäng``, ``tricon``; on a Swedish page the
    Swedish text's word (``tretal``)."""
    try:
        category = Category(slug)
    except ValueError:
        return slug
    return category.term if get_language() in (None, "en") else category.swedish.lower()


@register.filter
def noun(spec: ledger.Spec) -> str:
    """What one entry of the sheet is called, in the page's language: ``deal`` (``giv``),
    or a counted ``hand``."""
    return entry_noun(spec.entry_word)


@register.filter
def nouns(spec: ledger.Spec) -> str:
    """:func:`noun` for several: ``deals`` (``givar``), ``hands`` (``händer``)."""
    return entry_nouns(spec.entry_word)


@register.filter
def entries(count: int, spec: ledger.Spec) -> str:
    """``3|entries:spec``: ``3 deals`` (``3 givar``), ``1 hand``."""
    return entry_count(spec.entry_word, int(count))


@register.filter
def names(seats: Any, spec: ledger.Spec) -> str:
    """The players in ``seats`` named as a list: ``Ann and Bo`` (``Ann och Bo``)."""
    named = [seat(spec, s) for s in seats or ()]
    if get_language() in (None, "en"):
        return " and ".join(named)  # as the sheet has always written them
    return speaker().join(named)


@register.filter
def dealer_label(spec: ledger.Spec) -> str:
    """The game's word for the dealer, as a heading: ``Dealer``, ``Banker`` (``Givare``)."""
    return capfirst(gettext(spec.game.dealer_word))


@register.simple_tag
def new_key() -> str:
    """A fresh idempotency key for one form."""
    return _new_key()


@register.filter
def option_summary(spec: ledger.Spec) -> list[str]:
    """The sums the table agreed, and the house rules that differ from the game's defaults,
    each in the registry's words."""
    config = spec.config
    changed = config.changed()
    out = []
    for option in spec.game.options:
        label = gettext(option.label)
        if option.kind == "amount":
            out.append(f"{label}: {write_amount(config.amount(option.name))}")
        elif option.name in changed:
            out.append(f"{label}: {gettext(option.words(config[option.name]))}")
    return out


@register.simple_tag
def cite_href(citation: Citation) -> str:
    """The library URL of a cited paragraph in the page's language (``/sv/library/…`` on a
    Swedish page)."""
    return citation_url(citation)


@register.filter
def comma_names(seats: Any, spec: ledger.Spec) -> str:
    """The players in ``seats`` named one after another: ``Ann, Bo``."""
    return ", ".join(seat(spec, s) for s in seats or ())


QR: dict[str, Any] = {"error": "m", "mask": 0, "boost_error": False}
"""How a link is encoded: medium error correction, one fixed mask (segno otherwise tries all
eight, 3.5 times the work for a code as readable here)."""
QR_SVG: dict[str, Any] = {
    "scale": 5,
    "border": 2,
    "dark": "#1f1b16",
    "light": "#ffffff",
    "svgclass": "qr-code",
}


@lru_cache(maxsize=256)
def _qr(address: str) -> str:
    return str(segno.make(address, **QR).svg_inline(**QR_SVG))


@register.filter
def qr_svg(address: str) -> SafeString:
    """A sheet's link as a QR code, drawn on the server as SVG by segno (dark on white
    whatever the scheme: a camera reads it). Safe to mark so: the markup is segno's, and
    the only text in it is encoded in black and white modules, not written out. The same
    link always gives the same code, so a worker keeps the last few it drew."""
    return mark_safe(_qr(address))
