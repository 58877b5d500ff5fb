"""Search without signal: with the service worker on and no signal, a search from the search
box in a page's header, and one typed on the search page, in both languages, is answered by the
site itself run in Pyodide (its own search view, FTS5 index and templates), with the hits the
server gives in the server's order, and the page says the answer came from this device."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from django.test import Client
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.test_offline_browser import kept
from tests.browser.test_offline_engine_browser import ENGINE, _engine_ready
from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HITS = "#results .search-results > li > a"


def _servers_hits(path: str, query: str) -> list[str]:
    """The addresses of the server's hits for ``query`` on the search page at ``path``, in
    its order."""
    body = Client().get(f"{path}?{urlencode({'q': query})}").content.decode()
    results = body[body.index('<ol class="search-results">') :]
    return re.findall(r'<li><a href="([^"]+)"', results)


def _hits(page: Page) -> list[str]:
    return [str(a.get_attribute("href")) for a in page.locator(HITS).all()]


@pytest.mark.browser_context_args(bypass_csp=True, service_workers="allow")
def test_without_signal_the_header_search_box_answers_what_is_a_tricon(
    page: Page, context: BrowserContext, axe_check
) -> None:
    kept(page)
    context.set_offline(True)
    page.goto("/library/peel-commerce/")  # a page kept; its header's search box
    page.locator("#site-search-q").fill("what is a tricon?")
    page.locator("#site-search-q").press("Enter")
    # The search page kept blank opens, its engine starts and draws the address's answer.
    first = page.locator(HITS).first
    expect(first).to_have_attribute("href", "/library/peel-commerce/#tricon", timeout=ENGINE)
    assert page.url.endswith("/search/?q=what+is+a+tricon%3F")
    expect(page.locator(".search-terms dt").first).to_contain_text("tricon")
    expect(page.locator(".offline-answer")).to_have_text(
        "No signal: found on this device, in the same rulebooks."
    )
    expect(page.locator("#q")).to_have_value("what is a tricon?")
    assert _hits(page) == _servers_hits("/search/", "what is a tricon?")
    # A further search typed on the page, as htmx sends it.
    page.locator("#q").fill("ties")
    expect(first).to_have_attribute("href", "/library/peel-commerce/#ties", timeout=ENGINE)
    expect(page.locator(".offline-answer")).to_be_visible()
    assert _hits(page) == _servers_hits("/search/", "ties")
    axe_check(page, "a search answered on this device")


@pytest.mark.browser_context_args(bypass_csp=True, service_workers="allow", **PHONE)
def test_without_signal_a_swedish_search_finds_tretal_and_again_after_a_reload(
    page: Page, context: BrowserContext, axe_check
) -> None:
    kept(page)
    context.set_offline(True)
    page.goto("/sv/search/")
    _engine_ready(page)
    page.locator("#q").fill("triss")
    first = page.locator(HITS).first
    expect(first).to_have_attribute("href", "/sv/library/commerce-swedish/#tretal", timeout=ENGINE)
    expect(page.locator(".offline-answer")).to_have_text(
        "Ingen täckning: sökt på den här enheten, i samma regelböcker."
    )
    assert _hits(page) == _servers_hits("/sv/search/", "triss")
    axe_check(page, "a Swedish search answered on this device")
    page.wait_for_url(re.compile(r"/sv/search/\?q=triss$"))  # htmx put the search in the address
    page.reload()  # kept blank: the engine, started afresh, draws the address's search
    expect(first).to_have_attribute("href", "/sv/library/commerce-swedish/#tretal", timeout=ENGINE)
    expect(page.locator(".offline-answer")).to_be_visible()
    assert _hits(page) == _servers_hits("/sv/search/", "triss")
