"""Score sheets for a whole evening: games, players and deals, stored in the database.

A sheet stores what the table did, and beside each entry the ledger's running state after
it (:func:`games.scoresheet.ledger.dump_state`): recording a deal is one step from the last
state, and a page shows the accounts without replaying the evening. The states are a cache
of the deals: each is recomputed when it is missing or of an older ledger revision, and
from an edited, undone or restored deal on. ``Game.version`` counts the changes, so a
phone can ask cheaply whether anything happened and a form recorded against an older
version is caught; ``Change`` keeps every change's idempotency key, so a form sent twice
is recorded once.
"""

from __future__ import annotations

import hashlib
import secrets
from fractions import Fraction

from django.db import models

from games.engine.games import get

from . import ledger

TOKEN_BYTES = 16  # secrets.token_urlsafe(16): 22 characters, 128 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    """What is kept of a replaced link: its token's SHA-256, enough to recognise it."""
    return hashlib.sha256(token.encode()).hexdigest()


class Game(models.Model):
    """One evening's sheet. ``token`` is the link to record deals, ``view_token`` the
    read-only link for spectators; neither can be guessed from the other."""

    token = models.CharField(max_length=43, unique=True, default=new_token, editable=False)
    view_token = models.CharField(max_length=43, unique=True, default=new_token, editable=False)
    title = models.CharField(max_length=80, blank=True)
    rules = models.CharField(
        max_length=ledger.MAX_SLUG,
        choices=ledger.game_choices,
        help_text="The game's slug in the registry of games (games.engine.games).",
    )
    stake = models.CharField(
        max_length=40,
        blank=True,
        help_text="The value of a stake or chip, an exact fraction as text.",
    )
    options = models.JSONField(default=dict, blank=True)
    version = models.PositiveIntegerField(default=0)
    last_position = models.PositiveIntegerField(
        default=0, help_text="The last position given to an entry: positions are never reused."
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.title or f"{self.get_rules_display()} ({self.created_at:%Y-%m-%d})"

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def entry_word(self) -> str:
        """What one entry of the sheet's game is called: ``deal``, or ``hand`` (counted)."""
        return "hand" if ledger.keeping(get(self.rules)) == ledger.COUNTED else "deal"

    def spec(self, players: list[tuple[str, bool]] | None = None) -> ledger.Spec:
        """The sheet's specification for the ledger (players in seating order, each name with
        whether the player joined late)."""
        if players is None:
            players = list(self.players.order_by("seat").values_list("name", "late"))
        return ledger.Spec(
            self.rules,
            tuple(name for name, _ in players),
            Fraction(self.stake) if self.stake else None,
            dict(self.options),
            frozenset(seat for seat, (_, late) in enumerate(players) if late),
        )


class Player(models.Model):
    """A player in his seat: seats are numbered clockwise from 0, as the engine counts."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=ledger.MAX_NAME)
    late = models.BooleanField(default=False, help_text="Joined the table after the start.")

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="scoresheet_player_seat"),
        ]

    def __str__(self) -> str:
        return self.name


class Deal(models.Model):
    """A recorded entry -- a deal, a horse bought (Pool Commerce), a player joining or
    leaving -- with the ledger's running state after it.

    ``position`` orders the entries; an undone entry is deleted and the others keep their
    positions, and a position is never given twice (``Game.last_position``), so an undone
    deal can be restored to its place. ``state`` is None until computed; ``stamp`` is the
    sheet's version when the data or the state was last written (a page fragment showing
    the entry is cached under it).
    """

    KINDS = [("deal", "deal"), ("horse", "horse"), ("join", "join"), ("leave", "leave")]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="deals")
    position = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=KINDS, default="deal")
    data = models.JSONField()
    state = models.JSONField(null=True, blank=True)
    stamp = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="scoresheet_deal_position"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.position} of {self.game_id}"

    def entry(self) -> ledger.Entry:
        return ledger.Entry(self.kind, self.data)  # type: ignore[arg-type]


class Change(models.Model):
    """Every change made to a sheet, by the idempotency key of the form that made it.

    The unique key makes a form sent twice (a double tap, a retried request) count once.
    """

    ACTIONS = [
        (a, a)
        for a in (
            "start",
            "record",
            "edit",
            "undo",
            "redo",
            "horse",
            "join",
            "leave",
            "finish",
            "reopen",
            "import",
            "link",
        )
    ]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    key = models.CharField(max_length=64)
    action = models.CharField(max_length=8, choices=ACTIONS)
    version = models.PositiveIntegerField(help_text="The sheet's version after the change.")
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "version"]
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="scoresheet_change_key"),
        ]
        # A sheet's changes since a version (a poll), its latest (a 409's words), its last
        # undo (the page's "Redo"): each found by an index, at the 300th deal as at the 10th.
        indexes = [
            models.Index(fields=["game", "version"], name="scoresheet_change_version"),
            models.Index(fields=["game", "action", "version"], name="scoresheet_change_action"),
        ]

    def __str__(self) -> str:
        return f"{self.action} → v{self.version}"


class ReplacedLink(models.Model):
    """A sheet's link that its keeper replaced (a leaked link revoked): it answers 410 with
    words saying so, not a bare 404. Only the old token's digest is kept."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="replaced_links")
    digest = models.CharField(max_length=64, unique=True)
    spectator = models.BooleanField(help_text="The read-only link (else the scorers').")
    replaced_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{'read-only' if self.spectator else 'scorers'} link of {self.game_id}"
