"""Template tags that quote the rulebooks: a citation becomes the paragraph's words and a link."""

import re
from functools import lru_cache
from typing import Any

from django import template
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from content.glossing import gloss
from content.library import (
    BACK_TO_TEXT,
    FIGURE_LOST,
    PAGE_BEGINS,
    PARAGRAPH_LINK,
    SECTION_LINK,
    Block,
    Book,
    Section,
    find_paragraph,
    get_book,
    page_language,
)
from content.search import run_in_title
from games.engine.citations import RULINGS, Citation
from games.engine.games import house_rule

register = template.Library()


@register.filter
def marked(parts: list[tuple[str, bool]]) -> SafeString:
    """A search snippet as HTML, each match in ``<mark>``, every piece escaped: one call where a
    template loop over a one-letter query's thousands of pieces took ten milliseconds."""
    return mark_safe("".join(f"<mark>{escape(t)}</mark>" if hit else escape(t) for t, hit in parts))


def citation_url(citation: Citation) -> str:
    book = _book_url(citation.book, get_script_prefix(), get_urlconf(), page_language())
    return book + f"#{citation.anchor}"


@lru_cache(maxsize=256)
def _book_url(book: str, prefix: str, urlconf: object, language: str) -> str:
    """A book's address in a language, reversed once (a page of reasons cites dozens of
    paragraphs)."""
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


@register.inclusion_tag("includes/quote.html")
def quote(citation: Citation) -> dict[str, Any]:
    """The cited paragraph quoted in the book's words, with its translation where there is one
    (``includes/quote.html``)."""
    return _quote_context(citation)


def _quote_context(citation: Citation) -> dict[str, Any]:
    found = find_paragraph(citation.book, citation.anchor)
    if found is None:
        return {"missing": citation}
    book, block = found
    blocks = introduced(book, block)
    translated = []
    if book.translation is not None and not citation.anchor.startswith("en-"):
        paragraphs = book.translation.paragraphs
        translated = [t for b in blocks if (t := paragraphs.get("en-" + b.anchor)) is not None]
    return {
        "book": book,
        "block": block,
        "blocks": blocks,
        "url": citation_url(citation),
        "translated": translated,
        "section": book.section_of(block),
    }


INTRODUCED_AT_MOST = 6


def introduced(book: Book, block: Block) -> list[Block]:
    """The cited paragraph, and when it ends with a colon the paragraphs it introduces, each
    opening with a run-in title (the items of a list the book sets as paragraphs): "De är i
    ordning från högst till lägst:" is quoted with the order that follows, which decides.

    >>> from content.library import find_paragraph
    >>> book, block = find_paragraph("commerce-swedish", "kombinationer")
    >>> [b.anchor for b in introduced(book, block)]
    ['kombinationer', 'tretal', 'sekvens', 'poang', 'ingenting']
    >>> [b.anchor for b in introduced(*find_paragraph("commerce-swedish", "tretal"))]
    ['tretal']
    """
    if not block.text.rstrip().endswith(":"):
        return [block]
    at = book.blocks.index(block)
    following = []
    for other in book.blocks[at + 1 : at + 1 + INTRODUCED_AT_MOST]:
        if other.is_heading or not run_in_title(other):
            break
        following.append(other)
    return [block, *following]


@register.inclusion_tag("includes/ruling.html")
def ruling_note(slug: str, chosen: str | None = None) -> dict[str, Any]:
    """An editorial ruling, shown apart from the quoted text, with its house-rule option
    (``includes/ruling.html``)."""
    return _ruling_context(slug, chosen)


def _ruling_context(slug: str, chosen: str | None) -> dict[str, Any]:
    ruling = RULINGS.get(slug)
    option = house_rule(ruling) if ruling is not None else None
    chosen_words = option.words(chosen) if option is not None and chosen else None
    return {"ruling": ruling, "slug": slug, "option": option, "chosen": chosen_words}


@register.simple_tag
def glossed(book: Book, block: Block) -> SafeString:
    """A block of a rulebook with its glossary terms linked and explained
    (:func:`content.glossing.gloss`); a block of the translation is read as English. On a page
    in another language than the book's, a heading carries our title for it in the page's
    language beside the printed one, and the site's words in the block are the page's
    (:func:`spoken`)."""
    original = book.paragraphs.get(block.anchor) is block
    language = book.language if original else "en"
    html = gloss(book, block, language, reverse("glossary"))
    named = book.navigation_title(block.anchor) if original and block.is_heading else None
    if named is not None:
        beside = f'<span class="heading-nav" lang="{page_language()}">{escape(named)}</span> '
        link = PARA_LINK.search(html)
        at = link.start() if link else html.rindex("</")
        html = html[:at] + beside + html[at:]
    return mark_safe(spoken(html))


PARA_LINK = re.compile(r'<a [^>]*class="para-link"')
"""The link to a paragraph or heading that the renderer puts at its end."""


def furniture() -> dict[str, str]:
    """The words the renderer writes into a book (``content.library``), in the page's
    language."""
    return {
        PARAGRAPH_LINK: gettext("Link to this paragraph"),
        SECTION_LINK: gettext("Link to this section"),
        PAGE_BEGINS: gettext("Page {page} of the book begins here"),
        FIGURE_LOST: gettext("Picture not preserved in the copy transcribed (editorial note)."),
        BACK_TO_TEXT: gettext("Back to the text"),
    }


FURNITURE = re.compile(
    "|".join(
        [
            rf'(?P<label> aria-label="(?:{re.escape(PARAGRAPH_LINK)}|{re.escape(SECTION_LINK)})")',
            rf' title="(?P<page>{re.escape(PAGE_BEGINS).replace(re.escape("{page}"), r"\d+")})"',
            rf'(?P<back> title="{re.escape(BACK_TO_TEXT)}")',
            rf'(?P<figure>">{re.escape(FIGURE_LOST)}<)',
        ]
    )
)
"""Where the renderer's words stand in a block's HTML: an attribute, or a placeholder's text."""


def spoken(html: str) -> str:
    """A block's HTML with the renderer's words in the page's language, each element holding
    them marked with that language (the book's text around them is in its own); the HTML as
    it is on an English page.

    >>> from django.utils import translation
    >>> from content.library import find_paragraph
    >>> book, block = find_paragraph("cox-commerce", "fig-1")
    >>> spoken(block.html) == block.html
    True
    """
    language = page_language()
    if language == "en":
        return html
    words = furniture()
    mark = f' lang="{language}"'

    def say(m: re.Match[str]) -> str:
        if m["label"]:
            english = m["label"].split('"')[1]
            return f' aria-label="{escape(words[english])}"{mark}'
        if m["page"]:
            page = re.search(r"\d+", m["page"])
            number = page.group() if page else ""
            return f' title="{escape(words[PAGE_BEGINS].format(page=number))}"{mark}'
        if m["back"]:
            return f' title="{escape(words[BACK_TO_TEXT])}"{mark}'
        return f'"{mark}>{escape(words[FIGURE_LOST])}<'

    return FURNITURE.sub(say, html)


@register.simple_tag
def section_of(book: Book, block: Block) -> Section | None:
    """The heading a block falls under, named for the page's reader (:meth:`Book.section_of`)."""
    return book.section_of(block)


@register.filter
def lang_attr(language: str) -> SafeString:
    """`` lang="…"`` for an element in ``language`` on a page in another; nothing where the
    page's language is the element's."""
    if not language or language == page_language():
        return mark_safe("")
    return mark_safe(f' lang="{escape(language)}"')


@register.filter
def page_lang_in(language: str) -> SafeString:
    """`` lang="…"`` with the page's language, for our words inside an element in
    ``language`` when that is another; nothing where it is the page's."""
    page = page_language()
    return mark_safe("" if language == page else f' lang="{escape(page)}"')


@register.filter
def in_language(text: str, language: str) -> SafeString:
    """The text, in a ``<span>`` marked with ``language`` where that is not the page's."""
    attr = lang_attr(language)
    return format_html("<span{}>{}</span>", attr, text) if attr else conditional_escape(text)
