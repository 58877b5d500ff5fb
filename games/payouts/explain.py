"""Turning the engine's answers into words for the page: names, quoted reasons, rulings.

Nothing here decides a rule. Players are named, and each reason the engine gives is paired
with the paragraphs to quote (the first time a paragraph is cited on the page) or to link
(every later time), and the editorial rulings it applied (each shown once, with the
house-rule value this table chose). Amounts are printed by the engine's one printer,
:func:`games.engine.amounts.format_amount`.

A quoted paragraph or a ruling is the same markup every time it is shown, so each is
rendered once (by the library's own templates) and kept.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from content.library import find_paragraph
from content.templatetags.library import citation_url, quote, ruling_note
from games.engine.citations import Citation, Reason
from games.engine.wording import name_players
from games.forms_util import sentence, split_field


def field_message(message: str, name: str | None = None) -> str:
    """An engine error shown beside its field, without the field name it starts with.

    >>> field_message("stake: must be more than 0, not 0", "stake")
    'Must be more than 0, not 0'
    >>> field_message("bought[2]: must be a whole number from 0, not -1")
    'Must be a whole number from 0, not -1'
    """
    field, item, rest = split_field(message)
    if field is not None and (name is None or (field == name and item is None)):
        message = rest
    return sentence(message)


@dataclass(frozen=True)
class CitedLink:
    """A paragraph quoted earlier on the page: linked, not quoted again."""

    citation: Citation
    label: str

    @property
    def url(self) -> str:
        """The paragraph's address in the library."""
        return paragraph_url(self.citation)


@lru_cache(maxsize=1024)
def paragraph_url(citation: Citation) -> str:
    """The library's address of a cited paragraph (looked up once)."""
    return citation_url(citation)


def _quote_html(citation: Citation) -> SafeString:
    made = quote(citation)
    return mark_safe(render_to_string("includes/quote.html", made))  # the library's markup


def _ruling_html(slug: str, chosen: str | None) -> SafeString:
    made = ruling_note(slug, chosen)
    return mark_safe(render_to_string("includes/ruling.html", made))  # the library's markup


_quote_kept = lru_cache(maxsize=1024)(_quote_html)
_ruling_kept = lru_cache(maxsize=1024)(_ruling_html)


def quote_html(citation: Citation) -> SafeString:
    """The paragraph ``citation`` names, quoted as the library quotes it (kept once
    rendered, except in debug, where templates may change under a running server)."""
    return _quote_html(citation) if settings.DEBUG else _quote_kept(citation)


def ruling_html(slug: str, chosen: str | None = None) -> SafeString:
    """The editorial ruling ``slug``, shown as the library shows it, with this table's
    choice (kept once rendered, except in debug)."""
    return _ruling_html(slug, chosen) if settings.DEBUG else _ruling_kept(slug, chosen)


@dataclass
class Step:
    """One reason on the page: its words, the payments it explains, the paragraphs quoted
    here for the first time, those linked because they were quoted above, and the editorial
    rulings first applied here (slug and the value this table chose, if it is an option)."""

    text: str
    lines: list[str] = field(default_factory=list)
    quotes: list[Citation] = field(default_factory=list)
    links: list[CitedLink] = field(default_factory=list)
    rulings: list[tuple[str, str | None]] = field(default_factory=list)

    @property
    def quoted(self) -> list[SafeString]:
        """The paragraphs quoted here, as markup."""
        return [quote_html(c) for c in self.quotes]

    @property
    def ruled(self) -> list[SafeString]:
        """The rulings first applied here, as markup."""
        return [ruling_html(slug, chosen) for slug, chosen in self.rulings]


def citation_label(citation: Citation) -> str:
    """A short name for a cited paragraph: the author and the paragraph's anchor.

    >>> citation_label(Citation("peel-commerce", "standing"))
    'Peel, ¶ standing'
    """
    found = find_paragraph(citation.book, citation.anchor)
    if found is None:
        return f"{citation.book}, ¶ {citation.anchor}"
    book = found[0]
    author = str(book.meta.get("author") or "").strip()
    if author:
        name = author.split()[-1]
    else:
        name = "the Swedish text" if book.language == "sv" else book.title
    return f"{name}, ¶ {citation.anchor}"


class Explainer:
    """Builds the steps of one page, quoting each paragraph once and showing each ruling
    once. ``chosen`` gives the value this table chose for a ruling's option, if any;
    ``names`` the players' names, put in place of the numbers the engine gives them
    (:func:`games.engine.wording.name_players`)."""

    def __init__(
        self,
        names: Sequence[str] = (),
        chosen: Callable[[str], str | None] | None = None,
    ) -> None:
        self.names = list(names)
        self.chosen = chosen or (lambda slug: None)
        self.quoted: set[Citation] = set()
        self.shown: set[str] = set()

    def step(self, reason: Reason, lines: Iterable[str] = ()) -> Step:
        made = Step(sentence(name_players(reason.text, self.names)), list(lines))
        for citation in reason.citations:
            if citation in self.quoted:
                if all(link.citation != citation for link in made.links):
                    made.links.append(CitedLink(citation, citation_label(citation)))
            elif citation not in made.quotes:
                made.quotes.append(citation)
        self.quoted.update(reason.citations)
        for slug in reason.rulings:
            if slug not in self.shown:
                self.shown.add(slug)
                made.rulings.append((slug, self.chosen(slug)))
        return made

    def steps(self, reasons: Iterable[Reason]) -> list[Step]:
        return [self.step(reason) for reason in reasons]
