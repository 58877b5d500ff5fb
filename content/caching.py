"""Pages that do not change while the site runs: rendered once, then sent as stored bytes.

The library is read from disk once per process (:func:`content.library.load_library`), so a
rulebook, the glossary, the list of rulings or a search's results render to the same bytes on
every request until the next deploy. :func:`rendered_once` keeps those bytes and answers
through Django's :func:`~django.views.decorators.http.etag` decorator. The ETag is a hash of
the bytes themselves: it changes exactly when a rulebook, a template or the code that renders
them changes (the site's version, as far as the page can tell), every worker computes the
same one, and a reader who has the page gets a 304 without anything rendered. The page is
compressed once too, for the readers who accept gzip.

A page can only be kept if it is the same for everyone, so it must not use the CSRF token
(a cookie and ``Vary: Cookie``) or the CSP nonce (a new one per response). A page that does is
sent as rendered and not kept: correct, only slower, and ``tests/test_caching.py`` notices.
In DEBUG nothing is kept, so a template edited under runserver shows at once; the ETag and the
304 work the same.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.middleware.csp import get_nonce
from django.utils.cache import patch_vary_headers
from django.utils.text import compress_string
from django.views.decorators.http import etag

from rulesite.htmx import HtmxHttpRequest

type View = Callable[..., HttpResponse]

FRESH_FOR = 300
"""Seconds a browser may show a reading page without asking (``Cache-Control: max-age``);
after that it revalidates with the ETag. A deploy reaches every reader within five minutes."""


ACCEPTS_GZIP = re.compile(r"\bgzip\b")
"""How GZipMiddleware reads Accept-Encoding (every browser sends gzip)."""


@dataclass(frozen=True)
class Page:
    """A rendered page: its bytes, content type and ETag, or the response itself if not kept."""

    content: bytes
    content_type: str
    etag: str | None
    gzipped: bytes | None = None
    unkept: HttpResponse | None = None

    @classmethod
    def of(cls, response: HttpResponse) -> Page:
        """The page kept from a response; compressed once here, so that GZipMiddleware need not
        compress it again for every reader (half a millisecond for a rulebook). Without the
        random padding GZipMiddleware adds against BREACH: these pages hold no secret."""
        content = response.content
        digest = hashlib.blake2b(content, digest_size=16).hexdigest()
        gzipped = compress_string(content) if len(content) >= 200 else None
        if gzipped is not None and len(gzipped) >= len(content):
            gzipped = None
        return cls(content, response["Content-Type"], f'"{digest}"', gzipped)

    def response(self, request: HttpRequest) -> HttpResponse:
        if self.unkept is not None:
            return self.unkept
        if self.gzipped is None or not ACCEPTS_GZIP.search(
            request.headers.get("Accept-Encoding", "")
        ):
            return HttpResponse(self.content, content_type=self.content_type)
        # What GZipMiddleware would have sent: it leaves responses that have an encoding alone.
        response = HttpResponse(self.gzipped, content_type=self.content_type)
        response["Content-Encoding"] = "gzip"
        response["ETag"] = f"W/{self.etag}"
        patch_vary_headers(response, ["Accept-Encoding"])
        return response


def same_for_everyone(request: HttpRequest, response: HttpResponse) -> bool:
    """The response is a complete page that carries nothing made for this one request."""
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and "CSRF_COOKIE_NEEDS_UPDATE" not in request.META  # the template asked for the token
        and not get_nonce(request)  # the nonce is lazy: true once a template printed it
    )


class Store:
    """The pages of one view by key; the least recently used goes first beyond ``maxsize``
    (None: no limit). Safe under a threaded server (gthread, runserver)."""

    def __init__(self, maxsize: int | None) -> None:
        self.maxsize = maxsize
        self.pages: OrderedDict[Hashable, Page] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> Page | None:
        with self.lock:
            page = self.pages.get(key)
            if page is not None and self.maxsize is not None:
                self.pages.move_to_end(key)
            return page

    def put(self, key: Hashable, page: Page) -> None:
        with self.lock:
            self.pages[key] = page
            if self.maxsize is not None and len(self.pages) > self.maxsize:
                self.pages.popitem(last=False)


STORES: list[Store] = []


class PageRequest(HtmxHttpRequest):
    """A request as :func:`rendered_once` hands it from the ETag function to the view, with the
    page found or rendered (an annotation, like ``htmx``)."""

    rendered_page: Page


@receiver(setting_changed)
def forget_pages(**kwargs: Any) -> None:
    """A test that changes a setting (static storage, DEBUG) must not get pages made before."""
    for store in STORES:
        store.pages.clear()


def rendered_once(
    key: Callable[[HtmxHttpRequest], Hashable] | None = None, maxsize: int | None = None
) -> Callable[[View], View]:
    """Decorate a view whose page depends only on its URL arguments and ``key(request)``.

    The first request renders it; later ones get the stored bytes, or a 304 when their
    ``If-None-Match`` names its ETag. Only the content and its type are kept: put decorators
    that add headers (``vary_on_headers``, ``cache_control``) outside this one. ``maxsize``
    bounds a view whose key comes from the query string (search); a view keyed only by its
    URL arguments needs none, as an unknown argument raises Http404 and is not kept.
    """

    def decorator(view: View) -> View:
        store = Store(maxsize)
        STORES.append(store)

        def page_etag(request: PageRequest, *args: Any, **kwargs: Any) -> str | None:
            """Finds or renders the page, leaves it on the request for the view, gives its ETag."""
            k = (args, tuple(sorted(kwargs.items())), key(request) if key else None)
            page = store.get(k)
            if page is None:
                response = view(request, *args, **kwargs)
                if same_for_everyone(request, response):
                    page = Page.of(response)
                    if not settings.DEBUG:
                        store.put(k, page)
                else:
                    page = Page(b"", "", None, unkept=response)
            request.rendered_page = page
            return page.etag

        @wraps(view)
        @etag(page_etag)
        def send(request: PageRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            return request.rendered_page.response(request)

        return send

    return decorator
