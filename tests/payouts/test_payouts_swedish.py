"""The Swedish rules, checked against the text (insats, handla, bonus, bankirens spelmark,
lika), computed here: every player puts a chip in the pot and the winner takes it; each
purchase from the talon pays the banker a chip, his own are free; the winner gets a bonus
chip from every other player who bought, and always from the banker when he loses; a banker
with the winner's kind of combination, but lower, pays a chip to every other player."""

from fractions import Fraction

import pytest

from tests.payouts.payouts_helpers import get, linked_after_quoted, nets, page

SWEDISH = "/pay/swedish/"


def by_the_text(n, chip, banker, winner, bought, banker_same_kind_lower):
    net = [Fraction(0)] * n
    for i in range(n):  # insats
        net[i] -= chip
    net[winner] += n * chip
    for i, count in enumerate(bought):  # handla
        if i != banker:
            net[i] -= count * chip
            net[banker] += count * chip
    for i in range(n):  # bonus
        if i != winner and (i == banker or bought[i]):
            net[i] -= chip
            net[winner] += chip
    if banker_same_kind_lower:  # bankirens spelmark
        for i in range(n):
            if i != banker:
                net[banker] -= chip
                net[i] += chip
    return net


HANDS = {"hand1": "sE sK sD", "hand2": "h2 h3 h4", "hand3": "dK cK h5", "hand4": "c2 c7 d9"}


@pytest.mark.parametrize(
    ("banker", "bought", "same_kind"),
    [
        (2, [1, 0, 2, 0], True),  # the banker's sekvens is lower than the winner's
        (3, [0, 1, 1, 1], False),
        (4, [2, 0, 0, 0], False),
        (1, [3, 1, 0, 2], False),  # the banker wins: his own purchases are free
    ],
)
def test_pot_purchases_bonus_and_the_bankers_chip(client, banker, bought, same_kind):
    params = {"stake": "2", "dealer": banker, **HANDS}
    params |= {f"bought{i}": b for i, b in enumerate(bought, start=1)}
    response = get(SWEDISH, params, client=client)
    assert response.status_code == 200
    assert nets(response) == by_the_text(4, Fraction(2), banker - 1, 0, bought, same_kind)
    assert sum(nets(response)) == 0
    cites = page(response).quotes
    assert "/library/commerce-swedish/#insats" in cites
    assert len(cites) == len(set(cites))


def test_the_swedish_quotes_come_with_their_translation(client):
    response = get(SWEDISH, {"dealer": 2, "bought3": 1, **HANDS}, client=client)
    html = response.content.decode()
    assert 'lang="sv"' in html and "Our translation" in html
    assert "bonus" in html and "banker" in html


def test_equal_best_hands_share_or_the_banker_wins(client):
    tie = {"hand1": "s6 s5 s4", "hand2": "h6 h5 h4", "hand3": "dK cK h3"}
    banker_in = get(SWEDISH, {"dealer": 2, **tie}, client=client)
    assert banker_in.context["result"].headline.startswith("Player 2 wins")
    shared = get(SWEDISH, {"dealer": 3, **tie}, client=client)
    assert shared.context["result"].headline.startswith("Player 1 and Player 2 share")
    assert "swedish-tie" in shared.content.decode()
    assert sum(nets(shared)) == 0
    assert nets(shared)[0] == nets(shared)[1]


def test_nobody_may_lay_up_with_ingenting(client):
    response = get(
        SWEDISH,
        {"dealer": 1, "hand1": "sK hQ d2", "hand2": "c3 d5 h9", "hand3": "s8 h10 cJ"},
        client=client,
    )
    assert response.status_code == 400
    assert "ingenting" in response.content.decode()


def test_seventeen_hands_at_most(client):
    response = get(SWEDISH, {f"hand{i}": "" for i in range(1, 19)}, client=client)
    assert response.status_code == 400
    assert "At most 17 players" in response.content.decode()


def test_a_paragraph_the_payments_and_the_showdown_share_is_quoted_above_its_link(client):
    # The page shows the payments before the showdown: a paragraph both cite (lägga upp) is
    # quoted under the payment and linked "as quoted above" under the showdown.
    hands = ["9C 3H 5H", "2D 2C 5S", "AS 3D 5D", "QD JD 6S"]
    params = {f"hand{i}": hand for i, hand in enumerate(hands, start=1)}
    bought = {"bought1": 1, "bought3": 2}
    response = get(SWEDISH, {**params, **bought, "dealer": 1}, client=client)
    assert response.status_code == 200
    assert linked_after_quoted(response.content.decode()) > 0
