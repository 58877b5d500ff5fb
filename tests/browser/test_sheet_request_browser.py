"""Vingt-un, Speculation and All Fours on the score sheet, on a phone: a sheet started for
each, a deal typed into the game's own fields (Speculation's sale added by its button) and
recorded, the accounts the game's own answer gives, why each payment was made, axe on the
sheet before and after, nothing wider than the screen."""

import json
import re

import pytest
from playwright.sync_api import Page, expect

from games.engine.all_fours import AllFours
from games.engine.amounts import format_amount
from games.engine.games import get, register, registered, unregister
from games.engine.speculation import Speculation
from games.engine.vingt_un import VingtUn
from games.request_forms import flatten
from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE_NO_CSP = pytest.mark.browser_context_args(bypass_csp=True, **PHONE)

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


@pytest.fixture
def real_games():
    """Each game, registered for the test if the registry lacks it (the live server runs in
    this process, so it sees the registry the test sees)."""
    added = []
    for kind in (VingtUn, Speculation, AllFours):
        if kind.slug not in {g.slug for g in registered()}:
            added.append(register(kind()).slug)
    yield
    for slug in added:
        unregister(slug)


def deal_of(slug: str) -> dict:
    """The game's example, Speculation's with its first sale only (typed after one press of
    "Add a sale")."""
    request = json.loads(json.dumps(get(slug).example()))  # type: ignore[attr-defined]
    if slug == "speculation":
        request["sales"] = request["sales"][:1]
    return request


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]


def type_request(page: Page, request: dict) -> None:
    """Every field of the request, found by its name (the game's fields under ``entry-``)."""
    for name, value in flatten(request, "entry-"):
        control = page.locator(f'[name="{name}"]')
        kind = control.evaluate("e => e.tagName + ':' + (e.type || '')")
        if kind.startswith("SELECT"):
            control.select_option(value)
        elif kind == "INPUT:checkbox":
            control.check()
        elif kind != "INPUT:hidden":
            control.fill(value)


@PHONE_NO_CSP
@pytest.mark.parametrize("slug", ["vingt-un", "speculation", "all-fours"])
def test_a_deal_of_each_game_on_a_phone(page: Page, axe_check, real_games, slug):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    game = get(slug)
    request = deal_of(slug)
    count = request["players"]
    names = NAMES[: count if isinstance(count, int) else len(count)]

    page.goto("/sheet/")
    page.get_by_label(game.label, exact=True).check()
    expect(page.get_by_label("Value of a stake or chip")).to_be_hidden()  # stakes are per deal
    page.get_by_label("Players, one name a line, in seating order").fill("\n".join(names))
    page.get_by_role("button", name="Start the sheet").click()
    expect(page).to_have_url(re.compile(r"/sheet/[A-Za-z0-9_-]{22}/$"))
    expect(page.locator("#entry-request-fields")).to_be_visible()
    axe_check(page, f"empty {slug} sheet")
    no_sideways_scroll(page)

    if slug == "speculation":
        page.get_by_role("button", name="Add a sale").click()
        expect(page.locator('[name="entry-sales.0.card"]')).to_be_visible()
    if slug == "vingt-un":  # the second player divided his pair of eights
        page.locator('[name="entry-players.1.hands.0.cards"]').fill("8H 8S")
        page.locator("#entry-player-1").get_by_role("button", name="Divide a pair").click()
        expect(page.locator('[name="entry-players.1.hands.1.cards"]')).to_have_value("8S")
    type_request(page, request)
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 recorded.")

    answer = game.answer(request, game.configure())  # type: ignore[attr-defined]
    rows = page.locator("#live table.accounts tbody tr")
    for seat, name in enumerate(names):
        row = rows.filter(has=page.get_by_role("rowheader", name=re.compile(rf"^{name}\b")))
        expect(row.locator(".total")).to_have_text(format_amount(answer.scores[seat], signed=True))
    why = page.locator("article.deal details.why").first
    why.locator("summary").click()
    first = answer.reasons[0] if answer.reasons else answer.transfers[0].reason
    words = first.render(names)
    expect(why).to_contain_text(words[:1].upper() + words[1:40])
    axe_check(page, f"{slug} sheet after a deal")
    no_sideways_scroll(page)
    assert errors == []


@PHONE_NO_CSP
def test_an_all_fours_deal_recorded_as_who_took_each_point(page: Page, axe_check, real_games):
    """The table's "Only who took each point" works on the sheet too (the same fields)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/sheet/")
    page.get_by_label("All Fours", exact=True).check()
    page.get_by_label("Players, one name a line, in seating order").fill("Ann\nBob")
    page.get_by_role("button", name="Start the sheet").click()
    expect(page).to_have_url(re.compile(r"/sheet/[A-Za-z0-9_-]{22}/$"))
    page.get_by_role("button", name="Only who took each point").click()
    page.get_by_role("group", name="High").get_by_label("Bob").click()
    page.get_by_role("group", name="Low").get_by_label("Bob").click()
    page.get_by_role("group", name="Jack").get_by_label("Ann").click()
    page.get_by_role("group", name="Game").get_by_label("Bob").click()
    axe_check(page, "All Fours sheet, a result entered alone")
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 recorded.")
    rows = page.locator("#live table.accounts tbody tr")
    for name, total in (("Ann", "1"), ("Bob", "3")):
        row = rows.filter(has=page.get_by_role("rowheader", name=re.compile(rf"^{name}\b")))
        expect(row.locator(".total")).to_have_text(re.compile(rf"^\+?{total}$"))
    # Deal 2 is asked for the same way (issue 20), Bob dealing: four taps and Record.
    form = page.locator("#deal-form")
    expect(form.get_by_role("button", name="Record deal 2")).to_be_visible()
    expect(form.get_by_role("group", name="High")).to_be_visible()
    expect(form.locator('[name="entry-trump"]')).to_have_count(0)
    expect(form.locator('select[name="entry-dealer"] option:checked')).to_have_text("Bob")
    for point, side in (("High", "Ann"), ("Low", "Ann"), ("Jack", "Bob"), ("Game", "Ann")):
        form.get_by_role("group", name=point).get_by_label(side).click()
    form.get_by_role("button", name="Record deal 2").click()
    expect(page.locator(".messages")).to_contain_text("Deal 2 recorded.")
    expect(page.locator("#deal-form").get_by_role("group", name="High")).to_be_visible()
    no_sideways_scroll(page)
    assert errors == []
