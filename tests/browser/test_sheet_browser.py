"""A whole evening on a phone: four players, four deals of Peel's new game, from the first deal
to the final standings, with a mistake fixed, an undo, a spectator watching, and an export."""

import csv
import io
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE_NO_CSP = pytest.mark.browser_context_args(bypass_csp=True, **PHONE)

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def enter_hands(page: Page, hands: dict[str, str]) -> None:
    for name, cards in hands.items():
        for j, card in enumerate(cards.split(), start=1):
            page.get_by_label(f"{name}, Card {j}", exact=True).fill(card)


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]


def deal_article(page: Page, number: int):
    """A deal's article by its number (an undone deal's place is not given again)."""
    return page.locator("article.deal").filter(
        has=page.get_by_role("heading", name=f"Deal {number}", exact=True)
    )


def account(page: Page, name: str):
    return page.locator("#live table.accounts tbody tr").filter(
        has=page.get_by_role("rowheader", name=re.compile(rf"^{name}\b"))
    )


@PHONE_NO_CSP
def test_a_four_deal_evening_on_a_phone(page: Page, axe_check):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("dialog", lambda dialog: dialog.accept())

    # Start from the home page.
    page.goto("/")
    page.get_by_role("link", name="Score a game").click()
    expect(page).to_have_url(re.compile(r"/sheet/$"))
    axe_check(page, "start a sheet")
    no_sideways_scroll(page)
    page.get_by_label("Peel's new game").check()
    expect(page.get_by_role("group", name="Pool Commerce", exact=True)).to_be_hidden()
    expect(page.get_by_role("group", name="Peel's new game", exact=True)).to_be_visible()
    page.get_by_label("Players, one name a line, in seating order").fill("\n".join(PLAYERS))
    page.get_by_label("Value of a stake or chip").fill("1")
    page.get_by_label("Name of the evening (optional)").fill("Friday at Cy's")
    page.get_by_role("button", name="Start the sheet").click()

    expect(page).to_have_url(re.compile(r"/sheet/[A-Za-z0-9_-]{22}/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Friday at Cy's")
    expect(page.locator(".next-deal")).to_contain_text("Ann deals first")
    axe_check(page, "empty sheet")
    no_sideways_scroll(page)
    sheet_url = page.url

    # Deal 1: Ann deals, Bob stands; the hands shown are typed in any notation.
    expect(page.get_by_label("Dealer")).to_have_value("0")
    page.get_by_label("Who stood (knocked)").select_option(label="Bob")
    enter_hands(page, {"Ann": "as ks qs", "Bob": "2h 2d 7c", "Cy": "9c 8d 4h", "Dee": "3c 5d jh"})
    page.get_by_label("Bob, Cards bought").fill("1")
    page.get_by_label("Dee, Cards bought").fill("2")
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 recorded.")
    expect(account(page, "Ann").locator(".total")).to_have_text("+7")
    expect(account(page, "Bob").locator(".total")).to_have_text("−3")
    expect(page.locator(".next-deal")).to_contain_text("Bob deals")
    deal1 = page.locator("#deal-1")
    deal1.get_by_text("Why: who paid whom").click()
    expect(deal1).to_contain_text("Ready money: each card bought from the dealer pays him a stake")
    expect(deal1).to_contain_text("Dee → Ann: 2")
    expect(deal1.locator(".card.red").first).to_be_visible()
    axe_check(page, "after deal 1")

    # Deal 2: only the result, no cards. Bob deals (chosen for us), Ann stands.
    expect(page.get_by_label("Dealer")).to_have_value("1")
    page.get_by_label("only the result").check()
    expect(page.get_by_label("Ann, Card 1", exact=True)).to_be_hidden()
    page.get_by_label("Who stood (knocked)").select_option(label="Ann")
    for name, place, combination in (
        ("Ann", "2", "Pair"),
        ("Bob", "3", "Point"),
        ("Cy", "1", "Flush"),
        ("Dee", "4", "Point"),
    ):
        page.get_by_label(f"{name}, Place", exact=True).fill(place)
        page.get_by_label(f"{name}, Combination", exact=True).select_option(label=combination)
    page.get_by_role("button", name="Record deal 2").click()
    expect(page.locator(".messages")).to_contain_text("Deal 2 recorded.")
    expect(page.locator("#deal-2")).to_contain_text("Cy wins")
    expect(page.locator(".next-deal")).to_contain_text("Cy deals")

    # Deal 3, with a mistake: a card that does not exist is named beside its field, and
    # nothing else typed is lost. (The form is made ready for deal 3 once the answer has
    # settled: wait for it, as a person sees the button's new number, before typing.)
    expect(page.get_by_role("button", name="Record deal 3")).to_be_visible()
    # The form is entered the way deal 2 was (issue 20): back to the hands, in one tap.
    expect(page.get_by_label("only the result")).to_be_checked()
    page.get_by_label("the hands shown").check()
    page.get_by_label("Who stood (knocked)").select_option(label="Dee")
    enter_hands(page, {"Ann": "10h jh qh", "Bob": "ks kd 2c", "Cy": "7s 8c 9d", "Dee": "zz 4d 6c"})
    page.get_by_role("button", name="Record deal 3").click()
    bad = page.get_by_label("Dee, Card 1", exact=True)
    expect(bad).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#id_card_3_0_error")).to_contain_text("'zz' is not a card")
    expect(page.get_by_label("Ann, Card 1", exact=True)).to_have_value("10h")
    expect(page.get_by_label("Who stood (knocked)")).to_have_value("3")
    axe_check(page, "a bad card")
    bad.fill("5s")
    page.get_by_role("button", name="Record deal 3").click()
    expect(page.locator(".messages")).to_contain_text("Deal 3 recorded.")

    # Oops: deal 3 was not finished after all. Undo it; every total is recomputed.
    totals_after_2 = {"Ann": None}
    page.locator("#deal-3").get_by_role("button", name="Undo deal 3").click()
    expect(page.locator(".messages")).to_contain_text("Deal 3 undone")
    expect(page.locator("#deal-3")).to_have_count(0)
    totals_after_2["Ann"] = account(page, "Ann").locator(".total").inner_text()
    expect(page.locator(".next-deal")).to_contain_text("Cy deals")

    # A spectator opens the read-only link on another phone.
    view_url = page.get_by_label("Read-only link for everyone at the table").input_value()
    spectator = page.context.new_page()
    spectator.goto(view_url)
    expect(spectator.get_by_text("read-only view")).to_be_visible()
    expect(spectator.locator("#deal-form")).to_have_count(0)
    axe_check(spectator, "spectator")

    # Deals 3 and 4 recorded again on the scorer's phone (the form asks as deal 2 did, now
    # the last one: the hands again, in one tap).
    expect(page.get_by_label("only the result")).to_be_checked()
    page.get_by_label("the hands shown").check()
    page.get_by_label("Who stood (knocked)").select_option(label="Dee")
    enter_hands(page, {"Ann": "10h jh qh", "Bob": "ks kd 2c", "Cy": "7s 8c 9d", "Dee": "5s 4d 6c"})
    page.get_by_role("button", name="Record deal 3").click()
    expect(page.locator(".messages")).to_contain_text("Deal 3 recorded.")
    expect(deal_article(page, 3)).to_contain_text("Ann wins")
    expect(page.locator(".next-deal")).to_contain_text("Dee deals")
    # ... and the spectator sees it within a few seconds, without reloading.
    expect(spectator.locator("#history")).to_contain_text("Deal 3", timeout=8000)

    page.get_by_label("Who stood (knocked)").select_option(label="Cy")
    enter_hands(page, {"Ann": "2s 3s 4s", "Bob": "ac ad ah", "Cy": "qd 9s 3h", "Dee": "kc 10c 8c"})
    page.get_by_label("Ann, Cards bought").fill("1")
    page.get_by_role("button", name="Record deal 4").click()
    expect(page.locator(".messages")).to_contain_text("Deal 4 recorded.")
    expect(page.locator(".suggest-end")).to_contain_text("Everyone has dealt 1 time")
    expect(spectator.locator("#history")).to_contain_text("Deal 4", timeout=8000)
    axe_check(page, "after four deals")
    no_sideways_scroll(page)

    # Edit is one tap away: the edit page shows deal 4 as recorded.
    deal_article(page, 4).get_by_role("link", name="Edit deal 4").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Edit deal 4")
    expect(page.get_by_label("Bob, Card 1", exact=True)).to_have_value("AC")
    axe_check(page, "edit deal 4")
    page.get_by_role("link", name="Cancel").click()
    expect(page).to_have_url(re.compile(r"#deal-5$"))  # deal 4 is the fifth entry

    # Export: the JSON holds the four deals, the CSV the running accounts.
    with page.expect_download() as download:
        page.get_by_role("link", name="Export JSON").click()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported["players"] == PLAYERS
    assert [e["dealer"] for e in exported["entries"]] == [0, 1, 2, 3]
    assert sum(float(v) for v in exported["totals"].values()) == 0
    with page.expect_download() as download:
        page.get_by_role("link", name="Export CSV").click()
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:3] == ["Deal", "Dealer", "Winners"]
    assert [r[0] for r in rows[1:5]] == ["1", "2", "3", "4"]

    # Finish: the final standings, best first.
    page.get_by_role("button", name="Finish: final standings").click()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    expect(page.locator(".final")).to_contain_text("The evening is finished")
    expect(page.locator("#deal-form")).to_have_count(0)
    first = page.locator("#live table.accounts tbody tr").first
    expect(first.locator("td").first).to_have_text("1")
    totals = [
        float(t.replace("−", "-").replace("+", ""))
        for t in page.locator("#live .total").all_inner_texts()
    ]
    assert totals == sorted(totals, reverse=True)
    assert sum(totals) == 0
    axe_check(page, "final standings")
    expect(spectator.get_by_role("heading", name="Final standings")).to_be_visible(timeout=8000)

    # The printable sheet.
    page.get_by_role("link", name="Printable sheet").click()
    expect(page.get_by_role("heading", name="The deals")).to_be_visible()
    expect(page.locator(".print-ledger tbody tr")).to_have_count(8)  # 4 deals, 4 "why" rows
    axe_check(page, "printable sheet")
    page.goto(sheet_url)
    assert errors == []


# --- The sheet as people use it (issue 9) -----------------------------------------------------

PHONE_DEBUG = pytest.mark.browser_context_args(bypass_csp=True, **PHONE)


def new_sheet(page: Page, players: list[str], rules: str = "Peel's new game") -> str:
    page.goto("/sheet/")
    page.get_by_label(rules).check()
    page.get_by_label("Players, one name a line, in seating order").fill("\n".join(players))
    page.get_by_role("button", name="Start the sheet").click()
    expect(page).to_have_url(re.compile(r"/sheet/[A-Za-z0-9_-]{22}/$"))
    return page.url


@PHONE_DEBUG
def test_every_error_at_once_beside_its_field_and_the_page_keeps_its_header(
    page: Page, settings, axe_check
):
    # make run's debug mode: django-htmx's debug script, which would put a 400 answer in
    # place of the page, is not loaded (base.html names htmx itself)
    settings.DEBUG = True
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    new_sheet(page, PLAYERS)
    assert "django-htmx.js" not in page.content()
    # Nobody chosen as having stood, and Dee's hand: a card twice and one that is none.
    enter_hands(page, {"Ann": "as ks qs", "Bob": "2h 2d 7c", "Cy": "9c 8d 4h", "Dee": "3c 3c zz"})
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator("#id_stood_error")).to_contain_text("Choose the player who stood")
    expect(page.locator("#id_card_3_1_error")).to_contain_text("written twice in this hand")
    expect(page.locator("#id_card_3_2_error")).to_contain_text("'zz' is not a card")
    expect(page.get_by_label("Dee, Card 3", exact=True)).to_have_attribute("aria-invalid", "true")
    summary = page.locator("#deal-form .form-errors")
    expect(summary).to_contain_text("3 things to correct")
    expect(summary).to_contain_text("Dee, card 3: 'zz' is not a card")
    # the page is still the page: its header, its styles, the accounts
    expect(page.locator("header.site-header")).to_be_visible()
    expect(page.locator("#live")).to_be_visible()
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgba(0, 0, 0, 0)"
    axe_check(page, "three errors at once")
    # corrected, it goes through, and the form is ready for the next deal
    page.get_by_label("Who stood (knocked)").select_option(label="Bob")
    page.get_by_label("Dee, Card 2", exact=True).fill("5d")
    page.get_by_label("Dee, Card 3", exact=True).fill("jh")
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 recorded.")
    expect(page.get_by_role("button", name="Record deal 2")).to_be_visible()
    expect(page.get_by_label("Ann, Card 1", exact=True)).to_have_value("")
    expect(page.get_by_label("Dealer")).to_have_value("1")
    expect(page.locator("#deal-form .error")).to_have_count(0)
    assert errors == []


@PHONE_NO_CSP
def test_undo_then_redo(page: Page, axe_check):
    page.on("dialog", lambda dialog: dialog.accept())
    new_sheet(page, PLAYERS)
    page.get_by_label("Who stood (knocked)").select_option(label="Bob")
    enter_hands(page, {"Ann": "as ks qs", "Bob": "2h 2d 7c", "Cy": "9c 8d 4h", "Dee": "3c 5d jh"})
    page.get_by_role("button", name="Record deal 1").click()
    expect(account(page, "Ann").locator(".total")).to_have_text("+4")
    page.get_by_role("button", name="Undo deal 1").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 undone")
    expect(account(page, "Ann").locator(".total")).to_have_text("0")
    redo = page.get_by_role("button", name="Redo: restore deal 1")
    expect(redo).to_be_visible()
    axe_check(page, "after an undo")
    redo.click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 restored")
    expect(account(page, "Ann").locator(".total")).to_have_text("+4")
    expect(deal_article(page, 1)).to_be_visible()
    expect(page.get_by_role("button", name="Redo: restore deal 1")).to_have_count(0)


@pytest.mark.browser_context_args(java_script_enabled=False, **PHONE)
def test_undo_without_javascript_sends_the_pages_one_undo_form(page: Page):
    """Each deal's Undo button belongs to the page's one #undo-form (its token, key and
    version) and sends it to its own deal's address: a plain form, no script."""
    new_sheet(page, PLAYERS)
    for hands in (
        {"Ann": "as ks qs", "Bob": "2h 2d 7c", "Cy": "9c 8d 4h", "Dee": "3c 5d jh"},
        {"Ann": "3c 5d jh", "Bob": "as ks qs", "Cy": "2h 2d 7c", "Dee": "9c 8d 4h"},
    ):
        page.get_by_label("Who stood (knocked)").select_option(label="Bob")
        enter_hands(page, hands)
        page.get_by_role("button", name=re.compile(r"^Record deal \d")).click()
    expect(deal_article(page, 2)).to_be_visible()
    assert page.locator("form#undo-form").count() == 1
    assert page.locator("button[form=undo-form]").count() == 2
    deal_article(page, 1).get_by_role("button", name="Undo deal 1").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 undone")
    expect(page.locator("article.deal")).to_have_count(1)  # the second deal, now the first
    expect(page.get_by_role("button", name="Redo: restore deal 1")).to_be_visible()


@PHONE_NO_CSP
def test_a_late_player_joins_the_table(page: Page, axe_check):
    new_sheet(page, ["Ann", "Bob", "Cy"], rules="Peel's old game")
    enter_hands(page, {"Ann": "as ks qs", "Bob": "2h 2d 7c", "Cy": "9c 8d 4h"})
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 recorded.")
    page.get_by_text("Players joining or leaving the table").click()
    page.get_by_label("A late player joins the table").fill("Eve")
    page.get_by_role("button", name="Joins").click()
    expect(page.locator(".messages")).to_contain_text("Eve joins the table")
    expect(page.locator("#deal-player-3")).to_contain_text("Eve")
    expect(account(page, "Eve").locator(".total")).to_have_text("0")
    axe_check(page, "a late player")
    enter_hands(page, {"Ann": "3c 5d jh", "Bob": "as ks qs", "Cy": "2h 2d 7c", "Eve": "9c 8d 4h"})
    page.get_by_role("button", name="Record deal 2").click()
    expect(page.locator(".messages")).to_contain_text("Deal 2 recorded.")
    expect(deal_article(page, 2)).to_contain_text("Bob wins")
    expect(account(page, "Eve").locator(".total")).to_have_text("−1")
    # deal 1 is as it was, Eve away in the grid
    expect(page.locator("#grid tbody tr").first).to_contain_text("away")
    no_sideways_scroll(page)


@PHONE_NO_CSP
def test_the_grid_and_who_pays_whom_at_the_end(page: Page, axe_check):
    page.on("dialog", lambda dialog: dialog.accept())
    new_sheet(page, PLAYERS)
    for n, (stood, hands) in enumerate(
        [
            ("Bob", {"Ann": "as ks qs", "Bob": "2h 2d 7c", "Cy": "9c 8d 4h", "Dee": "3c 5d jh"}),
            ("Ann", {"Ann": "2s 3s 4s", "Bob": "ac ad ah", "Cy": "qd 9s 3h", "Dee": "kc 10c 8c"}),
        ],
        start=1,
    ):
        page.get_by_label("Who stood (knocked)").select_option(label=stood)
        enter_hands(page, hands)
        page.get_by_role("button", name=f"Record deal {n}").click()
        expect(page.locator(".messages")).to_contain_text(f"Deal {n} recorded.")
    grid = page.locator("#grid table")
    expect(grid.locator("thead th")).to_have_text(["Deal", "Dealer", *PLAYERS])
    expect(grid.locator("tbody tr")).to_have_count(2)
    second = grid.locator("tbody tr").nth(1)
    expect(second.locator("td").nth(1)).to_contain_text(
        account(page, "Ann").locator(".total").inner_text()
    )
    # ranked during play too (issue 20): the place column, the leader named
    expect(page.locator("#live").get_by_role("columnheader", name="Place")).to_be_visible()
    expect(page.locator("#live .badge.lead").first).to_have_text(
        re.compile("leads|shares the lead")
    )
    page.get_by_role("button", name="Finish: final standings").click()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    expect(page.locator("#live").get_by_role("columnheader", name="Place")).to_be_visible()
    settle = page.locator(".settle-up")
    expect(settle.get_by_role("heading", name="Who pays whom")).to_be_visible()
    expect(settle.locator("li")).not_to_have_count(0)
    axe_check(page, "final standings with who pays whom")
    no_sideways_scroll(page)


@pytest.mark.browser_context_args(bypass_csp=True, viewport={"width": 1280, "height": 800})
def test_the_printable_sheet_fits_the_window(page: Page, axe_check):
    new_sheet(page, ["Annabelle", "Bartholomew", "Cyprian", "Desdemona", "Evangeline", "Ferdinand"])
    page.get_by_label("Who stood (knocked)").select_option(label="Cyprian")
    enter_hands(
        page,
        {
            "Annabelle": "as ks qs",
            "Bartholomew": "2h 2d 7c",
            "Cyprian": "9c 8d 4h",
            "Desdemona": "3c 5d jh",
            "Evangeline": "6s 7s 9s",
            "Ferdinand": "10h jd 4c",
        },
    )
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 recorded.")
    page.get_by_role("link", name="Printable sheet").click()
    expect(page.get_by_role("heading", name="The deals")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    axe_check(page, "printable sheet at 1280")


@PHONE_NO_CSP
def test_a_showdown_judged_at_the_table_goes_into_the_next_deal(page: Page):
    sheet_url = new_sheet(page, PLAYERS)  # this phone records on it: sheet.js remembers it
    page.goto("/table/peel/?h=AS+KS+QS&h=2H+2D+7C&h=9C+8D+4H&h=3C+5D+JH")
    page.get_by_role("link", name="Record this deal on a sheet").click()
    expect(page.get_by_role("heading", name="Record this deal on a sheet")).to_be_visible()
    page.get_by_role("link", name=re.compile("Record it on")).click()
    expect(page).to_have_url(re.compile(re.escape(sheet_url) + r"\?h="))
    expect(page.get_by_label("Ann, Card 1", exact=True)).to_have_value("AS")
    expect(page.get_by_label("Dee, Card 3", exact=True)).to_have_value("JH")
    page.get_by_label("Who stood (knocked)").select_option(label="Bob")
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 recorded.")
    expect(deal_article(page, 1)).to_contain_text("Ann wins")


@PHONE_NO_CSP
def test_a_game_started_with_its_own_house_rules_and_why_each_payment(page: Page, axe_check):
    # The start page draws every game from the registry, each with its own options: only the
    # chosen game's are shown, and a game played for no stake asks for none.
    page.goto("/sheet/")
    page.get_by_label("Pool Commerce").check()
    expect(page.get_by_role("group", name="Peel's new game", exact=True)).to_be_hidden()
    expect(page.get_by_label("Value of a stake or chip")).to_be_hidden()
    pool = page.get_by_role("group", name="Pool Commerce", exact=True)
    pool.get_by_label("Each player's buy-in for three counters").fill("2")
    page.get_by_label("Players, one name a line, in seating order").fill("Ann\nBob\nCy")
    axe_check(page, "start: a game's own house rules")
    page.get_by_role("button", name="Start the sheet").click()
    expect(page.locator("#live tfoot td").first).to_have_text("6")  # the buy-ins
    # A deal recorded by its result; why each payment was made, shown as the site shows it.
    page.get_by_label("only the result").check()
    for name, place in (("Ann", "1"), ("Bob", "2"), ("Cy", "3")):
        page.get_by_label(f"{name}, Place").fill(place)
    page.get_by_role("button", name="Record deal 1").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1 recorded.")
    why = deal_article(page, 1).locator("details.why")
    why.locator("summary").click()
    expect(why.locator(".reason-lines li")).to_have_text(
        ["The pool → Ann: 1", "Cy → the pool: 1 counter"]
    )
    links = why.locator(".reasons a")
    assert links.count() >= 2
    for i in range(links.count()):
        box = links.nth(i).bounding_box()
        assert box is not None and box["width"] >= 24 and box["height"] >= 24
    axe_check(page, "a deal's reasons open")
    no_sideways_scroll(page)
