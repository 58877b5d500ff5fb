"""How many sheets one client may start or import: a fixed window per client address, kept in
Django's cache (``settings.SHEET_CREATE_RATE``, ``"count/seconds"``; ``0`` turns it off).

With the default local-memory cache each server process counts on its own, so a client
could start up to that many sheets per process; a shared cache (Memcached, Redis, a
database table) makes it one count for the site.
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
    cache.add(key, 0, seconds + 5)
    try:
        used = cache.incr(key)
    except ValueError:  # evicted between add and incr
        cache.set(key, 1, seconds + 5)
        used = 1
    if used <= count:
        return None
    return max(int((window + 1) * seconds - now), 1)
