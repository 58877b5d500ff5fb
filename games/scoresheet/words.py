"""The score sheet's own words for its entries, in the page's language.

A sheet calls one entry a ``deal`` (``giv``), or a ``hand`` in a game whose cards are counted
(:attr:`ledger.Spec.entry_word`, which stays English: it is data, compared in templates). The
views' notices and the templates say it through these, so that each word is translated once.

>>> entry_name("deal", 3), entry_count("hand", 1), entry_count("deal", 2)
('Deal 3', '1 hand', '2 deals')
>>> from django.utils import translation
>>> with translation.override("sv"):
...     entry_name("deal", 3), entry_count("deal", 2)  # doctest: +SKIP
('Giv 3', '2 givar')
"""

from __future__ import annotations

from datetime import datetime

from django.utils import formats, timezone
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext, pgettext


def entry_noun(entry_word: str) -> str:
    """One entry: ``deal`` (``giv``) or ``hand``."""
    if entry_word == "hand":
        return pgettext("an entry of a score sheet", "hand")
    return pgettext("an entry of a score sheet", "deal")


def entry_nouns(entry_word: str) -> str:
    """Several entries: ``deals`` (``givar``) or ``hands`` (``händer``)."""
    if entry_word == "hand":
        return pgettext("entries of a score sheet", "hands")
    return pgettext("entries of a score sheet", "deals")


def entry_count(entry_word: str, count: int) -> str:
    """``3 deals`` (``3 givar``), ``1 hand``."""
    if entry_word == "hand":
        words = ngettext("%(count)s hand", "%(count)s hands", count)
    else:
        words = ngettext("%(count)s deal", "%(count)s deals", count)
    return words % {"count": count}


def entry_name(entry_word: str, number: int | None) -> str:
    """An entry by its number, as a sentence starts: ``Deal 3`` (``Giv 3``)."""
    return f"{capfirst(entry_noun(entry_word))} {number}"


def moment(when: datetime) -> str:
    """A moment of the evening, as a change or the finish is dated: ``May 3, 2025, 21:14
    (UTC)`` (the site's time zone, named: it does not know the reader's)."""
    local = timezone.localtime(when)
    return gettext("{date}, {time} ({zone})").format(
        date=formats.date_format(local, "DATE_FORMAT"),
        time=formats.time_format(local, "H:i"),
        zone=timezone.get_current_timezone_name(),
    )
