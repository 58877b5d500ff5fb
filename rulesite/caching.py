"""Answers kept in the process's memory: made once, then sent as stored bytes.

Two kinds of page are the same for everyone who asks the same thing:

- A **reading page** (a rulebook, the glossary, the rulings, a search's results) changes only
  when the site does: the library is read from disk once per process. :func:`rendered_once`
  keeps it and answers through Django's :func:`~django.views.decorators.http.etag`
  decorator. The ETag is a hash of the bytes themselves: it changes exactly when a rulebook,
  a template or the code that renders them changes, every worker computes the same one, and
  a reader who has the page gets a 304 without anything rendered (``Cache-Control: max-age``,
  :data:`FRESH_FOR`, is the view's to add).
- A **tool's answer** (the table's verdict, a calculator's payments) is a function of its
  address and of what htmx asks, as the tools are GET forms: a permalink sent to everyone at
  the table, Back and Forward, a card tapped again. :class:`Answers` keeps the answers of the
  last addresses asked, the least recently asked going first; every new address is worked
  out as before, so keeping answers makes a permalink cheap, not the typing.

Both keep a copy compressed once, for the readers who accept gzip (every browser), so that
GZipMiddleware need not compress it again for each of them; without the random padding that
GZipMiddleware adds against BREACH, as these pages hold no secret. A reading page is
compressed at GZipMiddleware's level (6), mostly in the warm-up; a tool's answer at the
fastest (:data:`ANSWER_LEVEL`), as its reader waits for it. Both keep only what is the
same for everyone (:func:`same_for_everyone`): an answer that uses the CSRF token (a cookie
and ``Vary: Cookie``), the CSP nonce (a new one per response) or sets a cookie is sent as made
and not kept: correct, only slower, and ``tests/test_caching.py`` notices. In DEBUG nothing is
kept, so a template edited under runserver shows at once (the ETag and the 304 work the
same). A test that changes a setting (static storage, DEBUG) gets nothing made before it.
Every store is safe under a threaded server (gthread, runserver).
"""

from __future__ import annotations

import gzip
import hashlib
import re
import threading
import weakref
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
from django.utils.translation import get_language
from django.views.decorators.http import etag

from games.engine.games import version as games_version
from rulesite.htmx import HtmxHttpRequest

type View = Callable[..., HttpResponse]

FRESH_FOR = 300
"""Seconds a browser may show a reading page without asking (``Cache-Control: max-age``);
after that it revalidates with the ETag. A deploy reaches every reader within five minutes."""

ACCEPTS_GZIP = re.compile(r"\bgzip\b")
"""How GZipMiddleware reads Accept-Encoding (every browser sends gzip)."""

HTMX_HEADERS = ("HX-Request", "HX-History-Restore-Request")
"""The headers a tool's answer depends on: htmx gets a fragment, unless it restores history."""

KEPT_PER_PAGE = 64
"""Renderings kept of a reading page whose key gives no bound: one per language and query
string (the language switch carries the query), the least recently asked going first, so
queries made up to fill memory cannot."""

PAGE_LEVEL = 6
"""gzip's level for a reading page, compressed once per process (GZipMiddleware's level)."""

ANSWER_LEVEL = 1
"""gzip's level for a tool's answer. It is compressed as it is made, while its reader waits,
and most addresses are asked once (a new hand, a new deal): the fastest level costs 0.26 ms
for a 36 KB table page where 6 costs 0.61 ms (a payout: 0.17 against 0.40 ms), for 16% more
bytes (7,164 against 6,166: a millisecond at 10 Mbit/s)."""

LARGEST = 256 * 1024
"""The largest tool's answer kept, in bytes (a whole game of many deals is worked out each
time)."""


@dataclass(frozen=True)
class Answer:
    """A response as the view made it: its bytes (and the same compressed once), status and
    headers, and for a reading page its ETag."""

    content: bytes
    status: int = 200
    headers: tuple[tuple[str, str], ...] = ()
    etag: str | None = None
    gzipped: bytes | None = None

    @classmethod
    def of(
        cls, response: HttpResponse, *, with_etag: bool = False, level: int = PAGE_LEVEL
    ) -> Answer:
        """The answer kept from ``response``, compressed once here at gzip's ``level`` (half
        a millisecond for a rulebook at 6); with its ETag, a hash of the bytes, if
        ``with_etag``."""
        content = response.content
        # mtime 0: the same bytes every time, as Django's compress_string makes them.
        gzipped = gzip.compress(content, level, mtime=0) if len(content) >= 200 else None
        if gzipped is not None and len(gzipped) >= len(content):
            gzipped = None
        tag = f'"{hashlib.blake2b(content, digest_size=16).hexdigest()}"' if with_etag else None
        return cls(content, response.status_code, tuple(response.items()), tag, gzipped)

    def response(self, request: HttpRequest) -> HttpResponse:
        """A new response with the kept bytes, compressed if ``request`` accepts gzip."""
        gzip = self.gzipped is not None and ACCEPTS_GZIP.search(
            request.headers.get("Accept-Encoding", "")
        )
        response = HttpResponse(self.gzipped if gzip else self.content, status=self.status)
        for name, value in self.headers:
            response[name] = value
        if gzip:
            # What GZipMiddleware would have sent: it leaves responses that have an encoding.
            response["Content-Encoding"] = "gzip"
            if self.etag is not None:
                response["ETag"] = f"W/{self.etag}"
            patch_vary_headers(response, ["Accept-Encoding"])
        return response


def same_for_everyone(
    request: HttpRequest, response: HttpResponse, statuses: tuple[int, ...] = (200,)
) -> bool:
    """The response is complete (one of ``statuses``) and carries nothing made for this one
    request."""
    return (
        response.status_code in statuses
        and not response.streaming
        and not response.cookies
        and "CSRF_COOKIE_NEEDS_UPDATE" not in request.META  # the template asked for the token
        and not get_nonce(request)  # the nonce is lazy: true once a template printed it
    )


_EVERY_STORE: weakref.WeakSet[Kept] = weakref.WeakSet()


class Kept:
    """Answers by key; the least recently used goes first beyond ``maxsize`` (None: no
    limit)."""

    def __init__(self, maxsize: int | None) -> None:
        self.maxsize = maxsize
        self.answers: OrderedDict[Hashable, Answer] = OrderedDict()
        self.lock = threading.Lock()
        _EVERY_STORE.add(self)

    def get(self, key: Hashable) -> Answer | None:
        with self.lock:
            answer = self.answers.get(key)
            if answer is not None and self.maxsize is not None:
                self.answers.move_to_end(key)
            return answer

    def put(self, key: Hashable, answer: Answer) -> None:
        with self.lock:
            self.answers[key] = answer
            if self.maxsize is not None and len(self.answers) > self.maxsize:
                self.answers.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.answers.clear()

    def __len__(self) -> int:
        return len(self.answers)


@receiver(setting_changed)
def forget(**kwargs: Any) -> None:
    """A test that changes a setting (static storage, DEBUG) must not get answers made before."""
    for store in list(_EVERY_STORE):
        store.clear()


# --------------------------------------------------------------------------- reading pages


STORES: list[Kept] = []
"""The reading pages kept, a store for each view decorated by :func:`rendered_once`."""


class PageRequest(HtmxHttpRequest):
    """A request as :func:`rendered_once` hands it from the ETag function to the view, with the
    page found or rendered (an annotation, like ``htmx``): kept, or the response itself."""

    rendered_page: Answer | HttpResponse


def rendered_once(
    key: Callable[[HtmxHttpRequest], Hashable] | None = None, maxsize: int | None = None
) -> Callable[[View], View]:
    """Decorate a view whose page depends only on its URL arguments and ``key(request)``.

    The first request renders it; later ones get the stored bytes, or a 304 when their
    ``If-None-Match`` names its ETag. Put decorators that add headers (``vary_on_headers``,
    ``cache_control``) outside this one. ``maxsize`` bounds a view whose key comes from the
    query string (search); a view keyed only by its URL arguments needs none, as an unknown
    argument raises Http404 and is not kept. The page is kept per language and query string
    too (at most ``maxsize``, and never fewer than :data:`KEPT_PER_PAGE`).
    """

    def decorator(view: View) -> View:
        store = Kept(max(maxsize or 0, KEPT_PER_PAGE))
        STORES.append(store)

        def page_etag(request: PageRequest, *args: Any, **kwargs: Any) -> str | None:
            """Finds or renders the page, leaves it on the request for the view, gives its ETag."""
            k = (
                args,
                tuple(sorted(kwargs.items())),
                key(request) if key else None,
                # The language switch links to this page with its query, in each language.
                get_language(),
                request.META.get("QUERY_STRING", ""),
                games_version(),  # pages list the registered games
            )
            page = store.get(k)
            if page is None:
                response = view(request, *args, **kwargs)
                if not same_for_everyone(request, response):
                    request.rendered_page = response
                    return None
                page = Answer.of(response, with_etag=True)
                if not settings.DEBUG:
                    store.put(k, page)
            request.rendered_page = page
            return page.etag

        @wraps(view)
        @etag(page_etag)
        def send(request: PageRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            page = request.rendered_page
            return page if isinstance(page, HttpResponse) else page.response(request)

        return send

    return decorator


# --------------------------------------------------------------------------- tools' answers


class Answers:
    """Keep the answers of views whose answer depends only on the request's address (path and
    query string) and on the headers ``vary`` names, which it sends in ``Vary``: the last
    ``maxsize`` addresses asked, each answer of one of ``statuses`` and at most ``largest``
    bytes. Only GET and HEAD; every view it decorates shares its store::

        kept = Answers(200, statuses=(200, 400))  # a bad board is its address's answer too

        @require_safe
        @kept
        def page(request: HttpRequest) -> HttpResponse: ...
    """

    def __init__(
        self,
        maxsize: int,
        *,
        statuses: tuple[int, ...] = (200,),
        largest: int = LARGEST,
        vary: tuple[str, ...] = HTMX_HEADERS,
    ) -> None:
        self.store = Kept(maxsize)
        self.statuses = statuses
        self.largest = largest
        self.vary = vary

    def clear(self) -> None:
        """Forget every answer (as a fresh worker starts)."""
        self.store.clear()

    def __call__(self, view: View) -> View:
        @wraps(view)
        def answer(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if settings.DEBUG or request.method not in ("GET", "HEAD"):
                response = view(request, *args, **kwargs)
            else:
                response = self.answer(request, view, *args, **kwargs)
            patch_vary_headers(response, self.vary)
            return response

        return answer

    def answer(self, request: HttpRequest, view: View, *args: Any, **kwargs: Any) -> HttpResponse:
        """The answer kept for the request's address, else the view's (kept if it may be)."""
        key = (
            request.path,
            request.META.get("QUERY_STRING", ""),
            *(request.headers.get(name) for name in self.vary),
            games_version(),  # the tools are drawn from the registry of games
        )
        found = self.store.get(key)
        if found is not None:
            return found.response(request)
        response = view(request, *args, **kwargs)
        if (
            same_for_everyone(request, response, self.statuses)
            and len(response.content) <= self.largest
        ):
            found = Answer.of(response, level=ANSWER_LEVEL)
            self.store.put(key, found)
            return found.response(request)  # compressed already: not again by GZipMiddleware
        return response
