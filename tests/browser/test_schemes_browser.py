"""The site in the system's dark scheme and in its light one, every kind of page checked by axe
(contrast included); and the "Working…" note of an answer that takes its time (issue 19)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.test import Client
from playwright.sync_api import Page, Route, expect

from tests.scoresheet.sheet_factory import HANDS_4, make_game, post_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEAL = {"dealer": 0, "stood": 1, "bought": [0, 0, 0, 0], "mode": "hands", "hands": HANDS_4}
PAGES = [
    "/",
    "/library/",
    "/library/peel-commerce/",
    "/sv/library/commerce-swedish/",
    "/glossary/",
    "/library/compare/",
    "/library/parallels/",
    "/rulings/",
    "/search/?q=tricon",
    "/odds/",
    "/odds/peel-new/",
    "/table/",
    "/table/peel-new/?h=7S+7H+7D&h=AS+AH+KC",
    "/table/peel-new/?h=7S+7H+ZZ&h=AS+AH+KC",
    "/table/compare/?h=9S+9D+KC&h=5H+3H+7C",
    "/table/cox/?card=ship-2&card=ship-2&card=ship-2&card=bank&base=1",
    "/table/all-fours/",
    "/pay/",
    "/pay/peel-old/?stake=2&hand1=AS+KS+QS&hand2=2H+3H+4H&hand3=5C+6C+7C",
    "/sheet/",
]


def luminance(css: str) -> float:
    """A CSS rgb() colour's relative brightness, 0 (black) to 1 (white)."""
    red, green, blue = (int(x) for x in re.findall(r"\d+", css)[:3])
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


@pytest.mark.parametrize("scheme", ["dark", "light"])
@pytest.mark.browser_context_args(bypass_csp=True)
def test_every_kind_of_page_passes_axe_in_the_systems_scheme(
    page: Page, axe_check: Callable[..., None], scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)
    sheet = make_game("peel-new")
    for n in range(3):  # a sheet with its standings, chart, grid and deals
        post_deal(Client(), sheet, {**DEAL, "dealer": n, "stood": n + 1})
    for path in [*PAGES, f"/sheet/{sheet.token}/", f"/sv/sheet/view/{sheet.view_token}/"]:
        page.goto(path)
        paper = luminance(page.evaluate("getComputedStyle(document.body).backgroundColor"))
        assert (paper < 0.2) if scheme == "dark" else (paper > 0.8), (path, paper)
        axe_check(page, f"{path} in the {scheme} scheme")


def test_an_answer_that_takes_its_time_says_it_is_working(page: Page) -> None:
    page.goto("/table/peel-new/")
    note = page.locator(".working-note span")
    held: list[Route] = []
    page.route(re.compile(r".*/table/peel-new/\?.*"), lambda route: held.append(route))
    page.locator("#h1c1").fill("7S")
    page.locator("#h1c1").press("Tab")
    page.wait_for_timeout(100)
    assert held, "the answer was asked for"
    expect(note).to_have_css("opacity", "0")  # not before 300 ms
    expect(note).to_have_css("opacity", "1")
    expect(note).to_have_text("Working…")
    held[0].continue_()
    expect(note).to_be_hidden()
