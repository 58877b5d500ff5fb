from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="index"),
    # One page per registered game by its slug (a rule set's options in the query string);
    # the view checks the slug against the registry.
    path("<slug:slug>/", views.game_page, name="game"),
]
