"""The Swedish catalogue is complete: every words the site and the engine mark for translation
(as ``makemessages`` finds them today) has a Swedish translation, none is fuzzy or empty, and
each keeps the placeholders of its English (a lost ``{who}`` would drop a player from a
sentence; ``msgfmt --check-format`` checks the same for compilation)."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "locale" / "sv" / "LC_MESSAGES" / "django.po"
BRACES = re.compile(r"(?<!\{)\{(\w*)\}(?!\})")
PERCENT = re.compile(r"%\((\w+)\)[sd]")

needs_gettext = pytest.mark.skipif(
    shutil.which("xgettext") is None or shutil.which("msgfmt") is None,
    reason="GNU gettext is missing: `make test` installs it",
)


def entries() -> list[polib.POEntry]:
    return [entry for entry in polib.pofile(str(CATALOGUE)) if not entry.obsolete]


def translations(entry: polib.POEntry) -> list[str]:
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def placeholders(text: str) -> set[str]:
    return set(BRACES.findall(text)) | set(PERCENT.findall(text))


def test_no_entry_is_fuzzy_or_empty():
    missing = [
        entry.msgid
        for entry in entries()
        if "fuzzy" in entry.flags or not all(text.strip() for text in translations(entry))
    ]
    assert not missing, f"{len(missing)} words without a Swedish translation: {missing[:10]}"


def test_each_translation_keeps_the_placeholders_of_its_english():
    differ = [
        (entry.msgid, text)
        for entry in entries()
        for text in translations(entry)
        if placeholders(text) != placeholders(entry.msgid)
        and placeholders(text) != placeholders(entry.msgid_plural or entry.msgid)
    ]
    assert not differ, differ[:5]


@needs_gettext
def test_the_catalogue_compiles_with_its_formats_checked(tmp_path):
    subprocess.run(
        ["msgfmt", "--check-format", "-o", str(tmp_path / "django.mo"), str(CATALOGUE)],
        check=True,
        capture_output=True,
    )


@needs_gettext
def test_makemessages_finds_nothing_the_catalogue_does_not_translate(tmp_path):
    """Run the project's own ``makemessages`` over a view of the project without its
    ``locale`` (into a private folder), and look each word it finds up in the catalogue."""
    project = tmp_path / "project"
    project.mkdir()
    for item in ROOT.iterdir():
        if item.name not in {"locale", ".git", ".venv", "node_modules", "staticfiles"}:
            (project / item.name).symlink_to(item)
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "found_settings.py").write_text(
        f"from rulesite.settings import *\nLOCALE_PATHS = [{str(out)!r}]\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}",
        "DJANGO_SETTINGS_MODULE": "found_settings",
    }
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "sv", "--symlinks"],
        cwd=project,
        env=env,
        check=True,
        capture_output=True,
    )
    known = {
        (entry.msgctxt, entry.msgid)
        for entry in entries()
        if "fuzzy" not in entry.flags and all(t.strip() for t in translations(entry))
    }
    found = polib.pofile(str(out / "sv" / "LC_MESSAGES" / "django.po"))
    assert len(found) > 0, "makemessages found the site's words"
    untranslated = [e.msgid for e in found if (e.msgctxt, e.msgid) not in known]
    assert not untranslated, (
        f"{len(untranslated)} words have no Swedish (run `python manage.py makemessages -l sv`"
        f" and translate them in {CATALOGUE.relative_to(ROOT)}): {untranslated[:10]}"
    )
