"""Two people recording at once lose nothing and double nothing; any sequence of records,
edits and undos through the pages leaves the sheet equal to a recomputation from scratch."""

import re
import secrets
import threading
from typing import Any

import pytest
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from games.scoresheet import ledger, store
from games.scoresheet.models import Change, Deal
from tests.scoresheet.sheet_factory import (
    HANDS_4,
    deal_data,
    entry,
    make_game,
    post_deal,
    post_fields,
    spec_for,
)

PEEL_DEAL = {"dealer": 0, "stood": 1, "bought": [0, 1, 0, 2], "mode": "hands", "hands": HANDS_4}
OTHER_DEAL = {
    "dealer": 1,
    "stood": 0,
    "bought": [0, 0, 0, 0],
    "mode": "result",
    "places": [2, 1, 3, 3],
    "categories": ["pair", "flush", "point", "point"],
}


@pytest.mark.django_db
def test_two_stale_posts_one_is_recorded_the_other_gets_409_and_goes_through_on_resend():
    game = make_game("peel-new")
    ann, bob = Client(), Client()
    version = game.version  # both phones opened the sheet at this version
    first = post_deal(ann, game, PEEL_DEAL, version=version)
    second = post_deal(bob, game, OTHER_DEAL, version=version)
    assert first.status_code == 303
    assert second.status_code == 409
    assert Deal.objects.filter(game=game).count() == 1
    # Bob sees deal 1 and sends his again (the 409 page carries the new version)
    resent = post_deal(bob, game, OTHER_DEAL)
    assert resent.status_code == 303
    assert [d.data["dealer"] for d in Deal.objects.filter(game=game)] == [0, 1]


@pytest.mark.django_db
def test_two_stale_edits_of_the_same_deal_the_second_is_refused():
    game = make_game("peel-new")
    c = Client()
    post_deal(c, game, PEEL_DEAL)
    game.refresh_from_db()
    version = game.version
    spec = game.spec()
    fields = {**post_fields(spec, PEEL_DEAL), "version": version}
    one = c.post(f"/sheet/{game.token}/deals/1/", {**fields, "stood": 2, "key": "a" * 16})
    two = c.post(f"/sheet/{game.token}/deals/1/", {**fields, "stood": 3, "key": "b" * 16})
    assert one.status_code == 303 and two.status_code == 409
    assert Deal.objects.get(game=game).data["stood"] == 2


def _recomputed(game: Any) -> bool:
    """The stored accounts equal the evening computed again from its entries."""
    spec = game.spec()
    entries = [d.entry() for d in Deal.objects.filter(game=game).order_by("position")]
    return store.load(game).sheet.totals == ledger.compute(spec, entries).totals


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
def test_an_undo_from_a_page_drawn_before_deals_were_recorded_takes_off_the_deal_seen(htmx):
    """An entry keeps its position while deals are recorded at the end: an undo sent from a
    page drawn before them removes the deal that page showed, and they follow it."""
    game = make_game("peel-new")
    c = Client()
    post_deal(c, game, PEEL_DEAL)
    game.refresh_from_db()
    seen = game.version
    post_deal(c, game, OTHER_DEAL)
    post_deal(c, game, {**OTHER_DEAL, "dealer": 2})
    headers = {"HX-Request": "true"} if htmx else {}
    response = c.post(
        f"/sheet/{game.token}/deals/1/undo/",
        {"version": seen, "key": secrets.token_urlsafe(16)},
        headers=headers,
    )
    assert response.status_code == (200 if htmx else 303)
    kept = list(Deal.objects.filter(game=game).order_by("position"))
    assert [d.data["dealer"] for d in kept] == [1, 2]  # the two recorded since, in order
    assert _recomputed(game)


@pytest.mark.django_db
@pytest.mark.parametrize("meanwhile", ["edit", "undo"])
def test_a_stale_undo_after_another_change_is_refused(meanwhile):
    """Another change than a deal recorded at the end (an edit, an undo) may have moved what
    the page showed: the undo is refused and nothing is removed."""
    game = make_game("peel-new")
    c = Client()
    post_deal(c, game, PEEL_DEAL)
    post_deal(c, game, OTHER_DEAL)
    game.refresh_from_db()
    seen = game.version
    if meanwhile == "edit":
        post_deal(c, game, {**OTHER_DEAL, "dealer": 3}, url=f"/sheet/{game.token}/deals/2/")
    else:
        c.post(
            f"/sheet/{game.token}/deals/2/undo/",
            {"version": seen, "key": secrets.token_urlsafe(16)},
        )
    before = Deal.objects.filter(game=game).count()
    response = c.post(
        f"/sheet/{game.token}/deals/1/undo/", {"version": seen, "key": secrets.token_urlsafe(16)}
    )
    assert response.status_code == 409
    assert Deal.objects.filter(game=game).count() == before


@pytest.mark.django_db
def test_a_restore_from_a_page_drawn_before_deals_were_recorded_puts_the_deal_back_first():
    game = make_game("peel-new")
    c = Client()
    post_deal(c, game, PEEL_DEAL)
    post_deal(c, game, OTHER_DEAL)
    game.refresh_from_db()
    c.post(
        f"/sheet/{game.token}/deals/1/undo/",
        {"version": game.version, "key": secrets.token_urlsafe(16)},
    )
    game.refresh_from_db()
    seen = game.version  # the page with its Redo
    post_deal(c, game, {**OTHER_DEAL, "dealer": 2})
    undo = Change.objects.get(game=game, action="undo")
    response = c.post(
        f"/sheet/{game.token}/restore/{undo.version}/",
        {"version": seen, "key": secrets.token_urlsafe(16)},
    )
    assert response.status_code == 303
    kept = list(Deal.objects.filter(game=game).order_by("position"))
    assert [d.data["dealer"] for d in kept] == [0, 1, 2]
    assert _recomputed(game)


def _post_in_thread(
    url: str, fields: dict[str, Any], barrier: threading.Barrier, results: list[Any]
) -> None:
    try:
        client = Client()
        barrier.wait(timeout=10)
        results.append(client.post(url, fields).status_code)
    except Exception as error:  # noqa: BLE001 -- reported by the test
        results.append(error)
    finally:
        close_old_connections()


@pytest.mark.django_db(transaction=True)
def test_threads_posting_at_the_same_moment_lose_and_double_nothing():
    game = make_game("peel-new")
    spec = game.spec()
    url = f"/sheet/{game.token}/deals/"
    writers = 4
    barrier = threading.Barrier(writers)
    results: list[Any] = []
    # four phones, all at the same version, each with its own deal; one of them sends its
    # form twice (a double tap) -- same key
    forms = [
        {
            **post_fields(spec, {**PEEL_DEAL, "dealer": i}),
            "version": game.version,
            "key": f"phone-{i}-key-0000",
        }
        for i in range(writers - 1)
    ]
    forms.append(dict(forms[0]))
    threads = [
        threading.Thread(target=_post_in_thread, args=(url, f, barrier, results)) for f in forms
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(isinstance(r, Exception) for r in results), results
    assert sorted(results).count(303) >= 1
    assert all(r in (303, 409) for r in results), results
    deals = list(Deal.objects.filter(game=game))
    assert len(deals) == 1, "only one form can be recorded against one version"
    assert Change.objects.filter(game=game, action="record").count() == 1
    # everyone who got a 409 sends again with the fresh version: nothing is lost
    game.refresh_from_db()
    for i in range(writers - 1):
        recorded = {d.data["dealer"] for d in Deal.objects.filter(game=game)}
        if i in recorded:
            continue
        assert post_deal(Client(), game, {**PEEL_DEAL, "dealer": i}).status_code == 303
    assert len({d.data["dealer"] for d in Deal.objects.filter(game=game)}) == writers - 1
    positions = list(Deal.objects.filter(game=game).values_list("position", flat=True))
    assert positions == sorted(set(positions))


@pytest.mark.django_db(transaction=True)
def test_threads_retrying_on_409_all_get_recorded_once():
    game = make_game("peel-old")
    spec = game.spec()
    url = f"/sheet/{game.token}/deals/"
    errors: list[Any] = []

    def phone(i: int) -> None:
        client = Client()
        key = f"retry-phone-{i}-0000"
        data = {"dealer": i, "mode": "hands", "hands": HANDS_4}
        try:
            for _ in range(20):
                game.refresh_from_db()
                fields = {**post_fields(spec, data), "version": game.version, "key": key}
                status = client.post(url, fields).status_code
                if status == 303:
                    return
                assert status == 409, status
            errors.append(f"phone {i} never got through")
        except Exception as error:  # noqa: BLE001
            errors.append(error)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert errors == []
    assert sorted(d.data["dealer"] for d in Deal.objects.filter(game=game)) == [0, 1, 2, 3]


# --- Any sequence of records, edits and undos, through the pages ---------------------------------

OPS = st.lists(
    st.tuples(st.sampled_from(["record", "record", "edit", "undo"]), st.integers(0, 20)),
    min_size=1,
    max_size=7,
)


class TestHistoryThroughThePages(TestCase):
    """What the test believes was recorded is what the site shows, recomputed from scratch."""

    def run_ops(self, spec: ledger.Spec, data: st.DataObject, ops: list[tuple[str, int]]) -> None:
        game = make_game(
            spec.rules,
            list(spec.players),
            spec.stake if spec.stake is not None else "",
            **spec.options,
        )
        client = self.client
        believed: list[ledger.Entry] = []
        positions: list[int] = []
        for op, pick in ops:
            before = store.load(game).sheet
            if op == "record":
                if before.over:
                    continue
                raw = data.draw(deal_data(spec, list(before.active)))
                response = post_deal(client, game, raw, htmx=bool(pick % 2))
                if response.status_code in (200, 303) and Deal.objects.filter(
                    game=game
                ).count() > len(believed):
                    believed.append(entry(spec, raw))
                    positions.append(Deal.objects.filter(game=game).latest("position").position)
                else:
                    assert response.status_code == 400, response.status_code
            elif op == "edit" and believed:
                i = pick % len(believed)
                if believed[i].kind != "deal":
                    continue
                prefix = ledger.compute(spec, believed[:i])
                raw = data.draw(deal_data(spec, list(prefix.active)))
                response = post_deal(
                    client, game, raw, url=f"/sheet/{game.token}/deals/{positions[i]}/"
                )
                if response.status_code == 303:
                    believed[i] = entry(spec, raw)
                else:
                    assert response.status_code == 400, response.status_code
            elif op == "undo" and believed:
                i = pick % len(believed)
                game.refresh_from_db()
                response = client.post(
                    f"/sheet/{game.token}/deals/{positions[i]}/undo/",
                    {"version": game.version, "key": secrets.token_urlsafe(16)},
                )
                if response.status_code == 303:
                    del believed[i]
                    del positions[i]
                else:
                    assert response.status_code == 409, response.status_code
            shown = store.load(game, size=10**6)
            assert shown.broken is None
            scratch = ledger.compute(spec, believed)
            assert shown.sheet.totals == scratch.totals
            assert [r.net for r, _ in shown.rows] == [r.net for r in scratch.rows]
            assert shown.sheet.next_dealer == scratch.next_dealer
            if spec.rules == "pool":
                assert sum(shown.sheet.totals) + shown.sheet.pool == 0
            elif spec.rules != "cox":
                assert sum(shown.sheet.totals) == 0
                assert all(sum(r.net) == 0 for r in shown.sheet.rows)

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data(), ops=OPS, which=st.sampled_from(["peel-new", "swedish", "peel-old"]))
    def test_money_games(self, data, ops, which):
        self.run_ops(spec_for(which), data, ops)

    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data(), ops=OPS)
    def test_pool_commerce(self, data, ops):
        self.run_ops(
            spec_for(
                "pool",
                stake="",
                buy_in="2",
                prize="1",
                horse_price="1/2",
                players=["Ann", "Bob", "Cy"],
            ),
            data,
            ops,
        )

    @settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data(), ops=OPS)
    def test_cox(self, data, ops):
        self.run_ops(spec_for("cox", stake="", players=["Ann", "Bob", "Cy"]), data, ops)


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
def test_a_seat_change_that_loses_the_race_answers_with_the_sheet_as_it_is_now(
    monkeypatch: pytest.MonkeyPatch, htmx: bool
):
    """A deal recorded between the seat form's check and its write: the 409 counts the deal
    and carries the sheet's version now, so the late player is sent again, not refused
    again."""
    game = make_game("peel-old", players=["Ann", "Bob", "Cy"])
    three = [["AS", "KS", "QS"], ["2H", "2D", "7C"], ["9C", "8D", "4H"]]
    deal = {"dealer": 0, "mode": "hands", "hands": three}
    phone, other = Client(), Client()
    post_deal(phone, game, deal)
    append = store.append

    def raced(*args: Any, **kwargs: Any) -> Any:
        monkeypatch.setattr(store, "append", append)
        post_deal(other, game, {**deal, "dealer": 1})  # the other phone, just before
        return append(*args, **kwargs)

    monkeypatch.setattr(store, "append", raced)
    game.refresh_from_db()
    headers = {"HX-Request": "true"} if htmx else {}
    response = phone.post(
        f"/sheet/{game.token}/seats/",
        {"version": game.version, "key": secrets.token_urlsafe(16), "name": "Eve"},
        headers=headers,
    )
    assert response.status_code == 409
    page = response.content.decode()
    game.refresh_from_db()
    assert "now holds 2 deals" in page
    versions = set(re.findall(r'name="version" value="(\d+)"', page))
    assert versions == {str(game.version)}
    assert 'value="Eve"' in page  # the late player's name kept, to send again
