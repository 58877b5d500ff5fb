"""The score sheet as people use it, through its pages: every error at once and only the form
swapped; undo and redo; players joining and leaving; the grid, the paging of older deals and
who pays whom; a showdown from the table; a confirmation after an edit; writes that hold the
lock only to write."""

import html
import re
import secrets

import pytest
from django.test import Client

from games.scoresheet import ledger, store
from games.scoresheet.models import Change, Deal
from tests.scoresheet.sheet_factory import HANDS_4, action, entry, make_game, post_deal, post_fields

pytestmark = pytest.mark.django_db

PEEL_DEAL = {"dealer": 0, "stood": 1, "bought": [0, 1, 0, 2], "mode": "hands", "hands": HANDS_4}
HTMX = {"HX-Request": "true"}


@pytest.fixture
def client():
    return Client()


def text(response):
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def fields(game, **change):
    game.refresh_from_db()
    spec = game.spec()
    return {
        **post_fields(spec, PEEL_DEAL),
        "version": game.version,
        "key": secrets.token_urlsafe(16),
        **change,
    }


# --- Errors -------------------------------------------------------------------------------------


def test_every_error_at_once_beside_its_field_and_only_the_form_swapped(client):
    game = make_game("peel-new")
    response = client.post(
        f"/sheet/{game.token}/deals/",
        fields(game, stood="", card_1_0="AS", card_1_1="AS", card_1_2="ZZ"),
        headers=HTMX,
    )
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#deal-form" and response["HX-Reswap"] == "outerHTML"
    html = response.content.decode()
    assert html.lstrip().startswith('<form id="deal-form"')  # the form, not the page
    assert "<header" not in html and "site-header" not in html
    body = text(response)
    assert "4 things to correct" in body
    for words in (
        "Who stood: Choose the player who stood.",
        "Bob, card 1: AS is also in Ann's hand",
        "Bob, card 2: AS is written twice in this hand",
        "Bob, card 3: 'ZZ' is not a card",
    ):
        assert words.split(": ", 1)[1] in body
    assert re.search(r'id="id_card_1_2_error"[^>]*>[^<]*ZZ', html)
    assert re.search(r'id="id_stood_error"', html)
    assert 'href="#id_card_1_2"' in html  # the summary links to the field
    assert Deal.objects.count() == 0


def test_without_javascript_an_error_shows_the_whole_sheet(client):
    game = make_game("peel-new")
    response = client.post(f"/sheet/{game.token}/deals/", fields(game, card_2_0="ZZ"))
    assert response.status_code == 400
    assert "<html" in response.content.decode() and "Cy, card 1: 'ZZ' is not a card" in text(
        response
    )


def test_a_stale_htmx_form_gets_the_whole_sheet_back(client):
    game = make_game("peel-new")
    stale = fields(game)
    post_deal(client, game, PEEL_DEAL)
    response = client.post(f"/sheet/{game.token}/deals/", stale, headers=HTMX)
    assert response.status_code == 409
    assert response["HX-Retarget"] == "#sheet"
    assert "The sheet changed meanwhile" in text(response)


# --- Recording with htmx ------------------------------------------------------------------------


def test_recording_answers_with_the_next_form_and_what_changed(client):
    game = make_game("peel-new")
    post_deal(client, game, PEEL_DEAL)
    response = post_deal(client, game, {**PEEL_DEAL, "dealer": 1, "stood": 2}, htmx=True)
    assert response.status_code == 200
    html = response.content.decode()
    # the form again, ready for the next deal: its number, the next dealer, the sheet's
    # version now and a key of its own, every field empty
    assert html.lstrip().startswith('<form id="deal-form"')
    assert "Record deal 3" in text(response)
    game.refresh_from_db()
    assert f'name="version" value="{game.version}"' in html
    assert re.search(r'<option value="2" selected>', html)
    sent_key = re.search(r'name="key" value="([^"]+)"', html)
    assert sent_key and len(sent_key[1]) >= 16
    assert not re.search(r'name="card_0_0"[^>]*value=', html)
    # and, out of band, the accounts, the new deal and what was done
    assert 'id="live"' in html and 'hx-swap-oob="true"' in html
    assert 'hx-swap-oob="afterbegin:#deal-list"' in html
    assert "Deal 2 recorded." in text(response)
    # another phone polling from the version before gets the new deal
    poll = Client().get(f"/sheet/{game.token}/live/?v={game.version - 1}", headers=HTMX)
    assert poll.status_code == 200 and "Deal 2" in poll.content.decode()
    assert 'id="deal-form"' not in poll.content.decode()
    # and the full page for the new version renders the form once
    page = Client().get(f"/sheet/{game.token}/").content.decode()
    assert page.count('id="deal-form"') == 1


def test_a_write_meanwhile_makes_the_deal_a_conflict_not_a_double(client, monkeypatch):
    game = make_game("peel-new")
    posted = fields(game)
    real_step = ledger.step

    busy = []

    def step_while_another_phone_records(spec, state, e):
        if not busy:
            busy.append(True)
            post_deal(Client(), game, {**PEEL_DEAL, "stood": 2})
        return real_step(spec, state, e)

    monkeypatch.setattr(ledger, "step", step_while_another_phone_records)
    response = client.post(f"/sheet/{game.token}/deals/", posted)
    assert response.status_code == 409
    assert Deal.objects.filter(game=game).count() == 1
    assert "The sheet changed meanwhile" in text(response)


def test_a_stored_state_missing_is_computed_and_kept(client):
    game = make_game("peel-new")
    post_deal(client, game, PEEL_DEAL)
    post_deal(client, game, {**PEEL_DEAL, "dealer": 1, "stood": 0})
    Deal.objects.filter(game=game).update(state=None)
    page = text(client.get(f"/sheet/{game.token}/"))
    spec = game.spec()
    whole = ledger.compute(spec, [d.entry() for d in Deal.objects.filter(game=game)])
    assert "Accounts after 2 deals" in page
    assert all(d.state is not None for d in Deal.objects.filter(game=game))
    assert store.load(game).sheet.totals == whole.totals
    # a state of an older ledger revision is recomputed too
    Deal.objects.filter(game=game).update(state={"r": ledger.REVISION - 1})
    assert store.load(game).sheet.totals == whole.totals


# --- Edit, undo, redo ---------------------------------------------------------------------------


def test_an_edit_is_confirmed(client):
    game = make_game("peel-new")
    post_deal(client, game, PEEL_DEAL)
    response = post_deal(
        client, game, {**PEEL_DEAL, "stood": 3}, url=f"/sheet/{game.token}/deals/1/"
    )
    assert response.status_code == 303
    assert response["Location"] == f"/sheet/{game.token}/?done=edit&at=1#deal-1"
    assert "Deal 1 saved; every total after it is recomputed." in text(
        client.get(response["Location"])
    )


def test_undo_then_redo_puts_the_deal_back_in_its_place(client):
    game = make_game("peel-new")
    post_deal(client, game, PEEL_DEAL)
    post_deal(
        client,
        game,
        {
            **PEEL_DEAL,
            "dealer": 1,
            "stood": 0,
            "mode": "result",
            "places": [2, 1, 3, 4],
            "categories": ["pair", "flush", "point", "point"],
        },
    )
    before = store.load(game).sheet.totals
    response = action(client, game, f"/sheet/{game.token}/deals/1/undo/", htmx=True)
    assert "Deal 1 undone" in text(response)
    assert "Redo: restore deal 1" in text(response)
    post_deal(client, game, {**PEEL_DEAL, "dealer": 2, "stood": 3})  # a deal meanwhile
    undo = Change.objects.get(game=game, action="undo")
    response = action(client, game, f"/sheet/{game.token}/restore/{undo.version}/", htmx=True)
    assert response.status_code == 200
    assert "Deal 1 restored" in text(response)
    assert list(Deal.objects.filter(game=game).values_list("position", flat=True)) == [1, 2, 3]
    spec = game.spec()
    third = entry(spec, {**PEEL_DEAL, "dealer": 2, "stood": 3})
    assert (
        store.load(game).sheet.totals
        == ledger.compute(spec, [d.entry() for d in Deal.objects.filter(game=game)]).totals
    )
    assert (
        ledger.compute(spec, [d.entry() for d in Deal.objects.filter(game=game)][:2]).totals
        == before
    )
    assert third is not None
    # a second restore of the same undo is refused; the panel is gone
    again = action(client, game, f"/sheet/{game.token}/restore/{undo.version}/")
    assert again.status_code == 409 and "back already" in text(again)
    assert "Redo: restore" not in text(client.get(f"/sheet/{game.token}/"))


def test_undo_without_javascript_says_so_and_offers_redo(client):
    game = make_game("peel-new")
    post_deal(client, game, PEEL_DEAL)
    response = action(client, game, f"/sheet/{game.token}/deals/1/undo/")
    assert response.status_code == 303
    page = text(client.get(response["Location"]))
    assert "Deal 1 undone; every total is recomputed without it." in page
    assert "Redo: restore deal 1" in page


# --- Seats ----------------------------------------------------------------------------------------


def test_a_late_player_joins_and_one_leaves(client):
    game = make_game("peel-old", players=["Ann", "Bob", "Cy"])
    three = [["AS", "KS", "QS"], ["2H", "2D", "7C"], ["9C", "8D", "4H"]]
    post_deal(client, game, {"dealer": 0, "mode": "hands", "hands": three})
    response = action(client, game, f"/sheet/{game.token}/seats/", name="Eve")
    assert response.status_code == 303
    page = text(client.get(response["Location"]))
    assert "Eve" in page and "Next deal: Bob deals" in page
    game.refresh_from_db()
    assert game.spec().late == frozenset({3})
    # Eve's cards go in the next deal; her account starts at 0
    post_deal(client, game, {"dealer": 1, "mode": "hands", "hands": HANDS_4})
    sheet = store.load(game).sheet
    assert sum(sheet.totals) == 0 and sheet.totals[3] == -1
    # Bob leaves: the deal passes from Cy to Eve, Bob is not dealt in
    response = action(client, game, f"/sheet/{game.token}/seats/", leave=1, htmx=True)
    assert "Bob leaves the table" in text(response)
    sheet = store.load(game).sheet
    assert sheet.present == (0, 2, 3) and sheet.next_dealer == 2
    page = client.get(f"/sheet/{game.token}/").content.decode()
    assert 'name="card_1_0"' not in page and 'name="card_3_0"' in page
    assert "away" in page
    # and comes back
    action(client, game, f"/sheet/{game.token}/seats/", back=1)
    assert store.load(game).sheet.present == (0, 1, 2, 3)
    # the first deal is unchanged
    first = Deal.objects.filter(game=game).order_by("position").first()
    assert first.state["t"] == ["2", "-1", "-1"]


def test_seats_are_refused_where_the_game_has_none(client):
    game = make_game("cox", stake="")
    response = action(client, game, f"/sheet/{game.token}/seats/", name="Eve")
    assert response.status_code == 400
    assert "nobody joins" in text(response)
    assert "Players joining or leaving" not in text(client.get(f"/sheet/{game.token}/"))


# --- The grid, older deals, the end -----------------------------------------------------------


def test_the_page_shows_the_latest_deals_and_links_to_older_ones(client):
    game = make_game("peel-old")
    spec = game.spec()
    entries = [
        entry(spec, {**PEEL_DEAL, "dealer": i % 4, "stood": None, "bought": None})
        for i in range(25)
    ]
    imported = store.create(
        spec,
        "Long",
        [ledger.Entry("deal", dict(e.data)) for e in entries],
        "import",
        "k" * 16,
    )
    page = client.get(f"/sheet/{imported.token}/")
    html = page.content.decode()
    assert html.count('<article class="deal"') == store.DETAIL  # the latest, in full
    assert html.count('<tr id="grid-') == store.WINDOW  # and more of them in the grid
    assert "Deal 25" in html and not re.search(r">\s*Deal 15\s*<", html)
    assert re.search(r'<tr id="grid-6"', html) and not re.search(r'<tr id="grid-5"', html)
    older = re.search(r'href="([^"]*\?before=(\d+))#history"', html)
    assert older and older[2] == "16"
    earlier = client.get(older[1])
    body = earlier.content.decode()
    assert body.count('<article class="deal"') == store.DETAIL
    assert re.search(r">\s*Deal 6\s*<", body)
    grid_older = re.search(r'href="([^"]*\?before=(\d+))#grid"', html)
    assert grid_older and grid_older[2] == "6"
    first = client.get(grid_older[1]).content.decode()
    assert first.count('<tr id="grid-') == 5
    assert re.search(r">\s*Deal 1\s*<", first)
    assert "Back to the latest deals" in text(earlier)
    assert "Accounts after 25 deals" in text(earlier)  # the accounts are always the latest


def test_the_accounts_are_ranked_with_the_leader_named_during_play_and_at_the_end(client):
    """Issue 20: who is winning at a glance: best first, each place, the leader in words."""
    game = make_game("peel-new")
    page = client.get(f"/sheet/{game.token}/").content.decode()
    assert "leads" not in page and "shares the lead" not in page  # nothing played: nobody
    post_deal(client, game, PEEL_DEAL)
    page = client.get(f"/sheet/{game.token}/").content.decode()
    live = page[page.index('id="live"') : page.index("</section>", page.index('id="live"'))]
    assert '<th scope="col">Place</th>' in live
    rows = re.findall(
        r'<td class="place">(\d+)</td>\s*<th scope="row">\s*(\w+)(.*?)</th>\s*'
        r'<td class="num total[^"]*">([^<]+)</td>',
        live,
        re.S,
    )
    totals = [float(t.replace("−", "-").replace("+", "")) for *_, t in rows]
    assert len(rows) == 4 and totals == sorted(totals, reverse=True)  # best first
    assert [int(p) for p, *_ in rows][0] == 1
    leaders = [name for place, name, badges, _ in rows if "leads" in badges]
    assert leaders == [rows[0][1]] and totals[0] > totals[1]
    assert "Who pays whom" not in live
    action(client, game, f"/sheet/{game.token}/finish/")
    page = client.get(f"/sheet/{game.token}/?done=finish").content.decode()
    body = text(client.get(f"/sheet/{game.token}/?done=finish"))
    assert "the final standings and who pays whom are below" in body
    assert body.index("final standings and who pays whom are below") < body.index(
        "Final standings "
    )
    live = page[page.index('id="live"') :]
    assert '<th scope="col">Place</th>' in live
    assert "Who pays whom" in body
    for payer in ("Bob", "Cy", "Dee"):
        assert f"{payer} pays Ann" in body
    printed = text(client.get(f"/sheet/{game.token}/print/"))
    assert "Who pays whom" in printed and "Dee pays Ann 3" in printed


# --- A showdown from the table ------------------------------------------------------------------


def test_a_showdown_from_the_table_fills_in_the_next_deal(client):
    game = make_game("peel-new")
    table = "/table/peel/?h=AS+KS+QS&h=2H+2D+7C&h=9C+8D+4H&h=3C+5D+JH&dealer=2"
    page = client.get("/sheet/from-table/", {"from": table})
    assert page.status_code == 200
    assert "The 4 hands just judged" in text(page)
    response = client.get(
        "/sheet/from-table/", {"from": table, "sheet": f"http://testserver/sheet/{game.token}/"}
    )
    assert response.status_code == 303
    assert response["Location"].startswith(f"/sheet/{game.token}/?h=AS+KS+QS")
    form = client.get(response["Location"]).content.decode()
    assert re.search(r'name="card_0_0"[^>]*value="AS"|value="AS"[^>]*name="card_0_0"', form)
    assert re.search(r'name="card_3_2"[^>]*value="JH"|value="JH"[^>]*name="card_3_2"', form)
    assert re.search(r'<option value="1" selected>Bob</option>', form)  # the second hand dealt
    bad = client.get(
        "/sheet/from-table/", {"from": table, "sheet": f"/sheet/view/{game.view_token}/"}
    )
    assert bad.status_code == 400 and "the link for the scorers" in text(bad)
    fewer = client.get(f"/sheet/{game.token}/?h=AS+KS+QS&h=2H+2D+7C")
    assert "The showdown had 2 hands and 4 players are at this table" in text(fewer)
    assert (
        client.get("/sheet/from-table/", {"from": "https://evil.example/x?h=AS"}).status_code == 200
    )


def test_a_paste_larger_than_the_request_limit_says_so(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client.post("/sheet/import/", {"text": "x" * 5000})
    assert response.status_code == 413
    assert "larger than 2 MB" in text(response)


def test_a_deal_before_a_late_player_joined_can_be_edited(client):
    """Its edit form has its own players' hands (it answered 500: the recorded deal has
    fewer seats than the sheet now), and saving it keeps the one who joined out of it."""
    spec = ledger.make_spec("peel-old", ["Ann", "Bob", "Cy"], "1", {})
    deal = {"dealer": 0, "stood": None, "bought": None, "mode": "hands", "hands": HANDS_4[:3]}
    game = store.create(spec, "", [entry(spec, deal)] * 2, "import", secrets.token_urlsafe(16))
    action(client, game, f"/sheet/{game.token}/seats/", name="Dee")
    form = client.get(f"/sheet/{game.token}/deals/1/")
    assert form.status_code == 200
    page = form.content.decode()
    assert 'value="AS"' in page and 'name="card_3_0"' not in page
    other = {"mode": "hands", "dealer": 1, "hands": [["KC", "KH", "KD"], *HANDS_4[1:3], None]}
    saved = post_deal(client, game, other, url=f"/sheet/{game.token}/deals/1/")
    assert saved.status_code == 303
    game.refresh_from_db()
    assert store.load(game).deals[0].data["hands"][0] == ["KC", "KH", "KD"]


def _grid_links(page: str) -> dict[int, str]:
    """Each grid row's position and where its number links to."""
    return {
        int(position): html.unescape(href)
        for position, href in re.findall(
            r'<tr id="grid-(\d+)"[^>]*>\s*<th scope="row">.*?<a href="([^"]*)"', page, re.S
        )
    }


@pytest.mark.parametrize("prefix", ["", "/sv"])
def test_one_tap_from_the_grid_to_any_deal(client, prefix):
    """Issue 20: every row of the grid reaches its entry in one tap: for a scorer a deal's
    edit form; for a reader its account below, or, older than those shown in full, the page
    that shows it; never a dead anchor. In both languages, on the pages as kept."""
    spec = ledger.make_spec("peel-old", ["Ann", "Bob", "Cy"], "1", {})
    deal = {"stood": None, "bought": None, "mode": "hands", "hands": HANDS_4[:3]}
    entries = [entry(spec, {**deal, "dealer": i % 3}) for i in range(22)]
    game = store.create(spec, "Long", entries, "import", secrets.token_urlsafe(16))
    action(client, game, f"/sheet/{game.token}/seats/", name="Dee")  # 23: not a deal
    four = {"dealer": 1, "mode": "hands", "hands": [*HANDS_4[:3], ["6C", "7D", "8S"]]}
    assert post_deal(client, game, four).status_code == 303  # 24
    edit = "Ändra" if prefix else "Edit"
    for _ in range(2):  # the second time, drawn from the kept fragments
        scorer = client.get(f"{prefix}/sheet/{game.token}/").content.decode()
        links = _grid_links(scorer)
        assert sorted(links) == list(range(5, 25))  # the latest 20 entries
        for position in (5, 12, 22, 24):
            assert links[position] == f"{prefix}/sheet/{game.token}/deals/{position}/"
        assert links[23] == "#deal-23"  # a player joining: its account, no edit form
        assert f'>5<span class="visually-hidden"> {edit}</span></a>' in scorer
        form = client.get(links[5])
        assert form.status_code == 200
        assert re.search(r"(Edit deal|Ändra giv) 5", text(form))

        reader = client.get(f"{prefix}/sheet/view/{game.view_token}/").content.decode()
        links = _grid_links(reader)
        assert sorted(links) == list(range(5, 25))
        assert "/deals/" not in reader and game.token not in reader  # no way to edit
        for position in range(15, 25):  # shown in full below
            assert links[position] == f"#deal-{position}"
            assert f'<article class="deal" id="deal-{position}"' in reader
        for position in (5, 14):  # older: the page that shows it in full
            page = f"{prefix}/sheet/view/{game.view_token}/?before={position + 1}"
            assert links[position] == f"{page}#deal-{position}"
            shown = client.get(page).content.decode()
            assert f'<article class="deal" id="deal-{position}"' in shown


def test_redo_is_offered_while_the_undone_entrys_place_is_free(client):
    """An undone entry can be restored while no entry holds its place."""
    from games.scoresheet.views.context import undone

    game = make_game("peel-new")
    post_deal(client, game, PEEL_DEAL)
    post_deal(client, game, {**PEEL_DEAL, "dealer": 1})
    action(client, game, f"/sheet/{game.token}/deals/2/undo/")
    assert "Redo: restore deal 2" in text(client.get(f"/sheet/{game.token}/"))
    change = Change.objects.get(game=game, action="undo")
    assert undone(game) == change
    change.detail["position"] = 1  # a place an entry holds
    change.save()
    assert undone(game) is None
