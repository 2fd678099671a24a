"""A shell flag handed to a callee the scan does not know (issue 25, pyA22).

``self.ui.subprocess_Popen(cmd, shell=True)`` (a UI object injected by the framework),
``osext.run_command_async2(cmd, shell=True)``, ``util_cmd.cmd(f'mklink "{link}" "{path}"',
shell=True)``, ``process(sys.argv[1], shell=True)``, ``SubProcContext(key, cmd, shell=True)``,
``new_process([npm, "install", pkg], shell=IS_WINDOWS)``: the callee is an object of no known
class, a function of a library or of another project the linted tree does not hold, or a
class that keeps the command and runs it later.  Whatever it is, the caller asks it, in the
words of ``subprocess``'s own keyword, to run the command through a shell: ``shell=True`` is
the documented way ``subprocess.Popen`` and everything that forwards its keywords (the
wrappers of every runner library, ``**kwargs`` pass-throughs) turn a string into ``/bin/sh
-c`` (CPython docs, "subprocess": "If shell is True, the specified command will be executed
through the shell"), and a literal ``True`` (or a test true on Windows only, windows.py) is
written at the call for that reason alone.  The call is judged like ``subprocess.Popen(cmd,
shell=True)``: the same evaluation of the command (constants, quoting, the evaluator's safe
values), the same Windows reading of a list (:mod:`.windows`), with confidence ``medium``
(the callee is not seen).

Not reported here (one fact, one finding; no guess):

* a callee the evaluator resolves (a function or class of this file, a partial, a modelled
  library's function: :func:`.anyargv.unknown_referents`): its own body or table decides;
* a callee of another module of the linted tree that the project pass resolves to a
  summarised function: the project pass drops this finding there
  (:attr:`.project.Analysis.in_tree`) and reports the flow itself (UL411);
* test doubles and calls that only describe a call (:func:`is_test_double`): ``mock.call(cmd,
  shell=True)``, ``m.assert_called_once_with(...)``, ``self.assertRaises(E, f, cmd,
  shell=True)``, a receiver named ``mock_*``/``*_mock``/``fake*``;
* calls that take the flag without running anything (:data:`.anyargv.NOT_RUNNING`: dict
  ``update``, ``format``; quoting helpers ``shell_quote(x, shell=True)``);
* a first positional argument that is itself a function (``atexit.register(Popen, cmd,
  shell=True)``, ``executor.submit(run, ...)``): the executor shapes of :mod:`.sinks`;
* a command constant or quoted throughout (evidence ``low``): UL412's business, opt-in;
* a command whose only values are parameters of functions that are not public API
  (:func:`private_params_only`: ``def _has_dracut(root)``, a function nested in another): the
  review criteria count "a public-API function parameter" as an outside value; a private
  helper's parameter is whatever its own module passes (a temporary mount point, a loop
  integer), and without the callee there is no summary to follow it to its callers.
"""

from __future__ import annotations

import ast
import re

from ..core.lazyre import compile_pattern
from .anyargv import NOT_RUNNING, callee_name
from .astwalk import last_ident
from .scopes import lookup
from .windows import is_windows_test

__all__ = [
    "ANY_FLAG",
    "COMMAND_KEYWORDS",
    "command_argument",
    "flag_keyword",
    "literal_flag",
    "RUNNER_NAMES",
    "local_callable",
    "private_params_only",
    "is_test_double",
]

#: the ``via`` entry of a sink this module states: a fact of the call only, never a project
#: summary (the callee is not seen, so its callers are not judged through it)
ANY_FLAG = "a callee the scan cannot see, given a shell flag"

#: keywords that name the command of a runner (subprocess ``args``; the names runner helpers
#: give their first parameter)
COMMAND_KEYWORDS = ("args", "cmd", "command", "cmdline", "command_line", "cmd_line", "script")

# words of a positional argument's name that say it is the command (``SubProcContext(key,
# cmd, shell=True)``: the command is not always first)
_COMMAND_WORDS = ("cmd", "command", "script")

# callees that describe or check a call instead of making it (unittest.mock: ``call``,
# ``Mock.assert_called_with`` and its family, ``TestCase.assertRaises``; pytest ``raises``)
_DESCRIBE = frozenset({"raises", "patch", "Mock", "MagicMock", "AsyncMock", "partialmethod"})
_DOUBLE_WORDS = ("mock", "fake", "stub", "dummy")


def flag_keyword(call: ast.Call) -> ast.expr | None:
    """The value of the call's ``shell=`` keyword, or None."""
    for k in call.keywords:
        if k.arg == "shell":
            return k.value
    return None


def literal_flag(v: ast.expr) -> bool:
    """``shell=True`` or a test true on Windows only written at the call (``shell=(os.name ==
    "nt")``); a name bound to such a test is :func:`.windows.windows_only_flag`'s."""
    return (isinstance(v, ast.Constant) and v.value is True) or is_windows_test(v) or windows_named(v)


# the names projects give a flag true on Windows only: ``IS_WINDOWS``, ``constants.IS_WINDOWS``,
# ``ON_WINDOWS``, ``WIN32``, ``is_windows()``, ``utils.is_win()`` (a constant or a function of
# another module, so :func:`.windows.windows_only_flag` cannot read its binding)
_WINDOWS_NAME = compile_pattern(r"(?:is_?|on_?|_)?win(?:dows|32|nt)?(?:_os|_platform|_system)?", re.I)


def windows_named(v: ast.expr) -> bool:
    """``v`` is a name, an attribute or a call without arguments whose last name says "true on
    Windows" (:data:`_WINDOWS_NAME`)."""
    if isinstance(v, ast.Call) and not v.args and not v.keywords:
        v = v.func
    name = last_ident(v)
    return bool(name) and _WINDOWS_NAME.fullmatch(name) is not None


def is_test_double(call: ast.Call) -> bool:
    """The call describes, checks or fakes a call rather than making one."""
    last = callee_name(call)
    if last is None:
        return True
    if isinstance(call.func, ast.Name) and last == "call":
        return True  # ``from unittest.mock import call``: ``call(cmd, shell=True)`` is an expectation
    if last in NOT_RUNNING or last in _DESCRIBE or last.startswith(("assert", "_log")):
        return True
    low = last.lower()
    if "quote" in low or "escape" in low or any(w in low for w in _DOUBLE_WORDS):
        return True
    f = call.func
    while isinstance(f, ast.Attribute):
        f = f.value
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if any(w in name.lower() for w in _DOUBLE_WORDS):
            return True
    return False


def _last_ident(e: ast.expr) -> str:
    return last_ident(e, (ast.Subscript,))


def command_argument(call: ast.Call) -> ast.expr | None:
    """The command the call hands on: a keyword of :data:`COMMAND_KEYWORDS`, else the first
    positional argument whose name says it is the command, else the first positional one."""
    for name in COMMAND_KEYWORDS:
        for k in call.keywords:
            if k.arg == name:
                return k.value
    pos = [a for a in call.args if not isinstance(a, ast.Starred)]
    if len(pos) != len(call.args) and not pos:
        return None
    for a in pos:
        low = _last_ident(a).lower()
        if any(w in low for w in _COMMAND_WORDS):
            return a
    if call.args and isinstance(call.args[0], ast.Starred):
        return None
    return pos[0] if pos else None


def _public(fs) -> bool:
    """The function scope ``fs`` is public API: its name (and its class's) does not start with
    ``_`` (dunder methods are public), and it is not nested in another function."""
    name = fs.name or ""
    if name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
        return False
    p = fs.parent
    while p is not None and p.kind == "class":
        if (p.name or "").startswith("_"):
            return False
        p = p.parent
    return p is None or p.kind == "module"


def private_params_only(params, scope, cmd: ast.expr | None = None, model=None) -> bool:
    """Every parameter among the evidence's ``params`` (``(scope id, qualname, name, mode)``)
    is one of a function of ``scope``'s chain that is not public (:func:`_public`), and the
    command (``cmd``, or the one assignment of the name it is) reads none of them through an
    attribute or an item: ``{job.host}`` is a field of an object the helper is handed (its
    configuration, its state), not a value the calling module computed.  A program input
    (``sys.argv``) or a parameter of a public function is an outside value."""
    if not params:
        return False
    if cmd is not None and _reads_fields(cmd, {name for _sid, _q, name, _m in params}, scope, model):
        return False
    chain = {}
    s = scope
    while s is not None:
        chain[s.id] = s
        s = s.parent
    for sid, _q, _name, _mode in params:
        fs = chain.get(sid)
        if fs is None or fs.kind != "function" or _public(fs):
            return False
    return True


def _reads_fields(cmd: ast.expr, names: set, scope, model) -> bool:
    """``cmd`` (or the value of its one assignment, when it is a name) reads ``p.attr`` or
    ``p[key]`` of a name in ``names``."""
    if isinstance(cmd, ast.Name) and model is not None:
        _s, bl = lookup(model, scope, cmd.id, (cmd.lineno, cmd.col_offset))
        if bl and len(bl) == 1 and bl[0].kind == "assign" and getattr(bl[0], "value", None) is not None:
            cmd = bl[0].value
    for n in ast.walk(cmd):
        if isinstance(n, (ast.Attribute, ast.Subscript)) and isinstance(n.value, ast.Name) and n.value.id in names:
            return True
    return False


# unittest.mock's doubles (Python library reference, unittest.mock: Mock, MagicMock,
# NonCallableMock, AsyncMock, create_autospec)
_MOCK_FACTORIES = frozenset({"Mock", "MagicMock", "NonCallableMock", "AsyncMock", "create_autospec"})


#: the last names of the runners a function argument names when the call hands a runner on
#: (``atexit.register(util.Popen, cmd, shell=True)``; CPython docs: subprocess, os)
RUNNER_NAMES = frozenset({"Popen", "run", "call", "check_call", "check_output", "system", "getoutput", "spawn"})


def local_callable(name: ast.Name, scope, model) -> bool:
    """The callee name is bound here to a ``def`` or ``class`` of this file (its own body is
    analysed: ``CmdAction(action, shell=True)``), or every binding is a call of a mock factory
    (``execute = mock.Mock()``)."""
    _s, bl = lookup(model, scope, name.id, (name.lineno, name.col_offset))
    if not bl:
        return False
    if any(b.kind in ("def", "class") for b in bl):
        return True
    for b in bl:
        v = getattr(b, "value", None)
        if b.kind != "assign" or not isinstance(v, ast.Call):
            return False
        f = v.func
        last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if last not in _MOCK_FACTORIES:
            return False
    return True
