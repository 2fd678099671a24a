"""The public entry points of a lint run, for embedders and tests.

The orchestration lives in :mod:`utcp_lint.run` (discovery, reading, the
JSON document and Python source handlers, rule running with failure
containment, cache, parallelism); this module only re-exports its public
names.  Nothing inside the package imports it.
"""

from __future__ import annotations

from .run.discover import EMPTY_DIR_MESSAGE, SKIP_DIRS, Target, discover, display_path
from .run.linter import Linter
from .run.read import MAX_FILE_BYTES, read_text
from .run.result import RunResult, exit_code

__all__ = [
    "EMPTY_DIR_MESSAGE",
    "SKIP_DIRS",
    "MAX_FILE_BYTES",
    "Target",
    "RunResult",
    "Linter",
    "discover",
    "display_path",
    "read_text",
    "exit_code",
]
