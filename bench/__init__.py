"""Benchmarks of the engine, each figure a ratio to the fastest baseline of the same run.

Run ``python -m bench``. Absolute times depend on the machine and on what else it is doing;
a ratio to a baseline measured beside the figure does not (much). The baselines are bare
dictionary look-ups of the values of all 22,100 hands of the 52-card pack, over precomputed
keys, in the order in which evaluate's figure goes through the hands, the dictionary keyed
in several ways (the hand's bitmask, its cards' indices packed into one number, its number
among the 22,100, its code as a string); the fastest of them is the yardstick, so a figure
is never flattered by a slow key.

Measurements are interleaved: in each of :data:`ROUNDS` rounds every figure is measured
once, right after every baseline. A figure's ratio is the median over the rounds of its time
over the yardstick's time measured just before it, so a moment when the machine is busy
moves the yardstick with the figure; the time printed is the median time. A first round,
not counted, warms everything up and sets how many times each operation is repeated in a
measurement (enough for :data:`MIN_TIME`); each measurement is preceded by one untimed run
of its operation, so that every case is timed warm, whichever case ran before it.

To add a figure, write a function that returns :class:`Case` objects, decorate it with
:func:`register`, and put it in one of :data:`ENGINE_MODULES` (``bench/cox_and_settlement.py``,
``bench/request_games.py``). ``python -m bench`` then runs the other benches of the package
(``bench.pages``, ``bench.sheet_cost``, ``bench.offline``) after the engine's;
``python -m bench WORD ...`` runs only the engine's figures whose names contain one of the
words (the baselines always), e.g. ``python -m bench "(6)"`` for the games settled from one
request, and ``--rounds N`` counts fewer rounds for a quick look.

Only the standard library: :func:`time.perf_counter`.
"""

from __future__ import annotations

import importlib
import itertools
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.cards import PACK_52, Card, parse_hands
from games.engine.commerce import PeelRules, SwedishRules, _table_for, evaluate, showdown
from games.engine.strength import strength, strength_table

__all__ = [
    "BENCHES",
    "ENGINE_MODULES",
    "MIN_TIME",
    "ROUNDS",
    "TWELVE",
    "Case",
    "Goal",
    "Result",
    "main",
    "register",
    "run_cases",
]

ROUNDS = 9
"""Counted rounds; every case is measured once in each, and the median kept."""
MIN_TIME = 2e-3
"""Each measurement repeats its operation until it takes at least this long (seconds)."""
ENGINE_MODULES = ("cox_and_settlement", "request_games")
"""The modules of this package whose :func:`register` functions :func:`main` runs too."""


@dataclass(frozen=True)
class Goal:
    """What a figure should reach: at most ``ratio`` times the yardstick, or at most
    ``seconds`` per operation, said in words by ``text``."""

    text: str
    ratio: float | None = None
    seconds: float | None = None

    def met(self, seconds: float, ratio: float) -> bool:
        """Whether a figure of ``seconds`` per operation, ``ratio`` yardsticks, meets it."""
        if self.ratio is not None and ratio > self.ratio:
            return False
        return self.seconds is None or seconds <= self.seconds


@dataclass(frozen=True)
class Case:
    """One thing to time: ``run`` performs ``per_call`` operations; ``setup`` (untimed)
    runs before each measurement, then ``run`` once untimed unless ``warm`` is false. A
    baseline is a candidate for the yardstick."""

    name: str
    run: Callable[[], object]
    per_call: int = 1
    goal: Goal | None = None
    in_ms: bool = False
    baseline: bool = False
    setup: Callable[[], object] | None = None
    warm: bool = True


@dataclass(frozen=True)
class Result:
    """A case's seconds per operation, one a measurement, and beside each the baselines'
    seconds measured just before it (in the order of the baselines)."""

    case: Case
    samples: tuple[float, ...]
    beside: tuple[tuple[float, ...], ...]

    @property
    def seconds(self) -> float:
        """The median seconds per operation."""
        return statistics.median(self.samples)

    def ratio(self, yardstick: int) -> float:
        """The median of this case's time over that of baseline number ``yardstick``
        measured just before it."""
        pairs = zip(self.samples, self.beside, strict=True)
        return statistics.median(mine / base[yardstick] for mine, base in pairs)

    def render(self, yardstick: int) -> str:
        """The line as printed: time per operation, ratio to the yardstick, the goal."""
        ratio = self.ratio(yardstick)
        took = f"{self.seconds * 1e3:.4f} ms" if self.case.in_ms else _human(self.seconds)
        line = f"{self.case.name}: {took} = {ratio:,.1f}x"
        goal = self.case.goal
        if goal is not None:
            met = goal.met(self.seconds, ratio)
            line += f"  goal: {goal.text}  [{'met' if met else 'MISSED'}]"
        return line


type Bench = Callable[[], list[Case]]

BENCHES: list[Bench] = []
"""The registered bench functions, in order: each returns the cases it adds."""


def register(func: Bench) -> Bench:
    """Add a bench function to :data:`BENCHES` (a decorator)."""
    BENCHES.append(func)
    return func


def _human(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e9:.1f} ns"


def _once(case: Case, number: int) -> float:
    if case.setup is not None:
        case.setup()
    run = case.run
    if case.warm:
        run()
    start = time.perf_counter()
    for _ in range(number):
        run()
    return (time.perf_counter() - start) / (number * case.per_call)


def run_cases(cases: list[Case], rounds: int = ROUNDS) -> list[Result]:
    """Measure the cases interleaved: a warm-up round that sets each case's repetitions,
    then ``rounds`` rounds, each measuring every figure once right after every baseline.
    The baselines' results are all their measurements, each beside the others' of the
    same moment."""
    numbers = []
    for case in cases:
        number = 1
        while _once(case, number) * number * case.per_call < MIN_TIME and number < 1 << 20:
            number *= 2
        numbers.append(number)
    bases = [i for i, case in enumerate(cases) if case.baseline]
    figures = [i for i, case in enumerate(cases) if not case.baseline]
    samples: list[list[float]] = [[] for _ in cases]
    beside: list[list[tuple[float, ...]]] = [[] for _ in cases]
    for _ in range(rounds):
        for i in figures:
            measured = tuple(_once(cases[b], numbers[b]) for b in bases)
            for b, seconds in zip(bases, measured, strict=True):
                samples[b].append(seconds)
                beside[b].append(measured)
            samples[i].append(_once(cases[i], numbers[i]))
            beside[i].append(measured)
    return [Result(case, tuple(samples[i]), tuple(beside[i])) for i, case in enumerate(cases)]


# --- the baselines: one bare dict look-up of every hand's value --------------------------

type Hand = tuple[Card, Card, Card]

_HANDS: list[Hand] = [(c, b, a) for a, b, c in itertools.combinations(PACK_52.cards, 3)]
"""Every hand of the 52-card pack, highest card first, in the pack's order of hands."""
_PEEL = PeelRules()


def _lookup(table: dict[Any, object], keys: list[Any]) -> Callable[[], None]:
    def run() -> None:
        for key in keys:
            table[key]

    return run


@register
def baselines() -> list[Case]:
    """The same 22,100 hands' values, looked up in dicts keyed in different ways."""
    values = _table_for(PeelRules()._table_key).values
    bits = [a.bit | b.bit | c.bit for a, b, c in _HANDS]
    ordered = [values[key] for key in bits]
    packed = [a.index * 2704 + b.index * 52 + c.index for a, b, c in _HANDS]
    numbers = list(range(len(_HANDS)))
    codes = [f"{a}{b}{c}" for a, b, c in _HANDS]
    ways: list[tuple[str, list[Any]]] = [
        ("the hand's 52-bit mask (the engine's Table.values)", bits),
        ("its cards' indices packed into one number", packed),
        ("its number among the 22,100 (0 to 22,099)", numbers),
        ("its code as a string ('AS2S3S', hash cached)", codes),
    ]
    return [
        Case(
            f"(b) dict look-up by {what}",
            _lookup(dict(zip(keys, ordered, strict=True)), keys),
            len(keys),
            baseline=True,
        )
        for what, keys in ways
    ]


# --- the engine's figures ------------------------------------------------------------------


@register
def cold_tables() -> list[Case]:
    """(0) Building the tables once (not in any hot path): Peel 52 and the strength arrays."""
    key = PeelRules()._table_key

    def build() -> None:
        _table_for.cache_clear()
        _table_for(key)

    def grid() -> None:
        table = _table_for(key)
        table.__dict__.pop("grid", None)
        _ = table.grid

    def arrays() -> None:
        strength_table.cache_clear()
        strength_table(_table_for(key))

    return [
        Case("(0) build the Peel 52-card table once (22,100 hands)", build, in_ms=True,
             warm=False),
        Case("(0) build its grid by card index once (evaluate's look-up)", grid, in_ms=True,
             warm=False),
        Case("(0) build its sorted strength arrays once", arrays, in_ms=True, warm=False),
    ]  # fmt: skip


@register
def evaluate_all() -> list[Case]:
    """(1) Evaluate every hand of the 52-card pack from Card tuples, against the goal."""
    cases = []
    for rules in (PeelRules(), SwedishRules()):
        evaluate(_HANDS[0], rules)  # the table is built before timing

        def run(rules: PeelRules | SwedishRules = rules, hands: list[Hand] = _HANDS) -> None:
            for hand in hands:
                evaluate(hand, rules)

        cases.append(
            Case(
                f"(1) evaluate each of 22,100 hands from Card tuples ({rules.label})",
                run,
                len(_HANDS),
                Goal("within 3x", ratio=3),
            )
        )

    def nothing(cards: Hand, rules: object) -> None:
        return None

    def call(rules: PeelRules = _PEEL, hands: list[Hand] = _HANDS) -> None:
        for hand in hands:
            nothing(hand, rules)

    cases.append(
        Case("(1) for comparison: call a function of two arguments that does nothing", call,
             len(_HANDS))
    )  # fmt: skip
    return cases


@register
def heads_up() -> list[Case]:
    """(2) Exact heads-up chances for a hand (average over a spread of hands)."""
    rules = PeelRules()
    sample = _HANDS[:: len(_HANDS) // 200]

    def run() -> None:
        for hand in sample:
            strength(hand, rules)

    return [
        Case(
            "(2) exact heads-up chance of one hand (Peel 52)",
            run,
            len(sample),
            Goal("< 10 ms", seconds=1e-2),
            in_ms=True,
            setup=lambda: strength(_HANDS[0], rules),  # its tables built before timing
        )
    ]


TWELVE = [
    "AS AH AD", "QC KC AC", "2D 3D 5D", "KS 8S 6S", "9H 9C KD", "9D 9S QH",
    "JC 10D 8C", "QS 10S 8H", "7C 7D 2S", "5H 4C 3S", "JH 10H 6D", "KH 4D 2C",
]  # fmt: skip
"""Twelve hands of the 52-card pack, the most one pack deals under Peel's rules."""


@register
def twelve_hands() -> list[Case]:
    """(3) A twelve-hand showdown with its explanations."""
    hands = parse_hands(TWELVE, PACK_52)
    cases = []
    for rules in (PeelRules(), SwedishRules()):
        showdown(hands, rules)

        def run(rules: PeelRules | SwedishRules = rules) -> None:
            showdown(hands, rules, dealer=3)

        cases.append(Case(f"(3) 12-hand showdown with reasons ({rules.label})", run, in_ms=True))
    return cases


def main(only: Sequence[str] = (), rounds: int = ROUNDS) -> int:
    """Run every registered bench, interleaved, and print each figure against the fastest
    baseline; with ``only``, just the figures whose names contain one of those words (and
    every baseline). Returns 0 (goals missed are printed, not failed)."""
    for name in ENGINE_MODULES:
        importlib.import_module(f"{__name__}.{name}")
    cases = [
        case
        for bench in BENCHES
        for case in bench()
        if case.baseline or not only or any(word in case.name for word in only)
    ]
    results = run_cases(cases, rounds)
    bases = [r for r in results if r.case.baseline]
    fastest = min(bases, key=lambda r: r.seconds)
    yardstick = bases.index(fastest)
    print(
        f"rulesite engine bench: Python {platform.python_version()}, median of {rounds} "
        "interleaved rounds"
    )
    print(
        f"yardstick: the fastest baseline, {fastest.case.name.removeprefix('(b) ')}: "
        f"{_human(fastest.seconds)}; each ratio is to it, measured just before"
    )
    for result in results:
        print(result.render(yardstick))
    return 0
