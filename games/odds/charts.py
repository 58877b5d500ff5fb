"""The odds pages' charts as geometry: what the templates draw as inline SVG.

Each chart is drawn by the server (readable without JavaScript) and sits beside a table
that says the same for a screen reader; the SVG is an image with a title. Sizes are in the
SVG's own units (a ``viewBox`` the page scales to its width); colours are CSS classes
(``static/css/odds.css``), one per series.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


def _percent(p: int) -> str:
    return f"{p}%"


WIDTH = 400
"""Every chart's width in its own units; the page scales it to the column."""


@dataclass(frozen=True)
class Bar:
    """One bar: its label, its length and where its value is written."""

    label: str
    value: str
    y: float
    length: float
    series: int

    @property
    def text_x(self) -> float:
        return BAR_LEFT + self.length + 4

    @property
    def label_y(self) -> float:
        return self.y + BAR_HEIGHT / 2 + 4


BAR_LEFT = 150
BAR_SPACE = 190
BAR_HEIGHT = 16
BAR_ROW = 24


@dataclass(frozen=True)
class BarChart:
    """Horizontal bars on a scale from 0 to ``top`` (a share), one per row."""

    bars: tuple[Bar, ...]
    height: float
    width: int = WIDTH
    left: int = BAR_LEFT
    bar_height: int = BAR_HEIGHT


def bar_chart(rows: Sequence[tuple[str, float, str]], top: float = 1.0) -> BarChart:
    """Bars for ``rows`` of (label, share, value written): a share of ``top`` fills the
    space; a share above nothing shows at least a hairline.

    >>> chart = bar_chart([("Tricon", 0.0024, "0.24%"), ("Point", 0.74, "74%")])
    >>> [round(b.length, 1) for b in chart.bars], chart.height
    ([1.0, 140.6], 56)
    """
    bars = []
    for i, (label, share, value) in enumerate(rows):
        length = BAR_SPACE * share / top if top else 0.0
        if share > 0:
            length = max(length, 1.0)
        bars.append(Bar(label, value, 4 + i * BAR_ROW, length, i))
    return BarChart(tuple(bars), 8 + len(rows) * BAR_ROW)


@dataclass(frozen=True)
class Band:
    """A stretch of the percentile strip: a combination's hands."""

    label: str
    x: float
    width: float
    series: int
    labelled: bool

    @property
    def middle(self) -> float:
        return self.x + self.width / 2


STRIP_LEFT = 10
STRIP_SPACE = WIDTH - 2 * STRIP_LEFT


@dataclass(frozen=True)
class Strip:
    """The scale of percentiles from 0 to 100, its bands, and the hand's mark (if any)."""

    bands: tuple[Band, ...]
    ticks: tuple[tuple[float, str], ...]
    mark: float | None
    mark_text: str
    mark_anchor: str
    width: int = WIDTH
    height: int = 96
    left: int = STRIP_LEFT
    right: int = WIDTH - STRIP_LEFT


def strip(
    bands: Sequence[tuple[str, float, float, int]],
    mark: float | None = None,
    mark_text: str = "",
    percent: Callable[[int], str] = _percent,
) -> Strip:
    """The strip for ``bands`` of (label, start share, end share, series), worst first, and
    a hand's percentile ``mark``; ``percent`` writes the scale's figures (``25%``).

    >>> s = strip([("Point", 0.0, 0.74, 4), ("Pair", 0.74, 0.91, 3)], 0.5, "this hand")
    >>> [(b.label, round(b.x), round(b.width), b.labelled) for b in s.bands]
    [('Point', 10, 281, True), ('Pair', 291, 65, True)]
    >>> s.mark, s.mark_anchor
    (200.0, 'middle')
    """
    out = []
    for label, start, end, series in bands:
        x = STRIP_LEFT + STRIP_SPACE * start
        width = STRIP_SPACE * (end - start)
        out.append(Band(label, x, width, series, width >= 8 * len(label) + 4))
    ticks = tuple((STRIP_LEFT + STRIP_SPACE * p / 100, percent(p)) for p in (0, 25, 50, 75, 100))
    at = None if mark is None else STRIP_LEFT + STRIP_SPACE * mark
    anchor = "middle"
    if at is not None and at < 80:
        anchor = "start"
    elif at is not None and at > WIDTH - 80:
        anchor = "end"
    return Strip(tuple(out), ticks, at, mark_text, anchor)


@dataclass(frozen=True)
class Series:
    """One line of a line chart: its name, its points, and its class."""

    label: str
    points: tuple[tuple[float, float], ...]
    series: int
    emphasis: bool = False

    @property
    def path(self) -> str:
        """The points as an SVG ``points`` attribute."""
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in self.points)


PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, PLOT_BOTTOM = 44, WIDTH - 12, 12, 212


@dataclass(frozen=True)
class LineChart:
    """Chances (0 to 100%) against the number of other hands, 1 to ``others``."""

    series: tuple[Series, ...]
    x_ticks: tuple[tuple[float, str], ...]
    y_ticks: tuple[tuple[float, str], ...]
    width: int = WIDTH
    height: int = PLOT_BOTTOM + 40
    left: int = PLOT_LEFT
    right: int = PLOT_RIGHT
    top: int = PLOT_TOP
    bottom: int = PLOT_BOTTOM


def line_chart(
    lines: Sequence[tuple[str, Sequence[float], int, bool]],
    others: int,
    percent: Callable[[int], str] = _percent,
) -> LineChart:
    """A line for each of ``lines`` (label, chances for 1, 2, ... others, series, emphasis);
    ``percent`` writes the scale's figures (``25%``).

    >>> chart = line_chart([("All hands", [0.5, 1.0], 0, False)], 2)
    >>> chart.series[0].path, [label for _, label in chart.x_ticks]
    ('44.0,112.0 388.0,12.0', ['1', '2'])
    """
    span = max(others - 1, 1)

    def x_of(n: int) -> float:
        return PLOT_LEFT + (PLOT_RIGHT - PLOT_LEFT) * (n - 1) / span

    def y_of(chance: float) -> float:
        return PLOT_BOTTOM - (PLOT_BOTTOM - PLOT_TOP) * chance

    series = tuple(
        Series(
            label,
            tuple((x_of(n), y_of(c)) for n, c in enumerate(chances, start=1)),
            i,
            emphasis,
        )
        for label, chances, i, emphasis in lines
    )
    x_ticks = tuple((x_of(n), str(n)) for n in range(1, others + 1))
    y_ticks = tuple((y_of(p / 100), percent(p)) for p in (0, 25, 50, 75, 100))
    return LineChart(series, x_ticks, y_ticks)
