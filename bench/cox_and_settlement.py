"""Bench lines for Cox's scoring and for settling a whole deal from the cards."""

from bench import Baseline, Line, best_of, register
from games.engine.cox import score_hand
from games.engine.deal import settle_deal

COX_HANDS = [
    "auto-1 auto-1 auto-2 ship-3 ship-3 plane-5 plane-5 auto-captain ship-captain plane-captain "
    "bank fruit-1",
    "auto-1 auto-1 auto-2 auto-2 auto-3 auto-3 auto-4 auto-4 auto-captain ship-captain "
    "plane-captain bank",
    "auto-2 auto-2 fruit-1 auto-captain ship-captain plane-captain bank ship-4",
]


@register
def cox_scoring(baseline: Baseline) -> list[Line]:
    """(4) Cox: the best arrangement of three captains and the bank card, waiting cards too."""
    lines = []
    for number, hand in enumerate(COX_HANDS, start=1):
        seconds = best_of(lambda hand=hand: score_hand(hand, 1), 1, repeat=5)
        lines.append(Line(f"(4) Cox hand {number} with three captains and the bank card",
                          seconds, "< 50 ms (a web request)", seconds < 0.05, True))
    return lines


@register
def settle_twelve(baseline: Baseline) -> list[Line]:
    """(5) Settling a twelve-player deal of the new game from the cards shown."""
    hands = ["AS AH AD", "QC KC AC", "2D 3D 5D", "KS 8S 6S", "9H 9C KD", "9D 9S QH",
             "JC 10D 8C", "QS 10S 8H", "7C 7D 2S", "5H 4C 3S", "JH 10H 6D", "KH 4D 2C"]
    bought = [i % 3 for i in range(12)]

    def run() -> None:
        settle_deal("english-new", hands, 1, dealer=3, stood=4, bought=bought,
                    options={"dealer_penalty": "better"})

    run()
    return [Line("(5) settle a 12-player new-game deal from the cards", best_of(run, 1, 50),
                 in_ms=True)]
