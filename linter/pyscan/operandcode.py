"""Arguments a program runs as code in its own language, read from the shell engine's
program table (issue 25, pyA15).

``subprocess.call(["sqlite3", db, f'insert into t values("{path}")'])``: no shell runs, but
the sqlite3 CLI runs every argument after the database as SQL or a dot-command, and SQL
there runs commands (the CLI's ``edit()`` function, ``.shell``) and writes files (ATTACH).
The shell engine's program table (linter/template/programs.py ``code_values``, each with
its source) already says which operand or option argument of which program is code, and
after which static beginnings (``sqlite3`` SQL is code except after a dot-command that
takes a file name, ``.dump``/``.backup``).  The Python scan has the argv's items as
evidence and, for a list written in place, the static text each item starts with; this
module asks the table with both, so there is one place for the knowledge of programs.
Nothing here names a rule.
"""

from __future__ import annotations

import ast

from .evaluate import UNKNOWN, Provenance, union

__all__ = ["operand_code", "static_beginning"]


def static_beginning(e, resolve=None, depth: int = 0) -> str:
    """The constant text an argv item written as ``e`` starts with: the leading constant
    pieces of an f-string, a ``%`` template's text before its first conversion, the
    leading constants of a concatenation ("" when it starts with a value); for a name,
    what ``resolve(name)`` (the one expression bound to it there, or None) starts with."""
    if isinstance(e, ast.Name) and resolve is not None and depth < 4:
        bound = resolve(e)
        return static_beginning(bound, resolve, depth + 1) if bound is not None else ""
    if isinstance(e, ast.JoinedStr):
        out = []
        for v in e.values:
            if isinstance(v, ast.Constant) and isinstance(v.value, str):
                out.append(v.value)
            else:
                break
        return "".join(out)
    if isinstance(e, ast.Constant):
        # the constant left of a ``+`` (``"core.sshCommand=" + cmd``): all of it is static
        return e.value if isinstance(e.value, str) else ""
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Mod):
        if isinstance(e.left, ast.Constant) and isinstance(e.left.value, str):
            text = e.left.value.replace("%%", "\0")
            return text.split("%", 1)[0].replace("\0", "%")
        return ""
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
        left = static_beginning(e.left)
        if isinstance(e.left, ast.Constant) and isinstance(e.left.value, str):
            return left + static_beginning(e.right)
        return left
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "format":
        f = e.func.value
        if isinstance(f, ast.Constant) and isinstance(f.value, str):
            return f.value.split("{", 1)[0]
    return ""


class _Argv:
    """The view of a simple command the program table's walk reads (option_scan.py):
    its words' constant values (None: not known statically) and the static text each
    dynamic word starts with."""

    kind = "command"
    name_index = 0

    def __init__(self, vals: tuple, pres: tuple):
        self.name = vals[0]
        self.values = vals
        self.argv_key = (vals, pres)

    def prefix(self, idx: int) -> str:
        return self.argv_key[1][idx]


def operand_code(alt: list, pres: list | None) -> tuple[str, Provenance] | None:
    """(label, evidence of the code) when a word of ``alt`` that is not constant lands
    where the program table says the program runs code (an operand or an option's
    argument, after the static beginning ``pres[i]`` of the word); None otherwise."""
    if not alt or len(alt) > 64 or alt[0] is None or not alt[0].const or not isinstance(alt[0].value, str):
        return None
    from ..template import option_scan as osc, programs as _programs
    from .sinks import prog_name

    vals = tuple(x.value if x is not None and x.const and isinstance(x.value, str) else None for x in alt)
    name = prog_name(vals[0] or "")
    if not name:
        return None
    vals = (name,) + vals[1:]
    if pres is None or len(pres) != len(alt):
        pres = [""] * len(alt)
    key = tuple(v if v is not None else (pres[i] or "") for i, v in enumerate(vals))
    cmd = _Argv(vals, key)
    try:
        got = osc.code_places(cmd, name, 1, _programs.version())
    except (KeyError, ValueError, IndexError):
        return None
    if got is None:
        return None
    spec, wk, places = got
    hits = []
    label = ""
    for idx, (k, off) in sorted(places.items()):
        if vals[idx] is not None:
            continue
        if not k or (k[:1] != "#" and off is None and not (idx > 1 and vals[idx - 1] is not None)):
            # code only by the value's own form (``make V``, ``vim +CMD``: the value chooses
            # what the word is, an option injection), or an option word not known statically
            continue
        eff = wk.specs.get(idx) or spec
        code = osc.place_code(cmd, wk, spec, eff, idx, k)
        if code is None or code.mode != "shell" or code.whole_operand:
            continue
        before = pres[idx] or ""
        before = before[off:] if off is not None else before
        if k[:1] != "#" and code.prefixes and not before.strip():
            # an option's argument that is code only in some forms (``-o ProxyCommand=CMD``)
            # and the form is the value's own choice or not known: an option injection, not
            # code written here (an operand of code, ``sqlite3 DB SQL``, is code whole)
            continue
        if osc.code_form(code, before) is None:
            continue
        hits.append(alt[idx] if alt[idx] is not None else UNKNOWN)
        label = label or f"{name} {code.option if code.option[:1] != '#' else 'operand'} ({code.source})"
    if not hits:
        return None
    ev = union(hits) if len(hits) > 1 else hits[0]
    if ev.const:
        return None
    return label, ev
