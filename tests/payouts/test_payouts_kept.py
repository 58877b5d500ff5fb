"""The calculators' answers kept (``games.payouts.views.kept``, a ``rulesite.caching.Answers``):
an address asked again gets the answer it got, as it was; only a complete answer that is the
same for everyone is kept, and nothing in debug."""

from __future__ import annotations

import gzip

from django.test import override_settings

from games.payouts.views import kept
from rulesite.caching import LARGEST
from tests.payouts.payouts_helpers import HTMX

URL = "/pay/peel-new/?stake=1&dealer=1&stood=2&hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H"


def test_an_address_asked_again_gets_the_same_answer(client):
    first = client.get(URL)
    assert first.context is not None  # worked out
    again = client.get(URL)
    assert again.context is None  # sent as it was
    assert again.content == first.content and again.status_code == 200
    assert again["Content-Type"] == first["Content-Type"]
    assert "HX-Request" in again["Vary"]


def test_htmx_and_a_page_are_kept_apart_with_their_headers(client):
    page = client.get(URL)
    fragment = client.get(URL, headers=HTMX)
    fragment_again = client.get(URL, headers=HTMX)
    restored = client.get(URL, headers={**HTMX, "HX-History-Restore-Request": "true"})
    assert b"<html" in page.content and b"<html" not in fragment.content
    assert fragment_again.content == fragment.content
    for name in ("HX-Push-Url", "HX-Retarget", "HX-Reswap"):
        assert fragment_again[name] == fragment[name]
    assert b"<html" in restored.content and "HX-Push-Url" not in restored


def test_only_what_is_right_for_everyone_is_kept(client):
    client.get("/pay/peel-new/?stake=0&hand1=XX")  # a 400: worked out every time
    client.get("/pay/peel-new/?add=1")  # a redirect
    assert not len(kept.store)
    with override_settings(DEBUG=True):
        client.get(URL)
        assert not len(kept.store)
    assert kept.store.maxsize >= 256 and kept.largest == LARGEST >= 100_000


def test_a_gzip_reader_gets_the_answer_compressed_once(client):
    plain = client.get(URL)
    zipped = [client.get(URL, headers={"Accept-Encoding": "gzip"}) for _ in range(2)]
    assert zipped[0]["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped[0].content) == plain.content
    assert zipped[1].content == zipped[0].content  # kept: no padding added per response
