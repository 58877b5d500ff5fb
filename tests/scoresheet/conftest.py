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


@pytest.fixture
def request_games():
    """The two test games settled from one request (request_games.py), registered for the
    test and removed after it: ``(wager, race)``."""
    from games.engine.games import register, unregister
    from tests.scoresheet.request_games import GAMES

    made = [register(kind()) for kind in GAMES]
    yield tuple(made)
    for game in made:
        unregister(game.slug)
