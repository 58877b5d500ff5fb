"""The stencils kept (games/stencil.py): at most ``_KEPT_MOST``, the least recently asked
going first, so a visitor walking every shape of every page drops the shapes nobody asks
for and keeps the one every tap reads."""

from django.test import RequestFactory

from games import stencil


def _asked(shape: str) -> stencil.Stencil:
    request = RequestFactory().get("/table/peel-new/")
    return stencil.stencil("table/copy_link.html", request, (shape,), lambda: {})


def test_the_least_recently_asked_stencil_goes_first(monkeypatch):
    monkeypatch.setattr(stencil, "_KEPT", type(stencil._KEPT)())
    monkeypatch.setattr(stencil, "_KEPT_MOST", 2)
    tapped = _asked("tapped")
    _asked("walked 1")
    assert _asked("tapped") is tapped  # asked again: kept, and now the most recent
    _asked("walked 2")  # one too many: the least recently asked goes
    assert len(stencil._KEPT) == 2
    assert _asked("tapped") is tapped
    assert [key[-1] for key in stencil._KEPT] == ["walked 2", "tapped"]
