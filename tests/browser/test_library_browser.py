"""What a reader does in the library, in Chromium, on a desktop and a phone-sized screen."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NO_CSP = pytest.mark.browser_context_args(bypass_csp=True)


@NO_CSP
def test_open_a_text_and_follow_its_contents(page: Page, axe_check):
    page.goto("/library/")
    axe_check(page, "library index")
    page.get_by_role("link", name="Commerce").first.click()
    expect(page).to_have_url(re.compile(r"/library/peel-commerce/$"))
    axe_check(page, "Peel's Commerce")
    toc = page.get_by_role("navigation", name="Contents")
    toc.get_by_role("link", name=re.compile("OLD GAME", re.I)).click()
    expect(page).to_have_url(re.compile(r"#old-game$"))
    expect(page.locator("#old-game")).to_be_in_viewport()


@NO_CSP
def test_search_swedish_without_accents_and_open_the_paragraph(page: Page, axe_check):
    page.goto("/")
    page.get_by_role("searchbox", name="Search the rulebooks").fill("poang")
    page.get_by_role("button", name="Search").first.click()
    results = page.locator("#results")
    expect(results.locator("mark").first).to_have_text(re.compile("poäng", re.I))
    axe_check(page, "search results")
    results.get_by_role("link").first.click()
    expect(page).to_have_url(re.compile(r"/library/commerce-swedish/#"))
    axe_check(page, "Swedish text")


def test_search_updates_as_you_type(page: Page):
    page.goto("/search/")
    page.locator("#q").press_sequentially("tricon", delay=20)
    expect(page.locator("#results mark").first).to_have_text(re.compile("tricon", re.I))
    expect(page).to_have_url(re.compile(r"q=tricon"))


@NO_CSP
def test_follow_a_glossary_link_to_its_paragraph(page: Page, axe_check):
    page.goto("/glossary/")
    axe_check(page, "glossary")
    entry = page.locator("#term-tricon")
    link = entry.get_by_role("link").first
    href = link.get_attribute("href")
    assert href and "#" in href
    link.click()
    anchor = href.split("#", 1)[1]
    expect(page.locator(f"[id='{anchor}']")).to_be_in_viewport()


@pytest.mark.browser_context_args(bypass_csp=True, **PHONE)
def test_phone_reads_the_swedish_text_one_after_the_other(page: Page, axe_check):
    page.goto("/library/commerce-swedish/")
    original = page.locator(".aligned-row .original").nth(3).bounding_box()
    translated = page.locator(".aligned-row .translated").nth(3).bounding_box()
    assert original and translated
    assert translated["y"] >= original["y"] + original["height"] - 1  # stacked, not beside
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the page scrolls sideways on a phone"
    axe_check(page, "Swedish text on a phone")


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 900})
def test_wide_screen_shows_the_translation_beside_the_swedish(page: Page):
    page.goto("/library/commerce-swedish/")
    original = page.locator(".aligned-row .original").nth(3).bounding_box()
    translated = page.locator(".aligned-row .translated").nth(3).bounding_box()
    assert original and translated
    assert translated["x"] > original["x"] + original["width"] - 1
    assert abs(translated["y"] - original["y"]) < 40


@pytest.mark.browser_context_args(bypass_csp=True, **PHONE)
def test_phone_follows_the_contents_of_cox(page: Page, axe_check):
    page.goto("/library/cox-commerce/")
    axe_check(page, "Cox on a phone")
    page.get_by_role("navigation", name="Contents").get_by_role("link").nth(2).click()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@NO_CSP
def test_a_wrong_address_leads_back_to_the_site(page: Page, axe_check, settings):
    settings.DEBUG = False
    response = page.goto("/library/no-such-book/")
    assert response is not None and response.status == 404
    axe_check(page, "404")
    page.get_by_role("link", name="The rulebooks").click()
    expect(page).to_have_url(re.compile(r"/library/$"))
