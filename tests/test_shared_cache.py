"""Several servers, one site (issue 22): REDIS_URL puts the cache and the sheets' rate limit in
Redis, and the limit is counted with the cache's atomic operations, so two servers sharing the
cache share one limit. These run without Redis; `.ci/two-servers` runs two gunicorn servers on
one PostgreSQL and one Redis."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django.test import RequestFactory

from games.scoresheet import limits
from rulesite.settings import cache_settings

REDIS = "django.core.cache.backends.redis.RedisCache"
LOCAL = "django.core.cache.backends.locmem.LocMemCache"
DUMMY = "django.core.cache.backends.dummy.DummyCache"


def test_redis_url_puts_the_cache_and_the_pages_in_redis():
    caches = cache_settings({"REDIS_URL": "redis://127.0.0.1:6390/0"}, debug=False)
    assert caches["default"] == {"BACKEND": REDIS, "LOCATION": "redis://127.0.0.1:6390/0"}
    assert caches["pages"]["BACKEND"] == REDIS
    assert caches["pages"]["LOCATION"] == "redis://127.0.0.1:6390/0"
    assert caches["pages"]["KEY_PREFIX"] == "pages"
    # The fragments stay in each process (their keys hold their version; they carry links).
    assert caches["template_fragments"]["BACKEND"] == LOCAL


def test_without_redis_url_each_process_keeps_its_own():
    caches = cache_settings({}, debug=False)
    assert {alias: c["BACKEND"] for alias, c in caches.items()} == {
        "default": LOCAL,
        "pages": LOCAL,
        "template_fragments": LOCAL,
    }
    assert caches["default"]["OPTIONS"] == {"MAX_ENTRIES": 1000}
    # Three separate local stores.
    assert len({c.get("LOCATION", "") for c in caches.values()}) == 3


def test_debug_keeps_no_page_and_no_fragment_even_with_redis():
    caches = cache_settings({"REDIS_URL": "redis://127.0.0.1:6390/0"}, debug=True)
    assert caches["default"]["BACKEND"] == REDIS
    assert caches["pages"]["BACKEND"] == caches["template_fragments"]["BACKEND"] == DUMMY


def test_another_shared_cache_is_still_named_by_backend_and_location():
    memcached = "django.core.cache.backends.memcached.PyMemcacheCache"
    caches = cache_settings(
        {"DJANGO_CACHE_BACKEND": memcached, "DJANGO_CACHE_LOCATION": "127.0.0.1:11211"},
        debug=False,
    )
    assert caches["default"] == {"BACKEND": memcached, "LOCATION": "127.0.0.1:11211"}
    assert caches["pages"]["BACKEND"] == memcached
    # REDIS_URL, when both are set, wins.
    both = cache_settings(
        {"DJANGO_CACHE_BACKEND": memcached, "REDIS_URL": "redis://h:6379/1"}, debug=False
    )
    assert both["default"]["BACKEND"] == REDIS


class Recording:
    """A cache that says which operations it was asked for."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        self.calls.append(name)
        return getattr(self.inner, name)


def _request() -> Any:
    return RequestFactory().post("/sheet/", REMOTE_ADDR="192.0.2.7")


@pytest.fixture
def shared(monkeypatch, settings):
    """One cache standing for the shared one (Redis in production)."""
    cache = Recording(LocMemCache("limits-test", {}))
    cache.inner.clear()  # local-memory caches of one name share their store
    monkeypatch.setattr(limits, "cache", cache)
    return cache


def test_the_limit_counts_with_add_and_incr_only(shared, settings):
    # Never get-then-set: two servers reading the same count would both write count + 1.
    settings.SHEET_CREATE_RATE = "2/600"
    assert [limits.wait(_request()) for _ in range(3)][:2] == [None, None]
    assert set(shared.calls) == {"add", "incr"}


def test_requests_counted_at_once_get_one_limit(shared, settings):
    settings.SHEET_CREATE_RATE = "5/600"
    results: list[int | None] = []
    lock = threading.Lock()
    start = threading.Barrier(12)

    def one() -> None:
        start.wait()
        answer = limits.wait(_request())
        with lock:
            results.append(answer)

    threads = [threading.Thread(target=one) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results.count(None) == 5


def test_a_count_that_expires_between_add_and_incr_is_started_again(monkeypatch, settings):
    settings.SHEET_CREATE_RATE = "2/600"
    inner = LocMemCache("limits-expiring", {})
    inner.clear()
    misses = iter([True])

    class Expiring(Recording):
        def incr(self, key: str, delta: int = 1) -> int:
            if next(misses, False):
                inner.delete(key)
                raise ValueError(key)
            return int(inner.incr(key, delta))

    monkeypatch.setattr(limits, "cache", Expiring(inner))
    assert limits.wait(_request()) is None
    assert limits.wait(_request()) is None
    assert limits.wait(_request()) is not None
