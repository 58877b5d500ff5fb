"""The parts of a table page kept in Django's cache ({% cache %}: the options' fields by
what they are drawn from, each quoted paragraph and ruling by its citation) are never another
page's: each page equals the page drawn with nothing kept, whatever was asked before it, in
English and in Swedish."""

from django.core.cache import caches
from django.test import Client

HANDS = "h=AS+KS+QS&h=2H+2D+7C&h=9C+8D+4H&h=3C+5D+JH"
PAGES = [
    f"/table/peel-new/?{HANDS}",
    f"/table/peel-new/?{HANDS}&flush_ties=share",
    f"/table/peel-new/?{HANDS}&flush_ties=nonsense",
    f"/table/peel-new/?{HANDS}&dealer=2",
    f"/table/peel-new/?{HANDS}&h=10D+10S+6C",
    f"/table/peel-old/?{HANDS}",
    "/table/cox/?card=auto-1&card=auto-1&card=auto-1&card=bank&base=2",
    "/table/cox/?card=auto-1&card=auto-1&card=auto-1&card=bank&base=3",
    "/pay/peel-old/?stake=2&hand1=AS+KS+QS&hand2=2H+2D+7C&hand3=9C+8D+4H",
]


def _page(client: Client, url: str) -> str:
    caches["pages"].clear()  # the whole page is kept too: draw it again, from its parts
    response = client.get(url)
    assert response.status_code in (200, 400), url
    return response.content.decode()


def test_each_page_is_its_own() -> None:
    urls = [prefix + url for prefix in ("", "/sv") for url in PAGES]
    client = Client()
    kept = [_page(client, url) for url in urls]
    for url, page in zip(urls, kept, strict=True):
        caches["template_fragments"].clear()
        assert page == _page(client, url), url


def test_a_house_rule_chosen_shows_as_chosen() -> None:
    client = Client()
    _page(client, PAGES[0])
    assert '<option value="share" selected>' in _page(client, PAGES[1])
    assert '<option value="5">' in _page(client, PAGES[4])
