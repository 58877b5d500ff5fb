"""Each score-sheet test starts with an empty cache: no page kept from another test."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
