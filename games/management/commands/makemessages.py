"""``makemessages`` as the site needs it: the engine's marked words found too, our own files
only, locations by file (so that moving a line does not rewrite the catalogue).

The engine marks the words it writes with ``N_`` and builds nested words with ``said`` and
``said_n`` (:mod:`games.engine.wording`); xgettext knows none of these names by itself.
Run ``python manage.py makemessages -l sv`` after changing any words, then translate what it
added to ``locale/sv/LC_MESSAGES/django.po`` (``tests/test_translations.py`` fails until
every entry is translated).
"""

from typing import Any

from django.core.management.commands import makemessages

NOT_OURS = [".venv", "node_modules", "staticfiles", "bench", "tests", "htmlcov", ".git"]


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=N_",
        "--keyword=said",
        "--keyword=said_n:1,2",
    ]

    def handle(self, *args: Any, **options: Any) -> None:
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *NOT_OURS]
        options.setdefault("add_location", "file")
        if options.get("add_location") is None:
            options["add_location"] = "file"
        super().handle(*args, **options)
