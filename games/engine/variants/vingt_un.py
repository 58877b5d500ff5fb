"""VingtUn registered: the engine is games/engine/vingt_un.py."""

from games.engine.games import register
from games.engine.vingt_un import VingtUn

register(VingtUn())
