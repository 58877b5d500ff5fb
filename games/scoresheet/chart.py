"""The evening as a chart (issue 20): each player's running account (or score) over the latest
deals, as coordinates for an SVG the sheet's template draws (``scoresheet/sheet.html#chart``),
with the same figures as a table for a screen reader.

The points are the states stored with the deals (the accounts after each), the last
:data:`store.WINDOW` of them and the one before: a chart costs the same on the 300th deal
as on the 10th. Nothing is drawn here: this module computes where each point lies."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from games.scoresheet import ledger

WIDTH = 320
HEIGHT = 180
LEFT, RIGHT, TOP, BOTTOM = 44, 64, 10, 22
"""The margins: the axis' figures on the left, the players' names at the end of their lines."""
STYLES = 6
"""How many line styles (colour and dash) the sheet's CSS has: more players reuse them."""


@dataclass(frozen=True)
class Line:
    """One player's running account: the polyline's points, where its name is written (the
    names of players level at the end written once, together)."""

    seat: int
    name: str
    points: str
    label_x: float
    label_y: float
    style: int


@dataclass(frozen=True)
class Tick:
    position: float
    value: Fraction


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: int
    lines: list[Line]
    y_ticks: list[Tick]
    zero: float
    first: int
    last: int
    rows: list[tuple[int, tuple[Fraction, ...]]]
    """The figures: after each deal (by its number), every player's account."""


Point = tuple[int, tuple[Fraction, ...]]
"""The accounts after a deal (by its number; 0: before the first)."""


def points_of(states: list[ledger.Running]) -> list[Point]:
    """The accounts of stored states, as the chart's points."""
    return [(s.number, s.totals) for s in states]


def evening_chart(spec: ledger.Spec, points: list[Point]) -> Chart | None:
    """The chart of ``points`` (the accounts before the first deal shown, then after each),
    or None with fewer than one deal to show.

    >>> spec = ledger.Spec(rules="peel-new", players=("Ann", "Bo"), stake=Fraction(1))
    >>> points = [(n, (Fraction(t), Fraction(-t))) for n, t in enumerate([0, 2, -1])]
    >>> chart = evening_chart(spec, points)  # the plot 148 high from 10: 2 at 10, 0 at 84
    >>> [line.points for line in chart.lines]
    ['44.0,84.0 150.0,10.0 256.0,121.0', '44.0,84.0 150.0,158.0 256.0,47.0']
    >>> [(t.position, t.value) for t in chart.y_ticks], chart.first, chart.last
    ([(10.0, Fraction(2, 1)), (84.0, Fraction(0, 1)), (158.0, Fraction(-2, 1))], 0, 2)
    """
    if len(points) < 2:
        return None
    n = spec.n
    totals = [tuple(t) + (Fraction(0),) * (n - len(t)) for _, t in points]
    values = [v for row in totals for v in row] + [Fraction(0)]
    high, low = max(values), min(values)
    if high == low:
        high, low = high + 1, low - 1
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return round(LEFT + i * inner_w / (len(points) - 1), 1)

    top, scale = float(high), inner_h / float(high - low)  # a point's place needs no exact sum

    def y(value: Fraction) -> float:
        return round(TOP + (top - float(value)) * scale, 1)

    xs = [x(i) for i in range(len(points))]
    lines = []
    for seat in range(n):
        drawn = " ".join(f"{xs[i]},{y(row[seat])}" for i, row in enumerate(totals))
        last = totals[-1][seat]
        name = spec.players[seat] if seat < len(spec.players) else ""
        lines.append(Line(seat, name, drawn, x(len(points) - 1) + 4, y(last), seat % STYLES))
    named: dict[Fraction, int] = {}  # players level at the end share one label
    for i, line in enumerate(lines):
        last = totals[-1][line.seat]
        if last in named:
            first = lines[named[last]]
            lines[named[last]] = replace(first, name=f"{first.name}, {line.name}")
            lines[i] = replace(line, name="")
        else:
            named[last] = i
    ticks = [Tick(y(v), v) for v in sorted({high, Fraction(0), low}, reverse=True)]
    rows = [(number, row) for (number, _), row in zip(points, totals, strict=True)]
    zero = y(Fraction(0))
    return Chart(WIDTH, HEIGHT, LEFT, lines, ticks, zero, points[0][0], points[-1][0], rows)
