"""Issue 20's "done when": an evening of twelve deals recorded on a phone (390×844), in
English and in Swedish: after each deal the dealer the form chooses is the one the page
announces, the hands are asked for again, nothing is refused; the chart's last figures are
the accounts; axe passes after the evening."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import PHONE
from tests.scoresheet.sheet_factory import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE_NO_CSP = pytest.mark.browser_context_args(bypass_csp=True, **PHONE)

NAMES = ["Anna", "Bertil", "Cia", "Dan"]
HANDS = [["AS", "KS", "QS"], ["7H", "7D", "9C"], ["9D", "8D", "TH"], ["JC", "8C", "JH"]]
"""Cards of the 32-card pack too (the Swedish game's): Anna's sequence wins."""


@PHONE_NO_CSP
@pytest.mark.parametrize("lang", ["", "/sv"])
@pytest.mark.parametrize("slug", ["peel-new", "peel-old", "swedish"])
def test_twelve_deals_on_a_phone_keep_the_dealer(page: Page, axe_check, slug, lang):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    game = make_game(slug, NAMES)
    page.goto(f"{lang}/sheet/{game.token}/")
    form = page.locator("#deal-form")
    for number in range(1, 13):
        announced = page.locator("#live .next-deal strong").inner_text()
        expect(form.locator('select[name="dealer"] option:checked')).to_have_text(announced)
        # chosen by the server too, not only by sheet.js after the swap (a page without it)
        expect(form.locator('select[name="dealer"] option[selected]')).to_have_text(announced)
        expect(form.locator('input[name="mode"]:checked')).to_have_value("hands")
        for seat, hand in enumerate(HANDS):
            for j, card in enumerate(hand):
                box = form.locator(f'[name="card_{seat}_{j}"]')
                expect(box).to_have_value("")  # the form asks for the hands again
                box.fill(card)
        stood = form.locator('select[name="stood"]')
        if stood.count():
            stood.select_option(index=1)
        form.locator("button[type=submit].big").click()
        expect(page.locator("#live")).to_have_attribute("data-next-number", str(number + 1))
        expect(form.locator("[data-next-number]").first).to_have_text(str(number + 1))
        expect(form.locator(".form-errors, .error")).to_have_count(0)  # nothing refused
    totals = page.locator("#live table.accounts tbody tr .total").all_inner_texts()
    last = page.locator(".evening-chart .chart-figures tbody tr").last
    drawn = last.locator("td").all_text_contents()
    expect(last.locator("th")).to_have_text("12")
    assert sorted(t.strip() for t in drawn) == sorted(t.strip() for t in totals)
    assert len(totals) == 4 and any(re.match(r"^\+\d", t.strip()) for t in totals)
    axe_check(page, f"{slug} after 12 deals{lang}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []


@PHONE_NO_CSP
def test_cards_tapped_into_a_deal_on_a_phone_are_recorded(page: Page, axe_check):
    """The table's pack in the sheet's deal form: each tap fills the next empty box (a box
    focused first is filled first), a card in a box is shown taken, and the deal recorded
    shows its hands in the grid's row and its account."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    game = make_game("peel-new", NAMES)
    page.goto(f"/sheet/{game.token}/")
    form = page.locator("#deal-form")
    hint = form.locator("#pack-hint")
    expect(hint).to_contain_text("Next card: Anna, card 1.")
    axe_check(page, "a sheet's deal form with its pack on a phone")
    form.locator('[name="card_1_0"]').focus()  # an empty box chosen: the next card goes there
    form.locator("#pack-7H").click()
    expect(form.locator('[name="card_1_0"]')).to_have_value("7♥")
    for hand in [HANDS[0], HANDS[1][1:], *HANDS[2:]]:
        for card in hand:
            form.locator(f"#pack-{card.replace('T', '10')}").click()
    expect(hint).to_contain_text("Every box is filled.")
    expect(form.locator("#pack-AS")).to_have_attribute("aria-disabled", "true")
    expect(form.locator('[name="card_3_2"]')).to_have_value("J♥")
    form.locator("#pack-2C").click()  # nowhere to go: said, nothing overwritten
    expect(form.locator("#board-status")).to_contain_text("Every box is filled")
    form.locator('select[name="stood"]').select_option(index=1)
    form.locator("button[type=submit].big").click()
    expect(page.locator("#live")).to_have_attribute("data-next-number", "2")
    expect(page.locator("#grid-body tr")).to_have_count(1)
    expect(page.locator("#grid-1 .won")).to_have_count(1)  # Anna's sequence won
    expect(page.locator("#deal-1 .deal-table")).to_contain_text("A♠")
    # The fresh form asks again from the first box, every card back in the pack.
    expect(form.locator('[name="card_0_0"]')).to_have_value("")
    expect(form.locator("#pack-AS")).not_to_have_attribute("aria-disabled", "true")
    form.locator("#pack-KD").click()
    expect(form.locator('[name="card_0_0"]')).to_have_value("K♦")
    axe_check(page, "a sheet after a tapped deal on a phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []
