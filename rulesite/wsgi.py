"""The WSGI application, warmed up before it serves its first reader.

What a first request would otherwise build once -- the rulebooks rendered, the engine's hand
tables and strength arrays, the URL resolver, the compiled templates, every reading page kept
by ``rulesite.caching`` -- is built here, by sending every reading page, and every tool the
tools' index pages link to with sample results, through the application itself, as a browser
asks (``Accept-Encoding: gzip``): whatever those pages need is built, whoever owns it. Under
``gunicorn --preload`` this happens once in the master process and every worker inherits it
(and reads the reading pages once more before it serves).

A tool keeps parts of its page drawn once for each *shape* of question (its options for a
number of hands and a dealer given or not, a calculator's fields for a number of players), so
one sample result would leave the first reader with another shape paying for drawing them:
a table of four hands without a dealer cost 13 ms of CPU first and 6 ms after. The tools
are asked with three to five hands, with and without a dealer (:func:`samples`), each shape
costing the master some 40 ms more.

Only WSGI servers import this module; tests and ``manage.py`` commands other than runserver do
not, so they never pay for it. With debug on (runserver) it is skipped: a reload should be
quick, and the page cache keeps nothing then anyway.
"""

import gc
import gzip
import logging
import os
import re
import time
from collections.abc import Iterable, Sequence
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
"""The tools' index pages: every tool they link to is warmed up with sample results."""
HANDS = ["AS+KS+QS", "2H+3H+4H", "7C+7D+7S", "9D+9S+QH", "5C+6D+8H"]
"""Five hands of one pack, no card twice."""
BROWSER = {"HTTP_ACCEPT_ENCODING": "gzip"}
"""What every browser sends: the kept pages' compressed copies are what readers get."""
HTMX = {**BROWSER, "HTTP_HX_REQUEST": "true"}
GZIP_MAGIC = b"\x1f\x8b"


def samples(counts: Iterable[int] = (3, 4, 5)) -> list[str]:
    """A result for every tool in the shapes a first reader is likely to ask: each number of
    hands in ``counts``, without and with the dealer (and who stood). Each form reads the
    fields it knows and ignores the others: the table ``h``, a calculator ``hand1``...

    >>> len(samples()), samples([2])[1]
    (6, 'h=AS+KS+QS&h=2H+3H+4H&hand1=AS+KS+QS&hand2=2H+3H+4H&dealer=1&stood=2')
    """
    out = []
    for count in counts:
        hands = HANDS[:count]
        table = "&".join(f"h={hand}" for hand in hands)
        deal = "&".join(f"hand{n}={hand}" for n, hand in enumerate(hands, 1))
        out += [f"{table}&{deal}", f"{table}&{deal}&dealer=1&stood=2"]
    return out


WORKER_QUESTION = samples()[-1] + "&worker=1"
"""A question every tool works out in a forked worker before it serves: the master keeps the
answers of :func:`samples`, and a worker answering from them would touch none of a tool's
code or tables."""


def get(
    app: Any, address: str, host: str, headers: dict[str, str] | None = None
) -> tuple[str, bytes]:
    """GET ``address`` through the WSGI ``app`` as a server would, with ``headers`` (WSGI
    names, ``HTTP_...``): the status line and body."""
    path, _, query = address.partition("?")
    # https, so that SECURE_SSL_REDIRECT answers with the page and not a redirect.
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "HTTP_HOST": host,
        "SERVER_NAME": host,
        "wsgi.url_scheme": "https",
        **(headers or {}),
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


def warm_up(app: Any = application, questions: Sequence[str] | None = None) -> list[str]:
    """GET every reading page, and every tool with each of ``questions`` (query strings;
    :func:`samples` when None) and with the last as htmx's fragment, through ``app``, in each
    of the site's languages; the addresses that answered 2xx or 3xx. Never raises: a failure is
    logged, and that page is built by its first reader, as it would have been anyway."""
    if questions is None:
        questions = samples()
    started = time.perf_counter()
    host = served_host()
    answered: list[str] = []

    def visit(address: str, headers: dict[str, str] = BROWSER) -> bytes:
        """The page's HTML (uncompressed), empty if it failed."""
        try:
            status, content = get(app, address, host, headers)
            if content[:2] == GZIP_MAGIC:
                content = gzip.decompress(content)
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
            for index in TOOLS:
                prefix = reverse(index)
                html = visit(prefix).decode(errors="replace")
                linked = set(re.findall(rf'href="({re.escape(prefix)}[^"#?]+)"', html))
                for address in sorted(linked):
                    for query in questions:
                        visit(f"{address}?{query}")
                    # htmx's fragment leaves out the parts drawn once for each shape
                    visit(f"{address}?{questions[-1]}", HTMX)
    connections.close_all()  # nothing opened here may be shared by forked workers
    logger.info("warm-up: %d pages in %.2f s", len(answered), time.perf_counter() - started)
    return answered


if not settings.DEBUG:
    warm_up()
    # What the warm-up built lives as long as the process: the garbage collector need not
    # look at it again, nor, in a forked worker, write to (and so copy) the pages it sits in.
    gc.freeze()
    # A worker forked from this process (gunicorn --preload) shares its memory until it writes
    # to it, even by counting a reference, and its first request pays for copying each page of
    # memory it touches: some 1,300 pages (4 KB each) for a tool's first new question, 6-8 ms.
    # The worker pays them before it serves: the reading pages once more, and every tool with
    # a question the master did not keep, so that it is worked out (see WORKER_QUESTION).
    os.register_at_fork(after_in_child=lambda: warm_up(questions=[WORKER_QUESTION]))
