"""Fixtures of the i18n tests (issue 12)."""

from collections.abc import Callable, Iterator

import pytest

from games.engine import wording
from games.engine.wording import Speaker, speak_with


@pytest.fixture
def speaking() -> Iterator[Callable[[Speaker], None]]:
    """Install a speaker for the test (``speaking(speaker)``); the one installed before (the
    site's) comes back after it."""
    before = wording._find_speaker
    yield lambda speak: speak_with(lambda: speak)
    speak_with(before)
