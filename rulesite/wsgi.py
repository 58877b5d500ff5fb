"""The WSGI application, warmed up before it serves its first reader.

What a first request would otherwise build once -- the rulebooks rendered, the engine's hand
tables and strength arrays, the URL resolver, the compiled templates, every reading page kept
by ``rulesite.caching`` -- is built here, by sending every reading page, and every tool the
tools' index pages link to with a sample result, through the application itself: whatever
those pages need is built, whoever owns it. Under ``gunicorn --preload`` this happens once in
the master process and every worker inherits it (and reads the reading pages once more before
it serves).

Only WSGI servers import this module; tests and ``manage.py`` commands other than runserver do
not, so they never pay for it. With debug on (runserver) it is skipped: a reload should be
quick, and the page cache keeps nothing then anyway.
"""

import gc
import logging
import os
import re
import time
from collections.abc import Iterable
from typing import Any
from wsgiref.util import setup_testing_defaults

from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.db import connections
from django.urls import reverse
from django.utils import translation

from content.library import load_library

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")
application = get_wsgi_application()

logger = logging.getLogger(__name__)

READING = ["home", "library", "glossary", "rulings", "comparison", "parallels", "odds:index"]
"""The reading pages by URL name; with each rulebook and a search, all are kept once rendered."""
TOOLS = ["table:index", "pay:index"]
"""The tools' index pages: every tool they link to is warmed up with a sample result."""
SAMPLE = (
    "h=AS+KS+QS&h=2H+3H+4H&h=7C+7D+7S&h=9D+9S+QH"  # a showdown's hands (the table)
    "&hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&dealer=1&stood=2"  # a deal (payouts)
)
"""A result for every tool: each form reads the fields it knows and ignores the others."""


def get(app: Any, address: str, host: str) -> tuple[str, bytes]:
    """GET ``address`` through the WSGI ``app`` as a server would: the status line and body."""
    path, _, query = address.partition("?")
    # https, so that SECURE_SSL_REDIRECT answers with the page and not a redirect.
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "HTTP_HOST": host,
        "SERVER_NAME": host,
        "wsgi.url_scheme": "https",
    }
    setup_testing_defaults(environ)
    statuses: list[str] = []

    def start_response(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> None:
        statuses.append(status)

    body: Iterable[bytes] = app(environ, start_response)
    try:
        content = b"".join(body)
    finally:
        close = getattr(body, "close", None)
        if close is not None:
            close()  # the end of the request (request_finished), as a server ends it
    return statuses[0], content


def served_host() -> str:
    """A host name the site answers to (ALLOWED_HOSTS), for requests made from inside."""
    for host in settings.ALLOWED_HOSTS:
        if host != "*":
            return str(host).lstrip(".")
    return "localhost"


def warm_up(app: Any = application, tools: bool = True) -> list[str]:
    """GET every reading page and (``tools``) every tool with a result through ``app``, in
    each of the site's languages; the addresses that answered 2xx or 3xx. Never raises: a
    failure is logged, and that page is built by its first reader, as it would have been
    anyway."""
    started = time.perf_counter()
    host = served_host()
    answered: list[str] = []

    def visit(address: str) -> bytes:
        try:
            status, content = get(app, address, host)
        except Exception:
            logger.warning("warm-up: %s failed", address, exc_info=True)
            return b""
        if status[:1] in "23":
            answered.append(address)
        else:
            logger.warning("warm-up: %s answered %s", address, status)
        return content

    for language, _name in settings.LANGUAGES:  # every page in each language
        with translation.override(language):
            for address in [reverse(name) for name in READING]:
                visit(address)
            for slug in load_library():
                visit(reverse("book", args=[slug]))
            visit(reverse("search") + "?q=tie+dealer")
            odds = reverse("odds:index")  # each rule set's odds: its tables are built on first use
            for address in sorted(
                set(re.findall(rf'href="({re.escape(odds)}[^"#?]+)"', visit(odds).decode()))
            ):
                visit(address)
            for index in TOOLS if tools else []:
                prefix = reverse(index)
                html = visit(prefix).decode(errors="replace")
                linked = set(re.findall(rf'href="({re.escape(prefix)}[^"#?]+)"', html))
                for address in sorted(linked):
                    visit(f"{address}?{SAMPLE}")
    connections.close_all()  # nothing opened here may be shared by forked workers
    logger.info("warm-up: %d pages in %.2f s", len(answered), time.perf_counter() - started)
    return answered


if not settings.DEBUG:
    warm_up()
    # What the warm-up built lives as long as the process: the garbage collector need not
    # look at it again, nor, in a forked worker, write to (and so copy) the pages it sits in.
    gc.freeze()
    # A worker forked from this process (gunicorn --preload) shares its memory until it writes
    # to it, and its first request pays for copying what it touches: the reading pages once
    # more, in the worker before it serves (about a millisecond: they are kept already).
    os.register_at_fork(after_in_child=lambda: warm_up(tools=False))
