"""The comparison of the variants and the books' parallel passages, from ``comparison.toml``.

The cells are data, reviewable and diffable: ``content/comparison.toml`` has a column for
each variant (a registered game, or a game with an option set, as Limited Commerce) and a
row for each question players ask, and each row a cell for every column. A cell is one of:

- **the book says**: a short statement in our words (``says``) with the paragraphs that say
  it (``cite``: anchors in the column's book, or ``book#anchor``), and the editorial rulings
  that fill what the paragraph leaves open (``rulings``);
- **the book is silent** (``silent = true``): what the site does instead, the rulings that
  say so and, where there is one, the paragraph nearest the question;
- **the question does not arise** (``na = true``), with the paragraph that shows why;
- **as in another column** (``like = "<column>"``): the same rule, with or without words of
  its own. Cells of one ``like`` family agree; a cell outside the family of the first column
  (Peel's new game) *differs* and is marked so on the page.

Every text in our words has its Swedish beside it, under the same key with ``_sv``
(``says_sv``, ``question_sv``, ``short_sv``, ``note_sv``, and ``label_sv`` for a column that
names itself): :func:`load_comparison` reads the file in one language, and a text without its
Swedish is an error, so that the Swedish page is never half English. A column that takes its
label from the registry keeps the registry's label (a message id the page translates).

:func:`load_comparison` reads and checks the file once: an anchor that is not a paragraph, a
ruling no module declares, a column without a cell, a ``like`` that goes round in a circle
raise :class:`ComparisonError` naming the row and column. The parallel passages of a row are
the paragraphs its cells cite (not those of a question that does not arise), grouped by book:
nothing is kept twice.

Pure Python: the library (``content.library``) and the engine's registry, no Django.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from content.library import Book, find_paragraph, load_library
from games.engine.cards import PACK_52, parse_hands
from games.engine.citations import RULINGS, Citation, Ruling
from games.engine.commerce import Showdown
from games.engine.compare import Everywhere, judge_everywhere, rule_sets_for
from games.engine.games import Game, Option, OptionError, UnknownGame, get, house_rule
from games.engine.wording import Mention, Said, said, said_n

DATA = Path(__file__).resolve().parent / "comparison.toml"

LANGUAGES = ("en", "sv")
"""The languages the comparison is written in: English, and Swedish beside it (``<key>_sv``)."""

VIEWS = ("question", "variant")
"""The two ways the page reads: a section per question, or a section per variant."""


class ComparisonError(ValueError):
    """The comparison's data is wrong: the message names the row and column."""


@dataclass(frozen=True)
class Column:
    """A variant: a game of the registry (``game``), with options set (``options``) for a
    variant that is an option of it, as Limited or Extended Commerce."""

    id: str
    game: str
    options: tuple[tuple[str, str], ...]
    label: str
    book: str

    @property
    def registered(self) -> Game | None:
        """The game, if the registry holds it (a game still to come has a column already)."""
        try:
            return get(self.game)
        except UnknownGame:
            return None

    @property
    def address(self) -> str:
        """How the column names itself: the game's slug and its options, as a query string.

        >>> load_comparison().column("limited-no-pair").address
        'peel-new?limited=no-pair'
        """
        return self.game + (f"?{urlencode(self.options)}" if self.options else "")

    def option_words(self) -> list[tuple[str, str]]:
        """Each option set, as the registry labels it and words its value."""
        game = self.registered
        out = []
        for name, value in self.options:
            if game is None:
                out.append((name, value))
                continue
            option = game.option(name)
            out.append((option.label, option.words(option.read(value))))
        return out


@dataclass(frozen=True)
class Cell:
    """One variant's answer to one question (see the module's docstring)."""

    column: Column
    says: str
    cites: tuple[Citation, ...]
    rulings: tuple[Ruling, ...]
    silent: bool = False
    na: bool = False
    like: Column | None = None
    """The column whose rule this is (the cell may still say it in its own words)."""
    family: str = ""
    """The column at the root of the ``like`` chain: cells of one family agree."""
    differs: bool = False
    """The rule differs from the first column's (Peel's new game)."""

    @property
    def cites_a_paragraph(self) -> bool:
        return bool(self.cites)

    def house_rules(self) -> list[tuple[Ruling, Option | None]]:
        """Each ruling the cell names, with the house rule a table sets to read it otherwise."""
        return [(made, house_rule(made)) for made in self.rulings]


@dataclass(frozen=True)
class Example:
    """Hands that the row's difference decides differently, for ``/table/compare/``.

    ``dealer`` counts from 1, as the page's address does; ``differ`` names the two rule sets
    of :func:`~games.engine.compare.judge_everywhere` whose winners differ."""

    hands: tuple[str, ...]
    dealer: int | None
    differ: tuple[str, str]
    note: str

    @property
    def query(self) -> str:
        """The address's query string: ``h=AH+2H+3H&h=…`` and the dealer.

        >>> Example(("AH 2H 3H", "KS QS 9S"), 2, ("a", "b"), "").query
        'h=AH+2H+3H&h=KS+QS+9S&dealer=2'
        """
        params = [("h", hand) for hand in self.hands]
        if self.dealer is not None:
            params.append(("dealer", str(self.dealer)))
        return urlencode(params)

    def judged(self) -> Everywhere:
        """The hands judged by every rule set, by the engine."""
        hands = parse_hands(list(self.hands), PACK_52)
        return judge_everywhere(hands, None if self.dealer is None else self.dealer - 1)

    def outcomes(self) -> list[tuple[Said, Said]]:
        """Each rule set's name and who wins under it, in words (worked out, never typed).

        >>> outcomes = Example(("AS AD KC", "2H 5H 7H"), None, ("a", "b"), "").outcomes()
        >>> [(str(rules), str(who)) for rules, who in outcomes][::2]
        [('Peel, 52 cards', 'hand 2 wins'), ('Peel, 52 cards, Limited Commerce of Tricon, \
Sequence and Point', 'hand 1 wins')]
        """
        hands = parse_hands(list(self.hands), PACK_52)
        headings = {rules.label: rules.heading for rules, _ in rule_sets_for(hands)}
        return [
            (headings[label], winners_words(result)) for label, result in self.judged().judgements
        ]


def winners_words(result: Showdown) -> Said:
    """Who wins a showdown, hands counted from 1: words a page writes in its language.

    >>> from games.engine.commerce import PeelRules, showdown
    >>> str(winners_words(showdown(parse_hands(["AS AD AC", "2S 3D 5H"], PACK_52), PeelRules())))
    'hand 1 wins'
    >>> str(winners_words(showdown(parse_hands(["AS 2D 3C", "AH 2S 3D"], PACK_52), PeelRules())))
    'hands 1 and 2 share the win'
    """
    if not result.winners:
        return said("nobody wins")
    return said_n(
        "{hands} wins",
        "{hands} share the win",
        len(result.winners),
        hands=Mention.of("hand", result.winners),
    )


@dataclass(frozen=True)
class Passages:
    """One book's paragraphs on a question, in the book's order."""

    book: Book
    citations: tuple[Citation, ...]


@dataclass(frozen=True)
class Row:
    """A question, every column's cell and, where the difference decides a showdown, an
    example."""

    id: str
    question: str
    short: str
    cells: tuple[Cell, ...]
    example: Example | None

    @property
    def differing(self) -> int:
        """How many cells differ from the first column's."""
        return sum(cell.differs for cell in self.cells)

    @cached_property
    def passages(self) -> tuple[Passages, ...]:
        """The books' own paragraphs on the question: every paragraph a cell cites, except
        where the question does not arise, grouped by book in the library's order."""
        cited: dict[str, list[Citation]] = {}
        for cell in self.cells:
            if cell.na:
                continue
            for citation in cell.cites:
                found = cited.setdefault(citation.book, [])
                if citation not in found:
                    found.append(citation)
        out = []
        for slug, book in load_library().items():
            if slug in cited:
                order = {b.anchor: i for i, b in enumerate(book.blocks)}
                ordered = sorted(cited[slug], key=lambda c: order.get(c.anchor, 0))
                out.append(Passages(book, tuple(ordered)))
        return tuple(out)

    @property
    def has_parallels(self) -> bool:
        """Whether more than one book speaks to the question."""
        return len(self.passages) > 1


@dataclass(frozen=True)
class Comparison:
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]

    def column(self, column_id: str) -> Column:
        for column in self.columns:
            if column.id == column_id:
                return column
        raise KeyError(column_id)

    def by_variant(self) -> list[tuple[Column, list[tuple[Row, Cell]]]]:
        """The same cells, a section per variant."""
        return [
            (column, [(row, row.cells[i]) for row in self.rows])
            for i, column in enumerate(self.columns)
        ]

    @property
    def cells(self) -> list[Cell]:
        return [cell for row in self.rows for cell in row.cells]

    def share_citing(self) -> float:
        """The share of cells that cite a paragraph (a silent cell may cite the nearest)."""
        cells = self.cells
        return sum(cell.cites_a_paragraph for cell in cells) / len(cells)

    @cached_property
    def parallels_by_paragraph(self) -> Mapping[tuple[str, str], tuple[Row, ...]]:
        """Each paragraph with parallels, by (book, anchor): the questions it answers (worked
        out once; a rulebook's page asks for each of its paragraphs)."""
        index: dict[tuple[str, str], list[Row]] = {}
        for row in self.rows:
            if not row.has_parallels:
                continue
            for passages in row.passages:
                for citation in passages.citations:
                    index.setdefault((citation.book, citation.anchor), []).append(row)
        return {key: tuple(rows) for key, rows in index.items()}


# --------------------------------------------------------------------------- loading


def _citation(raw: object, book: str, where: str) -> Citation:
    if not isinstance(raw, str) or not raw:
        raise ComparisonError(f"{where}: a citation is an anchor or book#anchor, not {raw!r}")
    slug, _, anchor = raw.rpartition("#")
    citation = Citation(slug or book, anchor)
    if find_paragraph(citation.book, citation.anchor) is None:
        raise ComparisonError(f"{where}: {citation} is not a paragraph of the library")
    return citation


def _ruling(raw: object, where: str) -> Ruling:
    if not isinstance(raw, str) or raw not in RULINGS:
        raise ComparisonError(f"{where}: {raw!r} is not an editorial ruling")
    return RULINGS[raw]


_CELL_KEYS = {"says", "says_sv", "cite", "rulings", "silent", "na", "like"}


def _text(raw: Mapping[str, Any], key: str, language: str, where: str, default: str = "") -> str:
    """The text under ``key`` in ``language`` (English under ``key``, another language under
    ``key_<language>``); a text in English without the other language's is an error.

    >>> _text({"says": "Yes", "says_sv": "Ja"}, "says", "sv", "here")
    'Ja'
    >>> _text({"says": "Yes"}, "says", "sv", "here")
    Traceback (most recent call last):
    ...
    content.comparison.ComparisonError: here: says has no says_sv
    """
    english = str(raw.get(key, default)).strip()
    if language == "en":
        return english
    if language not in LANGUAGES:
        raise ComparisonError(f"the comparison is not written in {language!r}")
    if not english:
        return ""
    other = str(raw.get(f"{key}_{language}", "")).strip()
    if not other:
        raise ComparisonError(f"{where}: {key} has no {key}_{language}")
    return other


def _cell(
    raw: Mapping[str, Any],
    column: Column,
    columns: dict[str, Column],
    where: str,
    language: str = "en",
) -> Cell:
    unknown = set(raw) - _CELL_KEYS
    if unknown:
        raise ComparisonError(f"{where}: unknown keys {sorted(unknown)}")
    like = raw.get("like")
    if like is not None and (like not in columns or like == column.id):
        raise ComparisonError(f"{where}: like {like!r} is not another column")
    cites = tuple(_citation(c, column.book, where) for c in raw.get("cite", ()))
    named = raw.get("rulings", ())
    if column.registered is None:
        # A game still to come declares its rulings when it is registered: until then its
        # cells name them ahead, and only those already declared are shown.
        named = [r for r in named if r in RULINGS]
    rulings = tuple(_ruling(r, where) for r in named)
    silent, na = bool(raw.get("silent")), bool(raw.get("na"))
    says = _text(raw, "says", language, where)
    if like is None:
        if not says:
            raise ComparisonError(f"{where}: a cell says something or is like another")
        if not cites and not silent:
            raise ComparisonError(f"{where}: a cell cites a paragraph or says the book is silent")
    if silent and na:
        raise ComparisonError(f"{where}: a cell is silent or does not arise, not both")
    return Cell(
        column, says, cites, rulings, silent, na, columns[like] if like is not None else None
    )


def _resolved(cells: dict[str, Cell], where: str) -> dict[str, Cell]:
    """Each ``like`` cell with what it does not say itself taken from its model, and its
    family; the cells of the family of the first column agree, the others differ."""
    families: dict[str, str] = {}

    def family(column_id: str, seen: tuple[str, ...] = ()) -> str:
        if column_id in seen:
            raise ComparisonError(f"{where}: like goes round in a circle: {' > '.join(seen)}")
        cell = cells[column_id]
        return column_id if cell.like is None else family(cell.like.id, (*seen, column_id))

    for column_id in cells:
        families[column_id] = family(column_id)
    first = next(iter(cells))
    out = {}
    for column_id, cell in cells.items():
        model = cells[families[column_id]]
        if cell.like is not None and model.na:
            raise ComparisonError(f"{where}: like a question that does not arise; say na")
        # "As in" another column: its paragraphs and rulings, unless the cell names its own.
        out[column_id] = Cell(
            cell.column,
            cell.says,
            cell.cites or model.cites,
            cell.rulings or model.rulings,
            cell.silent if cell.says else model.silent,
            cell.na,
            cell.like,
            families[column_id],
            not cell.na and families[column_id] != families[first],
        )
    return out


def _example(raw: Mapping[str, Any], where: str, language: str = "en") -> Example:
    hands = raw.get("hands")
    differ = raw.get("differ")
    if not (isinstance(hands, list) and len(hands) >= 2 and all(isinstance(h, str) for h in hands)):
        raise ComparisonError(f"{where}: an example has two or more hands")
    if not (isinstance(differ, list) and len(differ) == 2):
        raise ComparisonError(f"{where}: an example names the two rule sets that differ")
    dealer = raw.get("dealer")
    note = _text(raw, "note", language, where)
    return Example(tuple(hands), dealer, (str(differ[0]), str(differ[1])), note)


def read(text: str, language: str = "en") -> Comparison:
    """The comparison from the text of a TOML file, checked (:class:`ComparisonError`), in
    ``language`` (:data:`LANGUAGES`).

    >>> text = '''
    ... [[column]]
    ... id = "peel-new"
    ... game = "peel-new"
    ... [[row]]
    ... id = "pack"
    ... question = "Which pack?"
    ... question_sv = "Vilken kortlek?"
    ... [row.cells.peel-new]
    ... says = "52 cards"
    ... says_sv = "52 kort"
    ... cite = ["packs"]
    ... '''
    >>> read(text).rows[0].cells[0].cites
    (Citation(book='peel-commerce', anchor='packs'),)
    >>> row = read(text, "sv").rows[0]
    >>> row.question, row.short, row.cells[0].says
    ('Vilken kortlek?', 'Vilken kortlek?', '52 kort')
    >>> added = text + '''
    ... [[column]]
    ... id = "peel-old"
    ... game = "peel-old"
    ... like = "peel-new"
    ... '''
    >>> cell = read(added).rows[0].cells[1]  # a column added with like: "As in" its model
    >>> cell.like.id, cell.cites
    ('peel-new', (Citation(book='peel-commerce', anchor='packs'),))
    >>> read(text.replace("packs", "nowhere"))
    Traceback (most recent call last):
    ...
    content.comparison.ComparisonError: row pack, column peel-new: peel-commerce#nowhere is not \
a paragraph of the library
    """
    data = tomllib.loads(text)
    columns: dict[str, Column] = {}
    own_cells: dict[str, dict[str, Any]] = {}
    """A column's cells given with the column (``[column.cells.<row>]``), and for the rows it
    gives none, ``like = "<column>"`` on the column: how a variant added to the registry
    joins the comparison in one block at the end of the file."""
    for raw in data.get("column", []):
        game = str(raw["game"])
        try:
            found: Game | None = get(game)
        except UnknownGame:
            found = None
        where = f"column {raw['id']}"
        label = _text(raw, "label", language, where) or (found.label if found is not None else game)
        book = raw.get("book") or (found.book if found is not None else "")
        if not book:
            raise ComparisonError(f"column {raw['id']}: a game not registered names its book")
        options = tuple((str(k), str(v)) for k, v in raw.get("options", {}).items())
        column = Column(str(raw["id"]), game, options, str(label), str(book))
        if found is not None:
            try:
                found.configure(dict(options))
            except OptionError as error:
                raise ComparisonError(f"column {column.id}: {error}") from None
        if column.id in columns:
            raise ComparisonError(f"column {column.id} is declared twice")
        columns[column.id] = column
        own_cells[column.id] = {
            **({"*": {"like": str(raw["like"])}} if "like" in raw else {}),
            **raw.get("cells", {}),
        }
    rows = []
    for raw in data.get("row", []):
        row_id = str(raw["id"])
        given = dict(raw.get("cells", {}))
        for column_id, cells_of_column in own_cells.items():
            cell = cells_of_column.get(row_id, cells_of_column.get("*"))
            if cell is not None:
                if column_id in given:
                    raise ComparisonError(f"row {row_id}, column {column_id}: two cells")
                given[column_id] = cell
        extra = set(given) - set(columns)
        if extra:
            raise ComparisonError(f"row {row_id}: cells for unknown columns {sorted(extra)}")
        cells: dict[str, Cell] = {}
        for column_id, column in columns.items():
            where = f"row {row_id}, column {column_id}"
            if column_id not in given:
                raise ComparisonError(f"{where}: no cell")
            cells[column_id] = _cell(given[column_id], column, columns, where, language)
        resolved = _resolved(cells, f"row {row_id}")
        where = f"row {row_id}"
        example = _example(raw["example"], where, language) if "example" in raw else None
        question = _text(raw, "question", language, where)
        short = _text(raw, "short", language, where) if "short" in raw else question
        rows.append(Row(row_id, question, short, tuple(resolved.values()), example))
    return Comparison(tuple(columns.values()), tuple(rows))


@cache
def load_comparison(language: str = "en") -> Comparison:
    """The comparison of ``content/comparison.toml`` in ``language`` (a page passes its own:
    ``load_comparison(get_language())``; one not written falls back to English), read and
    checked once."""
    return read(DATA.read_text(encoding="utf-8"), language if language in LANGUAGES else "en")
