"""The page bench's measure (bench/pages.py) works on a tiny run: each figure gets a time and a
ratio to what it is measured against, interleaved; no timing is asserted (speed is the bench's
to print, not a test's to judge)."""

import pytest
from django.test import Client

from bench.pages import Figure, measure


@pytest.mark.django_db
def test_a_tiny_run_gives_each_figure_a_time_and_a_ratio(client: Client):
    asked: list[str] = []

    def asker(path: str):
        def ask():
            asked.append(path)
            response = client.get(path)
            assert response.status_code == 200
            return response

        return ask

    figures = [
        Figure("home", 2, asker("/")),
        Figure("glossary", 2, asker("/glossary/")),
        Figure("glossary against home", 2, asker("/glossary/"), against="home"),
    ]
    results = measure(figures, asker("/library/"), rounds=2, calls=1)
    assert set(results) == {f.name for f in figures}
    assert all(seconds > 0 and ratio > 0 for seconds, ratio in results.values())
    # Interleaved: the yardstick (or the figure measured against) is asked before each figure.
    assert asked.count("/library/") == 2 * 2 * 10
    assert asked.count("/") == 1 + 2 + 2
