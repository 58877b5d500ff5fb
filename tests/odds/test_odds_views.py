"""The odds pages (games/odds/views.py): every rule set's page, a hand's place, the partial
htmx asks for, Cox's deal, bad input, caching, and the table's link to a hand's odds.

Figures on the pages are checked against counts made here from the books' definitions
(Peel, ``combinations``: 52 tricons, 48 sequences, 1,096 flushes, 3,744 pairs, 17,160
points), not read back from the engine.
"""

from __future__ import annotations

import re
from html import unescape
from math import comb
from urllib.parse import urlencode

import pytest
from django.test import Client, override_settings

from games.engine import odds

HX = {"HX-Request": "true"}


@pytest.fixture
def client() -> Client:
    return Client()


def _text(body: bytes) -> str:
    return unescape(re.sub(r"\s+", " ", body.decode()))


def test_index_lists_every_rule_set_and_the_rack_game(client):
    page = client.get("/odds/")
    assert page.status_code == 200
    body = _text(page.content)
    for r in odds.rule_sets():
        assert r.rules.label in body
    assert "/odds/cox/" in body


def test_every_rule_set_page_draws_its_charts_without_javascript(client):
    for r in odds.rule_sets():
        url = f"/odds/{r.game.slug}/?{urlencode(r.query)}"
        page = client.get(url)
        assert page.status_code == 200, url
        body = page.content.decode()
        assert body.count("<svg") == 3  # the strip, the bars, the lines
        assert body.count('role="img"') == 3
        # Each chart is described by a table that says the same.
        for table in ("percentile-table", "counts-table", "beaten-table"):
            assert f'aria-describedby="{table}"' in body and f'id="{table}"' in body
        rows = re.findall(r'<tr><th scope="row">(\d+)</th>', body)
        assert [int(n) for n in rows] == list(range(1, r.others + 1))


def test_peel_52_counts_on_the_page(client):
    body = _text(client.get("/odds/peel-new/").content)
    expected = {"Tricon": 52, "Sequence": 48, "Flush": 1096, "Pair": 3744, "Point": 17160}
    assert sum(expected.values()) == comb(52, 3)
    for term, hands in expected.items():
        share = f"{hands / comb(52, 3) * 100:.2f}%"
        assert re.search(
            rf">{term}</a></th><td class=\"num\">{hands}</td><td class=\"num\">"
            rf"{re.escape(share)}<",
            body,
        ), term


def test_a_hand_is_marked_on_every_chart(client):
    page = client.get("/odds/peel-new/?hand=9S+9H+KD")
    assert page.status_code == 200
    body = _text(page.content)
    assert 'id="hand"' in body and "Pair of nines and a king" in body
    assert 'class="mark"' in body  # on the strip
    assert "line s9 emphasis" in body  # its line among the categories'
    assert '<th scope="col">This hand</th>' in body
    # Beats: every point hand, and the pairs below nines-and-a-king (counted here).
    below_pairs = sum(
        6 * (4 if third != pair else 0) * 1
        for pair in range(13)
        for third in range(13)
        if third != pair and (pair, third) < (7, 11)
    )
    beats = (17160 + below_pairs) / comb(52, 3)
    words = re.sub(r"<[^>]+>", "", body)
    assert f"It beats {beats * 100:.1f}% of all 22100 hands" in words


def test_swedish_cards_and_the_32_card_pack(client):
    assert client.get("/odds/swedish/?hand=sE+sK+sD").status_code == 200
    page = client.get("/odds/peel-old/?pack=32&limited=no-pair&hand=AS+KS+QS")
    assert page.status_code == 200
    assert "Peel, 32 cards, Limited Commerce without Pair" in _text(page.content)


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("hand=ZZ", "ZZ"),
        ("hand=AS+AS+KD", "AS"),
        ("hand=2S+3S+4S&pack=32", "2S"),
        ("hand=AS+KS", "three cards"),
        ("colour=red", "colour"),
        ("pack=40", "pack"),
        ("limited=some", "limited"),
    ],
)
def test_bad_input_is_a_400_naming_it_with_what_was_typed_kept(client, query, words):
    page = client.get(f"/odds/peel-new/?{query}")
    assert page.status_code == 400
    body = page.content.decode()
    errors = re.search(r'<ul class="error" id="odds-errors" role="alert">(.*?)</ul>', body)
    assert errors and words in unescape(errors.group(1))
    typed = re.search(r'name="hand" value="([^"]*)"', body)
    assert typed is not None
    if query.startswith("hand="):
        assert unescape(typed.group(1)) == query.split("&")[0][5:].replace("+", " ")


def test_a_long_hand_is_cut_not_refused_with_a_500(client):
    page = client.get("/odds/peel-new/?" + urlencode({"hand": "AS " * 500}))
    assert page.status_code == 400


def test_htmx_gets_the_odds_alone(client):
    page = client.get("/odds/peel-new/?hand=AS+KS+QS", headers=HX)
    body = page.content.decode()
    assert page.status_code == 200
    assert body.lstrip().startswith('<div id="odds">') and "<html" not in body
    assert "Hx-Request" in page["Vary"] or "HX-Request" in page["Vary"]
    bad = client.get("/odds/peel-new/?hand=ZZ", headers=HX)
    assert bad.status_code == 400 and 'id="odds-errors"' in bad.content.decode()


def test_unknown_game_alias_and_board(client):
    assert client.get("/odds/whist/").status_code == 404
    moved = client.get("/odds/english/?hand=AS+KS+QS")
    assert moved.status_code == 301 and moved["Location"] == "/odds/peel-new/?hand=AS+KS+QS"


def test_cox_deal(client):
    page = client.get("/odds/cox/")
    assert page.status_code == 200
    body = _text(page.content)
    assert "The bank card" in body and f"{8 / 76 * 100:.2f}%" in body  # 8 of 76 cards
    assert body.count("<svg") == 1
    assert client.get("/odds/cox/?pack=32").status_code == 400


@override_settings(DEBUG=False)
def test_pages_are_cacheable_etag_and_304_no_cookie(client):
    for url in ("/odds/", "/odds/peel-new/?hand=AS+KS+QS", "/odds/cox/"):
        first = client.get(url)
        assert first.status_code == 200
        assert "ETag" in first and not first.cookies
        assert "max-age" in first["Cache-Control"]
        again = client.get(url, headers={"If-None-Match": first["ETag"]})
        assert again.status_code == 304


def test_the_table_links_each_judged_hand_to_its_odds(client):
    page = client.get("/table/peel-new/?h=AS+KS+QS&h=9S+9H+KD")
    body = page.content.decode()
    links = re.findall(r'<p class="hand-odds-link"><a href="([^"]+)"', body)
    assert len(links) == 2
    assert unescape(links[0]) == "/odds/peel-new/?hand=AS+KS+QS#hand"
    followed = client.get(unescape(links[1]).split("#")[0])
    assert followed.status_code == 200 and "Pair of nines and a king" in _text(followed.content)


def test_the_table_link_keeps_the_rule_set(client):
    url = "/table/peel-old/?h=AS+KS+QS&h=9S+9H+KD&pack=32&limited=no-pair"
    body = client.get(url).content.decode()
    links = [unescape(u) for u in re.findall(r'hand-odds-link"><a href="([^"]+)"', body)]
    assert len(links) == 2
    assert all(u.startswith("/odds/peel-old/?") and "pack=32" in u for u in links)
    assert all("limited=no-pair" in u for u in links)
