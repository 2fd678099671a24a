"""Stopping ``verify``/``run`` cleanly: SIGINT/SIGTERM kill every sandbox process
tree that is still running, remove the temporary directories, and exit with
130 (SIGINT) or 143 (SIGTERM) at once.

Every child the executor starts is registered here (its process group id, and
for the namespace sandbox the PID of the namespace's init, whose death takes
every process of the PID namespace with it); every temporary directory too.
"""
from __future__ import annotations

import os
import signal
import threading

_lock = threading.RLock()  # RLock: the handler may interrupt the main thread inside add_dir
_groups: set[int] = set()
_dirs: set[str] = set()
_installed = False
_stopping = False


class Stopping(BaseException):
    """Raised in a worker that tries to start something after SIGINT/SIGTERM."""


def add_group(pgid: int) -> None:
    with _lock:
        if _stopping:
            try:
                os.killpg(pgid, signal.SIGKILL)
            except OSError:
                pass
            raise Stopping()
        _groups.add(pgid)


def remove_group(pgid: int) -> None:
    with _lock:
        _groups.discard(pgid)


def add_dir(path: str) -> None:
    with _lock:
        if _stopping:
            from .safefs import rmtree
            rmtree(path)
            raise Stopping()
        _dirs.add(path)


def remove_dir(path: str) -> None:
    with _lock:
        _dirs.discard(path)


def kill_all() -> None:
    with _lock:
        groups = list(_groups)
    for g in groups:
        try:
            os.killpg(g, signal.SIGKILL)
        except OSError:
            pass


def clean_all() -> None:
    from .safefs import rmtree
    with _lock:
        dirs = sorted(_dirs, key=len, reverse=True)
    for d in dirs:
        rmtree(d)


def _handler(signum, _frame) -> None:
    global _stopping
    with _lock:
        _stopping = True  # from now on nothing new starts and no directory survives
        kill_all()
        clean_all()
    code = 128 + signum
    try:
        name = signal.Signals(signum).name
    except ValueError:  # pragma: no cover
        name = str(signum)
    try:
        os.write(2, f"utcp-lint: stopped by {name}; sandboxed processes killed, temporary files "
                    f"removed\n".encode())
    except OSError:
        pass
    os._exit(code)


def install() -> None:
    """Install the SIGINT/SIGTERM handlers (main thread only; idempotent)."""
    global _installed
    if _installed or threading.current_thread() is not threading.main_thread():
        return
    for s in (signal.SIGINT, signal.SIGTERM):
        signal.signal(s, _handler)
    _installed = True


__all__ = ["add_group", "remove_group", "add_dir", "remove_dir", "install", "kill_all", "clean_all"]
