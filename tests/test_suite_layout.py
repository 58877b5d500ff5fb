"""The suite's directories are packages, so any of them can be collected together.

Without an ``__init__.py`` pytest imports a directory's modules by their bare names:
every ``conftest.py`` is the module ``conftest``, and ``--doctest-modules`` collecting
``tests/scoresheet`` after ``tests/i18n`` found the other's ``conftest`` ("import file
mismatch"), though plain ``pytest`` happened to collect them in an order that worked.
"""

import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def test_every_directory_of_test_modules_is_a_package():
    bare = [
        str(folder.relative_to(ROOT))
        for folder in [TESTS, *TESTS.rglob("*")]
        if folder.is_dir()
        and "__pycache__" not in folder.parts
        and any(folder.glob("*.py"))
        and not (folder / "__init__.py").is_file()
    ]
    assert bare == []


def test_two_directories_conftests_are_collected_together():
    """The conftests of two directories, in the order that failed (each is a module for
    ``--doctest-modules``); a second or so."""
    collected = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:randomly",
            "tests/scoresheet/conftest.py",
            "tests/i18n/conftest.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert collected.returncode in (0, 5), collected.stdout[-2000:]  # 5: no tests in them
    assert "mismatch" not in collected.stdout
