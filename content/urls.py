from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("library/", views.index, name="library"),
    path("library/compare/", views.comparison, name="comparison"),
    path("library/parallels/", views.parallels, name="parallels"),
    path("library/<slug:slug>/", views.book, name="book"),
    path("glossary/", views.glossary, name="glossary"),
    path("search/", views.search_view, name="search"),
]
