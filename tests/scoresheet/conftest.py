"""Each score-sheet test starts as a fresh server process would: nothing kept."""

import pytest
from django.core.cache import cache

from games.scoresheet import kept, store


@pytest.fixture(autouse=True)
def nothing_kept():
    cache.clear()
    kept.forget()
    store.forget_versions()
    yield
