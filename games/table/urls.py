from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="index"),
    path("peel/", views.peel, name="peel"),
    path("swedish/", views.swedish, name="swedish"),
    path("compare/", views.compare, name="compare"),
    path("cox/", views.cox_page, name="cox"),
]
