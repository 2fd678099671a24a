"""Pinned manuals: ``utcp-lint lock`` and ``--locked`` (rug-pull detection).

The lock file (default ``utcp-lint.lock``, JSON, keys sorted, two-space
indent, one trailing newline) records, per manual and per tool, the tool's
security-relevant definition and its SHA-256 fingerprint::

    {
      "lock_version": 1,
      "manuals": {
        "manuals/git.json": {
          "tools": {
            "git_log": {
              "definition": {"description": "...", "inputs": {...}, "tool_call_template": {...}},
              "sha256": "..."
            }
          }
        }
      }
    }

* Manual keys are paths relative to the lock file's directory, with ``/``.
* The definition is what decides what the tool does and what the model is
  told: ``description``, ``inputs`` and ``tool_call_template``.  It is
  normalised as canonical JSON (keys sorted, no insignificant whitespace):
  re-indenting or reordering keys of a manual does not change a fingerprint,
  any change of a value does (a command, a URL, a header, ``env_vars``,
  ``inherit_env_vars``, a schema, a description).
* The definition itself is stored (not only its hash) so that ``--locked``
  can show *what* changed and the lock file's diff in a pull request is
  readable on its own.

``--locked`` compares every linted manual with the lock: UL650 (new tool),
UL651 (changed tool, with a diff), UL652 (tool removed; a whole manual whose
file is gone is reported in the lock file).  Workflow: docs/lock.md.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..document.jsonpos import Node

LOCK_VERSION = 1
DEFAULT_LOCK = "utcp-lint.lock"
FIELDS = ("description", "inputs", "tool_call_template")
MAX_LOCK_BYTES = 50 * 1024 * 1024


class LockError(ValueError):
    pass


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def definition(tool: dict) -> dict:
    """The security-relevant definition of one tool (a plain dict from JSON)."""
    return {k: tool[k] for k in FIELDS if k in tool}


def fingerprint(defn: dict) -> str:
    return hashlib.sha256(canonical(defn).encode("utf-8", "surrogatepass")).hexdigest()


def manual_tools(tools: Iterable[tuple[str | None, Node]]) -> dict[str, dict]:
    """name -> definition for every named tool of a manual/tool document,
    given as (name, node) pairs in document order (last duplicate wins, as the
    runtime's tool repository keeps it)."""
    from ..document.jsonpos import to_python

    out: dict[str, dict] = {}
    for name, node in tools:
        if not name or node.kind != "object":
            continue
        out[name] = definition(to_python(node))
    return out


class LockFile:
    def __init__(self, path: str, data: dict | None = None):
        self.path = os.path.abspath(path)
        self.dir = os.path.dirname(self.path)
        self.data: dict[str, Any] = data if data is not None else {"lock_version": LOCK_VERSION, "manuals": {}}
        self.seen: set = set()  # manual keys compared during this run

    # ---- paths -------------------------------------------------------------
    def key_for(self, path: str) -> str:
        rel = os.path.relpath(os.path.abspath(path), self.dir)
        return rel.replace(os.sep, "/")

    def manuals(self) -> dict[str, Any]:
        manuals: dict[str, Any] = self.data.get("manuals", {})
        return manuals

    def entry(self, path: str) -> dict | None:
        return self.manuals().get(self.key_for(path))

    def tool_names(self) -> set:
        names: set[str] = set()
        for m in self.manuals().values():
            names.update((m.get("tools") or {}).keys())
        return names

    # ---- load / save -------------------------------------------------------
    @classmethod
    def load(cls, path: str) -> LockFile:
        try:
            # a hostile repository can make the lock a FIFO or a device: never block, never read unbounded
            import stat

            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(fd, "rb") as f:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    raise LockError(f"{path}: lock file is not a regular file")
                raw = f.read(MAX_LOCK_BYTES + 1)
        except FileNotFoundError:
            raise LockError(f"{path}: lock file not found; create it with 'utcp-lint lock PATH...'") from None
        except OSError as e:
            raise LockError(f"{path}: cannot read lock file: {e.strerror or e}") from None
        if len(raw) > MAX_LOCK_BYTES:
            raise LockError(f"{path}: lock file larger than {MAX_LOCK_BYTES // 2**20} MiB")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise LockError(f"{path}: lock file is not UTF-8 (byte offset {e.start})") from None
        from ..document.jsonpos import JSONPosError, LineIndex, parse, to_python

        try:
            data = to_python(parse(text))
        except JSONPosError as e:
            line, col = LineIndex(text).position(min(e.offset, len(text)))
            raise LockError(f"{path}:{line}:{col}: invalid lock file: {e.message}") from None
        if (
            not isinstance(data, dict)
            or data.get("lock_version") != LOCK_VERSION
            or not isinstance(data.get("manuals"), dict)
            or not all(isinstance(m, dict) and isinstance(m.get("tools", {}), dict) for m in data["manuals"].values())
        ):
            raise LockError(f"{path}: not a utcp-lint lock file (lock_version {LOCK_VERSION} with 'manuals')")
        lf = cls(path, data)
        lf.text = text  # type: ignore[attr-defined]
        return lf

    def add_manual(self, path: str, tools: dict[str, dict]) -> None:
        self.manuals()[self.key_for(path)] = {
            "tools": {name: {"definition": d, "sha256": fingerprint(d)} for name, d in tools.items()}
        }

    def dumps(self) -> str:
        """The lock as JSON text, readable (non-ASCII characters as they are) unless a
        definition holds a lone surrogate (valid JSON, ``"\\ud800"``, but no UTF-8
        file can hold it): then every non-ASCII character is escaped, which reads back
        to the same strings."""
        text = json.dumps(self.data, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = json.dumps(self.data, sort_keys=True, indent=2, ensure_ascii=True) + "\n"
        return text

    def save(self) -> None:
        """Write the lock through :mod:`utcp_lint.core.safewrite` (a committed
        ``utcp-lint.lock`` or temporary file that is a symbolic link is
        refused; issue 28)."""
        from ..core.safewrite import write_file

        write_file(self.path, self.dumps(), newline="\n", mode=0o644)


# ---------------------------------------------------------------------------
# comparing
# ---------------------------------------------------------------------------


def _leaves(value: Any, ptr: str = "") -> dict[str, Any]:
    """JSON pointer -> scalar (or empty container) for every leaf of ``value``."""
    out: dict[str, Any] = {}
    stack = [(ptr, value)]
    while stack:
        p, v = stack.pop()
        if isinstance(v, dict) and v:
            for k, c in v.items():
                stack.append((p + "/" + str(k).replace("~", "~0").replace("/", "~1"), c))
        elif isinstance(v, list) and v:
            for i, c in enumerate(v):
                stack.append((f"{p}/{i}", c))
        else:
            out[p] = v
    return out


def _short(v: Any, limit: int = 120) -> str:
    s = v if isinstance(v, str) else canonical(v)
    from ..modeltext.hidden import show

    s = show(s, limit)
    return f"'{s}'" if isinstance(v, str) else s


def _str_change(a: str, b: str, ctx: int = 24) -> str:
    """'old' -> 'new' showing only the changed middle with some context."""
    from ..modeltext.hidden import show

    if len(a) + len(b) <= 160:
        return f"'{show(a, 200)}' -> '{show(b, 200)}'"
    p = 0
    while p < min(len(a), len(b)) and a[p] == b[p]:
        p += 1
    q = 0
    while q < min(len(a), len(b)) - p and a[-1 - q] == b[-1 - q]:
        q += 1
    lo = max(0, p - ctx)

    def cut(x):
        hi = min(len(x), len(x) - q + ctx)
        return ("..." if lo > 0 else "") + show(x[lo:hi], 160) + ("..." if hi < len(x) else "")

    return f"'{cut(a)}' -> '{cut(b)}'"


def diff(old: dict, new: dict) -> list[tuple[str, str]]:
    """(pointer relative to the tool, readable change) for every changed leaf, in pointer order."""
    a, b = _leaves(old), _leaves(new)
    out = []
    for p in sorted(set(a) | set(b)):
        if p in a and p in b:
            if canonical(a[p]) != canonical(b[p]):
                if isinstance(a[p], str) and isinstance(b[p], str):
                    out.append((p, f"{p}: {_str_change(a[p], b[p])}"))
                else:
                    out.append((p, f"{p}: {_short(a[p])} -> {_short(b[p])}"))
        elif p in b:
            out.append((p, f"{p} added: {_short(b[p])}"))
        else:
            out.append((p, f"{p} removed (was {_short(a[p])})"))
    return out


@dataclass(frozen=True)
class LockComparison:
    """One manual compared with the lock (``doc.lock_comparison``; UL650-UL652)."""

    new: list[str]  # tools the lock does not list (every tool when the manual is not locked)
    changed: list[tuple[str, list[tuple[str, str]]]]  # (tool, :func:`diff` of its definition)
    removed: list[tuple[str, dict]]  # (tool, its locked definition): locked, no longer defined
    manual_was_locked: bool


def compare(lock: LockFile, path: str, current: dict[str, dict]) -> LockComparison:
    """The tools ``current`` (:func:`manual_tools`) of the manual at ``path``
    against the lock; marks the manual as seen (a locked manual never seen is
    reported as gone)."""
    key = lock.key_for(path)
    lock.seen.add(key)
    entry = lock.manuals().get(key)
    locked = (entry or {}).get("tools", {}) if entry is not None else None
    new: list[str] = []
    changed: list[tuple[str, list[tuple[str, str]]]] = []
    removed: list[tuple[str, dict]] = []
    if locked is None:
        return LockComparison(list(current), [], [], False)
    for name, d in current.items():
        old = locked.get(name)
        if old is None:
            new.append(name)
        elif fingerprint(d) != old.get("sha256") or canonical(d) != canonical(old.get("definition", {})):
            changed.append((name, diff(old.get("definition", {}), d)))
    for name in locked:
        if name not in current:
            removed.append((name, locked[name].get("definition", {})))
    return LockComparison(new, changed, removed, True)


__all__ = [
    "LockFile",
    "LockError",
    "DEFAULT_LOCK",
    "definition",
    "fingerprint",
    "manual_tools",
    "diff",
    "compare",
    "LockComparison",
]
