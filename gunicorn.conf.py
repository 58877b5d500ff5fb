"""gunicorn's settings for the site: gunicorn reads this file from the directory it is started
in (the project's), so ``gunicorn rulesite.wsgi:application --preload`` there uses it.

A worker forked from the master (``--preload``) shares the master's memory until it writes to
it, and its very first request pays for copying every page of memory that request touches:
the site's pages are worked out once more in the worker before it serves
(``rulesite/wsgi.py``), but gunicorn's own way from a connection to the application is not,
so the first reader of each worker waited 2.4-2.8 ms where the next waited 0.6-0.9 ms,
whatever the page. :func:`post_worker_init` makes the worker answer one request of its own,
over a connection to its own address, before it takes its first reader.
"""

from __future__ import annotations

import select
import socket
import threading
from typing import Any


def _read_all(sock: socket.socket, into: list[bytes]) -> None:
    """The whole answer, then our end closed for writing, as a browser's closes: the worker
    lingers on its end until the reader is done (``gunicorn.util.close_graceful``)."""
    while chunk := sock.recv(65536):
        into.append(chunk)
    sock.shutdown(socket.SHUT_WR)


def post_worker_init(worker: Any) -> None:
    """Answer one request through the worker's own handling, as it will answer readers."""
    from gunicorn.workers.sync import SyncWorker

    if not isinstance(worker, SyncWorker) or worker.cfg.is_ssl or not worker.sockets:
        return  # another worker class handles a connection its own way
    from rulesite.wsgi import served_host

    listener = worker.sockets[0]
    ours = socket.socket(listener.sock.family, socket.SOCK_STREAM)
    answer: list[bytes] = []
    by = "another worker"  # unless this one accepts the connection
    try:
        ours.settimeout(5)
        ours.connect(listener.getsockname())
        ours.sendall(
            f"GET / HTTP/1.1\r\nHost: {served_host()}\r\nAccept-Encoding: gzip\r\n"
            "Connection: close\r\n\r\n".encode()
        )
        # Read while the worker writes: an answer larger than the buffers would block it.
        reader = threading.Thread(target=_read_all, args=(ours, answer), daemon=True)
        reader.start()
        # Another worker, already serving, may take the connection first: it answers it then.
        if select.select([listener.sock], [], [], 0.5)[0]:
            try:
                client, address = listener.accept()
            except BlockingIOError:
                pass
            else:
                client.setblocking(True)
                worker.handle(listener, client, address)  # closes the connection
                by = "this worker"
        reader.join(5)
    except Exception:  # the first reader pays for it then, as before
        worker.log.warning("Warm-up request failed", exc_info=True)
    finally:
        ours.close()
    status = b"".join(answer).split(b"\r\n", 1)[0].decode("latin-1")
    worker.log.info("Warm-up request answered by %s: %s", by, status or "nothing")
