"""Replay of a whole ``check`` run whose inputs did not change (issue 25).

A warm run over an unchanged tree spent most of its CPU starting: click, the
rule index, the orchestration and the scanner's cache were imported and read
only to print what the previous run printed.  Here a run record answers it
before click is imported: the record holds the run's stdout and stderr bytes,
its exit code and the stat of every input (each file linted, each directory
walked, the ``.gitignore`` and configuration files that could apply in the
directories above the working directory and the paths named, whether ``.git``
is there, every file of the package itself).  When each input's stat (size, mtime, ctime, inode, device,
mode; or its absence) is still the recorded one, the recorded output is written
and nothing else runs.

Which runs: ``check`` (named or implied) with options from a list that reads no
other input and writes nothing but the report to stdout (no ``--fix``,
``--diff``, ``--output``, ``--baseline``, ``--config``, lock following, no
``-``), the result cache on and in the place this module looks for it
(``--cache-dir`` or ``.utcp-lint-cache`` in the working directory), Python
files only (a JSON document may read other files: lock files, followed
configs), neither stdout nor stderr a terminal (colour and width), POSIX (the
change time), exit 0 or 1.  ``UTCP_LINT_NO_REPLAY=1`` turns it off.

Why the stat suffices is :mod:`utcp_lint.pyscan.cache`'s argument (its stat
index): every write and every ``utime`` sets the change time to the current
time, and no system call sets it back; a file added to or removed from a
walked directory changes that directory's mtime, and above the walked
directories each name a run may read there is recorded, present or absent.  As there, a record is written
only when every input is more than ``RACY_SECONDS`` older than the start of
the run.  The record's file name is keyed with this user's local secret (as
the result caches are), over the version, the interpreter, the working
directory, the arguments and the whole environment: a record committed to a
repository is never the one a run reads.  JSON, never pickle.
"""

from __future__ import annotations

import io
import json
import os
import sys
import time

TYPE_CHECKING = False  # typing is not imported on the replay path (~2 ms of its ~30 ms)
if TYPE_CHECKING:
    from typing import Any

RACY_SECONDS = 2  # as pyscan/cache.py: the coarsest timestamp resolution of a common filesystem
MAX_RECORDS = 16  # run records kept per cache directory (other argument lists, environments)
RECORD_VERSION = "2"  # 2: one list of output chunks in the order written
OFF_ENV = "UTCP_LINT_NO_REPLAY"
CACHE_DIR = ".utcp-lint-cache"  # the default of utcp_lint.run.cache_secret (not imported: it costs)

# check's options that take a value and read nothing but their value
VALUE_OPTIONS = frozenset(
    {
        "--select",
        "--ignore",
        "--extend-select",
        "--format",
        "--output-format",
        "--fail-on",
        "--min-severity",
        "--min-confidence",
        "--cache-dir",
        "--jobs",
        "-j",
        "--exclude",
        "--extend-exclude",
        "--project-root",
        "--shell",
        "--kind",
    }
)
FLAG_OPTIONS = frozenset(
    {
        "--no-config",
        "--exit-zero",
        "--quiet",
        "-q",
        "--silent",
        "-s",
        "--statistics",
        "--show-fixes",
        "--skip-non-utcp",
        "--fail-on-empty",
        "--force-exclude",
        "--no-force-exclude",
        "--respect-gitignore",
        "--no-respect-gitignore",
        "--require-declarations",
        "--ignore-foreign-suppressions",
        "--no-color",
    }
)
# environment variables that differ between two runs of one session and reach no output
VOLATILE_ENV = frozenset({"_", "OLDPWD", "SHLVL", "SSH_CLIENT", "SSH_CONNECTION", "WINDOWID", "TERM_SESSION_ID"})
# files in a directory above the working directory or a named path that a run may read
# (and whether ``.git`` is there: git's top level; its mtime moves with every commit)
ABOVE_NAMES = (".gitignore", ".utcp-lint.toml", "utcp-lint.toml", "pyproject.toml", ".git/info/exclude")
SUBCOMMANDS = frozenset({"rules", "rule", "run", "verify", "declare", "schema", "json-schema", "server", "inspect"})

current: Recording | None = None  # the run being recorded (set by start(), filled by note())


def cache_dir_of(argv: list[str]) -> str | None:
    """The result cache directory of a replayable ``argv`` (None: not replayable)."""
    args = argv[1:] if argv and argv[0] == "check" else argv
    if not args or args[0] in SUBCOMMANDS:
        return None
    cache_dir = None
    paths = 0
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            rest = args[i + 1 :]
            if "-" in rest:
                return None
            paths += len(rest)
            break
        if a.startswith("-") and a != "-":
            name, eq, value = a.partition("=")
            if name in VALUE_OPTIONS:
                if not eq:
                    i += 1
                    if i >= len(args):
                        return None
                    value = args[i]
                if name == "--cache-dir":
                    cache_dir = value
            elif name in FLAG_OPTIONS and not eq:
                pass
            else:
                return None  # an option that reads or writes something else, or one not known here
        elif a == "-":
            return None  # stdin
        else:
            paths += 1
        i += 1
    if not paths:
        return None
    return os.path.abspath(cache_dir) if cache_dir else os.path.join(os.getcwd(), CACHE_DIR)


def _applies() -> bool:
    if os.name != "posix" or os.environ.get(OFF_ENV):
        return False
    try:
        # binary streams to copy into and replay onto; never a terminal (colour, width)
        streams = sys.stdout.buffer, sys.stderr.buffer
        return not any(s.isatty() for s in streams)
    except (AttributeError, ValueError):
        return False


def _record_path(argv: list[str], cache_dir: str) -> str | None:
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - an interpreter without the module
        from hashlib import blake2b
    from .. import __version__
    from ..run.cache_secret import local_secret

    h = blake2b(digest_size=16, key=local_secret())
    env = sorted((k, v) for k, v in os.environ.items() if k not in VOLATILE_ENV)
    material = [RECORD_VERSION, __version__, sys.executable, sys.version, os.getcwd(), argv, env]
    h.update(json.dumps(material, ensure_ascii=True).encode("ascii"))
    return os.path.join(cache_dir, f"run-{h.hexdigest()}.json")


def _stat(path: str) -> list[int] | None:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev, st.st_mode]


def replay(argv: list[str]) -> int | None:
    """Write the recorded output of this very run and return its exit code, or
    None when there is no valid record (the run goes on as usual)."""
    cache_dir = cache_dir_of(argv)
    if cache_dir is None or not _applies():
        return None
    try:
        path = _record_path(argv, cache_dir)
        if path is None:
            return None
        import stat

        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "r", encoding="utf-8") as fh:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO or device must not block
                return None
            rec = json.load(fh)
        if not isinstance(rec, dict) or rec.get("v") != RECORD_VERSION:
            return None
        inputs, output, code = rec["inputs"], rec["output"], rec["code"]
        if not (isinstance(inputs, list) and isinstance(output, list) and code in (0, 1)):
            return None
        for item in inputs:
            if item.__class__ is not list or len(item) != 2:
                return None
            p, want = item
            if (os.path.exists(p) if want.__class__ is bool else _stat(p)) != want:
                return None
        # (stream, bytes) in the order they were written: stdout and stderr may be one file
        chunks = [((sys.stdout, sys.stderr)[i], text.encode("latin-1")) for i, text in output]
    except (OSError, ValueError, TypeError, KeyError, RecursionError, UnicodeError):
        return None
    for stream, data in chunks:
        try:
            stream.buffer.write(data)
            stream.flush()
        except BrokenPipeError:  # the reader went away (`utcp-lint . | head`): quietly, as click
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
            except OSError:
                pass
    return code


class _Tee(io.RawIOBase):
    """The raw stream under a standard stream: writes through to the file
    descriptor's own raw stream ``real`` and keeps what reached it in ``chunks``
    (shared by stdout's and stderr's, tagged ``which``), so the record holds the
    bytes in the order the descriptors received them (``2>&1`` into one file)."""

    def __init__(self, real, chunks: list, which: int) -> None:
        super().__init__()
        self.real = real
        self.chunks = chunks
        self.which = which

    def writable(self) -> bool:
        return True

    def write(self, b) -> int:
        n = self.real.write(b)
        n = len(b) if n is None else n
        if n:
            data = bytes(memoryview(b)[:n])
            if self.chunks and self.chunks[-1][0] == self.which:
                self.chunks[-1][1].extend(data)
            else:
                self.chunks.append((self.which, bytearray(data)))
        return n

    def fileno(self) -> int:
        return self.real.fileno()

    def isatty(self) -> bool:
        return False


def _tee(stream, chunks: list, which: int) -> tuple[Any, _Tee]:
    """A text stream that behaves as ``stream`` (encoding, errors, line
    buffering, write-through, and the binary buffer's size as the interpreter
    chose it: the descriptor's block size) over a :class:`_Tee` of its raw stream."""
    stream.flush()
    buf = stream.buffer
    raw = getattr(buf, "raw", buf)  # python -u: the buffer is the raw stream itself
    tee = _Tee(raw, chunks, which)
    layer: Any = tee
    if isinstance(buf, io.BufferedWriter):
        try:
            size = os.fstat(raw.fileno()).st_blksize
        except (OSError, AttributeError, ValueError):
            size = io.DEFAULT_BUFFER_SIZE
        layer = io.BufferedWriter(tee, buffer_size=size if size > 1 else io.DEFAULT_BUFFER_SIZE)
    wrapper = io.TextIOWrapper(
        layer,
        encoding=stream.encoding,
        errors=stream.errors,
        line_buffering=stream.line_buffering,
        write_through=getattr(stream, "write_through", False),
    )
    return wrapper, tee


class Recording:
    """One run being recorded: its output (copied as it is written) and, once
    the check has run, its inputs."""

    def __init__(self, argv: list[str], cache_dir: str) -> None:
        self.argv = argv
        self.cache_dir = cache_dir
        self.start_ns = time.time_ns()
        self.real = (sys.stdout, sys.stderr)
        self.chunks: list[tuple[int, bytearray]] = []  # (0 stdout | 1 stderr, bytes) as written
        sys.stdout, self.out = _tee(sys.stdout, self.chunks, 0)
        sys.stderr, self.err = _tee(sys.stderr, self.chunks, 1)
        self.paths: list[str] | None = None  # the inputs to stat, once note() accepted the run
        self.exists: list[str] = []  # the inputs of which only their existence counts
        self.within = os.path.dirname(cache_dir)

    def note(self, linter, named: list[str], targets: list[str], walked: list[str], cache_dir: str) -> None:
        """The check ran with the result cache in ``cache_dir`` over ``targets``
        (files, all Python), walking ``walked``; ``named`` are the paths given."""
        if os.path.abspath(cache_dir) != self.cache_dir:
            return  # the configuration moved the cache: the replay would not look there
        paths: list[str] = []
        above: set[str] = set()
        for p in [os.getcwd(), *named]:
            d = os.path.abspath(p)
            while True:
                above.add(d)
                parent = os.path.dirname(d)
                if parent == d:
                    break
                d = parent
        # above: the files that may apply, never the directories themselves (/tmp, a home
        # directory: their entries change all the time, and only these names are read there)
        exists: list[str] = []
        for d in sorted(above):
            paths.extend(os.path.join(d, n) for n in ABOVE_NAMES)
            exists.append(os.path.join(d, ".git"))  # a work tree's top: only whether it is there
        for d in walked:
            paths.append(d)
            paths.append(os.path.join(d, ".gitignore"))
        paths.extend(targets)
        paths.extend(_package_files())
        self.paths = paths
        self.exists = exists

    def finish(self, code) -> None:
        """Called with the exit code once the run is over: write the record when it may be replayed."""
        global current
        current = None
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):
            return
        finally:
            sys.stdout, sys.stderr = self.real
        code = 0 if code is None else code
        if self.paths is None or code not in (0, 1):
            return
        limit = self.start_ns - RACY_SECONDS * 1_000_000_000
        inputs: list[list[Any]] = []
        for p in self.paths:
            st = _stat(p)
            if st is not None and max(st[1], st[2]) >= limit:
                return  # changed too close to this run's start: a later edit in the same tick could hide
            inputs.append([p, st])
        inputs.extend([p, os.path.exists(p)] for p in self.exists)
        text = json.dumps(
            {
                "v": RECORD_VERSION,
                "inputs": inputs,
                "output": [[i, bytes(b).decode("latin-1")] for i, b in self.chunks],
                "code": code,
            },
            separators=(",", ":"),
        )
        from ..core.safewrite import UnsafeWrite, write_file
        from ..run.cache_secret import prepare_cache_dir, warn_cache_refused

        path = _record_path(self.argv, self.cache_dir)
        if path is None:
            return
        try:
            prepare_cache_dir(self.cache_dir, self.within)
            write_file(path, text, within=self.within, durable=False)
            _prune(self.cache_dir)
        except UnsafeWrite as e:
            warn_cache_refused(e)
        except OSError:
            pass


def _package_files() -> list[str]:
    """Every file and directory of the installed package (and of its rules, which
    an editable install keeps elsewhere): editing a rule must not replay."""
    from .. import rules as rules_pkg

    pkg = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out: list[str] = []
    for top in [pkg, *rules_pkg.__path__]:
        for dp, dn, fn in os.walk(top):
            dn[:] = sorted(d for d in dn if d != "__pycache__")
            out.append(dp)
            out.extend(os.path.join(dp, f) for f in sorted(fn) if not f.endswith((".pyc", ".pyo")))
    return out


def _prune(cache_dir: str) -> None:
    """Keep the ``MAX_RECORDS`` most recent run records."""
    try:
        names = [n for n in os.listdir(cache_dir) if n.startswith("run-") and n.endswith(".json")]
        if len(names) <= MAX_RECORDS:
            return
        dated = sorted(names, key=lambda n: os.stat(os.path.join(cache_dir, n)).st_mtime_ns, reverse=True)
        for n in dated[MAX_RECORDS:]:
            os.unlink(os.path.join(cache_dir, n))
    except OSError:
        pass


def start(argv: list[str]) -> Recording | None:
    """Begin recording this run when it could be replayed next time."""
    global current
    cache_dir = cache_dir_of(argv)
    if cache_dir is None or not _applies():
        return None
    try:
        current = Recording(argv, cache_dir)
    except (AttributeError, ValueError, OSError):
        return None
    return current
