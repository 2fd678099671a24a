"""Every file utcp-lint writes goes through here (issue 28).

A linted checkout is untrusted: it can commit symbolic links, hard links or
directories where the linter writes (``.utcp-lint-cache/.gitignore`` ->
``/root/.bashrc``, ``utcp-lint.sarif`` -> ``/etc/passwd``), and utcp-lint often
runs as root in CI containers.  So a write here:

* never follows a symbolic link at the target (refused: :class:`UnsafeWrite`);
* never writes through a hard link or into a file owned by another user
  (refused rather than written in place, so the other names and the other
  user's file stay as they were);
* creates a temporary file next to the target with
  ``O_CREAT|O_EXCL|O_NOFOLLOW`` (mode 0o600, or the existing file's mode),
  writes it, ``fsync``\\ s it and ``rename``\\ s it over the target: a kill
  mid-write leaves the old file whole, never new content with a stale tail;
* with ``within=ROOT``, opens every directory between ``ROOT`` and the target
  with ``O_NOFOLLOW`` (created when ``make_dirs``), so a committed
  ``.utcp-lint-cache`` that is a symbolic link to elsewhere is refused too.
  ``ROOT`` itself (the working directory, the project root, the parent of a
  directory named on the command line) is the user's and is followed.

:func:`inside_root` is the check for paths a repository's configuration
names (``lock-file``, ``baseline``, ``cache-dir``): relative, and inside the
project root after resolving symbolic links.  Paths named on the command line
are the user's choice and may be anywhere (still never through a final
symbolic link).
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import stat
from collections.abc import Iterator
from typing import IO

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_DIR_FLAGS = os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC


class UnsafeWrite(OSError):
    """A write refused because the target (or a directory on its way) is a
    symbolic link, a hard link, another user's file or not a regular file.
    ``strerror`` is the reason, ``filename`` the path."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(errno.EPERM, reason, path)

    def __str__(self) -> str:
        return f"refusing to write {self.filename}: {self.strerror}"


def inside_root(value: str, root: str) -> str | None:
    """Why ``value`` (a path from the configuration file in ``root``) may not
    be used, or None.  Absolute paths, paths that leave ``root`` (``../``, or
    through a symbolic link) and paths into ``.git`` are refused."""
    if os.path.isabs(value) or value.startswith("~"):
        return "must be a relative path inside the project"
    real_root = os.path.realpath(root)
    real = os.path.realpath(os.path.join(root, value))
    try:
        common = os.path.commonpath([real_root, real])
    except ValueError:
        common = ""
    if common != real_root or real == real_root:
        return "leaves the project directory"
    if any(part.lower() == ".git" for part in os.path.relpath(real, real_root).split(os.sep)):
        return "is inside .git (git's own configuration and hooks)"
    return None


def _open_dir_chain(path: str, within: str | None, make_dirs: bool) -> int:
    """A descriptor of the directory that will hold ``path``: below
    ``within`` every component is opened without following links."""
    parent = os.path.dirname(os.path.abspath(path))
    if within is None:
        if make_dirs:
            os.makedirs(parent, exist_ok=True)
        return os.open(parent, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    root = os.path.abspath(within)
    rel = os.path.relpath(parent, root)
    if rel == ".." or rel.startswith(".." + os.sep):
        raise UnsafeWrite(path, f"not inside {root}")
    if make_dirs:
        os.makedirs(root, exist_ok=True)
    fd = os.open(root, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    try:
        for part in [] if rel == "." else rel.split(os.sep):
            try:
                nfd = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                if not make_dirs:
                    raise
                with contextlib.suppress(FileExistsError):
                    os.mkdir(part, 0o755, dir_fd=fd)
                nfd = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except OSError as e:
                if e.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                    st = os.stat(part, dir_fd=fd, follow_symlinks=False)
                    what = "a symbolic link" if stat.S_ISLNK(st.st_mode) else "not a directory"
                    raise UnsafeWrite(path, f"{os.path.join(root, part)} is {what}") from None
                raise
            os.close(fd)
            fd = nfd
            root = os.path.join(root, part)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _is_stream(path: str) -> bool:
    p = os.path.abspath(path)
    if not p.startswith(("/dev/", "/proc/")):
        return False
    try:
        return not stat.S_ISREG(os.stat(p).st_mode) and not stat.S_ISDIR(os.stat(p).st_mode)
    except OSError:
        return False


def check_target(path: str, dir_fd: int | None = None) -> int | None:
    """The mode to keep for ``path`` (None: a new file); :class:`UnsafeWrite`
    when it is a symbolic link, not a regular file, hard-linked or owned by
    another user."""
    name = os.path.basename(path) if dir_fd is not None else path
    try:
        st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(st.st_mode):
        raise UnsafeWrite(path, "it is a symbolic link")
    if not stat.S_ISREG(st.st_mode):
        raise UnsafeWrite(path, "not a regular file")
    if st.st_nlink > 1:
        raise UnsafeWrite(path, f"it is hard-linked ({st.st_nlink} names); writing would change the other names")
    if hasattr(os, "geteuid") and st.st_uid != os.geteuid():
        raise UnsafeWrite(path, f"owned by another user (uid {st.st_uid})")
    return st.st_mode & 0o7777


@contextlib.contextmanager
def atomic_open(
    path: str,
    *,
    binary: bool = False,
    encoding: str = "utf-8",
    errors: str = "strict",
    newline: str | None = None,
    within: str | None = None,
    make_dirs: bool = False,
    mode: int = 0o600,
    stream: bool = False,
    durable: bool = True,
) -> Iterator[IO]:
    """A file object whose content replaces ``path`` when the block ends
    without an exception (and is discarded otherwise); see the module doc.

    ``stream=True`` (``--output`` only): a path the user typed under ``/dev/``
    or ``/proc/`` that is not a regular file (``/dev/stdout``, ``/dev/null``,
    ``/dev/fd/63`` from ``>(...)``) is opened and written as the stream it is;
    a checkout cannot put a path there.

    ``durable=False`` (cache entries, which a reader that finds them torn
    ignores) skips the ``fsync``: the rename is still atomic."""
    if stream and _is_stream(path):
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | _CLOEXEC)
        with open(
            fd,
            "wb" if binary else "w",
            encoding=None if binary else encoding,
            errors=None if binary else errors,
            newline=None if binary else newline,
        ) as fh:
            yield fh
        return
    dfd = _open_dir_chain(path, within, make_dirs)
    name = os.path.basename(path)
    tmp = None
    try:
        keep = check_target(path, dfd)
        for _ in range(100):
            tmp = f".{name[:200]}.{os.urandom(6).hex()}.tmp"
            try:
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600, dir_fd=dfd)
                break
            except FileExistsError:
                continue
        else:  # pragma: no cover - 100 random collisions
            raise FileExistsError(errno.EEXIST, "cannot create a temporary file", path)
        try:
            raw = os.fdopen(fd, "wb")
        except BaseException:
            os.close(fd)
            raise
        with raw:
            if binary:
                yield raw
                raw.flush()
            else:
                text = io.TextIOWrapper(raw, encoding=encoding, errors=errors, newline=newline)
                yield text
                text.flush()
                text.detach()
            os.fchmod(fd, keep if keep is not None else mode)
            if durable:
                os.fsync(fd)
        os.rename(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
        tmp = None
        if durable:
            with contextlib.suppress(OSError):
                os.fsync(dfd)
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=dfd)
        os.close(dfd)


def write_file(path: str, data: str | bytes, **kwargs) -> None:
    """Replace ``path`` with ``data`` (``bytes`` written as they are, ``str``
    encoded); keyword arguments as :func:`atomic_open`."""
    with atomic_open(path, binary=isinstance(data, bytes), **kwargs) as fh:
        fh.write(data)


__all__ = ["UnsafeWrite", "atomic_open", "check_target", "inside_root", "write_file"]
