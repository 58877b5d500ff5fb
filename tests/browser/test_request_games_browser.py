"""The games settled from one request at the table, in Chromium, on a phone-sized and a desktop
window, with axe on each page: a hand of Vingt-un, of Speculation and of All Fours settled by
typing, a bad card marked beside its field, the editing buttons with and without JavaScript.

Expectations are the engines' own answers to the same requests (``game.answer``), read
independently of the page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from games.engine.games import RequestGame, get
from games.table.request import REQUEST_PREFIX, request_verdict
from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE_AXE = pytest.mark.browser_context_args(bypass_csp=True, **PHONE)
DESKTOP_AXE = pytest.mark.browser_context_args(bypass_csp=True, **DESKTOP)
P = REQUEST_PREFIX


def control(page: Page, path: str):
    return page.locator("#f-" + (P + path).replace(".", "-"))


def game(slug: str) -> RequestGame:
    found = get(slug)
    assert isinstance(found, RequestGame)
    return found


def expected(slug: str, request: dict) -> str:
    found = game(slug)
    return request_verdict(found, found.answer(request, found.configure()))


def open_example(page: Page, slug: str) -> None:
    """The game's page, then its worked example ("Show an example": the page starts blank)."""
    page.goto(f"/table/{slug}/")
    page.locator("#example-link").click()
    page.wait_for_url(re.compile(r".*r-.*"))


def _fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@PHONE_AXE
def test_phone_settles_a_hand_of_vingt_un_and_marks_a_bad_card(page: Page, axe_check):
    open_example(page, "vingt-un")
    axe_check(page, "Vingt-un example on a phone")
    _fits(page)
    request: dict[str, Any] = game("vingt-un").example()
    expect(page.locator("#verdict-text")).to_have_text(expected("vingt-un", request))
    # Player 3 (index 2) now stands on 19, typed in place of his cards.
    control(page, "players.2.hands.0.cards").fill("10S 9D")
    control(page, "players.2.hands.0.cards").press("Tab")
    players: list[Any] = [dict(p) for p in request["players"]]
    hands = [dict(h) for h in players[2]["hands"]]
    hands[0] = {**hands[0], "cards": ["10S", "9D"]}
    players[2] = {**players[2], "hands": hands}
    changed = {**request, "players": players}
    expect(page.locator("#verdict-text")).to_have_text(expected("vingt-un", changed))
    expect(page).to_have_url(re.compile(r"r-players\.2\.hands\.0\.cards=10S\+9D"))
    axe_check(page, "Vingt-un settled on a phone")
    # A card that is not one: marked beside its field, naming the player, the rest kept.
    field = control(page, "players.3.hands.0.cards")
    field.fill("AH ZZ")
    field.press("Enter")
    field = control(page, "players.3.hands.0.cards")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(page.locator(f"#f-{P}players-3-hands-0-cards-error")).to_contain_text("layer 4")
    expect(control(page, "players.2.hands.0.cards")).to_have_value("10S 9D")
    axe_check(page, "Vingt-un with a mistake on a phone")


@DESKTOP_AXE
def test_desktop_settles_speculation_and_adds_a_sale(page: Page, axe_check):
    open_example(page, "speculation")
    request = game("speculation").example()
    expect(page.locator("#verdict-text")).to_have_text(expected("speculation", request))
    axe_check(page, "Speculation example on a desktop")
    sales = len(request.get("sales", []))
    page.get_by_role("button", name="Add a sale").click()
    expect(control(page, f"sales.{sales}.card")).to_be_visible()
    expect(control(page, f"sales.{sales}.card")).to_have_value("")
    axe_check(page, "Speculation with a sale being added")
    page.get_by_role("button", name=re.compile(f"^Remove sale {sales + 1}$")).click()
    expect(control(page, f"sales.{sales}.card")).to_have_count(0)
    expect(page.locator("#verdict-text")).to_have_text(expected("speculation", request))


@pytest.mark.browser_context_args(java_script_enabled=False, **PHONE)
def test_without_javascript_all_fours_switches_to_two_players_and_back(page: Page):
    open_example(page, "all-fours")
    request = game("all-fours").example()
    expect(page.locator("#verdict-text")).to_have_text(expected("all-fours", request))
    page.get_by_role("button", name="Two players").click()
    expect(control(page, "hands.2")).to_have_count(0)
    expect(control(page, "hands.1")).to_be_visible()
    page.get_by_role("button", name="Four, as partners").click()
    expect(control(page, "hands.3")).to_be_visible()


@PHONE_AXE
def test_phone_all_fours_example_is_accessible_and_fits(page: Page, axe_check):
    open_example(page, "all-fours")
    expect(page.locator("#verdict-text")).to_contain_text("score")
    _fits(page)
    axe_check(page, "All Fours on a phone")
    page.locator(".house-rules summary").click()
    axe_check(page, "All Fours house rules open on a phone")


@pytest.mark.browser_context_args(java_script_enabled=False, **DESKTOP)
def test_without_javascript_vingt_un_divides_a_pair_and_adds_a_player(page: Page):
    open_example(page, "vingt-un")
    cards = control(page, "players.2.hands.0.cards")
    cards.fill("8S 8H")
    page.get_by_role("button", name="Divide a pair player 3").click()
    expect(control(page, "players.2.hands.0.cards")).to_have_value("8S")
    expect(control(page, "players.2.hands.1.cards")).to_have_value("8H")
    count = len(game("vingt-un").example()["players"])
    page.get_by_role("button", name="Add a player").click()
    expect(control(page, f"players.{count}.hands.0.cards")).to_have_value("")


@pytest.mark.browser_context_args(**PHONE)
def test_a_board_brought_back_by_a_mistake_keeps_what_is_typed_meanwhile(page: Page):
    """A mistake brings the whole board back (each field's mark and message). One that lands
    while the next field is being typed in is merged into the page: that field keeps its
    text and its focus; the mistake is marked beside its own field."""
    open_example(page, "vingt-un")
    wrong = control(page, "players.3.hands.0.cards")
    wrong.fill("AH ZZ")  # sent on leaving the field; its answer is slowed below
    typing = control(page, "players.2.hands.0.cards")
    request_url = re.compile(r".*/table/vingt-un/\?.*")
    pending: list[Any] = []
    page.route(request_url, lambda route: pending.append(route), times=1)
    typing.focus()  # the change of the wrong field goes out now
    page.wait_for_timeout(200)
    assert pending, "the change was sent"
    typing.fill("10S 9")  # typed while the answer is on its way
    pending[0].continue_()
    expect(control(page, "players.3.hands.0.cards")).to_have_attribute("aria-invalid", "true")
    expect(typing).to_have_value("10S 9")
    expect(typing).to_be_focused()


def _result_request(players: int, dealer: int, taken: dict[str, Any]) -> dict[str, Any]:
    return {"players": players, "dealer": dealer, "taken": taken}


@PHONE_AXE
def test_phone_all_fours_result_only_in_at_most_six_taps(page: Page, axe_check):
    """From the blank page, a deal entered as who took each point: every tap counted (a tap
    is a touch on the screen; nothing is typed)."""
    page.goto("/table/all-fours/")
    taps = 0

    def tap(locator) -> None:
        nonlocal taps
        locator.tap()
        taps += 1

    tap(page.get_by_role("button", name="Only who took each point"))
    high = page.get_by_role("group", name="High")
    expect(high).to_be_visible()
    axe_check(page, "All Fours result-only board on a phone")
    _fits(page)
    tap(high.get_by_label("Player 1"))
    tap(page.get_by_role("group", name="Low").get_by_label("Player 2"))
    tap(page.get_by_role("group", name="Jack").get_by_label("Player 1"))
    tap(page.get_by_role("group", name="Game").get_by_label("Nobody"))
    taken = {"high": 0, "low": 1, "jack": 0, "game": None}
    want = expected("all-fours", _result_request(2, 0, taken))
    assert want == "Player 1 scores 2; player 2 scores 1."
    expect(page.locator("#verdict-text")).to_have_text(want)
    assert taps <= 6, taps
    expect(page.locator("#why-title")).to_be_visible()
    expect(page.locator(".why")).to_contain_text("Entered as the side that took each point")
    expect(page).to_have_url(re.compile(r"r-taken\.game=nobody"))
    axe_check(page, "All Fours result-only answer on a phone")
    _fits(page)
    # Four as partners: the groups name the sides by their players; a change re-answers.
    page.get_by_role("button", name="Four, as partners").tap()
    expect(page.get_by_role("group", name="High").get_by_label("Players 1 and 3")).to_be_visible()
    page.get_by_role("group", name="Game").get_by_label("Players 2 and 4").tap()
    taken_four = {"high": 0, "low": 1, "jack": 0, "game": 1}
    want = expected("all-fours", _result_request(4, 0, taken_four))
    expect(page.locator("#verdict-text")).to_have_text(want)
    # And back to the cards: the trump and the hands, no group.
    page.get_by_role("button", name="The cards").tap()
    expect(control(page, "trump")).to_be_visible()
    expect(page.get_by_role("group", name="High")).to_have_count(0)


@pytest.mark.browser_context_args(java_script_enabled=False, **PHONE)
def test_without_javascript_all_fours_result_only_settles_and_names_a_missing_point(page: Page):
    page.goto("/table/all-fours/")
    page.get_by_role("button", name="Only who took each point").click()
    page.get_by_role("group", name="High").get_by_label("Player 2").click()
    page.get_by_role("group", name="Jack").get_by_label("Nobody").click()
    page.get_by_role("group", name="Game").get_by_label("Player 2").click()
    page.get_by_role("button", name="Settle this hand").click()
    low = control(page, "taken.low")
    expect(low).to_have_attribute("aria-invalid", "true")
    expect(page.locator(f"#f-{P}taken-low-error")).to_contain_text("Low is missing")
    expect(page.get_by_role("group", name="High").get_by_label("Player 2")).to_be_checked()
    page.get_by_role("group", name="Low").get_by_label("Player 2").click()
    page.get_by_role("button", name="Settle this hand").click()
    taken = {"high": 1, "low": 1, "jack": None, "game": 1}
    want = expected("all-fours", _result_request(2, 0, taken))
    expect(page.locator("#verdict-text")).to_have_text(want)


@PHONE_AXE
def test_phone_all_fours_result_only_in_swedish(page: Page, axe_check):
    page.goto("/sv/table/all-fours/")
    page.get_by_role("button", name="Bara vem som tog varje poäng").tap()
    page.get_by_role("group", name="Högsta trumf").get_by_label("Spelare 2").tap()
    page.get_by_role("group", name="Lägsta trumf").get_by_label("Spelare 2").tap()
    page.get_by_role("group", name="Trumfknekt").get_by_label("Ingen").tap()
    page.get_by_role("group", name="Game (flest poäng)").get_by_label("Spelare 1").tap()
    expect(page.locator("#verdict-text")).to_have_text("Spelare 1 får 1; spelare 2 får 2.")
    expect(page.locator(".why")).to_contain_text("Angivet som det lag som tog varje poäng")
    axe_check(page, "All Fours result-only answer in Swedish on a phone")
    _fits(page)


def _names_and_shared_kept(page: Page, names: tuple[str, ...]) -> None:
    for i, name in enumerate(names):
        expect(page.locator(f"#f-{P}name-{i}")).to_have_value(name)
    expect(control(page, "dealer")).to_have_value("1")
    expect(control(page, "begged")).to_be_checked()


def _switch_both_ways_by_name(page: Page, click: str) -> None:
    """On the blank cards board: names, the dealer and a beg entered; to "only who took each
    point" and back, everything both ways share kept, the sides and refusals by name."""
    page.goto("/table/all-fours/")
    names = ("Ann", "Bo")
    for i, name in enumerate(names):
        page.locator(f"#f-{P}name-{i}").fill(name)
    control(page, "dealer").select_option("1")
    control(page, "begged").check()
    getattr(page.get_by_role("button", name="Only who took each point"), click)()
    expect(page.get_by_role("group", name="High")).to_be_visible()
    _names_and_shared_kept(page, names)
    high = page.get_by_role("group", name="High")
    expect(high.get_by_label("Ann", exact=True)).to_be_visible()
    getattr(high.get_by_label("Bo", exact=True), click)()
    getattr(page.get_by_role("group", name="Jack").get_by_label("Nobody"), click)()
    getattr(page.get_by_role("group", name="Game").get_by_label("Ann", exact=True), click)()
    page.get_by_role("button", name="Settle this hand").click()
    expect(control(page, "taken.low")).to_have_attribute("aria-invalid", "true")
    low_error = page.locator(f"#f-{P}taken-low-error")
    expect(low_error).to_contain_text("say which side took it, Ann or Bo")
    expect(low_error).not_to_contain_text("0 (")
    getattr(page.get_by_role("group", name="Low").get_by_label("Bo", exact=True), click)()
    page.get_by_role("button", name="Settle this hand").click()
    taken = {"high": 1, "low": 1, "jack": None, "game": 0}
    request = {**_result_request(2, 1, taken), "begged": True}
    found = game("all-fours")
    want = request_verdict(found, found.answer(request, found.configure()), list(names))
    assert "Ann" in want and "Bo" in want
    expect(page.locator("#verdict-text")).to_have_text(want)
    getattr(page.get_by_role("button", name="The cards"), click)()
    expect(control(page, "trump")).to_be_visible()
    _names_and_shared_kept(page, names)


@PHONE_AXE
def test_phone_all_fours_switching_the_way_of_entering_keeps_names_and_dealer(
    page: Page, axe_check
):
    _switch_both_ways_by_name(page, "tap")
    axe_check(page, "All Fours back to the cards, named, on a phone")


@pytest.mark.browser_context_args(java_script_enabled=False, **PHONE)
def test_without_javascript_switching_the_way_of_entering_keeps_names_and_dealer(page: Page):
    _switch_both_ways_by_name(page, "click")
