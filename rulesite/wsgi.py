"""The WSGI application, warmed up before it serves its first reader.

What a first request would otherwise build once -- the rulebooks rendered, the engine's hand
tables and strength arrays, the URL resolver, the compiled templates, every reading page kept
by ``content.caching`` -- is built here, by sending a few addresses through the application
itself: whatever those pages need is built, whoever owns it. Under ``gunicorn --preload`` this
happens once in the master process and every worker inherits it (and reads the reading pages once
more before it serves).

Only WSGI servers import this module; tests and ``manage.py`` commands other than runserver do
not, so they never pay for it. With debug on (runserver) it is skipped: a reload should be
quick, and the page cache keeps nothing then anyway.
"""

import gc
import logging
import os
import time
from collections.abc import Iterable
from typing import Any
from wsgiref.util import setup_testing_defaults

from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.db import connections
from django.urls import NoReverseMatch, reverse

from content.library import load_library

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")
application = get_wsgi_application()

logger = logging.getLogger(__name__)

# Results the tools are asked for most: a few hands (the tables of both rule sets, and of
# every rule set for the comparison), and a deal settled.
HANDS = "h=AS+KS+QS&h=2H+3H+4H&h=7C+7D+7S&h=9D+9S+QH"
DEAL = "hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&dealer=1&stood=2"


def warm_up_addresses(tools: bool = True) -> list[str]:
    """Every reading page, and (``tools``) each tool's page with a result."""
    names: list[tuple[str, list[str], str]] = [
        (name, [], "") for name in ("home", "library", "glossary", "rulings")
    ]
    names += [("book", [slug], "") for slug in load_library()]
    names.append(("search", [], "q=tie+dealer"))
    if tools:
        names += [(f"table:{name}", [], HANDS) for name in ("peel", "swedish", "compare")]
        names += [(name, [], "") for name in ("table:index", "table:cox", "pay:index")]
        names += [(f"pay:{name}", [], DEAL) for name in ("peel-new", "peel-old", "pool")]
        names += [(name, [], "") for name in ("pay:swedish", "pay:cox")]
    addresses = []
    for name, args, query in names:
        try:
            addresses.append(reverse(name, args=args) + (f"?{query}" if query else ""))
        except NoReverseMatch:
            logger.warning("warm-up: no page is called %r any more", name)
    return addresses


def served_host() -> str:
    """A host name the site answers to (ALLOWED_HOSTS), for requests made from inside."""
    for host in settings.ALLOWED_HOSTS:
        if host != "*":
            return str(host).lstrip(".")
    return "localhost"


def get(app: Any, address: str, host: str) -> str:
    """GET ``address`` through the WSGI ``app`` as a server would; the status line."""
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
        b"".join(body)
    finally:
        close = getattr(body, "close", None)
        if close is not None:
            close()  # the end of the request (request_finished), as a server ends it
    return statuses[0]


def warm_up(app: Any = application, tools: bool = True) -> int:
    """GET each address through ``app``; how many answered 2xx or 3xx. Never raises: a failure
    is logged, and that page is built by its first reader, as it would have been anyway."""
    started = time.perf_counter()
    answered = 0
    host = served_host()
    for address in warm_up_addresses(tools):
        try:
            status = get(app, address, host)
        except Exception:
            logger.warning("warm-up: %s failed", address, exc_info=True)
            continue
        if status[:1] in "23":
            answered += 1
        else:
            logger.warning("warm-up: %s answered %s", address, status)
    connections.close_all()  # nothing opened here may be shared by forked workers
    logger.info("warm-up: %d pages in %.2f s", answered, time.perf_counter() - started)
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
