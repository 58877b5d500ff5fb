"""Issue 20's "done when": an evening recorded on a phone (390×844), in English and in
Swedish, for every game with a sheet: after each deal the form holds what the sheet knows --
the dealer the page announces, the house rules' amounts, the way the last deal was entered,
Cox's supply bases -- the hands are asked for again, nothing is refused; the chart's last
figures are the accounts; axe passes after the evening.

How far each evening goes: Peel's new and old games, the Swedish game, Vingt-un and
Speculation, 12 deals (money games: never won); Cox's game, its 4 hands, after which the
game is over and its winner shown; All Fours, to 10 points (a house rule the sheet is
started with, 7 being the book's), 10 deals, one point to each side in the first nine (High
to one, Low to the other) and the tenth won, the winner shown."""

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.conftest import PHONE
from tests.scoresheet.sheet_factory import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE_NO_CSP = pytest.mark.browser_context_args(bypass_csp=True, **PHONE)

NAMES = ["Anna", "Bertil", "Cia", "Dan"]
HANDS = [["AS", "KS", "QS"], ["7H", "7D", "9C"], ["9D", "8D", "TH"], ["JC", "8C", "JH"]]
"""Cards of the 32-card pack too (the Swedish game's): Anna's sequence wins."""


def dealer_announced(page: Page, form: Locator, name: str) -> int:
    """The dealer the form has chosen is the one the page announces ("Next deal: <strong>X
    </strong> deals"), chosen by the server too, not only by sheet.js after the swap (a page
    without it); his seat."""
    announced = page.locator("#live .next-deal strong").inner_text()
    expect(form.locator(f'select[name="{name}"] option:checked')).to_have_text(announced)
    expect(form.locator(f'select[name="{name}"] option[selected]')).to_have_text(announced)
    return NAMES.index(announced)


def hands_deal(page: Page, form: Locator, number: int) -> None:
    """Peel's games and the Swedish game: the dealer, the hands asked for, no purchases."""
    dealer_announced(page, form, "dealer")
    expect(form.locator('input[name="mode"]:checked')).to_have_value("hands")
    for seat, hand in enumerate(HANDS):
        bought = form.locator(f'[name="bought_{seat}"]')
        if bought.count():
            expect(bought).to_have_value("0")
        for j, card in enumerate(hand):
            box = form.locator(f'[name="card_{seat}_{j}"]')
            expect(box).to_have_value("")  # the form asks for the hands again
            box.fill(card)
    stood = form.locator('select[name="stood"]')
    if stood.count():
        stood.select_option(index=1)


COX_HANDS = [
    ("cards", [2, 3, 4, 1]),
    ("result", [3, 4, 1, 2]),
    ("result", [3, 4, 1, 2]),
    ("cards", [4, 1, 2, 3]),
]
"""Cox's four hands: the way each is entered and the players' supply bases (the Directors
cards deal them anew, or not, before each hand)."""
COX_CARDS = [
    "auto-1 auto-2 auto-3 auto-4 auto-5",
    "ship-1 ship-2 ship-3 ship-4 ship-5 ship-captain",
    "fruit-1 fruit-2 fruit-3 fruit-4",
    "plane-1 plane-2 plane-3 bank",
]


def cox_hand(page: Page, form: Locator, number: int) -> None:
    """Cox's game: no dealer (the Directors cards decide the Retailer); the supply bases of
    the hand before (the book's first ones before the first hand) and the way it was
    entered are kept; the cards or scores asked for again."""
    expect(page.locator("#live .next-deal")).to_contain_text(f"{number}")
    kept, bases = COX_HANDS[number - 2] if number > 1 else ("cards", [1, 2, 3, 4])
    expect(form.locator('input[name="mode"]:checked')).to_have_value(kept)
    mode, bases_now = COX_HANDS[number - 1]
    form.locator(f'input[name="mode"][value="{mode}"]').check()
    for seat in range(len(NAMES)):
        base = form.locator(f'select[name="base_{seat}"]')
        expect(base).to_have_value(str(bases[seat]))
        base.select_option(str(bases_now[seat]))
        cards = form.locator(f'[name="cards_{seat}"]')
        score = form.locator(f'[name="score_{seat}"]')
        expect(cards).to_have_value("")
        expect(score).to_have_value("")
        if mode == "cards":
            cards.fill(COX_CARDS[seat])
        else:
            score.fill(str((3 * number + 5 * seat) % 11 - 2))


def vingt_un_deal(page: Page, form: Locator, number: int) -> None:
    """Vingt-un: the dealer keeps the deal until a player holds a natural (every second
    deal, the player on his left: the deal passes to him)."""
    dealer = dealer_announced(page, form, "entry-dealer")
    for seat in range(len(NAMES)):
        cards = form.locator(f'[name="entry-players.{seat}.hands.0.cards"]')
        expect(cards).to_have_value("")
        turn = (seat - dealer) % len(NAMES)
        if turn == 0:
            cards.fill("10C 8D")
            expect(form.locator(f'[name="entry-players.{seat}.hands.0.stake"]')).to_have_count(0)
            continue
        natural = turn == 1 and number % 2
        cards.fill(["AH KS" if natural else "9H 7S 3C", "5S 9D JC", "8H QD"][turn - 1])
        stake = form.locator(f'[name="entry-players.{seat}.hands.0.stake"]')
        expect(stake).to_have_value("")
        stake.fill(str(turn))


SPECULATION_POOL = {"pool_dealer": "3", "pool_others": "1/2"}
SPECULATION_HANDS = ["KS 4D 7C", "QD 2H 10S", "5C JH 3D", "8S AC 6H"]


def speculation_deal(page: Page, form: Locator, number: int) -> None:
    """Speculation: the dealer, and the pool's two amounts the sheet was started with (its
    house rules, not the book's 6 and 4); the turn-up and the hands asked for again. Every
    third deal has a sale, added by its button (the form drawn again as typed, the pool's
    amounts kept), and the next deal's form has none."""
    dealer_announced(page, form, "entry-dealer")
    expect(form.locator('[name="entry-pool.dealer"]')).to_have_value("3")
    expect(form.locator('[name="entry-pool.others"]')).to_have_value("1/2")
    expect(form.locator('[name="entry-sales.0.card"]')).to_have_count(0)
    turn_up = form.locator('[name="entry-turn_up"]')
    expect(turn_up).to_have_value("")
    turn_up.fill("9D")
    for seat, hand in enumerate(SPECULATION_HANDS):
        box = form.locator(f'[name="entry-players.{seat}.hand"]')
        expect(box).to_have_value("")
        box.fill(hand)
    if number % 3 == 0:
        form.locator('button[name="entry-do"][value="add:sales"]').click()
        sale = form.locator('[name="entry-sales.0.card"]')
        expect(sale).to_be_visible()
        expect(form.locator('[name="entry-pool.others"]')).to_have_value("1/2")
        expect(form.locator('[name="entry-players.3.hand"]')).to_have_value(SPECULATION_HANDS[3])
        sale.fill("4D")  # Anna's trump, bought by Bertil
        form.locator('[name="entry-sales.0.from"]').select_option("0")
        form.locator('[name="entry-sales.0.to"]').select_option("1")
        form.locator('[name="entry-sales.0.price"]').fill("1/2")


def all_fours_deal(page: Page, form: Locator, number: int) -> None:
    """All Fours, four as partners (sides 0 and 1): only who took each point, chosen for
    the first deal and kept after it; High to one side and Low to the other, no Jack dealt,
    equal counts for Game, until the tenth deal gives the first side High, Low and Game."""
    dealer_announced(page, form, "entry-dealer")
    if number == 1:
        expect(form.locator('[name="entry-trump"]')).to_have_count(1)  # the cards, first
        form.locator('button[name="entry-do"][value="set:taken="]').click()
    expect(form.locator('[name="entry-trump"]')).to_have_count(0)  # the way kept
    high = form.locator('[name="entry-taken.high"][type=radio]')
    expect(high).to_have_count(3)  # the two sides, and nobody
    expect(form.locator('input[name^="entry-taken."]:checked')).to_have_count(0)
    dealer_announced(page, form, "entry-dealer")  # after the way was chosen, too
    side = str(number % 2)
    other = str((number + 1) % 2)
    won = number == 10
    taken = {"high": side, "low": side if won else other, "jack": "nobody"}
    taken["game"] = side if won else "nobody"
    for point, who in taken.items():
        form.locator(f'[name="entry-taken.{point}"][value="{who}"]').check()


EVENINGS: dict[str, tuple[dict[str, str], int, Callable[[Page, Locator, int], None]]] = {
    "peel-new": ({}, 12, hands_deal),
    "peel-old": ({}, 12, hands_deal),
    "swedish": ({}, 12, hands_deal),
    "cox": ({}, 4, cox_hand),
    "vingt-un": ({}, 12, vingt_un_deal),
    "speculation": (SPECULATION_POOL, 12, speculation_deal),
    "all-fours": ({"target": "10"}, 10, all_fours_deal),
}
"""Each game's sheet: its house rules, the deals its evening reaches, and one deal checked
and entered."""


@PHONE_NO_CSP
@pytest.mark.parametrize("lang", ["", "/sv"])
@pytest.mark.parametrize("slug", list(EVENINGS))
def test_twelve_deals_on_a_phone_keep_the_dealer(page: Page, axe_check, slug, lang):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    options, deals, deal = EVENINGS[slug]
    game = make_game(slug, NAMES, **options)
    page.goto(f"{lang}/sheet/{game.token}/")
    form = page.locator("#deal-form")
    for number in range(1, deals + 1):
        expect(form.locator("[data-next-number]").first).to_have_text(str(number))
        deal(page, form, number)
        form.locator("button[type=submit].big").click()
        expect(page.locator("#live")).to_have_attribute("data-next-number", str(number + 1))
        expect(page.locator(".form-errors, .error, .is-invalid")).to_have_count(0)  # none refused
    if slug == "speculation":  # the sales added were recorded with their deals
        sold = [len(deal.data.get("sales", [])) for deal in game.deals.all()]
        assert sold == [int(number % 3 == 0) for number in range(1, deals + 1)]
    if deals < 12:  # the game is over: its winner shown, no form for another deal
        expect(page.locator("#live .final")).to_be_visible()
        expect(form).to_have_count(0)
    totals = page.locator("#live table.accounts tbody tr .total").all_inner_texts()
    last = page.locator(".evening-chart .chart-figures tbody tr").last
    drawn = last.locator("td").all_text_contents()
    expect(last.locator("th")).to_have_text(str(deals))
    assert sorted(t.strip() for t in drawn) == sorted(t.strip() for t in totals)
    assert len(totals) == len(NAMES) and any(re.match(r"^\+?[1-9]", t.strip()) for t in totals)
    axe_check(page, f"{slug} after {deals} deals{lang}")
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
