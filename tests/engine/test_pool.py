"""Pool Commerce as a ledger: one test per rule of Peel's Pool Commerce, then properties.

Worked examples give every number computed by hand in a comment.
"""

from __future__ import annotations

import copy
import dataclasses
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.citations import RULINGS, Reason, peel
from games.engine.pool import (
    COUNTERS_EACH,
    POOL,
    Deal,
    Horse,
    LedgerEntry,
    PlayError,
    PoolGame,
    PoolOptions,
    Replay,
    apply_deal,
    buy_horse,
    play,
)
from games.engine.settlement import SettlementError

A_REASON = Reason("an example")


def check_ledger(g: PoolGame) -> None:
    """The ledger balances: players' money plus the pool is zero; nothing goes negative."""
    assert sum(g.money) + g.pool == 0
    assert g.pool >= 0
    assert all(c >= 0 for c in g.counters)
    money = {p: F(0) for p in [*range(g.players), POOL]}
    counters = dict.fromkeys(money, 0)
    for e in g.ledger:
        money[e.payer] -= e.amount
        money[e.payee] += e.amount
        counters[e.payer] -= e.counters
        counters[e.payee] += e.counters
        assert e.reason.citations
    assert tuple(money[p] for p in range(g.players)) == g.money and money[POOL] == g.pool
    assert tuple(counters[p] for p in range(g.players)) == g.counters
    assert sum(counters.values()) == 0


def test_pool_commerce_each_pays_an_equal_sum_for_three_counters() -> None:
    # 4 players, buy-in 3: pool 12, each -3, three counters each.
    g = PoolGame(4, buy_in=3, prize=2, horse_price=1)
    assert g.counters == (COUNTERS_EACH,) * 4 == (3, 3, 3, 3)
    assert g.pool == 12 and g.money == (-3, -3, -3, -3)
    assert {e.kind for e in g.ledger} == {"buy-in"}
    assert all(peel("pool-commerce-play") in e.reason.citations for e in g.ledger)
    check_ledger(g)


def test_pool_commerce_winner_takes_the_agreed_sum_and_the_worst_puts_in_a_counter() -> None:
    # Pool 12 less the prize 2 = 10; the winner p1 -3 + 2 = -1; p3 has 2 counters.
    g = apply_deal(PoolGame(4, 3, 2, 1), winners=1, worst=3)
    assert g.pool == 10 and g.money == (-3, -1, -3, -3)
    assert g.counters == (3, 3, 3, 2)
    assert g.deals == 1
    kinds = [(e.kind, e.payer, e.payee, e.amount, e.counters) for e in g.ledger[8:]]
    assert kinds == [("prize", POOL, 1, 2, 0), ("counter", 3, POOL, 0, 1)]
    check_ledger(g)


def test_pool_commerce_a_deal_leaves_the_earlier_state_alone() -> None:
    g = PoolGame(3, 3, 2, 1)
    after = apply_deal(g, 0, 1)
    assert g.counters == (3, 3, 3) and g.deals == 0 and after is not g
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.pool = F(0)  # type: ignore[misc]  # the point: it is read-only


def test_pool_prize_larger_than_the_pool_takes_what_is_there() -> None:
    # 2 players, buy-in 1, prize 3: the pool holds only 2, so the winner takes 2.
    g = apply_deal(PoolGame(2, 1, 3, 1), winners=0, worst=1)
    assert g.pool == 0 and g.money == (1, -1)
    assert "pool-prize-exceeds-pool" in g.ledger[-2].reason.rulings
    # The next winner takes nothing: there is no prize entry at all.
    g2 = apply_deal(g, winners=0, worst=1)
    assert [e.kind for e in g2.ledger[len(g.ledger) :]] == ["counter"]
    check_ledger(g2)


def test_pool_tied_winners_share_the_prize() -> None:
    # 3 players, buy-in 3, prize 2: p0 and p1 take 1 each; p2 puts a counter in.
    g = apply_deal(PoolGame(3, 3, 2, 1), winners=[0, 1], worst=2)
    assert g.money == (-2, -2, -3) and g.pool == 7
    assert "pool-tied-winners" in g.ledger[-2].reason.rulings


def test_pool_tied_worst_each_puts_a_counter_in() -> None:
    g = apply_deal(PoolGame(4, 3, 2, 1), winners=0, worst=[2, 3])
    assert g.counters == (3, 3, 2, 2)
    assert "pool-tied-worst" in g.ledger[-1].reason.rulings


def test_pool_tied_worst_none_option_nobody_puts_a_counter_in() -> None:
    g = PoolGame(4, 3, 2, 1, PoolOptions(tied_worst="none"))
    g = apply_deal(g, winners=0, worst=[2, 3])
    assert g.counters == (3, 3, 3, 3) and g.pool == 10
    # A single worst hand still pays.
    assert apply_deal(g, winners=0, worst=2).counters == (3, 3, 2, 3)


def test_pool_all_hands_equal_share_the_prize_and_nobody_puts_a_counter_in() -> None:
    g = apply_deal(PoolGame(2, 3, 2, 1), winners=[0, 1], worst=())
    assert g.counters == (3, 3) and g.money == (-2, -2) and g.pool == 4
    assert "pool-all-equal" in g.ledger[-1].reason.rulings


def test_pool_commerce_a_player_without_counters_stands_out_and_is_dealt_no_cards() -> None:
    g = PoolGame(3, 3, 1, 1)
    for _ in range(3):
        g = apply_deal(g, winners=0, worst=2)
    assert g.counters == (3, 3, 0) and g.active == (0, 1) and not g.finished
    with pytest.raises(SettlementError, match="^winners: player 3 is out of the game"):
        apply_deal(g, winners=2, worst=1)
    with pytest.raises(SettlementError, match="^worst: player 3 is out of the game"):
        apply_deal(g, winners=0, worst=2)


def test_pool_commerce_worked_example_the_last_player_takes_what_is_left() -> None:
    # 3 players, buy-in 6, prize 2, horse 2 (a third of the stake, as Peel suggests).
    g = PoolGame(3, buy_in=6, prize=2, horse_price=2)  # pool 18, money -6 each
    g = apply_deal(g, 0, 2)  # pool 16, p0 -4, counters 3 3 2
    g = apply_deal(g, 1, 2)  # pool 14, p1 -4, counters 3 3 1
    g = apply_deal(g, 0, 2)  # pool 12, p0 -2, counters 3 3 0: p2 is first out
    assert g.first_out == {2} and g.may_buy_horse(2)
    g = buy_horse(g, 2)  # p2 pays 2: pool 14, p2 -8, counters 3 3 1
    assert (g.pool, g.money, g.counters) == (14, (-2, -4, -8), (3, 3, 1))
    g = apply_deal(g, 2, 1)  # pool 12, p2 -6, counters 3 2 1
    g = apply_deal(g, 0, 2)  # pool 10, p0 0, counters 3 2 0: p2 out again, no second horse
    assert not g.may_buy_horse(2)
    g = apply_deal(g, 0, 1)  # pool 8, p0 2, counters 3 1 0
    assert not g.finished
    g = apply_deal(g, 0, 1)  # pool 6, p0 4, counters 3 0 0: p0 alone, sweeps 6: p0 10
    assert g.finished and g.champion == 0
    assert g.pool == 0 and g.money == (10, -4, -6)
    assert g.ledger[-1].kind == "sweep" and g.ledger[-1].amount == 6
    check_ledger(g)
    with pytest.raises(SettlementError, match="^state: the game is over"):
        apply_deal(g, 0, 1)


def test_buying_a_horse_only_the_first_player_out_once() -> None:
    g = PoolGame(4, 3, 1, 1)
    for _ in range(3):
        g = apply_deal(g, 0, 3)
    assert g.may_buy_horse(3)
    g = buy_horse(g, 3)
    assert g.counters[3] == 1 and g.horses == {3}
    assert all(peel("buying-a-horse") in e.reason.citations for e in g.ledger[-2:])
    with pytest.raises(SettlementError, match="^player: player 4 may not buy a horse"):
        buy_horse(g, 3)
    # The second player out may not buy one.
    for _ in range(3):
        g = apply_deal(g, 0, 2)
    assert g.counters[2] == 0 and not g.may_buy_horse(2)
    with pytest.raises(SettlementError, match="^player: player 3 may not buy a horse"):
        buy_horse(g, 2)


def test_buying_a_horse_every_option_lets_each_player_out_buy_one() -> None:
    g = PoolGame(4, 3, 1, 1, PoolOptions(horse="every"))
    for _ in range(3):
        g = apply_deal(g, 0, 3)
    for _ in range(3):
        g = apply_deal(g, 0, 2)
    assert g.may_buy_horse(2) and not g.may_buy_horse(3)  # 3's chance lapsed
    assert buy_horse(g, 2).counters == (3, 3, 1, 0)


def test_buying_a_horse_lapses_when_the_next_hand_is_dealt() -> None:
    g = PoolGame(3, 3, 1, 1)
    for _ in range(3):
        g = apply_deal(g, 0, 2)
    g = apply_deal(g, 0, 1)
    assert not g.may_buy_horse(2)


def test_buying_a_horse_players_out_on_the_same_deal_are_both_first() -> None:
    g = PoolGame(4, 3, 1, 1)
    for _ in range(3):
        g = apply_deal(g, 0, [2, 3])
    assert g.first_out == {2, 3}
    g = buy_horse(buy_horse(g, 2), 3)
    assert g.counters == (3, 3, 1, 1)


def test_buying_a_horse_not_once_the_game_is_over() -> None:
    # Two players: the first out ends the game at once, so there is no horse.
    g = PoolGame(2, 3, 1, 1)
    for _ in range(3):
        g = apply_deal(g, 0, 1)
    assert g.finished and not g.may_buy_horse(1)
    with pytest.raises(SettlementError, match="may not buy a horse"):
        buy_horse(g, 1)


def test_every_pool_ruling_is_declared() -> None:
    for slug in (
        "pool-prize-exceeds-pool",
        "pool-tied-winners",
        "pool-tied-worst",
        "pool-all-equal",
        "pool-horse-first-out",
    ):
        assert RULINGS[slug].citations
    assert RULINGS["pool-tied-worst"].option == "tied_worst"
    assert RULINGS["pool-horse-first-out"].option == "horse"
    assert dict(RULINGS["pool-horse-first-out"].alternatives).keys() == {"first", "every"}


# --- Properties ---------------------------------------------------------------------------

amounts = st.fractions(min_value=F(1, 6), max_value=12, max_denominator=6)


@settings(max_examples=150)
@given(
    st.integers(2, 6),
    amounts,
    amounts,
    amounts,
    st.sampled_from(["each", "none"]),
    st.sampled_from(["first", "every"]),
    st.data(),
)
def test_property_the_ledger_balances_after_every_step_and_the_game_ends(
    n: int,
    buy_in: F,
    prize: F,
    horse: F,
    tied_worst: str,
    horse_rule: str,
    data: st.DataObject,
) -> None:
    g = PoolGame(n, buy_in, prize, horse, PoolOptions(tied_worst=tied_worst, horse=horse_rule))
    check_ledger(g)
    for _ in range(60):
        if g.finished:
            break
        active = list(g.active)
        won = data.draw(st.lists(st.sampled_from(active), min_size=1, unique=True))
        rest = [p for p in active if p not in won]
        # Mostly a single worst hand, so the game moves on; sometimes ties or all equal.
        worst = data.draw(
            st.lists(st.sampled_from(rest), min_size=1, max_size=1 + len(rest) // 3, unique=True)
            if rest
            else st.just([])
        )
        before = g
        g = apply_deal(g, won, worst)
        check_ledger(g)
        payers = worst if len(worst) == 1 or tied_worst == "each" else []
        assert g.counters == tuple(c - (p in payers) for p, c in enumerate(before.counters))
        for p in range(n):
            if g.may_buy_horse(p) and data.draw(st.booleans()):
                g = buy_horse(g, p)
                check_ledger(g)
    # Finish it off deterministically: the first active player wins, the next is worst.
    while not g.finished:
        g = apply_deal(g, g.active[0], g.active[1])
        check_ledger(g)
    assert len(g.active) == 1 and g.champion == g.active[0]
    assert g.pool == 0
    assert sum(g.money) == 0
    assert all(c == 0 for p, c in enumerate(g.counters) if p != g.champion)


# --- Bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: PoolGame(1, 3, 2, 1), r"^players: must be a whole number from 2, not 1"),
        (lambda: PoolGame(True, 3, 2, 1), r"^players: "),
        (lambda: PoolGame(3, 0, 2, 1), r"^buy_in: must be more than 0"),
        (lambda: PoolGame(3, 3, -2, 1), r"^prize: must be more than 0"),
        (lambda: PoolGame(3, 3, 2, "x"), r"^horse_price: 'x' is not a number"),
        (lambda: PoolGame(3, 3, 2, 1, "each"), r"^options: must be PoolOptions"),
        (lambda: PoolOptions(tied_worst="all"), r"^tied_worst: must be one of each, none"),
        (lambda: PoolOptions(horse="never"), r"^horse: must be one of first, every"),
        (lambda: apply_deal("game", 0, 1), r"^state: must be a PoolGame"),
        (lambda: apply_deal(PoolGame(3, 3, 2, 1), 3, 1), r"^winners: must be a player index"),
        (lambda: apply_deal(PoolGame(3, 3, 2, 1), 0, -1), r"^worst: must be a player index"),
        (
            lambda: apply_deal(PoolGame(3, 3, 2, 1), [0, 0], 1),
            r"^winners: names a player twice: player 1$",
        ),
        (lambda: apply_deal(PoolGame(3, 3, 2, 1), [], 1), r"^winners: a deal has at least one"),
        (
            lambda: apply_deal(PoolGame(3, 3, 2, 1), 0, [0, 1]),
            r"^worst: a winner cannot also hold the worst hand: player 1$",
        ),
        (lambda: apply_deal(PoolGame(3, 3, 2, 1), 0, []), r"^worst: name the worst hand"),
        (lambda: buy_horse("game", 0), r"^state: must be a PoolGame"),
        (lambda: buy_horse(PoolGame(3, 3, 2, 1), 5), r"^player: must be a player index"),
        (lambda: buy_horse(PoolGame(3, 3, 2, 1), 0), r"^player: player 1 may not buy a horse"),
        (
            lambda: LedgerEntry(0, POOL, POOL, F(1), 0, "prize", A_REASON),
            r"^ledger: 'pool' cannot pay itself",
        ),
        (
            lambda: LedgerEntry(0, 0, POOL, F(0), 0, "prize", A_REASON),
            r"^ledger: an entry moves a positive amount",
        ),
    ],
)
def test_pool_rejects_impossible_input(make: object, message: str) -> None:
    with pytest.raises(SettlementError, match=message):
        make()


# --- A whole game replayed (play) ---------------------------------------------------------


def one_by_one(start: PoolGame, moves: list) -> tuple[PoolGame, int | None, str | None]:
    """The moves applied with apply_deal and buy_horse; the index and message of the first
    refused, if any."""
    g = start
    for i, move in enumerate(moves):
        try:
            if isinstance(move, Horse):
                g = buy_horse(g, move.player)
            else:
                if g.finished:
                    raise SettlementError("state: the game is over")
                g = apply_deal(g, move.winners, move.worst)
        except SettlementError as error:
            return g, i, str(error)
    return g, None, None


def same_state(a: PoolGame, b: PoolGame) -> bool:
    return (a.ledger, a.counters, a.money, a.pool, a.pool_counters, a.deals, a.out_after) == (
        b.ledger,
        b.counters,
        b.money,
        b.pool,
        b.pool_counters,
        b.deals,
        b.out_after,
    )


def test_pool_commerce_play_worked_example_as_a_replay() -> None:
    # The worked example above, as one replay: 3 players, buy-in 6, prize 2, horse 2.
    moves = [
        Deal.of(0, 2),
        Deal.of(1, 2),
        Deal.of(0, 2),  # player 3 out: first out, may buy a horse
        Horse(2),
        Deal.of(2, 1),
        Deal.of(0, 2),  # player 3 out again
        Deal.of(0, 1),
        Deal.of(0, 1),  # player 2 out: player 1 alone takes the 6 left
    ]
    replay = play(PoolGame(3, buy_in=6, prize=2, horse_price=2), moves)
    assert replay.state.money == (10, -4, -6) and replay.state.champion == 0
    assert [t.number for t in replay.turns] == [1, 2, 3, 3, 4, 5, 6, 7]
    assert [t.out for t in replay.turns] == [(), (), (2,), (), (), (2,), (), (1,)]
    assert replay.turns[2].may_buy_horse == (2,) and replay.turns[5].may_buy_horse == ()
    assert replay.turns[3].horse == 2 and not replay.turns[3].is_deal
    assert replay.turns[3].net == (0, 0, -2)
    assert replay.turns[-1].net == (8, 0, 0)  # the prize 2 and the 6 left in the pool
    texts = [r.text for r in replay.turns[2].reasons]
    assert "player 3 has no counters left and stands out" in texts
    assert any(t.startswith("player 3 may buy a horse") for t in texts)
    assert replay.turns[-1].reasons[-1].text == (
        "the game is over: player 1 holds the last counters"
    )
    assert all(r.citations for t in replay.turns for r in t.reasons)
    check_ledger(replay.state)


def test_pool_commerce_play_reports_the_refused_move_and_the_game_before_it() -> None:
    start = PoolGame(3, 3, 1, 1)
    moves = [Deal.of(0, 2), Horse(2), Deal.of(0, 1)]
    with pytest.raises(PlayError) as caught:
        play(start, moves)
    error = caught.value
    assert (error.index, error.field) == (1, "player")
    assert error.message.startswith("player 3 may not buy a horse")
    assert error.played.deals == 1 and len(error.played.turns) == 1
    assert isinstance(error, SettlementError)  # callers catching SettlementError still do


def test_pool_commerce_play_refuses_a_deal_after_the_end_and_a_dealer_out() -> None:
    over = [Deal.of(0, 1)] * 3
    with pytest.raises(PlayError, match="^state: the game is over: player 1 holds") as caught:
        play(PoolGame(2, 3, 1, 1), [*over, Deal.of(0, 1)])
    assert caught.value.index == 3 and caught.value.field == "state"
    out = [Deal.of(0, 2)] * 3
    with pytest.raises(PlayError, match="^dealer: player 3 is out of the game") as caught:
        play(PoolGame(3, 3, 1, 1), [*out, Deal.of(0, 1, dealer=2)])
    assert caught.value.field == "dealer"
    with pytest.raises(PlayError, match="^move: must be a Deal or a Horse"):
        play(PoolGame(3, 3, 1, 1), [(0, 1)])  # type: ignore[list-item]
    with pytest.raises(SettlementError, match="^start: must be a PoolGame"):
        play("game", [])


def test_pool_commerce_play_deal_from_the_places_of_a_showdown() -> None:
    # Players 1, 3 and 4 dealt in (player 2 out): 3 placed first, 1 and 4 equal last.
    assert Deal.from_places([0, 2, 3], [2, 1, 2]) == Deal((2,), (0, 3))
    assert Deal.from_places([0, 1, 2], [1, 1, 1]) == Deal((0, 1, 2), ())
    with pytest.raises(SettlementError, match="^places: "):
        Deal.from_places([0, 1], [1])


def test_pool_commerce_play_nothing_played_is_the_start() -> None:
    start = PoolGame(4, 3, 2, 1)
    replay = play(start, [])
    assert replay == Replay(start) and replay.state is start and replay.deals == 0


# Moves drawn blind (often refused) and moves drawn from the state (a game that goes on).

players = st.integers(2, 6)
blind_moves = st.lists(
    st.one_of(
        st.builds(
            Deal.of,
            st.lists(st.integers(0, 5), min_size=0, max_size=3),
            st.lists(st.integers(0, 5), min_size=0, max_size=3),
        ),
        st.builds(Horse, st.integers(0, 5)),
    ),
    max_size=25,
)


@st.composite
def pool_games(draw: st.DrawFn) -> tuple[PoolGame, list]:
    """A start and moves the rules mostly accept: winners and worst among the players still
    in, horses bought by those who may."""
    n = draw(players)
    start = PoolGame(
        n,
        draw(amounts),
        draw(amounts),
        draw(amounts),
        PoolOptions(
            tied_worst=draw(st.sampled_from(["each", "none"])),
            horse=draw(st.sampled_from(["first", "every"])),
        ),
    )
    g, moves = start, []
    for _ in range(draw(st.integers(0, 40))):
        if g.finished:
            break
        buyers = [p for p in range(n) if g.may_buy_horse(p)]
        if buyers and draw(st.booleans()):
            move: Deal | Horse = Horse(draw(st.sampled_from(buyers)))
        else:
            active = list(g.active)
            won = draw(st.lists(st.sampled_from(active), min_size=1, unique=True))
            rest = [p for p in active if p not in won]
            worst = (
                draw(st.lists(st.sampled_from(rest), min_size=1, max_size=2, unique=True))
                if rest
                else []
            )
            move = Deal.of(won, worst)
        g = (
            buy_horse(g, move.player)
            if isinstance(move, Horse)
            else apply_deal(g, move.winners, move.worst)
        )
        moves.append(move)
    return start, moves


@settings(max_examples=150, deadline=None)
@given(pool_games())
def test_property_play_equals_the_moves_applied_one_by_one(game: tuple[PoolGame, list]) -> None:
    start, moves = game
    replay = play(start, moves)
    expected, refused, _ = one_by_one(start, moves)
    assert refused is None and same_state(replay.state, expected)
    assert len(replay.turns) == len(moves)
    # Each turn's entries are the ledger's new entries; together they are the whole ledger.
    ledger = list(start.ledger)
    for turn in replay.turns:
        ledger.extend(turn.entries)
        check_ledger(turn.after)
        assert sum(turn.net) + turn.after.pool - turn.before.pool == 0
        assert set(turn.out) == {
            p
            for p in range(start.players)
            if turn.before.counters[p] and not turn.after.counters[p]
        }
        if turn.is_deal:
            assert set(turn.winners).isdisjoint(turn.worst)
            assert set(turn.paid_counter) <= set(turn.worst)
            assert turn.after.deals == turn.before.deals + 1 == turn.number
        else:
            assert turn.after.counters[turn.horse] == 1 and turn.number == turn.before.deals
    assert tuple(ledger) == replay.state.ledger
    # A prefix of the moves is the game as it stood then.
    for k in (0, len(moves) // 2, len(moves)):
        assert same_state(play(start, moves[:k]).state, replay.turns[k - 1].after if k else start)


@settings(max_examples=200)
@given(players, blind_moves)
def test_property_play_refuses_exactly_where_one_by_one_does(n: int, moves: list) -> None:
    start = PoolGame(n, 3, 1, 1)
    expected, refused, message = one_by_one(start, moves)
    if refused is None:
        assert same_state(play(start, moves).state, expected)
        return
    with pytest.raises(PlayError) as caught:
        play(start, moves)
    error = caught.value
    assert error.index == refused
    assert same_state(error.played.state, expected)
    assert message is not None and str(error).startswith(message)
    assert error.field == message.partition(": ")[0]


@settings(max_examples=100, deadline=None)
@given(pool_games())
def test_property_the_running_balances_equal_the_ledger_recounted(
    game: tuple[PoolGame, list],
) -> None:
    # Each move carries the balances forward; recounting the whole ledger agrees.
    start, moves = game
    state = play(start, moves).state
    recounted = copy.copy(state)
    recounted._book(state.ledger)
    assert same_state(recounted, state)


@given(st.lists(st.integers(1, 4), min_size=1, max_size=8))
def test_property_deal_from_places(places: list[int]) -> None:
    seats = list(range(len(places)))
    deal = Deal.from_places(seats, places)
    assert deal.winners == tuple(s for s in seats if places[s] == 1)
    if max(places) == 1:
        assert deal.worst == ()
    else:
        assert deal.worst == tuple(s for s in seats if places[s] == max(places))
        assert set(deal.winners).isdisjoint(deal.worst)


def test_pool_reasons_and_errors_name_the_players_by_the_one_formatter():
    from games.engine.pool import Deal, PlayError, PoolGame, play

    names = ["ann", "Bo", "Cy"]
    turn = play(PoolGame(3, 3, 1, 1), [Deal.of(0, 1)] * 3).turns[-1]
    said = [r.render(names) for r in turn.reasons]
    assert "Bo has no counters left and stands out" in said
    assert all("player 2" not in text for text in said)
    with pytest.raises(PlayError) as caught:
        play(PoolGame(3, 3, 1, 1), [Deal.of(0, 1)] * 3 + [Deal.of(2, 1)])
    assert caught.value.field == "worst" and caught.value.index == 3
    assert caught.value.render(names).startswith("Bo is out of the game")
