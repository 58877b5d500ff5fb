"""The engine's words in the page's language, for templates: ``{% load speech %}``.

``{{ words|spoken }}`` writes a :class:`~games.engine.wording.Said` (words of the engine with
their values: "hands 1 and 2 share the win") or a :class:`~games.engine.wording.Mention`
(players, hands) in the language of the page, through the speaker the site installed
(:mod:`games.speaking`); any other value as the speaker writes values (an amount with the
page's decimal sign, a card as the page's players write it); text as it is.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from games.engine.cards import CardError, parse_card
from games.engine.citations import RULINGS
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


QUOTED = re.compile(
    r"(?<!\w)'((?:[^']|(?<=\w)'(?=\w))+)'(?!\w)"  # 'straight', an apostrophe inside kept
    r"|”([^”]+)”|“([^”]+)”"  # curly, as Swedish writes them
    r"|(\b[a-z0-9]+(?:-[a-z0-9]+)+\b)"  # words joined by hyphens: a ruling's name?
)
"""A quotation in quotes, as our Swedish words quote a book's English."""

ENGLISH_HINTS = re.compile(r"\b(?:the|of|is|a|an|to|in|and|with|by|for|as|its|his|be|are)\b", re.I)
"""Words that tell a quotation of the book's English from Swedish words quoted (”får”)."""


@register.filter
def quotes_marked(text: str) -> SafeString:
    """Our words (a ruling), escaped; on a page not in English, each quotation of a book's
    English in them (``'an additional stake'``) marked as English, so that it is read, and
    checked, as the book's words and not as untranslated interface.

    >>> from django.utils import translation
    >>> with translation.override("sv"):
    ...     quotes_marked("den betalar 'an additional stake' <till> var och en")
    'den betalar <q lang="en">an additional stake</q> &lt;till&gt; var och en'
    >>> quotes_marked("pays 'an additional stake'")
    'pays &#x27;an additional stake&#x27;'
    >>> with translation.override("sv"):
    ...     quotes_marked(conditional_escape("betalar 'a stake'"))
    'betalar <q lang="en">a stake</q>'
    >>> with translation.override("sv"):
    ...     quotes_marked("med ”the first highest card” och vad en spelare ”får”")
    'med <q lang="en">the first highest card</q> och vad en spelare ”får”'
    >>> with translation.override("sv"):
    ...     quotes_marked("poängen 'is counted using the Banker's card' räknas")
    'poängen <q lang="en">is counted using the Banker&#x27;s card</q> räknas'
    >>> with translation.override("sv"):
    ...     quotes_marked("(avgörandet peel-stander-pays; inte sälja-ut)")
    '(avgörandet <span lang="en">peel-stander-pays</span>; inte sälja-ut)'
    """
    if get_language() in (None, "en"):
        return conditional_escape(text)
    # {% translate … as x %} gives the words escaped already: read them back as words.
    words = html.unescape(text) if isinstance(text, SafeString) else str(text)
    out: list[str] = []
    at = 0
    for found in QUOTED.finditer(words):
        quoted = next(group for group in found.groups() if group is not None)
        if found.group(4) is not None:
            if quoted not in RULINGS:
                continue  # words joined by hyphens, not a ruling's name
        elif not ENGLISH_HINTS.search(quoted):
            continue  # Swedish words in quotes: left as they are
        out.append(conditional_escape(words[at : found.start()]))
        tag = "span" if found.group(4) is not None else "q"  # a ruling's name, or a quotation
        out.append(format_html('<{} lang="en">{}</{}>', tag, quoted, tag))
        at = found.end()
    out.append(conditional_escape(words[at:]))
    return mark_safe("".join(out))
