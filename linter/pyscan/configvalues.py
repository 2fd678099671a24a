"""Values not known statically handed to a shell helper of the same module (issue 25, pyA26).

A project runs its commands through a helper of its own (``def _sprun(cmd):
check_output(cmd, shell=True)``, a method ``self._start_process(cmd)`` that always passes
``shell=True``) and feeds it values read from its configuration or from a data-model
object: ``cfg = get_config(); _sprun(f'quarto render "{cfg.readme_nb}"')`` (a field of a
parsed ``settings.ini``), ``self._start_process(self.list_cmd)`` (a command template loaded
from a ``.stestr.conf``), ``for cmd in self.shell_command_after: self.log_call(cmd,
shell=True)`` (a list of a ``repos.yaml``).  The helper's own sink is reported (built from
its parameter); the call that hands it the configured text is where a reviewer decides
whether that text is trusted.  A direct sink given such a value is reported by the
per-file scan ("built from a value not known statically"), and a call of a helper of
*another* module by the project pass (UL411); a helper of the *same* module was left to the
per-file flow (UL408), which names the caller's parameters only, so the value was dropped.

:func:`untraced_value` says which values the project pass now reports at such a call: a
value the evaluator cannot trace to constants or to the caller's parameters -- an attribute
of an object of no known value (``cfg.x``, ``self.x`` assigned outside the method, a
loop variable over such a list), an item of a parsed mapping (``conf["cmd"]``), the result of
a call of another program or library.  Not reported (the evaluator proves them): constants,
attributes assigned only constants (``self.x = "make"`` in ``__init__``), values quoted with
``shlex.quote`` outside quotes, lists handed to a helper that runs a list as an argv.  The
finding is a warning of medium confidence, like its cross-module twin: a value not known
statically is often a configured command (by design, yet a reviewer decides whether the
file that sets it is trusted), sometimes a path the program computes.
"""

from __future__ import annotations

import ast
from typing import Any

from .scopes import lookup

#: modules whose functions and attributes give the program's own state, not data it read:
#: its paths (``os.path``, ``pathlib``: "Object-oriented filesystem paths"), temporary files
#: and directories it creates (``tempfile``: "generates temporary files and directories"), the
#: interpreter and platform it runs on (``sys.executable``, ``platform``, ``sysconfig``),
#: clocks and identifiers (``time``, ``datetime``, ``uuid``), processes (``os.getpid``).
#: Python library reference 3.13, each module's page.  ``os.environ``/``sys.argv`` are program
#: inputs the evaluator already names (not read here).
OWN_STATE_MODULES = frozenset(
    {
        "os",
        "os.path",
        "posixpath",
        "ntpath",
        "pathlib",
        "tempfile",
        "sys",
        "platform",
        "sysconfig",
        "time",
        "datetime",
        "uuid",
        "shutil",
        "glob",
        "getpass",
        "multiprocessing",
    }
)

#: how far names and attributes are followed back to their assignments
_DEPTH = 4


def untraced_value(ev: Any) -> bool:
    """The provenance ``ev`` holds text the scan cannot trace (not constant, not shell-quoted)."""
    return bool(ev.unknown) and not ev.const


def read_from_data(expr: ast.AST, scope: Any, model: Any, stored: dict) -> bool:
    """Is the untraced part of ``expr`` read from a data object: an attribute of an object
    (``cfg.readme_nb``, ``job.command``, ``self.cmd`` where some assignment stores a value
    that is itself read from data or a parameter), an item of a mapping (``conf["cmd"]``), a
    loop variable over such a collection, a method's result on such an object
    (``cfg.get("contributing_nb")``) -- rather than the program's own state: paths it
    computes (``os.path.dirname(__file__)``, ``tempfile.mkdtemp()``), attributes assigned
    only such values or constants.  ``stored``: attribute name -> the values the module
    stores into ``self.<name>`` (:meth:`.evaluate.Evaluator.stored_attrs_of`)."""
    return _data(expr, scope, model, stored, 0, set(), False)


def _module_name(node: ast.AST, scope: Any, model: Any) -> bool:
    """``node`` is a name bound by an import of a module of the program's own state, or a
    builtin (no binding: ``open``, ``str``, ``__file__``)."""
    if not isinstance(node, ast.Name):
        return False
    _s, bl = lookup(model, scope, node.id, (node.lineno, node.col_offset))
    if not bl:
        return True
    for b in bl:
        if b.kind != "import":
            return False
        mod = b.value if isinstance(b.value, str) else ""
        if mod not in OWN_STATE_MODULES and mod.rsplit(".", 1)[0] not in OWN_STATE_MODULES:
            return False
    return True


def _held_object(recv: ast.AST, scope: Any, model: Any) -> bool:
    """``cfg`` of ``cfg.get("contributing_nb")``: a name bound to what a function other than
    the program's own-state modules returned (``get_config()``, ``json.load(f)``,
    ``yaml.safe_load(text)``), an object whose methods give the data it holds."""
    if not isinstance(recv, ast.Name) or recv.id in ("self", "cls"):
        return False
    _s, bl = lookup(model, scope, recv.id, (recv.lineno, recv.col_offset))
    for b in bl:
        v = b.value
        if b.kind in ("assign", "with") and isinstance(v, ast.Call):
            fr = _root(v.func)
            while isinstance(fr, ast.Call):
                fr = _root(fr.func)
            if not _module_name(fr, scope, model):
                return True
    return False


def _methods_here(name: str, model: Any) -> list:
    """The methods named ``name`` the module's classes define."""
    return [
        sc
        for sc in model.scopes
        if sc.kind == "function" and sc.name == name and sc.parent is not None and sc.parent.kind == "class"
    ]


def _root(node: ast.AST) -> ast.AST:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node


def _data(e: Any, scope: Any, model: Any, stored: dict, depth: int, seen: set, kept: bool) -> bool:
    """``kept``: ``e`` is a value stored into ``self.<name>`` (a parameter there is an object
    handed in from outside: ``self.config = config``, its fields are data)."""
    if depth > _DEPTH or e is None:
        return False
    t = type(e)
    if t is ast.Constant:
        return False
    if t is ast.Name:
        if e.id in ("self", "cls"):
            return False
        key = (id(scope), e.id, e.lineno, e.col_offset)
        if key in seen:
            return False
        seen.add(key)
        _s, bl = lookup(model, scope, e.id, (e.lineno, e.col_offset))
        for b in bl:
            # a parameter is not followed: the evaluator names the caller's parameters (the
            # per-file flow and the summaries report those), and one that only went through
            # a call the scan cannot see (``_substitute_env(cmd, tool_args)``) may be quoted there
            if b.kind in ("assign", "for", "with", "aug") and isinstance(b.value, ast.AST):
                if _data(b.value, b.scope or scope, model, stored, depth + 1, seen, kept):
                    return True
            elif b.kind == "param" and kept:
                return True
        return False
    if t is ast.Attribute or t is ast.Subscript:
        root = _root(e)
        if isinstance(root, ast.Name) and root.id in ("self", "cls"):
            if t is ast.Subscript:
                return _data(e.value, scope, model, stored, depth, seen, kept) or _data(
                    e.slice, scope, model, stored, depth, seen, kept
                )
            first = e
            while isinstance(first.value, (ast.Attribute, ast.Subscript)):
                first = first.value
            if not isinstance(first, ast.Attribute):
                return False
            vals = stored.get(first.attr)
            if not vals:
                return True  # never assigned in this module: set by another module, a framework, a loader
            for v in vals:
                if v is None:
                    return True
                val, sc = v
                mark = (id(val), "stored")
                if mark in seen:
                    continue
                seen.add(mark)
                if _data(val, sc, model, stored, depth + 1, seen, True):
                    return True
            return False
        if isinstance(root, ast.Name):
            if _module_name(root, scope, model):
                return False  # ``os.sep``, ``sys.executable``
            _s, bl = lookup(model, scope, root.id, (root.lineno, root.col_offset))
            if bl and all(b.kind in ("def", "class") for b in bl):
                return False  # a class attribute or a function's name
            return True  # an attribute or item of an object the program holds
        return _data(root, scope, model, stored, depth, seen, kept) or (
            t is ast.Subscript and _data(e.slice, scope, model, stored, depth, seen, kept)
        )
    if t is ast.Call:
        f = e.func
        if isinstance(f, ast.Attribute) and not _module_name(_root(f), scope, model):
            # a method of an object: its result is read from it (``cfg.get("x")``, ``" ".join(words)``)
            recv = f.value
            if _data(recv, scope, model, stored, depth, seen, kept) or _held_object(recv, scope, model):
                return True
            keys = e.args + [k.value for k in e.keywords]
            if (
                isinstance(recv, ast.Name)
                and recv.id in ("self", "cls")
                and all(isinstance(x, ast.Constant) for x in keys)
            ):
                # a method of the object asked with constants only; given the caller's own
                # values (``self.validatepath(path)``) it transforms them: the parameters are
                # the per-file flow's to report
                methods = _methods_here(f.attr, model)
                if not methods and keys:
                    # ``self.getconf("presynchook")``: a method no class of this module defines (a
                    # base or mixin of another module, a framework's) asked for a constant key:
                    # what it returns is read elsewhere, as ``self.x`` never assigned here is (above)
                    return True
                for fs in methods:
                    # ``cmd = self._build_command()``: what the module's method returns
                    for v in fs.returns:
                        mark = (id(v), "returned")
                        if mark not in seen:
                            seen.add(mark)
                            if _data(v, fs, model, stored, depth + 1, seen, kept):
                                return True
        for a in e.args:
            if _data(a.value if isinstance(a, ast.Starred) else a, scope, model, stored, depth, seen, kept):
                return True
        return any(_data(k.value, scope, model, stored, depth, seen, kept) for k in e.keywords)
    if t is ast.Lambda:
        return False
    for c in ast.iter_child_nodes(e):
        if isinstance(c, ast.expr) and _data(c, scope, model, stored, depth, seen, kept):
            return True
        if isinstance(c, ast.comprehension):
            if _data(c.iter, scope, model, stored, depth, seen, kept):
                return True
    return False


__all__ = ["OWN_STATE_MODULES", "read_from_data", "untraced_value"]
