"""The engine in the browser (issue 21, part 2): with the service worker on and no signal, the
table page of each of the eight games, in both languages, judges a board by the site itself
run in Pyodide, and its verdict, places, reasons and quoted paragraph read exactly as the
server's answer to the same board; a person types a hand and taps, and the page says the answer
came from this device."""

from __future__ import annotations

import html
import re
import time
from urllib.parse import urlencode

import pytest
from django.test import Client
from playwright.sync_api import BrowserContext, Page, expect

from games.engine.games import RequestGame, registered
from games.request_forms import RequestForm
from games.table.request import REQUEST_PREFIX
from tests.browser.test_offline_browser import READY, kept
from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ENGINE = 120_000  # ms: Pyodide and the site start in a worker (a few seconds; more under load)


def _board(game) -> str:
    """A board that settles, as a query."""
    if isinstance(game, RequestGame):
        return urlencode(RequestForm.of(game, game.example(), REQUEST_PREFIX).params())
    if game.board == "rack":
        return "card=ship-2&card=ship-2&card=ship-2&card=bank&base=2"
    return "h=9S+9D+KC&h=5H+3H+7C&h=2C+2D+2H"


BOARDS = [
    (f"{prefix}/table/{game.slug}/", _board(game) + "&judge=1")
    for game in registered()
    for prefix in ("", "/sv")
]


KEPT = """caches.open("rulesite-engine-bytecode").then((cache) => cache.keys())
  .then((keys) => keys.map((request) => request.url.split("/").pop()).sort().join() ===
    "site,stdlib")"""
"""What the engine's worker keeps compiled for its next start."""

SEND = (
    "([path, query]) => htmx.ajax('GET', `${path}?${query}`, "
    "{target: '#result', swap: 'outerHTML'})"
)
"""The board sent as the page's form sends it (htmx), its answer swapped in."""


def _wait(page: Page, script: str, timeout_ms: int) -> None:
    """``script`` true in the page (polled: the CSP allows no string evaluation)."""
    end = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(script):
        assert time.monotonic() < end, script
        time.sleep(0.05)


def _engine_ready(page: Page) -> None:
    _wait(page, "document.documentElement.dataset.offlineEngine === 'ready'", ENGINE)


@pytest.mark.browser_context_args(service_workers="allow", **PHONE)
def test_without_signal_every_game_is_judged_as_the_server_judges_it(
    page: Page, context: BrowserContext
) -> None:
    kept(page)
    context.set_offline(True)
    page.goto("/table/")
    offline = {}
    for path, query in BOARDS:
        page.goto(path)
        _engine_ready(page)
        answers = int(page.evaluate("document.documentElement.dataset.offlineAnswers || '0'"))
        page.evaluate(SEND, [path, query])
        _wait(page, "document.querySelector('#result .has-result') !== null", 60_000)
        assert int(page.evaluate("document.documentElement.dataset.offlineAnswers")) > answers
        expect(page.locator(".offline-answer")).to_be_visible()
        offline[path] = page.locator("#result").inner_text()
        # The engine's first start keeps the modules it compiled, the site's and the standard
        # library's: the later starts (a page each) read them, and their verdicts are checked
        # as well.
        _wait(page, KEPT, ENGINE)
    assert page.evaluate("document.documentElement.dataset.offlineEngineKept") == "site,stdlib"
    context.set_offline(False)
    for path, query in BOARDS:
        page.goto(path)
        page.evaluate(SEND, [path, query])
        _wait(page, "document.querySelector('#result .has-result') !== null", 60_000)
        expect(page.locator(".offline-answer")).to_be_hidden()
        assert page.locator("#result").inner_text() == offline[path], path
    assert len(offline) == 16


@pytest.mark.browser_context_args(bypass_csp=True, service_workers="allow", **PHONE)
def test_without_signal_a_hand_typed_and_tapped_gets_its_verdict_in_swedish(
    page: Page, context: BrowserContext, axe_check
) -> None:
    kept(page)
    context.set_offline(True)
    page.goto("/sv/table/peel-new/")
    _engine_ready(page)
    page.locator("#h1c1").fill("as ks qs")  # a whole hand spreads over its boxes
    page.locator("#h2c1").fill("9d 9h 9c")
    page.locator("#judge").click()
    expect(page.locator("#verdict-text")).to_contain_text("vinner", timeout=READY)
    expect(page.locator(".offline-answer")).to_be_visible()
    expect(page.locator(".why blockquote, .why q").first).to_be_visible()
    assert "h=AS+KS+QS" in page.url  # the permalink, as online
    axe_check(page, "a verdict answered on this device")


@pytest.mark.browser_context_args(service_workers="allow", **PHONE)
def test_without_signal_a_permalink_never_opened_opens_with_its_verdict(
    page: Page, context: BrowserContext
) -> None:
    permalink = "/sv/table/peel-new/?h=AS+KS+QS&h=9D+9H+9C"
    server = Client().get(permalink).content.decode()
    verdict = html.unescape(re.search(r'id="verdict-text"[^>]*>(.*?)</p>', server, re.S)[1])
    kept(page)
    context.set_offline(True)
    page.goto(permalink)  # kept blank: the engine draws the board the address holds
    expect(page.locator("#verdict-text")).to_have_text(verdict.strip(), timeout=ENGINE)
    expect(page.locator("#h1c1")).to_have_attribute("data-card", "AS")
    expect(page.locator(".offline-answer")).to_be_visible()  # and says who drew it
    assert page.url.endswith(permalink)
    page.reload()  # and again, the engine started afresh
    expect(page.locator("#verdict-text")).to_have_text(verdict.strip(), timeout=ENGINE)
