"""Cox's game: a deal of two to four hands counted, then the four hands of a game added up.

Counted here from the booklet's counting list: three suit cards of a kind 3 points, of 5s
5 points; greenbacks 3 points, 6 for the player's own supply base; a hand that is not clear
loses 5; "the player having the highest score is the winner of the game".
"""

from tests.payouts.payouts_helpers import error_beside, get, page

COX = "/pay/cox/"
CLEAR = "auto-5 auto-5 auto-5 auto-1 auto-1 auto-1 auto-2 auto-2 greenback-3"


def test_each_hand_counted_with_its_breakdown(client):
    response = get(
        COX,
        {
            "name1": "Ann",
            "cards1": CLEAR,
            "base1": 3,
            "cards2": "ship-1 ship-1 ship-1 plane-2",
            "base2": 1,
        },
        client=client,
    )
    assert response.status_code == 200
    first, second = response.context["results"]
    assert first.score.score == 3 + 5 + 6  # three 1s, three 5s, her own greenback
    assert sum(line.points for line in first.score.breakdown) == first.score.score
    assert [line["points"] for line in first.lines] == ["3", "0", "5", "6"]  # the pair: 0
    assert second.score.score == 3 - 5  # three 1s of ships, not a clear hand
    html = response.content.decode()
    assert 'Ann: <span class="pay-score">14</span> points' in html
    cites = page(response).quotes
    assert len(cites) == len(set(cites))
    for anchor in ("counting-suit-cards", "greenbacks", "penalty"):
        assert f"/library/cox-commerce/#{anchor}" in cites


def test_the_game_adds_four_hands_and_names_the_winner(client):
    scores = [[12, 6, -5], [0, 20, 3], [8, 8, 8], [-5, 0, 30]]
    params = {f"score{h}_{p}": s for h, row in enumerate(scores, 1) for p, s in enumerate(row, 1)}
    params |= {"name1": "", "name2": "", "name3": "Cy"}
    response = get(COX, params, client=client)
    assert response.status_code == 200
    game = response.context["game_so_far"]
    totals = [sum(col) for col in zip(*scores, strict=True)]
    assert [t for _, t, _ in game["totals"]] == [str(t).replace("-", "−") for t in totals]
    assert game["winners"] == "Cy" and game["hands"] == 4
    assert "Cy wins the game" in response.content.decode()
    assert "/library/cox-commerce/#winner" in page(response).quotes


def test_record_a_deal_as_a_hand_of_the_game(client):
    params = {
        "cards1": CLEAR,
        "base1": 3,
        "cards2": "ship-1 ship-1 ship-1 plane-2",
        "base2": 1,
        "record": 2,
    }
    response = get(COX, params, client=client)
    assert response.status_code == 302
    assert "score2_1=14" in response["Location"] and "score2_2=-2" in response["Location"]
    with_htmx = get(COX, params, htmx=True, client=client)
    assert with_htmx.status_code == 200
    assert "score2_1=14" in with_htmx.headers["HX-Push-Url"]
    assert with_htmx.context["game_so_far"]["hands"] == 1


def test_unknown_card_and_supply_base_are_marked_beside_their_fields(client):
    response = get(
        COX, {"cards1": "auto-6 ship-1", "base1": 9, "cards2": CLEAR, "base2": 2}, client=client
    )
    assert response.status_code == 400
    assert "automobiles are numbered 1 to 5" in error_beside(response, "cards1")
    both = get(COX, {"cards1": "auto-1 auto-1 auto-1", "base1": 9, "cards2": CLEAR}, client=client)
    assert "1 to 4" in error_beside(both, "base1")
    assert page(both).inputs["cards2"]["value"] == CLEAR  # the other input kept as typed


def test_a_deal_holds_no_more_copies_than_the_pack(client):
    response = get(COX, {"cards1": "bank auto-1", "cards2": "bank ship-2"}, client=client)
    assert response.status_code == 400
    assert "The pack has only 1 of bank" in error_beside(response, "cards2")


def test_two_to_four_players(client):
    assert get(COX, {f"cards{i}": "" for i in range(1, 6)}, client=client).status_code == 400
    added = get(COX, {f"cards{i}": "" for i in range(1, 5)} | {"add": 1}, client=client)
    assert "cards5" not in added["Location"]


def test_htmx_fragment(client):
    response = get(
        COX, {"cards1": CLEAR, "cards2": "ship-1 ship-1 ship-1"}, htmx=True, client=client
    )
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert 'id="result"' in body and "Player 1 scores" in body  # the result alone


def test_each_player_has_a_supply_base_of_his_own(client):
    response = get(
        COX,
        {"name1": "Ann", "cards1": CLEAR, "base1": 2, "cards2": "ship-1 ship-1", "base2": 2},
        client=client,
    )
    assert response.status_code == 400
    assert "Supply base 2 is also Ann's" in error_beside(response, "base2")


def test_copies_over_the_deal_name_the_players_holding_them(client):
    response = get(
        COX,
        {"name1": "Ann", "cards1": "bank auto-1", "name2": "Bo", "cards2": "bank ship-2"},
        client=client,
    )
    assert "Ann and Bo hold 2 between them" in error_beside(response, "cards2")


def test_an_objection_to_the_deal_goes_beside_the_player_it_names_with_a_player_between(client):
    # Player 2's cards are still to come: the engine is given hands 1 and 2 (players 1 and
    # 3), and its objection to its second hand belongs to player 3.
    params = {"name1": "Ann", "cards1": "bank auto-1", "cards2": "", "name3": "Cy"}
    response = get(COX, {**params, "cards3": "bank ship-2", "base3": 3}, client=client)
    assert response.status_code == 400
    assert "Ann and Cy hold 2 between them" in error_beside(response, "cards3")
    assert page(response).inputs["cards1"]["value"] == "bank auto-1"
