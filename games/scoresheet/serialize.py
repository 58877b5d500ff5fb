"""A sheet as a file: JSON export and import (the inputs, which recompute the accounts) and
a CSV of the accounts for a spreadsheet.

The JSON keeps what the sheet stores -- rule set, players, stake, options, the deals'
inputs -- plus the totals, which an import checks against its own recomputation, so a
file edited by hand into something inconsistent is refused with the reason.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import ledger
from .ledger import Entry, EntryError, Sheet, Spec, SpecError, format_amount

FORMAT = "rulesite-scoresheet"
FORMAT_VERSION = 1
MAX_ENTRIES = 2000
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


def export_dict(title: str, finished: bool, spec: Spec, sheet: Sheet) -> dict[str, Any]:
    """The sheet as a JSON-able object (no tokens: a file may be shared freely)."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "title": title,
        "rules": spec.rules,
        "rules_label": spec.rule_set.label,
        "players": list(spec.players),
        "stake": str(spec.stake) if spec.stake is not None else None,
        "options": dict(spec.options),
        "finished": finished,
        "entries": [{"kind": row.entry.kind, **row.entry.data} for row in sheet.rows],
        "totals": {
            name: str(total) for name, total in zip(spec.players, sheet.totals, strict=True)
        },
    }


def export_json(title: str, finished: bool, spec: Spec, sheet: Sheet) -> str:
    return json.dumps(export_dict(title, finished, spec, sheet), ensure_ascii=False, indent=2)


def _require(obj: dict[str, Any], name: str, kind: type | tuple[type, ...], what: str) -> Any:
    if name not in obj:
        raise ImportError_(f"{name}: missing; the file needs {what}")
    value = obj[name]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ImportError_(f"{name}: must be {what}, not {json.dumps(value)[:60]}")
    return value


def import_sheet(text: str) -> Imported:
    """Read and check an exported sheet; every deal is replayed through the engine.

    >>> import_sheet('{"format": "x"}')
    Traceback (most recent call last):
    ...
    games.scoresheet.serialize.ImportError_: format: this is not a rulesite score sheet (format 'x')
    """
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as error:
        raise ImportError_(
            f"the file is not JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise ImportError_("the file is not JSON a sheet could be: it nests too deeply") from None
    if not isinstance(obj, dict):
        raise ImportError_("the file must hold one JSON object, the sheet")
    if obj.get("format") != FORMAT:
        raise ImportError_(
            f"format: this is not a rulesite score sheet (format {obj.get('format')!r})"
        )
    version = obj.get("format_version")
    if version != FORMAT_VERSION:
        raise ImportError_(
            f"format_version: this site reads version {FORMAT_VERSION}, not {version!r}"
        )
    title = obj.get("title", "")
    if not isinstance(title, str) or len(title) > 80:
        raise ImportError_("title: must be text of at most 80 characters")
    finished = obj.get("finished", False)
    if not isinstance(finished, bool):
        raise ImportError_("finished: must be true or false")
    rules = _require(obj, "rules", str, f"a rule set ({', '.join(ledger.RULE_SETS)})")
    players = _require(obj, "players", list, "a list of the players' names")
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise ImportError_("options: must be an object of house-rule options")
    unknown = set(options) - set(ledger.RULE_SETS.get(rules, ledger.RULE_SETS["peel-new"]).options)
    if rules in ledger.RULE_SETS and unknown:
        raise ImportError_(
            f"options: {', '.join(sorted(unknown))} "
            f"{'is' if len(unknown) == 1 else 'are'} not an option of "
            f"{ledger.RULE_SETS[rules].label}"
        )
    stake = obj.get("stake")
    try:
        spec = ledger.make_spec(rules, players, "" if stake is None else stake, options)
    except SpecError as error:
        where = (
            error.field
            if error.field in ("rules", "players", "stake")
            else f"options.{error.field}"
        )
        raise ImportError_(f"{where}: {error.message}") from None
    if len(spec.players) != len(players):
        raise ImportError_("players: a name is empty")
    raw_entries = _require(obj, "entries", list, "a list of the deals")
    if len(raw_entries) > MAX_ENTRIES:
        raise ImportError_(f"entries: more than {MAX_ENTRIES} deals is not an evening")
    entries: list[Entry] = []
    for i, raw in enumerate(raw_entries):
        if not isinstance(raw, dict):
            raise ImportError_(f"entries[{i}]: must be an object (a deal)")
        kind = raw.get("kind", "deal")
        data = {k: v for k, v in raw.items() if k != "kind"}
        try:
            entries.append(Entry(kind, ledger.clean_entry(spec, kind, data)))
        except EntryError as error:
            where = f" ({error.field})" if error.field else ""
            raise ImportError_(f"entries[{i}]{where}: {error.message}") from None
    try:
        sheet = ledger.compute(spec, entries)
    except EntryError as error:
        where = f" ({error.field})" if error.field else ""
        raise ImportError_(f"entries[{error.index}]{where}: {error.message}") from None
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
    return Imported(spec, title, finished, entries, sheet)


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


def csv_rows(title: str, spec: Spec, sheet: Sheet) -> list[list[str]]:
    """The accounts as a table: one row per deal, each player's result and running total."""
    cox = spec.rules == "cox"
    pool = spec.rules == "pool"
    head = ["Deal", "Dealer" if not cox else "Retailer", "Winners"]
    for name in spec.players:
        head += [f"{name}: hand", f"{name}: {'score' if cox else 'net'}", f"{name}: total"]
        if spec.rule_set.bought:
            head.insert(len(head) - 2, f"{name}: bought")
        if pool:
            head.append(f"{name}: counters")
    if pool:
        head.append("Pool")
    rows = [head]
    for row in sheet.rows:
        label = str(row.number) if row.number is not None else "horse"
        dealer = spec.players[row.dealer] if row.dealer is not None else ""
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
                    else (f"place {hand.place} {hand.category}".strip() if hand.place else "")
                )
                if cox:
                    shown = " ".join(hand.cards) + f" (base {hand.base})"
            cells = [shown, csv_amount(row.net[seat]), csv_amount(row.totals[seat])]
            if spec.rule_set.bought:
                bought = row.entry.data.get("bought", [0] * spec.n)[seat]
                cells.insert(1, str(bought))
            if pool:
                cells.append(str(row.counters[seat]) if row.counters else "")
            line += cells
        if pool:
            line.append(csv_amount(row.pool))
        rows.append(line)
    rows.append([])
    rows.append(
        ["Total", "", ", ".join(spec.players[w] for w in sheet.winners)]
        + [
            cell
            for seat in range(spec.n)
            for cell in (
                [""] * (2 if spec.rule_set.bought else 1)
                + ["", csv_amount(sheet.totals[seat])]
                + ([str(sheet.counters[seat])] if pool and sheet.counters else [])
            )
        ]
        + ([csv_amount(sheet.pool)] if pool else [])
    )
    return rows
