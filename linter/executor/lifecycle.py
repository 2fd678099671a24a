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
import tempfile
import threading

_lock = threading.RLock()  # RLock: the handler may interrupt the main thread inside add_dir
_groups: set[int] = set()
_dirs: set[str] = set()
_bases: set[str] = set()  # the directories mkdtemp() created entries in
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


def mkdtemp(prefix: str, dir: str | None = None) -> str:
    """``tempfile.mkdtemp`` whose directory is registered as it is created:
    made and registered under the lock the signal handler holds until the
    process exits, so a worker thread cannot leave one behind.  The name
    carries this process's id, so a directory the main thread was creating
    when the handler interrupted it is found by name (:func:`clean_all`)."""
    with _lock:
        if _stopping:
            raise Stopping()
        base = dir or tempfile.gettempdir()
        _bases.add(base)
        d = tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}.", dir=base)
        _dirs.add(d)
        return d


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
    _kill_unregistered_children()


def _kill_unregistered_children() -> None:
    """Children started but not registered yet: a signal that arrives between the
    fork and :func:`add_group` (a loaded machine widens that window) found the tool's
    group unregistered and left it running.  Every direct child of this process is
    killed with its group (the executor starts each in a new session, so the child
    leads its own group); a child still before its ``setsid`` is killed alone.  Read
    from ``/proc`` (Linux); elsewhere only the registered groups are killed."""
    me = os.getpid()
    try:
        entries = os.listdir("/proc")
    except OSError:
        return
    for d in entries:
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        # pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses
        fields = stat[stat.rfind(b")") + 2 :].split()
        if len(fields) < 3 or int(fields[1]) != me:
            continue
        pid, pgrp = int(d), int(fields[2])
        try:
            if pgrp == pid:
                os.killpg(pid, signal.SIGKILL)
            else:
                os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def clean_all() -> None:
    from .safefs import rmtree

    with _lock:
        dirs = sorted(_dirs, key=len, reverse=True)
        own = f"{os.getpid()}."
        for base in _bases:  # ours by name, registered or not yet
            try:
                names = os.listdir(base)
            except OSError:
                continue
            for name in names:
                if name.startswith("utcp-verify-") and own in name:
                    path = os.path.join(base, name)
                    if path not in dirs:
                        dirs.append(path)
    for d in dirs:
        rmtree(d)


def _handler(signum, _frame) -> None:
    global _stopping
    code = 128 + signum
    try:
        name = signal.Signals(signum).name
    except ValueError:  # pragma: no cover
        name = str(signum)
    # the lock is held until the process exits: no worker thread creates a
    # directory or starts a process after the clean-up
    with _lock:
        _stopping = True  # from now on nothing new starts and no directory survives
        kill_all()
        clean_all()
        try:
            os.write(2, f"utcp-lint: stopped by {name}; sandboxed processes killed, temporary files removed\n".encode())
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


__all__ = ["add_group", "remove_group", "add_dir", "mkdtemp", "remove_dir", "install", "kill_all", "clean_all"]
