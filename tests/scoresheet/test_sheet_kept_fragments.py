"""The sheet's parts kept in Django's cache ({% cache %} in scoresheet/sheet.html: each
deal's article and grid row under its stamp, the accounts and a fresh deal form under the
sheet's version) are never stale and never shared where they must not be: after each kind of
change the page is the page drawn with nothing kept, in English and in Swedish; no form's key
is drawn twice; and the page costs the same queries at 10 deals as at 300."""

import re
from typing import Any

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.scoresheet import ledger
from games.scoresheet.models import Change, Game
from tests.scoresheet.sheet_factory import (
    HANDS_4,
    PLAYERS,
    action,
    deal_data,
    entry,
    make_game,
    post_deal,
    spec_for,
)

pytestmark = pytest.mark.django_db

_PER_ANSWER = re.compile(
    r'(name="(?:csrfmiddlewaretoken|key)" value=")[^"]*"|"x-csrftoken": "[^"]*"'
)


def _deal(dealer: int, hands: list[list[str]] | None = None) -> dict[str, object]:
    return {
        "dealer": dealer,
        "stood": 1,
        "bought": [0, 0, 0, 0],
        "mode": "hands",
        "hands": hands or HANDS_4,
    }


def _evening(deals: int) -> Game:
    spec = spec_for("peel-new")
    return make_game("peel-new", entries=[entry(spec, _deal(i % 4)) for i in range(deals)])


def _page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return _PER_ANSWER.sub(r"\1…", response.content.decode())


def _as_if_nothing_kept(client: Client, urls: list[str]) -> None:
    """Each page as drawn with what the others left kept equals the page drawn afresh."""
    kept = [_page(client, url) for url in urls]
    for url, page in zip(urls, kept, strict=True):
        caches["template_fragments"].clear()
        assert page == _page(client, url), url


def test_every_change_shows_at_once() -> None:
    """Recorded, edited, undone, restored, a player joining, the evening finished: the
    scorers' and the readers' pages, in English and in Swedish, show it at once."""
    game = _evening(5)
    phone = Client()
    urls = [
        f"{prefix}/sheet/{path}/"
        for prefix in ("", "/sv")
        for path in (game.token, f"view/{game.view_token}")
    ]
    _as_if_nothing_kept(phone, urls)
    other = [["KC", "KH", "KD"], *HANDS_4[1:]]
    changes = [
        lambda: post_deal(phone, game, _deal(1)),  # recorded
        lambda: post_deal(  # edited: the deal and every total after it
            phone, game, _deal(2, other), url=f"/sheet/{game.token}/deals/2/"
        ),
        lambda: action(phone, game, f"/sheet/{game.token}/deals/3/undo/"),
        lambda: action(
            phone,
            game,
            f"/sheet/{game.token}/restore/"
            f"{Change.objects.filter(game=game, action='undo').latest('version').version}/",
        ),
        lambda: action(phone, game, f"/sheet/{game.token}/seats/", name="Eve"),  # a column
        lambda: action(phone, game, f"/sheet/{game.token}/finish/"),
    ]
    for change in changes:
        before = Game.objects.get(pk=game.pk).version
        assert change().status_code in (200, 303)
        assert Game.objects.get(pk=game.pk).version > before
        _as_if_nothing_kept(phone, urls)
        _as_if_nothing_kept(phone, urls[::-1])


def test_an_edited_deal_is_drawn_anew() -> None:
    game = _evening(3)
    phone = Client()
    assert "king of clubs" not in _page(phone, f"/sheet/{game.token}/")
    other = [["KC", "KH", "KD"], *HANDS_4[1:]]
    post_deal(phone, game, _deal(1, other), url=f"/sheet/{game.token}/deals/2/")
    assert "king of clubs" in _page(phone, f"/sheet/{game.token}/")


def test_no_key_is_drawn_twice() -> None:
    """A form's key makes a form sent twice count once: two answers never share one."""
    game = _evening(12)
    phone = Client()
    keys = [
        re.findall(
            r'name="key" value="([^"]+)"', phone.get(f"/sheet/{game.token}/").content.decode()
        )
        for _ in range(2)
    ]
    assert len(keys[0]) > 5  # the deal form's, the deals' undo form, the seats', finish
    assert not set(keys[0]) & set(keys[1])
    assert len(set(keys[0])) == len(keys[0])


def _queries(game: Game) -> int:
    phone = Client()
    phone.get(f"/sheet/{game.token}/")
    with CaptureQueriesContext(connection) as queries:
        assert phone.get(f"/sheet/{game.token}/").status_code == 200
    return len(queries)


def test_the_page_reads_as_much_at_10_deals_as_at_300() -> None:
    assert _queries(_evening(10)) == _queries(_evening(300))


def test_a_kept_page_reads_no_deal_it_does_not_show(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page whose deals are all kept computes none of them again."""
    game = _evening(30)
    phone = Client()
    phone.get(f"/sheet/{game.token}/")
    steps: list[object] = []
    step = ledger.step

    def counted(*args: Any, **kwargs: Any) -> Any:
        steps.append(args)
        return step(*args, **kwargs)

    monkeypatch.setattr(ledger, "step", counted)
    assert phone.get(f"/sheet/{game.token}/").status_code == 200
    assert steps == []


def test_a_kept_deal_form_is_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page whose fresh deal form is kept (its inputs and pack) builds no deal form: only
    the key and version it sends are drawn anew."""
    from games.scoresheet.forms import deal_form
    from games.scoresheet.views import context

    game = _evening(12)
    phone = Client()
    first = _raw_page(phone, game)
    built: list[object] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        built.append(args)
        return deal_form(*args, **kwargs)

    monkeypatch.setattr(context, "deal_form", counted)
    again = _raw_page(phone, game)
    assert built == []
    assert _deal_form(again) == _deal_form(first)
    caches["template_fragments"].clear()
    assert _deal_form(_raw_page(phone, game)) == _deal_form(first)
    assert len(built) == 1


def test_the_last_undo_and_the_changes_since_a_version_are_found_by_an_index() -> None:
    """The page's "Redo" and a poll's question do not sort every change of the evening (read
    in SQLite's query plan: PostgreSQL scans a table this small whatever its indexes)."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's query plan; the indexes are the same on every database")
    game = _evening(3)
    found = [
        Change.objects.filter(game=game, action="undo").order_by("-version"),
        Change.objects.filter(game=game, version__gt=2),
        Change.objects.filter(game=game).order_by("-version"),
    ]
    for query in found:
        sql, params = query.query.sql_with_params()
        with connection.cursor() as cursor:
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
            plan = " ".join(str(row) for row in cursor.fetchall())
        assert "scoresheet_change_" in plan and "TEMP B-TREE" not in plan, plan


def _deal_form(body: str) -> str:
    found = re.search(r'<form id="deal-form".*?</form>', body, re.S)
    assert found, "a deal form"
    return re.sub(r'(name="(?:csrfmiddlewaretoken|key)" value=")[^"]*', r"\1…", found.group(0))


@pytest.mark.parametrize("rules", ["peel-new", "peel-old", "swedish", "cox"])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_next_deals_form_is_the_form_drawn_afresh(rules: str, data: st.DataObject) -> None:
    """A fresh deal form's inputs are kept under the form's shape, not the sheet's version:
    after deals entered either way (hands or only the result), by any dealer, the form a
    recorded deal answers with, and the page's, equal the form drawn with nothing kept."""
    game = make_game(rules, players=PLAYERS[:3] if rules == "cox" else None)
    spec = game.spec()
    phone = Client()
    for _ in range(data.draw(st.integers(5, 9), label="deals")):
        answer = post_deal(phone, game, data.draw(deal_data(spec)), htmx=True)
        if answer.status_code == 400:  # a result the rules refuse (Swedish: every hand
            continue  # ingenting); the answer is the form as typed, not a fresh one
        assert answer.status_code == 200, answer.content.decode()[:500]
        if '<form id="deal-form"' not in _raw_page(phone, game):  # Cox's game: its hands played
            assert 'id="deal-form"' not in answer.content.decode()  # and no form follows
            break
        kept = [_deal_form(answer.content.decode()), _deal_form(_raw_page(phone, game))]
        caches["template_fragments"].clear()
        assert kept == [_deal_form(_raw_page(phone, game))] * 2


def _raw_page(client: Client, game: Game) -> str:
    response = client.get(f"/sheet/{game.token}/")
    assert response.status_code == 200
    return response.content.decode()
