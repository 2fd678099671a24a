"""Every file utcp-lint writes goes through linter/core/safewrite.py (issue 28).

A guard over the package's source (stdlib ``ast``): an ``open`` for writing,
``os.replace``/``rename``, ``write_text``/``write_bytes``, ``mkstemp`` or an
``os.open`` with write flags anywhere else fails this test, so a new writer
cannot bypass the symlink, hard-link and atomicity rules.  The exceptions write
only into directories utcp-lint made itself (the verify sandbox's private root,
``--jobs``' mkdtemp folder) or the user's own cache secret (``O_EXCL``).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {
    "linter/core/safewrite.py": "the one write path",
    "linter/run/cache_secret.py": "~/.cache/utcp-lint/cache-secret, created O_CREAT|O_EXCL (never through a link)",
    "linter/run/parallel.py": "result pickles inside its own mkdtemp folder (0700)",
}
ALLOWED_DIRS = ("linter/executor/",)  # the sandbox's private root and work dirs (design/executor.md)
WRITE_FLAGS = {"O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "O_APPEND"}
WRITE_CALLS = {
    "replace",
    "rename",
    "renames",
    "write_text",
    "write_bytes",
    "mkstemp",
    "move",
    "copyfile",
    "copy",
    "copy2",
}


def _mode(call: ast.Call, pos: int) -> str | None:
    node = call.args[pos] if len(call.args) > pos else next((k.value for k in call.keywords if k.arg == "mode"), None)
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _writes(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if name in ("open", "fdopen"):
            if isinstance(f, ast.Attribute) and f.attr == "open" and getattr(f.value, "id", "") == "os":
                if node.args and isinstance(node.args[0], ast.Attribute) and node.args[0].attr == "devnull":
                    continue  # stdout redirected to /dev/null after a closed pipe (cli.py)
                flags = {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)} | {
                    n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                }
                if flags & WRITE_FLAGS:
                    lines.append(node.lineno)
                continue
            mode = _mode(node, 1)
            if mode and any(c in mode for c in "wax+"):
                lines.append(node.lineno)
        elif name in WRITE_CALLS and isinstance(f, ast.Attribute):
            owner = getattr(f.value, "id", "")
            if name in ("write_text", "write_bytes") or owner in ("os", "shutil", "tempfile"):
                lines.append(node.lineno)
    return sorted(lines)


def test_no_file_is_written_outside_safewrite():
    offenders = []
    for p in sorted(list((ROOT / "linter").rglob("*.py")) + list((ROOT / "rules").rglob("*.py"))):
        rel = p.relative_to(ROOT).as_posix()
        if rel in ALLOWED or rel.startswith(ALLOWED_DIRS):
            continue
        for line in _writes(ast.parse(p.read_text(encoding="utf-8"))):
            offenders.append(f"{rel}:{line}")
    assert not offenders, "write through linter/core/safewrite.py instead: " + ", ".join(offenders)


def test_the_guard_sees_each_kind_of_write():
    src = """
import os, shutil, tempfile
open(p, "w")
open(p, mode="ab")
os.fdopen(fd, "wb")
os.open(p, os.O_WRONLY | os.O_CREAT)
os.replace(a, b)
Path(p).write_text("x")
tempfile.mkstemp()
shutil.move(a, b)
open(p)
open(p, "rb")
os.open(p, os.O_RDONLY | os.O_NONBLOCK)
os.open(os.devnull, os.O_WRONLY)
"""
    assert _writes(ast.parse(src)) == list(range(3, 11))
