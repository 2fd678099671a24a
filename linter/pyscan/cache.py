"""Result cache for the Python scan.

Key of an entry: the BLAKE2b hash of the file's text.  Key of the cache file:
tool version + scanner version + the selected rule ids + the lint options +
the size/mtime of the scanner's and the selected rules' modules (so editing a
rule during development never serves stale results).  One JSON file per key
under ``.utcp-lint-cache/`` in the working directory, or ``--cache-dir`` (JSON,
never pickle: a cache directory checked into a repository must not be able to
run code), written through :mod:`utcp_lint.core.safewrite` (issue 28).

A stat index spares a warm run reading and hashing the files that did not
change: path -> (size, mtime, ctime, inode, device, content hash).  A file
whose five stat fields are those recorded is taken to hold the recorded
content; any other file is read and hashed, and its entry found by content
as before.  The change time is what makes this safe where size + mtime +
inode was not (issue 18: an in-place edit of the same size with the mtime
put back by ``touch -d`` / ``os.utime`` served a stale "All checks passed"):
every write and every ``utime`` sets ctime to the current time, and no
system call sets it to another value (only moving the system clock, which
takes root).  Two rules close the remaining gaps, as git's index does
("racy git"): a file is recorded only when its mtime and ctime are more
than ``RACY_SECONDS`` older than the start of the run (an edit after the
stat that fell into the same timestamp tick on a coarse filesystem could
not be told apart), and only on POSIX (Windows' ``st_ctime`` is the
creation time, so every file is read and hashed there).  A file with a
codec finding (UL409, made from the text) is never recorded.

Findings are stored without their path (filled in on load), so a file moved
or linted from another directory still hits.

The project pass (:func:`utcp_lint.pyscan.project_pass`: summaries resolved
across modules) is cached too, under ``project``: its key is the hash of every
file's path and content hash (:func:`utcp_lint.pyscan.project_key`),
so a warm run over an unchanged tree parses nothing and resolves nothing; one
changed, added, removed or renamed file recomputes it.  The last
``MAX_PROJECTS`` results are kept.
"""

from __future__ import annotations

import json
import os
import time

try:
    # the BLAKE2 module itself: hashlib loads OpenSSL's bindings first (~6 ms
    # of a warm run's CPU, measured), and hashlib.blake2b is this very type
    from _blake2 import blake2b
except ImportError:  # an interpreter without the module: the same function through hashlib
    from hashlib import blake2b

from ..core.findings import FileError, Finding, Fix, Region, Related, TextEdit
from ..core.safewrite import UnsafeWrite, write_file
from ..run.cache_secret import CACHE_DIR, cache_location, local_secret, prepare_cache_dir, warn_cache_refused

SCANNER_VERSION = "3"  # 2: entries carry the project summary (issue 25); 3: stat index with ctime
RACY_SECONDS = 2  # the coarsest timestamp resolution of a common filesystem (FAT: 2 s)
__all__ = ["CACHE_DIR", "Cache", "content_hash", "run_key"]
MAX_ENTRIES = 50000
MAX_PROJECTS = 8


def content_hash(text: str) -> str:
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def run_key(linter) -> str:
    from .. import __version__
    from ..ruleset.rule import all_rules  # noqa: F401

    # keyed with a secret of this machine's user: a cache file committed to a
    # hostile repository (entries "this file hash has no findings") can never
    # be the one a run reads, even when every installed file is identical
    # (same container image); docs/design/hardening.md
    h = blake2b(digest_size=12, key=local_secret())
    h.update(f"{__version__}|{SCANNER_VERSION}|".encode())
    ids = sorted(r.id for r in linter.rules)
    h.update(",".join(ids).encode())
    o = linter.options
    h.update(f"|{o.shell}|{o.require_declarations}|{o.kind}|{o.ignore_foreign_suppressions}".encode())
    # code fingerprint: every module of the package (scanner, model, template
    # analyses the template rules read) and the selected rules' modules
    pkg = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files: list[str] = []
    for dp, dn, fn in os.walk(pkg):
        dn[:] = sorted(d for d in dn if d != "__pycache__")
        files.extend(os.path.join(dp, f) for f in sorted(fn) if f.endswith(".py"))
    # the selected rules' modules, found where the rules package is, never
    # imported here: importing them imported the whole scanner on a warm run
    # that needs none of it (issue 25)
    from .. import rules as rules_pkg

    for r in linter.rules:
        mod = getattr(r, "module", None)
        if mod:
            for d in rules_pkg.__path__:
                cand = os.path.join(d, f"{mod}.py")
                if os.path.exists(cand):
                    files.append(cand)
                    break
    for f in files:
        try:
            st = os.stat(f)
            h.update(f"{f}:{st.st_size}:{st.st_mtime_ns};".encode())
        except OSError:
            pass
    return h.hexdigest()


# ---- (de)serialisation -------------------------------------------------------


def finding_to_json(f: Finding) -> list:
    rel = [
        [
            r.message,
            None if r.path == f.path else r.path,
            [r.region.line, r.region.column, r.region.end_line, r.region.end_column],
            r.pointer,
        ]
        for r in f.related
    ]
    fix = None
    if f.fix is not None:
        fix = [f.fix.description, [[e.start, e.end, e.replacement] for e in f.fix.edits]]
    return [
        f.rule,
        f.name,
        f.severity,
        f.confidence,
        f.line,
        f.column,
        f.end_line,
        f.end_column,
        f.pointer,
        f.tool,
        f.message,
        f.snippet,
        f.start,
        f.end,
        rel,
        fix,
    ]


def finding_from_json(d: list, path: str) -> Finding:
    (rule, name, sev, conf, l1, c1, l2, c2, pointer, tool, msg, snippet, start, end, rel, fix) = d
    related = [Related(m, p if p is not None else path, Region(*reg), ptr) for m, p, reg, ptr in rel or []]
    fx = None
    if fix:
        fx = Fix(fix[0], [TextEdit(a, b, c) for a, b, c in fix[1]])
    return Finding(
        rule=rule,
        severity=sev,
        confidence=conf,
        path=path,
        line=l1,
        column=c1,
        end_line=l2,
        end_column=c2,
        pointer=pointer,
        tool=tool,
        message=msg,
        name=name,
        related=related,
        fix=fx,
        snippet=snippet,
        start=start,
        end=end,
    )


def error_to_json(e: FileError) -> list:
    return [e.message, e.line, e.column]


def error_from_json(d: list, path: str) -> FileError:
    return FileError(path, d[0], d[1], d[2])


class Cache:
    def __init__(self, path: str, within: str | None = None):
        self.path = path
        self.within = within or os.path.dirname(os.path.dirname(path))
        self.entries: dict = {}
        self.stats: dict = {}
        self.written = 0.0
        self.new_entries: dict = {}
        self.new_stats: dict = {}
        # files changed less than RACY_SECONDS before the run began are not recorded
        self.trust_before = time.time_ns() - RACY_SECONDS * 1_000_000_000
        self.use_stats = os.name == "posix"
        self.projects: dict = {}  # project key -> [drop, findings] (JSON)
        self.new_projects: dict = {}
        self.dirty = False

    @classmethod
    def open(cls, linter, root: str | None = None) -> Cache | None:
        try:
            d, within = cache_location(linter, root)
            c = cls(os.path.join(d, f"pyscan-{run_key(linter)}.json"), within)
        except OSError:
            return None
        try:
            import stat

            fd = os.open(c.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(fd, "r", encoding="utf-8") as fh:
                if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO or device must not block
                    raise OSError("not a regular file")
                data = json.load(fh)
            if isinstance(data, dict) and data.get("v") == SCANNER_VERSION:
                e, s = data.get("entries"), data.get("stats")
                if isinstance(e, dict) and isinstance(s, dict):
                    c.entries, c.stats = e, s
                    c.written = float(data.get("written", 0.0))
                    pr = data.get("project")
                    if isinstance(pr, dict):
                        c.projects = pr
        except (OSError, ValueError, TypeError, RecursionError):
            pass
        return c

    def get(self, h: str):
        e = self.new_entries.get(h)
        if e is None:
            e = self.entries.get(h)
            if e is not None:
                self.new_entries[h] = e
        return e

    def stat_of(self, path: str):
        """The file's ``os.stat`` (None: no stat index here, or it cannot be stat'ed)."""
        if not self.use_stats or path == "-":
            return None
        try:
            return os.stat(path)
        except (OSError, ValueError):
            return None

    def stat_hit(self, path: str, st) -> str | None:
        """The content hash recorded for ``path`` if ``st`` is the stat recorded with it."""
        if st is None:
            return None
        rec = self.stats.get(path)
        if (
            rec.__class__ is list
            and len(rec) == 6
            and rec[0] == st.st_size
            and rec[1] == st.st_mtime_ns
            and rec[2] == st.st_ctime_ns
            and rec[3] == st.st_ino
            and rec[4] == st.st_dev
            and rec[5].__class__ is str
        ):
            return rec[5]
        return None

    def stat_put(self, path: str, st, h: str) -> None:
        """Record that ``path`` with stat ``st`` (taken before it was read) holds content ``h``."""
        import stat

        if st is None or not stat.S_ISREG(st.st_mode):
            return
        if max(st.st_mtime_ns, st.st_ctime_ns) >= self.trust_before:
            return  # racy: changed too close to this run's start
        rec = [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev, h]
        if self.stats.get(path) != rec:
            self.new_stats[path] = rec
            self.dirty = True

    def put(self, h: str, findings: list, errors: list, summary: dict | None = None):
        self.new_entries[h] = (
            0
            if not findings and not errors and not summary
            else [[finding_to_json(f) for f in findings], [error_to_json(e) for e in errors], summary or {}]
        )
        self.dirty = True

    def get_project(self, key: str):
        """The project pass's result stored under ``key`` (a
        :class:`utcp_lint.pyscan.ProjectResult`), or None."""
        from . import ProjectResult

        entry = self.new_projects.get(key) or self.projects.get(key)
        if entry is None:
            return None
        try:
            drop, fs = entry
            res = ProjectResult([(str(p), int(s)) for p, s in drop], [finding_from_json(f, str(p)) for p, f in fs], [])
        except (TypeError, ValueError):
            return None
        self.new_projects[key] = entry
        return res

    def put_project(self, key: str, res) -> None:
        self.new_projects[key] = [[list(x) for x in res.drop], [[f.path, finding_to_json(f)] for f in res.findings]]
        self.dirty = True

    @staticmethod
    def decode(entry, path: str):
        if entry == 0:
            return [], [], {}
        try:
            fs, es, *rest = entry
            summary = rest[0] if rest else {}  # [findings, errors] alone: no summary
            if not isinstance(summary, dict) or len(rest) > 1:
                return None
            return [finding_from_json(d, path) for d in fs], [error_from_json(d, path) for d in es], summary
        except (TypeError, ValueError):
            return None

    def save(self):
        if not self.dirty:
            return
        entries = dict(self.entries)
        entries.update(self.new_entries)
        if len(entries) > MAX_ENTRIES:
            entries = dict(self.new_entries)
        stats = dict(self.stats)
        stats.update(self.new_stats)
        if len(stats) > MAX_ENTRIES:
            stats = dict(self.new_stats)
        d = os.path.dirname(self.path)
        try:
            prepare_cache_dir(d, self.within)
            projects = dict(self.new_projects)  # this run's first, then the others, latest first
            for k, v in self.projects.items():
                if len(projects) >= MAX_PROJECTS:
                    break
                projects.setdefault(k, v)
            text = json.dumps(
                {"v": SCANNER_VERSION, "written": time.time(), "entries": entries, "stats": stats, "project": projects},
                separators=(",", ":"),
            )
            write_file(self.path, text, within=self.within, durable=False)
        except UnsafeWrite as e:
            warn_cache_refused(e)
        except OSError:
            pass
