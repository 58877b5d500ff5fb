"""The engine's words in the page's language, for templates: ``{% load speech %}``.

``{{ words|spoken }}`` writes a :class:`~games.engine.wording.Said` (words of the engine with
their values: "hands 1 and 2 share the win") or a :class:`~games.engine.wording.Mention`
(players, hands) in the language of the page, through the speaker the site installed
(:mod:`games.speaking`); any other value as the speaker writes values (an amount with the
page's decimal sign, a card as the page's players write it); text as it is.
"""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.translation import gettext

from games.engine.cards import CardError, parse_card
from games.engine.wording import Mention, Said, speaker
from games.speaking import write_card

register = template.Library()


@register.filter
def spoken(value: object) -> str:
    """``value`` in the page's language (see the module's doc).

    >>> from games.engine.wording import said_n
    >>> spoken(said_n("{hands} wins", "{hands} share the win", 2, hands=Mention("hand", (0, 1))))
    'hands 1 and 2 share the win'
    >>> spoken("as typed"), spoken(None)
    ('as typed', '')
    """
    if value is None:
        return ""
    if isinstance(value, (Said, Mention)):
        return value.words(speak=speaker())
    if isinstance(value, str):
        return value
    return speaker().value(value)


@register.filter
def card_codes(hand: object) -> str:
    """A hand typed in the text's codes (``"AS KD 10C"``), written as the page's players write
    cards (:func:`games.speaking.write_card`: ``sE dK c10`` in Swedish); text that is no hand
    as it is.

    >>> card_codes("AS KD 10C"), card_codes("no cards")
    ('AS KD 10C', 'no cards')
    >>> from django.utils import translation
    >>> with translation.override("sv"):
    ...     card_codes("AS KD JH")
    'sE dK hkn'
    """
    text = str(hand)
    try:
        cards = [parse_card(token) for token in text.split()]
    except CardError:
        return text
    return " ".join(write_card(card) for card in cards)


@register.filter
def against(hands: Iterable[object]) -> str:
    """Hands set against each other, each written by :func:`card_codes`: "AS AD KC against
    2H 5H 7H".

    >>> against(["AS AD KC", "2H 5H 7H"])
    'AS AD KC against 2H 5H 7H'
    """
    written = [card_codes(hand) for hand in hands]
    if not written:
        return ""
    text = written[0]
    for hand in written[1:]:
        text = gettext("{hands} against {hand}").format(hands=text, hand=hand)
    return text
