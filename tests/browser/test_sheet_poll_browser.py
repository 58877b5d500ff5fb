"""What another phone's deal does to a sheet someone is reading: it arrives by itself, and a
"Why" the reader opened stays open."""

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from tests.conftest import PHONE
from tests.scoresheet.sheet_factory import HANDS_4, action, make_game, post_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEAL = {"dealer": 0, "stood": 1, "bought": [0, 0, 0, 0], "mode": "hands", "hands": HANDS_4}


@pytest.mark.browser_context_args(**PHONE)
def test_an_opened_why_stays_open_when_another_phone_records_a_deal(page: Page):
    game = make_game("peel-new")
    post_deal(Client(), game, DEAL)
    page.goto(f"/sheet/{game.token}/")
    first = page.locator("article.deal").first
    first.locator("details.why summary").click()
    expect(first.locator("details.why")).to_have_attribute("open", "")
    first_id = first.get_attribute("id")

    post_deal(Client(), game, {**DEAL, "dealer": 1, "stood": 2})  # another phone
    expect(page.locator("article.deal")).to_have_count(2, timeout=10_000)  # the poll brought it
    expect(page.locator(f"[id='{first_id}'] details.why")).to_have_attribute("open", "")
    expect(page.locator("article.deal").first.locator("details.why")).not_to_have_attribute(
        "open", ""
    )


@pytest.mark.browser_context_args(**PHONE)
def test_an_opened_why_stays_open_when_another_phone_edits_a_deal(page: Page):
    """An edit elsewhere brings the whole history again (its rows may all change): it is
    merged into the page, and what the reader opened stays open."""
    game = make_game("peel-new")
    client = Client()
    post_deal(client, game, DEAL)
    post_deal(client, game, {**DEAL, "dealer": 1, "stood": 2})
    page.goto(f"/sheet/{game.token}/")
    older = page.locator("article.deal").nth(1)
    older.locator("details.why summary").click()
    expect(older.locator("details.why")).to_have_attribute("open", "")
    older_id = older.get_attribute("id")
    newer_text = page.locator("article.deal").first.inner_text()

    post_deal(client, game, {**DEAL, "dealer": 1, "stood": 3}, url=f"/sheet/{game.token}/deals/2/")
    expect(page.locator("article.deal").first).not_to_have_text(newer_text, timeout=10_000)
    expect(page.locator(f"[id='{older_id}'] details.why")).to_have_attribute("open", "")
    expect(page.locator("article.deal").first.locator("details.why")).not_to_have_attribute(
        "open", ""
    )


@pytest.mark.browser_context_args(bypass_csp=True, **PHONE)
def test_a_phone_joined_through_the_qr_code_sees_each_new_deal(page: Page, browser, axe_check):
    """Issue 20: the second phone opens the address the QR code carries (its data-address,
    the code being segno's of it: tests/scoresheet/test_sheet_join.py), read-only, and each
    deal the scorer records arrives there by itself."""
    game = make_game("peel-new")
    page.goto(f"/sheet/{game.token}/")
    join = page.locator("#join")
    expect(join.locator("figure.qr").first.locator("svg.qr-code")).to_be_visible()
    axe_check(page, "the sheet with its QR codes")
    address = join.locator("figure.qr").first.get_attribute("data-address") or ""
    assert "/sheet/view/" in address
    other = browser.new_context(bypass_csp=True, **PHONE)
    try:
        reader = other.new_page()
        reader.goto(address)
        expect(reader.get_by_text("read-only view")).to_be_visible()
        for n, stood in enumerate((1, 2, 3), start=1):
            post_deal(Client(), game, {**DEAL, "dealer": n - 1, "stood": stood})
            expect(reader.locator("article.deal")).to_have_count(n, timeout=10_000)
        expect(reader.locator(".evening-chart svg polyline")).to_have_count(4)  # with the poll
        axe_check(reader, "a read-only sheet with its chart")
    finally:
        other.close()


@pytest.mark.browser_context_args(bypass_csp=True, **PHONE)
def test_a_long_evening_shows_the_leader_on_a_phones_first_screen(page: Page, axe_check):
    """Issue 20: after 13 deals the standings and the leader are on the first screen at
    390x844, and the grid keeps the players' names in view while it scrolls."""
    game = make_game("peel-new", ["Annabelle", "Bartholomew", "Cyrilla", "Desdemona"])
    client = Client()
    for n in range(13):
        post_deal(client, game, {**DEAL, "dealer": n % 4, "stood": (n + 1) % 4})
    page.goto(f"/sheet/{game.token}/")
    leader = page.locator("#live .badge.lead").first
    expect(leader).to_be_visible()
    box = leader.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["viewport"]["height"]
    expect(page.locator("#live .total").first).to_be_visible()
    grid = page.locator("#grid .grid-scroll")
    grid.scroll_into_view_if_needed()
    grid.evaluate("g => { g.scrollTop = g.scrollHeight; g.scrollLeft = g.scrollWidth; }")
    name = page.locator("#grid .grid thead th").last
    top = grid.bounding_box()
    head = name.bounding_box()
    assert top and head and top["y"] - 1 <= head["y"] <= top["y"] + top["height"], "names stay"
    axe_check(page, "a 13-deal sheet on a phone")


@pytest.mark.browser_context_args(**PHONE)
def test_enter_in_a_card_box_goes_on_to_the_next_box(page: Page):
    """Issue 20: Enter in a card's box of the sheet moves on, as at the table, instead of
    sending a deal half typed (six messages at once); a hand typed into one box spreads."""
    game = make_game("peel-new", ["Ann", "Bob", "Cy", "Dee"])
    page.goto(f"/sheet/{game.token}/")
    first = page.get_by_label("Ann, Card 1", exact=True)
    first.fill("AS")
    first.press("Enter")
    expect(page.get_by_label("Ann, Card 2", exact=True)).to_be_focused()
    expect(page.locator(".field-error, .errorlist")).to_have_count(0)
    page.get_by_label("Ann, Card 3", exact=True).press("Enter")
    expect(page.get_by_label("Bob, Card 1", exact=True)).to_be_focused()


@pytest.mark.browser_context_args(**PHONE)
def test_a_replaced_link_says_so_on_the_next_poll_and_the_poll_stops(page: Page):
    """Another scorer replaced the scorers' link: this phone's next poll is answered 410, and
    the page says what happened and what to do (the 410 page's own words, not the generic
    server-error line), keeps what was typed, and stops asking."""
    game = make_game("peel-new")
    post_deal(Client(), game, DEAL)
    polls: list[int] = []
    page.on("response", lambda r: polls.append(r.status) if "/live/" in r.url else None)
    page.goto(f"/sheet/{game.token}/")
    box = page.locator("input.card-input").first
    box.fill("AS")
    action(Client(), game, f"/sheet/{game.token}/replace-link/", which="write")
    messages = page.locator("#messages")
    expect(messages).to_contain_text("This link was replaced", timeout=10_000)
    expect(messages).to_contain_text("Ask the keeper for the new link")
    expect(messages.get_by_role("link", name="start a new score sheet")).to_be_visible()
    expect(messages).not_to_contain_text("could not answer")
    expect(box).to_have_value("AS")
    expect(page.locator("article.deal")).to_have_count(1)  # the sheet as it was
    gone = polls.count(410)
    page.wait_for_timeout(7_000)  # two polls' time
    assert polls.count(410) == gone
    # A deal sent with the old link is refused the same way, the form kept as typed.
    with page.expect_response(lambda r: r.url.endswith("/deals/")) as sent:
        page.locator("#deal-form [type=submit]").first.click()
    assert sent.value.status == 410
    expect(messages).to_contain_text("Ask the keeper for the new link")
    expect(page.locator("#deal-form input.card-input").first).to_have_value("AS")
    expect(page.locator("#deal-form h1")).to_have_count(0)
