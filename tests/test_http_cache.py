"""Pages the same for everyone are kept by Django's cache framework (rulesite/http_cache.py):
the reading pages in both languages, a table page and a calculator's answer. Each is kept in
the "pages" cache after its first answer, varies on htmx's headers, carries nothing of one
visitor's (no cookie, no Vary: Cookie, no CSRF token, no CSP nonce), and a reader who has it
gets a 304 for its ETag."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.test import Client, RequestFactory
from django.utils.cache import get_cache_key

from rulesite.http_cache import PAGES

READING = [
    "/",
    "/library/",
    "/library/peel-commerce/",
    "/glossary/",
    "/rulings/",
    "/library/compare/",
    "/library/parallels/",
    "/search/?q=tricon",
    "/odds/",
    "/odds/peel-new/",
]
TOOLS = [
    "/table/peel-new/?h=AS+KS+QS&h=2H+2D+9C",
    "/pay/peel-old/?stake=1&hand1=AS+KS+QS&hand2=2H+2D+9C",
]
PAGES_SAME_FOR_EVERYONE = [*READING, *(f"/sv{page}" for page in READING), *TOOLS]


def kept(path: str, **headers: str) -> bool:
    """Whether Django's page cache holds the answer to ``path`` asked with ``headers``."""
    request = RequestFactory().get(path, headers=headers or None)
    return get_cache_key(request, key_prefix="", cache=caches[PAGES]) is not None


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES_SAME_FOR_EVERYONE)
def test_a_page_is_kept_whole_and_holds_nothing_of_one_visitor(client: Client, path: str):
    assert not kept(path)
    first = client.get(path)
    assert first.status_code == 200, path
    assert kept(path)
    again = client.get(path)
    assert again.content == first.content
    assert not first.cookies and "Set-Cookie" not in first.headers
    vary = first.headers.get("Vary", "")
    assert "Cookie" not in vary and "HX-Request" in vary
    body = first.content.decode()
    assert "csrfmiddlewaretoken" not in body and "nonce=" not in body
    assert "max-age=" in first.headers["Cache-Control"]
    unchanged = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert unchanged.status_code == 304


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/search/?q=tricon", TOOLS[0]])
def test_htmx_gets_its_own_answer_kept_apart_from_the_page(client: Client, path: str):
    page = client.get(path)
    fragment = client.get(path, headers={"HX-Request": "true"})
    assert kept(path) and kept(path, **{"HX-Request": "true"})
    assert b"<html" in page.content and b"<html" not in fragment.content
    assert client.get(path, headers={"HX-Request": "true"}).content == fragment.content


@pytest.mark.django_db
def test_a_mistake_is_answered_each_time_and_not_kept(client: Client):
    path = "/table/peel-new/?h=AS+KS+ZZ&h=2H+2D+9C"
    assert client.get(path).status_code == 400
    assert not kept(path)
