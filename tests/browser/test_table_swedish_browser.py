"""Issue 12's "done when": a Swedish showdown settled on a phone, typed in the Swedish text's
notation (suit first: ``sE`` the ace of spades, ``hkn`` the knave of hearts), read entirely in
Swedish, and the quoted paragraph followed to its place in the Swedish library.

The expected winner is computed by the engine, not written here: hand 2's sequence beats
hand 1's poäng under the Swedish text (its combinations, best first: tretal, sekvens, poäng)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from games.engine.games import get
from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE_AXE = pytest.mark.browser_context_args(bypass_csp=True, **PHONE)

HANDS = ["sE s8 d5", "hkn h10 h9"]
"""Typed as a Swedish player writes them: each whole hand in its first box."""

ENGLISH = re.compile(r"\b(Who won|wins|Show the winner|Tap the cards|Beats|of spades)\b")


@PHONE_AXE
def test_phone_settles_a_swedish_showdown_in_swedish_and_follows_the_quote(page: Page, axe_check):
    game = get("swedish")
    result = game.judge(HANDS, game.configure())  # type: ignore[attr-defined]
    winner = result.winners[0] + 1
    with translation.override("sv"):
        from games.speaking import page_speaker

        best = result.values[result.winners[0]].said.words(speak=page_speaker())
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    page.goto("/sv/table/swedish/")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Vem vann?")
    axe_check(page, "an empty Swedish table on a phone")

    for number, hand in enumerate(HANDS, start=1):
        page.get_by_label(f"Hand {number}, kort 1", exact=True).fill(hand)
    page.get_by_role("button", name="Visa vinnaren").last.click()

    verdict = page.locator("#verdict-text")
    expect(verdict).to_have_text(f"Hand {winner} vinner med {best}.")
    why = page.locator(".why")
    expect(why.get_by_role("heading", level=2)).to_contain_text("Varför:")
    expect(why).to_contain_text("sekvens")
    expect(page.locator(f"#h{winner}-place")).to_contain_text("vinner")
    expect(page.locator(".pack-row").first).to_have_attribute("aria-label", "Spader")
    main = page.locator("main").inner_text()
    assert not ENGLISH.search(main), ENGLISH.search(main)
    axe_check(page, "a settled Swedish showdown on a phone")

    # The deciding paragraph, quoted, links to its place in the Swedish library.
    link = page.locator(".why figure.quote figcaption a").first
    href = link.get_attribute("href") or ""
    assert href.startswith("/sv/library/commerce-swedish/#"), href
    link.click()
    expect(page).to_have_url(re.compile(r"/sv/library/commerce-swedish/#"))
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    assert errors == []
