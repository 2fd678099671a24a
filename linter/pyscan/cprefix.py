"""The few constant strings a command prefix may be (issue 25).

Code that runs a command line through "the platform's shell" often keeps the
shell and its code flag as one string chosen by platform, then splits it into
the argv: ``bash_c().split() + [cmd]`` with ``def bash_c(): return "bash -c" if
not windows else "cmd /c"`` (the agent of a CI/ML service), ``SHELL = "sh -c" if
os.name == "posix" else "cmd.exe /c"; SHELL.split() + [line]``.  The value is
one of a few constants, not one: the evaluator's union of them is constant
without a value.  :func:`const_string_choices` lists those constants (each then
an argv alternative, read by the shell-in-argv check like any written
``["bash", "-c", cmd]``): the branches of a conditional expression, a name
assigned a constant on each path, or what a function of the module returns on
each ``return``.
"""

from __future__ import annotations

import ast

#: at most this many alternatives (one argv alternative each)
MAX_CHOICES = 4


def const_string_choices(ev, e, scope, env, depth: int) -> list | None:
    """The constant strings ``e`` may be, or None when any path gives something else
    (or more than :data:`MAX_CHOICES`)."""
    out: list = []
    if not _collect(ev, e, scope, env, depth, out) or not out or len(out) > MAX_CHOICES:
        return None
    return out


def _add(out: list, value) -> bool:
    if not isinstance(value, str):
        return False
    if value not in out:
        out.append(value)
    return len(out) <= MAX_CHOICES


def _collect(ev, e, scope, env, depth: int, out: list) -> bool:
    if depth > 10:
        return False
    if isinstance(e, ast.IfExp):
        return _collect(ev, e.body, scope, env, depth + 1, out) and _collect(ev, e.orelse, scope, env, depth + 1, out)
    if isinstance(e, ast.Call) and not e.args and not e.keywords:
        funcs = [v for v in ev.values(e.func, scope, depth + 1) if v.kind == "func"]
        if len(funcs) != 1 or not getattr(funcs[0].data, "returns", None):
            return False
        fs = funcs[0].data
        return all(_collect(ev, r, fs, env, depth + 1, out) for r in fs.returns)
    if isinstance(e, ast.Name):
        choices = ev.const_choices(e, scope, env, depth + 1)
        if not choices:
            return False
        return all(_add(out, c.value) for c in choices)
    p = ev.evidence_within(e, scope, env, depth + 1)
    return p.const and _add(out, p.value)


# the last word of a shell's or interpreter's argv prefix after which the next item is
# code: sh(1) ``-c`` (also bash's ``-lc``/``-ic``), cmd.exe ``/c`` and ``/k`` (cmd /?),
# PowerShell ``-Command`` (about_Pwsh), perl/ruby/node ``-e``
CODE_FLAGS = frozenset({"-c", "-lc", "-ic", "-cl", "/c", "/C", "/k", "/K", "-Command", "-command", "-e"})


def returned_shell_prefixes(ctx) -> list:
    """``[(function scope, return value, label)]``: the function returns a shell (or
    interpreter) and its code flag, as a string the caller splits into the argv (``def
    bash_c(): return "bash -c" if not windows else "cmd /c"``) or as a list (``return
    ["/bin/sh", "-c"]``), so the item a caller appends is the code.  Read by the project
    pass across modules (:func:`.project.returned_code_prefix`); within one module the
    evaluator already reads ``bash_c().split() + [cmd]``."""
    from .evaluate import UNKNOWN, Budget, const
    from .sinks import shell_in_argv

    text = ctx.source.text
    if "-c" not in text and "/c" not in text and "/k" not in text.lower() and "-e" not in text:
        return []
    ev = ctx.evaluator
    out: list = []
    for fs in ctx.model.scopes:
        if fs.kind != "function" or not fs.returns:
            continue
        for v in reversed(fs.returns):
            if not _flag_last(v):
                continue  # no constant in the value ends with a code flag: not evaluated
            alts: list = []
            try:
                if isinstance(v, (ast.List, ast.Tuple)):
                    alts = [a for a in (ev.argv(v, fs) or []) if a and a[-1] is not None]
                else:
                    choices = const_string_choices(ev, v, fs, {}, 0)
                    alts = [[const(w) for w in c.split()] for c in choices or ()]
            except Budget:
                continue  # the file's step budget: no answer, as for any question it cuts
            hit = None
            for alt in alts:
                last = alt[-1]
                if not (last.const and last.value in CODE_FLAGS):
                    continue  # a whole command already, or no code flag last
                hit = shell_in_argv(alt + [UNKNOWN])
                if hit is not None:
                    break
            if hit is not None:
                out.append((fs, v, hit[0]))
                break
    return out


def _flag_last(v: ast.AST) -> bool:
    """A constant of the returned value (a branch of a conditional, a string, a list's
    last item) ends with a code flag: the cheap test before any evaluation."""
    if isinstance(v, (ast.List, ast.Tuple)):
        last = v.elts[-1] if v.elts else None
        return isinstance(last, ast.Constant) and last.value in CODE_FLAGS
    if isinstance(v, ast.IfExp):
        return _flag_last(v.body) or _flag_last(v.orelse)
    if isinstance(v, ast.Constant) and isinstance(v.value, str):
        words = v.value.split()
        return len(words) > 1 and words[-1] in CODE_FLAGS
    return False


def split_call(e: ast.AST, call: ast.Call) -> bool:
    """``e`` is ``call`` itself, ``call.split()`` or ``shlex.split(call)``."""
    if e is call:
        return True
    if not isinstance(e, ast.Call):
        return False
    f = e.func
    if isinstance(f, ast.Attribute) and f.attr == "split" and not e.args and f.value is call:
        return True
    return (
        isinstance(f, ast.Attribute)
        and f.attr == "split"
        and isinstance(f.value, ast.Name)
        and f.value.id == "shlex"
        and len(e.args) == 1
        and e.args[0] is call
    )
