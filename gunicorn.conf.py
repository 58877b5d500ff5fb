"""How gunicorn serves rulesite (read by ``gunicorn rulesite.wsgi:application`` from the
project's directory; the README's production command).

A slow or half-open client must not stall the site (issue 22, item 6): gunicorn's default
``sync`` workers are each held by one connection until it is read in full, so two clients
that open a connection and send nothing more stop every other request until the timeout.
``gthread`` workers read each connection in a thread of a pool and keep idle keep-alive
connections in a poller, so a stalled client holds one thread, not a worker; the keep-alive
and the request timeout are bounded. A buffering proxy in front (the README) removes the
rest of the risk; this is what holds without one.
"""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", str(min(multiprocessing.cpu_count() * 2, 8))))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
keepalive = 5  # seconds an idle keep-alive connection is kept
timeout = 30  # a request that takes longer is killed with its worker
graceful_timeout = 20
preload_app = True  # the engine's tables are built once, in the master
