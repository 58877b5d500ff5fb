from django.apps import AppConfig


class ScoresheetConfig(AppConfig):
    name = "games.scoresheet"
    label = "scoresheet"
    verbose_name = "Score sheets"
