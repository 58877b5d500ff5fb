"""Issue 12's "done when": a deal recorded on a Swedish score sheet, on a phone. The sheet is
started under /sv/sheet/, the hands typed in the Swedish text's notation, and the accounts,
the notice, the next dealer and the reasons are read in Swedish."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE_NO_CSP = pytest.mark.browser_context_args(bypass_csp=True, **PHONE)

HANDS = {"Ann": "sE sK sD", "Bo": "h2 r2 k7", "Cy": "k9 r8 h4"}
"""The Swedish text's codes (suit first; r ruter, k klöver): Ann's sequence wins."""


def account(page: Page, name: str):
    return page.locator("#live table.accounts tbody tr").filter(
        has=page.get_by_role("rowheader", name=re.compile(rf"^{name}\b"))
    )


@PHONE_NO_CSP
def test_a_deal_recorded_on_a_swedish_sheet_on_a_phone(page: Page, axe_check):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    page.goto("/sv/sheet/")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.get_by_role("heading", level=1)).to_contain_text("protokoll")
    page.get_by_label("Peels nya spel").check()
    page.get_by_label("Spelare, ett namn per rad, i sittordning").fill("Ann\nBo\nCy")
    page.get_by_label("Värdet av en insats eller spelmark").fill("0,5")
    page.get_by_role("button", name="Börja protokollet").click()

    expect(page).to_have_url(re.compile(r"/sv/sheet/[A-Za-z0-9_-]{22}/$"))
    expect(page.locator(".sheet-terms")).to_contain_text("insats 0,5")
    expect(page.locator(".next-deal")).to_contain_text("Ann ger först")
    axe_check(page, "an empty Swedish sheet")

    expect(page.get_by_label("Givare")).to_have_value("0")
    page.get_by_label("Vem som stod (knackade)").select_option(label="Bo")
    for name, cards in HANDS.items():
        for j, card in enumerate(cards.split(), start=1):
            page.get_by_label(f"{name}, Kort {j}", exact=True).fill(card)
    page.get_by_role("button", name="Registrera giv 1").click()

    expect(page.locator(".messages")).to_contain_text("Giv 1 registrerad.")
    expect(page.locator("#accounts-title")).to_have_text("Konton efter 1 giv")
    expect(account(page, "Ann").locator(".total")).to_have_text(re.compile(r"^\+\d+(,\d+)?$"))
    expect(account(page, "Bo").locator(".total")).to_have_text(re.compile(r"^−\d+(,\d+)?$"))
    expect(page.locator(".next-deal")).to_contain_text("Nästa giv: Bo ger.")
    deal = page.locator("#deal-1")
    expect(deal).to_contain_text("Ann gav; Bo stod. Ann vinner.")
    expect(deal).to_contain_text("sekvens dam-kung-ess i spader")
    deal.get_by_text("Varför: vem som betalade vem").click()
    expect(deal.locator(".reasons")).to_contain_text("→ Ann:")
    expect(deal.locator(".card").first).to_have_text("♠E")
    expect(page.get_by_role("button", name="Registrera giv 2")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    axe_check(page, "a Swedish sheet after a deal")
    assert errors == []
