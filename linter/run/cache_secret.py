"""The secret that keys both result caches (Python scan and JSON documents).

32 random bytes kept in the user's cache directory (created 0600 on first
use, by whichever cache asks first); a per-process secret when that is not
writable.  A cache entry is trusted only when its key was made with this
secret, so a cache directory committed to a linted repository is never
believed (docs/limits.md)."""

from __future__ import annotations

import os

_SECRET: bytes | None = None


def local_secret() -> bytes:
    global _SECRET
    if _SECRET is None:
        _SECRET = _read_or_create()
    return _SECRET


def _read_or_create() -> bytes:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = os.path.join(base, "utcp-lint", "cache-secret")
    try:
        with open(path, "rb") as fh:
            s = fh.read(64)
        if len(s) >= 16:
            return s[:64]
    except OSError:
        pass
    s = os.urandom(32)
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(s)
    except FileExistsError:  # another process created it first: use theirs
        try:
            with open(path, "rb") as fh:
                s2 = fh.read(64)
            if len(s2) >= 16:
                return s2[:64]
        except OSError:
            pass
    except OSError:
        pass
    return s


# ---- where the result caches live, written through linter/core/safewrite.py -------

CACHE_DIR = ".utcp-lint-cache"
_TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# utcp-lint cache\n"
_warned: set[str] = set()


def cache_location(linter, root: str | None = None) -> tuple[str, str]:
    """The cache directory and the directory it is created in without
    following links: ``--cache-dir`` (or the configuration's ``cache-dir``,
    already checked to lie inside the project) or ``.utcp-lint-cache`` in the
    working directory."""
    d = getattr(linter, "cache_dir", None) or os.path.join(root or os.getcwd(), CACHE_DIR)
    return d, getattr(linter, "cache_root", None) or os.path.dirname(d)


def prepare_cache_dir(directory: str, within: str) -> None:
    """Create the cache directory with its ``CACHEDIR.TAG`` and ``.gitignore``
    (issue 28: a checkout may commit them as symbolic links; the write is
    refused with :class:`~utcp_lint.core.safewrite.UnsafeWrite`)."""
    from ..core.safewrite import write_file

    tag = os.path.join(directory, "CACHEDIR.TAG")
    if os.path.isfile(tag) and not os.path.islink(tag):
        return
    write_file(tag, _TAG, within=within, make_dirs=True, mode=0o644, durable=False)
    write_file(os.path.join(directory, ".gitignore"), "*\n", within=within, make_dirs=True, mode=0o644, durable=False)


def warn_cache_refused(err: OSError) -> None:
    """One line on stderr, once per reason: the cache is skipped, the run goes on."""
    import sys

    msg = f"utcp-lint: warning: result cache not written: {err}"
    if msg not in _warned:
        _warned.add(msg)
        sys.stderr.write(msg + "\n")
