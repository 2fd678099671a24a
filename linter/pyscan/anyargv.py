"""A shell argv written out in full and handed to a callee the scan does not know (issue 25).

``container.exec_run(["sh", "-c", cmd])`` (docker SDK), ``stream(api.connect_get_namespaced_pod_exec,
..., command=["/bin/sh", "-c", cmd])`` (kubernetes), ``sandbox.process.exec(["bash", "-lc", cmd])``,
``self.runner.execute(["bash", "-c", script])``: the list names a shell (or an interpreter) and
its code flag, then the code.  Whatever the callee is, a list of that shape exists to be run:
nothing but a shell reads ``-c`` followed by a script.  The known runners (subprocess, os.exec*,
the library tables) are checked by :class:`.sinks.SinkDetector` as before; this module only
answers for a call no table knows, with the argument written as a list display at the call.

Not reported here (one fact, one finding, and no guess about data):

* a callee of this file (a function or class the evaluator resolves): its own body is
  analysed, and the flows into it (UL408, UL411) say what it runs;
* a callee of another module of the linted tree: the project pass drops the finding when the
  call resolves to a summarised function (:attr:`.project.Analysis.in_tree`);
* calls that take an argv without running it (:data:`NOT_RUNNING`): list methods, string
  joins, quoting helpers, logging and printing, containers, ``assert*`` of mocks;
* a list whose code is constant (the rule's ``quiet_when_constant``).
"""

from __future__ import annotations

import ast

from ..core.lazyre import compile_pattern
from .cprefix import CODE_FLAGS

#: callees (last name) that take an argv without running it: list building (``append``,
#: ``extend``, ``insert``), joining into text (``join``, ``list2cmdline``; the text is checked
#: where it runs), quoting, printing and logging (Python library reference: logging, shlex,
#: subprocess.list2cmdline), containers and comparisons
NOT_RUNNING = frozenset(
    {
        "append",
        "extend",
        "insert",
        "index",
        "count",
        "remove",
        "join",
        "list2cmdline",
        "quote",
        "format",
        "print",
        "pprint",
        "debug",
        "info",
        "warning",
        "warn",
        "error",
        "exception",
        "critical",
        "log",
        "write",
        "writelines",
        "echo",
        "secho",
        "repr",
        "str",
        "len",
        "list",
        "tuple",
        "set",
        "frozenset",
        "sorted",
        "dict",
        "deque",
        "dumps",
        "dump",
        "isinstance",
        "setdefault",
        "update",
        "add",
        "get",
        "startswith",
        "endswith",
        "parametrize",
    }
)


# a code flag written as a whole string literal (:data:`.cprefix.CODE_FLAGS`): a file without
# one holds no list this module reads, and its calls are not looked at one by one
_FLAG_TEXT = compile_pattern(r"""["'](?:-[a-zA-Z]*c[a-zA-Z]*|/[cCkK]|-[Cc]ommand|-e)["']""")


def has_code_flag(text: str) -> bool:
    return _FLAG_TEXT.search(text) is not None


_DISPLAYS = (ast.List, ast.Tuple)


def shell_argv_literal(call: ast.Call) -> ast.List | ast.Tuple | None:
    """The argument of ``call`` written as a list (or tuple) display that starts a program
    with a constant code flag (:data:`.cprefix.CODE_FLAGS`) followed by the code:
    ``["sh", "-c", cmd]``, ``("bash", "-lc", script, "--", arg)``, or the positional
    arguments themselves when they are such an argv (``exec("bash", "-c", cmd)``, a tuple
    made for them).  The cheap syntactic test: no evaluation."""
    args = call.args
    for a in args:
        if isinstance(a, _DISPLAYS) and _shape(a.elts):
            return a
    for k in call.keywords:
        if isinstance(k.value, _DISPLAYS) and _shape(k.value.elts):
            return k.value
    if len(args) < 3:
        return None
    if (
        len(call.args) >= 3
        and isinstance(call.args[0], ast.Constant)
        and isinstance(call.args[0].value, str)
        and _shape(call.args)
    ):
        # ``sandbox.exec("bash", "-c", cmd)``: the positional arguments are the argv
        t = ast.Tuple(elts=list(call.args), ctx=ast.Load())
        ast.copy_location(t, call.args[0])
        t.end_lineno, t.end_col_offset = call.args[-1].end_lineno, call.args[-1].end_col_offset
        return t
    return None


def bound_shell_argv(call: ast.Call, scope, model) -> ast.List | ast.Tuple | None:
    """:func:`shell_argv_literal`, or the list display a plain name argument of ``call`` is
    bound to where the call reads it: ``cmd = ["bash", "-c", f"source {self.envsetup} &&
    bitbake {target}"]`` then ``self._runtime.run_cmd(cmd)`` (a build tool's runtime object of
    another library, pyA26).  A binding reaching the call that is one such
    display of that shape: the call runs that argv on the path where it was bound (a name
    bound in a loop also reaches from the loop's head; any binding of that shape is one path).
    Its code item is judged as at the call (constant code is quiet)."""
    lit = shell_argv_literal(call)
    if lit is not None or scope is None:
        return lit
    from .scopes import lookup

    for a in [*call.args, *(k.value for k in call.keywords)]:
        if not isinstance(a, ast.Name):
            continue
        _s, bl = lookup(model, scope, a.id, (a.lineno, a.col_offset))
        shaped = [
            b.value
            for b in bl
            if b.kind == "assign" and not b.index and isinstance(b.value, _DISPLAYS) and _shape(b.value.elts)
        ]
        if shaped:
            return shaped[-1]
    return None


def _shape(elts: list) -> bool:
    return _code_at(elts) is not None


def _code_at(elts: list) -> int | None:
    """The index of the code: the item right after the first constant code flag, with no
    ``*x`` before it nor as the code itself; None when ``elts`` is no such argv."""
    if len(elts) < 3 or isinstance(elts[0], ast.Starred):
        return None
    head = elts[0]
    if isinstance(head, ast.Constant) and isinstance(head.value, str):
        from .sinks import SH_FAMILY, prog_name, shell_code_scan

        if prog_name(head.value) in SH_FAMILY:
            # the shell engine's grammar of the table's shell entry: ``-c`` is a flag and the
            # code is the first operand (``["sh", "-c", "-e", cmd]``, ``["bash", "-o",
            # "pipefail", "-c", cmd]``); ``-e`` is no code flag of a shell
            vals = [e.value if isinstance(e, ast.Constant) and isinstance(e.value, str) else None for e in elts]
            j, has_c = shell_code_scan(vals, 0)
            if has_c:
                if j >= len(elts) or any(isinstance(e, ast.Starred) for e in elts[: j + 1]):
                    return None
                return j
            if j >= len(elts) or vals[j] is not None:
                return None  # no ``-c`` among the options: a script file or standard input
            # an item not known statically among the options (``["bash", login_flag, "-c",
            # cmd]``): the code flag after it, as below
    for i in range(1, len(elts) - 1):
        x = elts[i]
        if isinstance(x, ast.Starred):
            return None
        if isinstance(x, ast.Constant) and x.value in CODE_FLAGS:
            return None if isinstance(elts[i + 1], ast.Starred) else i + 1
    return None


def callee_name(call: ast.Call) -> str | None:
    """The last name of the callee (``exec_run`` of ``container.exec_run``), or None."""
    f = call.func
    if isinstance(f, ast.Attribute):
        return f.attr
    if isinstance(f, ast.Name):
        return f.id
    return None


def unknown_callee(call: ast.Call) -> bool:
    """Not a callee that takes an argv without running it, nor an ``assert*`` of a mock."""
    last = callee_name(call)
    if last is None:
        return False
    return last not in NOT_RUNNING and not last.startswith(("assert", "_log"))


#: modules whose functions the sink tables model (a call of one is judged there, found or not)
MODELLED = frozenset(
    {
        "subprocess",
        "os",
        "posix",
        "asyncio",
        "pty",
        "shlex",
        "sys",
        "builtins",
        "multiprocessing",
        "threading",
        "concurrent",
        "functools",
        "pexpect",
        "sh",
        "plumbum",
        "invoke",
        "fabric",
        "paramiko",
        "sarge",
        "anyio",
        "trio",
        "libtmux",
        "logging",
    }
)


def unknown_referents(vals: list) -> bool:
    """The evaluator's referents of the callee name nothing the scan models or analyses:
    no function or class of this file, no partial, no modelled library's function."""
    for v in vals:
        if v.kind in ("func", "class", "partial", "plumbum"):
            return False
        if v.kind == "name" and v.name.split(".", 1)[0] in MODELLED:
            return False
    return True


def code_item(lit: ast.List | ast.Tuple) -> ast.expr | None:
    """The item after the code flag of a list :func:`shell_argv_literal` found."""
    i = _code_at(lit.elts)
    return None if i is None else lit.elts[i]
