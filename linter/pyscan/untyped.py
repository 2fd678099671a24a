"""Calls on objects whose class the scan cannot see, resolved by a shell flag (issue 25).

``self.py3.command_output(self.script_path, shell=True)`` (py3status): the
``py3`` helper object is injected by the framework, so neither an annotation
nor a constructor call names its class.  The call itself says what it wants
(``shell=True``); when exactly one function of the linted tree with that name
has a ``shell`` parameter that turns its command into a shell command
(:class:`.project` ``flags``), that function is the callee.  Nothing else is
resolved this way: a call that passes no true ``shell=``, or a name several
summarised functions share, stays unresolved.
"""

from __future__ import annotations

import ast

__all__ = ["flag_methods", "passes_shell_true"]


def flag_methods(summ: dict) -> dict:
    """``{name: key}`` of the summarised functions with a ``shell`` flag parameter whose
    name no other summarised function has."""
    seen: dict = {}
    for key in sorted(summ):
        s = summ[key]
        seen.setdefault(s.name, []).append(s)
    out = {}
    for name, ss in seen.items():
        if len(ss) == 1 and any(flag == "shell" for _own, flag, _d, _c, _r in ss[0].flags):
            out[name] = ss[0].key
    return out


def passes_shell_true(call: ast.Call) -> bool:
    """``shell=True`` (a literal true) among the call's keywords."""
    return any(
        k.arg == "shell" and isinstance(k.value, ast.Constant) and bool(k.value.value) is True for k in call.keywords
    )
