"""Every game at the table on a phone (390x844, touch), in English and Swedish (issue 19): the
first field is on the first screen; a mistake is shown beside its field with the page whole
(header, title, styles) and focus where the player went; corrected, the verdict comes; Back
after a verdict shows the board before it.

The games are the registry's, each by its board (three-card hands, a rack, a request); the
verdicts are not hard-coded: a verdict is any answer that is not a request to fix something,
and the board Back shows is compared with the one typed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from games.engine.games import Game, registered
from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE_AXE = pytest.mark.browser_context_args(bypass_csp=True, **PHONE)
GAMES = registered()
LANGUAGES = ["", "/sv"]
FIX = {"": "Fix the", "/sv": "Rätta"}


def first_field_top(page: Page) -> float:
    """Where the first field of the board starts, from the top of the page, in pixels."""
    return float(
        page.evaluate(
            """() => {
              const f = document.querySelector(
                "main form input:not([type=hidden]), main form select, main form button.pc");
              return f.getBoundingClientRect().top + window.scrollY;
            }"""
        )
    )


def page_is_whole(page: Page) -> None:
    expect(page.locator("header.site-header")).to_have_count(1)
    expect(page.locator("h1")).to_have_count(1)
    assert page.title(), "the page kept its title"


def focus_kept(page: Page) -> None:
    """Focus is where the player took it (the next control of the board), not dropped."""
    page.wait_for_timeout(150)  # an answer swapped in after the tab must not take it away
    assert page.evaluate("!!document.activeElement.closest('main form')"), "focus was dropped"


def enter_mistake_then_verdict(page: Page, prefix: str, game: Game) -> None:
    """A mistake typed, then put right; the verdict."""
    if game.board == "hands":
        box = page.locator("#h1c1")
        box.fill("ZZ")
        box.press("Tab")
        expect(page.locator("#h1c1")).to_have_attribute("aria-invalid", "true")
        expect(page.locator("#h1c1-error")).to_be_visible()
        page_is_whole(page)
        focus_kept(page)
        box.fill("7S 7H 7D")  # a whole hand in one box spreads over the hand
        page.locator("#h2c1").fill("AS AH KC")
        page.locator("#h2c1").press("Tab")
    elif game.board == "rack":
        box = page.locator("#card-new")
        box.fill("zz")
        box.press("Enter")
        expect(page.locator("[aria-invalid=true]").first).to_be_visible()
        page_is_whole(page)
        wrong = page.locator("input[aria-invalid=true]").first
        wrong.fill("ship 2")
        wrong.press("Enter")
        for _ in range(2):
            page.locator("#card-new").fill("ship 2")
            page.locator("#card-new").press("Enter")
    else:
        page.locator("#example-link").click()
        page.wait_for_url("**r-*")
        verdict = page.locator("#verdict-text").inner_text()
        assert FIX[prefix] not in verdict
        box = page.locator("main form input.cards-field").first
        typed = box.input_value()
        box.fill("ZZ")
        box.press("Tab")
        expect(box).to_have_attribute("aria-invalid", "true")
        expect(page.locator(f"#{box.get_attribute('id')}-error")).to_be_visible()
        page_is_whole(page)
        focus_kept(page)
        box.fill(typed)
        box.press("Tab")
    expect(page.locator("#verdict-text")).not_to_contain_text(FIX[prefix])
    expect(page.locator("[aria-invalid=true]")).to_have_count(0)


@PHONE_AXE
@pytest.mark.parametrize("prefix", LANGUAGES, ids=["en", "sv"])
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_a_phone_shows_a_mistake_beside_its_field_and_then_the_verdict(
    page: Page, axe_check: Callable[..., None], game: Game, prefix: str
) -> None:
    page.goto(f"{prefix}/table/{game.slug}/")
    assert first_field_top(page) < PHONE["viewport"]["height"], "the board is on the first screen"
    enter_mistake_then_verdict(page, prefix, game)
    page_is_whole(page)
    axe_check(page, f"{game.slug} answered on a phone")


@pytest.mark.browser_context_args(**PHONE)
@pytest.mark.parametrize("prefix", LANGUAGES, ids=["en", "sv"])
def test_back_after_a_verdict_shows_the_board_before_it(page: Page, prefix: str) -> None:
    page.goto(f"{prefix}/table/peel-new/")
    page.locator("#h1c1").fill("7S 7H 7D")
    page.locator("#h2c1").fill("AS AH KC")
    page.locator("#h2c1").press("Tab")
    expect(page.locator("#permalink")).to_be_visible()
    first = page.evaluate("location.href")
    page.locator("#h2c3").fill("KD")  # another verdict
    page.locator("#h2c3").press("Tab")
    expect(page).to_have_url(first.replace("KC", "KD"))
    page.go_back()
    expect(page).to_have_url(first)
    expect(page.locator("#h2c3")).to_have_attribute("data-card", "KC")  # as typed before
    expect(page.locator("#verdict-text")).not_to_contain_text(FIX[prefix])


def tool_pages() -> list[str]:
    """Every calculator and the sheet's start (the table pages are checked above)."""
    from django.urls import reverse

    from games.payouts.views import calculators

    return [reverse("pay:calculator", args=[g.slug]) for g in calculators()] + ["/sheet/"]


@pytest.mark.browser_context_args(**PHONE)
@pytest.mark.parametrize("prefix", LANGUAGES, ids=["en", "sv"])
def test_the_first_field_of_every_tool_is_on_a_phones_first_screen(page: Page, prefix: str) -> None:
    for path in tool_pages():
        page.goto(prefix + path)
        top = first_field_top(page)
        assert top < PHONE["viewport"]["height"], f"{prefix}{path}: first field at {top:.0f} px"


@pytest.mark.browser_context_args(**PHONE)
def test_enter_on_a_full_board_goes_on_to_another_player(page: Page) -> None:
    """Typing hand after hand, Enter in the last box of a full board brings the verdict and
    goes on to "Add a player"; Enter again adds one and the cursor is in the new hand
    (issue 19, item 5)."""
    page.goto("/table/peel-new/")
    page.locator("#h1c1").fill("7S 7H 7D")
    page.locator("#h2c1").fill("AS AH KC")
    page.locator("#h2c3").press("Enter")
    expect(page.locator("#verdict-text")).to_contain_text("wins")
    expect(page.locator("#add-player")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#h3c1")).to_be_focused()
    page.keyboard.type("2C 5D 9H")
    page.locator("#h3c3").press("Enter")
    page.keyboard.press("Enter")
    expect(page.locator("#h4c1")).to_be_focused()
