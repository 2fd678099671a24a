"""Discover files, load them, run the selected rules, collect findings.

Failure containment: a file that cannot be read or parsed becomes a
:class:`FileError` (exit 2) and the other files are still linted; an
exception inside one rule becomes an ``internal error`` FileError for that
file and rule, never a crash of the run.
"""
from __future__ import annotations

import os
import stat
import traceback
from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence

from .findings import SEVERITY_RANK, FileError, Finding, SourceFile
from .jsonpos import MAX_DEPTH, JSONPosError, LineIndex, no_gc, parse
from .model import CliTemplate, DocumentContext, LintOptions
from .budget import Budget, budget_finding, stopped_message
from .rule import Rule, all_rules

EMPTY_DIR_MESSAGE = "no UTCP JSON or Python files found in directory"
MAX_FILE_BYTES = 200 * 1024 * 1024  # hard cap on any single input (see docs/limits.md)
SKIP_DIRS = {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox",
             ".mypy_cache", ".pytest_cache", ".ruff_cache", ".utcp-lint-cache", "site-packages"}


@dataclass
class Target:
    path: str  # filesystem path
    display: str  # path as shown in findings
    explicit: bool  # named on the command line (vs found by walking)
    encoding: Optional[str] = None  # a Python file's source codec, once read


@dataclass
class RunResult:
    findings: list[Finding] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    files: int = 0
    sources: dict = field(default_factory=dict)  # display path -> text (for snippets and fixes)


def display_path(p: str, cwd: Optional[str] = None) -> str:
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


def discover(paths: Iterable[str], result: RunResult, include_python: bool = True,
             exclude: Iterable[str] = (), explicit: bool = True,
             stdin_filename: Optional[str] = None, exclude_base: Optional[str] = None) -> list[Target]:
    """Expand files and directories; bad paths become errors, not exceptions."""
    import fnmatch
    excl = list(exclude)
    out: list[Target] = []
    seen: set = set()

    cwd = os.getcwd()  # once per run, not once per walked file

    def shown(p: str) -> str:
        return display_path(p, cwd)

    def excluded(p: str, dp: Optional[str] = None) -> bool:
        if not excl:
            return False
        dp = shown(p) if dp is None else dp
        if exclude_base:  # patterns are relative to the config file's directory
            from .config import relative_to
            dp = relative_to(p, exclude_base, cwd)
        return any(fnmatch.fnmatch(dp, pat) or fnmatch.fnmatch(os.path.basename(p), pat) for pat in excl)

    for p in paths:
        if p == "-":
            out.append(Target("-", stdin_filename or "<stdin>", True))
            continue
        try:
            st = os.stat(p)
        except FileNotFoundError:
            result.errors.append(FileError(_safe(p), "no such file or directory"))
            continue
        except OSError as e:
            result.errors.append(FileError(_safe(p), f"cannot access: {e.strerror or e}"))
            continue
        if stat.S_ISDIR(st.st_mode):
            before = len(out)

            def walk_error(err: OSError, _result=result, p: str = p):
                # a directory we cannot list must not pass silently as "clean"
                where = err.filename if isinstance(err.filename, str) else p
                _result.errors.append(FileError(_safe(shown(where)),
                                                f"cannot read directory: {err.strerror or err}"))

            for dirpath, dirnames, filenames in os.walk(p, followlinks=False, onerror=walk_error):
                dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")
                                     and not excluded(os.path.join(dirpath, d)))
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
                result.errors.append(FileError(_safe(p), EMPTY_DIR_MESSAGE))
        elif stat.S_ISREG(st.st_mode):
            # explicit=False (--skip-non-utcp): a named file is treated like one
            # found by walking: excluded by pattern, skipped when not UTCP
            if not explicit and excluded(p):
                continue
            key = (st.st_dev, st.st_ino)
            if key not in seen:
                seen.add(key)
                out.append(Target(p, shown(p), explicit))
        else:
            result.errors.append(FileError(_safe(p), "not a regular file (FIFO, device or socket); skipped"))
    return out


def _internal_error(path: str, where: str, e: BaseException) -> FileError:
    """A one-line internal-error report (exit 2) for one file."""
    detail, at = _error_detail(e)
    return FileError(_safe(path), f"internal error {where} ({detail}){at}; please report it")


def _error_detail(e: BaseException) -> tuple[str, str]:
    tb = traceback.extract_tb(e.__traceback__)
    at = f" at {os.path.basename(tb[-1].filename)}:{tb[-1].lineno}" if tb else ""
    detail = _safe(f"{type(e).__name__}: {e}")
    if len(detail) > 300:
        detail = detail[:300] + "..."
    return detail, at


# Rules and analyses may walk the JSON tree recursively.  The loader refuses
# documents nested deeper than jsonpos.MAX_DEPTH (what Python's json, and so
# the runtime, can load at all), and this headroom lets a recursive walker
# with up to ~4 frames per level reach the bottom of such a document.
# Measured safe on the C stack (docs/design/hardening.md).
_RECURSION_HEADROOM = 4 * MAX_DEPTH + 1000


class _recursion_headroom:
    def __enter__(self):
        import sys
        self.old = sys.getrecursionlimit()
        if self.old < _RECURSION_HEADROOM:
            sys.setrecursionlimit(_RECURSION_HEADROOM)

    def __exit__(self, *exc):
        import sys
        sys.setrecursionlimit(self.old)
        return False


class _gc_frozen:
    """Run with the collector on, but with every object that exists now (the
    loaded document) moved out of its reach (``gc.freeze``).  Skipped when
    the embedding program froze objects itself: we would unfreeze them."""

    def __enter__(self):
        import gc
        self.frozen = gc.isenabled() and gc.get_freeze_count() == 0
        if self.frozen:
            gc.freeze()

    def __exit__(self, *exc):
        import gc
        if self.frozen:
            gc.unfreeze()
        return False


def _release_analyses(obj, keep=()) -> None:
    """Drop an object's cached analyses once every rule has read them: its
    ``functools.cached_property`` values (``tpl.bash``...) and any attribute
    the rules added (caches such as ``_declaration_report``).  A manual with
    26,000 CLI tools otherwise keeps 26,000 analyses alive (+12 KB each,
    +310 MB on a 10 MB manual; docs/design/hardening.md).  A later reader
    simply recomputes them."""
    from functools import cached_property
    d = getattr(obj, "__dict__", None)
    if not d:
        return
    if keep:
        for name in [k for k in d if k not in keep]:
            d.pop(name, None)
    for klass in type(obj).__mro__:
        for name, attr in vars(klass).items():
            if isinstance(attr, cached_property):
                d.pop(name, None)


def _safe(p: str) -> str:
    """A path printable on one line (file names may hold newlines)."""
    return p.encode("unicode_escape", "backslashreplace").decode("ascii") if any(
        c in p for c in "\n\r\t\x1b") or not p.isprintable() else p


def read_text(target: Target) -> tuple[Optional[str], Optional[FileError]]:
    """Decode a file as UTF-8 (BOM tolerated and reported); never raises."""
    disp = _safe(target.display)
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
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    return None, FileError(disp, "not a regular file (FIFO, device or socket); skipped")
                data = f.read(MAX_FILE_BYTES + 1)
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
        from .pyscan.source import decode_python
        text, target.encoding, perr = decode_python(data)
        if perr is not None:
            return None, FileError(disp, *perr)
        return text, None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None, FileError(disp, "encoded as UTF-16 (byte-order mark); UTCP documents must be UTF-8 "
                                     "(RFC 8259); re-save the file as UTF-8")
    if b"\x00" in data[:8192]:
        return None, FileError(disp, "binary file (NUL byte); not linted")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        # position of the bad byte as line:col of the text before it
        head = data[:e.start].decode("utf-8", "replace")
        li = LineIndex(head)
        line, col = li.position(len(head))
        return None, FileError(disp, f"not valid UTF-8 (byte 0x{data[e.start]:02x} at offset {e.start})",
                               line, col)
    return text, None


class Linter:
    def __init__(self, rules: Optional[list[Rule]] = None, options: Optional[LintOptions] = None,
                 config=None):
        self.rules = rules if rules is not None else [r for r in all_rules().values() if r.default_enabled]
        self.options = options or LintOptions()
        self.config = config
        self.jobs = 1  # worker processes for JSON documents (linter/parallel.py); the CLI sets --jobs
        self.follow = None  # utcp_lint.follow.Follower: lint what a client config loads (issue 14)

    # ---- one JSON document ----------------------------------------------
    def lint_json_text(self, text: str, display: str, explicit: bool, result: RunResult):
        # Garbage collection and big documents (docs/design/hardening.md): the
        # positioned tree of a big manual holds millions of objects that every
        # cyclic collection would traverse again.  Loading runs with the
        # collector paused (it creates no cycles); the rules run with it on
        # (analyses do create cycles) but with the loaded tree frozen out of
        # its reach.  10 MB manual: 22 s -> 6 s.
        self._lint_json_text(text, display, explicit, result)

    def _lint_json_text(self, text: str, display: str, explicit: bool, result: RunResult):
        source = SourceFile(display, text)
        result.sources[display] = text
        try:
            root = parse(text)  # collector paused inside
        except JSONPosError as e:
            if not explicit:  # walked / --skip-non-utcp: skip what is not meant to be UTCP (sniff.py)
                from .sniff import looks_like_utcp
                if not looks_like_utcp(text):
                    result.notes.append(f"{_safe(display)}: skipped, not a UTCP document (not valid JSON)")
                    return
            line, col = source.lines.position(min(e.offset, len(text)))
            result.errors.append(FileError(_safe(display), f"invalid JSON: {e.message}", line, col))
            return
        try:
            with _recursion_headroom(), no_gc():
                doc = DocumentContext(source, root, self.options)
        except Exception as e:  # containment (kind detection, conversion)
            result.errors.append(_internal_error(display, "while loading the document", e))
            return
        if doc.kind is None:
            if explicit:
                result.errors.append(FileError(_safe(display),
                                               "not a UTCP document (no manual, config, call template or "
                                               "0.x provider shape found); use --kind to force one"))
            else:
                result.notes.append(f"{_safe(display)}: skipped, not a UTCP document")
            return
        result.files += 1
        self.run_document(doc, result)
        if self.follow is not None and doc.kind == "config":
            self.follow.visit(self, doc, result)

    def run_document(self, doc: DocumentContext, result: RunResult):
        with _recursion_headroom():
            try:
                with no_gc():  # builds many small objects from a big tree; see jsonpos.no_gc
                    templates = doc.templates
            except Exception as e:  # containment: a model bug is an internal error, not a crash
                result.errors.append(_internal_error(doc.source.path, "while building the CLI templates", e))
                templates = []
            budget = Budget(len(doc.source.text))
            with _gc_frozen():
                for rule in self.rules:
                    if rule.scope == "document":
                        if budget.exceeded():
                            budget.spent_at = (f"rule {rule.id} on the document", None)
                            break
                        self._run(rule, doc, doc.source, result)
                done = 0
                if budget.spent_at is None:
                    parallel_done = self._parallel_templates(templates, doc.source, result, budget)
                    if parallel_done is not None:
                        done = parallel_done
                        templates_left: Sequence[CliTemplate] = ()
                    else:
                        templates_left = templates
                else:
                    templates_left = ()
                for tpl in templates_left:
                    before = set(getattr(tpl, "__dict__", ()))
                    for rule in self.rules:
                        if rule.scope == "template":
                            if budget.exceeded():
                                budget.spent_at = (f"rule {rule.id} on this CLI template", tpl)
                                break
                            self._run(rule, tpl, doc.source, result)
                    _release_analyses(tpl, before)
                    if budget.spent_at is not None:
                        break
                    done += 1
            if budget.spent_at is not None:
                result.findings.append(_budget_finding(doc, budget, done, len(templates)))

    def _parallel_templates(self, templates, source: SourceFile, result: RunResult, budget=None):
        """One large document: its templates split across forked workers
        (linter/parallel.py).  Returns how many templates were analysed
        (all of them unless ``budget`` ran out in a worker, which then sets
        ``budget.spent_at``), or None when the serial loop should run."""
        if self.jobs <= 1 or len(templates) < 2:
            return None
        from . import parallel
        if len(templates) < parallel.MIN_TEMPLATES or not any(r.scope == "template" for r in self.rules):
            return None
        if len(source.text) > parallel.MAX_SPLIT_CHARS:
            return None
        return parallel.run_templates(self, templates, source, result, self.jobs, budget)

    def run_templates(self, templates, source: SourceFile, result: RunResult, budget=None):
        for i, tpl in enumerate(templates):
            for rule in self.rules:
                if rule.scope == "template":
                    if budget is not None and budget.exceeded():
                        result.findings.append(budget_finding(
                            source, 0, min(1, len(source.text)),
                            stopped_message(budget, "file", f"rule {rule.id} on a CLI template", i,
                                            len(templates)),
                            pointer=tpl.pointer, tool=tpl.tool))
                        return
                    self._run(rule, tpl, source, result)

    def _run(self, rule: Rule, ctx, source: SourceFile, result: RunResult):
        try:
            for f in rule.run(ctx):
                if not isinstance(f, Finding):  # would crash sorting/reporting later
                    raise TypeError(f"rule yielded {type(f).__name__}, not a Finding")
                result.findings.append(f)
        except Exception as e:  # containment: one rule never crashes the run
            # One failing shared analysis (tpl.bash, ...) fails every rule that
            # reads it: report it once per file, naming all those rules.
            detail, at = _error_detail(e)
            seen = result.__dict__.setdefault("_internal_seen", {})
            key = (source.path, detail, at)
            if key in seen:
                err, ids = seen[key]
                if rule.id not in ids:
                    ids.append(rule.id)
                    err.message = (f"internal error in rules {', '.join(ids)} ({detail}){at}; "
                                   f"please report it")
                return
            err = _internal_error(source.path, f"in rule {rule.id}", e)
            seen[key] = (err, [rule.id])
            result.errors.append(err)

    # ---- files ------------------------------------------------------------
    def lint_target(self, target: Target, result: RunResult):
        text, err = read_text(target)
        if err is not None:
            result.errors.append(err)
            return
        assert text is not None  # read_text gives the text or the error
        if target.path.lower().endswith(".py"):
            self.lint_python(text, target, result)
            return
        if not text.strip():
            if not target.explicit:
                result.notes.append(f"{_safe(target.display)}: skipped, empty file")
                return
            result.errors.append(FileError(_safe(target.display), "empty file"))
            return
        self.lint_json_text(text, target.display, target.explicit, result)

    def lint_python(self, text: str, target: Target, result: RunResult):
        try:
            from .pyscan import scan_python
        except ImportError:  # scanner not available
            result.notes.append(f"{_safe(target.display)}: Python scanning is not available")
            return
        try:
            scan_python(self, text, target, result)
        except Exception as e:
            result.errors.append(FileError(_safe(target.display),
                                           f"internal error in the Python scanner ({type(e).__name__}: {e})"))

    def lint_paths(self, paths: Iterable[str], exclude: Iterable[str] = (), explicit: bool = True) -> RunResult:
        result = RunResult()
        targets = discover(paths, result, exclude=exclude, explicit=explicit,
                           stdin_filename=getattr(self, "stdin_filename", None),
                           exclude_base=getattr(self.config, "root", None))
        py = [t for t in targets if t.path.lower().endswith(".py")]
        other = [t for t in targets if not t.path.lower().endswith(".py")]
        if other and getattr(self, "use_cache", False):  # set by the CLI (--no-cache, config)
            from .jsoncache import lint_with_cache
            lint_with_cache(self, other, result, self._lint_json_targets)
        else:
            self._lint_json_targets(other, result)
        if py:
            from .pyscan import scan_many
            scan_many(self, py, result)
        result.findings = self.postprocess(result.findings)
        return result

    def _lint_json_targets(self, targets: list, result: RunResult) -> None:
        if not self._parallel_files(targets, result):
            for t in targets:
                self.lint_target(t, result)

    def _parallel_files(self, targets: list, result: RunResult) -> bool:
        """Many JSON files across forked workers (linter/parallel.py)."""
        if self.jobs <= 1 or len(targets) < 2:
            return False
        from . import parallel
        if not parallel.worth_files(targets):
            return False
        return parallel.lint_files(self, targets, result, self.jobs)

    def postprocess(self, findings: list[Finding]) -> list[Finding]:
        cfg = self.config
        out = []
        seen = set()
        for f in findings:
            if cfg is not None and cfg.is_ignored(f):
                continue
            key = (f.rule, f.path, f.line, f.column, f.end_line, f.end_column, f.message)
            if key in seen:
                continue
            seen.add(key)
            out.append(f)
        out.sort(key=lambda f: f.sort_key())
        return out


def _budget_finding(doc, budget, done: int, total: int) -> Finding:
    what, tpl = budget.spent_at
    node = tpl.node if tpl is not None and tpl.node is not None else doc.root
    msg = stopped_message(budget, "document", what, done, total)
    return budget_finding(doc.source, node.start, min(node.end, node.start + 1), msg, pointer=node.pointer,
                          tool=tpl.tool if tpl is not None else None)


def exit_code(result: RunResult, fail_on: str = "note", exit_zero: bool = False) -> int:
    if result.errors:
        return 2
    if exit_zero:
        return 0
    threshold = SEVERITY_RANK[fail_on]
    if any(SEVERITY_RANK[f.severity] >= threshold for f in result.findings):
        return 1
    return 0
