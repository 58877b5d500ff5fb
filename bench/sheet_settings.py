"""Settings for the score-sheet bench (``python -m bench.sheet``): the page bench's
(``rulesite/settings_bench.py``: debug off, a throwaway SQLite database, ``/bench/trivial/``),
with the site's own database options (WAL, the busy timeout, connections kept open:
``rulesite/settings.py``), no limit on the sheets one client imports (the bench imports
dozens), and one more address beside the trivial view, ``/bench/insert/``: a bare POST that
inserts one row (``bench/sheet_urls.py``), the floor of recording a deal."""

# The page bench's settings first: they set debug off in the environment before the site's
# settings read it (imported first, the site's settings had read DJANGO_DEBUG unset, debug
# on, and every figure was measured in debug: queries logged, no warm-up, nothing kept).
from rulesite.settings_bench import *  # noqa: F403, I001
from rulesite.settings_bench import DATABASES
from rulesite import settings as _site

if _site.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = dict(_site.DATABASES["default"].get("OPTIONS", {}))
# Connections kept open between requests, as the site's settings keep them (conn_max_age).
DATABASES["default"]["CONN_MAX_AGE"] = _site.DATABASES["default"].get("CONN_MAX_AGE", 60)
SHEET_CREATE_RATE = "0"
# /bench/insert/ beside the trivial view: the floor of a POST that writes (bench/sheet_urls.py).
ROOT_URLCONF = "bench.sheet_urls"
