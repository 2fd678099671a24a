"""Reading and removing a directory that an untrusted program wrote (the sandbox's
run directory), without ever following a symlink, blocking on a FIFO or reading
without bound.

Every path is opened relative to a directory descriptor, one component at a
time, with ``O_NOFOLLOW``; files are opened ``O_NONBLOCK`` and accepted only
when ``fstat`` on the open descriptor says "regular file"; reads are capped.
Cleanup never follows a link and never changes a mode outside the tree it
removes (``fchmod`` on a descriptor opened with ``O_NOFOLLOW | O_DIRECTORY``).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_FILE_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_NOCTTY", 0)
)

MAX_ENTRIES = 20000  # names read from one directory


def open_dir(path: str, dir_fd: int | None = None) -> int | None:
    """Open directory ``path`` (relative to ``dir_fd``) without following links; None if not a dir.

    ``path`` may have several components; each is opened with ``O_NOFOLLOW``.
    An absolute ``path`` without ``dir_fd`` trusts its leading components only up
    to the last one (the caller's own directory).
    """
    parts = [p for p in path.split("/") if p not in ("", ".")]
    if ".." in parts:
        return None
    if dir_fd is None:
        if not path.startswith("/"):
            return None
        base, last = os.path.dirname(path.rstrip("/")), os.path.basename(path.rstrip("/"))
        try:
            fd = os.open(base or "/", os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return None
        parts = [last] if last else []
    else:
        try:
            fd = os.dup(dir_fd)
        except OSError:
            return None
    for p in parts:
        try:
            nfd = os.open(p, _DIR_FLAGS, dir_fd=fd)
        except OSError:
            os.close(fd)
            return None
        os.close(fd)
        fd = nfd
    return fd


def read_file(dir_fd: int, name: str, cap: int) -> bytes | None:
    """Up to ``cap`` bytes of regular file ``name`` in ``dir_fd``; None for anything else."""
    if "/" in name or name in ("", ".", ".."):
        return None
    try:
        fd = os.open(name, _FILE_FLAGS, dir_fd=dir_fd)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        out = bytearray()
        while len(out) < cap:
            try:
                chunk = os.read(fd, min(1 << 20, cap - len(out)))
            except BlockingIOError:
                break
            if not chunk:
                break
            out += chunk
        return bytes(out)
    except OSError:
        return None
    finally:
        os.close(fd)


def list_dir(dir_fd: int, limit: int = MAX_ENTRIES) -> list[str]:
    """At most ``limit`` names of ``dir_fd`` (sorted), never following anything."""
    names: list[str] = []
    try:
        with os.scandir(dir_fd) as it:
            for e in it:
                names.append(e.name)
                if len(names) >= limit:
                    break
    except OSError:
        return []
    return sorted(names)


def walk_files(dir_fd: int, limit: int = MAX_ENTRIES, depth: int = 32) -> list[str]:
    """Relative paths of the non-directory entries below ``dir_fd`` (links not followed)."""
    out: list[str] = []
    _walk(dir_fd, "", depth, out, limit)
    return sorted(out)


def _walk(fd: int, prefix: str, d: int, out: list[str], limit: int) -> None:
    # a module function, not a closure calling itself (a reference cycle per call)
    try:
        entries = list(_scan(fd, limit - len(out)))
    except OSError:
        return
    for name, is_dir in entries:
        if len(out) >= limit:
            return
        if is_dir and d > 0:
            sub = open_dir(name, fd)
            if sub is not None:
                try:
                    _walk(sub, prefix + name + "/", d - 1, out, limit)
                finally:
                    os.close(sub)
        elif not is_dir:
            out.append(prefix + name)


def _scan(fd: int, limit: int) -> Iterator[tuple[str, bool]]:
    n = 0
    with os.scandir(fd) as it:
        for e in it:
            try:
                is_dir = e.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            yield e.name, is_dir
            n += 1
            if n >= limit:
                return


def rmtree(path: str) -> None:
    """Remove ``path`` and everything below it; never follows a link, never chmods outside it.

    Directories the sandbox made unwritable are made writable through a
    descriptor opened with ``O_NOFOLLOW | O_DIRECTORY``, so a symlink planted in
    the tree can neither be followed nor have its target's mode changed.
    """
    try:
        st = os.lstat(path)
    except OSError:
        return
    if not stat.S_ISDIR(st.st_mode):
        try:
            os.unlink(path)
        except OSError:
            pass
        return
    parent = open_dir(os.path.dirname(path.rstrip("/")) or "/")
    if parent is None:
        return
    try:
        _rm_entry(parent, os.path.basename(path.rstrip("/")), 64)
    finally:
        os.close(parent)


def _rm_entry(parent_fd: int, name: str, depth: int) -> None:
    try:
        os.unlink(name, dir_fd=parent_fd)
        return
    except IsADirectoryError:
        pass
    except PermissionError:
        _make_writable(parent_fd)
        try:
            os.unlink(name, dir_fd=parent_fd)
            return
        except OSError:
            pass
    except OSError:
        pass
    fd = open_dir(name, parent_fd)
    if fd is None:
        _make_writable(parent_fd)
        fd = open_dir(name, parent_fd)
        if fd is None:
            return
    try:
        _make_writable(fd)
        if depth > 0:
            for child, _is_dir in list(_scan(fd, 1 << 30)):
                _rm_entry(fd, child, depth - 1)
    except OSError:
        pass
    finally:
        os.close(fd)
    try:
        os.rmdir(name, dir_fd=parent_fd)
    except OSError:
        pass


def _make_writable(dir_fd: int) -> None:
    try:
        mode = os.fstat(dir_fd).st_mode
        if stat.S_ISDIR(mode) and (mode & 0o700) != 0o700:
            os.fchmod(dir_fd, (mode & 0o7777) | 0o700)
    except OSError:
        pass
