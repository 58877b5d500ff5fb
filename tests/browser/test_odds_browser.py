"""The odds pages in Chromium, on a desktop and a phone-sized screen, with axe-core."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


@pytest.mark.browser_context_args(bypass_csp=True, **DESKTOP)
def test_desktop_reads_a_rule_set_and_places_a_hand(page: Page, axe_check):
    page.goto("/odds/")
    axe_check(page, "odds index")
    page.get_by_role("link", name="Peel, 52 cards", exact=True).click()
    expect(page).to_have_url(re.compile(r"/odds/peel-new/$"))
    expect(page.get_by_role("img", name=re.compile("chance of being dealt"))).to_be_visible()
    axe_check(page, "odds page")
    page.get_by_label("A hand to place on the charts").fill("9S 9H KD")
    page.get_by_role("button", name="Show its odds").click()
    expect(page.locator("#hand h2")).to_contain_text("Pair of nines and a king")
    expect(page).to_have_url(re.compile(r"hand=9S"))
    expect(page.locator("svg.strip .mark-text")).to_contain_text("this hand: beats 87.9%")
    axe_check(page, "odds page with a hand")


@pytest.mark.browser_context_args(bypass_csp=True, **PHONE)
def test_phone_reads_the_odds_without_sideways_scrolling(page: Page, axe_check):
    for url in ("/odds/swedish/?hand=sE+sK+sD", "/odds/peel-new/?pack=32", "/odds/cox/"):
        page.goto(url)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{url} scrolls sideways on a phone"
        axe_check(page, f"{url} on a phone")


@pytest.mark.browser_context_args(java_script_enabled=False, **PHONE)
def test_without_javascript_the_form_and_charts_work(page: Page):
    page.goto("/odds/peel-new/")
    page.get_by_label("A hand to place on the charts").fill("AS KS QS")
    page.get_by_role("button", name="Show its odds").click()
    expect(page).to_have_url(re.compile(r"hand=AS"))
    expect(page.locator("#hand h2")).to_contain_text("Sequence queen-king-ace of spades")
    assert page.locator("svg").count() == 3


@pytest.mark.browser_context_args(**DESKTOP)
def test_a_mistake_is_said_and_the_hand_kept(page: Page):
    page.goto("/odds/peel-new/")
    page.get_by_label("A hand to place on the charts").fill("AS ZZ QS")
    page.get_by_role("button", name="Show its odds").click()
    expect(page.locator("#odds-errors")).to_contain_text("ZZ")
    expect(page.get_by_label("A hand to place on the charts")).to_have_value("AS ZZ QS")


@pytest.mark.browser_context_args(**DESKTOP)
def test_from_the_table_to_a_hands_place(page: Page):
    page.goto("/table/peel-new/?h=AS+KS+QS&h=9S+9H+KD")
    page.get_by_role("link", name="Its odds (hand 2)").click()
    expect(page).to_have_url(re.compile(r"/odds/peel-new/\?hand=KD.*#hand$"))
    expect(page.locator("#hand")).to_be_in_viewport()
    expect(page.locator("#hand h2")).to_contain_text("Pair of nines and a king")
