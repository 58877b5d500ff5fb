"""Each score-sheet test starts as a fresh server process would: nothing kept."""

from pathlib import Path

import pytest
from django.core.cache import cache

from games.scoresheet import kept, store


@pytest.fixture(autouse=True)
def nothing_kept():
    cache.clear()
    kept.forget()
    store.forget_versions()
    yield


TEMPLATES = Path(__file__).with_name("templates")


@pytest.fixture
def request_games(settings):
    """The two test games settled from one request (request_games.py), registered for the
    test and removed after it: ``(wager, race)``; their fields templates are in
    ``tests/scoresheet/templates``."""
    from games.engine.games import register, unregister
    from tests.scoresheet.request_games import GAMES

    engine = settings.TEMPLATES[0]
    settings.TEMPLATES = [{**engine, "DIRS": [*engine.get("DIRS", []), TEMPLATES]}]
    made = [register(kind()) for kind in GAMES]
    yield tuple(made)
    for game in made:
        unregister(game.slug)
