"""PowerShell half of the template engine: where each placeholder really lands.

``analyze(tpl)`` (called lazily as ``tpl.powershell``) renders the template the
way utcp-cli 1.1.5 does on Windows (via :mod:`utcp_lint.executor.render`),
tokenizes the rendered script with :mod:`.ps_lexer` and maps every
``${env:__UTCP_ARG_<nonce>_<name>}`` reference back to its placeholder in the
template.  Each :class:`PsOccurrence` says what PowerShell really does with the
value there (expanding string, verbatim string, comment, stop-parsing region,
bare argument, command name, argument ``k`` of command ``X``...) next to what
the runtime's naive quote tracker believed (``runtime_state``).

When the runtime would raise (a placeholder the tracker sees inside ``'...'``)
there is no rendered script; the analysis then tokenizes the template itself,
with every placeholder replaced by the reference the runtime would have
written ("what-if" rendering), so rules can still report every placeholder.

See docs/design/powershell.md for the API and the design measurements.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.cached import cached_property
from ..document.placeholder_scan import PlaceholderScan
from .ps_lexer import DQ_CHARS, SQ_CHARS, PsArg, PsNode, PsScript, tokenize

if TYPE_CHECKING:
    from ..executor.render import Rendered

__all__ = [
    "PsOccurrence",
    "PsAnalysis",
    "analyze",
    "analyze_commands",
    "tracker_states",
    "tracker_walk",
    "static_value",
    "command_name",
    "normalize_command",
    "CONTEXTS",
]

NONCE = "0" * 16
HEADER = ('$ErrorActionPreference = "Stop"', "# Variables to store command outputs")

#: occurrence contexts: does PowerShell read the value there?
CONTEXTS = {
    "expanding": True,  # inside "..."
    "here_expanding": True,  # inside @"..."@
    "bare": True,  # part of an unquoted argument word (foo${env:V}bar)
    "value": True,  # the reference alone: an argument, a command name, an operand
    "verbatim": False,  # inside '...' (any of ' ‘ ’ ‚ ‛)
    "here_verbatim": False,  # inside @'...'@
    "comment": False,  # inside # ... or <# ... #>
    "stop_parsing": False,  # after --% (passed as text to the native command)
    "mangled": False,  # glued into another token ($UTCP_ARG..., ${UTCP_ARG...})
}


# ----------------------------------------------------------------------------
# the runtime's quote tracker (independent re-implementation, non-raising)
# ----------------------------------------------------------------------------


def tracker_states(command: str) -> list[tuple[str, int, int, str]]:
    """See :func:`tracker_walk`; without the opener offsets."""
    return [(n, a, b, st) for n, a, b, st, _o in tracker_walk(command)]


def tracker_walk(command: str) -> list[tuple[str, int, int, str, int | None]]:
    """``(name, start, end, state)`` for every placeholder the runtime's naive
    three-state tracker substitutes, with the state it is in there
    (``normal`` / ``dq`` / ``sq``).  The runtime raises ValueError at the first
    one whose state is ``sq``; this function does not stop there.

    Model (utcp-cli 1.1.5, Windows): only ASCII ``'`` and ``"`` change state;
    a backtick in normal or dq state skips the next character; in sq state
    ``''`` is skipped as a pair; a placeholder is matched before anything else
    at every position the scan reaches.
    """
    out: list[tuple[str, int, int, str, int | None]] = []
    state = "normal"
    opener: int | None = None
    i = 0
    n = len(command)
    scan = PlaceholderScan(command)  # PLACEHOLDER_RE.match in O(log n), not a lazy walk
    while i < n:
        m = scan.match(i)
        if m:
            out.append((m[0], m[1], m[2], state, opener))
            i = m[2]
            continue
        c = command[i]
        if state == "sq":
            if c == "'":
                if i + 1 < n and command[i + 1] == "'":
                    i += 2
                    continue
                state = "normal"
            i += 1
            continue
        if c == "`" and i + 1 < n:
            i += 2
            continue
        if c == "'" and state == "normal":
            state = "sq"
            opener = i
        elif c == '"':
            state = "dq" if state == "normal" else "normal"
            opener = i
        i += 1
    return out


# ----------------------------------------------------------------------------
# results
# ----------------------------------------------------------------------------


@dataclass(eq=False)
class PsOccurrence:
    """One placeholder of one step, and what PowerShell does with its value."""

    name: str
    step: int  # position in tpl.steps (as RULE.at_template expects)
    template_start: int
    template_end: int
    script_start: int
    script_end: int
    env_var: str
    runtime_state: str  # the runtime tracker's state: normal | dq | sq
    context: str  # a key of CONTEXTS
    node: PsNode = field(repr=False)  # innermost node holding the reference
    runtime_opener: int | None = None  # template offset of the quote that opened the state
    command: PsNode | None = field(default=None, repr=False)  # innermost enclosing command
    role: str | None = None  # name | argument | redirect | expression | None
    arg: PsArg | None = field(default=None, repr=False)
    string: PsNode | None = field(default=None, repr=False)  # innermost string/comment/bare

    @property
    def expands(self) -> bool:
        """PowerShell reads the env var here at run time."""
        return CONTEXTS.get(self.context, False)

    @property
    def runtime_raises(self) -> bool:
        """The runtime's tracker sees this placeholder inside '...' (ValueError)."""
        return self.runtime_state == "sq"

    @property
    def arg_index(self) -> int | None:
        return self.arg.index if self.arg is not None else None


@dataclass(eq=False)
class PsAnalysis:
    script: str
    parsed: PsScript = field(repr=False)
    occurrences: list[PsOccurrence]
    step_spans: list[tuple[int, int]]
    # the runtime's own verdict
    error: str | None = None
    error_step: int | None = None
    error_template_start: int | None = None
    error_template_end: int | None = None
    rendered_by: str = "executor"  # executor | whatif
    # per step: [(template_start, template_end, script_start, script_end)] of placeholders
    _maps: list[list[tuple[int, int, int, int]]] = field(default_factory=list, repr=False)
    # the quote fixes' state (:mod:`.ps_fix`): characters left to re-analyse when
    # verifying a fix (None: not started), and the fix found per quoted string
    fix_budget: int | None = field(default=None, repr=False)
    sq_fixes: dict[tuple[int, int, int], Any] | None = field(default=None, repr=False)

    @property
    def ok(self) -> bool:
        return self.error is None

    def close(self) -> None:
        """Break the parse tree's cycles (:meth:`PsScript.close`)."""
        self.parsed.close()

    @cached_property
    def sinks(self):
        """Every place a value's text is evaluated again (see :mod:`.ps_sinks`)."""
        from .ps_sinks import find_sinks

        return find_sinks(self)

    # ---- offsets ------------------------------------------------------------
    def step_of(self, script_offset: int) -> int | None:
        starts = [a for a, _b in self.step_spans]
        j = bisect.bisect_right(starts, script_offset) - 1
        if j >= 0 and self.step_spans[j][0] <= script_offset <= self.step_spans[j][1]:
            return j
        return None

    def _index(self, step: int):
        """Per step: the maps' script starts, template starts and the total
        length shift before each entry (prefix sums), for bisection: a linear
        walk per lookup made a step with thousands of placeholders quadratic
        (issue 18)."""
        cache = self.__dict__.setdefault("_map_index", {})
        idx = cache.get(step)
        if idx is None:
            m = self._maps[step]
            cum = [0]
            for t0, t1, s0, s1 in m:
                cum.append(cum[-1] + (s1 - s0) - (t1 - t0))
            idx = cache[step] = ([e[2] for e in m], [e[0] for e in m], cum)
        return idx

    def to_template(self, script_offset: int) -> tuple[int, int] | None:
        """``(step, template_offset)`` of a script offset inside a step's command.

        Offsets inside an emitted reference map to the placeholder's start."""
        step = self.step_of(script_offset)
        if step is None:
            return None
        base = self.step_spans[step][0]
        s0s, _t0s, cum = self._index(step)
        k = bisect.bisect_right(s0s, script_offset) - 1  # entries starting at or before the offset
        if k >= 0:
            t0, t1, s0, s1 = self._maps[step][k]
            if script_offset < s1:
                return step, t0
        return step, script_offset - base - cum[k + 1]

    def to_template_span(self, start: int, end: int) -> tuple[int, int, int] | None:
        """``(step, tstart, tend)`` for a script span inside one step (end exclusive)."""
        a = self.to_template(start)
        if a is None:
            return None
        if end <= start:
            return a[0], a[1], a[1]
        b = self.to_template(end - 1)
        if b is None or b[0] != a[0]:
            return None
        step, tb = b
        # the last character may be inside a reference: extend to its placeholder end
        s0s, _t0s, _cum = self._index(step)
        k = bisect.bisect_right(s0s, end - 1) - 1
        if k >= 0:
            t0, t1, s0, s1 = self._maps[step][k]
            if s0 <= end - 1 < s1:
                return step, a[1], t1
        return step, a[1], tb + 1

    def to_script(self, step: int, template_offset: int) -> int:
        base = self.step_spans[step][0]
        _s0s, t0s, cum = self._index(step)
        k = bisect.bisect_right(t0s, template_offset) - 1
        if k >= 0:
            t0, t1, s0, s1 = self._maps[step][k]
            if template_offset < t1:
                return s0
        return base + template_offset + cum[k + 1]

    # ---- convenience --------------------------------------------------------
    def text(self, node) -> str:
        return self.script[node.start : node.end]

    def commands_in_step(self, step: int) -> list[PsNode]:
        a, b = self.step_spans[step]
        return [c for c in self.parsed.commands if a <= c.start < b]

    def for_step(self, step: int) -> list[PsOccurrence]:
        return [o for o in self.occurrences if o.step == step]


# ----------------------------------------------------------------------------
# static values and command names
# ----------------------------------------------------------------------------


def static_value(node: PsNode, src: str) -> str | None:
    """The constant string a node stands for, or None when it expands anything."""
    if node is None:
        return None
    txt = src[node.start : node.end]
    if node.kind == "sq":
        body = txt[1:-1] if len(txt) >= 2 and not node.attrs.get("unterminated") else txt[1:]
        return re.sub("[" + SQ_CHARS + "]([" + SQ_CHARS + "])", r"\1", body)
    if node.kind == "here_sq":
        b, e = node.attrs.get("body", node.start), node.attrs.get("body_end", node.end)
        return src[b:e]
    if node.kind in ("dq", "bare", "here_dq"):
        if any(c.kind in ("variable", "subexpr", "dq") for c in node.children):
            return None
        if node.kind == "dq":
            body = txt[1:-1] if len(txt) >= 2 and not node.attrs.get("unterminated") else txt[1:]
            body = re.sub("[" + DQ_CHARS + "]([" + DQ_CHARS + "])", r"\1", body)
        elif node.kind == "here_dq":
            body = src[node.attrs.get("body", node.start) : node.attrs.get("body_end", node.end)]
        else:
            if node.children:  # embedded '...' parts
                out = []
                pos = node.start
                for c in node.children:
                    out.append(_unescape(src[pos : c.start]))
                    out.append(static_value(c, src) or "")
                    pos = c.end
                out.append(_unescape(src[pos : node.end]))
                return "".join(out)
            return _unescape(txt)
        return _unescape_dq(body)
    if node.kind == "parameter":
        return txt
    return None


_DQ_ESC = {"0": "\0", "a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}


def _unescape_dq(s: str) -> str:
    return re.sub(r"`(.)", lambda m: _DQ_ESC.get(m.group(1), m.group(1)), s, flags=re.S)


def _unescape(s: str) -> str:
    return re.sub(r"`(.)", r"\1", s, flags=re.S)


def normalize_command(name: str) -> str:
    """``C:\\Windows\\System32\\CMD.EXE`` -> ``cmd``; ``Invoke-Expression`` -> ``invoke-expression``."""
    n = name.strip().strip("\"'").replace("/", "\\").rsplit("\\", 1)[-1].lower()
    for ext in (".exe", ".com", ".cmd", ".bat", ".ps1"):
        if n.endswith(ext) and len(n) > len(ext):
            return n[: -len(ext)]
    return n


def command_name(cmd: PsNode, src: str) -> str | None:
    """The constant name of a command node (as written), or None."""
    nm = cmd.attrs.get("name") if cmd is not None else None
    if nm is None:
        return None
    return static_value(nm, src)


# ----------------------------------------------------------------------------
# rendering
# ----------------------------------------------------------------------------


def _steps_of(tpl) -> list[dict]:
    return [{"command": s.command, "append_to_final_output": s.append_to_final_output} for s in tpl.steps]


def _whatif_render(steps: list[dict]):
    """The runtime's script layout, every placeholder substituted (never raises)."""
    lines = list(HEADER)
    offset = sum(len(x) + 1 for x in lines)
    spans = []
    step_spans = []
    for idx, st in enumerate(steps):
        cmd = st["command"]
        prefix = "$CMD_%d_OUTPUT = " % idx
        pieces = []
        pos = 0
        out_len = 0
        base = offset + len(prefix)
        for name, a, b, state in tracker_states(cmd):
            pieces.append(cmd[pos:a])
            out_len += a - pos
            var = "__UTCP_ARG_" + NONCE + "_" + name
            ref = "${env:" + var + "}"
            spans.append((name, idx, a, b, base + out_len, base + out_len + len(ref), var, state))
            pieces.append(ref)
            out_len += len(ref)
            pos = b
        pieces.append(cmd[pos:])
        text = "".join(pieces)
        step_spans.append((base, base + len(text)))
        line = prefix + text + " 2>&1 | Out-String"
        lines.append(line)
        offset += len(line) + 1
    last = len(steps) - 1
    for idx, st in enumerate(steps):
        ap = st.get("append_to_final_output")
        if ap is None:
            ap = idx == last
        if ap:
            lines.append("Write-Output $CMD_%d_OUTPUT" % idx)
    return "\n".join(lines), spans, step_spans


def _render(steps: list[dict]):
    """(script, spans, step_spans, error info, rendered_by)."""
    err: tuple[str | None, int | None, int | None, int | None] = (None, None, None, None)
    _exec_render: Callable[..., Rendered] | None
    try:
        from ..executor.render import render as _exec_render
    except Exception:  # pragma: no cover - executor missing: what-if only
        _exec_render = None
    if _exec_render is not None:
        try:
            r = _exec_render(steps, None, shell="powershell", nonce=NONCE)
        except Exception:
            r = None
        if r is not None:
            if r.error is None:
                # the executor does not stop at sq; our tracker gives the states too
                spans = [
                    (s.name, s.step, s.template_start, s.template_end, s.script_start, s.script_end, s.env_var, s.state)
                    for s in r.spans
                ]
                return r.script, spans, list(r.step_spans), err, "executor"
            err = (r.error, r.error_step, r.error_template_start, r.error_template_end)
    script, spans, step_spans = _whatif_render(steps)
    if _exec_render is None:
        # derive the runtime's verdict from our own tracker
        for name, idx, a, b, _s0, _s1, _v, state in spans:
            if state == "sq":
                err = (
                    "Placeholder UTCP_ARG_%s_UTCP_END appears inside a PowerShell single-quoted string" % name,
                    idx,
                    a,
                    b,
                )
                break
    return script, spans, step_spans, err, "whatif"


# ----------------------------------------------------------------------------
# analysis
# ----------------------------------------------------------------------------

_STRINGISH = {"sq": "verbatim", "here_sq": "here_verbatim", "comment": "comment", "stop_parsing": "stop_parsing"}


def _classify(parsed: PsScript, s0: int, s1: int):
    """(context, node, command, role, arg, string) for the reference at [s0, s1)."""
    node = parsed.node_at(s0)
    if node.kind in _STRINGISH:
        ctx = _STRINGISH[node.kind]
        cmd, role, arg = _role_of(node)
        return ctx, node, cmd, role, arg, node
    if node.kind == "variable" and node.start == s0 and node.end == s1:
        parent = node.parent
        if parent is not None and parent.kind == "dq":
            ctx, string = "expanding", parent
        elif parent is not None and parent.kind == "here_dq":
            ctx, string = "here_expanding", parent
        elif parent is not None and parent.kind == "bare":
            ctx, string = "bare", parent
        else:
            ctx, string = "value", None
        cmd, role, arg = _role_of(node)
        return ctx, node, cmd, role, arg, string
    cmd, role, arg = _role_of(node)
    return "mangled", node, cmd, role, arg, None


def _role_of(node: PsNode):
    """Innermost command/expression holding ``node`` and the node's role there."""
    child = node
    p = node.parent
    while p is not None:
        if p.kind == "redirect":
            q = p.parent
            return (q if q is not None and q.kind == "command" else None), "redirect", None
        if p.kind == "command":
            if p.attrs.get("name") is child:
                return p, "name", None
            if child.attrs.get("redirect") is not None:
                return p, "redirect", None
            a = child.attrs.get("arg")
            if a is not None:
                return p, "argument", a
            return p, None, None
        if p.kind == "expression":
            return None, "expression", None
        child = p
        p = p.parent
    return None, None, None


def analyze_commands(steps: list[dict]) -> PsAnalysis:
    """Analyse plain steps (``[{"command": ..., "append_to_final_output": ...}]``)."""
    script, spans, step_spans, (err, err_step, err_a, err_b), by = _render(steps)
    parsed = tokenize(script)
    maps: list[list[tuple[int, int, int, int]]] = [[] for _ in step_spans]
    occ: list[PsOccurrence] = []
    states: dict[int, dict[tuple[int, int], tuple[str, int | None]]] = {}
    for name, idx, t0, t1, s0, s1, var, state in spans:
        if 0 <= idx < len(maps):
            maps[idx].append((t0, t1, s0, s1))
        # the runtime's state from our tracker (the executor stops at the first sq)
        if idx not in states:
            states[idx] = {(a, b): (st, o) for _n, a, b, st, o in tracker_walk(steps[idx]["command"])}
        rstate, opener = states[idx].get((t0, t1), (state, None))
        ctx, node, cmd, role, arg, string = _classify(parsed, s0, s1)
        occ.append(
            PsOccurrence(
                name=name,
                step=idx,
                template_start=t0,
                template_end=t1,
                script_start=s0,
                script_end=s1,
                env_var=var,
                runtime_state=rstate,
                runtime_opener=opener,
                context=ctx,
                node=node,
                command=cmd,
                role=role,
                arg=arg,
                string=string,
            )
        )
    for m in maps:
        m.sort()
    return PsAnalysis(
        script=script,
        parsed=parsed,
        occurrences=occ,
        step_spans=step_spans,
        error=err,
        error_step=err_step,
        error_template_start=err_a,
        error_template_end=err_b,
        rendered_by=by,
        _maps=maps,
    )


def analyze(tpl) -> PsAnalysis:
    """The PowerShell analysis of a :class:`utcp_lint.ruleset.context.CliTemplate`."""
    return analyze_commands(_steps_of(tpl))
