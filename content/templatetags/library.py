"""Template tags that quote the rulebooks: a citation becomes the paragraph's words and a link."""

from functools import lru_cache
from typing import Any

from django import template
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from content.glossing import gloss
from content.library import Block, Book, find_paragraph, get_book
from games.engine.citations import RULINGS, Citation
from games.engine.games import house_rule

register = template.Library()


@register.filter
def marked(parts: list[tuple[str, bool]]) -> SafeString:
    """A search snippet as HTML, each match in ``<mark>``, every piece escaped: one call where a
    template loop over a one-letter query's thousands of pieces took ten milliseconds."""
    return mark_safe("".join(f"<mark>{escape(t)}</mark>" if hit else escape(t) for t, hit in parts))


def citation_url(citation: Citation) -> str:
    return _book_url(citation.book, get_script_prefix(), get_urlconf()) + f"#{citation.anchor}"


@lru_cache(maxsize=256)
def _book_url(book: str, prefix: str, urlconf: object) -> str:
    """A book's address, reversed once (a page of reasons cites dozens of paragraphs)."""
    return reverse("book", args=[book])


@register.simple_tag
def cite_url(citation: Citation) -> str:
    """The library URL of a cited paragraph."""
    return citation_url(citation)


@register.filter
def cited_book_label(citation: Citation) -> str:
    """The book a citation points into, named as quotations name it."""
    book = get_book(citation.book)
    return book.cite_as if book is not None else citation.book


_QUOTED: dict[Citation, SafeString] = {}
"""Each paragraph quoted, as HTML, rendered once: the texts never change while the site runs,
and a page of reasons quotes several (each quote was a template rendered for every page)."""


@register.simple_tag
def quote(citation: Citation) -> SafeString:
    """The cited paragraph quoted in the book's words, with its translation where there is one
    (``includes/quote.html``, rendered once for each paragraph; in DEBUG every time, so that
    an edited template shows at once)."""
    html = _QUOTED.get(citation)
    if html is None:
        html = render_to_string("includes/quote.html", _quote_context(citation))
        if not settings.DEBUG:
            _QUOTED[citation] = html
    return html


def _quote_context(citation: Citation) -> dict[str, Any]:
    found = find_paragraph(citation.book, citation.anchor)
    if found is None:
        return {"missing": citation}
    book, block = found
    translated = None
    if book.translation is not None and not citation.anchor.startswith("en-"):
        translated = book.translation.paragraphs.get("en-" + citation.anchor)
    return {"book": book, "block": block, "url": citation_url(citation), "translated": translated}


_NOTED: dict[tuple[str, str | None], SafeString] = {}
"""Each ruling with each value a table may choose, as HTML, rendered once (as :data:`_QUOTED`)."""


@register.simple_tag
def ruling_note(slug: str, chosen: str | None = None) -> SafeString:
    """An editorial ruling, shown apart from the quoted text, with its house-rule option
    (``includes/ruling.html``, rendered once for each ruling and value chosen)."""
    key = (slug, chosen)
    html = _NOTED.get(key)
    if html is None:
        html = render_to_string("includes/ruling.html", _ruling_context(slug, chosen))
        if not settings.DEBUG and len(_NOTED) < 4096:  # rulings x values: never near it
            _NOTED[key] = html
    return html


def _ruling_context(slug: str, chosen: str | None) -> dict[str, Any]:
    ruling = RULINGS.get(slug)
    option = house_rule(ruling) if ruling is not None else None
    chosen_words = option.words(chosen) if option is not None and chosen else None
    return {"ruling": ruling, "slug": slug, "option": option, "chosen": chosen_words}


@register.simple_tag
def glossed(book: Book, block: Block) -> SafeString:
    """A block of a rulebook with its glossary terms linked and explained
    (:func:`content.glossing.gloss`); a block of the translation is read as English."""
    original = book.paragraphs.get(block.anchor) is block
    language = book.language if original else "en"
    return mark_safe(gloss(book, block, language, reverse("glossary")))
