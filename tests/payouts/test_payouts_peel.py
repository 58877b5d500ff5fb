"""Peel's new and old game: the payouts checked against Peel's text, computed here.

The new game (Peel, the pool, standing, ready money): every player stakes into the pool and
the dealer pays double; each card bought for ready money pays the dealer a stake; the best
hand takes the pool and a stake from the dealer; a player who stood and was beaten pays an
additional stake to each holder of a better hand. The old game: "the winner receiving
instead the amount of the stake from each of the other players".
"""

from fractions import Fraction

import pytest

from tests.payouts.payouts_helpers import (
    error_beside,
    get,
    linked_after_quoted,
    money,
    nets,
    page,
)

NEW = "/pay/peel-new/"
OLD = "/pay/peel-old/"


def new_game_by_the_text(n, stake, dealer, winner, stood, better_than_stood, bought):
    """Each player's net result, by Peel's words, for one best hand (no equal hands)."""
    net = [Fraction(0)] * n
    pool = [stake * (2 if i == dealer else 1) for i in range(n)]
    for i in range(n):  # "each of the players then pays the amount of the stake into the pool"
        net[i] -= pool[i]
    net[winner] += sum(pool)  # "the holder of the best hand takes the amount in the pool"
    for i, cards in enumerate(bought):  # ready money: "pays a stake to the dealer"
        if i != dealer:
            net[i] -= cards * stake
            net[dealer] += cards * stake
    if winner != dealer:  # "and also receives the amount of a stake from the dealer"
        net[dealer] -= stake
        net[winner] += stake
    for better in better_than_stood:  # "an additional stake to the holders of the better hands"
        net[stood] -= stake
        net[better] += stake
    return net


HANDS = {
    "hand1": "AS KS QS",  # sequence
    "hand2": "9H 9D 2C",  # pair
    "hand3": "5C 6D 8H",  # point
    "hand4": "JC 4C 7C",  # flush
}


@pytest.mark.parametrize(
    ("dealer", "stood", "bought", "winner", "better"),
    [
        (1, 2, [0, 1, 2, 0], 0, [0, 3]),  # the dealer wins; the pair stood, beaten twice
        (2, 1, [1, 0, 0, 3], 0, []),  # the winner stood
        (3, 4, [0, 2, 1, 1], 0, [0]),  # the flush stood, beaten by the sequence only
        (4, 3, [2, 2, 2, 2], 0, [0, 1, 3]),  # the point stood, beaten by everyone
    ],
)
def test_new_game_pays_as_peel_writes(client, dealer, stood, bought, winner, better):
    params = {"stake": "2", "dealer": dealer, "stood": stood, **HANDS}
    params |= {f"bought{i}": b for i, b in enumerate(bought, start=1)}
    response = get(NEW, params, client=client)
    assert response.status_code == 200
    expected = new_game_by_the_text(4, Fraction(2), dealer - 1, winner, stood - 1, better, bought)
    assert nets(response) == expected
    assert sum(nets(response)) == 0
    assert money(response.context["result"].total) == 0


def test_new_game_every_transfer_in_words_with_its_rule_quoted_once(client):
    response = get(
        NEW,
        {"dealer": 2, "stood": 2, "bought3": 1, **HANDS, "name1": "Ann", "name2": "Bo"},
        client=client,
    )
    result = response.context["result"]
    html = response.content.decode()
    lines = [line for shown in result.payments for line in shown.lines]
    assert "Bo pays 2 to Ann" in lines  # the dealer's double stake into the pool
    assert "Player 3 pays 1 to Bo" in lines  # a card bought for ready money
    assert "Bo pays 1 to Ann" in lines  # the dealer's stake to the best hand, and the stander's
    cites = page(response).quotes
    assert len(cites) == len(set(cites)), "a paragraph is quoted twice"
    for anchor in ("pool", "standing", "ready-money"):
        assert f"/library/peel-commerce/#{anchor}" in cites
    # Later reasons link to the paragraph quoted above them, never to one quoted below.
    assert linked_after_quoted(html) > 0
    # Every reason shows its rule: quoted the first time, linked after.
    for shown in result.payments + result.notes + result.showdown:
        assert shown.quotes or shown.links or not shown.text


def test_new_game_equal_best_hands_show_the_ruling_apart(client):
    response = get(
        NEW,
        {"dealer": 3, "stood": 3, "hand1": "9S 9H KC", "hand2": "9D 9C KD", "hand3": "2C 3D 5H"},
        client=client,
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert response.context["result"].headline.startswith("Player 1 and Player 2 share")
    assert 'class="ruling"' in html and "Editorial ruling" in html
    assert "peel-new-tie-pool" in html and "peel-new-tie-dealer-stake" in html
    # the house rule chosen is named in words, not by its code
    assert "(this table: the dealer pays a full stake to each other best hand)" in html
    assert sum(nets(response)) == 0


def test_dealer_penalty_and_extended_commerce(client):
    # The dealer holds a pair beaten by a sequence; agreed penalty "all": a stake to everyone.
    base = {"dealer": 2, "stood": 1, **HANDS, "dealer_penalty": "all"}
    with_penalty = nets(get(NEW, base, client=client))
    without = nets(get(NEW, {**base, "dealer_penalty": "none"}, client=client))
    assert with_penalty[1] == without[1] - 3
    assert [with_penalty[i] - without[i] for i in (0, 2, 3)] == [1, 1, 1]
    # Extended Commerce: nobody stood, so no beaten stander pays, whoever was chosen.
    extended = get(
        NEW, {**base, "stood": 3, "extended": "on", "dealer_penalty": "none"}, client=client
    )
    assert extended.status_code == 200
    assert nets(extended) == new_game_by_the_text(4, Fraction(1), 1, 0, 2, [], [0] * 4)
    html = extended.content.decode()
    assert 'name="stood" value="3"' in html and 'type="hidden"' in html  # kept for later
    assert "peel-extended-no-stander" in html


def test_short_pack_and_limited_commerce_are_the_engines(client):
    response = get(
        NEW,
        {"dealer": 1, "stood": 1, "pack": "32", "hand1": "2S 3S 4S", "hand2": "AH KH QH"},
        client=client,
    )
    assert response.status_code == 400
    assert "not in the 32-card pack" in response.content.decode()
    limited = get(
        NEW,
        {"dealer": 1, "stood": 2, "limited": "no-pair", "hand1": "9H 9D 2C", "hand2": "5C 6D 8H"},
        client=client,
    )
    assert limited.status_code == 200
    assert limited.context["result"].headline.startswith("Player 1 wins with")


def test_old_game_winner_receives_a_stake_from_each_other_player(client):
    response = get(OLD, {"stake": "1/2", **HANDS}, client=client)
    assert response.status_code == 200
    assert nets(response) == [Fraction(3, 2), Fraction(-1, 2), Fraction(-1, 2), Fraction(-1, 2)]
    html = response.content.decode()
    assert "/library/peel-commerce/#old-game-play" in page(response).quotes
    assert "pays 0.5 to Player 1" in html


def test_old_game_equal_winners_each_receive_a_stake_from_all_the_others(client):
    # "each of the winners receives a stake from all the other players"
    response = get(
        OLD,
        {
            "stake": 1,
            "hand1": "9S 9H KC",
            "hand2": "9D 9C KD",
            "hand3": "2C 3D 5H",
            "hand4": "4D 6C 8S",
        },
        client=client,
    )
    assert nets(response) == [2, 2, -2, -2]
    assert "peel-old-equal-best" in response.content.decode()


def test_the_form_works_as_a_permalink_and_as_an_htmx_fragment(client):
    params = {"stake": 1, "dealer": 1, "stood": 2, **HANDS}
    full = get(NEW, params, client=client)
    fragment = get(NEW, params, htmx=True, client=client)
    assert full.status_code == fragment.status_code == 200
    body = fragment.content.decode()
    # While typing, the form stays as it is: htmx swaps the result alone.
    assert "<html" not in body and "<form" not in body and 'id="result"' in body
    assert fragment.headers["HX-Retarget"] == "#result"
    assert 'hx-swap-oob="innerHTML"' in body and "Player 1 wins" in body
    assert nets(full) == nets(fragment)
    pushed = fragment.headers["HX-Push-Url"]
    assert pushed.startswith(NEW + "?") and "hand1=AS+KS+QS" in pushed
    assert nets(get(pushed, client=client)) == nets(full)  # the pushed link reproduces it
    assert fragment.headers["Vary"].count("HX-Request") == 1
    # Back to a page htmx no longer holds: it asks for the whole page.
    restored = client.get(
        pushed, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
    )
    assert "<html" in restored.content.decode() and "HX-Push-Url" not in restored.headers
    form = page(full)
    assert form.style_attributes == 0 and form.inline_scripts == 0  # the strict CSP


def test_a_fresh_page_asks_for_the_hands_without_errors(client):
    response = get(NEW, client=client)
    assert response.status_code == 200
    assert response.context["result"] is None
    assert response.context["form"].players == 3
    assert page(response).invalid == []
    assert "Still to enter" in response.content.decode()
    partial = get(
        NEW, {"stake": 1, "dealer": 1, "hand1": "AS KS QS", "hand2": "", "hand3": ""}, client=client
    )
    assert partial.status_code == 200 and page(partial).invalid == []
    assert "the cards of Player 2 and Player 3" in " ".join(partial.context["missing"])


def test_add_and_remove_players_without_javascript(client):
    params = {
        "stake": 1,
        "dealer": 3,
        "stood": 2,
        "hand1": "AS KS QS",
        "hand2": "9H 9D 2C",
        "hand3": "5C 6D 8H",
        "name3": "Cy",
    }
    added = get(NEW, {**params, "add": 1}, client=client)
    assert added.status_code == 302
    assert "name4=" in added["Location"] and "add=" not in added["Location"]
    assert get(added["Location"], client=client).context["form"].players == 4
    removed = get(NEW, {**params, "remove": 1}, client=client)
    assert removed.status_code == 302
    after = get(removed["Location"], client=client)
    form = after.context["form"]
    assert form.players == 2
    assert form.data["hand1"] == "9H 9D 2C" and form.data["name2"] == "Cy"
    assert form.data["dealer"] == "2" and form.data["stood"] == "1"  # they moved up with them
    with_htmx = get(NEW, {**params, "add": 1}, htmx=True, client=client)
    assert with_htmx.status_code == 200 and "name4=" in with_htmx.headers["HX-Push-Url"]


def test_at_most_the_packs_hands(client):
    params = {f"hand{i}": "" for i in range(1, 14)}
    response = get(NEW, {**params, "dealer": 1}, client=client)
    assert response.status_code == 400
    assert "At most 12 players" in response.content.decode()
    short = get(NEW, {"pack": "32", **{f"hand{i}": "" for i in range(1, 9)}}, client=client)
    assert short.status_code == 400 and "At most 7 players" in short.content.decode()


def test_the_showdown_is_explained_with_the_players_names(client):
    # The engine numbers hands from 1 ("Hand 1 (...) beats hand 2"); the page names them.
    response = get(
        NEW, {"dealer": 2, "stood": 2, **HANDS, "name1": "Ann", "name4": "Di"}, client=client
    )
    texts = [shown.text for shown in response.context["result"].showdown]
    assert texts[0].startswith("Ann (sequence") and "beats Di (flush" in texts[0]
    assert all("Hand " not in t and "hand " not in t for t in texts)
    notes = [shown.text for shown in response.context["result"].notes]
    assert notes[0].startswith("Ann holds the best hand")


def test_a_card_in_two_hands_is_refused_beside_the_second_naming_the_first(client):
    params = {"name1": "Ann", "hand1": "AS KS QS", "hand2": "9H as 2C", "hand3": "5C 6D 8H"}
    response = get(NEW, {**params, "dealer": 1, "stood": 2}, client=client)
    assert response.status_code == 400
    assert error_beside(response, "hand2") == "'as' (AS) is also in Ann's hand"
    assert page(response).inputs["hand2"]["value"] == "9H as 2C"  # kept as typed
