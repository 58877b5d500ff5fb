"""The production server (gunicorn with ``gunicorn.conf.py``) is not stalled by slow clients:
with two connections opened and left half-sent, another reader still gets a page at once
(issue 22, item 6; gunicorn's default sync workers wait for them until their timeout)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_two_half_open_connections_do_not_stall_the_site(tmp_path: Path) -> None:
    port = _free_port()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        "DJANGO_SETTINGS_MODULE": "rulesite.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "a-long-and-random-test-key-" + "q" * 40,
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_WORKERS": "2",
    }
    server = subprocess.Popen(  # noqa: S603  (our own interpreter and server)
        [sys.executable, "-m", "gunicorn", "rulesite.wsgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    stalled: list[socket.socket] = []
    try:
        # The API's document: no template, so no static files' manifest is needed (a fresh
        # clone has not collected them).
        url = f"http://127.0.0.1:{port}/api/v1/openapi.json"
        for _ in range(150):
            try:
                urllib.request.urlopen(url, timeout=2).read()  # noqa: S310
                break
            except OSError:
                time.sleep(0.2)
        for _ in range(2):
            connection = socket.create_connection(("127.0.0.1", port))
            connection.sendall(b"GET /api/v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            stalled.append(connection)
        time.sleep(0.5)
        began = time.monotonic()
        page = urllib.request.urlopen(url, timeout=5).read()  # noqa: S310
        assert b'"openapi"' in page
        assert time.monotonic() - began < 1.0
    finally:
        for connection in stalled:
            connection.close()
        server.terminate()
        server.wait(timeout=30)
