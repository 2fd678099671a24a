"""Runners that ``%``-format their extra arguments, each shell-quoted, into a command
template (issue 25).

``def run_local(self, command, *args): Popen(command % tuple(shlex.quote(a) for a in
args), shell=True)``: the arguments are safe words wherever the template puts them
as words, but not where the caller's template puts them

* inside hand-written quotes (``"Test-Path '%s'"``, ``--kubeconfig="%s"``): the
  quotes ``shlex.quote`` adds are then literal characters of the outer quoting and
  the value's own quotes end it (POSIX shell, "Quoting"; the reviewer's criteria:
  "shlex-quoted values inside hand-written quotes are true");
* as the code operand of a shell (``docker exec %s /bin/sh -c %s``): the quoted word
  is one argument, and that argument is a script the inner shell parses (sh(1):
  "-c  Read commands from the command_string operand").

This module finds such runners (:func:`quoted_template_params`) and reads a caller's
constant template (:func:`placeholder_contexts`).  Nothing here names a rule.
"""

from __future__ import annotations

from ..core.lazyre import compile_pattern
from .evaluate import QUOTED, RAW, SHELL_C_END, advance_quote_state, param_order, quote_context
from .facts import SHELL_KINDS

__all__ = ["quoted_template_params", "placeholder_contexts", "IN_QUOTES", "SHELL_CODE"]

IN_QUOTES = "in-quotes"
SHELL_CODE = "shell-code"

# a %-conversion: flags, width, precision, then the conversion letter (Python docs,
# "printf-style String Formatting"); ``%%`` is a literal percent sign
_CONV = compile_pattern(r"%(?:\([^)]*\))?[#0 +-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([diouxXeEfFgGcrsa%])")


def quoted_template_params(ctx) -> list:
    """``[(function, template parameter, vararg, sink)]``: a shell sink whose command
    is the function's parameter ``%``-formatted with its ``*args`` quoted each."""
    out = []
    for s in ctx.sinks:
        if s.kind not in SHELL_KINDS or "%" not in s.ev.ops:
            continue
        fs = s.function
        va = getattr(fs, "vararg", None) if fs is not None else None
        if va is None:
            continue
        modes = {n: m for sid, _q, n, m in sorted(s.ev.params, key=param_order) if sid == fs.id}
        if modes.get(va) != QUOTED:
            continue
        for p in fs.params:
            if modes.get(p) == RAW:
                out.append((fs, p, va, s))
    return out


def placeholder_contexts(template: str) -> list:
    """For each ``%`` placeholder of ``template`` in order (``%%`` skipped): IN_QUOTES,
    SHELL_CODE or None (a word of the command: the quoting holds)."""
    out: list = []
    state, last = "n", 0
    for m in _CONV.finditer(template):
        if m.group(1) == "%":
            continue
        state = advance_quote_state(state, template[last : m.start()])
        last = m.start()
        if quote_context(state) != "n":
            out.append(IN_QUOTES)
        elif SHELL_C_END.search(template[: m.start()]):  # the text before it ends with a shell's -c
            out.append(SHELL_CODE)
        else:
            out.append(None)
    return out
