"""Bench figures for Cox's scoring and for settling a whole deal from the cards."""

from functools import partial
from typing import cast

from bench import TWELVE, Case, Goal, register
from games.engine.cox import CoxOptions, _make_hand, _search, _vector, parse_hand, score_hand
from games.engine.games import CommerceGame, get

WORST_40 = " ".join(
    [f"{s}-{n} {s}-{n}" for s in ("auto", "ship", "plane") for n in range(1, 6)]
    + ["fruit-1 fruit-2 grain-1 grain-2 industry-1 industry-2"]
    + ["auto-captain ship-captain plane-captain bank"]
)
"""The 40-card rack with the most placings of the wildcards: every number of every suit
held twice, two of each honour colour, the three captains and the bank card (6 x 6 x 6 x
19 = 4,104 placings). Past the engine's 14-card limit, so only its search is timed."""

WORST_IN_LIMIT = (
    "auto-captain ship-captain plane-captain bank fruit-1 fruit-2 grain-1 grain-4 "
    "greenback-1 greenback-2 greenback-3 greenback-4",
    CoxOptions(bank_pairs_with_captain=True),
)
"""The slowest rack found within the limit (a random search of some thousands): a waiting
hand of eight cards besides greenbacks, all four wildcards, the bank card free to pair with
a captain -- every card of the pack tried as the one it waits for, with every discard."""

COX_HANDS = [
    ("a complete hand of 8 cards", "ship-4 ship-4 ship-captain ship-2 ship-2 ship-2 fruit-1 bank"),
    ("a waiting hand of 8 cards, 3 captains and the bank card",
     "auto-2 auto-2 fruit-1 auto-captain ship-captain plane-captain bank ship-4"),
    ("a mixed hand of 10 cards at the end of play",
     "auto-1 auto-1 auto-1 ship-2 ship-2 plane-3 fruit-1 grain-2 grain-3 greenback-2"),
    ("12 cards, 3 captains and the bank card",
     "auto-1 auto-1 auto-2 ship-3 ship-3 plane-5 plane-5 auto-captain ship-captain "
     "plane-captain bank fruit-1"),
    ("12 cards of autos, 3 captains and the bank card",
     "auto-1 auto-1 auto-2 auto-2 auto-3 auto-3 auto-4 auto-4 auto-captain ship-captain "
     "plane-captain bank"),
    ("14 cards (the limit), 3 captains and the bank card",
     "auto-1 auto-1 auto-2 auto-2 ship-3 ship-3 plane-5 plane-5 fruit-1 grain-1 "
     "auto-captain ship-captain plane-captain bank"),
]  # fmt: skip
"""Typical racks, counted from lists of card codes as the API and the table page send them."""

COX_GOAL = Goal("< 10 ms", seconds=1e-2)


@register
def cox_scoring() -> list[Case]:
    """(4) Cox: the best placing of the captains and the bank card, waiting cards too."""
    cards = parse_hand(WORST_40)
    options = CoxOptions()

    def search_40() -> None:
        _search(_make_hand(_vector(cards)), 1, options)

    worst, worst_options = WORST_IN_LIMIT
    cases = [
        Case("(4) Cox: the worst 40-card rack (4,104 placings), the search alone", search_40,
             goal=COX_GOAL, in_ms=True),
        Case("(4) Cox: the slowest rack found within the 14-card limit (waiting, 4 wildcards)",
             lambda: score_hand(worst.split(), 1, worst_options), goal=COX_GOAL, in_ms=True),
    ]  # fmt: skip
    for name, hand in COX_HANDS:
        codes = hand.split()
        cases.append(
            Case(f"(4) Cox: {name}", partial(score_hand, codes, 1), goal=COX_GOAL, in_ms=True)
        )  # fmt: skip
    return cases


@register
def settle_twelve() -> list[Case]:
    """(5) Settling a twelve-player deal of the new game from the cards shown."""
    bought = [i % 3 for i in range(12)]
    game = cast(CommerceGame, get("peel-new"))

    def run() -> None:
        config = game.configure({"dealer_penalty": "better"})
        game.settle(TWELVE, 1, config, dealer=3, stood=4, bought=bought)

    run()
    return [Case("(5) settle a 12-player new-game deal from the cards", run, in_ms=True)]
