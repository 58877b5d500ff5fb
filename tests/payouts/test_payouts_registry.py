"""The calculators are built from the registry of games: the index lists what is registered,
each game's calculator is at its slug, a game's old names and the permalinks people sent
before keep working, and a variant added in one engine module gets a calculator with nothing
else edited."""

from __future__ import annotations

import pytest

from games.engine.games import Option, PeelOld, get, register, unregister
from games.payouts.views import calculators
from tests.payouts.payouts_helpers import get as fetch
from tests.payouts.payouts_helpers import page

# Permalinks made by the calculators before the registry, and what they showed then
# (computed by the code of commit cd85505; the words of a hand have changed since, the
# sums have not).
PERMALINKS = [
    (
        "/pay/peel-new/?stake=1&dealer=1&stood=2&hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H"
        "&bought2=1&bought3=2",
        ["+6", "−3", "−3"],
    ),
    (
        "/pay/peel-new/?stake=2&dealer=2&stood=3&hand1=9S+9H+KC&hand2=9D+9C+KD&hand3=2C+3D+5H"
        "&stander_pays=shared&tie_dealer_stake=shared&dealer_penalty=all",
        ["+4", "0", "−4"],
    ),
    (
        "/pay/peel-new/?stake=1%2F2&dealer=3&stood=1&extended=on&hand1=AS+KS+QS&hand2=9H+9D+2C"
        "&hand3=5C+6D+8H&hand4=JC+4C+7C&dealer_penalty=better",
        ["+2.5", "−0.5", "−1.5", "−0.5"],
    ),
    (
        "/pay/peel-new/?stake=1&dealer=1&stood=2&pack=32&limited=no-pair&hand1=AS+7S+8S"
        "&hand2=9H+9D+QC&hand3=10C+JD+KH&short_pack_ace_low=yes&flush_ties=share&exact_ties=dealer",
        ["+3", "−3", "0"],
    ),
    (
        "/pay/peel-new/?name1=Ann&name2=Bo&stake=1&dealer=2&stood=2&hand1=AS+KS+QS&hand2=9H+9D+2C"
        "&hand3=5C+6D+8H&hand4=7C+7D+2S&bought1=0&bought2=3&bought3=1&bought4=0",
        ["+6", "−3", "−2", "−1"],
    ),
    (
        "/pay/peel-old/?stake=1%2F2&hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&hand4=JC+4C+7C",
        ["+1.5", "−0.5", "−0.5", "−0.5"],
    ),
    (
        "/pay/peel-old/?stake=1&hand1=9S+9H+KC&hand2=9D+9C+KD&hand3=2C+3D+5H&hand4=4D+6C+8S"
        "&exact_ties=dealer&dealer=2",
        ["−1", "+3", "−1", "−1"],
    ),
    (
        "/pay/swedish/?stake=2&dealer=2&hand1=sE+sK+sD&hand2=h2+h3+h4&hand3=dK+cK+h5"
        "&hand4=c2+c7+d9&bought1=1&bought3=2",
        ["+10", "−4", "−6", "0"],
    ),
    (
        "/pay/swedish/?stake=1&dealer=3&hand1=s6+s5+s4&hand2=h6+h5+h4&hand3=dK+cK+h3&tie=full-bonus"
        "&bought1=1&bought2=1",
        ["+0.5", "+0.5", "−1"],
    ),
]
POOL_PERMALINKS = [
    (
        "/pay/pool/?buy_in=3&prize=1&horse_price=1&name1=Ann&name2=Bo&name3=Cy&win1=1&worst1=3"
        "&win2=2&worst2=3&win3=1&worst3=3&win4=1&worst4=2&win5=1&worst5=2&win6=1&worst6=2",
        (["+5", "−2", "−3"], "0", [3, 0, 0]),
    ),
    (
        "/pay/pool/?buy_in=3&prize=2&horse_price=1&name1=&name2=&name3=&name4=&win1=1&worst1=4"
        "&win2=2&worst2=4&win3=1&worst3=4&horse3=4&win4=4&worst4=3&win5=1&worst5=3&worst5=4"
        "&tied_worst=each",
        (["+3", "−1", "−3", "−2"], "3", [3, 3, 1, 0]),
    ),
    (
        "/pay/pool/?buy_in=1%2F2&prize=1%2F4&horse_price=1%2F6&name1=&name2=&name3=&win1=1&win1=2"
        "&worst1=3&win2=1&worst2=2&worst2=3&tied_worst=none&horse=every",
        (["−0.125", "−0.375", "−0.5"], "1", [3, 3, 2]),
    ),
]
RACK_PERMALINKS = [
    (
        "/pay/cox/?cards1=auto-5+auto-5+auto-5+auto-1+auto-1+auto-1+auto-2+auto-2+greenback-3"
        "&base1=3&cards2=ship-1+ship-1+ship-1+plane-2&base2=1&score1_1=12&score1_2=6&score2_1=3"
        "&score2_2=9",
        ([14, -2], ["15", "15"]),
    ),
    (
        "/pay/cox/?cards1=ship-4+ship-4+ship-captain+ship-2+ship-2+ship-2+fruit-1+bank&base1=1"
        "&cards2=auto-5+auto-5+auto-5&base2=2&penalty_before_double=true"
        "&prefer_complete_arrangement=false",
        ([18, 5], None),
    ),
]


def test_the_index_lists_every_registered_game_with_a_calculator(client):
    response = fetch("/pay/", client=client)
    html = response.content.decode()
    assert [g.slug for g in response.context["games"]] == [g.slug for g in calculators()]
    for game in calculators():
        assert f'href="/pay/{game.slug}/"' in html
        assert game.label.replace("'", "&#x27;") in html
    for game in response.context["at_table"]:  # settled at the table, one hand for money
        assert f'href="/table/{game.slug}/"' in html


@pytest.mark.parametrize("game", calculators(), ids=lambda g: g.slug)
def test_each_calculator_is_at_its_slug(client, game):
    response = fetch(f"/pay/{game.slug}/", client=client)
    assert response.status_code == 200
    assert response.context["game"] is game
    html = response.content.decode()
    assert f"<h1>{game.label}</h1>".replace("'", "&#x27;") in html
    for option in game.options:  # every option the form asks is labelled as the registry says
        if option.name in response.context["form"].fields:
            assert response.context["form"].fields[option.name].label == option.label


def test_a_name_the_game_was_known_by_leads_to_its_calculator_with_the_query(client):
    response = fetch("/pay/english-new/", {"hand1": "AS KS QS", "stake": "2"}, client=client)
    assert response.status_code == 301
    assert response["Location"] == "/pay/peel-new/?hand1=AS+KS+QS&stake=2"
    assert fetch("/pay/english-old/", client=client)["Location"] == "/pay/peel-old/"


@pytest.mark.parametrize("slug", ["whist", "PEEL-NEW-", "x" * 200, "pool2"])
def test_no_calculator_for_an_unknown_game(client, slug):
    assert fetch(f"/pay/{slug}/", client=client).status_code == 404


@pytest.mark.parametrize(("url", "nets"), PERMALINKS)
def test_a_permalink_sent_before_gives_the_same_result(client, url, nets):
    response = client.get(url)
    assert response.status_code == 200
    assert [row["net"] for row in response.context["result"].rows] == nets


@pytest.mark.parametrize(("url", "expected"), POOL_PERMALINKS)
def test_a_pool_permalink_sent_before_gives_the_same_game(client, url, expected):
    response = client.get(url)
    assert response.status_code == 200
    result = response.context["result"]
    nets, pool, counters = expected
    assert [row["net"] for row in result.rows] == nets
    assert result.pool == pool and [row["counters"] for row in result.rows] == counters


@pytest.mark.parametrize(("url", "expected"), RACK_PERMALINKS)
def test_a_cox_permalink_sent_before_gives_the_same_count(client, url, expected):
    response = client.get(url)
    assert response.status_code == 200
    scores, totals = expected
    assert [r.score.score for r in response.context["results"]] == scores
    game = response.context["game_so_far"]
    assert ([t for _, t, _ in game["totals"]] if game else None) == totals


# --- a variant added in one engine module -------------------------------------------------


class QuickGame(PeelOld):
    """A variant of the old game, as a newcomer would add it: a slug, a label, one option."""

    slug = "peel-quick"
    label = "Peel's quick game"
    summary = "The old game, but the winner also takes the deal (a test of the registry)."
    aliases = ()
    options = (
        *PeelOld.options,
        Option.yes_no("keeps_deal", "The winner keeps the deal", "game"),
        Option.yes_no("doubles", "Stakes are doubled", "payment"),
    )


@pytest.fixture
def quick_game():
    game = register(QuickGame())
    yield game
    unregister(game.slug)


def test_a_variant_added_in_one_engine_module_gets_a_calculator(client, quick_game):
    index = fetch("/pay/", client=client).content.decode()
    assert 'href="/pay/peel-quick/"' in index and "Peel&#x27;s quick game" in index
    empty = fetch("/pay/peel-quick/", client=client)
    assert empty.status_code == 200
    form = empty.context["form"]
    assert form.fields["doubles"].label == "Stakes are doubled"  # its option, as declared
    assert "keeps_deal" not in form.fields  # the course of the game: not a deal's to ask
    settled = fetch(
        "/pay/peel-quick/",
        {"stake": "1", "hand1": "AS KS QS", "hand2": "9H 9D 2C", "hand3": "5C 6D 8H"},
        client=client,
    )
    assert settled.status_code == 200
    assert [row["net"] for row in settled.context["result"].rows] == ["+2", "−1", "−1"]
    bad = fetch("/pay/peel-quick/", {"doubles": "perhaps"}, client=client)
    assert bad.status_code == 400 and "doubles" in page(bad).invalid
    assert get("peel-quick") is quick_game
