"""Code text handed to an interpreter or engine the scan cannot type, known by its shape (issue 25).

A program that drives another interpreter rarely names the class of the object it hands
code to: a magic keeps an ipyparallel view (``self.view.execute(f"x = {expr}")``), a tool
keeps a kernel client, an rpyc connection or an execnet gateway it was given, a plugin
drives a JavaScript engine, a Lua runtime or a browser page made by a factory.  The
receiver's class is a library's, so neither the evaluator nor the project analysis knows
what ``execute`` does.  Two facts together say it, as for command lines (:mod:`.duckcmd`):

* the method is one that interpreter-driving libraries document as "run this code"
  (:data:`CODE_METHODS`, each with its source).  Some names say it alone (``run_code``,
  ``remote_exec``, ``runsource``, ``execute_script``: :data:`NAMED`); others are shared with
  DB-API cursors and evaluators of all kinds (``execute``, ``eval``, ``evaluate``) and count
  only with the next fact;
* the text **is code**: its constant template, each interpolated value replaced by a
  placeholder name, parses as a Python module holding a statement or a call
  (:func:`code_template`) -- or, for a text Python does not parse, shows the structure of
  JavaScript or Lua (:data:`SCRIPT_WORDS`).  A SQL statement does not parse as Python
  (``SELECT a FROM t WHERE x = _p0``), and a DB-API call passes its values apart from the
  text (``cursor.execute("... %s", (v,))``: a constant text, no interpolation).

What is reported is a value from outside (a parameter, program input, received text)
put into that code without an encoding of the code's language: ``repr``/``!r``/``%r``,
``json.dumps``, ``ascii`` and numbers (``%d``, ``int(x)``) are safe; hand-written quotes
(``"x = '%s'" % v``) are not (a quote or backslash in the value ends the literal).  A
whole value (``kc.execute(code)``, no template) counts only for a :data:`NAMED` method.
Severity: error when the name and the text's shape both say code; warning when only one
of them does (the class is inferred, not seen).
"""

from __future__ import annotations

import ast
import re
import sys

from ..core.lazyre import lazy_compile

__all__ = ["CODE_METHODS", "NAMED", "DUCK_CODE_WEAK", "code_template", "duck_code_text"]

#: method -> (position of the code text, keyword names of it).  Sources:
#: ipyparallel 8 docs ``DirectView.execute(code, silent=True, targets=None, block=None)``
#: "Executes code on targets"; jupyter_client 8 ``KernelClient.execute(code, ...)`` "Execute
#: code in the kernel"; rpyc 5 classic docs ``conn.execute(text)`` "Execute arbitrary code on
#: the other side", ``conn.eval(text)``; lupa docs ``LuaRuntime.execute(lua_code)``/
#: ``eval(lua_code)``; py_mini_racer docs ``MiniRacer.eval(code)``/``execute(js)``; js2py docs
#: ``EvalJs.execute(js)``/``eval(js)``; Playwright docs ``Page.evaluate(expression, arg)``,
#: ``evaluate_handle``, ``add_init_script(script)``; pyppeteer ``Page.evaluate(pageFunction)``;
#: mpremote ``SerialTransport.exec(command)``/``eval(expression)`` (the MicroPython raw REPL);
#: Vim/Neovim python API ``vim.eval(expr)``/``nvim.eval(expr)``/``command(cmd)`` is left out
#: (``command`` is too common a name).
CODE_METHODS: dict[str, tuple[int, tuple[str, ...]]] = {
    "execute": (0, ("code", "text", "source", "js", "lua_code", "script")),
    "exec": (0, ("code", "command", "source")),
    "eval": (0, ("code", "text", "expression", "expr", "js", "lua_code", "source")),
    "evaluate": (0, ("expression", "code", "expr", "source", "script")),
    "evaluate_handle": (0, ("expression",)),
    "run_script": (0, ("code", "script", "source")),
    "exec_raw": (0, ("command",)),
    # names that say code alone (NAMED): e2b ``Sandbox.run_code(code)`` (e2b docs); xonsh
    # ``Shell.run_code`` (xonsh.shells.base_shell); IPython ``InteractiveShell.run_cell(
    # raw_cell)``/``run_cell_async`` (IPython docs); code ``InteractiveInterpreter.runsource(
    # source)``/``runcode(code)`` (Python library reference, ``code``); execnet
    # ``Gateway.remote_exec(source)`` (execnet docs); ipykernel ``Kernel.do_execute(code, silent)``
    # (ipykernel docs, "Kernel.do_execute ... Execute user code") and metakernel
    # ``MetaKernel.do_execute_direct(code)`` (metakernel docs); Selenium ``WebDriver.execute_script(
    # script, *args)``/``execute_async_script`` (selenium docs: "Synchronously Executes
    # JavaScript"); Frida ``Session.create_script(source)`` (frida-python docs: the agent's
    # JavaScript); js2py ``eval_js(js)``, dukpy ``JSInterpreter.evaljs(code)`` (their docs);
    # Playwright ``add_init_script(script)``; IPython ``InteractiveShell.ex(cmd)``/``ev(expr)`` are
    # left out (two letters: too common)
    "run_code": (0, ("code", "source")),
    "run_cell": (0, ("raw_cell", "cell", "code")),
    "run_cell_async": (0, ("raw_cell",)),
    "runsource": (0, ("source",)),
    "runcode": (0, ("code",)),
    "remote_exec": (0, ("source",)),
    "do_execute": (0, ("code",)),
    "do_execute_direct": (0, ("code",)),
    "execute_code": (0, ("code", "source")),
    "exec_code": (0, ("code", "source")),
    "run_python": (0, ("code", "source")),
    "execute_script": (0, ("script",)),
    "execute_async_script": (0, ("script",)),
    "create_script": (0, ("source",)),
    "eval_js": (0, ("js", "code")),
    "evaljs": (0, ("code",)),
    "add_init_script": (0, ("script",)),
}
#: the methods whose name alone says the text runs as code (see CODE_METHODS' sources)
NAMED = frozenset(
    {
        "run_code",
        "run_cell",
        "run_cell_async",
        "runsource",
        "runcode",
        "remote_exec",
        "do_execute",
        "do_execute_direct",
        "execute_code",
        "exec_code",
        "run_python",
        "execute_script",
        "execute_async_script",
        "create_script",
        "eval_js",
        "evaljs",
        "add_init_script",
    }
)
#: the label of a sink only one fact says runs code (severity warning: rules/_python.py)
DUCK_CODE_WEAK = "code text of an untyped engine (one fact)"

#: encodings of a value into Python (and JavaScript) code that keep it one literal: Python
#: library reference ``repr``/``ascii`` ("a string containing a printable representation"),
#: ``json.dumps`` (JSON text is a JS literal and, for strings/numbers, a Python one), and
#: numbers
_SAFE_CALLS = frozenset({"repr", "ascii", "json.dumps", "dumps", "int", "float", "len", "bool", "round", "abs"})
#: ``%`` conversions that give a literal (Python library reference, printf-style formatting:
#: ``r`` repr, ``a`` ascii, the numeric ones)
_SAFE_PCT = frozenset("radiouxXeEfFgGc")
#: the first words of SQL statements (SQL:2016 and the dialects' ``PRAGMA``/``SHOW``/``USE``)
SQL_VERBS = frozenset(
    "select insert update delete create drop alter with pragma show use begin commit rollback set "
    "grant revoke truncate replace merge call explain analyze vacuum attach detach declare".split()
)
#: words whose presence makes a text Python does not parse a script of another language
#: (JavaScript, ECMA-262: ``function``, ``var``/``let``/``const`` declarations, ``=>``
#: arrows, ``document``/``window`` of the browser; Lua 5.4 reference: ``local``,
#: ``function ... end``, ``then``)
SCRIPT_WORDS = lazy_compile(r"\bfunction\s*\w*\s*\(|\b(?:var|let|const|local)\s+\w|=>|\bdocument\.|\bwindow\.|\bthen\b")

_PCT = lazy_compile(r"%(?:\((\w+)\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([a-zA-Z%])")
_MAX_DEPTH = 3
_MAX_TEXT = 20000


class Hole:
    __slots__ = ("expr", "safe")

    def __init__(self, expr, safe: bool) -> None:
        self.expr = expr
        self.safe = safe


def _safe_expr(e) -> bool:
    if isinstance(e, ast.Constant):
        return True
    if isinstance(e, ast.Call):
        f = e.func
        name = f.id if isinstance(f, ast.Name) else ast.unparse(f) if isinstance(f, ast.Attribute) else ""
        if name in _SAFE_CALLS or name.rsplit(".", 1)[-1] == "dumps":
            return True
        if name == "str" and e.args and _safe_expr(e.args[0]) and not isinstance(e.args[0], ast.Constant):
            return True
    return False


def _single_value(name: ast.Name, scope):
    bs = list(scope.bindings.get(name.id, ())) if scope is not None else []
    if len(bs) != 1:
        return None
    b = bs[0]
    if b.kind != "assign" or b.index or not isinstance(b.value, ast.expr):
        return None
    return b.value


def _parts(e, scope, depth: int = 0) -> list:
    """The template of a text: constant strings and :class:`Hole` s."""
    if isinstance(e, ast.Constant):
        return [e.value] if isinstance(e.value, str) else [Hole(e, True)]
    if isinstance(e, ast.JoinedStr):
        out: list = []
        for v in e.values:
            if isinstance(v, ast.Constant):
                out.append(str(v.value))
            elif isinstance(v, ast.FormattedValue):
                spec = ast.unparse(v.format_spec) if v.format_spec is not None else ""
                numeric = bool(spec) and spec.rstrip("'\"")[-1:] in "dfeEgGxXob%n"
                out.append(Hole(v.value, v.conversion in (114, 97) or numeric or _safe_expr(v.value)))
        return out
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
        return _parts(e.left, scope, depth) + _parts(e.right, scope, depth)
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Mod) and isinstance(e.left, ast.Constant):
        fmt = e.left.value
        if not isinstance(fmt, str):
            return [Hole(e, False)]
        vals = e.right.elts if isinstance(e.right, ast.Tuple) else None
        keyed = (
            {k.value: v for k, v in zip(e.right.keys, e.right.values) if isinstance(k, ast.Constant)}
            if isinstance(e.right, ast.Dict)
            else None
        )
        out = []
        pos, i = 0, 0
        for m in _PCT.finditer(fmt):
            out.append(fmt[pos : m.start()])
            pos = m.end()
            if m.group(2) == "%":
                out.append("%")
                continue
            key = m.group(1)
            pv: ast.expr | None
            if key is not None:
                pv = keyed.get(key) if keyed is not None else None
            elif vals is not None:
                pv = vals[i] if i < len(vals) else None
                i += 1
            else:
                pv = e.right
            if pv is None:
                pv = e.right
            out.append(Hole(pv, m.group(2) in _SAFE_PCT or _safe_expr(pv)))
        out.append(fmt[pos:])
        return out
    from .duckcmd import format_template

    template = format_template(e)
    if template is not None and isinstance(e, ast.Call):
        kw = {k.arg: k.value for k in e.keywords if k.arg}
        out = []
        auto = 0
        import string  # here: its import compiles a pattern, most runs never get here

        try:
            fields = list(string.Formatter().parse(template))
        except ValueError:
            return [Hole(e, False)]
        for lit, fld, fspec, conv in fields:
            out.append(lit)
            if fld is None:
                continue
            head = str(re.split(r"[.\[]", fld, maxsplit=1)[0])
            if head == "":
                fv: ast.expr = e.args[auto] if auto < len(e.args) else e
                auto += 1
            elif head.isdigit():
                fv = e.args[int(head)] if int(head) < len(e.args) else e
            else:
                fv = kw.get(head, e)
            numeric = bool(fspec) and str(fspec)[-1:] in "dfeEgGxXob%n"
            out.append(Hole(fv, conv in ("r", "a") or numeric or _safe_expr(fv)))
        return out
    if isinstance(e, ast.Call) and isinstance(e.func, (ast.Name, ast.Attribute)) and len(e.args) == 1:
        fname = e.func.id if isinstance(e.func, ast.Name) else e.func.attr
        if fname in ("dedent", "cleandoc", "strip", "lstrip", "rstrip") and not e.keywords:
            return _parts(e.args[0], scope, depth)
        if (
            isinstance(e.func, ast.Attribute)
            and e.func.attr == "join"
            and isinstance(e.func.value, ast.Constant)
            and isinstance(e.func.value.value, str)
            and isinstance(e.args[0], (ast.List, ast.Tuple))
            and not any(isinstance(x, ast.Starred) for x in e.args[0].elts)
        ):
            sep = e.func.value.value
            out = []
            for k, x in enumerate(e.args[0].elts):
                if k:
                    out.append(sep)
                out.extend(_parts(x, scope, depth))
            return out
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr in ("strip", "rstrip", "lstrip"):
        if not e.args and not e.keywords:
            return _parts(e.func.value, scope, depth)
    if isinstance(e, ast.Name) and depth < _MAX_DEPTH:
        v = _single_value(e, scope)
        if v is not None:
            return _parts(v, scope, depth + 1)
    return [Hole(e, _safe_expr(e))]


#: the nodes that make a parsed text code rather than a lone name, attribute or arithmetic
_CODE_NODES = (
    ast.Call,
    ast.Assign,
    ast.AugAssign,
    ast.AnnAssign,
    ast.Import,
    ast.ImportFrom,
    ast.FunctionDef,
    ast.ClassDef,
    ast.For,
    ast.While,
    ast.With,
    ast.Try,
    ast.If,
)
_PARSE_ERRORS = (SyntaxError, ValueError, MemoryError, RecursionError)


def _python_code(text: str) -> bool:
    """Does ``text`` parse as Python holding a statement or a call (not a lone name,
    attribute or arithmetic of placeholders)?  Dedented first when it does not parse as it is."""
    try:
        tree = ast.parse(text)
    except _PARSE_ERRORS:
        import textwrap  # here: its import compiles patterns, most runs never get here

        try:
            tree = ast.parse(textwrap.dedent(text))
        except _PARSE_ERRORS:
            return False
    return any(isinstance(n, _CODE_NODES) for n in ast.walk(tree))
    return False


def code_template(text_expr, scope) -> tuple[str, list] | None:
    """(``"python"``/``"script"``, the unsafe holes) when the text ``text_expr`` is code with
    values put in (see the module doc), else None."""
    parts = _parts(text_expr, scope)
    holes = [p for p in parts if isinstance(p, Hole)]
    if not holes or not any(isinstance(p, str) and p.strip() for p in parts):
        return None
    consts = "".join(p for p in parts if isinstance(p, str))
    if not any(c.isalpha() for c in consts) or len(consts) > _MAX_TEXT:
        return None
    rendered = "".join(p if isinstance(p, str) else f"_p{k}" for k, p in enumerate(parts))
    unsafe = [h for h in holes if not h.safe]
    if not unsafe:
        return None
    first = rendered.lstrip().split(None, 1)
    if first and first[0].lower().strip("(;") in SQL_VERBS:
        return None  # a SQL statement (``SELECT ...``; ``select(x)`` of a Python API is rare as text)
    if _python_code(rendered):
        return "python", unsafe
    if SCRIPT_WORDS.search(rendered):
        return "script", unsafe
    return None


def _unmodelled(r) -> bool:
    """A referent no table of the scan models: of no known kind, or an object of a third-party
    library none of the tables names (``XSH.shell`` of ``from xonsh.built_ins import XSH``,
    ``mel`` of ``from maya import mel``); not the standard library's (``sqlite3``) nor a
    library the tables model (their rules judge it)."""
    if r.kind == "unknown":
        return True
    if r.kind != "name" or not r.name:
        return False
    from .anyargv import MODELLED

    top = r.name.split(".", 1)[0]
    return top not in sys.stdlib_module_names and top not in MODELLED and top not in ("builtins", "")


def duck_code_text(call: ast.Call, scope, evaluator):
    """(method, text expression, the unsafe holes or None for a whole value, its language)
    when ``call`` is ``R.M(text)`` with ``M`` a code method (:data:`CODE_METHODS`) of a
    receiver the evaluator does not know and the text is code (or, for a :data:`NAMED`
    method, any single value); else None."""
    from .duckcmd import receiver_typed

    f = call.func
    if not isinstance(f, ast.Attribute) or f.attr not in CODE_METHODS:
        return None
    recv = f.value
    if receiver_typed(recv, scope):
        return None
    pos, kws = CODE_METHODS[f.attr]
    text = None
    if len(call.args) > pos and not any(isinstance(a, ast.Starred) for a in call.args[: pos + 1]):
        text = call.args[pos]
    else:
        text = next((k.value for k in call.keywords if k.arg in kws), None)
    if text is None or isinstance(text, (ast.List, ast.Tuple, ast.Dict, ast.Lambda)):
        return None
    if not all(_unmodelled(r) for r in evaluator.values(recv, scope)):
        return None  # a module, a library object or a class the scan knows: its tables judge it
    got = code_template(text, scope)
    if got is not None:
        return f.attr, text, got[1], got[0]
    if f.attr in NAMED and len(call.args) <= 1:
        # a whole value: the method's name alone says code, so only when the text is the call's
        # one argument (Nexus's ``create_script(name, content)``, Selenium's ``execute_script(js,
        # element)``: another argument is the code, or the code's data)
        parts = _parts(text, scope)
        if len(parts) == 1 and isinstance(parts[0], Hole) and not parts[0].safe:
            return f.attr, text, None, "whole"
    return None
