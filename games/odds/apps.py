from django.apps import AppConfig


class OddsConfig(AppConfig):
    """The odds pages: no models, only views over :mod:`games.engine.odds`."""

    name = "games.odds"
    label = "odds"
