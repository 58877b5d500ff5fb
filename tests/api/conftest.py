"""A tiny game settled from one request (tests/table/request_game.py), registered per test."""

from collections.abc import Iterator

import pytest

from games.engine.games import Game
from tests.table.request_game import registered_high_card


@pytest.fixture
def high_card() -> Iterator[Game]:
    with registered_high_card() as game:
        yield game
