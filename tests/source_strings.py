"""The strings in a module's code, for tests that check no variant's name is spelled out."""

import ast


def code_strings(source: str) -> list[str]:
    """Every string in a module's code, docstrings aside.

    >>> code_strings("'Doc.'\\nX = 'peel-new'\\ndef f():\\n    'doc'\\n    return 'x'\\n")
    ['peel-new', 'x']
    """
    tree = ast.parse(source)
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]
