"""Configuration values held as class attributes: traitlets configurable traits (issue 25).

A class of a program configured through traitlets (Jupyter, JupyterHub spawners,
ipyparallel launchers ...) declares its settings as class attributes::

    class BatchSpawner(Spawner):
        batch_submit_cmd = Unicode("", help="...").tag(config=True)
        exec_prefix = Unicode("sudo -E -u {username}").tag(config=True)

        async def submit(self):
            cmd = format_template(self.batch_submit_cmd, **subvars)
            await self.run_command(cmd)            # create_subprocess_shell(cmd)

traitlets docs ("Configurable objects with traitlets.config": a trait tagged
``config=True`` — ``.tag(config=True)``, or the older ``Unicode(config=True)`` keyword —
is set from the configuration files and from the command line, e.g.
``c.BatchSpawner.batch_submit_cmd = "..."`` or ``--BatchSpawner.batch_submit_cmd=...``).
Reading ``self.batch_submit_cmd`` therefore reads a configuration value: an outside
value by the project's criteria, evaluated like ``sys.argv`` (a program input).

Only traits that can hold text are such values (:data:`TEXT_TRAITS`); a number, a flag
or an ``Enum`` of fixed choices cannot carry a command.
"""

from __future__ import annotations

import ast

from .scopes import Scope, method_class, module_mro

__all__ = ["TEXT_TRAITS", "config_trait"]

#: trait types whose values can be text (traitlets docs, "Trait Types": Unicode, CUnicode,
#: Bytes, CBytes, Any, List, Tuple, Set, Dict, Union; JupyterHub's ``jupyterhub.traitlets.
#: Command``, a list of strings or one command string)
TEXT_TRAITS = frozenset(
    {"Unicode", "CUnicode", "Bytes", "CBytes", "Any", "List", "Tuple", "Set", "Dict", "Union", "Command"}
)


def _tagged_config(call: ast.Call) -> ast.Call | None:
    """The trait constructor call of ``Unicode(...).tag(config=True)`` or
    ``Unicode(..., config=True)``, else None."""
    if (
        isinstance(call.func, ast.Attribute)
        and call.func.attr == "tag"
        and isinstance(call.func.value, ast.Call)
        and any(
            k.arg == "config" and isinstance(k.value, ast.Constant) and k.value.value is True for k in call.keywords
        )
    ):
        return call.func.value
    if any(k.arg == "config" and isinstance(k.value, ast.Constant) and k.value.value is True for k in call.keywords):
        return call
    return None


def _trait_name(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def config_trait(model, e: ast.Attribute, scope: Scope) -> str | None:
    """``"the configuration trait 'X'"`` when ``e`` is ``self.X`` / ``cls.X`` in a method
    of a class whose body (or a base class's in the module) declares ``X`` a configurable
    text trait, in a module that names traitlets; else None."""
    if "traitlets" not in model.pos.text:
        return None
    if not (isinstance(e.value, ast.Name) and e.value.id in ("self", "cls")):
        return None
    cls = method_class(scope)
    if cls is None:
        return None
    for c in module_mro(cls):
        bs = c.bindings.get(e.attr, ())
        if not bs:
            continue
        for b in bs:
            v = b.value
            if b.kind != "assign" or b.index or not isinstance(v, ast.Call):
                return None
            trait = _tagged_config(v)
            if trait is None or _trait_name(trait) not in TEXT_TRAITS:
                return None
        return f"the configuration trait '{e.attr}'"
    return None
