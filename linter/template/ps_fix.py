"""Safe, self-verifying fixes for the PowerShell rules.

Every fix is computed on the step's command string (template offsets), then
*checked* before it is offered: the fixed command is run through the runtime
tracker model and the tokenizer again, and the fix is dropped unless the
placeholders it targets become expanding (and every other placeholder of the
step keeps the tracker state it had).  Edits are expressed on the JSON source
through ``step.ref.span`` with the replacement JSON-escaped; templates from
Python source get no fix.
"""

from __future__ import annotations

import json

from ..core.findings import Fix, TextEdit
from ..document.refs import JsonStringRef
from .ps_lexer import DQ_CHARS, SQ_CHARS

__all__ = ["sq_to_dq_fix", "comment_quotes_fix", "dq_escape"]

_SQ = frozenset(SQ_CHARS)
_DQ = frozenset(DQ_CHARS)


def dq_escape(s: str) -> str:
    """Text that reads as ``s`` inside a PowerShell "..." string."""
    out = []
    for c in s:
        if c == "`" or c == "$" or c in _DQ:
            out.append("`" + c)
        else:
            out.append(c)
    return "".join(out)


def _undouble_sq(s: str) -> str:
    out = []
    i = 0
    while i < len(s):
        c = s[i]
        if c in _SQ and i + 1 < len(s) and s[i + 1] in _SQ:
            out.append(s[i + 1])  # PowerShell keeps the second quote of a pair
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _json_ref(step):
    return isinstance(step.ref, JsonStringRef)


def _edit(step, a: int, b: int, new: str) -> TextEdit:
    s, e = step.ref.span(a, b)
    if a == b:
        e = s
    return TextEdit(s, e, json.dumps(new, ensure_ascii=False)[1:-1])


def _verify(cmd: str, new_cmd: str, lo: int, hi: int, shift: int, targets_expand: bool = True) -> bool:
    """Placeholders in [lo, hi) of ``new_cmd`` no longer raise and expand;
    the others keep their tracker state."""
    from .powershell import analyze_commands, tracker_states

    before = {(a if a < lo else a + shift): st for _n, a, _b, st in tracker_states(cmd)}
    after = tracker_states(new_cmd)
    if len(after) != len(before):
        return False
    an = analyze_commands([{"command": new_cmd, "append_to_final_output": None}])
    ctx = {o.template_start: o for o in an.occurrences}
    an.close()  # its tree is freed by reference counting (the occurrences are kept)
    for _n, a, _b, st in after:
        if lo <= a < hi:
            if st == "sq":
                return False
            if targets_expand and (a not in ctx or not ctx[a].expands):
                return False
        elif before.get(a) != st:
            return False
    return True


# Verifying a fix re-analyses the whole step: one per string that holds a
# placeholder.  A step with 1,000 such strings made that quadratic (issue 18),
# so each analysis gets a verification budget in characters re-analysed
# (16 x its script, at least 1 MB): past it, findings come without a fix.
_VERIFY_BUDGET_FACTOR = 16
_VERIFY_BUDGET_MIN = 1 << 20


def _spend(analysis, n: int) -> bool:
    """Take ``n`` characters from the analysis' fix-verification budget."""
    left = analysis.fix_budget
    if left is None:
        left = max(_VERIFY_BUDGET_MIN, _VERIFY_BUDGET_FACTOR * len(analysis.script))
    if left < n:
        return False
    analysis.fix_budget = left - n
    return True


def sq_to_dq_fix(tpl, analysis, occ) -> Fix | None:
    """Turn the ``'...'`` / ``@'...'@`` holding ``occ`` into ``"..."`` / ``@"..."@``."""
    node = occ.string
    if node is None:
        return None
    # placeholders in the same string get the same fix: verify it once
    cache = analysis.sq_fixes
    if cache is None:
        cache = analysis.sq_fixes = {}
    key = (occ.step, node.start, node.end)
    if key not in cache:
        cache[key] = _sq_to_dq_fix(tpl, analysis, occ)
    return cache[key]


def _sq_to_dq_fix(tpl, analysis, occ) -> Fix | None:
    node = occ.string
    if node is None or node.kind not in ("sq", "here_sq") or node.attrs.get("unterminated"):
        return None
    if not (0 <= occ.step < len(tpl.steps)):
        return None
    step = tpl.steps[occ.step]
    if not _json_ref(step):
        return None
    span = analysis.to_template_span(node.start, node.end)
    if span is None or span[0] != occ.step:
        return None
    _s, a, b = span
    cmd = step.command
    tt = cmd[a:b]
    if node.kind == "sq":
        if len(tt) < 2 or tt[0] not in _SQ or tt[-1] not in _SQ:
            return None
        new = '"' + dq_escape(_undouble_sq(tt[1:-1])) + '"'
    else:
        bt = analysis.to_template(node.attrs.get("body", node.start))
        be = analysis.to_template(node.attrs.get("body_end", node.end))
        if bt is None or be is None or bt[0] != occ.step or be[0] != occ.step:
            return None
        b0, b1 = bt[1] - a, be[1] - a
        if not (2 <= b0 <= b1 <= len(tt) - 2) or tt[0] != "@" or tt[-1] != "@":
            return None
        new = '@"' + tt[2:b0] + dq_escape(tt[b0:b1]) + tt[b1:-2] + '"@'
    new_cmd = cmd[:a] + new + cmd[b:]
    if not _spend(analysis, 4 * len(new_cmd)) or not _verify(cmd, new_cmd, a, a + len(new), len(new) - len(tt)):
        return None
    what, into = ("'...'", '"..."') if node.kind == "sq" else ("@'...'@", '@"..."@')
    return Fix(
        'rewrite the PowerShell %s string as an expanding %s string (escaping $, ` and ")' % (what, into),
        [_edit(step, a, b, new)],
    )


def comment_quotes_fix(tpl, analysis, step_index: int) -> Fix | None:
    """Escape (with a backtick) every ASCII quote inside PowerShell comments of
    a step, so the runtime's tracker stops reading them as string openers.  A
    backtick inside a comment changes nothing for PowerShell."""
    if not (0 <= step_index < len(tpl.steps)):
        return None
    step = tpl.steps[step_index]
    if not _json_ref(step) or step_index >= len(analysis.step_spans):
        return None
    s0, s1 = analysis.step_spans[step_index]
    cmd = step.command
    inserts: list[int] = []
    for nd in analysis.parsed.nodes:
        if nd.kind != "comment" or nd.end <= s0 or nd.start >= s1:
            continue
        for off in range(max(nd.start, s0), min(nd.end, s1)):
            ch = analysis.script[off]
            if ch in "'\"":
                m = analysis.to_template(off)
                if m is None or m[0] != step_index:
                    continue
                t = m[1]
                if 0 <= t < len(cmd) and cmd[t] == ch:
                    # already escaped (odd run of backticks before it)?
                    k = t
                    while k > 0 and cmd[k - 1] == "`":
                        k -= 1
                    if (t - k) % 2 == 0:
                        inserts.append(t)
    if not inserts:
        return None
    inserts = sorted(set(inserts))
    new_cmd = []
    pos = 0
    for t in inserts:
        new_cmd.append(cmd[pos:t])
        new_cmd.append("`")
        pos = t
    new_cmd.append(cmd[pos:])
    fixed = "".join(new_cmd)
    if not _spend(analysis, len(fixed)):
        return None
    # verify: every expanding placeholder is now substituted without error
    from .powershell import analyze_commands

    an = analyze_commands([{"command": fixed, "append_to_final_output": None}])
    an.close()  # its tree is freed by reference counting
    if an.error is not None:
        return None
    return Fix(
        "escape the quote characters inside PowerShell comments with a backtick so the "
        "runtime's quote tracker ignores them",
        [_edit(step, t, t, "`") for t in inserts],
    )
