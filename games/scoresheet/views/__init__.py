"""The score sheet's views, by what they serve: :mod:`.pages` (start, from the table, the
sheet, its poll), :mod:`.deals` (recording and editing a deal), :mod:`.history` (undo,
restore), :mod:`.seats` (a horse, players joining and leaving, finishing), :mod:`.exports`
(CSV, JSON, import, print); :mod:`.context` is what the sheet's template draws and
:mod:`.answers` how the views answer. Every answer is rendered by a template, with its own
CSRF token and form keys."""
