"""A sheet's exports are streamed (issue 22): the pieces sent, joined, are byte for byte the
file the whole sheet computed at once gives (``serialize.export_json``, ``csv_rows``), for
every way a sheet is kept -- Peel's games, the Swedish game, Pool, Cox, a game settled from
one request, players joining and leaving --; a streamed file still imports; a long sheet is
read from the database a chunk at a time and sent in pieces; the headers are the files';
what a file says before its entries is of their version of the sheet."""

import csv
import io
import secrets
import threading

import pytest
from django.db import connection
from django.db.models import F
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from games.scoresheet import ledger, serialize, store
from games.scoresheet.models import Deal, Game
from games.scoresheet.views import exports
from tests.conftest import read_body
from tests.scoresheet.sheet_factory import (
    HANDS_4,
    PLAYERS,
    action,
    deal_data,
    entry,
    spec_for,
)
from tests.scoresheet.test_sheet_request import deal, wager, wager_spec
from tests.scoresheet.test_sheet_serialize import SPECS, TITLES, evening

ONE = {"dealer": 0, "stood": 1, "bought": [0] * 4, "mode": "hands", "hands": HANDS_4}
"""A deal of Peel's new game."""


def whole(title: str, finished: bool, spec: ledger.Spec, entries: list[ledger.Entry]):
    """The two files as the whole sheet computed at once writes them."""
    sheet = ledger.compute(spec, entries)
    buffer = io.StringIO()
    csv.writer(buffer).writerows(serialize.csv_rows(title, spec, sheet))
    return (
        serialize.export_json(title, finished, spec, sheet).encode(),
        ("\ufeff" + buffer.getvalue()).encode(),
    )


def streamed(client, game: Game) -> tuple[bytes, bytes]:
    files = []
    for ext in ("json", "csv"):
        response = client.get(f"/sheet/{game.token}/export.{ext}")
        assert response.status_code == 200 and response.streaming
        files.append(read_body(response))
    return files[0], files[1]


def sheet_of(spec, entries, title="", finished=False) -> Game:
    return store.create(spec, title, entries, "start", secrets.token_urlsafe(16), finished)


def same_files(client, spec, entries, title="", finished=False) -> bytes:
    game = sheet_of(spec, entries, title, finished)
    assert streamed(client, game) == whole(title, finished, spec, entries)
    return streamed(client, game)[0]


class TestEveryKindOfSheet(TestCase):
    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data(), which=st.sampled_from(SPECS), title=TITLES, finished=st.booleans())
    def test_the_streamed_files_are_the_whole_sheets_byte_for_byte(
        self, data, which, title, finished
    ):
        entries = evening(which, data.draw(st.lists(deal_data(which), max_size=6)))
        text = same_files(self.client, which, entries, title, finished)
        response = self.client.post("/sheet/import/", {"text": text.decode()})
        assert response.status_code == 303


@pytest.mark.django_db
def test_a_game_settled_from_one_request(client, request_games):
    spec = wager_spec()
    entries = [
        deal(spec, wager(0, None, (2, True), (1, False), (5, True))),
        deal(spec, wager(1, (3, False), None, (1, True), (2, True))),
    ]
    text = same_files(client, spec, entries, "Fredag hos Cy")
    assert client.post("/sheet/import/", {"text": text.decode()}).status_code == 303


@pytest.mark.django_db
def test_players_joining_and_leaving_write_version_2(client):
    spec = ledger.make_spec("peel-old", [*PLAYERS[:3], "Eve"], "1", {}, late=[3])
    three = [*HANDS_4[:3], None]
    entries = [
        entry(spec, {"dealer": 0, "mode": "hands", "hands": three}),
        entry(spec, {"player": 3}, kind="join"),
        entry(spec, {"dealer": 1, "mode": "hands", "hands": HANDS_4}),
        entry(spec, {"player": 0}, kind="leave"),
    ]
    text = same_files(client, spec, entries)
    assert b'"format_version": 2' in text
    assert client.post("/sheet/import/", {"text": text.decode()}).status_code == 303
    # An original player leaving is a change of seats too, with no one late.
    spec = spec_for("peel-old")
    entries = [
        entry(spec, {"dealer": 0, "mode": "hands", "hands": HANDS_4}),
        entry(spec, {"player": 3}, kind="leave"),
    ]
    assert b'"format_version": 2' in same_files(client, spec, entries)


@pytest.mark.django_db
def test_an_empty_sheet(client):
    for spec in SPECS:
        same_files(client, spec, [])


@pytest.mark.django_db
def test_a_long_sheet_is_read_a_chunk_at_a_time_and_sent_in_pieces(client, monkeypatch):
    spec = spec_for("peel-new")
    entries = [entry(spec, {**ONE, "dealer": i % 4}) for i in range(450)]
    game = sheet_of(spec, entries, "Long")
    chunks = []
    query_set = type(Deal.objects.none())
    iterator = query_set.iterator

    def counted(self, chunk_size=None):
        chunks.append(chunk_size)
        return iterator(self, chunk_size=chunk_size)

    monkeypatch.setattr(query_set, "iterator", counted)
    pieces = {}
    for ext in ("json", "csv"):
        response = client.get(f"/sheet/{game.token}/export.{ext}")
        pieces[ext] = list(response.streaming_content)
    assert chunks == [exports.CHUNK, exports.CHUNK]
    assert len(pieces["json"]) > 2  # 450 deals are some 150 kB: several pieces
    assert all(len(p) <= 2 * exports.SENT for p in pieces["json"])
    json_file, csv_file = whole("Long", False, spec, entries)
    assert b"".join(pieces["json"]) == json_file
    assert b"".join(pieces["csv"]) == csv_file


@pytest.mark.django_db
@pytest.mark.parametrize("encoding", ["", "gzip"])
def test_the_first_rows_of_a_long_csv_leave_at_once(client, monkeypatch, encoding):
    """The header and the first deals are sent before the engine has gone on through the
    sheet (they waited for some 64 kB of rows: 700 deals), gzipped or not; the file is the
    same."""
    import zlib

    spec = spec_for("peel-new")
    entries = [entry(spec, {**ONE, "dealer": i % 4}) for i in range(450)]
    game = sheet_of(spec, entries, "Long")
    steps = []
    step = ledger.step

    def counted(*args, **kwargs):
        steps.append(1)
        return step(*args, **kwargs)

    monkeypatch.setattr(ledger, "step", counted)
    response = client.get(f"/sheet/{game.token}/export.csv", HTTP_ACCEPT_ENCODING=encoding)
    assert response.get("Content-Encoding", "") == encoding
    unzip = zlib.decompressobj(zlib.MAX_WBITS | 16) if encoding else None
    body = b""
    pieces = iter(response.streaming_content)
    while body.count(b"\r\n") < 3:  # the header and two deals
        piece = next(pieces)
        body += unzip.decompress(piece) if unzip else piece
    assert len(steps) <= 20, len(steps)
    rest = b"".join(pieces)
    body += unzip.decompress(rest) + unzip.flush() if unzip else rest
    assert body == whole("Long", False, spec, entries)[1]
    assert len(steps) == 450


@pytest.mark.django_db
def test_the_files_headers_and_what_a_sheet_the_engine_refuses_gives(client):
    spec = spec_for("peel-new")
    good = entry(
        spec, {"dealer": 0, "stood": 1, "bought": [0] * 4, "mode": "hands", "hands": HANDS_4}
    )
    game = sheet_of(spec, [good, good], "Friday night")
    for prefix, token in (("", game.token), ("view/", game.view_token)):
        for ext, kind in (("json", "application/json"), ("csv", "text/csv")):
            response = client.get(f"/sheet/{prefix}{token}/export.{ext}")
            assert response["Content-Type"] == f"{kind}; charset=utf-8"
            assert response["Content-Disposition"] == (
                f'attachment; filename="friday-night-{game.created_at:%Y-%m-%d}.{ext}"'
            )
            assert "no-store" in response["Cache-Control"]
            assert "ETag" not in response
            read_body(response)  # its entries are read as it is sent: done with them
    # The second deal's cards changed in the database into a hand no pack holds: the JSON
    # is refused (409), the CSV has the accounts up to the entry before it.
    second = Deal.objects.filter(game=game).order_by("position").last()
    second.data = {**second.data, "hands": [["AS", "AS", "QS"], *HANDS_4[1:]]}
    second.state = None
    second.save()
    response = client.get(f"/sheet/{game.token}/export.json")
    assert response.status_code == 409 and "Entry 2 no longer settles" in response.text
    _, csv_file = whole("Friday night", False, spec, [good])
    assert read_body(client.get(f"/sheet/{game.token}/export.csv")) == csv_file


@pytest.mark.django_db
def test_the_csv_is_in_the_language_of_the_address(client):
    spec = spec_for("swedish", stake="0.25")
    game = sheet_of(spec, [])
    english = read_body(client.get(f"/sheet/{game.token}/export.csv")).decode("utf-8-sig")
    swedish = read_body(client.get(f"/sv/sheet/{game.token}/export.csv")).decode("utf-8-sig")
    assert english.startswith("Deal,") and not swedish.startswith("Deal,")


def _changing(monkeypatch, change, times: int | None = 1) -> list[object]:
    """Each of the first ``times`` (None: every) reads of a sheet's entries for a file made
    just after ``change()`` (what it answers kept): the sheet changes between what the file
    says of it and its entries."""
    stored, changed = exports._stored, []

    def racing(*args, **kwargs):
        if times is None or len(changed) < times:
            changed.append(change())
        return stored(*args, **kwargs)

    monkeypatch.setattr(exports, "_stored", racing)
    return changed


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("seat", "ext", "told"),
    [
        ({"name": "Eve"}, "json", b'"format_version": 2'),
        ({"name": "Eve"}, "csv", b"Eve: total"),
        ({"leave": 2}, "json", b'"format_version": 2'),
    ],
    ids=["join-json", "join-csv", "leave-json"],
)
def test_a_seat_changed_while_a_file_is_read_is_in_all_of_it(client, monkeypatch, seat, ext, told):
    """A player joins or leaves between the reading of the sheet (its players, whether a
    seat changed: the JSON's format_version) and of its entries: the file is the sheet's
    after the change, byte for byte, not a head of three players over entries of four, nor
    format_version 1 over a player's leaving (which no import reads)."""
    spec = spec_for("peel-old", PLAYERS[:3])
    game = sheet_of(spec, [entry(spec, {"dealer": 0, "mode": "hands", "hands": HANDS_4[:3]})])
    url = f"/sheet/{game.token}/seats/"
    changed = _changing(monkeypatch, lambda: action(Client(), game, url, **seat).status_code)
    raced = read_body(client.get(f"/sheet/{game.token}/export.{ext}"))
    assert changed == [303]
    monkeypatch.undo()
    assert raced == read_body(client.get(f"/sheet/{game.token}/export.{ext}"))
    assert told in raced
    if ext == "json":
        assert client.post("/sheet/import/", {"text": raced.decode()}).status_code == 303


@pytest.mark.django_db
def test_a_sheet_changing_at_every_read_is_refused_for_a_moment(client, monkeypatch):
    """The sheet changed each time between the reading of it and of its entries: after
    :data:`exports.SNAPSHOT_ATTEMPTS` reads, 503, in the page's language, to ask again."""
    spec = spec_for("peel-new")
    game = sheet_of(spec, [entry(spec, ONE)])
    moved = Game.objects.filter(pk=game.pk)
    changed = _changing(monkeypatch, lambda: moved.update(version=F("version") + 1), None)
    said = {"": "kept changing while it was read", "/sv": "ändrades hela tiden medan det lästes"}
    asked = [("", "json"), ("", "csv"), ("/sv", "json")]
    for language, ext in asked:
        response = client.get(f"{language}/sheet/{game.token}/export.{ext}")
        assert response.status_code == 503 and response["Retry-After"] == "1"
        assert said[language] in response.text
    assert len(changed) == len(asked) * exports.SNAPSHOT_ATTEMPTS
    head = client.head(f"/sheet/{game.token}/export.json")  # no entries read
    assert head.status_code == 200 and len(changed) == len(asked) * exports.SNAPSHOT_ATTEMPTS


def _in_another_connection(change) -> object:
    """``change()`` run in a thread of its own (its own connection to the database, as a
    request of another server's), waited for; what it answers."""
    done: list[object] = []

    def run() -> None:
        try:
            done.append(change())
        except Exception as error:  # noqa: BLE001 -- reported by the test
            done.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=30)
    return done[0] if done else "timed out"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("deals", [1, exports.CHUNK + 50])
@pytest.mark.parametrize("hooked", ["entries", "version"], ids=["before-entries", "after-query"])
def test_a_player_leaving_from_another_connection_gives_one_version_or_the_other(
    monkeypatch, hooked, deals
):
    """A player leaves through another connection (committed on its own) just before the
    entries' query runs, or just after it ran and before the version is read again: the
    JSON is the sheet's before the leaving or after it, byte for byte, never a mix. (The
    second read sees the change and everything is read again; or, on SQLite while the
    query is still open, longer than a chunk, it is in the query's snapshot: the file
    before.)"""
    client = Client()
    spec = spec_for("peel-old", PLAYERS[:3])
    one = {"mode": "hands", "hands": HANDS_4[:3]}
    evening = [entry(spec, {**one, "dealer": i % 3}) for i in range(deals)]
    game = sheet_of(spec, evening)
    url = f"/sheet/{game.token}/export.json"
    before = read_body(client.get(url))
    seats = f"/sheet/{game.token}/seats/"
    answered: list[object] = []
    target, name = (exports, "_stored") if hooked == "entries" else (store, "version_of")
    original = getattr(target, name)

    def leave():
        return action(Client(), game, seats, leave=2).status_code

    def racing(*args, **kwargs):
        if not answered:  # once: the entries' query is about to run, or has run
            answered.append(_in_another_connection(leave))
        return original(*args, **kwargs)

    monkeypatch.setattr(target, name, racing)
    raced = read_body(client.get(url))
    monkeypatch.undo()
    assert answered == [303]
    after = read_body(client.get(url))
    assert before != after and raced in (before, after)
