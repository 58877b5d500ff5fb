"""Joining a sheet from another phone (issue 20): at the top of the page, the read-only link
as a QR code drawn on the server (segno's SVG of exactly that address), its address written
out and in ``data-address``, a share button; the scorers' link only on the scorers' page,
behind a warning; the read-only page shows only its own."""

from __future__ import annotations

import re
from html import unescape

import pytest
import segno
from django.test import Client

from games.scoresheet.templatetags.sheet_tags import QR, QR_SVG
from tests.scoresheet.sheet_factory import make_game

pytestmark = pytest.mark.django_db


def figures(body: str) -> list[tuple[str, str]]:
    """Each QR figure: its address and its SVG."""
    return [
        (unescape(address), svg)
        for address, svg in re.findall(
            r'<figure class="qr" data-address="([^"]+)">\s*<div role="img"[^>]*>(<svg.*?</svg>)',
            body,
            re.S,
        )
    ]


def test_the_scorers_page_offers_both_links_as_qr_codes_at_the_top():
    client = Client()
    game = make_game("peel-new", ["Ann", "Bob", "Cy"])
    body = client.get(f"/sheet/{game.token}/").content.decode()
    found = figures(body)
    assert [a.rsplit("/sheet/", 1)[1] for a, _ in found] == [
        f"view/{game.view_token}/",
        f"{game.token}/",
    ]
    for address, svg in found:  # the code of exactly that address, and nothing else
        assert svg == segno.make(address, **QR).svg_inline(**QR_SVG)
    assert body.index('id="join"') < body.index('id="live"') < body.index('id="history"')
    warning = body[body.index("scorers-link") :]
    assert warning.index("show it only to") < warning.index('<figure class="qr"')
    assert 'data-share="' in body and '<details class="join panel" id="join" open>' in body


def test_the_read_only_page_shows_only_its_own_link():
    client = Client()
    game = make_game("peel-new", ["Ann", "Bob", "Cy"])
    body = client.get(f"/sheet/view/{game.view_token}/").content.decode()
    found = figures(body)
    assert len(found) == 1 and found[0][0].endswith(f"/sheet/view/{game.view_token}/")
    assert game.token not in body


@pytest.mark.parametrize("prefix", ["", "/sv"])
def test_the_join_is_in_the_pages_language(prefix):
    client = Client()
    game = make_game("peel-new", ["Ann", "Bob", "Cy"])
    body = client.get(f"{prefix}/sheet/{game.token}/").content.decode()
    words = "Anslut från en annan telefon" if prefix else "Join from another phone"
    assert f"<summary>{words}</summary>" in body
    assert figures(body)[0][0].endswith(f"{prefix}/sheet/view/{game.view_token}/")


@pytest.mark.parametrize("prefix", ["", "/sv"])
def test_each_game_on_the_home_page_starts_a_sheet_of_it(prefix):
    """Issue 19: the games under "Score a game" are links, each to a sheet of that game."""
    client = Client()
    home = client.get(f"{prefix}/").content.decode()
    links = re.findall(rf'href="{prefix}/sheet/\?game=([\w-]+)"', home)
    assert len(links) >= 8
    for slug in links:
        start = client.get(f"{prefix}/sheet/?game={slug}").content.decode()
        chosen = rf'<input type="radio" name="rules" value="{slug}"[^>]*checked'
        assert re.search(chosen, start), slug
    start = client.get("/sheet/?game=" + "x" * 500).content.decode()  # unknown: the first game
    assert re.search(r'<input type="radio" name="rules" value="peel-new"[^>]*checked', start)
