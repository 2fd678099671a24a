"""Orchestration: one path from command-line paths to findings.

Imports go one way, top to bottom (tests/test_import_cycles.py)::

    linter.py     Linter: the run's settings and lint_paths()
    cache.py      content-hash result cache for JSON documents
    python.py     handler: Python files -> utcp_lint.pyscan
    document.py   handler: one JSON document -> DocumentContext -> rules
    parallel.py   forked workers: many files, or one large document's templates
    rules.py      running rules: needs, budget, failure containment
    read.py       one file -> text, or a FileError (never raises)
    discover.py   paths -> Targets (walk, exclude, skip)
    result.py     RunResult, FileError wording, exit codes

A module here never imports one above it; ``utcp_lint.pyscan`` (the Python
handler's engine) imports ``rules``/``read``/``result``, never ``linter``.
``utcp_lint.engine`` re-exports the public names for embedders.
"""

from __future__ import annotations
