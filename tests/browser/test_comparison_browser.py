"""The variants compared and the books side by side, in Chromium on a phone and a desktop,
with axe on each page: read by question or by variant without sideways scrolling, open a
quotation without JavaScript, follow an example to the table and a paragraph to its parallels.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE_AXE = pytest.mark.browser_context_args(bypass_csp=True, **PHONE)
DESKTOP_AXE = pytest.mark.browser_context_args(bypass_csp=True, **DESKTOP)


def no_sideways_scrolling(page: Page) -> None:
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"


@PHONE_AXE
@pytest.mark.parametrize("by", ["question", "variant"])
def test_a_phone_reads_the_comparison_without_sideways_scrolling(page: Page, axe_check, by):
    page.goto(f"/library/compare/?by={by}")
    no_sideways_scrolling(page)
    cells = page.locator(".cmp-cell")
    first, second = cells.nth(0).bounding_box(), cells.nth(1).bounding_box()
    assert first and second
    assert second["y"] >= first["y"] + first["height"] - 1  # one under the other
    # Every quotation opened, the page still fits the phone.
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    no_sideways_scrolling(page)
    axe_check(page, f"comparison by {by} on a phone")


@PHONE_AXE
def test_a_phone_switches_to_by_variant_and_reads_the_swedish_column(page: Page, axe_check):
    page.goto("/library/compare/")
    page.get_by_role("navigation", name="Read the comparison").get_by_role(
        "link", name="By variant"
    ).click()
    expect(page).to_have_url(re.compile(r"by=variant"))
    page.get_by_role("navigation", name="Variants").get_by_role(
        "link", name="Swedish rules"
    ).click()
    section = page.locator("#v-swedish")
    expect(section).to_be_in_viewport()
    expect(section.locator(".cmp-cell.differs").first).to_contain_text("Differs from")
    no_sideways_scrolling(page)


@DESKTOP_AXE
def test_desktop_opens_a_quotation_and_follows_the_example_to_the_table(page: Page, axe_check):
    page.goto("/library/compare/")
    axe_check(page, "comparison on a desktop")
    row = page.locator("#q-ties")
    cell = row.locator(".cmp-cell").filter(has_text="Swedish rules")
    quote = cell.locator("details.cmp-quotes")
    expect(quote.locator("blockquote").first).not_to_be_visible()
    quote.locator("summary").click()
    expect(quote.locator("blockquote").first).to_be_visible()
    expect(quote).to_contain_text("givaren")  # the Swedish words, with our English
    expect(quote).to_contain_text("Our translation")
    # Cells side by side on a wide screen.
    boxes = [row.locator(".cmp-cell").nth(i).bounding_box() for i in (0, 1)]
    assert boxes[0] and boxes[1] and boxes[1]["x"] > boxes[0]["x"] + boxes[0]["width"] - 1
    row.get_by_role("link", name=re.compile("Try it at the table")).click()
    expect(page).to_have_url(re.compile(r"/table/compare/\?h=5S"))
    expect(page.get_by_text("The rule sets disagree on the winner.").first).to_be_visible()


@DESKTOP_AXE
def test_a_paragraph_leads_to_how_the_other_books_say_it(page: Page, axe_check):
    page.goto("/library/peel-commerce/#packs")
    link = page.locator("#packs + .parallels-link").get_by_role("link", name="Pack and players")
    link.click()
    expect(page).to_have_url(re.compile(r"/library/parallels/#q-pack$"))
    section = page.locator("#q-pack")
    expect(section).to_be_in_viewport()
    books = section.locator(".parallel-book")
    expect(books.first).to_contain_text("Peel")
    first, second = books.nth(0).bounding_box(), books.nth(1).bounding_box()
    assert first and second and second["x"] > first["x"]  # side by side
    axe_check(page, "parallels on a desktop")


@PHONE_AXE
def test_a_phone_reads_the_parallels_one_book_under_another(page: Page, axe_check):
    page.goto("/library/parallels/#q-ties")
    books = page.locator("#q-ties .parallel-book")
    first, second = books.nth(0).bounding_box(), books.nth(1).bounding_box()
    assert first and second and second["y"] >= first["y"] + first["height"] - 1
    no_sideways_scrolling(page)
    axe_check(page, "parallels on a phone")
