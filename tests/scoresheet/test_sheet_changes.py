"""A sheet's history (issue 22): every change kept with what it changed -- an edit keeps
the deal as it was and as it became, and can be put back -- and shown in words on a page
for both links (read-only for the reader's)."""

import pytest
from django.test import Client

from games.scoresheet import ledger, store
from games.scoresheet.models import Change, Deal
from games.scoresheet.views import history
from tests.scoresheet.sheet_factory import action, entry, make_game, post_deal
from tests.scoresheet.test_sheet_views import PEEL_DEAL, check, text

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client()


@pytest.fixture
def game(client):
    """Peel's new game: deal 1 recorded, then edited (Cy stood, not Bob)."""
    game = make_game("peel-new")
    post_deal(client, game, PEEL_DEAL)
    edited = post_deal(client, game, {**PEEL_DEAL, "stood": 2}, url=f"/sheet/{game.token}/deals/1/")
    assert edited.status_code == 303
    return game


def test_an_edit_keeps_the_deal_as_it_was_and_as_it_became(game):
    change = Change.objects.get(game=game, action="edit")
    assert change.detail["position"] == 1 and change.detail["number"] == 1
    assert change.detail["before"]["stood"] == 1 and change.detail["after"]["stood"] == 2
    assert change.detail["after"] == Deal.objects.get(game=game).data
    recorded = Change.objects.get(game=game, action="record")
    assert recorded.detail == {"position": 1, "number": 1}


@pytest.mark.parametrize("spectator", [False, True], ids=["scorers", "reader"])
def test_the_history_tells_every_change_for_both_links(client, game, spectator):
    post_deal(client, game, {**PEEL_DEAL, "dealer": 1, "stood": 0})
    action(client, game, f"/sheet/{game.token}/deals/2/undo/")
    action(client, game, f"/sheet/{game.token}/finish/")
    action(client, game, f"/sheet/{game.token}/reopen/")
    token = game.view_token if spectator else game.token
    url = f"/sheet/view/{token}/history/" if spectator else f"/sheet/{token}/history/"
    response = client.get(url)
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    check(response)
    said = text(response)
    order = [
        "The sheet was reopened.",
        "The evening was finished.",
        "Deal 2 undone.",
        "Deal 2 recorded.",
        "Deal 1 edited.",
        "Deal 1 recorded.",
        "The sheet was started.",
    ]
    at = [said.index(words) for words in order]
    assert at == sorted(at), "the latest first"
    assert "Who stood: was Bob, now Cy" in said
    assert "Ann: was AS KS QS" in said  # what the undone deal was
    assert "(UTC)" in said
    page = response.content.decode()
    assert ("/put-back/" in page) is not spectator
    assert game.token not in page if spectator else game.token in page
    sheet = f"/sheet/view/{token}/" if spectator else f"/sheet/{token}/"
    assert url in client.get(sheet).content.decode()  # linked from the sheet


def test_an_edit_without_its_earlier_content_says_so(client, game):
    Change.objects.filter(game=game, action="edit").update(detail={"position": 1})
    said = text(client.get(f"/sheet/{game.token}/history/"))
    assert "Deal 1 edited. Earlier content not kept." in said
    assert "/put-back/" not in client.get(f"/sheet/{game.token}/history/").content.decode()


def test_an_edited_deal_is_put_back_in_one_tap(client, game):
    edit = Change.objects.get(game=game, action="edit")
    response = action(client, game, f"/sheet/{game.token}/history/{edit.version}/put-back/")
    assert response.status_code == 303
    assert Deal.objects.get(game=game).data == edit.detail["before"]
    back = Change.objects.filter(game=game, action="edit").latest("version")
    assert back.detail["put_back"] == edit.version
    assert back.detail["before"]["stood"] == 2 and back.detail["after"]["stood"] == 1
    said = text(client.get(f"/sheet/{game.token}/history/"))
    assert "Who stood: was Cy, now Bob" in said
    # The same form sent twice puts it back once; the deal as it is needs no putting back
    page = client.get(f"/sheet/{game.token}/history/").content.decode()
    assert f"/history/{back.version}/put-back/" in page
    assert f"/history/{edit.version}/put-back/" not in page


def test_put_back_refused(client, game):
    edit = Change.objects.get(game=game, action="edit")
    url = f"/sheet/{game.token}/history/{edit.version}/put-back/"
    assert action(client, game, url, version=0).status_code == 409  # stale
    assert client.post(url, {"version": "x"}).status_code == 400
    assert action(client, game, f"/sheet/{game.token}/history/999/put-back/").status_code == 404
    record = Change.objects.get(game=game, action="record").version
    assert (
        action(client, game, f"/sheet/{game.token}/history/{record}/put-back/").status_code == 404
    )
    assert client.get(url).status_code == 405
    view = f"/sheet/view/{game.view_token}/history/{edit.version}/put-back/"
    assert action(client, game, view).status_code == 404  # not by the read-only link
    action(client, game, f"/sheet/{game.token}/finish/")
    refused = action(client, game, url)
    assert refused.status_code == 409 and "reopen it to change it" in text(refused)
    assert Deal.objects.get(game=game).data == edit.detail["after"]
    assert "/put-back/" not in client.get(f"/sheet/{game.token}/history/").content.decode()


def test_the_history_is_paged(client, game, monkeypatch):
    monkeypatch.setattr(history, "PAGE", 2)
    first = client.get(f"/sheet/{game.token}/history/")
    said = text(first)
    assert "Deal 1 edited." in said and "The sheet was started." not in said
    older = first.content.decode().split("?before=")[1].split('"')[0]
    second = text(client.get(f"/sheet/{game.token}/history/?before={older}"))
    assert "The sheet was started." in second and "Deal 1 edited." not in second


def test_the_history_in_swedish(client, game):
    said = text(client.get(f"/sv/sheet/view/{game.view_token}/history/"))
    assert (
        "Ändringshistorik" in said
        and "Giv 1 ändrades." in said
        and "Vem som stod: var Bob, nu Cy" in said
    )


def deal_recorded_while_computed(monkeypatch, game) -> list[int]:
    """Another phone records a deal once, while a change is computed (after the first
    :func:`store.recompute`); its answer's status is kept in the list returned."""
    recompute, raced = store.recompute, []

    def racing(*args, **kwargs):
        done = recompute(*args, **kwargs)
        if not raced:
            raced.append(post_deal(Client(), game, {**PEEL_DEAL, "dealer": 1}).status_code)
        return done

    monkeypatch.setattr(store, "recompute", racing)
    return raced


def test_a_deal_recorded_while_an_edit_is_put_back_follows_it(client, game, monkeypatch):
    """Put back shares the edit's writing (``_save_edit``): a deal another phone records
    while it is computed follows it, instead of a 409."""
    edit = Change.objects.get(game=game, action="edit")
    raced = deal_recorded_while_computed(monkeypatch, game)
    response = action(client, game, f"/sheet/{game.token}/history/{edit.version}/put-back/")
    assert raced == [303] and response.status_code == 303
    deals = list(Deal.objects.filter(game=game).order_by("position"))
    assert deals[0].data == edit.detail["before"] and deals[1].data["dealer"] == 1


def drawn_version(client, game) -> int:
    """The version a put-back's form on the history page holds, drawn now."""
    page = client.get(f"/sheet/{game.token}/history/").content.decode()
    return int(page.split('name="version" value="')[1].split('"')[0])


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_put_back_drawn_before_deals_recorded_meanwhile_is_saved_and_they_follow_it(
    client, game, htmx
):
    """The history page drawn, then two deals recorded by another phone: the put-back
    still means what it meant, as an edit does; it is saved, the two deals follow it and
    every total after it is recomputed (it answered 409)."""
    edit = Change.objects.get(game=game, action="edit")
    drawn = drawn_version(client, game)
    later = [{**PEEL_DEAL, "dealer": 1, "stood": 0}, {**PEEL_DEAL, "dealer": 2, "stood": 3}]
    phone = Client()
    assert [post_deal(phone, game, deal).status_code for deal in later] == [303, 303]
    url = f"/sheet/{game.token}/history/{edit.version}/put-back/"
    response = action(client, game, url, version=drawn, htmx=htmx)
    if htmx:
        assert response.status_code == 200 and "The deal is back as it was." in text(response)
    else:
        assert response.status_code == 303 and response["Location"].endswith("#deal-1")
    deals = list(Deal.objects.filter(game=game).order_by("position"))
    assert [d.data for d in deals] == [edit.detail["before"], *(d.data for d in deals[1:])]
    assert [(d.data["dealer"], d.data["stood"]) for d in deals[1:]] == [(1, 0), (2, 3)]
    spec = store.spec_of(game)
    entries = [entry(spec, d) for d in (PEEL_DEAL, *later)]
    for n, deal in enumerate(deals, 1):  # each stored state is the evening replayed to it
        stored = ledger.load_state(spec, deal.state)
        assert stored is not None
        assert ledger.summarise(spec, stored).totals == ledger.compute(spec, entries[:n]).totals
    assert store.load(game).sheet.totals == ledger.compute(spec, entries).totals
    back = Change.objects.filter(game=game, action="edit").latest("version")
    assert back.detail["put_back"] == edit.version


def _edit(client, game):
    url = f"/sheet/{game.token}/deals/2/"
    return post_deal(client, game, {**PEEL_DEAL, "dealer": 1, "stood": 2}, url=url)


def _undo(client, game):
    return action(client, game, f"/sheet/{game.token}/deals/2/undo/")


def _seat(client, game):
    return action(client, game, f"/sheet/{game.token}/seats/", leave=3)


def _finish_and_reopen(client, game):
    action(client, game, f"/sheet/{game.token}/finish/")
    return action(client, game, f"/sheet/{game.token}/reopen/")


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
@pytest.mark.parametrize(
    "meanwhile", [_edit, _undo, _seat, _finish_and_reopen], ids=lambda f: f.__name__[1:]
)
def test_a_put_back_drawn_before_another_change_is_still_refused(client, game, meanwhile, htmx):
    """Deals recorded meanwhile follow a put-back, but an edit, an undo, a seat changed or
    the evening finished (and reopened) since its page was drawn may change what it means:
    409, saying that the sheet changed and what it holds now, the deal left as it is."""
    edit = Change.objects.get(game=game, action="edit")
    drawn = drawn_version(client, game)
    phone = Client()
    assert post_deal(phone, game, {**PEEL_DEAL, "dealer": 1, "stood": 0}).status_code == 303
    assert meanwhile(phone, game).status_code in (200, 303)
    holds = store.load(game).sheet.deals
    url = f"/sheet/{game.token}/history/{edit.version}/put-back/"
    response = action(client, game, url, version=drawn, htmx=htmx)
    assert response.status_code == 409
    said = text(response)
    assert "Someone else changed this sheet" in said and "while you were looking at it" in said
    assert f"it now holds {holds} deal" in said
    assert Deal.objects.get(game=game, position=1).data == edit.detail["after"]
    if htmx:
        assert response["HX-Retarget"] == "#sheet"


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_put_back_drawn_before_the_evening_was_finished_is_sealed(client, game, htmx):
    edit = Change.objects.get(game=game, action="edit")
    drawn = drawn_version(client, game)
    phone = Client()
    post_deal(phone, game, {**PEEL_DEAL, "dealer": 1, "stood": 0})
    action(phone, game, f"/sheet/{game.token}/finish/")
    url = f"/sheet/{game.token}/history/{edit.version}/put-back/"
    response = action(client, game, url, version=drawn, htmx=htmx)
    assert response.status_code == 409 and "reopen it to change it" in text(response)
    assert Deal.objects.get(game=game, position=1).data == edit.detail["after"]


@pytest.mark.parametrize(
    ("path", "extra"),
    [
        ("deals/2/undo/", {}),
        ("restore/1/", {}),
        ("replace-link/", {"which": "read"}),
        ("history/{edit}/put-back/", {}),
    ],
    ids=["undo", "restore", "link", "put-back"],
)
def test_a_change_sent_against_an_older_sheet_says_what_it_holds_now(client, game, path, extra):
    """The 409 of an undo, a restore, a link replaced or a put-back sent against an older
    sheet says how many deals it holds now (it said 0)."""
    drawn = drawn_version(client, game)
    post_deal(Client(), game, {**PEEL_DEAL, "dealer": 1, "stood": 0})
    action(Client(), game, f"/sheet/{game.token}/finish/")  # not a deal: no put-back follows
    action(Client(), game, f"/sheet/{game.token}/reopen/")
    edit = Change.objects.get(game=game, action="edit").version
    url = f"/sheet/{game.token}/{path.format(edit=edit)}"
    response = action(client, game, url, version=drawn, **extra)
    assert response.status_code == 409
    assert "(it now holds 2 deals)" in text(response)


def test_an_undo_raced_by_another_change_says_what_the_sheet_holds_now(client, game, monkeypatch):
    """The 409 of an undo whose write found the sheet changed while it was computed."""
    raced = deal_recorded_while_computed(monkeypatch, game)
    response = action(client, game, f"/sheet/{game.token}/deals/1/undo/")
    assert raced == [303] and response.status_code == 409
    assert "(it now holds 2 deals)" in text(response)
