"""Recording a deal costs what the one deal costs: the same few statements for the 10th deal
and the 300th, none that reads the evening (Peel's new game, and Vingt-un, Speculation and
All Fours through their own fields): the game, its players and the state stored with the
last entry are read, the version is checked by the UPDATE that moves it on, and the entry
and its key are inserted. A form filled in against a version another phone has moved on is
refused with what was typed kept; a form sent twice counts once."""

import re
import secrets

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.engine.games import get
from games.request_forms import flatten
from games.scoresheet import ledger, store
from games.scoresheet.models import Change, Deal, Game
from tests.scoresheet.sheet_factory import (
    HANDS_4,
    entry,
    make_game,
    post_deal,
    post_fields,
    spec_for,
)

pytestmark = pytest.mark.django_db


def _evening(deals: int) -> Game:
    spec = spec_for("peel-new")
    data = [
        {"dealer": i % 4, "stood": 1, "bought": [0, 0, 0, 0], "mode": "hands", "hands": HANDS_4}
        for i in range(deals)
    ]
    return make_game("peel-new", entries=[entry(spec, d) for d in data])


def _next_deal(game: Game) -> dict[str, object]:
    game.refresh_from_db()
    dealer = ledger.summarise(game.spec(), store.tail_state(game, game.spec())[0]).next_dealer
    return {"dealer": dealer, "stood": 1, "bought": [0, 0, 0, 0], "mode": "hands", "hands": HANDS_4}


def _statements(game: Game) -> list[str]:
    """The reads and writes of one deal recorded with htmx (not the transaction's own
    statements), each as its verb and the tables it names."""
    fields = post_fields(game.spec(), _next_deal(game))
    fields.update(version=game.version, key=secrets.token_urlsafe(16))
    return _recorded(game, fields)


def _recorded(game: Game, fields: dict[str, object]) -> list[str]:
    """:func:`_statements` of a deal posted as ``fields``."""
    phone = Client()
    with CaptureQueriesContext(connection) as queries:
        response = phone.post(f"/sheet/{game.token}/deals/", fields, headers={"HX-Request": "true"})
    assert response.status_code == 200, response.content[:300]
    out = []
    for query in queries.captured_queries:
        found = re.match(r"\s*(SELECT|INSERT|UPDATE|DELETE)\b", query["sql"])
        tables = sorted(set(re.findall(r'"(scoresheet_\w+)"', query["sql"])))
        if found and tables:
            out.append(f"{found[1]} {' '.join(tables)}")
    return out


READS = ["SELECT scoresheet_game", "SELECT scoresheet_player", "SELECT scoresheet_deal"]
"""What recording a deal reads: the game, its players, the state after its last entry."""
WRITES = ["UPDATE scoresheet_game", "INSERT scoresheet_deal", "INSERT scoresheet_change"]


def test_recording_costs_the_same_statements_on_a_short_and_a_long_sheet():
    short, long = _evening(9), _evening(299)
    for game in (short, long):  # the 10th deal and the 300th
        assert _statements(game) == [*READS, *WRITES]
        assert _statements(game) == [*READS, *WRITES]  # and the next
    assert Deal.objects.filter(game=long).count() == 301
    # The states written are those a recomputation of the whole evening gives.
    for game in (short, long):
        game.refresh_from_db()
        kept = store.load(game, size=0).sheet.totals
        spec = game.spec()
        entries = [d.entry() for d in Deal.objects.filter(game=game).order_by("position")]
        assert kept == ledger.compute(spec, entries).totals


def test_a_form_against_a_version_another_phone_moved_on_is_refused_and_kept():
    game = _evening(3)
    phone = Client()
    assert post_deal(phone, game, _next_deal(game), htmx=True).status_code == 200
    game.refresh_from_db()
    seen = game.version
    # Another phone records a deal: this one does not see it.
    assert post_deal(Client(), game, _next_deal(game), htmx=True).status_code == 200
    late = post_deal(phone, game, _next_deal(game) | {"bought": [0, 2, 0, 0]}, version=seen)
    assert late.status_code == 409
    assert b"Someone else changed this sheet" in late.content
    assert re.search(rb'name="bought_1"[^>]*value="2"', late.content)  # the input kept
    assert Deal.objects.filter(game=game).count() == 5
    assert Change.objects.filter(game=game, action="record").count() == 2
    # Sent again against the version it now shows, it is recorded.
    game.refresh_from_db()
    again = post_deal(phone, game, _next_deal(game), htmx=True)
    assert again.status_code == 200
    assert Deal.objects.filter(game=game).count() == 6


def test_the_same_key_sent_again_counts_once():
    game = _evening(2)
    phone = Client()
    deal = _next_deal(game)
    first = post_deal(phone, game, deal, key="same-key-123", htmx=True)
    assert first.status_code == 200
    game.refresh_from_db()
    recorded = game.version
    # The form sent again, against the version the sheet now has (the retry of a lost
    # answer): recorded once, the version not moved.
    again = post_deal(phone, game, deal, key="same-key-123", htmx=True, version=recorded)
    assert again.status_code == 200
    assert b"already recorded" in again.content
    assert Deal.objects.filter(game=game).count() == 3
    game.refresh_from_db()
    assert game.version == recorded


def _request_game_evening(slug: str, deals: int) -> Game:
    """A sheet of ``deals`` deals of a game settled from one request, the game's example
    each time (All Fours to no target: the evening never ends)."""
    players = ["Ann", "Bob", "Cy", "Dee", "Eve"][: _players(slug)]
    spec = spec_for(slug, players, target="none")
    request = get(slug).example()  # type: ignore[attr-defined]
    return make_game(
        slug, players, target="none", entries=[entry(spec, request) for _ in range(deals)]
    )


def _players(slug: str) -> int:
    count = get(slug).example()["players"]  # type: ignore[attr-defined]
    return count if isinstance(count, int) else len(count)


def _request_statements(game: Game) -> list[str]:
    """:func:`_statements` of the game's example recorded through its own fields."""
    game.refresh_from_db()
    request = get(game.rules).example()  # type: ignore[attr-defined]
    fields = {**dict(flatten(request, "entry-")), "version": game.version}
    return _recorded(game, {**fields, "key": secrets.token_urlsafe(16)})


@pytest.mark.parametrize("slug", ["vingt-un", "speculation", "all-fours"])
def test_a_request_game_records_a_deal_with_the_same_statements_at_any_length(slug):
    short, long = _request_game_evening(slug, 9), _request_game_evening(slug, 299)
    for game in (short, long):
        assert _request_statements(game) == [*READS, *WRITES]
    assert Deal.objects.filter(game=long).count() == 300
    for game in (short, long):  # the states written are a recomputation's
        game.refresh_from_db()
        entries = [d.entry() for d in Deal.objects.filter(game=game).order_by("position")]
        expected = ledger.compute(game.spec(), entries).totals
        assert store.load(game, size=0).sheet.totals == expected


# --- An edit early in a long sheet ---------------------------------------------------------------


def _edit_fields(
    game: Game, position: int, hands: list[list[str]], dealer: int
) -> dict[str, object]:
    game.refresh_from_db()
    data = {"dealer": dealer, "stood": 1, "bought": [0, 0, 0, 0], "mode": "hands", "hands": hands}
    return {
        **post_fields(game.spec(), data),
        "version": game.version,
        "key": secrets.token_urlsafe(16),
    }


TRICON = [["AS", "KS", "QS"], ["2H", "2D", "2C"], ["9C", "8D", "4H"], ["3C", "5D", "JH"]]
""":data:`HANDS_4` with Bob's pair made a tricon: the deal pays otherwise."""


def _recomputed_in_full(game: Game) -> list[dict[str, object]]:
    spec = game.spec()
    state, out = ledger.initial(spec), []
    for deal in Deal.objects.filter(game=game).order_by("position"):
        state, row = ledger.step(spec, state, deal.entry())
        out.append(ledger.dump_state(state, row))
    return out


def _counted_edit(
    game: Game, fields: dict[str, object], url: str, monkeypatch: pytest.MonkeyPatch
) -> int:
    """Post an edit; the engine's steps it took, none of them inside :func:`store.commit`."""
    steps, inside = [0], [False]
    step, commit = ledger.step, store.commit

    def counted(*args: object) -> object:
        assert not inside[0], "the engine ran while the write lock was held"
        steps[0] += 1
        return step(*args)

    def locked(*args: object, **kwargs: object) -> object:
        inside[0] = True
        try:
            return commit(*args, **kwargs)
        finally:
            inside[0] = False

    monkeypatch.setattr(ledger, "step", counted)
    monkeypatch.setattr(store, "commit", locked)
    response = Client().post(url, fields)
    monkeypatch.undo()
    assert response.status_code == 303, response.content[:300]
    return steps[0]


def test_an_edit_of_the_first_deal_steps_the_engine_once_and_moves_the_later_totals(monkeypatch):
    game = _evening(300)
    first = Deal.objects.filter(game=game).order_by("position").first()
    assert first is not None
    fields = _edit_fields(game, first.position, TRICON, 0)
    url = f"/sheet/{game.token}/deals/{first.position}/"
    # One step: the deal edited (its edit form's check reads the stored state before it).
    assert _counted_edit(game, fields, url, monkeypatch) == 1
    kept = list(Deal.objects.filter(game=game).order_by("position").values_list("state", flat=True))
    assert kept == _recomputed_in_full(game)
    assert kept[-1]["t"] != _recomputed_in_full(_evening(300))[-1]["t"]  # the totals moved
    # Put back as it was: the later states move back, and an edit that pays as before
    # writes the one deal.
    assert (
        _counted_edit(game, _edit_fields(game, first.position, HANDS_4, 0), url, monkeypatch) == 1
    )
    assert list(
        Deal.objects.filter(game=game).order_by("position").values_list("state", flat=True)
    ) == _recomputed_in_full(game)
    game.refresh_from_db()
    moved_back = game.version
    same = [HANDS_4[0], ["2H", "2D", "8C"], *HANDS_4[2:]]  # Bob's pair with another card
    assert _counted_edit(game, _edit_fields(game, first.position, same, 0), url, monkeypatch) == 1
    later = Deal.objects.filter(game=game, position__gt=first.position)
    assert set(later.values_list("stamp", flat=True)) == {moved_back}  # not written again


def test_a_change_that_moves_more_than_the_totals_is_computed_in_full(monkeypatch):
    game = _evening(40)
    first = Deal.objects.filter(game=game).order_by("position").first()
    assert first is not None
    url = f"/sheet/{game.token}/deals/{first.position}/"
    # Another dealer: every later dealer's turns differ, so every later deal is stepped.
    assert (
        _counted_edit(game, _edit_fields(game, first.position, HANDS_4, 2), url, monkeypatch) == 40
    )
    kept = list(Deal.objects.filter(game=game).order_by("position").values_list("state", flat=True))
    assert kept == _recomputed_in_full(game)


@pytest.mark.parametrize(
    ("hands", "dealer", "stepped"),
    [(TRICON, 0, 1), (HANDS_4, 2, 40)],  # Bob's tricon moves totals; another dealer
    ids=["totals-moved", "dealer-changed"],
)
def test_deals_recorded_while_an_edit_is_computed_follow_it(monkeypatch, hands, dealer, stepped):
    """Phones record deals while an early deal's edit is computed (issue 22: edits never
    won): the edit is written with them, each read and moved (or stepped) alone, never the
    evening again, and the states are those a replay gives."""
    game = _evening(40)
    first = Deal.objects.filter(game=game).order_by("position").first()
    assert first is not None
    fields = _edit_fields(game, first.position, hands, dealer)
    recompute, recorded = store.recompute, []

    def raced(*args: object, **kwargs: object) -> object:
        done = recompute(*args, **kwargs)
        for _ in range(2):  # two phones record now
            recorded.append(post_deal(Client(), game, _next_deal(game)))
        return done

    monkeypatch.setattr(store, "recompute", raced)
    url = f"/sheet/{game.token}/deals/{first.position}/"
    # The edit's own steps, the two phones' deals, and theirs again when they follow a
    # change of dealer (moved, they are not stepped again).
    assert _counted_edit(game, fields, url, monkeypatch) == stepped + 2 + (stepped > 1) * 2
    assert [r.status_code for r in recorded] == [303, 303]
    kept = list(Deal.objects.filter(game=game).order_by("position").values_list("state", flat=True))
    assert len(kept) == 42 and kept == _recomputed_in_full(game)


def test_an_undo_and_a_restore_early_in_a_sheet_leave_the_states_a_replay_gives():
    from tests.scoresheet.sheet_factory import action

    game = _evening(30)
    phone = Client()
    assert action(phone, game, f"/sheet/{game.token}/deals/2/undo/").status_code in (200, 303)
    assert list(
        Deal.objects.filter(game=game).order_by("position").values_list("state", flat=True)
    ) == _recomputed_in_full(game)
    undo = Change.objects.get(game=game, action="undo")
    assert action(phone, game, f"/sheet/{game.token}/restore/{undo.version}/").status_code in (
        200,
        303,
    )
    assert list(
        Deal.objects.filter(game=game).order_by("position").values_list("state", flat=True)
    ) == _recomputed_in_full(game)


# --- The printable sheet of a long evening -------------------------------------------------------


def test_a_long_sheet_prints_200_entries_a_page_each_computed_from_the_stored_state(monkeypatch):
    from games.scoresheet.views.exports import PRINT_PAGE

    game = _evening(450)
    steps = [0]
    step = ledger.step

    def counted(*args: object) -> object:
        steps[0] += 1
        return step(*args)

    monkeypatch.setattr(ledger, "step", counted)
    first = Client().get(f"/sheet/{game.token}/print/").content.decode()
    assert steps[0] <= PRINT_PAGE
    ledger_rows = first[first.index('class="print-ledger"') :]
    assert ledger_rows.count('<th scope="row">') == PRINT_PAGE
    assert '<span aria-current="page">1–200</span>' in first
    assert '<a href="?page=3">401–450</a>' in first
    assert "evening-chart" in first
    last = Client().get(f"/sheet/{game.token}/print/?page=3").content.decode()
    assert steps[0] <= 2 * PRINT_PAGE
    assert last.count('<th scope="row">450</th>') == 1 and '<th scope="row">400</th>' not in last
    totals = ledger.compute(game.spec(), [d.entry() for d in Deal.objects.filter(game=game)]).totals
    assert f"<strong>{'+' if totals[0] > 0 else ''}{totals[0]}</strong>".replace("-", "−") in last
    assert Client().get(f"/sheet/{game.token}/print/?page=99").status_code == 200  # the last


def test_a_long_evenings_printed_chart_shows_at_most_100_deals_and_says_so():
    """The chart of a long evening on the first printed page, and the table of its figures,
    have 100 of its deals spread evenly through it, the last included, as the page says;
    a sheet of 100 deals or fewer has every one."""
    from games.scoresheet.templatetags.sheet_tags import signed
    from games.scoresheet.views.exports import CHART_POINTS

    game = _evening(450)
    page = Client().get(f"/sheet/{game.token}/print/").content.decode()
    figures = page[page.index('class="chart-figures"') : page.index("</figure>")]
    numbers = [int(n) for n in re.findall(r'<th scope="row">(\d+)</th>', figures)]
    assert len(numbers) == CHART_POINTS + 1  # the start, then 100 deals
    assert numbers[:3] == [0, 4, 9] and numbers[-1] == 450
    last = ledger.load_state(game.spec(), Deal.objects.filter(game=game).last().state)
    cells = re.findall(r'<td class="num">([^<]*)</td>', figures[figures.rindex("<tr>") :])
    assert cells == [signed(total) for total in last.totals]
    assert "show the accounts after 100 of the 450 deals, spread evenly" in page
    short = _evening(30)
    page = Client().get(f"/sheet/{short.token}/print/").content.decode()
    figures = page[page.index('class="chart-figures"') : page.index("</figure>")]
    assert len(re.findall(r'<th scope="row">\d+</th>', figures)) == 31
    assert "spread evenly" not in page
