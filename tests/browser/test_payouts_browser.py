"""The payout calculators in Chromium, on a desktop and a phone-sized screen, with axe on
every page visited: a Peel new-game payout, a bad card fixed, a Pool Commerce game played to
its end, a Cox deal counted and recorded; tap targets measured; and the same without
JavaScript."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
NO_CSP = {"bypass_csp": True}

CONTROLS = (
    "main button, main input[type=text], main input[type=number], main select, "
    "main summary, main .pay-chip, main .pay-tick, main .pay-check"
)


def mark_page(page: Page) -> None:
    """A flag that only survives while the page is never reloaded."""
    page.evaluate("window.__stayed = true")


def stayed(page: Page) -> bool:
    return bool(page.evaluate("window.__stayed === true"))


def type_into(page: Page, label: str, text: str) -> None:
    """``text`` typed into the field labelled ``label``, then Tab, as a person leaves it: the
    field holds the text before it is left, so a name lost later is lost by the page."""
    field = page.get_by_label(label, exact=True)
    field.fill(text)
    expect(field).to_have_value(text)
    field.press("Tab")


@pytest.mark.browser_context_args(**NO_CSP, **DESKTOP)
def test_compute_a_peel_new_game_payout(page: Page, axe_check):
    compute_a_peel_new_game_payout(page, axe_check)


@pytest.mark.browser_context_args(**NO_CSP, **PHONE)
def test_compute_a_peel_new_game_payout_on_a_phone(page: Page, axe_check):
    compute_a_peel_new_game_payout(page, axe_check)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def compute_a_peel_new_game_payout(page: Page, axe_check) -> None:
    page.goto("/pay/")
    axe_check(page, "payouts index")
    page.get_by_role("link", name="Peel's new game").click()
    expect(page).to_have_url(re.compile(r"/pay/peel-new/$"))
    axe_check(page, "new game, empty")
    mark_page(page)
    players = page.locator(".pay-player")
    players.nth(0).get_by_label("Name").fill("Ann")
    players.nth(0).get_by_label("Cards", exact=True).fill("AS KS QS")
    players.nth(1).get_by_label("Cards", exact=True).fill("9H 9D 2C")
    players.nth(1).get_by_label("Cards bought").fill("1")
    players.nth(2).get_by_label("Cards", exact=True).fill("5C 6D 8H")
    players.nth(2).get_by_label("Cards bought").fill("2")
    page.get_by_role("radiogroup", name="Who stood?").get_by_role("radio", name="Player 2").check()
    heading = page.locator("#result-heading")
    expect(heading).to_have_text("Ann wins with sequence queen-king-ace of spades.")
    net = page.locator("table.pay-net tbody tr td.pay-money")
    expect(net).to_have_text(["+6", "−3", "−3"])
    expect(page.locator("table.pay-net tfoot td.num")).to_have_text("0")
    expect(page).to_have_url(re.compile(r"hand1=AS\+KS\+QS.*stood=2"))
    assert stayed(page), "the page reloaded"
    expect(page.locator("#pay-status")).to_contain_text("Ann +6")
    expect(page.locator("figure.quote blockquote[cite$='#ready-money']")).to_have_count(1)
    axe_check(page, "new game, settled")
    # A house rule: the beaten stander's stake shared; the result follows at once.
    page.locator("details.pay-rules summary").click()
    page.get_by_label("A beaten stander pays").select_option("shared")
    expect(page.locator(".ruling").first).to_be_visible()
    expect(page).to_have_url(re.compile(r"stander_pays=shared"))
    page.go_back()  # the previous result, as a whole page
    expect(page).to_have_url(re.compile(r"stander_pays=each"))
    expect(page.locator("header.site-header")).to_have_count(1)
    expect(page.locator("#calculator")).to_have_count(1)
    expect(page.get_by_label("A beaten stander pays")).to_have_value("each")
    # The permalink reproduces the result on a fresh load.
    page.goto(page.url)
    expect(page.locator("table.pay-net tbody tr td.pay-money")).to_have_text(["+6", "−3", "−3"])


@pytest.mark.browser_context_args(**NO_CSP, **PHONE)
def test_fix_a_bad_card_on_a_phone(page: Page, axe_check):
    fix_a_bad_card(page, axe_check)


@pytest.mark.browser_context_args(**NO_CSP, **DESKTOP)
def test_fix_a_bad_card(page: Page, axe_check):
    fix_a_bad_card(page, axe_check)


def fix_a_bad_card(page: Page, axe_check) -> None:
    page.goto("/pay/peel-old/")
    mark_page(page)
    players = page.locator(".pay-player")
    players.nth(0).get_by_label("Cards", exact=True).fill("AS KS QS")
    players.nth(1).get_by_label("Cards", exact=True).fill("9H 9D 2C")
    bad = players.nth(2).get_by_label("Cards", exact=True)
    bad.fill("5C 6D XX")
    bad.press("Tab")
    expect(bad).to_have_attribute("aria-invalid", "true")
    message = page.locator("#id_hand3_error")
    expect(message).to_contain_text("'XX' is not a card")
    assert "id_hand3_error" in (bad.get_attribute("aria-describedby") or "")
    expect(page.get_by_role("alert")).to_contain_text("Player 3: cards")
    expect(players.nth(0).get_by_label("Cards", exact=True)).to_have_value("AS KS QS")
    axe_check(page, "old game with a bad card")
    bad.fill("5C 6D 8H")
    bad.press("Tab")
    expect(page.locator("#result-heading")).to_have_text(
        "Player 1 wins with sequence queen-king-ace of spades."
    )
    expect(page.locator("#id_hand3_error")).to_have_count(0)
    expect(page.locator("table.pay-net td.pay-money")).to_have_text(["+2", "−1", "−1"])
    assert stayed(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    axe_check(page, "old game settled")


@pytest.mark.browser_context_args(**NO_CSP, **PHONE)
def test_a_pool_commerce_game_to_its_end_on_a_phone(page: Page, axe_check):
    play_pool_commerce_to_the_end(page, axe_check)


@pytest.mark.browser_context_args(**NO_CSP, **DESKTOP)
def test_a_pool_commerce_game_to_its_end(page: Page, axe_check):
    play_pool_commerce_to_the_end(page, axe_check)


def play_pool_commerce_to_the_end(page: Page, axe_check) -> None:
    page.goto("/pay/pool/")
    axe_check(page, "pool, new game")
    mark_page(page)
    expect(page.locator(".pay-name-row")).to_have_count(3)
    for i, name in enumerate(["Ann", "Bo", "Cy"], start=1):
        type_into(page, f"Name of player {i}", name)
    # Every name typed reached the server and came back in the permalink it pushed.
    expect(page).to_have_url(re.compile(r"name1=Ann&name2=Bo&name3=Cy&"))
    for i, name in enumerate(["Ann", "Bo", "Cy"], start=1):
        expect(page.get_by_label(f"Name of player {i}", exact=True)).to_have_value(name)

    def play(deal: int, winner: str, worst: str) -> None:
        box = page.locator(f"#deal-{deal}")
        box.get_by_role("checkbox", name=f"Won ({winner}, deal {deal})").check()
        box.get_by_role("checkbox", name=f"Worst ({worst}, deal {deal})").check()
        expect(box.locator(".pay-after")).to_be_visible()

    play(1, "Ann", "Cy")
    play(2, "Bo", "Cy")
    play(3, "Ann", "Cy")
    expect(page.locator("#deal-3 .pay-after")).to_contain_text("Cy is out")
    expect(page.get_by_text("Cy buys a horse for 0.5")).to_be_visible()  # the registry's price
    axe_check(page, "pool, a player out")
    play(4, "Ann", "Bo")
    play(5, "Ann", "Bo")
    play(6, "Ann", "Bo")
    expect(page.locator("#result-heading")).to_have_text(
        "Game over: Ann is the last with counters."
    )
    expect(page.locator("#deal-7")).to_have_count(0)
    nets = page.locator("table.pay-net tbody tr td.pay-money")
    expect(nets).to_have_text(["+5", "−2", "−3"])  # 5 prizes and the 3 left, less 3
    expect(page.get_by_text("The pool pays 3 to Ann")).to_be_visible()
    assert stayed(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    axe_check(page, "pool, game over")


@pytest.mark.browser_context_args(**NO_CSP, **PHONE)
def test_an_older_answer_arriving_last_changes_nothing(page: Page):
    """An answer to an older question that arrives after a newer one was asked (sent by an
    element hx-sync cannot abort: here htmx.ajax, as an element an answer has replaced) is
    not merged: the name typed since and the pushed permalink stay the newer question's."""
    held = "name3=Old"
    routes = []
    page.route(re.compile(held), lambda route: routes.append(route))  # held back
    page.goto("/pay/pool/?name1=Ann&name2=Bo&name3=")
    mark_page(page)
    page.evaluate(  # not awaited: its answer is held
        "() => { htmx.ajax('GET', '/pay/pool/?name1=Ann&name2=Bo&" + held + "',"
        " {target: '#calculator', swap: 'morph'}); }"
    )
    type_into(page, "Name of player 3", "Cy")
    expect(page).to_have_url(re.compile(r"name3=Cy&"))
    assert len(routes) == 1
    with page.expect_response(re.compile(held)):
        routes[0].continue_()  # the older answer comes last
    page.wait_for_timeout(300)  # long enough for it to be merged and its address pushed
    expect(page).to_have_url(re.compile(r"name3=Cy&"))
    expect(page.get_by_label("Name of player 3", exact=True)).to_have_value("Cy")
    assert stayed(page)


@pytest.mark.browser_context_args(**NO_CSP, **DESKTOP)
def test_a_cox_deal(page: Page, axe_check):
    count_a_cox_deal(page, axe_check, phone=False)


@pytest.mark.browser_context_args(**NO_CSP, **PHONE)
def test_a_cox_deal_on_a_phone(page: Page, axe_check):
    count_a_cox_deal(page, axe_check, phone=True)


def count_a_cox_deal(page: Page, axe_check, *, phone: bool) -> None:
    page.goto("/pay/cox/")
    axe_check(page, "cox, empty")
    page.get_by_role("button", name=re.compile(r"^Remove player 3")).click()
    expect(page.locator(".pay-player")).to_have_count(2)
    players = page.locator(".pay-player")
    players.nth(0).get_by_label("Name").fill("Ann")
    players.nth(0).get_by_label("Cards laid out").fill(
        "ship-4 ship-4 ship-captain ship-2 ship-2 ship-2 fruit-1 bank"
    )
    players.nth(0).get_by_label("Supply base").fill("1")  # each player has his own base
    cards = players.nth(1).get_by_label("Cards laid out")
    cards.fill("auto-5 auto-5 auto-5 auto-1 auto-1 auto-1 auto-2 auto-2 greenback-3")
    players.nth(1).get_by_label("Supply base").fill("3")
    page.get_by_role("button", name="Count the hands").last.click()
    expect(page.locator("#hand-1-title")).to_have_text("1 · Ann: 18 points")
    expect(page.locator("#hand-2-title")).to_have_text("2 · Player 2: 14 points")
    axe_check(page, "cox, counted")
    page.get_by_role("button", name="Hand 1", exact=True).click()
    expect(page.get_by_label("Ann, hand 1")).to_have_value("18")
    expect(page.get_by_label("Player 2, hand 1")).to_have_value("14")
    expect(page.locator("#game-heading")).to_have_text("After 1 hand, Ann leads")
    expect(page).to_have_url(re.compile(r"score1_1=18"))
    if phone:
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    axe_check(page, "cox, game")


@pytest.mark.browser_context_args(**NO_CSP, **PHONE)
def test_tap_targets_are_big_enough_on_a_phone(page: Page, axe_check):
    pages = [
        "/pay/",
        "/pay/peel-new/?hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&dealer=1&stood=2",
        "/pay/swedish/?hand1=sE+sK+sD&hand2=h2+h3+h4&hand3=dK+cK+h5&dealer=2",
        "/pay/pool/?name1=&name2=&name3=&win1=1&worst1=3",
        "/pay/cox/?cards1=auto-1+auto-1+auto-1&cards2=ship-2+ship-2+ship-2",
    ]
    small = []
    measured = 0
    for url in pages:
        page.goto(url)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        boxes = page.evaluate(
            """(sel) => [...document.querySelectorAll(sel)]
                .filter(e => e.offsetParent !== null && !e.classList.contains('pay-default'))
                .map(e => [e.tagName + (e.id ? '#' + e.id : '') + ' ' + e.textContent.trim()
                           .slice(0, 20), e.getBoundingClientRect().height,
                           e.getBoundingClientRect().width])""",
            CONTROLS,
        )
        measured += len(boxes)
        small += [(url, *b) for b in boxes if b[1] < 44 or b[2] < 24]
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, url
        axe_check(page, url)
    assert measured > 50
    assert small == []


@pytest.mark.browser_context_args(**NO_CSP, **PHONE)
def test_every_link_of_the_reasons_is_big_enough_to_tap_on_a_phone(page: Page):
    # The reasons are the site's include; each paragraph's link (quoted, "as quoted above",
    # a ruling's nearest text) is at least 24 by 24 px.
    pages = [
        "/pay/peel-new/?hand1=9S+9H+KC&hand2=9D+9C+KD&hand3=2C+3D+5H&dealer=3&stood=3",
        "/pay/pool/?name1=&name2=&name3=&win1=1&worst1=3&win2=2&worst2=3",
        "/pay/cox/?cards1=auto-1+auto-1+auto-1&cards2=ship-2+ship-2+ship-2",
    ]
    small = []
    measured = 0
    for url in pages:
        page.goto(url)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        boxes = page.evaluate(
            """() => [...document.querySelectorAll('main .reasons a')]
                .filter(e => e.offsetParent !== null)
                .map(e => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect().height,
                           e.getBoundingClientRect().width])"""
        )
        measured += len(boxes)
        small += [(url, *b) for b in boxes if b[1] < 24 or b[2] < 24]
    assert measured > 20
    assert small == []


@pytest.mark.browser_context_args(java_script_enabled=False, **DESKTOP)
def test_without_javascript_every_button_still_works(page: Page):
    page.goto("/pay/peel-new/")
    page.get_by_role("button", name="Add a player").click()
    expect(page.locator(".pay-player")).to_have_count(4)
    page.get_by_role("button", name=re.compile(r"^Remove player 1")).click()
    players = page.locator(".pay-player")
    expect(players).to_have_count(3)
    players.nth(0).get_by_label("Cards", exact=True).fill("AS KS QS")
    players.nth(1).get_by_label("Cards", exact=True).fill("9H 9D 2C")
    players.nth(2).get_by_label("Cards", exact=True).fill("5C 6D 8H")
    page.get_by_role("radiogroup", name="Who dealt?").get_by_role("radio", name="Player 1").check()
    page.get_by_role("radiogroup", name="Who stood?").get_by_role("radio", name="Player 3").check()
    players.nth(2).get_by_label("Cards", exact=True).press("Enter")  # the default button
    expect(page.locator("#result-heading")).to_have_text(
        "Player 1 wins with sequence queen-king-ace of spades."
    )
    expect(page).to_have_url(re.compile(r"hand3=5C\+6D\+8H"))


@pytest.mark.browser_context_args(**NO_CSP, **PHONE)
def test_typing_swaps_the_result_and_never_what_is_typed(page: Page, axe_check):
    page.goto("/pay/peel-old/?stake=1&hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H")
    mark_page(page)
    expect(page.locator("#result-heading")).to_contain_text("Player 1 wins")
    answers = []
    page.on("response", lambda r: answers.append(r) if "/pay/" in r.url else None)
    name = page.locator(".pay-player").nth(0).get_by_label("Name")
    name.press_sequentially("Ann", delay=50)
    stake = page.get_by_label("Stake")
    stake.fill("1 / 2")  # typed while the answer for the name may be on its way
    stake.press_sequentially(" ", delay=10)
    expect(page.locator("#result-heading")).to_have_text(
        "Ann wins with sequence queen-king-ace of spades."
    )
    expect(page.locator("table.pay-net td.pay-money")).to_have_text(["+1", "−0.5", "−0.5"])
    # The form was never swapped: what was typed is as typed, the chips and legend follow.
    expect(name).to_have_value("Ann")
    expect(stake).to_have_value("1 / 2 ")
    expect(page.locator("#player-1 legend")).to_have_text("1 · Ann")
    expect(page.get_by_role("radiogroup", name="Who dealt?").get_by_text("Ann")).to_have_count(1)
    assert answers and all(r.headers.get("hx-retarget") == "#result" for r in answers)
    assert stayed(page)
    axe_check(page, "old game, typed")


@pytest.mark.browser_context_args(**NO_CSP, **DESKTOP)
def test_back_after_an_update_of_a_whole_game_shows_the_whole_page(page: Page):
    page.goto("/pay/pool/")
    page.get_by_role("checkbox", name="Won (Player 1, deal 1)").check()
    page.get_by_role("checkbox", name="Worst (Player 2, deal 1)").check()
    expect(page.locator("#deal-1 .pay-after")).to_be_visible()
    expect(page).to_have_url(re.compile(r"worst1=2"))
    page.go_back()
    expect(page.locator("header.site-header")).to_have_count(1)
    expect(page.locator("h1")).to_have_text("Pool Commerce")
    expect(page.locator("#calculator")).to_have_count(1)


@pytest.mark.browser_context_args(**NO_CSP, **PHONE)
def test_a_whole_calculator_arriving_while_typing_keeps_what_is_typed(page: Page, axe_check):
    """Pool Commerce's form follows its result, so its answers bring the whole calculator.
    One that lands while a name is being typed (its request left after "An", the player has
    typed "Ann" since) is merged into the page: the field being typed in keeps its text and
    its focus, everything else follows the server."""
    page.goto("/pay/pool/")
    page.get_by_role("checkbox", name="Won (Player 1, deal 1)").check()
    expect(page).to_have_url(re.compile(r"win1=1"))  # its answer is in: nothing in flight
    expect(page.locator("#deal-1 .pay-after")).to_have_count(0)  # no worst hand yet
    older = f"{page.url}&name1=An&name2=Bo&worst1=2"  # what the server was asked before
    page.route(
        re.compile(r".*/pay/pool/\?.*"),
        lambda route: route.continue_(url=older),
        times=1,
    )
    name = page.get_by_label("Name of player 1")
    name.press_sequentially("Ann")  # the next answer is the one for `older`
    expect(page.locator("#deal-1 .pay-after")).to_be_visible()  # the answer was swapped in
    expect(name).to_have_value("Ann")
    expect(name).to_be_focused()
    expect(page.get_by_label("Name of player 2")).to_have_value("Bo")
    expect(page.get_by_role("checkbox", name="Worst (Bo, deal 1)")).to_be_checked()
    axe_check(page, "pool, merged while typing")
