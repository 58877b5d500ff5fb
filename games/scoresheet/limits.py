"""How many sheets one client may start or import: a fixed window per client address, kept in
Django's cache (``settings.SHEET_CREATE_RATE``, ``"count/seconds"``; ``0`` turns it off).

The count is kept by the cache's own atomic operations, ``add`` (Redis' ``SET NX``) then
``incr`` (``INCR``), never read and written back, so requests counted at once by several
threads, processes or servers each get their own number. With the default local-memory
cache each server process counts on its own, so a client could start up to that many sheets
per process; with ``REDIS_URL`` (settings) every process of every server counts in one place:
one limit for the site (``tests/test_two_servers.py`` checks it on two servers).
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

DEFAULT_RATE = "10/60"


def rate() -> tuple[int, int]:
    """(sheets, seconds) from the setting; a malformed setting is the default."""
    raw = str(getattr(settings, "SHEET_CREATE_RATE", DEFAULT_RATE) or "0")
    count, _, seconds = raw.partition("/")
    try:
        return max(int(count), 0), max(int(seconds or 60), 1)
    except ValueError:
        count, _, seconds = DEFAULT_RATE.partition("/")
        return int(count), int(seconds)


def wait(request: HttpRequest) -> int | None:
    """Count one sheet for this client; None while within the limit, else the seconds to
    wait before the window ends."""
    count, seconds = rate()
    if count == 0:
        return None
    now = time.time()
    window = int(now // seconds)
    key = f"sheet-rate:{request.META.get('REMOTE_ADDR', '')}:{window}"
    used = _count(key, seconds + 5)
    if used <= count:
        return None
    return max(int((window + 1) * seconds - now), 1)


def _count(key: str, timeout: int) -> int:
    """One more on the count at ``key`` (created at 0 if missing), atomically: the number this
    request got."""
    for _ in range(3):
        cache.add(key, 0, timeout)
        try:
            return cache.incr(key)
        except ValueError:  # expired or evicted between add and incr: add it again
            continue
    return 1
