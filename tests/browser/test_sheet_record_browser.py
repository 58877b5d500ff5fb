"""A record people can trust, on a phone (issue 22): a deal edited shows its old value in the
sheet's history and is put back in one tap; a finished evening refuses changes until a scorer
reopens it, and then takes the next deal."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_sheet_browser import enter_hands, new_sheet
from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
HANDS = {"Ann": "AS KS QS", "Bob": "2H 3H 4H", "Cy": "9C 9D 9S"}


def _record(page: Page, number: int, stood: str) -> None:
    enter_hands(page, HANDS)
    page.get_by_label("Who stood (knocked)").select_option(stood)
    page.get_by_role("button", name=f"Record deal {number}").click()
    expect(page.locator("article.deal h3", has_text=f"Deal {number}").first).to_be_attached()


def _edited(page: Page) -> str:
    """A new sheet's address, its deal 1 recorded (Ann stood) and edited (Bob stood)."""
    address = new_sheet(page, ["Ann", "Bob", "Cy"])
    _record(page, 1, "Ann")
    page.goto(address + "deals/1/")
    page.get_by_label("Who stood (knocked)").select_option("Bob")
    page.get_by_role("button", name="Save deal 1").click()
    expect(page).to_have_url(re.compile(re.escape(address)))
    return address


@pytest.mark.browser_context_args(bypass_csp=True, **PHONE)
def test_edit_see_the_old_value_put_it_back_finish_refuse_reopen(page: Page, axe_check) -> None:
    address = _edited(page)

    page.goto(address)
    page.get_by_role("link", name="History of changes").click()
    edited = page.locator("li.change-edit").first
    expect(edited).to_contain_text("was Ann, now Bob")
    axe_check(page, "a sheet's history")
    edited.get_by_role("button", name="Put it back as it was before this edit").click()
    page.goto(address + "history/")
    expect(page.locator("li.change").first).to_contain_text("now Ann")

    page.goto(address)
    page.once("dialog", lambda dialog: dialog.accept())  # "Finish the evening?"
    page.get_by_role("button", name="Finish: final standings").click()
    expect(page.get_by_text("The evening is finished", exact=False).first).to_be_visible()
    expect(page.get_by_role("button", name="Record deal 2")).to_have_count(0)
    expect(page.get_by_role("link", name=re.compile("Edit deal 1"))).to_have_count(0)
    page.goto(address + "deals/1/")  # the edit page of a sealed sheet: shown, not saved
    expect(page.get_by_role("button", name="Save deal 1")).to_have_count(0)

    page.goto(address)
    page.get_by_role("button", name="Reopen the sheet").first.click()
    _record(page, 2, "Bob")
    axe_check(page, "a sheet reopened")


@pytest.mark.browser_context_args(**PHONE)
def test_a_poll_answered_after_this_phones_deal_adds_nothing_twice(page: Page) -> None:
    """A poll sent before this phone recorded a deal, answered after the deal's answer drew
    the sheet, brings that deal again: it is not added a second time."""
    address = new_sheet(page, ["Ann", "Bob", "Cy"])
    before = page.locator("#live").get_attribute("data-version")
    _record(page, 1, "Ann")
    page.evaluate(
        "([url]) => new Promise((done) => { htmx.ajax('GET', url, {source: '#live', swap: 'none'})"
        ".then(done); })",
        [f"{address}live/?v={before}"],
    )
    expect(page.locator("article#deal-1")).to_have_count(1)
    expect(page.locator("tr#grid-1")).to_have_count(1)


@pytest.mark.browser_context_args(**PHONE)
def test_a_put_back_tapped_after_another_phone_recorded_deals_is_saved(page: Page) -> None:
    """The history page open on one phone while another records two deals: the put-back
    tapped then is saved (it answered 409), the two deals after it."""
    address = _edited(page)
    page.goto(address + "history/")

    other = page.context.new_page()
    other.goto(address)
    _record(other, 2, "Cy")
    _record(other, 3, "Ann")
    other.close()

    edited = page.locator("li.change-edit").first
    edited.get_by_role("button", name="Put it back as it was before this edit").click()
    expect(page.get_by_text("Deal 1 saved; every total after it is recomputed.")).to_be_visible()
    expect(page.locator("article#deal-3")).to_have_count(1)
    page.goto(address + "history/")
    expect(page.locator("li.change").first).to_contain_text("was Bob, now Ann")
