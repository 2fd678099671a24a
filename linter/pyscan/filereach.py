"""Parameters a function uses as the path of a file whose content it runs as Python
code, for the project pass (issue 25).

The per-file scan reports ``exec(open(path).read())``, ``eval(fp.read())`` after ``with
open(filename) as fp``, ``runpy.run_path(path)`` where the path is not fixed in the code
(UL405, an exec-file sink), and UL408 follows a path parameter to such a sink inside
one module.  A loader of that kind is usually called from another module: the command
line module hands it the file the user named (``load_version_info_from_text_file(
args.info_file)``), a build step the path from a spec or settings file (a settings
loader ``exec``-ing ``settings.py``, a ``dodo.py``/``pavement.py``/``noxfile.py``
runner, a version-file ``eval``).  Whoever chooses that file runs code.  This module
states, per function or method, which of its parameters are in that path (raw, or derived
by path operations: ``os.path.join(base, name)``); the project pass reports the calls in
other modules that hand it a parameter of their own or a program input (one hop, like
:mod:`.codereach`).
"""

from __future__ import annotations

from .context import worse_mode
from .evaluate import QUOTED, param_order
from .facts import CODE_KINDS, SinkKind

#: what codeinput.py says of code read from a file whose path is not fixed in the code
_FROM_FILE = "file whose path comes from"

__all__ = ["FILE_HOW", "file_reach"]

#: how a project flow reaches such a sink: the value names the file whose content runs
FILE_HOW = "as the path of a file whose content it runs as Python code"


def file_reach(ctx) -> list:
    """``[(function scope, {param: mode}, sink)]``: each exec-file sink whose path holds a
    parameter of the function or method holding it (a method is reached where the project
    pass knows the object's class: ``SpecLoader().load(path)``, an annotated parameter)."""
    out = []
    for s in ctx.sinks:
        if s.weak or (s.kind is not SinkKind.EXEC_FILE and s.kind not in CODE_KINDS):
            continue
        fs = s.function
        if fs is None:
            continue
        paths = [s.ev] if s.kind is SinkKind.EXEC_FILE else _read_paths(ctx, s)
        own: dict = {}
        for pev in paths:
            for sid, _q, name, mode in sorted(pev.params, key=param_order):  # a set: see param_order
                if sid == fs.id and mode != QUOTED and name in fs.params:
                    own[name] = worse_mode(own.get(name), mode)
        if own:
            out.append((fs, own, s))
    if any(s.kind is SinkKind.EXEC_FILE for s in ctx.sinks):
        # ``scene_classes_from_file(path)`` -> ``get_module(path)`` -> the loader's
        # ``exec_module``: a function of the module handing its parameter on to such a
        # sink through the module's own calls (the per-file flow UL408 reports) is one
        # for its callers in other modules too (pyA19)
        for flow in ctx.flows:
            if flow.sink.kind is not SinkKind.EXEC_FILE or not flow.calls or flow.sink.weak:
                continue
            own = {n: m for n, m in flow.params.items() if m != QUOTED and n in flow.entry.params}
            if own:
                out.append((flow.entry, own, flow.sink))
    return out


def _read_paths(ctx, s) -> list:
    """The evidence of the paths of the files an ``eval``/``exec`` sink's code was read
    from (``text = fp.read().decode()`` after ``with open(filename, "rb") as fp``, a value
    of a configuration file ``json.load``-ed from a path: codeinput.py), [] for other code."""
    if not any(sid == 0 and _q == "" and _FROM_FILE in str(n) for sid, _q, n, _m in s.ev.params):
        return []
    if not s.node.args:
        return []
    from .codeinput import input_source

    paths: list = []
    input_source(ctx.evaluator, ctx.model, s.node.args[0], s.scope, 0, paths)
    return paths
