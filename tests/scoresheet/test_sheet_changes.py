"""A sheet's history (issue 22): every change kept with what it changed -- an edit keeps
the deal as it was and as it became, and can be put back -- and shown in words on a page
for both links (read-only for the reader's)."""

import pytest
from django.test import Client

from games.scoresheet.models import Change, Deal
from games.scoresheet.views import history
from tests.scoresheet.sheet_factory import action, make_game, post_deal
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


def test_a_deal_recorded_while_an_edit_is_put_back_follows_it(client, game, monkeypatch):
    """Put back shares the edit's writing (``_save_edit``): a deal another phone records
    while it is computed follows it, instead of a 409."""
    from games.scoresheet import store

    edit = Change.objects.get(game=game, action="edit")
    recompute, raced = store.recompute, []

    def racing(*args, **kwargs):
        done = recompute(*args, **kwargs)
        if not raced:
            raced.append(post_deal(Client(), game, {**PEEL_DEAL, "dealer": 1}).status_code)
        return done

    monkeypatch.setattr(store, "recompute", racing)
    response = action(client, game, f"/sheet/{game.token}/history/{edit.version}/put-back/")
    assert raced == [303] and response.status_code == 303
    deals = list(Deal.objects.filter(game=game).order_by("position"))
    assert deals[0].data == edit.detail["before"] and deals[1].data["dealer"] == 1
