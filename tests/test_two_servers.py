"""Several servers, one site (issue 22): two gunicorn servers (``gunicorn.conf.py``, production
settings) on one PostgreSQL and one Redis. Phones record deals on one sheet through both at
once; every deal a server acknowledged is in the export once, in the order its phone sent it,
and nothing else is. Sheets started through both in turn are refused at the limit for the
pair, not at twice it.

It needs the two services: ``make test-two-servers DATABASE_URL=postgres://… REDIS_URL=redis://…``
(``.ci/run`` does so with ``.ci/postgres`` and ``.ci/redis``); the Redis database named is
emptied, and a scratch PostgreSQL database is made beside the one named and dropped after.
Without them it is skipped."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import secrets
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

import pytest

from tests.test_serving import _free_port

ROOT = Path(__file__).resolve().parent.parent
REDIS_URL = os.environ.get("REDIS_URL", "")
DATABASE_URL = os.environ.get("DATABASE_URL", "")

pytestmark = [
    pytest.mark.two_servers,
    pytest.mark.skipif(
        not (REDIS_URL and DATABASE_URL.startswith(("postgres://", "postgresql://"))),
        reason="needs REDIS_URL and a PostgreSQL DATABASE_URL (make test-two-servers)",
    ),
]

LIMIT = 6  # sheets one address may start, for the pair of servers
PHONES_PER_SERVER = 3
DEALS_PER_PHONE = 20
VERSION = re.compile(r'name="version" value="(\d+)"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Phone:
    """One browser: its own cookies (the CSRF cookie), talking to one server."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _NoRedirect()
        )

    def request(self, path: str, fields: dict[str, Any] | None = None) -> tuple[int, str, str]:
        """(status, body, Location) of a GET, or of a POST of ``fields``."""
        data = urlencode(fields).encode() if fields is not None else None
        try:
            with self.opener.open(self.base + path, data=data, timeout=60) as response:
                return response.status, response.read().decode(), ""
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), error.headers.get("Location", "")

    def csrf(self, path: str) -> tuple[str, int | None]:
        """The form's CSRF token on the page at ``path`` (its cookie kept), and the sheet's
        version when it is a sheet."""
        status, body, _ = self.request(path)
        assert status == 200, (path, status)
        version = VERSION.search(body)
        token = CSRF.search(body)
        assert token is not None, path
        return token.group(1), int(version.group(1)) if version else None

    def start(self, players: str = "Ann\nBob\nCy\nDi") -> tuple[int, str]:
        token, _ = self.csrf("/sheet/")
        fields = {"csrfmiddlewaretoken": token, "rules": "peel-new", "players": players}
        status, _, location = self.request("/sheet/", {**fields, "stake": "1"})
        return status, location


def deal_fields(phone: int, seq: int) -> dict[str, Any]:
    """A deal (a result only) that says which phone sent it and its number: ``bought`` is
    (phone, seq % 40, seq // 40, 0)."""
    fields: dict[str, Any] = {"mode": "result", "dealer": seq % 4, "stood": 1}
    bought = [phone, seq % 40, seq // 40, 0]
    for i, (place, category) in enumerate(
        zip([1, 2, 3, 3], ["pair", "point", "point", "point"], strict=True)
    ):
        fields |= {f"bought_{i}": bought[i], f"place_{i}": place, f"category_{i}": category}
    return fields


def record(phone: Phone, sheet: str, number: int, acknowledged: list[tuple[int, int]]) -> None:
    """Record DEALS_PER_PHONE deals as a phone does: each with its own key, sent again at the
    sheet's version now when another phone recorded first (409)."""
    token, version = phone.csrf(sheet)
    for seq in range(DEALS_PER_PHONE):
        fields = {
            **deal_fields(number, seq),
            "csrfmiddlewaretoken": token,
            "key": secrets.token_urlsafe(16),
        }
        for _ in range(200):
            status, body, _ = phone.request(f"{sheet}deals/", {**fields, "version": version})
            if status == 303:
                acknowledged.append((number, seq))
                break
            assert status == 409, (status, body[:500])
            now = VERSION.search(body)
            assert now is not None
            version = int(now.group(1))
        else:
            raise AssertionError(f"phone {number} could not record deal {seq}")
        version += 1  # ours; another phone's moves it on again, and the next 409 says so


def _database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@pytest.fixture
def scratch_database() -> Iterator[str]:
    import psycopg

    name = f"rulesite_two_servers_{os.getpid()}"
    with psycopg.connect(_database(DATABASE_URL, "postgres"), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield _database(DATABASE_URL, name)
    finally:
        with psycopg.connect(_database(DATABASE_URL, "postgres"), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def two_servers(scratch_database: str, tmp_path: Path) -> Iterator[list[str]]:
    """Two servers' addresses; their logs (each 409 and 429 is a line) in ``tmp_path``."""
    import redis

    redis.Redis.from_url(REDIS_URL).flushdb()  # no count left from an earlier run
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GUNICORN_"))},
        "DJANGO_SETTINGS_MODULE": "rulesite.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "a-long-and-random-test-key-" + "t" * 40,
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": scratch_database,
        "REDIS_URL": REDIS_URL,
        # A window of a year: the test never straddles two.
        "SHEET_CREATE_RATE": f"{LIMIT}/31536000",
        "GUNICORN_WORKERS": "2",
    }
    manage = [sys.executable, "manage.py"]
    for command in (["migrate", "--noinput", "-v", "0"], ["collectstatic", "--noinput", "-v", "0"]):
        subprocess.run([*manage, *command], cwd=ROOT, env=env, check=True, timeout=300)
    servers, bases, logs = [], [], []
    try:
        for n in range(2):
            port = _free_port()
            logs.append(log := (tmp_path / f"server-{n + 1}.log").open("w"))
            servers.append(
                subprocess.Popen(  # noqa: S603  (our own interpreter and server)
                    [sys.executable, "-m", "gunicorn", "rulesite.wsgi:application"],
                    cwd=ROOT,
                    env={**env, "GUNICORN_BIND": f"127.0.0.1:{port}"},
                    stdout=log,
                    stderr=log,
                )
            )
            bases.append(f"http://127.0.0.1:{port}")
        for base in bases:
            for _ in range(150):
                try:
                    urllib.request.urlopen(base + "/api/v1/openapi.json", timeout=2).read()  # noqa: S310
                    break
                except OSError:
                    time.sleep(0.2)
        print(f"\ntwo servers at {' and '.join(bases)}, their logs in {tmp_path}")
        yield bases
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)
        for log in logs:
            log.close()


def test_two_servers_share_one_database_one_cache_and_one_limit(two_servers: list[str]) -> None:
    one, two = (Phone(base) for base in two_servers)
    status, sheet = one.start()
    assert status == 303, status
    started = 1

    # Deals through both servers at once.
    acknowledged: list[tuple[int, int]] = []
    phones = [(Phone(two_servers[n % 2]), n) for n in range(2 * PHONES_PER_SERVER)]
    errors: list[BaseException] = []

    def run(phone: Phone, number: int) -> None:
        try:
            record(phone, sheet, number, acknowledged)
        except BaseException as error:  # reported below, with the others
            errors.append(error)

    threads = [threading.Thread(target=run, args=pair) for pair in phones]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    took = time.monotonic() - began
    assert not errors, errors

    status, body, _ = two.request(f"{sheet}export.json")
    assert status == 200
    entries = json.loads(body)["entries"]
    seen = [(e["bought"][0], e["bought"][1] + 40 * e["bought"][2]) for e in entries]
    counts = Counter(seen)
    doubled = sorted(deal for deal, n in counts.items() if n > 1)
    lost = sorted(set(acknowledged) - set(counts))
    unasked = sorted(set(counts) - set(acknowledged))
    print(
        f"\n{len(acknowledged)} deals acknowledged by two servers in {took:.1f} s; "
        f"{len(entries)} in the export; lost {len(lost)}, doubled {len(doubled)}"
    )
    assert (lost, doubled, unasked) == ([], [], [])
    assert len(entries) == len(acknowledged) == 2 * PHONES_PER_SERVER * DEALS_PER_PHONE
    for _, number in phones:  # each phone's deals in the order it sent them
        assert [s for p, s in seen if p == number] == list(range(DEALS_PER_PHONE))

    # One limit for the pair: sheets started through each server in turn.
    answers = []
    for n in range(2 * LIMIT):
        status, _ = (one, two)[n % 2].start()
        answers.append(status)
    print(f"starting sheets through both servers in turn: {answers}")
    assert answers == [303] * (LIMIT - started) + [429] * (LIMIT + started)

    # The pages kept by one are kept for both: one entry in Redis for the page.
    import redis

    for phone in (one, two, one):
        assert phone.request("/library/")[0] == 200
    kept = redis.Redis.from_url(REDIS_URL).keys("pages:*")
    assert kept, "no page kept in Redis"
