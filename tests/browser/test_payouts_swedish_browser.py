"""A payout worked out in Swedish on a phone (issue 12): started at /sv/pay/, the stake typed
with a decimal comma, the hands in the Swedish text's codes, who stood chosen; the result,
the amounts (decimal comma), the reasons and a refused card read in Swedish; axe-core on
each state."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE_NO_CSP = pytest.mark.browser_context_args(bypass_csp=True, **PHONE)

ENGLISH_NETS = (6, -3, -3)
"""The nets of the same deal at a stake of 1 (pinned in English by test_payouts_browser):
the Swedish page at a stake of 0,5 shows half of each, with a decimal comma."""


def swedish(amount: float) -> str:
    sign = "+" if amount > 0 else "−" if amount < 0 else ""
    return sign + f"{abs(amount):g}".replace(".", ",")


@PHONE_NO_CSP
def test_a_payout_worked_out_in_swedish_on_a_phone(page: Page, axe_check):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    page.goto("/sv/pay/")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.get_by_role("heading", level=1)).to_have_text("Utbetalningar")
    axe_check(page, "payouts index, Swedish")
    page.get_by_role("link", name="Peels nya spel").click()
    expect(page).to_have_url(re.compile(r"/sv/pay/peel-new/$"))
    axe_check(page, "new game, empty, Swedish")

    stake = page.locator("#id_stake")
    stake.fill("0,5")
    players = page.locator(".pay-player")
    players.nth(0).get_by_label("Namn").fill("Ann")
    players.nth(0).get_by_label("Kort", exact=True).fill("sE sK sD")
    players.nth(1).get_by_label("Kort", exact=True).fill("h9 d9 c2")
    players.nth(1).locator("input.count").fill("1")
    players.nth(2).get_by_label("Kort", exact=True).fill("c5 d6 h8")
    players.nth(2).locator("input.count").fill("2")
    page.get_by_role("radiogroup", name="Vem stod?").get_by_role("radio", name="Spelare 2").check()

    heading = page.locator("#result-heading")
    expect(heading).to_contain_text("Ann vinner med")
    net = page.locator("table.pay-net tbody tr td.pay-money")
    expect(net).to_have_text([swedish(n / 2) for n in ENGLISH_NETS])
    expect(page.locator("table.pay-net caption")).to_contain_text("0,5")
    expect(page.locator(".pay-settle")).to_contain_text("betalar")
    expect(page.get_by_role("heading", name="Varje betalning, och regeln för den")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/sv/pay/peel-new/\?.*stake=0%2C5"))
    expect(page.locator("#pay-status")).to_contain_text("Ann +3")
    axe_check(page, "new game, settled, Swedish")

    # A card refused, in Swedish, beside its field; the typed text kept.
    bad = players.nth(2).get_by_label("Kort", exact=True)
    bad.fill("c5 d6 XX")
    bad.press("Tab")
    expect(bad).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#id_hand3_error")).to_contain_text("XX")
    expect(page.locator(".pay-problems h2")).to_contain_text("Rätta")
    expect(bad).to_have_value("c5 d6 XX")
    axe_check(page, "new game, a bad card, Swedish")

    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []
