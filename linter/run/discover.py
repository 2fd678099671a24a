"""Discovery: command-line paths -> :class:`Target` files to lint.

Directories are walked (sorted, symlinks and special files skipped, one
entry per inode); a path that cannot be used becomes a :class:`FileError`
in the result, never an exception.  Inside a git work tree, what git ignores
(``.gitignore`` files from the top level down, ``.git/info/exclude``) is not
walked (:class:`GitIgnore`, ``--no-respect-gitignore`` turns it off); files
named on the command line are linted anyway unless ``force_exclude``.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from typing import Any

from ..core.fieldwise import record, record_eq, record_repr
from ..core.findings import FileError
from .result import RunResult, safe_path

EMPTY_DIR_MESSAGE = "no UTCP JSON or Python files found in directory"
SKIP_DIRS = {
    ".git",
    ".hg",
    ".svn",
    "node_modules",
    "__pycache__",
    ".venv",
    "venv",
    ".tox",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    ".utcp-lint-cache",
    "site-packages",
}


@record(slots=True)
class Target:
    """A file to lint: where it is, how findings name it, whether the command line named it."""

    path: str  # filesystem path
    display: str  # path as shown in findings
    explicit: bool  # named on the command line (vs found by walking)
    encoding: str | None = None  # a Python file's source codec, once read

    def __init__(self, path: str, display: str, explicit: bool, encoding: str | None = None) -> None:
        self.path = path
        self.display = display
        self.explicit = explicit
        self.encoding = encoding

    __repr__ = record_repr
    __eq__ = record_eq


def display_path(p: str, cwd: str | None = None) -> str:
    """Path as shown in findings: relative to the working directory when inside it.

    Relative paths only need normalising (no getcwd per file: a directory walk
    of thousands of files called ``os.path.relpath`` for each, 0.35 s warm).
    """
    if not os.path.isabs(p):
        return os.path.normpath(p)
    try:
        rel = os.path.relpath(p, cwd or os.getcwd())
    except ValueError:
        return p
    return p if rel.startswith("..") else rel


class GitIgnore:
    """What git ignores, with git's own pattern semantics (``pathspec``'s
    ``GitIgnoreSpec``; docs/design.md says why): the ``.gitignore`` of every
    directory from the work tree's top level (the nearest directory holding
    ``.git``) down to the file, deeper files deciding last, plus
    ``.git/info/exclude``.  Outside a git work tree nothing is ignored, as for git."""

    MAX_BYTES = 1 << 20

    def __init__(self) -> None:
        self._spec: dict[str, Any] = {}  # directory -> its compiled patterns (None: none)
        self._top: dict[str, str | None] = {}  # directory -> work tree top level
        self._abs: dict[str, str] = {}  # a directory as walked -> its absolute path

    def _toplevel(self, d: str) -> str | None:
        if d in self._top:
            return self._top[d]
        parent = os.path.dirname(d)
        if os.path.exists(os.path.join(d, ".git")):
            top: str | None = d
        elif parent == d:
            top = None
        else:
            top = self._toplevel(parent)
        self._top[d] = top
        return top

    def _load(self, d: str, top: str):
        if d in self._spec:
            return self._spec[d]
        lines: list[str] = []
        files = [os.path.join(d, ".gitignore")]
        if d == top:
            files.insert(0, os.path.join(d, ".git", "info", "exclude"))
        for fn in files:
            try:
                with open(fn, "rb") as f:
                    lines += f.read(self.MAX_BYTES).decode("utf-8", "replace").splitlines()
            except OSError:  # absent, a directory, unreadable: no patterns
                continue
        spec = None
        if any(ln.strip() and not ln.startswith("#") for ln in lines):
            import pathspec

            spec = pathspec.GitIgnoreSpec.from_lines(lines)
        self._spec[d] = spec
        return spec

    def _dir_of(self, path: str) -> tuple[str, str]:
        """(absolute path, its directory) of ``path``; the directory's absolute
        path is made once per directory (``os.path.abspath`` calls ``getcwd``:
        once per walked file cost a warm run over 1,000 files ~3 ms, issue 25)."""
        head, tail = os.path.split(path)
        if not tail or tail in (".", "..") or not head:
            absp = os.path.abspath(path)
            return absp, os.path.dirname(absp)
        d = self._abs.get(head)
        if d is None:
            d = self._abs[head] = os.path.abspath(head)
        return os.path.join(d, tail), d

    def ignored(self, path: str, is_dir: bool = False) -> bool:
        absp, d = self._dir_of(path)
        top = self._toplevel(d)
        if top is None:
            return False
        chain = []
        while True:
            chain.append(d)
            if d == top:
                break
            nd = os.path.dirname(d)
            if nd == d:
                break
            d = nd
        verdict = False
        for base in reversed(chain):
            spec = self._load(base, top)
            if spec is None:
                continue
            rel = os.path.relpath(absp, base).replace(os.sep, "/") + ("/" if is_dir else "")
            r = spec.check_file(rel)
            if r.include is not None:
                verdict = r.include
        return verdict


def discover(
    paths: Iterable[str],
    result: RunResult,
    include_python: bool = True,
    exclude: Iterable[str] = (),
    explicit: bool = True,
    stdin_filename: str | None = None,
    exclude_base: str | None = None,
    cli_exclude: Iterable[str] = (),
    respect_gitignore: bool = False,
    force_exclude: bool = False,
    walked: list[str] | None = None,
) -> list[Target]:
    """Expand files and directories; bad paths become errors, not exceptions.

    ``exclude`` patterns (the configuration's) are relative to ``exclude_base``,
    ``cli_exclude`` ones (``--exclude``/``--extend-exclude``) to the working
    directory; both also match the file name alone."""
    import fnmatch

    excl = list(exclude)
    cexcl = list(cli_exclude)
    out: list[Target] = []
    seen: set = set()
    git = GitIgnore() if respect_gitignore else None

    cwd = os.getcwd()  # once per run, not once per walked file

    def shown(p: str) -> str:
        return display_path(p, cwd)

    def excluded(p: str, dp: str | None = None, is_dir: bool = False) -> bool:
        if git is not None and git.ignored(p, is_dir):
            return True
        if not excl and not cexcl:
            return False
        dp = shown(p) if dp is None else dp
        base = os.path.basename(os.path.normpath(p))
        if any(fnmatch.fnmatch(dp, pat) or fnmatch.fnmatch(base, pat) for pat in cexcl):
            return True
        if not excl:
            return False
        if exclude_base:  # patterns are relative to the config file's directory
            from .config import relative_to

            dp = relative_to(p, exclude_base, cwd)
        return any(fnmatch.fnmatch(dp, pat) or fnmatch.fnmatch(base, pat) for pat in excl)

    for p in paths:
        if p == "-":
            out.append(Target("-", stdin_filename or "<stdin>", True))
            continue
        try:
            st = os.stat(p)
        except FileNotFoundError:
            result.errors.append(FileError(safe_path(p), "no such file or directory"))
            continue
        except OSError as e:
            result.errors.append(FileError(safe_path(p), f"cannot access: {e.strerror or e}"))
            continue
        if stat.S_ISDIR(st.st_mode):
            before = len(out)
            if force_exclude and excluded(p, is_dir=True):
                continue

            def walk_error(err: OSError, _result=result, p=p):
                # a directory we cannot list must not pass silently as "clean"
                where = err.filename if isinstance(err.filename, str) else p
                _result.errors.append(
                    FileError(safe_path(shown(where)), f"cannot read directory: {err.strerror or err}")
                )

            for dirpath, dirnames, filenames in os.walk(p, followlinks=False, onerror=walk_error):
                if walked is not None:
                    walked.append(dirpath)
                dirnames[:] = sorted(
                    d
                    for d in dirnames
                    if d not in SKIP_DIRS
                    and not d.startswith(".")
                    and not excluded(os.path.join(dirpath, d), is_dir=True)
                )
                for fn in sorted(filenames):
                    fp = os.path.join(dirpath, fn)
                    low = fn.lower()
                    if not (low.endswith(".json") or (include_python and low.endswith(".py"))):
                        continue
                    dp = shown(fp)
                    if excluded(fp, dp):
                        continue
                    try:
                        lst = os.lstat(fp)
                    except OSError:
                        continue
                    if not stat.S_ISREG(lst.st_mode):
                        # symlinks, FIFOs, devices found by walking are skipped
                        continue
                    key = (lst.st_dev, lst.st_ino)
                    if key in seen:
                        continue
                    seen.add(key)
                    out.append(Target(fp, dp, False))
            if len(out) == before:
                result.errors.append(FileError(safe_path(p), EMPTY_DIR_MESSAGE))
        elif stat.S_ISREG(st.st_mode):
            # explicit=False (--skip-non-utcp): a named file is treated like one
            # found by walking: excluded by pattern, skipped when not UTCP
            if (not explicit or force_exclude) and excluded(p):
                continue
            key = (st.st_dev, st.st_ino)
            if key not in seen:
                seen.add(key)
                out.append(Target(p, shown(p), explicit))
        else:
            result.errors.append(FileError(safe_path(p), "not a regular file (FIFO, device or socket); skipped"))
    return out


def is_python(target: Target) -> bool:
    """A ``.py`` file; input read from ``-`` is Python when ``--stdin-filename`` ends in ``.py``."""
    name = target.display if target.path == "-" else target.path
    return name.lower().endswith(".py")
