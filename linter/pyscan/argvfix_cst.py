"""The libcst codemod behind the UL400/UL401 fixes (imported only by ``--fix``/``--diff``).

:mod:`.argvfix` decides, on the ``ast``, whether a call can become an argv
call and which argv elements it gets.  Here libcst rewrites the call: only the
source text of the replaced expression is parsed (``libcst.parse_expression``
of that slice), its nodes are changed (the command argument becomes a list,
``shell=True`` is removed, ``os.system`` becomes ``subprocess.run``), and the
code libcst prints for it replaces exactly that slice.  Everything outside the
call stays byte-for-byte; comments and line breaks between the call's other
arguments are kept by libcst.  ``import subprocess`` is added (one line, in
alphabetical place among the module's leading plain imports) when the module
does not import it yet; an existing ``import subprocess as sp`` is reused.
Parsing the whole module with libcst would cost 8-15x an ``ast`` parse
(docs/design/pyscan.md); a call slice costs well under a millisecond.
"""

from __future__ import annotations

import ast

import libcst as cst

from ..core.findings import Fix, TextEdit
from ..ruleset.ids import ARGV_FIXABLE
from .argvfix import NoFix, NotBuilt, Plan, plan_call
from .scopes import PosMap

RULES = ARGV_FIXABLE
STR_ANNOTATIONS = {"str", "Path", "PurePath", "PosixPath", "os.PathLike", "pathlib.Path"}


def _quote(s: str, prefer: str = '"') -> str:
    if "\\" in s or "\n" in s or "\r" in s or not s.isprintable():
        return repr(s)
    q = prefer if prefer not in s else ("'" if prefer == '"' else '"')
    if q in s:
        return repr(s)
    return q + s + q


class _Ctx:
    def __init__(self, text: str, tree: ast.Module, pos: PosMap):
        self.text = text
        self.tree = tree
        self.pos = pos
        self._funcs: list[ast.FunctionDef | ast.AsyncFunctionDef] | None = None

    def src(self, node) -> str:
        s, e = self.pos.span(node)
        seg = self.text[s:e]
        try:
            if ast.dump(ast.parse(seg.strip(), mode="eval").body) == ast.dump(node):
                return seg.strip()
        except (SyntaxError, ValueError):
            pass
        return ast.unparse(node)

    def function_of(self, node):
        if self._funcs is None:
            self._funcs = [n for n in ast.walk(self.tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        best = None
        for f in self._funcs:
            if f.lineno <= node.lineno <= (f.end_lineno or f.lineno):
                if best is None or f.lineno >= best.lineno:
                    best = f
        return best

    def known_text(self, expr, func) -> bool:
        if isinstance(expr, (ast.JoinedStr,)) or _is_str(expr):
            return True
        if isinstance(expr, ast.Name) and func is not None:
            a = func.args
            for arg in a.posonlyargs + a.args + a.kwonlyargs:
                if arg.arg == expr.id and arg.annotation is not None:
                    try:
                        return ast.unparse(arg.annotation) in STR_ANNOTATIONS
                    except Exception:  # noqa: BLE001
                        return False
        return False


def _is_str(n) -> bool:
    return isinstance(n, ast.Constant) and isinstance(n.value, str)


def _element(word, ctx: _Ctx, func, prefer) -> str:
    if all(s.kind == "lit" for s in word):
        return _quote("".join(s.text for s in word), prefer)
    if len(word) == 1:
        p = word[0].part
        src = ctx.src(p.expr)
        if p.conv == "plain" or ctx.known_text(p.expr, func):
            return src
        return f"str({src})"
    # a word mixing literal text and values: an f-string
    pieces = []
    srcs = []
    for s in word:
        if s.kind == "lit":
            pieces.append(("lit", s.text))
        else:
            srcs.append(ctx.src(s.part.expr))
            pieces.append(("val", srcs[-1]))
    for q in [prefer, "'" if prefer == '"' else '"']:
        if any(q in t or "\\" in t or "\n" in t for _k, t in pieces):
            continue
        body = "".join(t.replace("{", "{{").replace("}", "}}") if k == "lit" else "{" + t + "}" for k, t in pieces)
        return "f" + q + body + q
    return " + ".join(_quote(t, prefer) if k == "lit" else f"str({t})" for k, t in pieces)


def argv_source(plan: Plan, ctx: _Ctx) -> str:
    func = ctx.function_of(plan.call)
    s, _e = ctx.pos.span(plan.cmd)
    prefer = "'" if ctx.text[s : s + 2].lstrip("frbuFRBU")[:1] == "'" else '"'
    return "[" + ", ".join(_element(w, ctx, func, prefer) for w in plan.words) + "]"


# ----------------------------------------------------------------------------
# imports
# ----------------------------------------------------------------------------


def subprocess_binding(tree: ast.Module) -> str | None:
    for st in tree.body:
        if isinstance(st, ast.Import):
            for a in st.names:
                if a.name == "subprocess":
                    return a.asname or "subprocess"
    return None


def import_edit(tree: ast.Module, pos: PosMap) -> TextEdit:
    """Insert ``import subprocess`` among the module's leading imports."""
    body = tree.body
    i = 0
    after = 0
    if body and isinstance(body[0], ast.Expr) and _is_str(body[0].value):
        after = _line_end(pos, body[0].end_lineno)  # type: ignore[arg-type]  # parsed: end_lineno is set
        i = 1
    last_import = None
    while i < len(body) and isinstance(body[i], (ast.Import, ast.ImportFrom)):
        st = body[i]
        if isinstance(st, ast.Import) and len(st.names) == 1 and st.names[0].name > "subprocess" and st.col_offset == 0:
            return TextEdit(pos.starts[st.lineno - 1], pos.starts[st.lineno - 1], "import subprocess\n")
        last_import = st
        i += 1
    if last_import is not None:
        after = _line_end(pos, last_import.end_lineno)  # type: ignore[arg-type]  # parsed: end_lineno is set
    elif after == 0:
        return TextEdit(0, 0, "import subprocess\n")
    if after == len(pos.text) and not pos.text.endswith("\n"):
        return TextEdit(after, after, "\nimport subprocess\n")
    return TextEdit(after, after, "import subprocess\n")


def _line_end(pos: PosMap, lineno: int) -> int:
    return pos.starts[lineno] if lineno < len(pos.starts) else len(pos.text)


def _shadowed(func, name: str) -> bool:
    if func is None:
        return False
    for n in ast.walk(func):
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store):
            return True
        if isinstance(n, ast.arg) and n.arg == name:
            return True
        if isinstance(n, (ast.Import, ast.ImportFrom)) and any((a.asname or a.name) == name for a in n.names):
            return True
    return False


# ----------------------------------------------------------------------------
# the codemod
# ----------------------------------------------------------------------------


def _kw(name: str, value: str, last=False) -> cst.Arg:
    return cst.Arg(
        keyword=cst.Name(name),
        value=cst.parse_expression(value),
        equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")),
        comma=cst.MaybeSentinel.DEFAULT if last else cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")),
    )


def _comma():
    return cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))


def rewrite_call(plan: Plan, ctx: _Ctx, sp: str) -> str:
    """The new source text of ``plan.outer``."""
    s, e = ctx.pos.span(plan.outer)
    node = cst.parse_expression(ctx.text[s:e])
    argv = cst.parse_expression(argv_source(plan, ctx))
    if plan.kind == "subprocess":
        assert isinstance(node, cst.Call) and plan.call is not None
        args = list(node.args)
        ci = (
            0
            if plan.call.args and plan.call.args[0] is plan.cmd_arg
            else next(i for i, a in enumerate(args) if a.keyword is not None and a.keyword.value == "args")
        )
        args[ci] = args[ci].with_changes(value=argv)
        si = next(i for i, a in enumerate(args) if a.keyword is not None and a.keyword.value == "shell")
        removed = args.pop(si)
        if si == len(args) and args:
            args[-1] = args[-1].with_changes(comma=removed.comma)
        return cst.Module(body=[]).code_for_node(node.with_changes(args=args))
    if plan.kind == "popen_read":
        inner = node.func.value  # type: ignore[attr-defined]  # os.popen(...).read(): a Call of an Attribute
    else:
        inner = node
    assert isinstance(inner, cst.Call)
    first = inner.args[0]
    run = cst.parse_expression(f"{sp}.Popen" if plan.kind == "popen" else f"{sp}.run")
    extra = {
        "system": [],
        "popen_read": [("stdout", f"{sp}.PIPE"), ("text", "True")],
        "popen": [("stdout", f"{sp}.PIPE"), ("text", "True")],
        "getoutput": [("stdout", f"{sp}.PIPE"), ("stderr", f"{sp}.STDOUT"), ("text", "True")],
        "getstatusoutput": [("stdout", f"{sp}.PIPE"), ("stderr", f"{sp}.STDOUT"), ("text", "True")],
    }[plan.kind]
    if extra:
        new_args = [first.with_changes(value=argv, comma=_comma())]
        new_args += [_kw(k, v, last=(j == len(extra) - 1)) for j, (k, v) in enumerate(extra)]
    else:
        new_args = [first.with_changes(value=argv, comma=cst.MaybeSentinel.DEFAULT)]
    call = inner.with_changes(func=run, args=new_args)
    code = cst.Module(body=[]).code_for_node(call)
    if plan.kind == "system":
        return code + ".returncode" if plan.result_used else code
    if plan.kind in ("popen_read", "popen"):
        return code + ".stdout"
    if plan.kind == "getoutput":
        return code + '.stdout.removesuffix("\\n")'
    return f'(lambda _r: (_r.returncode, _r.stdout.removesuffix("\\n")))({code})'


def fix_for(plan: Plan, ctx: _Ctx) -> Fix:
    edits: list[TextEdit] = []
    if plan.kind == "subprocess":
        sp = "subprocess"  # the callee is kept as written
    else:
        bound = subprocess_binding(ctx.tree)
        sp = bound if bound is not None else "subprocess"
        if bound is None:
            edits.append(import_edit(ctx.tree, ctx.pos))
        if _shadowed(ctx.function_of(plan.call), sp.split(".")[0]):
            raise NotBuilt()
    s, e = ctx.pos.span(plan.outer)
    new = rewrite_call(plan, ctx, sp)
    cst.parse_expression(new)  # the printed code must parse (it does; belt and braces)
    edits.insert(0, TextEdit(s, e, new))
    fx = Fix(
        "rewrite as an argv call without a shell"
        if plan.safe
        else "rewrite as an argv call without a shell (unsafe: " + "; ".join(plan.reasons) + ")",
        edits,
    )
    fx.safe = plan.safe
    return fx


def attach_fixes(text: str, findings, unsafe: bool = False) -> int:
    """Give each UL400/UL401 finding of one file (``text``) its argv fix; the count attached.

    Unsafe fixes are attached only when ``unsafe`` is true."""
    want = [f for f in findings if f.rule in RULES and f.fix is None]
    if not want:
        return 0
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return 0
    pos = PosMap(text)
    ctx = _Ctx(text, tree, pos)
    by_span: dict[tuple[int, int], ast.Call] = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Call):
            by_span.setdefault(pos.span(n.func), n)
    n_attached = 0
    for f in want:
        call = by_span.get((f.start, f.end))
        if call is None:
            continue
        try:
            plan = plan_call(call, f.snippet, tree)
            if not plan.safe and not unsafe:
                continue
            f.fix = fix_for(plan, ctx)
            n_attached += 1
        except (NoFix, NotBuilt, cst.ParserSyntaxError, StopIteration, RecursionError):
            continue
    return n_attached
