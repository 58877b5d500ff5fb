"""The link from a rulebook's paragraph to the same question in the other books."""

from typing import Any

from django import template
from django.utils.translation import get_language

from content.comparison import load_comparison

register = template.Library()


@register.inclusion_tag("includes/parallels_link.html")
def parallels_link(book: str, anchor: str) -> dict[str, Any]:
    """ "How the other books say it": a link to each question the paragraph answers that other
    books answer too (``/library/parallels/#q-…``); nothing for a paragraph without parallels.
    Ours, in the page's language (marked so inside a text in another).
    """
    language = get_language() or "en"
    rows = load_comparison(language).parallels_by_paragraph.get((book, anchor), ())
    return {"rows": rows, "language": language}
