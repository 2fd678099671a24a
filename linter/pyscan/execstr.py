"""Shell sinks inside code strings given to ``exec``/``eval``/``compile`` (UL410).

``exec("import os; os.system(cmd)")`` is a constant string, so UL405 (code
built from parameters) stays quiet, yet the string calls a shell with ``cmd``
from the enclosing function.  The string is parsed and scanned like a module:
a synthetic text puts the enclosing module's top-level imports first, then a
function whose parameters are the enclosing function's parameters that the
code reads, then the code, indented.  Every shell sink found there whose
command depends on those parameters becomes a :attr:`SinkKind.EXEC_STRING_SHELL`
sink (carrying the inner one) at the exact characters of the inner callee inside the string literal (escape-aware, via
:func:`.strings.string_ref`); when the literal cannot be mapped (an f-string,
a value assembled elsewhere) the finding spans the ``exec``/``eval`` callee.
"""

from __future__ import annotations

import ast
import bisect

from .facts import SHELL_KINDS, SinkKind
from .strings import string_ref

MAX_CODE = 20000


def _literal_for(scope_node, code: str):
    """The str constant in ``scope_node`` whose value is ``code`` (the literal handed to exec)."""
    for n in ast.walk(scope_node):
        if isinstance(n, ast.Constant) and n.value == code and isinstance(n.value, str):
            return n
    return None


def shell_in_code_string(det, call: ast.Call, scope, kind: str, code_expr, code: str) -> None:
    from .evaluate import Evaluator
    from .scopes import ModuleModel
    from .sinks import Sink, detect_sinks

    if len(code) > MAX_CODE or not any(
        w in code for w in ("system", "popen", "subprocess", "spawn", "exec", "getoutput", "shell")
    ):
        return
    try:
        inner_tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return
    fs = scope
    while fs is not None and fs.kind not in ("function", "module"):
        fs = fs.parent
    params = list(fs.params) if fs is not None and fs.kind == "function" else []
    if fs is not None and fs.kind == "function":
        params += [p for p in (fs.vararg, fs.kwarg) if p]
    used = {n.id for n in ast.walk(inner_tree) if isinstance(n, ast.Name)}
    free = [p for p in params if p in used]
    if not free:
        return
    imports = [
        ast.unparse(st)
        for st in det.m.tree.body
        if isinstance(st, (ast.Import, ast.ImportFrom))
        and not (isinstance(st, ast.ImportFrom) and st.module == "__future__")
    ]
    header = imports + [f"def __utcp_exec__({', '.join(free)}):"]
    lines = code.split("\n")
    synth = "\n".join(header + ["    " + ln for ln in lines]) + "\n"
    try:
        tree = ast.parse(synth)
    except (SyntaxError, ValueError):
        return  # code whose lines cannot be indented (a multi-line string inside): not followed
    model = ModuleModel(tree, synth)
    inner = [s for s in detect_sinks(model, Evaluator(model)) if s.kind in SHELL_KINDS and s.ev.params]
    if not inner:
        return
    synth_starts = [0]
    for ln in synth.split("\n")[:-1]:
        synth_starts.append(synth_starts[-1] + len(ln) + 1)
    code_starts = [0]
    for ln in lines[:-1]:
        code_starts.append(code_starts[-1] + len(ln) + 1)
    hl = len(header)

    def to_code(off):
        li = bisect.bisect_right(synth_starts, off) - 1
        return code_starts[li - hl] + max(0, off - synth_starts[li] - 4)

    lit = _literal_for(fs.node if fs is not None else det.m.tree, code) if fs is not None else None
    ref = None
    if lit is not None:
        ls, le = det.m.pos.span(lit)
        ref = string_ref(det.m.text, ls, le, code)
        if ref.table and len(set(ref.table)) == 1 and len(code) > 1:
            ref = None  # not mappable (f-string...): fall back to the exec call
    es, ee = det.span_of(call)
    for s in inner:
        if ref is not None:
            a, b = ref.span(to_code(s.start), to_code(s.end))
        else:
            a, b = es, ee
        det.sinks.append(
            Sink(
                SinkKind.EXEC_STRING_SHELL,
                s.callee,
                a,
                b,
                call,
                scope,
                s.ev,
                s.level,
                s.certainty,
                (),
                f"{kind}:{s.callee}",
                inner=s,
                code_runner=kind,
                enclosing=fs.name if fs is not None and fs.name else "",
            )
        )
