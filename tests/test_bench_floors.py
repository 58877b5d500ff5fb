"""The page bench's floors (``rulesite/urls_bench.py``): the engine's work for a table's or a
calculator's question, answered in a few bytes. The bench reads what a page costs beyond its
floor as the drawing of its answer, so a floor must do the engine's whole work: these check
that it judges and settles the question of the address it is asked."""

import pytest

from bench.pages import FRESH_PAYOUTS, FRESH_TABLES, PAGES
from games.engine import games

pytestmark = [pytest.mark.django_db, pytest.mark.urls("rulesite.urls_bench")]


def test_the_table_floor_answers_the_winners_the_engine_judges(client):
    answer = client.get("/bench/judge/peel-new/?h=7S+7D+7C&h=AS+KS+QS&h=2H+2D+9C")
    assert answer.status_code == 200
    assert answer.content == b"(0,)"  # the tricon beats the sequence and the pair


def test_the_calculator_floor_answers_the_first_players_net_the_engine_settles(client):
    path = "/bench/settle/peel-new/?hand1=7S+7D+7C&hand2=AS+KS+QS&hand3=2H+2D+9C&dealer=2&stood=3"
    answer = client.get(path)
    assert answer.status_code == 200
    game = games.get("peel-new")
    settled = game.settle(  # type: ignore[attr-defined]
        ["7S 7D 7C", "AS KS QS", "2H 2D 9C"], 1, game.configure(), dealer=1, stood=2
    )
    assert answer.content == str(settled.settlement.net[0]).encode()
    assert settled.settlement.net[0] > 0  # the tricon's holder wins the pool


def test_each_floor_is_asked_the_questions_its_pages_are():
    floors = {p.name: p for p in PAGES if p.kind == "floor"}
    compared = [p for p in PAGES if p.floor]
    assert len(compared) == 4  # a table's and a calculator's page and htmx answer
    for page in compared:
        floor = floors[page.floor]
        assert [q.split("?")[1] for q in floor.fresh] == [q.split("?")[1] for q in page.fresh]
        assert floor.fresh[0].split("?")[0] != page.fresh[0].split("?")[0]


@pytest.mark.parametrize("path", [FRESH_TABLES[7], FRESH_PAYOUTS[7]])
def test_a_floor_answers_the_questions_the_bench_asks(client, path):
    floor = path.replace("/table/", "/bench/judge/").replace("/pay/", "/bench/settle/")
    assert client.get(floor).status_code == 200
