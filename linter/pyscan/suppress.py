"""Suppression comments in Python source.

* ``# utcp-lint: ignore[UL401] reason`` (ids comma separated, a prefix such as
  ``UL40`` allowed) silences those rules' findings on the statement the
  comment sits in, on any of its lines.  Without ids it silences nothing and
  is itself reported (UL900): a blanket ignore hides findings nobody read.
* ``# nosec`` (bandit) and ``# noqa: S602`` (ruff/flake8-bandit) are honoured
  when the id they name is the same check: each finding knows the bandit and
  ruff ids of its check (``os.system`` -> B605/S605, ``shell=True`` ->
  B602/S602...).  So ``# nosec B602`` on an ``os.system`` line does not hide
  it.  A bare ``# nosec`` hides every finding on the statement, like bandit
  (UL901 reports it where it hides one); a bare ``# noqa`` hides nothing here
  (it usually means "line too long").
* Meta findings (UL9xx) are only silenced by ``# utcp-lint: ignore[UL9..]``.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize

from ..core.fieldwise import field, record, record_eq, record_repr
from ..core.lazyre import compile_pattern
from ..ruleset.ids import SUPPRESSION_PREFIX
from .astwalk import children

MARK = compile_pattern(r"nosec|noqa|utcp-lint", re.IGNORECASE)


def has_mark(text: str) -> bool:
    """``MARK.search(text) is not None``: for an ASCII text, its lower-case copy searched
    for the three words (a case-insensitive regex has no literal to skip ahead by: ~30 ns
    a character, 2 ms for a 70 kB file, against ~0.1 ms; issue 25).  Case-insensitive
    matching of ASCII letters in an ASCII text is their lower-casing (Python's ``re``
    folds a few letters to non-ASCII ones too, ``s`` / U+017F, ``k`` / U+212A: only a
    non-ASCII text can hold them, and that goes to the regex)."""
    if text.isascii():
        low = text.lower()
        return "nosec" in low or "noqa" in low or "utcp-lint" in low
    return MARK.search(text) is not None


_IGNORE = compile_pattern(r"utcp-lint\s*:\s*(ignore|disable)\b(?:\s*\[([^\]]*)\])?\s*(.*)", re.IGNORECASE)
_NOSEC = compile_pattern(r"\bnosec\b:?(.*)", re.IGNORECASE)
_NOQA = compile_pattern(r"\bnoqa\b(?:\s*:(.*))?", re.IGNORECASE)

BANDIT_NAMES = {
    "subprocess_popen_with_shell_equals_true": "B602",
    "subprocess_without_shell_equals_true": "B603",
    "any_other_function_with_shell_equals_true": "B604",
    "start_process_with_a_shell": "B605",
    "start_process_with_no_shell": "B606",
    "start_process_with_partial_path": "B607",
    "paramiko_calls": "B601",
    "exec_used": "B102",
    "eval": "B307",
}


@record
class Comment:
    kind: str  # ignore | nosec | noqa
    line: int
    start: int  # offsets of the comment text (from '#')
    end: int
    text: str
    ids: list = field(default_factory=list)  # upper-cased ids named
    reason: str = ""
    id_spans: list = field(default_factory=list)  # (id, start, end)

    def __init__(
        self,
        kind: str,
        line: int,
        start: int,
        end: int,
        text: str,
        ids: list | None = None,
        reason: str = "",
        id_spans: list | None = None,
    ) -> None:
        self.kind = kind
        self.line = line
        self.start = start
        self.end = end
        self.text = text
        self.ids = list() if ids is None else ids
        self.reason = reason
        self.id_spans = list() if id_spans is None else id_spans

    __repr__ = record_repr
    __eq__ = record_eq


def find_comments(text: str, pos) -> list[Comment]:
    """Every suppression comment, found with ``tokenize`` (so a ``#`` inside a
    string never counts).  Only called when the text mentions a marker."""
    if not has_mark(text):
        return []
    out: list[Comment] = []
    try:
        toks = tokenize.generate_tokens(io.StringIO(text).readline)
        for tok in toks:
            if tok.type != tokenize.COMMENT or not MARK.search(tok.string):
                continue
            line, col = tok.start
            start = pos.starts[line - 1] + col if line - 1 < len(pos.starts) else 0
            out.extend(_parse_comment(tok.string, line, start))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return out


def comments_in_lines(text: str, pos, first: int, last: int) -> list[Comment]:
    """Suppression comments on lines ``first..last`` (one statement): only
    that slice is tokenized, and only when it mentions a marker."""
    starts = pos.starts
    if first < 1 or first > len(starts):
        return []
    a = starts[first - 1]
    b = starts[last] if last < len(starts) else len(text)
    chunk = text[a:b]
    if not has_mark(chunk):
        return []
    out: list[Comment] = []
    # the statement's first line may be indented: tokenize a dedented copy,
    # adding the indent back to the columns of the first line only
    lines = chunk.splitlines(keepends=True)
    try:
        for tok in tokenize.generate_tokens(io.StringIO(chunk).readline):
            if tok.type != tokenize.COMMENT or not MARK.search(tok.string):
                continue
            line, col = tok.start
            start = starts[first + line - 2] + col
            out.extend(_parse_comment(tok.string, first + line - 1, start))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        # fall back to a plain scan of the lines (a statement slice that
        # tokenize refuses, e.g. a dedent inside it)
        off = a
        for i, ln in enumerate(lines):
            j = ln.find("#")
            if j != -1 and MARK.search(ln, j):
                out.extend(_parse_comment(ln[j:].rstrip("\r\n"), first + i, off + j))
            off += len(ln)
    return out


def _parse_comment(s: str, line: int, start: int) -> list[Comment]:
    out = []
    end = start + len(s)
    m = _IGNORE.search(s)
    if m:
        ids, spans = [], []
        if m.group(2) is not None:
            base = start + m.start(2)
            for im in re.finditer(r"[^,\s]+", m.group(2)):
                ids.append(im.group(0).upper())
                spans.append((im.group(0).upper(), base + im.start(), base + im.end()))
        reason = m.group(3).strip().lstrip("-:—").strip()
        # another marker later in the same comment is its own directive
        reason = re.split(r"#", reason)[0].strip()  # a later '#' starts another comment
        out.append(Comment("ignore", line, start, end, s, ids, reason, spans))
    m = _NOSEC.search(s)
    if m:
        ids = []
        for w in re.split(r"[\s,]+", (m.group(1) or "").strip()):
            if not w:
                continue
            u = w.upper()
            if re.match(r"^[A-Z]+\d+$", u):
                ids.append(u)
            elif w.lower() in BANDIT_NAMES:
                ids.append(BANDIT_NAMES[w.lower()])
            else:
                break
        out.append(Comment("nosec", line, start, end, s, ids))
    m = _NOQA.search(s)
    if m:
        ids = []
        for w in re.split(r"[\s,]+", (m.group(1) or "").strip()):
            if not re.match(r"^[A-Za-z]+\d+$", w):
                break
            ids.append(w.upper())
        out.append(Comment("noqa", line, start, end, s, ids))
    return out


def statement_ranges(tree: ast.Module) -> dict:
    """line -> (first, last) line of the innermost statement (or compound
    statement header) that covers it."""
    ranges: dict[int, tuple[int, int]] = {}
    stack: list[tuple[ast.AST, int]] = [(tree, 0)]
    while stack:
        node, _ = stack.pop()
        for child in children(node):
            if isinstance(child, ast.stmt):
                first = child.lineno
                decos = getattr(child, "decorator_list", None)
                if decos:
                    first = min([first] + [d.lineno for d in decos])
                body = getattr(child, "body", None)
                if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                    last = max(child.lineno, body[0].lineno - 1) if body[0].lineno > child.lineno else child.lineno
                    # headers spanning lines (long signatures, with-items): up to the body
                else:
                    last = child.end_lineno or child.lineno
                for ln in range(first, last + 1):
                    ranges[ln] = (first, last)
                stack.append((child, 0))
            elif isinstance(child, (ast.excepthandler,)) or type(child).__name__ == "match_case":
                stack.append((child, 0))
    return ranges


def rule_matches(rule_id: str, ids) -> bool:
    r = rule_id.upper()
    return any(r == i or (i.startswith("UL") and r.startswith(i)) for i in ids)


class Suppressor:
    def __init__(self, text: str, ranges: dict, pos, foreign: bool = True):
        """``foreign``: honour the comments written for bandit and ruff (``# nosec``,
        ``# noqa: S602``); False with ``--ignore-foreign-suppressions`` (an audit of code
        whose suppressions nobody here reviewed: bandit's ``--ignore-nosec``, ruff's
        ``--ignore-noqa``).  utcp-lint's own ids (``# noqa: UL401``,
        ``# utcp-lint: ignore[UL401]``) are honoured either way."""
        self.text = text
        self.ranges = ranges
        self.pos = pos
        self.foreign = foreign
        self._by_range: dict = {}

    def statement_of(self, line: int) -> tuple[int, int]:
        return self.ranges.get(line, (line, line))

    def comments_for(self, line: int) -> list[Comment]:
        r = self.statement_of(line)
        got = self._by_range.get(r)
        if got is None:
            got = self._by_range[r] = comments_in_lines(self.text, self.pos, r[0], r[1])
        return got

    def suppressed(self, rule_id: str, line: int, compat: frozenset) -> Comment | None:
        meta = rule_id.upper().startswith(SUPPRESSION_PREFIX)
        for c in self.comments_for(line):
            if c.kind == "ignore":
                if c.ids and rule_matches(rule_id, c.ids):
                    return c
            elif meta:
                continue
            elif c.kind == "nosec":
                if self.foreign and (not c.ids or rule_matches(rule_id, c.ids) or compat & set(c.ids)):
                    return c
            elif c.kind == "noqa":
                if c.ids and (rule_matches(rule_id, c.ids) or (self.foreign and compat & set(c.ids))):
                    return c
        return None
