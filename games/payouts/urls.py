from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="index"),
    # One calculator per registered game that has one; the view checks the slug.
    path("<slug:slug>/", views.calculator, name="calculator"),
]
