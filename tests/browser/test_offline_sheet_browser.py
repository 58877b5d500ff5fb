"""The score sheet without signal (issue 21, part 3): a scorer's phone records three deals with
no signal, each shown at once with the accounts the engine in the browser computes and counted
as not yet sent; closed and opened again without signal, they are still there; meanwhile
another phone records a deal; when the signal is back the three are sent in order after it,
each once, and both phones show the four deals."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.test_offline_browser import kept
from tests.browser.test_sheet_browser import enter_hands, new_sheet
from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ENGINE = 120_000
PLAYERS = ["Ann", "Bob", "Cy"]
DEALS = [
    {"Ann": "AS KS QS", "Bob": "2H 3H 4H", "Cy": "9C 9D 9S"},
    {"Ann": "7H 8H 9H", "Bob": "JC QC KC", "Cy": "2S 2D 5C"},
    {"Ann": "10S JS QS", "Bob": "4C 5C 6C", "Cy": "3D 3H 3S"},
]
MEANWHILE = {"Ann": "5H 6H 7H", "Bob": "8C 9C 10C", "Cy": "4S 4D 6D"}
SHEET_KEPT = """(token) => caches.open("rulesite-sheets-kept").then((cache) =>
  cache.match(`/kept-sheets/${token}/sheet`)).then((found) => !!found)"""


def _until(page: Page, script: str, arg: object, seconds: float) -> None:
    end = time.monotonic() + seconds
    while not page.evaluate(script, arg):
        assert time.monotonic() < end, script
        time.sleep(0.1)


def _record(page: Page, number: int, hands: dict[str, str]) -> None:
    enter_hands(page, hands)
    page.get_by_label("Who stood (knocked)").select_option("Ann")
    page.get_by_role("button", name=f"Record deal {number}").click()
    expect(page.locator("article.deal h3", has_text=f"Deal {number}").first).to_be_attached(
        timeout=ENGINE
    )


@pytest.mark.browser_context_args(service_workers="allow", **PHONE)
def test_three_deals_without_signal_follow_a_deal_recorded_meanwhile(
    page: Page, context: BrowserContext, browser: Browser, base_url: str
) -> None:
    kept(page)
    address = new_sheet(page, PLAYERS)
    token = re.search(r"/sheet/([A-Za-z0-9_-]+)/$", address)[1]
    _until(page, SHEET_KEPT, token, 30)  # kept on the phone while there is signal

    context.set_offline(True)
    for number, hands in enumerate(DEALS, 1):
        _record(page, number, hands)
        expect(page.locator(".offline-outbox")).to_contain_text(f": {number}.")
    expect(page.locator(".offline-answer")).to_be_visible()
    totals = page.locator("#live table.accounts").inner_text()

    page.goto("/library/")  # the tab left, then the sheet opened again, still without signal
    page.goto(address)
    expect(page.locator(".offline-outbox")).to_contain_text(": 3.", timeout=ENGINE)
    expect(page.locator("article.deal h3", has_text="Deal 3").first).to_be_attached(timeout=ENGINE)
    assert page.locator("#live table.accounts").inner_text() == totals

    other = browser.new_context(base_url=base_url, **PHONE)  # another phone, with signal
    phone = other.new_page()
    phone.goto(address)
    _record(phone, 1, MEANWHILE)

    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    # Before anything is sent the keeper sees that they will follow the other phone's deal,
    # who dealt them, and who deals next after it.
    review = page.locator(".offline-review")
    expect(review).to_be_visible(timeout=ENGINE)
    expect(review).to_contain_text("The 3 done here")
    expect(review).to_contain_text("dealt by Ann, Bob, Cy")
    expect(review).to_contain_text("Bob deals next")
    review.get_by_role("button", name="Send them after those changes").click()
    expect(page.locator(".offline-moved")).to_be_visible(timeout=ENGINE)
    expect(page.locator(".offline-outbox")).to_be_hidden()
    for reader in (page, phone):
        reader.goto(address)
        headings = reader.locator("article.deal h3").all_inner_texts()
        numbers = sorted(int(m[1]) for h in headings if (m := re.search(r"Deal (\d+)", h)))
        assert numbers == [1, 2, 3, 4], headings
    # In order: the deal recorded meanwhile first, then the three from without signal.
    exported = phone.request.get(address + "export.json").json()
    assert [e["hands"] for e in exported["entries"]][0][0] == MEANWHILE["Ann"].split()
    assert len(exported["entries"]) == 4
    other.close()


@pytest.mark.browser_context_args(service_workers="allow", **PHONE)
def test_a_reader_without_signal_is_told_until_when_the_sheet_is_current(
    page: Page, context: BrowserContext, browser: Browser, base_url: str
) -> None:
    kept(page)
    address = new_sheet(page, PLAYERS)
    reader = page.get_by_label("Read-only link for everyone at the table").input_value()
    page.goto(reader.replace(base_url, ""))
    stale = page.locator(".offline-stale")
    expect(stale).to_be_hidden()
    context.set_offline(True)
    expect(stale).to_be_visible(timeout=15_000)  # the next poll cannot reach the site
    expect(stale).to_contain_text(re.compile(r"No signal: the sheet as it was at \d"))
    context.set_offline(False)
    expect(stale).to_be_hidden(timeout=15_000)
    assert address  # the scorer's page stays where it was
