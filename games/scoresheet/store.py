"""A sheet in the database: the entries a page shows with the running states around them,
and changes written under a lock held only for the write.

Reading never replays the evening: the accounts come from the last entry's stored state
and a window of the latest entries (:data:`WINDOW`) is computed from the state before it.
A state that is missing or of an older ledger revision is recomputed from the last good
one and stored (:func:`heal`). Writing is two steps: everything is computed from what was
read (:func:`ledger.step` from the stored state, or from the changed entry on for an edit,
an undo or a restore), then :func:`commit` locks the game row, checks that its version is
still the one read, and writes -- so the lock is held for a few inserts, never for the
engine or a page. When the version moved meanwhile, :class:`Stale` says so and the view
answers as for any form filled in against an older sheet.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from . import ledger
from .ledger import Entry, EntryError
from .models import Change, Deal, Game, Player

WINDOW = 20
"""How many of the latest entries a page shows in the grid; older ones are a link away."""
DETAIL = 10
"""How many of them it shows in full, with the hands and who paid whom and why."""


class Stale(Exception):  # noqa: N818 -- a state of the sheet, not a failure
    """The sheet changed between reading it and locking it."""


class Duplicate(Exception):  # noqa: N818
    """The change's key was used before: the form was sent twice."""


@dataclass
class Window:
    """A sheet as a page shows it: the specification, the accounts after the last entry,
    and a run of consecutive entries with the state before the first of them."""

    game: Game
    spec: ledger.Spec
    sheet: ledger.Sheet
    deals: list[Deal]
    start: ledger.Running
    states: list[ledger.Running]
    broken: EntryError | None = None
    broken_position: int | None = None
    older: bool = False
    newer: bool = False
    detail: int = DETAIL
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def entries(self) -> int:
        """Entries in the whole sheet."""
        return self.sheet.state.index

    @property
    def detailed(self) -> list[Deal]:
        """The entries shown in full: the last :attr:`detail` of the window."""
        return self.deals[max(len(self.deals) - self.detail, 0) :]

    @property
    def first_detailed_position(self) -> int | None:
        return self.detailed[0].position if self.detailed else None

    @cached_property
    def rows(self) -> list[tuple[ledger.Row, Deal]]:
        """The entries shown in full, computed (each one step from the state before it)."""
        out = []
        skip = len(self.deals) - len(self.detailed)
        state = self.start if skip == 0 or skip > len(self.states) else self.states[skip - 1]
        for deal in self.detailed:
            try:
                state, row = ledger.step(self.spec, state, deal.entry())
            except EntryError:
                break
            out.append((row, deal))
        return out

    def row_of(self, deal: Deal) -> ledger.Row | None:
        """The row of ``deal``, one of the entries shown in full: one step from the stored
        state before it when every state of the window is stored, else from :attr:`rows`
        (None: the engine no longer accepts it)."""
        stored = self.broken is None and len(self.states) == len(self.deals)
        if stored and "rows" not in self.__dict__:
            at = next(i for i, shown in enumerate(self.deals) if shown is deal)
            before = self.states[at - 1] if at else self.start
            try:
                return ledger.step(self.spec, before, deal.entry())[1]
            except EntryError:
                return None
        return next((row for row, shown in self.rows if shown is deal), None)

    @property
    def first_position(self) -> int | None:
        return self.deals[0].position if self.deals else None

    @property
    def last_position(self) -> int | None:
        return self.deals[-1].position if self.deals else None


def spec_of(game: Game) -> ledger.Spec:
    return game.spec(list(game.players.order_by("seat").values_list("name", "late")))


def load(
    game: Game,
    *,
    before: int | None = None,
    after: int | None = None,
    size: int = WINDOW,
    spec: ledger.Spec | None = None,
) -> Window:
    """The latest ``size`` entries (or those just before position ``before``, or just
    after ``after``) with the states around them; the accounts after the last entry."""
    spec = spec if spec is not None else spec_of(game)
    window = _load(game, spec, before, after, size)
    if window is not None:
        return window
    deals, states, broken, position = heal(game, spec)
    if broken is None:
        window = _load(game, spec, before, after, size)
        if window is not None:
            return window
    return _in_memory(game, spec, deals, states, broken, position, before, after, size)


_FIELDS = ("id", "position", "kind", "data", "state", "stamp")


def _load(
    game: Game,
    spec: ledger.Spec,
    before: int | None,
    after: int | None,
    size: int,
) -> Window | None:
    deals = Deal.objects.filter(game=game).only(*_FIELDS)
    newer = older = False
    if after is not None:
        chunk = list(deals.filter(position__gte=after).order_by("position")[: size + 1])
        newer = len(chunk) > size
        chunk = chunk[:size]
        previous = deals.filter(position__lt=after).order_by("-position").first()
        older = previous is not None
        window = chunk
    else:
        query = deals.order_by("-position")
        if before is not None:
            query = query.filter(position__lt=before)
        chunk = list(query[: size + 1])
        chunk.reverse()
        older = len(chunk) > size
        previous = chunk[0] if older else None
        window = chunk[1:] if older else chunk
        newer = before is not None and deals.filter(position__gte=before).exists()
    start = ledger.initial(spec) if previous is None else ledger.load_state(spec, previous.state)
    states = [ledger.load_state(spec, d.state) for d in window]
    if start is None or any(s is None for s in states):
        return None
    if newer:
        last_deal = deals.order_by("-position").first()
        assert last_deal is not None
        last = ledger.load_state(spec, last_deal.state)
        if last is None:
            return None
    else:
        last = states[-1] if states else start
    sheet = ledger.summarise(spec, last)  # type: ignore[arg-type]
    return Window(game, spec, sheet, window, start, states, older=older, newer=newer)  # type: ignore[arg-type]


def heal(
    game: Game, spec: ledger.Spec
) -> tuple[list[Deal], list[ledger.Running | None], EntryError | None, int | None]:
    """Recompute every state from the first missing or outdated one, and store them. Returns
    every entry with its state, and the error and position of an entry the engine no
    longer accepts (its state and those after it stay empty)."""
    seen = Game.objects.filter(pk=game.pk).values_list("version", flat=True).first()
    deals = list(Deal.objects.filter(game=game).only(*_FIELDS).order_by("position"))
    states: list[ledger.Running | None] = []
    state = ledger.initial(spec)
    changed: list[Deal] = []
    broken: EntryError | None = None
    position: int | None = None
    for deal in deals:
        loaded = None if changed or broken else ledger.load_state(spec, deal.state)
        if loaded is not None:
            state = loaded
            states.append(state)
            continue
        if broken is None:
            try:
                state, row = ledger.step(spec, state, deal.entry())
            except EntryError as error:
                broken, position = error, deal.position
            else:
                deal.state = ledger.dump_state(state, row)
                states.append(state)
                changed.append(deal)
                continue
        deal.state = None
        states.append(None)
        changed.append(deal)
    if changed and seen is not None:
        # If someone wrote meanwhile, his change stored its own states.
        with contextlib.suppress(Stale):
            commit(game, seen, lambda locked: Deal.objects.bulk_update(changed, ["state"]))
    return deals, states, broken, position


def _in_memory(
    game: Game,
    spec: ledger.Spec,
    deals: list[Deal],
    states: list[ledger.Running | None],
    broken: EntryError | None,
    position: int | None,
    before: int | None,
    after: int | None,
    size: int,
) -> Window:
    """The window from states computed in memory: when an entry the engine no longer
    accepts stops the accounts before it (the window then ends with it, so it can be
    edited or undone), or when the states could not be stored."""
    good = [s for s in states if s is not None]
    last = good[-1] if good else ledger.initial(spec)
    end = len(deals) if broken is None else states.index(None) + 1
    shown = list(range(end))
    if before is not None:
        shown = [i for i in shown if deals[i].position < before]
    elif after is not None:
        shown = [i for i in shown if deals[i].position >= after][:size]
    picked = shown[-size:] if after is None else shown
    first = picked[0] if picked else end
    start = (
        states[first - 1] if first > 0 and states[first - 1] is not None else ledger.initial(spec)
    )
    window_states = [s for s in (states[i] for i in picked) if s is not None]
    return Window(
        game,
        spec,
        ledger.summarise(spec, last),
        [deals[i] for i in picked],
        start,  # type: ignore[arg-type]
        window_states,
        broken,
        position,
        older=first > 0,
        newer=bool(picked) and picked[-1] < end - 1,
    )


# --- Writing ------------------------------------------------------------------------------------


def commit(game: Game, seen: int, write: Callable[[Game], object]) -> Game:
    """Lock the game row, check it is still at version ``seen``, and ``write`` (inside the
    transaction, with the locked row). Raises :class:`Stale` or :class:`Duplicate`."""
    try:
        with transaction.atomic():
            locked = Game.objects.select_for_update().filter(pk=game.pk).first()
            if locked is None or locked.version != seen:
                raise Stale
            write(locked)
    except IntegrityError:
        raise Duplicate from None
    return locked


def version_of(token: str, spectator: bool) -> int | None:
    """The version of the sheet with this link, in one small query (a poll's question)."""
    column = "view_token" if spectator else "token"
    found = Game.objects.filter(**{column: token}).values_list("version", flat=True)
    return found.first()


def append(
    game: Game,
    seen: int,
    deal: Deal,
    key: str,
    action: str,
    *,
    before_write: Callable[[Game], object] | None = None,
) -> Game:
    """Write ``deal`` after the last entry of the sheet read at version ``seen`` (``game``
    as read then): what recording costs is what the one entry costs. One UPDATE checks the
    version and moves it on (on PostgreSQL it takes the row's lock, on SQLite the
    transaction began with the write lock: a concurrent writer finds the version moved and
    gets :class:`Stale`), then the entry and the change's key are inserted; the key used
    before raises :class:`Duplicate` and nothing is written. The position is the one after
    ``game.last_position``: it moves only with the version, so it is still the last one
    given when the version is. Returns ``game`` with its new version."""
    version, position = seen + 1, game.last_position + 1
    read = game.version, game.last_position, game.updated_at
    now = timezone.now()
    try:
        with transaction.atomic():
            moved = Game.objects.filter(pk=game.pk, version=seen).update(
                version=version, last_position=position, updated_at=now
            )
            if moved != 1:
                raise Stale
            game.version, game.last_position, game.updated_at = version, position, now
            if before_write is not None:
                before_write(game)
            deal.game, deal.position, deal.stamp = game, position, version
            deal.save(force_insert=True)
            Change.objects.create(
                game=game, key=key, action=action, version=version, detail=_told(deal)
            )
    except IntegrityError:
        game.version, game.last_position, game.updated_at = read
        raise Duplicate from None
    except Stale:
        game.version, game.last_position, game.updated_at = read
        raise
    return game


def _told(deal: Deal) -> dict[str, Any]:
    """What a change that appends ``deal`` keeps of it for the sheet's history: its
    position, and its number (a deal) or its player (a horse, a seat)."""
    detail: dict[str, Any] = {"position": deal.position}
    if deal.kind == "deal" and isinstance(deal.state, dict) and "n" in deal.state:
        detail["number"] = deal.state["n"]
    elif "player" in deal.data:
        detail["player"] = deal.data["player"]
    return detail


def bump(game: Game, key: str, action: str, **detail: Any) -> None:
    """Count the change and keep its key; the unique key refuses a second copy."""
    game.version += 1
    game.save(update_fields=["version", "last_position", "finished_at", "updated_at"])
    Change.objects.create(game=game, key=key, action=action, version=game.version, detail=detail)


def only_recorded_since(game: Game, version: int) -> bool:
    """Whether every change since ``version`` recorded a deal at the end of the sheet (none
    edited, undid, restored, seated or finished anything): a change of an earlier entry,
    drawn against ``version``, still means what it meant (one query on the changes' index)."""
    later = Change.objects.filter(game=game, version__gt=version)
    return not later.exclude(action="record").exists()


def already_done(game: Game, key: str) -> bool:
    return bool(key) and Change.objects.filter(game=game, key=key).exists()


def _latest(game: Game, size: int) -> list[Deal]:
    """The latest ``size`` + 1 entries' stored states, oldest first (one bounded query)."""
    stored = list(Deal.objects.filter(game=game).only("state").order_by("-position")[: size + 1])
    stored.reverse()
    return stored


def states_of(spec: ledger.Spec, stored: list[Deal], size: int = WINDOW) -> list[ledger.Running]:
    """The accounts before the latest ``size`` of ``stored`` and after each (the whole
    evening starts from nothing); [] if one state is missing (the page's window heals it)."""
    states = [ledger.load_state(spec, d.state) for d in stored[-(size + 1) :]]
    if any(s is None for s in states):
        return []
    if len(stored) <= size:
        states.insert(0, ledger.initial(spec))
    return [s for s in states if s is not None]


def recent_states(game: Game, spec: ledger.Spec, size: int = WINDOW) -> list[ledger.Running]:
    """The accounts before the latest ``size`` entries and after each, from their stored
    states alone (the chart of the evening: its cost does not grow with the evening)."""
    return states_of(spec, _latest(game, size), size)


def tail_state(game: Game, spec: ledger.Spec) -> tuple[ledger.Running, ledger.Sheet]:
    """The state after the last entry (recomputed if it is not stored) and its summary."""
    state, sheet, _ = tail(game, spec)
    return state, sheet


def tail(
    game: Game, spec: ledger.Spec, size: int = 0
) -> tuple[ledger.Running, ledger.Sheet, list[Deal]]:
    """:func:`tail_state`, with the latest ``size`` + 1 entries' stored states read by the
    same one query (a deal recorded answers with the chart of the latest deals)."""
    stored = _latest(game, size)
    last = stored[-1] if stored else None
    state = ledger.initial(spec) if last is None else ledger.load_state(spec, last.state)
    if state is None:
        window = load(game, size=0, spec=spec)
        return window.sheet.state, window.sheet, []
    return state, ledger.summarise(spec, state), stored


@dataclass
class Recomputed:
    """The entries from a changed one on whose stored state changes, with their new states:
    what an edit, an undo or a restore writes (an entry left as it was is not among them)."""

    deals: list[Deal]
    error: EntryError | None = None
    stepped: int = 0
    """How many entries were taken through the engine (the others were moved)."""
    read_to: int | None = None
    """The position of the last entry read (None: none was)."""
    moved_by: ledger.Offset | None = None
    """How the entries after those taken through the engine moved (None: none was moved)."""
    last: ledger.Running | None = None
    """The state after the last entry, when every entry was taken through the engine."""


def recompute(
    game: Game,
    spec: ledger.Spec,
    at: int,
    change: Callable[[list[Deal]], list[Deal]],
) -> Recomputed:
    """Read the entries from position ``at`` on and the state before them, apply
    ``change`` to that list (replace, remove or insert an entry), and compute the states
    of the changed list. ``error`` is the engine's objection (its ``index`` counted in the
    changed sheet).

    Only what must is computed: an entry the change left as it was, reached with the state
    it had before but for the accounts and the counts (the game's steps only add to them,
    ``Keeper.additive``), is not taken through the engine again, nor any after it: their
    stored states move by the same amounts (:func:`ledger.moved`), and none at all when
    those are nothing. All of it happens before :func:`commit`, outside the transaction."""
    deals = Deal.objects.filter(game=game).only(*_FIELDS)
    previous = deals.filter(position__lt=at).order_by("-position").first()
    state = ledger.initial(spec) if previous is None else ledger.load_state(spec, previous.state)
    if state is None:
        every, states, _, _ = heal(game, spec)
        earlier = [st for d, st in zip(every, states, strict=True) if d.position < at]
        if not earlier or earlier[-1] is None:
            return Recomputed([], EntryError(None, "an earlier entry can no longer be settled"))
        state = earlier[-1]
    read = list(deals.filter(position__gte=at).order_by("position"))
    # What each entry was before the change: its data, its stored state and the one before.
    was = {
        deal.pk: (deal.data, deal.state, read[i - 1].state if i else None)
        for i, deal in enumerate(read)
    }
    start = state
    later = change(list(read))
    read_to = read[-1].position if read else None
    for k, deal in enumerate(later):
        if spec.kept.additive and deal.pk in was and deal.data is was[deal.pk][0]:
            stored_before = was[deal.pk][2]
            old = start if stored_before is None else ledger.load_state(spec, stored_before)
            by = None if old is None else ledger.offset(old, state)
            if by is not None:
                rest = _moved(spec, later[k:], [was[d.pk][1] for d in later[k:]], by)
                if rest is not None:
                    return Recomputed(later[:k] + rest, stepped=k, read_to=read_to, moved_by=by)
        try:
            state, row = ledger.step(spec, state, deal.entry())
        except EntryError as error:
            return Recomputed(later, error, k)
        deal.state = ledger.dump_state(state, row)
    return Recomputed(later, stepped=len(later), read_to=read_to, last=state)


def recorded_after(game: Game, spec: ledger.Spec, done: Recomputed) -> Recomputed | None:
    """``done`` followed by the entries recorded after the last it read (deals the other
    phones recorded while it was computed): moved as the entries before them were, or taken
    through the engine from its last state; reads only those entries. None when it cannot
    tell (an error, nothing read): :func:`recompute` again."""
    if done.error is not None or done.read_to is None:
        return None
    new = list(
        Deal.objects.filter(game=game, position__gt=done.read_to)
        .only(*_FIELDS)
        .order_by("position")
    )
    read_to = new[-1].position if new else done.read_to
    if done.moved_by is not None:
        rest = _moved(spec, new, [d.state for d in new], done.moved_by)
        if rest is None:
            return None
        return replace(done, deals=done.deals + rest, read_to=read_to)
    state = done.last
    if state is None:
        return None
    for deal in new:
        try:
            state, row = ledger.step(spec, state, deal.entry())
        except EntryError:
            return None
        deal.state = ledger.dump_state(state, row)
    stepped = done.stepped + len(new)
    return replace(done, deals=done.deals + new, stepped=stepped, read_to=read_to, last=state)


def _moved(
    spec: ledger.Spec, deals: list[Deal], stored: list[Any], by: ledger.Offset
) -> list[Deal] | None:
    """``deals`` with their ``stored`` states moved by ``by`` ([] when that is nothing);
    None when one cannot be read (they are then computed)."""
    if not any(by.totals) and not by.entries and not by.deals:
        return []
    for deal, data in zip(deals, stored, strict=True):
        state = ledger.moved(spec, data, by)
        if state is None:
            return None
        deal.state = state
    return deals


def save_states(deals: Iterable[Deal], version: int) -> None:
    """Store recomputed states (inside :func:`commit`): one statement run for each entry,
    not one statement for all of them (Django's ``bulk_update`` builds a ``CASE`` of every
    row, which the database takes far longer to read than it takes to write them)."""
    changed = list(deals)
    if not changed:
        return
    field = Deal._meta.get_field("state")
    quote = connection.ops.quote_name
    sql = (
        f"UPDATE {quote(Deal._meta.db_table)} SET {quote('state')} = %s, "
        f"{quote('stamp')} = %s WHERE {quote('id')} = %s"
    )
    params = []
    for deal in changed:
        deal.stamp = version
        params.append((field.get_db_prep_save(deal.state, connection), version, deal.pk))
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)


def create(
    spec: ledger.Spec,
    title: str,
    entries: Sequence[Entry],
    action: str,
    key: str,
    finished: bool = False,
) -> Game:
    """A new sheet with its players and entries; every state is computed before the
    transaction opens."""
    state = ledger.initial(spec)
    deals = []
    for i, entry in enumerate(entries):
        state, row = ledger.step(spec, state, entry)
        deals.append(
            Deal(
                position=i + 1,
                kind=entry.kind,
                data=dict(entry.data),
                state=ledger.dump_state(state, row),
                stamp=1,
            )
        )
    with transaction.atomic():
        game = Game.objects.create(
            rules=spec.rules,
            title=title,
            options=dict(spec.options),
            stake=str(spec.stake) if spec.stake is not None else "",
            finished_at=timezone.now() if finished else None,
            version=1,
            last_position=len(deals),
        )
        Player.objects.bulk_create(
            Player(game=game, seat=i, name=name, late=i in spec.late)
            for i, name in enumerate(spec.players)
        )
        for deal in deals:
            deal.game = game
        Deal.objects.bulk_create(deals, batch_size=500)
        Change.objects.create(game=game, key=key, action=action, version=1)
    return game
