from django.urls import path

from . import hands, views

urlpatterns = [
    path("", views.index, name="index"),
    path("compare/", hands.compare, name="compare"),
    # One page per registered game, by its slug; the view checks it against the registry
    # (a name the game was known by redirects there, anything else is a 404).
    path("<slug:slug>/", views.game_page, name="game"),
]
