"""What a 2,000-deal sheet costs (issue 22): its printed sheet and exports (time, time to
the first byte of the body, bytes, the peak of memory Python allocated while answering), an
edit of its first deal and of its last (time, and how long the write lock is held: the time
spent in :func:`store.commit`), an import refused by the rate limit or for its size, and
an edit of the first deal racing phones that record deals (threads, each its own
connection to the database): how many edits win, as a scorer would, trying again at the
sheet's new version after each 409.

``python -m bench.sheet_cost [DEALS]``: one process, Django's test client, a throwaway
SQLite database (``bench/settings.py``)."""

from __future__ import annotations

import os
import secrets
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")

HANDS = [["AS", "KS", "QS"], ["2H", "2D", "7C"], ["9C", "8D", "4H"], ["3C", "5D", "JH"]]
OTHER = [["AS", "KS", "QS"], ["2H", "2D", "2C"], ["9C", "8D", "4H"], ["3C", "5D", "JH"]]


def _body(response: Any) -> bytes:
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content)
    return bytes(response.content)


def _drained(response: Any) -> None:
    """The body read as a client reads it, each piece let go once read (what a streamed
    answer holds is then the server's, not the reader's)."""
    if getattr(response, "streaming", False):
        for _ in response.streaming_content:
            pass


def _first_and_body(response: Any) -> tuple[float, bytes]:
    """When the first byte of the body came (perf_counter) and the whole body."""
    if not getattr(response, "streaming", False):
        return time.perf_counter(), bytes(response.content)
    chunks = iter(response.streaming_content)
    first = next(chunks, b"")
    at = time.perf_counter()
    return at, first + b"".join(chunks)


def _measured(ask: Callable[[], Any]) -> tuple[float, int, int, int, float]:
    """(seconds, bytes, peak bytes allocated, status, seconds to the first byte) of one
    request, its body read: timed once as it is, then once more with tracemalloc counting
    (which slows it down)."""
    start = time.perf_counter()
    response = ask()
    at, body = _first_and_body(response)
    size = len(body)
    seconds = time.perf_counter() - start
    tracemalloc.start()
    _drained(ask())
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return seconds, size, peak, response.status_code, at - start


@contextmanager
def _lock_held() -> Iterator[list[float]]:
    """The seconds each :func:`store.commit` took (the write lock is held inside it)."""
    from games.scoresheet import store

    held: list[float] = []
    commit = store.commit

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return commit(*args, **kwargs)
        finally:
            held.append(time.perf_counter() - start)

    store.commit = timed
    try:
        yield held
    finally:
        store.commit = commit


def _deal_fields(version: int, dealer: int, hands: list[list[str]]) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "mode": "hands",
        "dealer": dealer,
        "stood": 1,
        "version": version,
        "key": secrets.token_urlsafe(16),
    }
    for i in range(4):
        fields[f"bought_{i}"] = 0
        for j, card in enumerate(hands[i]):
            fields[f"card_{i}_{j}"] = card
    return fields


def _race(token: str, position: int, phones: int = 3, seconds: float = 15.0) -> None:
    """``phones`` threads record deals while one edits deal ``position`` over and over,
    each sending again at the sheet's version after a 409, for ``seconds``."""
    import threading

    from django.db import connection
    from django.test import Client

    from games.scoresheet.models import Game

    stop = time.perf_counter() + seconds
    counts: dict[str, int] = {"recorded": 0, "record 409": 0, "edited": 0, "edit 409": 0}
    lock = threading.Lock()

    def version() -> int:
        return Game.objects.values_list("version", flat=True).get(token=token)

    def loop(url: str, won: str, lost: str, dealer: Callable[[], int]) -> None:
        client = Client()
        k = 0
        try:
            while time.perf_counter() < stop:
                hands = OTHER if k % 2 else HANDS
                answer = client.post(url, _deal_fields(version(), dealer(), hands))
                with lock:
                    counts[won if answer.status_code in (200, 303) else lost] += 1
                k += 1
        finally:
            connection.close()

    threads = [
        threading.Thread(
            target=loop, args=(f"/sheet/{token}/deals/", "recorded", "record 409", lambda: 0)
        )
        for _ in range(phones)
    ]
    threads.append(
        threading.Thread(
            target=loop,
            args=(
                f"/sheet/{token}/deals/{position}/",
                "edited",
                "edit 409",
                lambda: (position - 1) % 4,
            ),
        )
    )
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(
        f"  {phones} phones recording, one scorer editing deal 1, {seconds:.0f} s: "
        + ", ".join(f"{n} {what}" for what, n in counts.items())
    )


def _said(what: str, seconds: float, peak: int, status: int) -> None:
    print(f"  {what:33} {seconds * 1000:6.0f} ms  peak {peak / 1e6:.1f} MB ({status})")


def main(deals: int = 2000) -> int:
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import override_settings

    from games.scoresheet import ledger, store
    from games.scoresheet.models import Deal

    call_command("migrate", verbosity=0)
    spec = ledger.make_spec("peel-new", ["Ann", "Bob", "Cy", "Dee"], "1", {})
    entries = [
        ledger.Entry(
            "deal",
            ledger.clean_entry(
                spec,
                "deal",
                {"dealer": i % 4, "stood": 1, "bought": [0] * 4, "mode": "hands", "hands": HANDS},
            ),
        )
        for i in range(deals)
    ]
    game = store.create(spec, "Bench", entries, "start", secrets.token_urlsafe(16))
    client = Client()
    print(f"A sheet of {deals} deals (Peel's new game, four players)")
    for name, url in (
        ("print", f"/sheet/{game.token}/print/"),
        ("export.json", f"/sheet/{game.token}/export.json"),
        ("export.csv", f"/sheet/{game.token}/export.csv"),
    ):
        client.get(url)  # warm
        figures = [_measured(partial(client.get, url)) for _ in range(3)]
        seconds = sorted(f[0] for f in figures)[1]
        first = sorted(f[4] for f in figures)[1]
        _, size, peak, status, _ = figures[-1]
        print(
            f"  {name:12} {seconds * 1000:7.0f} ms  first byte {first * 1000:6.0f} ms  "
            f"{size / 1e6:6.2f} MB  peak {peak / 1e6:6.1f} MB  ({status})"
        )
    positions = list(
        Deal.objects.filter(game=game).order_by("position").values_list("position", flat=True)
    )
    for name, position in (("edit deal 1", positions[0]), (f"edit deal {deals}", positions[-1])):
        times, locks = [], []
        for k in range(4):
            game.refresh_from_db()
            hands = OTHER if k % 2 == 0 else HANDS
            fields = _deal_fields(game.version, (position - 1) % 4, hands)
            with _lock_held() as held:
                start = time.perf_counter()
                response = client.post(f"/sheet/{game.token}/deals/{position}/", fields)
                times.append(time.perf_counter() - start)
            assert response.status_code == 303, (response.status_code, _body(response)[:500])
            locks.append(sum(held))
        times.sort()
        locks.sort()
        print(
            f"  {name:15} {times[len(times) // 2] * 1000:7.0f} ms  "
            f"write lock held {locks[len(locks) // 2] * 1000:6.1f} ms"
        )
    exported = _body(client.get(f"/sheet/{game.token}/export.json"))
    with override_settings(SHEET_CREATE_RATE="1/3600"):
        from django.core.cache import cache

        cache.clear()
        client.post("/sheet/import/", {"text": "{}"})  # the one allowed
        seconds, _, peak, status, _ = _measured(
            lambda: client.post("/sheet/import/", {"text": exported.decode()})
        )
        _said("import refused by the rate limit", seconds, peak, status)
    _race(game.token, positions[0])
    big = "x" * 3_000_000
    seconds, _, peak, status, _ = _measured(lambda: client.post("/sheet/import/", {"text": big}))
    _said("import of a 3 MB paste", seconds, peak, status)
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000))
