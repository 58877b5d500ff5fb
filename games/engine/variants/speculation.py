"""Speculation registered: the engine is games/engine/speculation.py."""

from games.engine.games import register
from games.engine.speculation import Speculation

register(Speculation())
