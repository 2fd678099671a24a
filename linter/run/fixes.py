"""``--fix`` and ``--fix --diff``: apply the rules' safe fixes.

A rule attaches ``Fix(description, edits=[TextEdit(start, end, replacement)])``
to a finding (offsets are code points into the file's text).  Applying:

1. For one file, take the fixable findings in position order.  A fix whose
   edits are out of range or overlap each other is dropped.  A fix whose edits
   overlap an already accepted fix is skipped for this pass ("keep the first");
   a fix identical to an accepted one counts as applied (two rules asking for
   the same change).  Two insertions at the same offset conflict (their order
   would be arbitrary).
2. Apply the accepted edits back to front; every other character stays as it
   was (CRLF, BOM, non-ASCII, indentation: the file is not re-serialised).
3. Re-lint the new text in memory.  If the file no longer parses or is no
   longer a UTCP document, the pass is undone and the file left as it was
   before it.  Otherwise repeat with the new findings (so skipped, overlapping
   fixes get their turn) until no fix applies, the text repeats, or
   :data:`MAX_PASSES` passes ran.
4. ``--diff``: print a unified diff per file, write nothing, exit 1 when there
   is something to fix.  ``--fix``: write each changed file (atomically, mode
   kept; skipped when it changed on disk since it was read) and exit 0; the
   CLI then re-lints from disk and reports what remains.

Fixes marked ``safe = False`` (an attribute a rule may set on its ``Fix``) are
applied only with ``unsafe=True`` (``--unsafe-fixes``).  Python shell calls
(UL400/UL401) get their argv fixes here, from the libcst codemod in
:mod:`utcp_lint.pyscan.argvfix_cst`, only when fixing (linting never imports
libcst).
"""

from __future__ import annotations

import difflib
import os
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core import safewrite
from ..ruleset.ids import ARGV_FIXABLE

MAX_PASSES = 10


@dataclass
class FileFix:
    path: str
    original: str
    text: str
    applied: int = 0  # findings fixed
    skipped: int = 0  # conflicting fixes left for a later pass that never came
    passes: int = 0
    problem: str | None = None  # why fixing stopped early

    @property
    def changed(self) -> bool:
        return self.text != self.original


@dataclass
class FixReport:
    files: list[FileFix] = field(default_factory=list)

    @property
    def changed(self) -> list[FileFix]:
        return [f for f in self.files if f.changed]

    @property
    def applied(self) -> int:
        return sum(f.applied for f in self.files if f.changed)


# ----------------------------------------------------------------------------
# one pass over one text
# ----------------------------------------------------------------------------


def _is_safe(fix, unsafe: bool = False) -> bool:
    return fix is not None and bool(fix.edits) and (unsafe or getattr(fix, "safe", True) is not False)


def attach_python_fixes(findings, text_of, unsafe: bool = False) -> None:
    """Attach the libcst argv fixes to the UL400/UL401 findings of Python files."""
    by_path: dict = {}
    for f in findings:
        if f.rule in ARGV_FIXABLE and f.fix is None and f.path.lower().endswith(".py"):
            by_path.setdefault(f.path, []).append(f)
    if not by_path:
        return
    from ..pyscan.argvfix_cst import attach_fixes

    for path, fs in by_path.items():
        text = text_of(path)
        if text is not None:
            attach_fixes(text, fs, unsafe)


def is_unsafe(fix) -> bool:
    return fix is not None and bool(fix.edits) and getattr(fix, "safe", True) is False


def _conflict(a, b) -> bool:
    """Do edits ``a`` and ``b`` (start, end) touch the same characters?"""
    (s1, e1), (s2, e2) = a, b
    if s1 == s2 and (s1 == e1 or s2 == e2):
        return True  # two insertions at one point, or an insertion at a replacement's start
    return s1 < e2 and s2 < e1


def select_edits(findings, text: str, unsafe: bool = False):
    """Edits to apply in one pass: ``(edits, fixed_findings, skipped_count)``."""
    accepted: list = []  # (start, end, replacement)
    accepted_fixes: list = []  # tuple of edits per accepted fix
    fixed: list = []
    skipped = 0
    order = sorted(
        (f for f in findings if _is_safe(getattr(f, "fix", None), unsafe)),
        key=lambda f: (min(e.start for e in f.fix.edits), f.rule),
    )
    for f in order:
        edits = sorted(((e.start, e.end, e.replacement) for e in f.fix.edits), key=lambda e: (e[0], e[1]))
        if any(not (0 <= s <= e <= len(text)) for s, e, _r in edits):
            continue
        if any(_conflict(edits[i][:2], edits[i + 1][:2]) for i in range(len(edits) - 1)):
            continue
        key = tuple(edits)
        if key in accepted_fixes:
            fixed.append(f)
            continue
        if any(_conflict(e[:2], a[:2]) for e in edits for a in accepted):
            skipped += 1
            continue
        accepted.extend(edits)
        accepted_fixes.append(key)
        fixed.append(f)
    return sorted(accepted, key=lambda e: (e[0], e[1])), fixed, skipped


def apply_edits(text: str, edits) -> str:
    """Apply non-overlapping (start, end, replacement) edits."""
    out = text
    for s, e, r in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        out = out[:s] + r + out[e:]
    return out


# ----------------------------------------------------------------------------
# in-memory re-lint
# ----------------------------------------------------------------------------


def relint_text(linter, path: str, text: str):
    """Lint ``text`` as if it were the content of ``path``; a RunResult."""
    from .discover import Target
    from .result import RunResult

    r = RunResult()
    if path.lower().endswith(".py"):
        old = getattr(linter, "use_cache", None)
        linter.use_cache = False  # the cache is keyed by the file on disk
        try:
            linter.lint_python(text, Target(path, path, True), r)
        finally:
            if old is not None:
                linter.use_cache = old
    else:
        linter.lint_json_text(text, path, True, r)
    r.findings = [f for f in linter.postprocess(r.findings) if f.path == path]
    return r


def _ineffective(fixed, before, after, unsafe: bool = False) -> str | None:
    """A 'RULE at POINTER' whose fixable findings did not decrease, or None.

    Guards against a rule whose fix does not cure its finding (it would be
    applied again on every pass: ``-- -- --``)."""
    from collections import Counter

    from .baseline import stable_pointer

    def key(f):
        return (f.rule, stable_pointer(f))

    b = Counter(key(f) for f in before if _is_safe(getattr(f, "fix", None), unsafe))
    a = Counter(key(f) for f in after if _is_safe(getattr(f, "fix", None), unsafe))
    for k in sorted({key(f) for f in fixed}):
        if a[k] >= b[k]:
            return f"{k[0]} at {k[1] or 'the file'}"
    return None


def fix_text(path: str, text: str, findings, relint: Callable | None = None, unsafe: bool = False) -> FileFix:
    """Fix one file's text: passes of :func:`select_edits` until stable."""
    ff = FileFix(path, text, text)
    seen = {text}
    while ff.passes < MAX_PASSES:
        edits, fixed, skipped = select_edits(findings, ff.text, unsafe)
        if not edits:
            break
        new = apply_edits(ff.text, edits)
        if new in seen:
            ff.problem = "fixes undo each other; stopped"
            break
        if relint is None:
            ff.text, ff.applied, ff.skipped = new, ff.applied + len(fixed), skipped
            ff.passes += 1
            break
        r = relint(path, new)
        if r.errors:
            ff.problem = f"a fix would break the file ({r.errors[0].message}); not applied"
            break
        stuck = _ineffective(fixed, findings, r.findings, unsafe)
        if stuck:
            ff.problem = f"the fix for {stuck} does not remove its finding; not applied"
            break
        seen.add(new)
        ff.text, ff.applied, ff.skipped = new, ff.applied + len(fixed), skipped
        ff.passes += 1
        findings = r.findings
    return ff


# ----------------------------------------------------------------------------
# files
# ----------------------------------------------------------------------------


def compute_fixes(result, linter=None, unsafe: bool = False) -> FixReport:
    """Fixed texts for every file of ``result`` that has a safe fix (or any
    fix, with ``unsafe``)."""
    report = FixReport()
    by_path: dict = {}
    attach_python_fixes(result.findings, lambda p: result.sources.get(p) or _read_disk_text(p)[0], unsafe)
    for f in result.findings:
        if _is_safe(getattr(f, "fix", None), unsafe):
            by_path.setdefault(f.path, []).append(f)
    relint = None
    if linter is not None:

        def relint(path, text):
            r = relint_text(linter, path, text)
            attach_python_fixes(r.findings, lambda _p: text, unsafe)
            return r

    for path in sorted(by_path):
        if path.startswith("<"):  # stdin cannot be fixed in place
            continue
        text = result.sources.get(path)
        if text is None:  # a scanner that did not record its text: the file as read now
            text = _read_disk_text(path)[0]
        if text is None:
            continue
        report.files.append(fix_text(path, text, by_path[path], relint, unsafe))
    return report


def unified_diff(path: str, old: str, new: str) -> str:
    a = old.splitlines(keepends=True)
    b = new.splitlines(keepends=True)
    out = []
    for line in difflib.unified_diff(a, b, fromfile=f"a/{path}", tofile=f"b/{path}"):
        if line.endswith("\n"):
            out.append(line)
        else:  # last line without a newline, as git shows it
            out.append(line + "\n\\ No newline at end of file\n")
    return "".join(out)


def _read_disk_text(path: str) -> tuple[str | None, bool]:
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None, False
    bom = data.startswith(b"\xef\xbb\xbf")
    try:
        return data[3:].decode("utf-8") if bom else data.decode("utf-8"), bom
    except UnicodeDecodeError:
        return None, bom


def write_file(ff: FileFix) -> str | None:
    """Write ``ff.text`` over ``ff.path``; an error message, or None."""
    current, bom = _read_disk_text(ff.path)
    if current != ff.original:
        return "changed on disk since it was linted; not fixed"
    data = (b"\xef\xbb\xbf" if bom else b"") + ff.text.encode("utf-8", "surrogatepass")
    try:
        # never make a read-only file writable (issue 17); never write through a
        # symbolic link, a hard link or another user's file (issue 28: refused,
        # not rewritten in place, where a kill mid-write left a stale tail)
        st = os.stat(ff.path, follow_symlinks=False)
        if stat.S_ISREG(st.st_mode) and ((st.st_mode & 0o222) == 0 or not os.access(ff.path, os.W_OK)):
            return "file is read-only; not fixed"
        safewrite.write_file(ff.path, data)
    except safewrite.UnsafeWrite as e:
        return f"{e.strerror}; not fixed"
    except OSError as e:
        return f"cannot write: {e.strerror or e}"
    return None


def apply_fixes(result, diff_only: bool = False, linter=None, out=None, err=None, unsafe: bool = False) -> int:
    """Fix (or, with ``diff_only``, show the fixes for) every file of ``result``.

    Returns the exit code for ``--diff`` (1 when something would change, 2 on
    input errors, else 0) or, after writing, 0 (2 when a file could not be
    written).  Messages go to ``err`` (stderr), diffs to ``out`` (stdout)."""
    out = out or sys.stdout
    err = err or sys.stderr
    report = compute_fixes(result, linter, unsafe)
    changed = report.changed
    for ff in report.files:
        if ff.problem:
            err.write(f"{ff.path}: {ff.problem}\n")
    if diff_only:
        for ff in changed:
            out.write(unified_diff(ff.path, ff.original, ff.text))
        n = report.applied
        err.write(
            f"Would fix {n} finding{'s' if n != 1 else ''} in {len(changed)} file{'s' if len(changed) != 1 else ''}.\n"
            if changed
            else "No fixes available.\n"
        )
        if result.errors:
            return 2
        return 1 if changed else 0
    failed = 0
    fixed = 0
    written = 0
    for ff in changed:
        problem = write_file(ff)
        if problem:
            err.write(f"{ff.path}: {problem}\n")
            failed += 1
            continue
        fixed += ff.applied
        written += 1
    if written or failed:
        err.write(f"Fixed {fixed} finding{'s' if fixed != 1 else ''} in {written} file{'s' if written != 1 else ''}.\n")
    else:
        err.write("No fixes available.\n")
    return 2 if failed else 0
