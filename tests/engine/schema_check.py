"""The JSON Schema check the games' tests share: the ``jsonschema`` package's validator for
Draft 2020-12, the dialect of OpenAPI 3.1 in which the API publishes the games' schemas.

A full validator rather than a small reader of the keywords a schema happens to use: a
keyword the reader did not know would pass silently, and the schema itself is checked
against the meta-schema too (a misspelt type or a pattern that does not compile fails).
"""

from typing import Any

from jsonschema import Draft202012Validator

__all__ = ["conforms", "problems"]


def _for(schema: dict[str, Any]) -> Draft202012Validator:
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def problems(value: Any, schema: dict[str, Any]) -> str:
    """Why ``value`` does not fit ``schema`` (each error on a line, with its path), or ""."""
    errors = sorted(_for(schema).iter_errors(value), key=lambda e: list(map(str, e.path)))
    return "\n".join(f"{e.json_path}: {e.message}" for e in errors)


def conforms(value: Any, schema: dict[str, Any]) -> bool:
    """Whether ``value`` fits ``schema`` (which must itself be a valid schema)."""
    return not problems(value, schema)
