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
    # Our glossary's entry for poäng comes first; the first hit is the paragraph.
    expect(results.locator(".search-terms")).to_contain_text("Peel's lowest combination")
    results.locator(".search-results").get_by_role("link").first.click()
    expect(page).to_have_url(re.compile(r"/library/commerce-swedish/#"))
    axe_check(page, "Swedish text")


def test_search_updates_as_you_type(page: Page):
    page.goto("/search/")
    page.locator("#q").press_sequentially("tricon", delay=20)
    # The first mark may be a synonym from the glossary (tretal); "tricon" itself is marked.
    expect(
        page.locator("#results mark", has_text=re.compile("^tricon$", re.I)).first
    ).to_be_visible()
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


# --- issue 11: search that finds the rule, and the reading side ---------------------------

DESKTOP = {"viewport": {"width": 1280, "height": 900}}


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_search_suggests_and_shows_one_box(page: Page, size):
    page.set_viewport_size(size["viewport"])
    page.goto("/search/?q=tricorn")
    assert page.get_by_role("searchbox").count() == 1
    page.get_by_role("link", name="tricon").click()
    expect(page).to_have_url(re.compile(r"q=tricon"))
    expect(
        page.locator("#results mark", has_text=re.compile("^tricon$", re.I)).first
    ).to_be_visible()
    expect(page.locator("#q")).to_have_value("tricon")


@pytest.mark.browser_context_args(bypass_csp=True, **PHONE)
def test_phone_search_page_passes_axe(page: Page, axe_check):
    page.goto("/search/?q=sequance")
    expect(page.get_by_text("Did you mean")).to_be_visible()
    axe_check(page, "search with a suggestion on a phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@NO_CSP
def test_desktop_search_page_passes_axe(page: Page, axe_check):
    page.goto("/search/?q=tie")
    axe_check(page, "search results for tie")
    first = page.locator("#results li").first.get_by_role("link")
    first.click()
    expect(page).to_have_url(re.compile(r"/library/[\w-]+/#"))


def _lands_in_view(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 800
    assert box is not None
    assert 40 <= box["y"] <= height - box["height"], f"{selector} at {box['y']} px"


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_page_and_paragraph_links_land_with_the_sentence_in_view(page: Page, size):
    page.set_viewport_size(size["viewport"])
    page.goto("/library/peel-commerce/#page-73")
    _lands_in_view(page, "#page-73")
    page.goto("/library/peel-commerce/#tie-pair")
    _lands_in_view(page, "#tie-pair")


@pytest.mark.browser_context_args(bypass_csp=True, **PHONE)
def test_phone_reads_the_swedish_text_in_english_alone(page: Page, axe_check):
    page.goto("/library/commerce-swedish/")
    toc = page.get_by_role("navigation", name="Contents")
    expect(toc.get_by_text("(The deal)")).to_be_visible()
    page.get_by_role("link", name="Our English translation alone").click()
    expect(page).to_have_url(re.compile(r"\?read=en$"))
    expect(page.locator("#en-lika")).to_be_visible()
    assert page.locator("#lika").count() == 0
    axe_check(page, "the Swedish text in English alone, on a phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@NO_CSP
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_glossary_term_explains_itself_on_focus_and_hover(page: Page, axe_check, size):
    page.set_viewport_size(size["viewport"])
    page.goto("/library/peel-commerce/#tricon")
    term = page.locator("#tricon a.term")
    tip = page.locator("#tricon .term-tip")
    expect(tip).to_be_hidden()
    term.focus()
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("Three cards of the same rank")
    box = tip.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= size["viewport"]["width"]
    axe_check(page, "Peel with a glossary definition shown")
    term.blur()
    page.locator("h1").hover()
    expect(tip).to_be_hidden()
    term.hover()
    expect(tip).to_be_visible()
    term.click()
    expect(page).to_have_url(re.compile(r"/glossary/#term-tricon$"))


@NO_CSP
def test_the_library_tells_the_three_commerce_books_apart(page: Page, axe_check):
    page.goto("/library/")
    for name in ("W. H. Peel, 1891", "Herbert T. Cox, 1925", "author unknown"):
        expect(
            page.get_by_role("link", name=re.compile(rf"Commerce .*{re.escape(name)}"))
        ).to_be_visible()
    axe_check(page, "library index")
