"""A newcomer finds every page by following links from the home page (issue 19, item 8): a
crawl of the site's own links, in English and in Swedish, reaches every reading page, every
game's table page, calculator and odds page, the comparison, the rulings, search, the sheet's
start and its import. The pages expected are listed from the registry and the library, not
by hand, so a game or book added tomorrow is expected too."""

from __future__ import annotations

import re
from collections import deque
from html import unescape
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from content.library import load_library
from games.engine import odds
from games.engine.games import registered
from games.payouts.views import calculators

LINK = re.compile(r'<a\s[^>]*href="([^"#]*)')
SKIP = ("/static/", "/api/", "/language/", "/media/")


def crawl(client: Client, start: str, limit: int = 400) -> set[str]:
    """Every path of the site reached from ``start`` by following links (queries dropped)."""
    seen = {start}
    queue = deque([start])
    while queue:
        path = queue.popleft()
        response = client.get(path)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        for href in LINK.findall(response.content.decode()):
            parts = urlsplit(unescape(href))
            if parts.netloc or not parts.path.startswith("/") or parts.path.startswith(SKIP):
                continue
            if parts.path not in seen and len(seen) < limit:
                seen.add(parts.path)
                queue.append(parts.path)
    return seen


def expected_pages(language: str) -> set[str]:
    with translation.override(language):
        names = [
            "home",
            "library",
            "glossary",
            "comparison",
            "parallels",
            "rulings",
            "search",
            "table:index",
            "table:compare",
            "pay:index",
            "odds:index",
            "sheet:start",
            "sheet:import",
        ]
        pages = {reverse(name) for name in names}
        pages |= {reverse("book", args=[slug]) for slug in load_library()}
        pages |= {reverse("table:game", args=[game.slug]) for game in registered()}
        pages |= {reverse("pay:calculator", args=[game.slug]) for game in calculators()}
        odds_pages = [r.game for r in odds.rule_sets()] + registered(lambda g: g.board == "rack")
        pages |= {reverse("odds:game", args=[game.slug]) for game in odds_pages}
    return pages


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "sv"])
def test_every_page_is_reached_from_the_home_page_by_links_alone(language):
    client = Client()
    home = "/" if language == "en" else "/sv/"
    reached = crawl(client, home)
    missing = sorted(expected_pages(language) - reached)
    assert missing == [], f"not linked from anywhere a reader can reach: {missing}"
