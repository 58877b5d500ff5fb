"""``manage.py prune_sheets [--days N] [--dry-run]``: remove the score sheets nobody has changed
for N days (``SHEET_RETENTION_DAYS``, 365 by default), with their players, deals and changes.

Run it daily (cron, a systemd timer); a sheet's links stop working once it is removed, so the
retention is stated in the README and on the sheet's page.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from games.scoresheet.models import Game


class Command(BaseCommand):
    help = "Remove score sheets nobody has changed for N days (SHEET_RETENTION_DAYS)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days",
            type=int,
            default=None,
            help="Keep sheets changed in the last N days (default: SHEET_RETENTION_DAYS).",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Count the sheets, remove nothing."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        days = options["days"]
        if days is None:
            days = int(getattr(settings, "SHEET_RETENTION_DAYS", 365))
        if days < 1:
            raise CommandError("--days must be at least 1")
        cutoff = timezone.now() - timedelta(days=days)
        old = Game.objects.filter(updated_at__lt=cutoff)
        count = old.count()
        if options["dry_run"]:
            self.stdout.write(f"{count} sheet(s) unchanged for {days} days would be removed.")
            return
        old.delete()
        self.stdout.write(f"Removed {count} sheet(s) unchanged for {days} days.")
