"""Fixtures of the score sheet's tests (Django's caches are emptied before each test by
tests/conftest.py)."""

from pathlib import Path

import pytest

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
