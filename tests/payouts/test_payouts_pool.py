"""Pool Commerce over a whole game, checked against Peel's text, computed here: "each player
paying in an equal sum, for which he receives three counters"; the winner "takes a
previously arranged sum from the pool, while the player who has the worst hand puts one
counter into the pool"; "as soon as a player has exhausted his counters he has to stand out";
"the player who remains with the last counter or counters takes the amount left in the
pool"; the first out may buy "one counter from the pool" (buying a horse)."""

from fractions import Fraction

import pytest

from tests.payouts.payouts_helpers import get, money, page

POOL = "/pay/pool/"


def play_by_the_text(players, buy_in, prize, deals, horses=()):
    """Money and counters after ``deals`` (winner, worst), 0-based; ``horses`` (after deal,
    player) bought at ``buy_in / 3``."""
    money_ = [-buy_in] * players
    pool = buy_in * players
    counters = [3] * players
    for number, (winner, worst) in enumerate(deals, start=1):
        taken = min(prize, pool)
        pool -= taken
        money_[winner] += taken
        counters[worst] -= 1
        for after, player in horses:
            if after == number:
                money_[player] -= buy_in / 3
                pool += buy_in / 3
                counters[player] += 1
        alive = [p for p in range(players) if counters[p]]
        if len(alive) == 1:
            money_[alive[0]] += pool
            pool = 0
    return money_, pool, counters


def deal_params(deals, horses=()):
    params = []
    for d, (winner, worst) in enumerate(deals, start=1):
        params += [(f"win{d}", winner + 1), (f"worst{d}", worst + 1)]
    params += [(f"horse{after}", player + 1) for after, player in horses]
    return params


def standing(response):
    result = response.context["result"]
    return (
        [money(row["net"]) for row in result.rows],
        money(result.pool),
        [row["counters"] for row in result.rows],
    )


@pytest.mark.parametrize("prize", ["1", "2"])  # with 2, the pool runs dry before the end
def test_a_game_to_its_end(client, prize):
    deals = [(0, 2), (1, 2), (0, 2), (0, 1), (0, 1), (0, 1)]  # Cy out, then Bo
    sums = [
        ("buy_in", "3"),
        ("prize", prize),
        ("horse_price", "1"),
        ("name1", "Ann"),
        ("name2", "Bo"),
        ("name3", "Cy"),
    ]
    response = get(POOL, sums + deal_params(deals), client=client)
    assert response.status_code == 200
    nets, pool, counters = standing(response)
    expected = play_by_the_text(3, Fraction(3), Fraction(prize), deals)
    assert (nets, pool, counters) == expected
    assert sum(nets) + pool == 0 and pool == 0
    result = response.context["result"]
    assert result.finished and result.headline == "Game over: Ann is the last with counters."
    html = response.content.decode()
    if prize == "1":
        assert "takes what is left in the pool" in html
        assert "The pool pays 3 to Ann" in html
    else:
        assert "pool-prize-exceeds-pool" in html
    assert "/library/peel-commerce/#pool-commerce-play" in page(response).quotes
    assert "Deal 7" not in html  # no next deal once the game is over


def test_buying_a_horse(client):
    deals = [(0, 2), (1, 2), (0, 2)]
    base = [
        ("buy_in", "3"),
        ("prize", "1"),
        ("horse_price", "1"),
        ("name1", ""),
        ("name2", ""),
        ("name3", ""),
    ] + deal_params(deals)
    offered = get(POOL, base, client=client)
    assert "buys a horse for 1" in offered.content.decode()
    bought = get(POOL, base + [("horse3", 3)], client=client)
    assert bought.status_code == 200
    assert standing(bought) == play_by_the_text(3, Fraction(3), Fraction(1), deals, [(3, 2)])
    assert "/library/peel-commerce/#buying-a-horse" in page(bought).quotes
    again = get(
        POOL, base + [("horse3", 3), ("win4", 1), ("worst4", 3), ("horse4", 3)], client=client
    )
    assert again.status_code == 400  # once only
    assert "may not buy a horse" in again.content.decode()


def test_the_next_deal_waits_for_its_winner_and_worst_hand(client):
    response = get(
        POOL, [("buy_in", "3"), ("prize", "1"), ("horse_price", "1"), ("win1", 2)], client=client
    )
    assert response.status_code == 200
    rows = response.context["deal_rows"]
    assert len(rows) == 1 and rows[0].pending and not rows[0].counted
    done = get(POOL, [("win1", 2), ("worst1", 1)], client=client)
    assert [r.number for r in done.context["deal_rows"]] == [1, 2]  # a new deal to record


def test_equal_winners_share_and_all_equal_puts_no_counter(client):
    shared = get(
        POOL,
        [
            ("name1", ""),
            ("name2", ""),
            ("name3", ""),
            ("prize", "2"),
            ("win1", 1),
            ("win1", 2),
            ("worst1", 3),
        ],
        client=client,
    )
    nets, pool, counters = standing(shared)
    assert nets[:2] == [-2, -2] and counters == [3, 3, 2]
    assert "pool-tied-winners" in shared.content.decode()
    equal = get(POOL, [("name1", ""), ("name2", ""), ("win1", 1), ("win1", 2)], client=client)
    assert equal.status_code == 200 and standing(equal)[2] == [3, 3]


def test_a_bad_deal_is_marked_and_later_deals_wait(client):
    response = get(POOL, [("win1", 1), ("worst1", 1), ("win2", 2), ("worst2", 3)], client=client)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'aria-describedby="deal-1-error"' in html and 'id="deal-1-error"' in html
    assert "winner cannot also hold the worst hand" in html
    assert "(not counted)" in html
    assert 'name="win2" value="2" id="win2-2" checked' in html  # kept as ticked


def test_remove_a_deal_and_a_player(client):
    deals = deal_params([(0, 2), (1, 2)])
    gone = get(POOL, deals + [("remove_deal", 1)], client=client)
    assert gone.status_code == 302 and "win1=2" in gone["Location"]
    fewer = get(
        POOL,
        [("name1", "Ann"), ("name2", "Bo"), ("name3", "Cy"), ("remove", 2)] + deals,
        client=client,
    )
    after = get(fewer["Location"], client=client)
    assert after.context["form"].names == ["Ann", "Cy"]


def test_htmx_fragment(client):
    response = get(POOL, deal_params([(0, 1)]), htmx=True, client=client)
    assert response.status_code == 200
    body = response.content.decode()
    assert "<html" not in body and 'id="calculator"' in body
    assert "win1=1" in response.headers["HX-Push-Url"]


def test_the_engines_objections_name_the_players(client):
    response = get(
        POOL, [("name1", "Ann"), ("name2", "Bo"), ("win1", 2), ("worst1", 2)], client=client
    )
    assert response.status_code == 400
    assert "A winner cannot also hold the worst hand: Bo" in response.content.decode()
