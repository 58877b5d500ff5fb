"""The evening as a chart (issue 20): drawn on the server as SVG with a table of its figures,
in the page, the poll's answer and the print view; its last figures are the accounts; one
line per player; the cost of the chart does not grow with the evening (it reads the latest
deals' stored states only)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.scoresheet.store import WINDOW
from tests.scoresheet.sheet_factory import HANDS_4, make_game, post_deal

pytestmark = pytest.mark.django_db
DEAL = {"dealer": 0, "stood": 1, "bought": [0, 1, 0, 2], "mode": "hands", "hands": HANDS_4}


def amounts(cells: list[str]) -> list[Fraction]:
    return [Fraction(c.strip().replace("−", "-").replace("+", "")) for c in cells]


def play(client: Client, game, deals: int) -> None:
    for n in range(deals):
        post_deal(client, game, {**DEAL, "dealer": n % 4, "stood": (n + 1) % 4})


def test_the_charts_last_figures_are_the_accounts_and_it_has_a_line_per_player():
    client = Client()
    game = make_game("peel-new")
    assert "evening-chart" not in client.get(f"/sheet/{game.token}/").content.decode()
    play(client, game, 3)
    page = client.get(f"/sheet/{game.token}/").content.decode()
    chart = page[page.index('<figure class="evening-chart">') :]
    chart = chart[: chart.index("</figure>")]
    assert chart.count("<polyline") == 4 and 'role="img"' in chart and "<title" in chart
    rows = re.findall(r"<tr><th scope=\"row\">(\d+)</th>(.*?)</tr>", chart)
    assert [int(n) for n, _ in rows] == [0, 1, 2, 3]  # before the first deal, then each
    last = amounts(re.findall(r'<td class="num">([^<]+)</td>', rows[-1][1]))
    accounts = {
        name: Fraction(total.replace("−", "-").replace("+", ""))
        for name, total in re.findall(
            r'<th scope="row">\s*(\w+).*?</th>\s*<td class="num total[^"]*">([^<]+)</td>',
            page[page.index('id="live"') :],
            re.S,
        )
    }
    assert dict(zip(["Ann", "Bob", "Cy", "Dee"], last, strict=True)) == accounts
    assert sum(last) == 0


def test_the_chart_comes_with_the_poll_and_in_the_print_view():
    client = Client()
    game = make_game("peel-new")
    play(client, game, 2)
    poll = client.get(f"/sheet/{game.token}/live/?v=0", headers={"HX-Request": "true"})
    assert "evening-chart" in poll.content.decode()
    assert "evening-chart" in client.get(f"/sheet/{game.token}/print/").content.decode()


def test_a_long_evening_charts_the_latest_deals_at_the_same_cost():
    client = Client()
    game = make_game("peel-new")
    play(client, game, WINDOW + 5)
    with CaptureQueriesContext(connection) as long_evening:
        page = client.get(f"/sheet/{game.token}/").content.decode()
    rows = re.findall(r"<tr><th scope=\"row\">(\d+)</th>", page[page.index("evening-chart") :])
    assert [int(n) for n in rows][:1] == [5] and int(rows[WINDOW]) == WINDOW + 5
    short = make_game("peel-new")
    play(client, short, 3)
    with CaptureQueriesContext(connection) as short_evening:
        client.get(f"/sheet/{short.token}/")
    assert len(long_evening.captured_queries) <= len(short_evening.captured_queries) + 1
