"""Bench figures for the games settled from one request: Vingt-un, Speculation, All Fours.

Each figure is one :meth:`~games.engine.games.RequestGame.answer` on a request as the API
sends it (read, checked and settled, reasons and payments included), with the game's default
house rules. The goals are ratios to the yardstick, as every figure of the engine's bench:
at the 20-25 ns a dict look-up takes on the machines the bench has run on, 45,000
yardsticks are about 1 ms, the share of a page's time (a few ms) the engine may take; the
busiest request a game accepts may take twice that.
"""

from functools import partial

from bench import Case, Goal, register
from games.engine import all_fours, speculation
from games.engine.games import RequestGame
from games.engine.vingt_un import VingtUn, twelve_player_request

TYPICAL = Goal("within 45,000x (1 ms at a 22 ns yardstick)", ratio=45_000)
"""A request a table sends every deal."""
BUSIEST = Goal("within 90,000x (2 ms at a 22 ns yardstick)", ratio=90_000)
"""The largest request the game accepts."""


def _cases(game: RequestGame, requests: dict[str, dict[str, object]], busiest: str) -> list[Case]:
    config = game.configure()
    cases = []
    for name, request in requests.items():
        game.answer(request, config)  # a request the game refuses fails here, not in the timing
        cases.append(
            Case(
                f"(6) {game.label}: answer {name}",
                partial(game.answer, request, config),
                goal=BUSIEST if name == busiest else TYPICAL,
                in_ms=True,
            )
        )
    return cases


@register
def request_games() -> list[Case]:
    """(6) Vingt-un, Speculation and All Fours: one request answered."""
    vingt_un = VingtUn()
    return [
        *_cases(
            vingt_un,
            {
                "the example (four players)": vingt_un.example(),
                "a round of twelve, doubled, a pair divided": twelve_player_request(),
            },
            busiest="",
        ),
        *_cases(
            speculation.Speculation(),
            speculation.bench_requests(),
            busiest="seventeen players, 60 sales",
        ),
        *_cases(all_fours.AllFours(), all_fours.bench_requests(), busiest=""),
    ]
