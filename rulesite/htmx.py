"""The request as the site's views receive it, for type checking."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware (in ``MIDDLEWARE``) leaves it: ``htmx`` says
    whether htmx sent it. Only an annotation (django-htmx's suggestion): no request is made
    of this class."""

    htmx: HtmxDetails
