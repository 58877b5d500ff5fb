"""What the site writes in its log: no score sheet's token (issue 22, item 2).

Django logs every 4xx and 5xx with the request's path ("Conflict: /sheet/<token>/deals/"), and
a sheet's path holds its token, which is the right to write to it: a log read by someone else
would hand it over. :class:`HideSheetTokens`, a filter on the site's log handler, writes
``/sheet/…/`` in its place, in the message and in its arguments."""

from __future__ import annotations

import logging
import re

SHEET_TOKEN = re.compile(r"(/sheet/(?:view/)?)[A-Za-z0-9_-]{16,43}")


def hidden(text: str) -> str:
    """A text with every sheet's token replaced.

    >>> hidden("Conflict: /sv/sheet/Abcdefghijklmnop1234/deals/")
    'Conflict: /sv/sheet/…/deals/'
    >>> hidden("/sheet/view/Abcdefghijklmnop1234/print/"), hidden("/sheet/import/")
    ('/sheet/view/…/print/', '/sheet/import/')
    """
    return SHEET_TOKEN.sub(r"\1…", text)


class HideSheetTokens(logging.Filter):
    """Let every record through, each sheet's token hidden (see the module)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = hidden(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(hidden(a) if isinstance(a, str) else a for a in record.args)
        return True
