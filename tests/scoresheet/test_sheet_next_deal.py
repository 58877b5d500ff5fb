"""The form for the next deal of a Vingt-un, Speculation or All Fours sheet (issue 20, item 1):
after each deal recorded, with htmx as without, it has the next dealer the page names chosen
and the house amounts of the game (Speculation's pool) filled in, so the next deal is never
refused for a value the form itself emptied; it names the players by their names, and offers
no button that changes who sits at the table (a 2-player All Fours sheet: no "Four, as
partners"). The deals are the games' own examples, the dealer being the one the form chose."""

from __future__ import annotations

import re
import secrets
from html import unescape
from typing import Any

import pytest

from games.engine.games import get
from games.request_forms import flatten
from tests.scoresheet.sheet_factory import make_game

pytestmark = pytest.mark.django_db
NAMES = ["Anna", "Bertil", "Cecilia", "Dag", "Eva"]
P = "entry-"


def chosen(body: str, name: str) -> str | None:
    select = re.search(rf'<select name="{re.escape(name)}"[^>]*>(.*?)</select>', body, re.S)
    assert select, f"no {name}"
    found = re.search(r'<option value="([^"]*)" selected>', select.group(1))
    return found.group(1) if found else None


def value(body: str, name: str) -> str | None:
    found = re.search(rf'<input[^>]*name="{re.escape(name)}"[^>]*value="([^"]*)"', body)
    return unescape(found.group(1)) if found else None


def next_dealer_named(body: str) -> str:
    found = re.search(r"Next deal: <strong>([^<]+)</strong>", body)
    assert found, "the page names the next dealer"
    return unescape(found.group(1))


def deal_for(slug: str, body: str) -> dict[str, Any]:
    """The game's example, dealt by the dealer the form chose, with the house amounts the
    form holds (what a player leaves as it is)."""
    request = get(slug).example()  # type: ignore[attr-defined]
    dealer = int(chosen(body, P + "dealer") or 0)
    if isinstance(request["players"], list):  # the example's seats turned: its dealer deals
        seats = request["players"]
        turn = request["dealer"] - dealer
        request["players"] = [seats[(k + turn) % len(seats)] for k in range(len(seats))]
    request = {**request, "dealer": dealer}
    if slug == "speculation":
        request["sales"] = []
        request["pool"] = {k: value(body, f"{P}pool.{k}") for k in ("dealer", "others")}
    return request


@pytest.mark.parametrize(
    ("slug", "players"), [("vingt-un", 4), ("speculation", 5), ("all-fours", 4), ("all-fours", 2)]
)
@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_the_next_deal_form_keeps_the_dealer_and_the_house_amounts(client, slug, players, htmx):
    names = NAMES[:players]
    game = make_game(slug, names, stake="")
    body = client.get(f"/sheet/{game.token}/").content.decode()
    for number in range(1, 4):
        request = deal_for(slug, body)
        if slug == "all-fours" and players == 2:
            request = {**request, "players": 2, "hands": request["hands"][:2]}
            request["tricks"] = [request["hands"][0] + request["hands"][1], []]
            request["dealer"] = request["dealer"] % 2
        game.refresh_from_db()
        sent = {k: v for k, v in flatten(request, P) if k != P + "sales"}  # no sale: no field
        fields = {
            **sent,
            "version": game.version,
            "key": secrets.token_urlsafe(16),
        }
        headers = {"HX-Request": "true"} if htmx else {}
        answer = client.post(f"/sheet/{game.token}/deals/", fields, headers=headers)
        assert answer.status_code in (200, 303), (
            number,
            re.findall(r"error[^>]*>([^<]+)<", answer.content.decode()),
        )
        page = client.get(f"/sheet/{game.token}/").content.decode()
        form = answer.content.decode() if htmx else page
        dealer = chosen(form, P + "dealer")
        assert dealer is not None and names[int(dealer)] == next_dealer_named(page), number
        if slug == "speculation":
            assert value(form, f"{P}pool.dealer") and value(form, f"{P}pool.others")
        body = form if htmx else page
    for name in names:  # the players by name: the dealer's choice and each player's fields
        assert f">{name}</option>" in body
    assert "Player 1" not in body.split('id="deal-form"', 1)[-1].split("</form>", 1)[0]
    assert "Add a player" not in body and "Four, as partners" not in body


@pytest.mark.parametrize("typed", ["AS KS QS", "as,ks,qs", "A♠ K♠ Q♠"])
def test_a_whole_hand_typed_into_one_box_is_spread_over_the_players_boxes(client, typed):
    """Issue 20: the sheet's entry as the table's: a hand typed into its first box is read as
    the three cards; four cards in three boxes are still refused beside the box."""
    from tests.scoresheet.sheet_factory import HANDS_4

    game = make_game("peel-new", NAMES[:4])
    fields: dict[str, Any] = {"mode": "hands", "dealer": 0, "stood": 1, "version": game.version}
    fields["key"] = secrets.token_urlsafe(16)
    for i, hand in enumerate(HANDS_4):
        fields[f"bought_{i}"] = 0
        for j, card in enumerate(hand):
            fields[f"card_{i}_{j}"] = card
    fields.update({"card_0_0": typed, "card_0_1": "", "card_0_2": ""})
    freed = {"AS": "2C", "KS": "3C", "QS": "4C"}  # player 1's cards, taken from the others
    for i in range(1, 4):
        for j in range(3):
            card = str(fields[f"card_{i}_{j}"]).upper()
            fields[f"card_{i}_{j}"] = freed.get(card, card)
    answer = client.post(f"/sheet/{game.token}/deals/", fields)
    assert answer.status_code == 303, re.findall(r"error[^>]*>([^<]+)<", answer.content.decode())
    stored = game.deals.get().data["hands"][0]
    assert [c.upper() for c in stored] == ["AS", "KS", "QS"]
    too_many = {**fields, "card_0_0": "AS KS QS JS", "version": game.version + 1}
    refused = client.post(f"/sheet/{game.token}/deals/", too_many)
    assert refused.status_code == 400


def test_coxs_supply_bases_are_kept_from_hand_to_hand(client):
    """The sheet read after a hand is from its stored state, which has no rows: the bases fell
    back to the book's first ones after every hand (found by the sheet's helper session)."""
    from tests.scoresheet.sheet_factory import post_deal

    game = make_game("cox", ["Ann", "Bob"], stake="")
    deal = {"mode": "result", "bases": [2, 4], "scores": [3, 1]}
    assert post_deal(client, game, deal).status_code in (200, 303)
    page = client.get(f"/sheet/{game.token}/").content.decode()
    assert chosen(page, "base_0") == "2" and chosen(page, "base_1") == "4"


def test_speculations_pool_comes_from_the_sheets_house_rules(client):
    game = make_game("speculation", NAMES[:3], stake="", pool_dealer="3", pool_others="2")
    page = client.get(f"/sheet/{game.token}/").content.decode()
    assert value(page, f"{P}pool.dealer") == "3" and value(page, f"{P}pool.others") == "2"


def test_a_number_of_players_forced_onto_a_sheet_is_refused_not_recorded(client):
    """The form offers no other number of players on a sheet; one forced in is refused."""
    from games.scoresheet.models import Deal

    game = make_game("all-fours", NAMES[:2], stake="")
    fields = dict(flatten(get("all-fours").example(), P))  # type: ignore[attr-defined]
    answer = client.post(
        f"/sheet/{game.token}/deals/",
        {**fields, "version": game.version, "key": secrets.token_urlsafe(16)},
    )
    assert answer.status_code == 400
    assert "This sheet has 2 players, and the deal has 4" in answer.content.decode()
    assert not Deal.objects.filter(game=game).exists()


def way(form: str) -> str:
    """How the deal form asks for an All Fours deal: "result" (who took each point) or
    "cards" (the trumps and everyone's cards)."""
    form = form.split('id="deal-form"', 1)[-1].split("</form>", 1)[0]
    result = f'name="{P}taken.high"' in form and "only who took each point" in form
    cards = f'name="{P}trump"' in form and f'name="{P}hands.0"' in form
    assert result != cards, form[:3000]
    return "result" if result else "cards"


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_all_fours_entered_by_its_result_keeps_that_way_for_the_next_deal(client, players, htmx):
    """Issue 20: a scorer who entered only who took High, Low, Jack and Game gets the next
    deal's form that way again (it came back asking for the cards), with the next dealer
    chosen and the players by name; a deal entered by its cards brings the cards back."""
    names = NAMES[:players]
    game = make_game("all-fours", names, stake="")
    headers = {"HX-Request": "true"} if htmx else {}
    body = client.get(f"/sheet/{game.token}/").content.decode()
    assert way(body) == "cards"  # a new sheet: the cards, the game's own first way
    for number in range(1, 4):
        dealer = chosen(body, P + "dealer")
        taken = {"high": "0", "low": "1", "jack": "nobody", "game": "nobody"}  # 1 each
        request = {"players": str(players), "dealer": dealer, "taken": taken}
        game.refresh_from_db()
        fields = {**dict(flatten(request, P)), "version": game.version}
        fields["key"] = secrets.token_urlsafe(16)
        answer = client.post(f"/sheet/{game.token}/deals/", fields, headers=headers)
        assert answer.status_code in (200, 303), re.findall(
            r"error[^>]*>([^<]+)<", answer.content.decode()
        )
        page = client.get(f"/sheet/{game.token}/").content.decode()
        body = answer.content.decode() if htmx else page
        assert way(body) == "result", number
        assert way(page) == "result", number
        dealer = chosen(body, P + "dealer")
        assert dealer is not None and names[int(dealer)] == next_dealer_named(page), number
        form = body.split('id="deal-form"', 1)[-1].split("</form>", 1)[0]
        assert all(name in form for name in names) and "Player 1" not in form
        assert "Four, as partners" not in form
    if players == 4:  # back to the cards: the next deal asks for the cards again
        request = deal_for("all-fours", body)
        game.refresh_from_db()
        fields = {**dict(flatten(request, P)), "version": game.version}
        fields["key"] = secrets.token_urlsafe(16)
        answer = client.post(f"/sheet/{game.token}/deals/", fields, headers=headers)
        assert answer.status_code in (200, 303)
        assert way(client.get(f"/sheet/{game.token}/").content.decode()) == "cards"


def checked_mode(body: str) -> str | None:
    found = re.search(r'<input type="radio" name="mode" value="(\w+)"[^>]*checked', body)
    return found.group(1) if found else None


@pytest.mark.parametrize(
    ("slug", "names", "first", "deal"),
    [
        (
            "peel-new",
            NAMES[:3],
            "hands",
            {
                "dealer": 0,
                "stood": 1,
                "bought": [0, 0, 0],
                "mode": "result",
                "places": [1, 2, 3],
                "categories": ["tricon", "pair", "point"],
            },
        ),
        ("cox", NAMES[:2], "cards", {"mode": "result", "bases": [1, 3], "scores": [3, 1]}),
    ],
)
def test_only_the_result_is_kept_for_the_next_deal(client, slug, names, first, deal):
    """The other games too: the next deal's form is entered the way the scorer chose last."""
    from tests.scoresheet.sheet_factory import post_deal

    game = make_game(slug, names, stake="" if slug == "cox" else "1")
    assert checked_mode(client.get(f"/sheet/{game.token}/").content.decode()) == first
    assert post_deal(client, game, deal).status_code == 303
    assert checked_mode(client.get(f"/sheet/{game.token}/").content.decode()) == "result"
    answer = post_deal(client, game, {**deal, "dealer": 1} if "dealer" in deal else deal, htmx=True)
    assert answer.status_code == 200 and checked_mode(answer.content.decode()) == "result"


def _first_hand_ticked(body: str) -> bool:
    box = re.search(rf'<input[^>]*name="{P}first_hand"[^>]*>', body)
    assert box, "the first-hand box"
    return " checked" in box.group(0)


def _without_the_natural(request: dict[str, Any]) -> dict[str, Any]:
    """The example with its natural (AH KS) made 11 in three cards: nobody holds one."""
    players = [
        {
            "hands": [
                {**h, "cards": ["5H", "4C", "2D"]} if h["cards"] == ["AH", "KS"] else h
                for h in p["hands"]
            ]
        }
        for p in request["players"]
    ]
    return {**request, "players": players}


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_vingt_uns_first_hand_is_ticked_when_the_deal_has_passed(client, htmx):
    """Vingt-un's "first hand of the deal" (a natural in it does not put the dealer out) is
    what the sheet knows: ticked for the evening's first deal and after the deal passed,
    not while the dealer keeps it. Left to the scorer, a forgotten tick put the dealer out."""
    game = make_game("vingt-un", NAMES[:4], stake="")
    body = client.get(f"/sheet/{game.token}/").content.decode()
    assert _first_hand_ticked(body)
    # A natural in the first hand: the dealer keeps the deal; in the second, he is put out
    # and the deal passes; the new dealer's first hand has no natural: he keeps it.
    for natural, ticked in ((True, False), (True, True), (False, False)):
        request = deal_for("vingt-un", body)  # the example, seated for the dealer chosen
        if not natural:
            request = _without_the_natural(request)
        request["first_hand"] = _first_hand_ticked(body)
        game.refresh_from_db()
        fields = {
            **dict(flatten(request, P)),
            "version": game.version,
            "key": secrets.token_urlsafe(16),
        }
        headers = {"HX-Request": "true"} if htmx else {}
        answer = client.post(f"/sheet/{game.token}/deals/", fields, headers=headers)
        assert answer.status_code in (200, 303), answer.content.decode()[:300]
        page = client.get(f"/sheet/{game.token}/").content.decode()
        body = answer.content.decode() if htmx else page
        assert _first_hand_ticked(body) is ticked, (natural, next_dealer_named(page))
