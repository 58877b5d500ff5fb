"""Settings for the page benchmark (``python -m bench.pages``): production-like, on loopback.

The real settings with debug off, plain HTTP on 127.0.0.1, a throwaway SQLite database and
static root in ``RULESITE_BENCH_DIR`` (a temporary directory the bench makes and removes),
and the bench's own addresses (``rulesite/urls_bench.py``): ``/bench/trivial/``, a view that
returns two bytes through the same middleware, the yardstick every page is compared with, and
the tools' floors, the engine's work for a table's or a calculator's question with no page
drawn.
"""

import os
import tempfile
from pathlib import Path

# Production's code paths (settings.py reads these when it is imported), without TLS.
os.environ["DJANGO_DEBUG"] = "0"
os.environ["DJANGO_SECURE_SSL_REDIRECT"] = "0"
os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)

from .settings import *  # noqa: E402, F403

WORK = Path(os.environ.get("RULESITE_BENCH_DIR") or tempfile.gettempdir())

ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
SECURE_HSTS_SECONDS = 0
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(WORK / "bench.sqlite3"),
        "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
    }
}
STATIC_ROOT = WORK / "static"
ROOT_URLCONF = "rulesite.urls_bench"
