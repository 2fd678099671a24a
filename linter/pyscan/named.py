"""A program named by a variable rather than a constant (issue 25).

``os.execvpe(shell, [shell, "-c", command], env)``, ``[sh, "-c", cmd]`` where
``sh = os.environ.get("SHELL", "/bin/sh")``, ``[comspec, "/c", line]``: the
argv's program is not known statically, but what the code calls it is.  This
module says which program a head expression names, so that the argv check
(:func:`.sinks.shell_in_argv`) can read the rest of the argv as it would for
the constant: ``-c`` after a shell (or a Python interpreter) is its code.

Only the head is judged here; the code argument must still be data (a
constant script stays quiet) and the option must still be the program's code
option.  Names taken as a shell (``shell``, ``sh``, ``bash``, ``user_shell``,
``shell_path``...) and the environment variables that hold one (``SHELL``:
POSIX, the user's login shell, environ(7); ``COMSPEC``: cmd.exe, Microsoft's
``cmd`` documentation) are the ones code uses for exactly that; a variable
called ``prog`` or ``exe`` is followed one assignment back, never guessed.
"""

from __future__ import annotations

import ast
import re

from ..core.lazyre import compile_pattern
from .astwalk import last_ident
from .remoteprefix import with_destination

__all__ = ["named_program", "with_named_head", "argv_with_named_head", "names_a_program", "shell_by_option"]

# identifiers a program variable is given when it holds a shell (snake_case parts)
_SHELL_NAME = compile_pattern(
    r"^_*(?:[a-z]+_)?(?:shell|sh|bash|zsh|ksh|dash)(?:_?(?:path|exe|executable|bin|binary|cmd|prog|program|name))?_*$"
)
# ... and when it holds a Python interpreter (``python``, ``python3``, ``python_exe``, ``interpreter``)
_PYTHON_NAME = compile_pattern(
    r"^_*(?:[a-z]+_)?(?:python\d*(?:\.\d+)?|interpreter|interp|pyexe)"
    r"(?:_?(?:path|exe|executable|bin|binary|cmd|command|prog|program|name))?_*$"
)
# attributes that only say "the program" of what their object names (``python.command``)
_GENERIC_ATTR = {"command", "cmd", "exe", "executable", "path", "program", "prog", "binary", "bin", "exelist", "argv"}
_ENV_PROGRAM = {"SHELL": "sh", "COMSPEC": "cmd"}


def _ident(e: ast.expr) -> str | None:
    return last_ident(e) or None


def _env_key(e: ast.expr) -> str | None:
    """``os.environ.get("SHELL", ...)``, ``os.getenv("SHELL")``, ``os.environ["SHELL"]``:
    the variable's name (the call may be wrapped in ``or "/bin/sh"``)."""
    if isinstance(e, ast.BoolOp):
        for v in e.values:
            k = _env_key(v)
            if k is not None:
                return k
        return None
    if isinstance(e, ast.Call):
        f = e.func
        name = _ident(f)
        if name in ("get", "getenv", "environ_get") and e.args:
            a = e.args[0]
            if isinstance(a, ast.Constant) and isinstance(a.value, str):
                return a.value
        return None
    if isinstance(e, ast.Subscript) and _ident(e.value) == "environ":
        sl = e.slice
        if isinstance(sl, ast.Constant) and isinstance(sl.value, str):
            return sl.value
    return None


def _env_default(e: ast.expr) -> str | None:
    """``os.environ.get("GIT_SSH", "ssh")``, ``os.getenv("PYTHON", "python3")``: a variable
    that replaces a program, with that program as its default; the code goes on in the
    default's grammar (git(1), GIT_SSH: "use the specified command instead of ssh").
    The default's name when it is a plain program word or path, else None."""
    if isinstance(e, ast.BoolOp):  # os.environ.get("GIT_SSH") or "ssh"
        last = e.values[-1]
        if isinstance(last, ast.Constant) and isinstance(last.value, str):
            return _program_word(last.value)
        return None
    if isinstance(e, ast.Call) and len(e.args) >= 2:
        d = e.args[1]
        if isinstance(d, ast.Constant) and isinstance(d.value, str):
            return _program_word(d.value)
    return None


def _program_word(text: str) -> str | None:
    """``ssh``, ``/usr/bin/ssh``: the program's name; anything with blanks or shell syntax: None."""
    name = text.rsplit("/", 1)[-1]
    return name if re.fullmatch(r"[A-Za-z][A-Za-z0-9._+-]*", name) else None


# ``adb_executable``, ``self.ssh_bin``, ``su_path``: a variable named after a program of the
# shell engine's table that runs one of its operands as shell code (``runner`` entries with
# an argv grammar: ssh, su, adb, i3-msg ...; linter/template/programs.py), plus a suffix
# that only says "the program's path".  Program names that are also the usual name of
# something else a variable holds (a script file, a flag) are not read as the program.
_PATH_SUFFIXES = ("executable", "binary", "program", "path", "prog", "exe", "bin", "cmd")


def _runner_named(low: str) -> str | None:
    from ..template.programs import lookup
    from .argvtable import NOT_PROGRAM_NAMES

    base = low.strip("_")
    for suf in _PATH_SUFFIXES:
        if base.endswith(suf) and len(base) > len(suf):
            base = base[: -len(suf)].rstrip("_")
            break
    parts = base.split("_")
    cands = {parts[-1], "-".join(parts[-2:]), "_".join(parts[-2:])} if parts and parts[-1] else set()
    for cand in sorted(cands):
        if cand in NOT_PROGRAM_NAMES:
            continue
        p = lookup(cand)
        if p is not None and p.family == "runner" and p.handler:
            return p.name
    return None


#: calls that return the path of the program their first argument names: ``shutil.which(cmd)``
#: "Return the path to an executable which would be run if the given cmd was called" (Python
#: library reference, shutil); ``distutils.spawn.find_executable(executable)`` "Tries to find
#: executable in the directories listed in path" (Python 3.11 distutils docs); plumbum's
#: ``local.which(progname)`` "Looks up a program in the PATH" (plumbum docs, LocalMachine); a
#: project's own ``_which("python")`` on an object of no known class (a virtualenv locator's)
#: follows the same convention.  The path runs that program: its argv grammar goes on.
_PATH_LOOKUPS = {"which", "find_executable"}


def _looked_up(e: ast.expr) -> str | None:
    """``shutil.which("python")``, ``state.project._which("python")``: the program named."""
    if not (isinstance(e, ast.Call) and e.args and isinstance(e.args[0], ast.Constant)):
        return None
    if not isinstance(e.args[0].value, str) or (_ident(e.func) or "").strip("_") not in _PATH_LOOKUPS:
        return None
    return _program_word(e.args[0].value)


def _direct(e: ast.expr) -> str | None:
    looked = _looked_up(e)
    if looked is not None:
        return looked
    if (
        isinstance(e, ast.Attribute)
        and e.attr == "executable"
        and isinstance(e.value, ast.Name)
        and e.value.id == "sys"
    ):
        return "python"  # sys.executable: the running Python interpreter (Python documentation, sys)
    key = _env_key(e)
    if key is not None:
        return _ENV_PROGRAM.get(key.upper()) or _env_default(e)
    name = _ident(e)
    if name is not None:
        low = name.lower()
        if low in ("comspec",):
            return "cmd"
        if _SHELL_NAME.match(low):
            return "sh"
        if _PYTHON_NAME.match(low):
            return "python"
        runner = _runner_named(low)
        if runner is not None:
            return runner
        if isinstance(e, ast.Attribute) and low in _GENERIC_ATTR:
            return _direct(e.value)  # python.command, self.shell.path
    return None


def named_program(e: ast.expr, scope, model) -> str | None:
    """The program (``sh``, ``cmd``) the head expression ``e`` names, or None.

    A plain name is also followed to its assignments in ``scope``: every
    binding that reaches the use must name the same program."""
    got = _direct(e)
    if got is not None or not isinstance(e, ast.Name):
        return got
    from .scopes import lookup

    _sc, bl = lookup(model, scope, e.id, (e.lineno, e.col_offset))
    found = None
    for b in bl:
        if b.kind != "assign" or b.value is None or not isinstance(b.value, ast.expr):
            return None
        p = _direct(b.value)
        if p is None or (found is not None and p != found):
            return None
        found = p
    return found


def shell_by_option(prog: str, alt: list) -> str:
    """A variable named as a shell whose argv goes on with ``/c`` or ``/C`` is
    cmd.exe (``[sh, "/C", line]`` on Windows, ``sh`` found as ``COMSPEC``): only
    cmd takes its command line after ``/C`` (Microsoft's ``cmd`` documentation);
    a POSIX shell would read ``/C`` as a script path."""
    if prog == "sh" and len(alt) > 1:
        el = alt[1]
        if el is not None and el.const and isinstance(el.value, str) and el.value in ("/c", "/C"):
            return "cmd"
    return prog


def with_named_head(alts, head: ast.expr, scope, model):
    """``alts`` (argv alternatives) with a head not known statically replaced by
    the program the code names there (:func:`named_program`), when it names one."""
    if not alts or not any(alt and (alt[0] is None or not alt[0].const) for alt in alts):
        return alts
    from .evaluate import const

    prog = named_program(head, scope, model)
    if prog is None:
        return alts
    return [
        [const(shell_by_option(prog, alt))] + alt[1:] if alt and (alt[0] is None or not alt[0].const) else alt
        for alt in alts
    ]


def argv_with_named_head(evaluator, expr: ast.expr, scope, model):
    """The argv alternatives of ``expr`` (:meth:`.evaluate.Evaluator.argv`) with a
    named head read as its program: ``[shell, "-c", cmd]``, and
    ``python.command + ["-c", code]`` (a list named as the program, then known items)."""
    from .evaluate import const

    if (
        isinstance(expr, ast.BinOp)
        and isinstance(expr.op, ast.Add)
        and isinstance(expr.left, (ast.Name, ast.Attribute))
    ):
        prog = named_program(expr.left, scope, model)
        if prog is not None and _known_head(evaluator.argv(expr.left, scope)):
            prog = None  # ``self.SHELL + [x]`` with ``SHELL = ["/bin/sh", "-c"]``: the list itself says
        right = evaluator.argv(expr.right, scope) if prog is not None else None
        if right:
            # a whole connection prefix named for ssh keeps its destination (remoteprefix.py)
            head = with_destination(expr.left, expr.right, [[const(prog)]])[0]
            return [head + r for r in right]
    alts = evaluator.argv(expr, scope)
    if alts and isinstance(expr, (ast.List, ast.Tuple)) and expr.elts:
        alts = with_named_head(alts, expr.elts[0], scope, model)
    elif alts and isinstance(expr, ast.Name):
        # ``cmd = [env.get("SHELL", "/bin/sh")]; cmd.append("-c"); cmd.append(x)``: the
        # list the name was assigned (once), grown by appends, starts with the named program
        lit = _assigned_list(expr, scope, model)
        # shells only: a name bound to ``[sys.executable, "-c", code]`` stays as it was read
        # (its code is usually repr()-quoted Python, which the evaluator does not model)
        if lit is not None and named_program(lit[0].elts[0], lit[1], model) in ("sh", "cmd"):
            alts = with_named_head(alts, lit[0].elts[0], lit[1], model)
    if (
        isinstance(expr, ast.BinOp)
        and isinstance(expr.op, ast.Add)
        and isinstance(expr.right, ast.List)
        and not _known_head(alts)
        and all(a and a[-1] is None for a in alts or ())
    ):
        # ``git_config + ["filter.x.clean", cmd]``, ``prefix + ["sh", "-c", cmd]``: a prefix
        # not known statically (a caller's list: its items are read as one, then "more"),
        # then known items: one unknown item first, then the known ones
        right = evaluator.argv(expr.right, scope)
        if right:
            return [[None] + r for r in right]
    return alts


def _known_head(alts) -> bool:
    """Some alternative of the argv starts with a constant program name."""
    return any(a and a[0] is not None and a[0].const and isinstance(a[0].value, str) for a in alts or ())


def _assigned_list(e: ast.Name, scope, model):
    """(list literal, its scope) when every binding of ``e`` reaching the use assigns
    one and the same non-empty list or tuple literal."""
    from .scopes import lookup

    _sc, bl = lookup(model, scope, e.id, (e.lineno, e.col_offset))
    if len(bl) != 1:
        return None
    b = bl[0]
    if b.kind != "assign" or b.index or not isinstance(b.value, (ast.List, ast.Tuple)) or not b.value.elts:
        return None
    return b.value, b.scope


def names_a_program(ident: str) -> bool:
    """Is this identifier one :func:`named_program` reads as a shell or interpreter?"""
    low = ident.lower()
    return low == "comspec" or bool(_SHELL_NAME.match(low) or _PYTHON_NAME.match(low))
