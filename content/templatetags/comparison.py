"""The link from a rulebook's paragraph to the same question in the other books."""

from django import template
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext

from content.comparison import load_comparison

register = template.Library()


@register.simple_tag
def parallels_link(book: str, anchor: str) -> SafeString | str:
    """ "How the other books say it": a link to each question the paragraph answers that other
    books answer too (``/library/parallels/#q-…``); nothing for a paragraph without parallels.
    Ours, in the page's language (marked so inside a text in another).
    """
    language = get_language() or "en"
    rows = load_comparison(language).parallels_by_paragraph.get((book, anchor))
    if not rows:
        return ""
    page = reverse("parallels")
    links = format_html_join(
        " · ", '<a href="{}#q-{}">{}</a>', ((page, row.id, row.short) for row in rows)
    )
    return format_html(
        '<div class="parallels-link editorial" lang="{}">{} {}</div>',
        language,
        gettext("How the other books say it:"),
        links,
    )
