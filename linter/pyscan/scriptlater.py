"""Commands written into a script file that something runs later (issue 25).

:func:`.sinks.script_writes` finds the data a function writes into the file an argv names
(``with open(path, "w") as f: f.write(cmd)`` then ``run(["bash", path])``).  This module
adds the shapes that hide the same fact:

* the file is named through a local name taken from the handle or the path
  (``fname = f.name``; ``bash_script = os.path.basename(file.name)`` when the process runs
  in the file's directory; ``script = str(path)``): :func:`file_alias`;
* the data is written with ``print(cmd, file=f)`` (Python library reference, ``print``:
  "file: a file-like object (stream)"): :func:`print_writes`;
* the data is written by a helper named for writing (``write_file(script_path, script)``,
  ``utils.save_script(content, path)``, ``self._write_text(path, text)``): the call names the
  same file as the run and the helper's name says it writes (:data:`WRITER_WORDS`):
  :func:`helper_writes`;
* the file is written in another method of the class than the one that runs it
  (``prepare()`` writes ``self.script_path`` or ``os.path.join(self.workdir, "job.sh")``,
  ``execute()`` runs it): :func:`class_writes`, for a path named through ``self``;
* the argv goes to a wrapper of the project that runs an argv (``process.run([script_path])``,
  ``self.hook.run_command(command=[bash_path, bash_script])``): the project pass asks
  :func:`argv_script_operand` which item of that argv is a script file (the program itself,
  or the operand of a shell or interpreter, :data:`.sinks.SCRIPT_RUNNERS`) and reports the
  data written into it before the call, at the call.

A file the code fills with constant text, or with values quoted by ``shlex.quote``, stays
quiet (the evidence decides, as for the in-file runs).
"""

from __future__ import annotations

import ast

from .astwalk import walk

__all__ = ["argv_script_operand", "class_writes", "file_alias", "helper_writes", "print_writes"]

#: calls that name the same file (or, for ``basename``, the same file from its directory):
#: Python library reference, os.path.basename/abspath/realpath/normpath, os.fspath, str
_ALIAS_FUNCS = frozenset({"str", "fspath", "abspath", "realpath", "normpath", "basename"})


def _last(e: ast.expr) -> str:
    return e.attr if isinstance(e, ast.Attribute) else e.id if isinstance(e, ast.Name) else ""


def file_alias(fn: ast.AST, target: ast.expr, before: tuple) -> ast.expr | None:
    """The expression a local name ``target`` was given, before ``before`` (line, col), when
    it names a file another way: ``fname = f.name``, ``s = os.path.basename(tf.name)``,
    ``p = str(path)`` (one assignment in the function); None otherwise."""
    if not isinstance(target, ast.Name):
        return None
    found = None
    for node in walk(fn):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            tgts = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == target.id for t in tgts):
                if found is not None or not isinstance(node, ast.Assign) or len(tgts) != 1:
                    return None
                if (node.lineno, node.col_offset) >= before:
                    return None
                found = node.value
    e = found
    while isinstance(e, ast.Call) and len(e.args) == 1 and not e.keywords and _last(e.func) in _ALIAS_FUNCS:
        e = e.args[0]
    return e if isinstance(e, (ast.Attribute, ast.Name)) else None


#: words of a helper's name that say it writes a file (``write_file``, ``save_script``,
#: ``dump_to_file``): the arguments other than the path are the file's content
WRITER_WORDS = ("write", "save", "dump")
#: callees whose name holds a writer word but that write no content of their own
#: (``os.write(fd, data)`` is read by :func:`.sinks.script_writes` itself)
_NOT_WRITERS = frozenset({"write", "writelines", "write_text", "write_bytes", "chmod"})


def helper_writes(fn: ast.AST, same, before: tuple) -> list:
    """The content arguments of calls, before ``before``, of a helper named for writing
    (:data:`WRITER_WORDS`) whose other argument names the file (``same(arg)``)."""
    out: list = []
    for node in walk(fn):
        if not isinstance(node, ast.Call) or (node.lineno, node.col_offset) >= before:
            continue
        name = _last(node.func)
        if not name or name in _NOT_WRITERS or not any(w in name.lower() for w in WRITER_WORDS):
            continue
        args = list(node.args) + [k.value for k in node.keywords if k.arg is not None]
        if len(args) < 2 or not any(same(a) for a in args):
            continue
        out.extend(
            a
            for a in args
            if not same(a) and not (isinstance(a, ast.Constant) and not isinstance(a.value, str) or _mode(a))
        )
    return out


def _mode(a: ast.expr) -> bool:
    """An open mode or an encoding written as a constant (``"w"``, ``"utf-8"``): no content."""
    return (
        isinstance(a, ast.Constant)
        and isinstance(a.value, str)
        and (
            a.value in ("w", "wt", "wb", "a", "x", "w+")
            or a.value.lower().replace("-", "") in ("utf8", "ascii", "latin1")
        )
    )


def print_writes(fn: ast.AST, handles: set, before: tuple) -> list:
    """The values ``print(v, ..., file=h)`` writes, before ``before``, for ``h`` in ``handles``."""
    out: list = []
    if not handles:
        return out
    for node in walk(fn):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print"):
            continue
        if (node.lineno, node.col_offset) >= before:
            continue
        dest = next((k.value for k in node.keywords if k.arg == "file"), None)
        if isinstance(dest, ast.Name) and dest.id in handles:
            out.extend(a.value if isinstance(a, ast.Starred) else a for a in node.args)
    return out


def argv_script_operand(ev, model, argv: ast.expr, scope) -> tuple | None:
    """``(operand, label)`` when the argv display ``argv`` runs a file: ``[P]`` (the
    program itself: its ``#!`` line picks the interpreter) or ``[runner, opts..., P]`` with
    a shell, an interpreter or a batch system as runner (:data:`.sinks.SCRIPT_RUNNERS`);
    None for other argvs (an operand starting with ``-`` is an option)."""
    from .named import named_program
    from .sinks import PY_RE, SCRIPT_RUNNERS, prog_name

    if not isinstance(argv, (ast.List, ast.Tuple)) or not argv.elts:
        return None
    els = argv.elts
    if any(isinstance(e, ast.Starred) for e in els):
        return None
    if len(els) == 1:
        return els[0], "<script file written with data>"
    head = ev.evidence(els[0], scope)
    prog = head.value if head.const and isinstance(head.value, str) else named_program(els[0], scope, model)
    if not prog:
        return None
    pn = prog_name(prog)
    if pn not in SCRIPT_RUNNERS and not PY_RE.match(pn):
        return None
    for e in els[1:]:
        if isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value.startswith("-"):
            continue
        return e, f"{pn} <script file written with data>"
    return None


def class_writes(model, fs, target: ast.expr) -> list:
    """``[(data, scope)]``: what the other methods of the class holding the method ``fs``
    write into the file ``target`` names, when that name goes through ``self``
    (``self.script``, ``os.path.join(self.workdir, "run.sh")``, ``self.dir / "job.sh"``):
    a script written in ``prepare()`` and run in ``execute()``.  Local names are not
    compared across methods (two methods' ``path`` are two files)."""
    from .sinks import path_key, script_writes

    cls = getattr(fs, "cls", None)
    if cls is None or not isinstance(cls.node, ast.ClassDef):
        return []
    key = path_key(target)
    if key is None or "id='self'" not in key:
        return []
    out: list = []
    for node in cls.node.body:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node is fs.node:
            continue
        sc = model.scope_of_node.get(id(node))
        if sc is None:
            continue
        out.extend((d, sc) for d in script_writes(node, target, (1 << 30, 0)))
    return out
