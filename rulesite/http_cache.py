"""How a page that is the same for everyone is cached: by Django's cache framework alone.

A reading page (a rulebook, the glossary, the rulings, the comparison, an odds page) changes
only when the site does; a tool's answer (the table's verdict, a calculator's payments) is a
function of its address, as the tools are GET forms (a permalink sent to everyone at the
table, Back and Forward). Both are kept whole by :func:`~django.views.decorators.cache.cache_page`
in the ``"pages"`` cache (``settings.CACHES``: a bounded ``LocMemCache`` by default, any
backend configured in production, nothing in debug so an edited template shows at once),
keyed by Django on the address, the language and the headers the answer varies on
(htmx's, and Accept-Encoding: a page is kept compressed for the readers who accept gzip).
``ConditionalGetMiddleware`` gives every page an ETag and answers 304 to a reader who has it;
``GZipMiddleware`` compresses. Nothing per visitor is kept: these pages carry no CSRF token,
no CSP nonce and set no cookie (``tests/test_http_cache.py`` checks each one), and Django's
cache middleware would refuse to keep an answer that set a cookie varying on it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.cache import set_response_etag
from django.views.decorators.cache import cache_page
from django.views.decorators.gzip import gzip_page
from django.views.decorators.vary import vary_on_headers

type View = Callable[..., HttpResponse]

FRESH_FOR = 300
"""Seconds a page is kept and a browser may show it without asking (``max-age``); after that
it revalidates with the ETag. A deploy reaches every reader within five minutes."""

PAGES = "pages"
"""The cache alias pages are kept in (``settings.CACHES``)."""

HTMX_HEADERS = ("HX-Request", "HX-History-Restore-Request")
"""The headers a page's answer depends on: htmx gets a fragment, unless it restores history."""


def same_for_everyone(view: View) -> View:
    """Keep ``view``'s answers (200s only) whole in the page cache for :data:`FRESH_FOR`
    seconds, by address, language and htmx's headers; ``cache_page`` also tells the browser
    it may keep them as long (``Cache-Control: max-age``, ``Expires``)."""
    # Compressed before it is kept (Vary: Accept-Encoding keys the copies), so a reader's
    # page is not compressed again for each of them; GZipMiddleware leaves it as it is.
    varied: Any = vary_on_headers(*HTMX_HEADERS)(gzip_page(_tagged(view)))
    return cache_page(FRESH_FOR, cache=PAGES)(varied)  # type: ignore[no-any-return]


def _tagged(view: View) -> View:
    """``view`` whose pages carry their ETag when kept, so that ConditionalGetMiddleware
    need not hash a kept page again for each reader (a comparison page is 400 KB)."""

    @wraps(view)
    def tagged(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if response.status_code == 200 and not response.streaming:
            set_response_etag(response)
        return response

    return tagged
