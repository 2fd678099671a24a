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
