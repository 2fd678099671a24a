"""Baselines: record today's findings, report only new ones tomorrow.

``utcp-lint --write-baseline FILE PATH...`` records every current finding;
``utcp-lint --baseline FILE PATH...`` hides the recorded ones.

A finding is keyed by **rule, file, stable JSON pointer and a hash of its
normalised content** -- never by line or column, so reformatting a manual,
adding a tool above another or moving a tool to the end does not bring a
recorded finding back.  The same key (see :func:`finding_key`) feeds the
SARIF ``partialFingerprints`` so that GitHub code scanning tracks alerts
across the same kinds of edits.

* *stable pointer*: the JSON pointer with ``/tools/<index>`` replaced by the
  tool's name (``/tools/@count_lines/...``) and ``/commands/<index>`` by
  ``/commands/*``: inserting or reordering tools and steps keeps the key.
* *content*: the command the finding is in (``Finding.snippet``) or, for
  findings outside commands, the first line of the flagged source text;
  whitespace collapsed.  Plus the flagged text itself, so two findings of one
  rule in one command (two undeclared placeholders) have different keys.

Counts are kept per key: a baseline holding one finding with key K hides one
finding with key K; a second, identical finding added later is reported.

File format (JSON, sorted, paths relative to the baseline file's directory)::

    {"version": 1, "tool": "utcp-lint",
     "findings": [{"rule": "UL031", "path": "tools/manual.json",
                   "pointer": "/tools/@add/tool_call_template/commands/*/command",
                   "hash": "9f2c...", "count": 1, "message": "..."}]}

``message`` is for people reading the file; it is not part of the key.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter

from ..core.lazyre import compile_pattern

BASELINE_VERSION = 1

_TOOL_INDEX = compile_pattern(r"^/tools/\d+(?=/|$)")
_STEP_INDEX = compile_pattern(r"/commands/\d+(?=/|$)")
_MAX_CONTENT = 2000


MAX_BASELINE_BYTES = 256 * 1024 * 1024


class BaselineError(ValueError):
    """The baseline file cannot be read or is not a utcp-lint baseline."""


# ----------------------------------------------------------------------------
# keys shared with the SARIF fingerprints
# ----------------------------------------------------------------------------


def _escape_ptr(s: str) -> str:
    return s.replace("~", "~0").replace("/", "~1")


def stable_pointer(finding) -> str:
    """The finding's JSON pointer without the indices that move when tools or
    steps are inserted, removed or reordered."""
    p = finding.pointer or ""
    if finding.tool and _TOOL_INDEX.match(p):
        p = _TOOL_INDEX.sub(lambda _m: "/tools/@" + _escape_ptr(finding.tool), p, count=1)
    return _STEP_INDEX.sub("/commands/*", p)


def normalise(s: str) -> str:
    """Whitespace collapsed to single spaces, trimmed, capped."""
    return " ".join(s.split())[:_MAX_CONTENT]


def _line_at(text: str, line: int) -> str:
    lines = text.split("\n")
    return lines[line - 1] if 1 <= line <= len(lines) else ""


def span_text(finding, text: str | None) -> str:
    """First line of the flagged source text (normalised), '' when unknown."""
    if text is None:
        return ""
    s, e = finding.start, finding.end
    if 0 <= s < e <= len(text):
        return normalise(text[s:e].split("\n", 1)[0])
    if s == e == 0 and finding.line:
        # a finding built without offsets: the flagged line
        return normalise(_line_at(text, finding.line))
    return ""


def finding_content(finding, text: str | None) -> str:
    """The normalised content a finding is about: its command, else its line."""
    if finding.snippet:
        return normalise(finding.snippet)
    st = span_text(finding, text)
    if st:
        return st
    if text is not None and finding.line:
        return normalise(_line_at(text, finding.line))
    return normalise(finding.message)


def content_hash(finding, text: str | None) -> str:
    """16 hex digits over rule, stable pointer, content and flagged text.

    Independent of the file's path (the path is keyed separately) and of
    every line/column number."""
    parts = [
        finding.rule,
        stable_pointer(finding),
        finding_content(finding, text),
        span_text(finding, text) if finding.snippet else "",
    ]
    return hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:16]


def finding_key(finding, text: str | None) -> tuple:
    """(rule, path, stable pointer, hash) -- the baseline key, path as shown."""
    return (finding.rule, finding.path, stable_pointer(finding), content_hash(finding, text))


def source_text(result, path: str) -> str | None:
    """The linted text of ``path`` (``result.sources``), else read from disk."""
    sources = getattr(result, "sources", None) or {}
    if path in sources:
        return sources[path]
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data.decode("utf-8", "replace")


# ----------------------------------------------------------------------------
# reading and writing
# ----------------------------------------------------------------------------


def _rel_to_baseline(path: str, baseline_path: str) -> str:
    """A finding's path relative to the baseline file's directory, POSIX style."""
    if path.startswith("<"):  # <stdin>
        return path
    base = os.path.dirname(os.path.abspath(baseline_path))
    try:
        rel = os.path.relpath(os.path.abspath(path), base)
    except ValueError:  # another drive on Windows
        rel = os.path.abspath(path)
    return rel.replace(os.sep, "/")


def _keys(result, baseline_path: str):
    texts: dict = {}
    out = []
    for f in result.findings:
        if f.path not in texts:
            texts[f.path] = source_text(result, f.path)
        rule, path, ptr, h = finding_key(f, texts[f.path])
        out.append(((rule, _rel_to_baseline(path, baseline_path), ptr, h), f))
    return out


def write_baseline(path: str, result) -> int:
    """Record every finding of ``result`` in ``path``; returns how many."""
    counts: Counter = Counter()
    messages: dict = {}
    for key, f in _keys(result, path):
        counts[key] += 1
        messages.setdefault(key, f.message)
    entries = [
        {"rule": k[0], "path": k[1], "pointer": k[2], "hash": k[3], "count": n, "message": messages[k]}
        for k, n in sorted(counts.items())
    ]
    doc = {"version": BASELINE_VERSION, "tool": "utcp-lint", "findings": entries}
    from ..core.safewrite import atomic_open

    try:
        with atomic_open(path, newline="\n", mode=0o644) as fh:
            json.dump(doc, fh, indent=2, ensure_ascii=False, sort_keys=False)
            fh.write("\n")
    except OSError as e:
        raise BaselineError(f"cannot write baseline {path}: {e.strerror or e}") from None
    return sum(counts.values())


def read_baseline(path: str) -> Counter:
    """Counts per key from a baseline file; :class:`BaselineError` when unusable."""
    try:
        # the path may come from a repository's configuration: a FIFO or
        # /dev/zero must not block or exhaust memory (docs/limits.md)
        import stat

        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise BaselineError(f"cannot read baseline {path}: not a regular file")
            raw = fh.read(MAX_BASELINE_BYTES + 1)
        if len(raw) > MAX_BASELINE_BYTES:
            raise BaselineError(f"cannot read baseline {path}: larger than {MAX_BASELINE_BYTES // 2**20} MiB")
    except FileNotFoundError:
        raise BaselineError(f"baseline {path} does not exist (create it with --write-baseline {path})") from None
    except OSError as e:
        raise BaselineError(f"cannot read baseline {path}: {e.strerror or e}") from None
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as e:  # RecursionError: nested too deep
        raise BaselineError(f"baseline {path} is not valid JSON: {e}") from None
    if not isinstance(doc, dict) or doc.get("tool") != "utcp-lint" or "findings" not in doc:
        raise BaselineError(f'{path} is not a utcp-lint baseline (no "tool": "utcp-lint" / "findings")')
    if doc.get("version") != BASELINE_VERSION:
        raise BaselineError(
            f"baseline {path} has version {doc.get('version')!r}; this utcp-lint reads "
            f"version {BASELINE_VERSION} (re-create it with --write-baseline)"
        )
    entries = doc["findings"]
    if not isinstance(entries, list):
        raise BaselineError(f'baseline {path}: "findings" must be a list')
    counts: Counter = Counter()
    for i, entry in enumerate(entries):
        try:
            key = (entry["rule"], entry["path"], entry["pointer"], entry["hash"])
            n = entry.get("count", 1)
        except (TypeError, KeyError) as ex:
            raise BaselineError(f"baseline {path}: entry {i} lacks {ex}") from None
        if not all(isinstance(x, str) for x in key) or not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise BaselineError(f"baseline {path}: entry {i} is malformed")
        counts[key] += n
    return counts


def apply_baseline(path: str, result) -> list:
    """The findings of ``result`` that the baseline does not account for.

    Adds a note to ``result.notes`` saying how many were hidden and how many
    recorded findings are gone (the baseline can be shrunk)."""
    remaining = read_baseline(path)
    total = sum(remaining.values())
    kept = []
    hidden = 0
    for key, f in _keys(result, path):
        if remaining.get(key, 0) > 0:
            remaining[key] -= 1
            hidden += 1
        else:
            kept.append(f)
    gone = total - hidden
    notes = getattr(result, "notes", None)
    if notes is not None and (hidden or gone):
        msg = f"baseline {path}: {hidden} known finding(s) hidden"
        if gone:
            msg += f"; {gone} recorded finding(s) no longer occur (refresh with --write-baseline)"
        notes.append(msg)
    return kept
