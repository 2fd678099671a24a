"""Lazy function imports for rule modules.

The registry imports every rule module to learn ids and metadata; a rule must
not drag its engine (tree-sitter, the verify sandbox, the PowerShell lexer, the
declarations inference) into every run.  ``name = lazy("utcp_lint.x", "name")``
binds a proxy that imports the module on first call, so a run pays only for
the engines whose rules actually execute (see docs/performance.md).
"""
from __future__ import annotations

import importlib
from typing import Any, Callable


def lazy(module: str, attr: str) -> Callable[..., Any]:
    target: list = []

    def proxy(*args, **kwargs):
        if not target:
            target.append(getattr(importlib.import_module(module), attr))
        return target[0](*args, **kwargs)

    proxy.__name__ = attr
    proxy.__qualname__ = attr
    proxy.__doc__ = f"lazy proxy for {module}.{attr}"
    return proxy
