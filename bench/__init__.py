"""Benchmarks of the engine, reported as ratios to a baseline measured in the same run.

Run ``python -m bench``. Absolute times depend on the machine; a ratio to a bare
dictionary look-up measured in the same run does not (much), so every line says how
many dictionary look-ups its operation costs, and states its goal.

To add a line, write a function that takes the :class:`Baseline` and returns
:class:`Line` objects, decorate it with :func:`register`, and put it in any module of
this package (``bench/cox.py``, ``bench/settlement.py``): :func:`main` imports every
module of the package before it runs the registered functions in order.

Only the standard library: :func:`time.perf_counter`, repeated, keeping the minimum.
"""

from __future__ import annotations

import importlib
import itertools
import pkgutil
import platform
import time
from collections.abc import Callable
from dataclasses import dataclass

from games.engine.cards import PACK_52, Card, parse_hands
from games.engine.commerce import PeelRules, SwedishRules, _table_for, evaluate, showdown
from games.engine.strength import strength, strength_table

__all__ = ["BENCHES", "Baseline", "Line", "best_of", "main", "register"]

REPEAT = 7
"""How many times each measurement is repeated; the minimum is kept."""


@dataclass(frozen=True)
class Baseline:
    """The yardstick: seconds for one bare ``dict[key]`` over precomputed integer keys."""

    lookup: float


@dataclass(frozen=True)
class Line:
    """One figure: what was timed, seconds per operation, and the goal in words."""

    name: str
    seconds: float
    goal: str = ""
    met: bool | None = None
    in_ms: bool = False

    def render(self, baseline: Baseline) -> str:
        """The line as printed: absolute time and ratio to the dict look-up."""
        ratio = self.seconds / baseline.lookup
        verdict = "" if self.met is None else ("  [met]" if self.met else "  [MISSED]")
        goal = f"  goal: {self.goal}" if self.goal else ""
        took = f"{self.seconds * 1e3:.4f} ms" if self.in_ms else _human(self.seconds)
        return f"{self.name}: {took} = {ratio:,.1f}x dict look-up{goal}{verdict}"


type Bench = Callable[[Baseline], list[Line]]

BENCHES: list[Bench] = []
"""The registered bench functions, run in order by :func:`main`."""


def register(func: Bench) -> Bench:
    """Add a bench function to :data:`BENCHES` (a decorator)."""
    BENCHES.append(func)
    return func


def best_of(run: Callable[[], object], per_call: int = 1, repeat: int = REPEAT) -> float:
    """Seconds for one operation: the minimum over ``repeat`` runs of ``run``.

    ``run`` performs ``per_call`` operations each time it is called.
    """
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best / per_call


def _human(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e9:.1f} ns"


type Hand = tuple[Card, Card, Card]

_HANDS: list[Hand] = [(c, b, a) for a, b, c in itertools.combinations(PACK_52.cards, 3)]
_KEYS: list[int] = [a.bit | b.bit | c.bit for a, b, c in _HANDS]


def measure_baseline() -> Baseline:
    """A bare dict look-up over the same 22,100 precomputed keys that (1) evaluates."""
    table = _table_for(PeelRules()._table_key).values
    keys = _KEYS

    def run() -> None:
        for key in keys:
            table[key]

    return Baseline(best_of(run, len(keys)))


@register
def cold_tables(baseline: Baseline) -> list[Line]:
    """Building the tables once (not in any hot path): Peel 52 and the strength arrays."""
    _table_for.cache_clear()
    strength_table.cache_clear()
    start = time.perf_counter()
    table = _table_for(PeelRules()._table_key)
    built = time.perf_counter() - start
    start = time.perf_counter()
    _ = table.grid
    gridded = time.perf_counter() - start
    start = time.perf_counter()
    strength_table(table)
    arrays = time.perf_counter() - start
    return [
        Line("(0) build the Peel 52-card table once (22,100 hands)", built),
        Line("(0) build its grid by card index once (evaluate's look-up)", gridded),
        Line("(0) build its sorted strength arrays once", arrays),
    ]


@register
def evaluate_all(baseline: Baseline) -> list[Line]:
    """(1) Evaluate every hand of the 52-card pack from Card tuples."""
    lines = []
    for rules in (PeelRules(), SwedishRules()):
        evaluate(_HANDS[0], rules)  # the table is built before timing

        def run(rules: PeelRules | SwedishRules = rules, hands: list[Hand] = _HANDS) -> None:
            for hand in hands:
                evaluate(hand, rules)

        seconds = best_of(run, len(_HANDS))
        lines.append(
            Line(
                f"(1) evaluate each of 22,100 hands from Card tuples ({rules.label})",
                seconds,
                "within 3x",
                seconds <= 3 * baseline.lookup,
            )
        )
    return lines


@register
def heads_up(baseline: Baseline) -> list[Line]:
    """(2) Exact heads-up chances for a hand (average over a spread of hands)."""
    rules = PeelRules()
    strength(_HANDS[0], rules)  # tables built before timing
    sample = _HANDS[:: len(_HANDS) // 200]

    def run() -> None:
        for hand in sample:
            strength(hand, rules)

    seconds = best_of(run, len(sample))
    line = Line(
        "(2) exact heads-up chance of one hand (Peel 52)", seconds, "< 10 ms", seconds < 1e-2, True
    )
    return [line]


@register
def twelve_hands(baseline: Baseline) -> list[Line]:
    """(3) A twelve-hand showdown with its explanations."""
    hands = parse_hands(
        [
            "AS AH AD",
            "QC KC AC",
            "2D 3D 5D",
            "KS 8S 6S",
            "9H 9C KD",
            "9D 9S QH",
            "JC 10D 8C",
            "QS 10S 8H",
            "7C 7D 2S",
            "5H 4C 3S",
            "JH 10H 6D",
            "KH 4D 2C",
        ],
        PACK_52,
    )
    lines = []
    for rules in (PeelRules(), SwedishRules()):
        showdown(hands, rules)

        def run(rules: PeelRules | SwedishRules = rules) -> None:
            showdown(hands, rules, dealer=3)

        seconds = best_of(run, 1, repeat=50)
        lines.append(
            Line(f"(3) 12-hand showdown with reasons ({rules.label})", seconds, in_ms=True)
        )
    return lines


def main() -> None:
    """Import every module of the package, then print the baseline and every line."""
    for module in pkgutil.iter_modules(__path__):
        if module.name != "__main__":
            importlib.import_module(f"{__name__}.{module.name}")
    baseline = measure_baseline()
    print(f"rulesite bench: Python {platform.python_version()}, best of {REPEAT} runs")
    print(f"baseline: one bare dict look-up of a precomputed key: {_human(baseline.lookup)}")
    for func in BENCHES:
        for line in func(baseline):
            print(line.render(baseline))
