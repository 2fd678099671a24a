"""Reading: one :class:`~.discover.Target` -> its text, or a :class:`FileError`.

Never raises and never blocks: size cap, regular files only (checked on the
open descriptor), UTF-8 (a BOM is tolerated), Python files decoded exactly
as CPython does.
"""

from __future__ import annotations

import os
import stat

from ..core.findings import FileError
from ..document.jsonpos import LineIndex
from .discover import Target
from .result import safe_path

MAX_FILE_BYTES = 200 * 1024 * 1024  # hard cap on any single input (see docs/limits.md)


def read_text(target: Target) -> tuple[str | None, FileError | None]:
    """Decode a file as UTF-8 (BOM tolerated and reported); never raises."""
    disp = safe_path(target.display)
    try:
        if target.path == "-":
            import sys

            data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            # O_NONBLOCK: a path that became a FIFO after discovery checked it
            # must not block the run; fstat on the open descriptor is the check
            # that counts (no race between check and use).
            fd = os.open(target.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
            with os.fdopen(fd, "rb") as f:
                st = os.fstat(fd)
                if not stat.S_ISREG(st.st_mode):
                    return None, FileError(disp, "not a regular file (FIFO, device or socket); skipped")
                # read(n) allocates n bytes before it reads: the file's size (and a byte more, to
                # see it grew) rather than the cap, then the rest up to the cap if it did grow
                # (issue 25: 45 ms of CPU over the held-out trees' 2,667 files)
                want = min(MAX_FILE_BYTES + 1, st.st_size + 1)
                data = f.read(want)
                if len(data) == want and want <= MAX_FILE_BYTES:
                    data += f.read(MAX_FILE_BYTES + 1 - want)
    except PermissionError:
        return None, FileError(disp, "permission denied")
    except IsADirectoryError:
        return None, FileError(disp, "is a directory")
    except OSError as e:
        return None, FileError(disp, f"cannot read: {e.strerror or e}")
    if len(data) > MAX_FILE_BYTES:
        return None, FileError(disp, f"file larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB; not linted")
    if target.path.lower().endswith(".py") and b"\x00" not in data[:8192]:
        # decoded exactly as CPython does (BOM, PEP 263 cookie); the codec is
        # kept on the target for UL409 (utcp_lint.pyscan.source)
        from ..pyscan.source import decode_python

        text, target.encoding, perr = decode_python(data)
        if perr is not None:
            return None, FileError(disp, *perr)
        return text, None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None, FileError(
            disp,
            "encoded as UTF-16 (byte-order mark); UTCP documents must be UTF-8 (RFC 8259); re-save the file as UTF-8",
        )
    if b"\x00" in data[:8192]:
        return None, FileError(disp, "binary file (NUL byte); not linted")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        # position of the bad byte as line:col of the text before it
        head = data[: e.start].decode("utf-8", "replace")
        li = LineIndex(head)
        line, col = li.position(len(head))
        return None, FileError(disp, f"not valid UTF-8 (byte 0x{data[e.start]:02x} at offset {e.start})", line, col)
    return text, None
