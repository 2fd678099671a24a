"""Pure pass-through wrappers of ``subprocess`` (issue 25, pyP2).

``def run(cmd, **kwargs): return subprocess.run(cmd, **kwargs)``, ``def Popen(*args,
**kwargs): return subprocess.Popen(*args, **kwargs)``: the wrapper neither forces nor
defaults to a shell; ``shell=`` is whatever its caller passes.  The review criteria
(bench/data/README.md, "Criteria": "a pure pass-through such as ``Popen(*args, **kwargs)``
whose shell flag is decided by the caller is FALSE and the risk is attributed to the
calling site") put the finding at the caller that passes ``shell=True``, which the project
pass reports (:mod:`.project`, the ``k`` summaries: a caller handing the wrapper a shell
string with ``shell=True``).  :func:`pure_pass_through` recognises such a sink so that
UL401 does not report the wrapper's own call; the sink stays a fact (the summaries read
it).  The command may be the parameter itself, the
function's ``*args``, or a list made of the parameter's items (``[expanduser(s) for s in
cmd]``).  A wrapper that builds the command
itself (``Popen(f"git {args}", **kw)``), rebinds the parameter otherwise, or sets ``shell``
on any path is not pure.
"""

from __future__ import annotations

import ast

from .facts import SinkKind
from .scopes import lookup

__all__ = ["pure_pass_through"]


def _own_param(e, fs, model) -> bool:
    """``e`` is a parameter of ``fs`` (``*args`` included) that ``fs`` never rebinds."""
    if isinstance(e, ast.Starred):
        e = e.value
    if not isinstance(e, ast.Name):
        return False
    _sc, bl = lookup(model, fs, e.id, (e.lineno, e.col_offset))
    return bool(bl) and all(b.scope is fs and (b.kind == "param" or _items_of_param(b, fs, model)) for b in bl)


def _items_of_param(b, fs, model) -> bool:
    """``cmd = [os.path.expanduser(s) for s in cmd]``: the caller's argv, item by item."""
    v = b.value
    if b.kind != "assign" or b.index or not isinstance(v, ast.ListComp) or len(v.generators) != 1:
        return False
    it = v.generators[0].iter
    if not isinstance(it, ast.Name):
        return False
    _sc, bl = lookup(model, fs, it.id, (it.lineno, it.col_offset))
    return bool(bl) and all(x.kind == "param" and x.scope is fs for x in bl)


def pure_pass_through(s, model) -> bool:
    """The sink ``s`` is a ``subprocess`` call whose shell flag is only the caller's
    ``**kwargs`` and whose command is the function's own parameter, passed on unchanged."""
    if s.kind is not SinkKind.SHELL_TRUE or s.shell != "maybe" or "pass-through" not in s.how:
        return False
    fs, call = s.function, s.node
    if fs is None or not isinstance(call, ast.Call):
        return False
    if any(k.arg == "shell" for k in call.keywords):
        return False
    cmd = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "args"), None)
    if cmd is None:
        # ``Popen(**kw)``: the command is in the kwargs too, which the function's own
        # methods may build (``kw = dict(args=self.command_line)``: a shell argv) -- the
        # caller is not seen here, so the sink keeps its finding
        return False
    return _own_param(cmd, fs, model)
