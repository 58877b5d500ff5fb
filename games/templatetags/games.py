"""The registry of games for templates that list them (the home page's tools), and the
navigation's links to the game tools (``includes/nav_games.html``)."""

from functools import lru_cache

from django import template
from django.template.context import Context
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from games.engine.games import Game, registered

register = template.Library()


@register.simple_tag
def registered_games() -> list[Game]:
    """Every registered game, in the registry's order."""
    return registered()


@register.simple_tag(takes_context=True)
def nav_games(context: Context) -> SafeString:
    """The navigation's items for the game tools, the one the page belongs to marked
    ``aria-current`` (``page`` on the tool's first page, ``true`` deeper in it).

    >>> from django.test import RequestFactory
    >>> from django.urls import resolve
    >>> request = RequestFactory().get("/pay/peel-new/")
    >>> request.resolver_match = resolve("/pay/peel-new/")
    >>> print(nav_games(Context({"request": request})))
    <li><a href="/table/">At the table</a></li>
    <li><a href="/sheet/">Score sheet</a></li>
    <li><a href="/pay/" aria-current="true">Payouts</a></li>
    """
    match = getattr(context.get("request"), "resolver_match", None)
    namespace = getattr(match, "namespace", None)
    name = getattr(match, "url_name", None)
    return _nav_games(namespace, name, get_language(), get_script_prefix(), get_urlconf())


@lru_cache(maxsize=256)
def _nav_games(
    namespace: str | None, name: str | None, language: str | None, prefix: str, urlconf: object
) -> SafeString:
    """The items drawn once for each tool and page of it, language, script prefix and URL
    configuration (three addresses reversed and words translated for every page cost a
    quarter of a millisecond)."""
    tools = (  # namespace, address, the name of the tool's first page, words
        ("table", "table:index", "index", gettext("At the table")),
        ("sheet", "sheet:start", "start", gettext("Score sheet")),
        ("pay", "pay:index", "index", gettext("Payouts")),
    )
    items = []
    for space, view, first, words in tools:
        current = ""
        if namespace == space:
            current = f' aria-current="{"page" if name == first else "true"}"'
        href = conditional_escape(reverse(view))
        items.append(f'<li><a href="{href}"{current}>{words}</a></li>')
    return mark_safe("\n".join(items))
