"""Each test of the calculators starts as a fresh worker would: no answer kept."""

import pytest

from games.payouts.kept import ANSWERS


@pytest.fixture(autouse=True)
def no_kept_answers():
    ANSWERS.clear()
    yield
    ANSWERS.clear()
