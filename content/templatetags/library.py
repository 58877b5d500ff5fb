"""Template tags that quote the rulebooks: a citation becomes the paragraph's words and a link."""

from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from content.library import find_paragraph, get_book
from games.engine.citations import RULINGS, Citation
from games.engine.games import house_rule

register = template.Library()


@register.filter
def marked(parts: list[tuple[str, bool]]) -> SafeString:
    """A search snippet as HTML, each match in ``<mark>``, every piece escaped: one call where a
    template loop over a one-letter query's thousands of pieces took ten milliseconds."""
    return mark_safe("".join(f"<mark>{escape(t)}</mark>" if hit else escape(t) for t, hit in parts))


def citation_url(citation: Citation) -> str:
    return reverse("book", args=[citation.book]) + f"#{citation.anchor}"


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
    """The cited paragraph quoted in the book's words, with its translation where there is one."""
    found = find_paragraph(citation.book, citation.anchor)
    if found is None:
        return {"missing": citation}
    book, block = found
    translated = None
    if book.translation is not None and not citation.anchor.startswith("en-"):
        translated = book.translation.paragraphs.get("en-" + citation.anchor)
    return {"book": book, "block": block, "url": citation_url(citation), "translated": translated}


@register.inclusion_tag("includes/ruling.html")
def ruling_note(slug: str, chosen: str | None = None) -> dict[str, Any]:
    """An editorial ruling, shown apart from the quoted text, with its house-rule option."""
    ruling = RULINGS.get(slug)
    option = house_rule(ruling) if ruling is not None else None
    chosen_words = option.words(chosen) if option is not None and chosen else None
    return {"ruling": ruling, "slug": slug, "option": option, "chosen": chosen_words}
