"""Shell sinks followed across the modules of the linted tree (issue 25).

The per-file scan (:mod:`.sinks`, :mod:`.context`) knows which parameters of a
function reach shell code inside its own module.  This module lifts that to
the project:

1. **Summaries, per file** (:func:`summarize`, computed where the file is
   scanned and cached with its findings by content hash): for every function
   and method, which parameters reach a shell string or an interpreter's code
   (``reach``), which command parameters run through a shell when a ``shell``
   parameter is true (``flags``, with its default) and which run through a
   shell only when a caller passes ``shell=`` through ``**kwargs``
   (``kwsplat``); subclasses of ``subprocess.Popen`` inherit Popen's.
2. **Fixpoint over the call graph** (:func:`analyse`, bounded rounds): every
   call site in the tree whose callee resolves (imports within the tree:
   ``from .util import run``, ``import pkg.mod as m``, ``self.`` methods,
   classes) to a summarised function maps its arguments; a caller whose own
   parameter arrives there gets the summary too (wrappers of wrappers), a
   ``shell`` parameter or ``**kwargs`` forwarded keeps the flag open.
3. **Facts** (:class:`ProjectFlow`): the call site that feeds a value from
   outside (its function's parameter at an entry point, or a value not known
   statically) into a shell across a module boundary or through a shell flag,
   with the sink as related location; and the ``**kwargs`` / ``shell=param``
   sinks no caller of the tree ever makes a shell (:attr:`Analysis.never_shell`).

Rules state the facts (UL411; the ``never_shell`` sinks are dropped from
UL401).  Nothing here names a rule.
"""

from __future__ import annotations

import ast
import bisect
import collections
import re
from typing import Any

from ..core.fieldwise import field, record, record_eq, record_repr
from ..core.lazyre import compile_pattern, lazy_compile

# how a value's quoting composes through a call: the same rules as the per-file
# flows (context.py), shared rather than written again
from .anyargv import bound_shell_argv
from .anyflag import ANY_FLAG, flag_keyword
from .argvtable import runner_words
from .astwalk import children, last_ident, walk
from .closure import closure_reach, enclosing_runners
from .codereach import code_reach, function_aliases
from .codewrap import code_wrapper
from .configvalues import read_from_data, untraced_value
from .context import MODE_RANK, compose_mode, worse_mode
from .cprefix import returned_shell_prefixes, split_call
from .ctor import attrs_of, ctor_reach, dataclass_fields
from .docparams import DOC, PASS, classify as doc_params
from .duckcmd import ROLE_ALWAYS, SHELL_METHODS
from .evaluate import DERIVED, QUOTED, QUOTED_IN_QUOTES, QUOTED_TEMPLATE, RAW, Provenance, param_order
from .facts import SHELL_KINDS, SinkKind
from .filereach import FILE_HOW, file_reach
from .guards import instance_flag
from .injected import default_names, injected_default
from .pctemplate import IN_QUOTES, placeholder_contexts, quoted_template_params
from .protocols import conforms, is_protocol, protocol_keys, protocol_methods
from .reexport import POPEN_PARAMS, subprocess_reexports
from .rolename import receiver_role, role_calls, role_matches, role_methods
from .runnerclass import init_param
from .runnerlibs import LIST_IS_ARGV
from .scopes import function_of
from .selfattrs import init_param_attrs
from .seqvalue import list_turns_shell_off, plain_alias, sequence_value, written_constant
from .sinks import ANY_CALLEE, EXECUTOR_ATTRS, EXECUTOR_FUNCS, LIBTMUX_SHELL_METHODS, list_value
from .textflag import shell_iff_text
from .tmplfwd import forwarded_template, opaque_template_call, quoting_template_of
from .uniquename import unique_methods, untyped_receiver
from .untyped import flag_methods, passes_shell_true
from .windows import posix_returns, windows_only_flag

__all__ = ["summarize", "module_name", "analyse", "ProjectFlow", "Analysis", "CODE_HOW"]

MAX_ROUNDS = 8
# a flow is reported at the calls at most this many calls away from the shell sink (pyA27).
# Every hop of a chain whose parameter a caller feeds is reported, so a chain's risk is
# named at its hops nearer the sink; the calls further out hand a whole request or document
# to a dispatcher (an experiment runner, an LLM tool loop, layers of a VCS client handing
# argv lists down): on the labelled bench trees (dev ... fresh20, fresh29 ... fresh48) the
# calls 6 or more hops away were 1 true to 17 false, those 5 away 14 true to 11 false
MAX_REPORT_HOPS = 5
BASES = "<bases>"  # summary key of {class qualname: [base names]} (not a function)
_POPEN_PARAMS = ["args", "bufsize", "executable", "stdin", "stdout", "stderr", "preexec_fn", "close_fds", "shell"]
_POPEN = {"subprocess.Popen"}
_SUBPROCESS = {
    "subprocess.Popen",
    "subprocess.run",
    "subprocess.call",
    "subprocess.check_call",
    "subprocess.check_output",
}


def module_name(display: str) -> tuple[str, bool]:
    """Dotted module name of a file path of the tree, and whether it is a package."""
    p = display.replace("\\", "/")
    while p.startswith("./"):
        p = p[2:]
    if p.endswith(".py"):
        p = p[:-3]
    parts = [x for x in p.split("/") if x and x != "."]
    is_pkg = bool(parts) and parts[-1] == "__init__"
    if is_pkg:
        parts = parts[:-1]
    return ".".join(parts), is_pkg


def _bound_params(fs) -> list:
    """The positional parameters a caller fills (``self`` dropped), then ``*name``
    for the ``*args`` parameter (it takes every positional argument after them)."""
    ps = list(fs.params)
    if fs.cls is not None and ps and not any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in fs.decorators):
        ps = ps[1:]
    if getattr(fs, "vararg", None):
        ps.append("*" + fs.vararg)
    return ps


def _forwarded_star(call: ast.Call, fs) -> str | None:
    """``"*args"`` when ``call`` passes the function's own ``*args`` on first
    (``Popen(*args, **kwargs)``): the callee's command is the caller's first
    positional argument from that place on."""
    va = getattr(fs, "vararg", None)
    if not va or not call.args:
        return None
    a0 = call.args[0]
    if isinstance(a0, ast.Starred) and isinstance(a0.value, ast.Name) and a0.value.id == va:
        return "*" + va
    return None


def _shell_flag_param(call: ast.Call, fs) -> bool:
    """``shell=shell`` where ``shell`` is a parameter of the function (positional or
    keyword-only): the callers decide, by what they pass or by the default."""
    kw = next((k for k in call.keywords if k.arg == "shell"), None)
    if kw is None or not isinstance(kw.value, ast.Name):
        return False
    return kw.value.id in fs.params or kw.value.id in _kwonly(fs)


def _kwonly(fs) -> list:
    a = getattr(fs.node, "args", None)
    return [x.arg for x in a.kwonlyargs] if a is not None else []


def _kwarg_name(fs) -> str | None:
    a = getattr(fs.node, "args", None)
    return a.kwarg.arg if a is not None and a.kwarg is not None else None


# ----------------------------------------------------------------------------
# 1. per-file summaries (JSON-able: they travel from workers and into the cache)
# ----------------------------------------------------------------------------


def summarize(ctx) -> dict:
    """``{qualname: {"p": params, "r": {param: [mode, start, end, label]},
    "f": [[{param: mode}, flag, default, start, end, label]], "k": [[{param: mode}, start, end, label]]}}``."""
    out: dict = {}

    def entry(fs):
        # a ``@dataclass`` without its own ``__init__``: its fields are the parameters (ctor.py)
        ps = dataclass_fields(fs) if fs.kind == "class" else _bound_params(fs)
        return out.setdefault(fs.qualname, {"p": ps, "r": {}, "f": [], "k": []})

    whole: dict = {}  # qualname -> {param: True while every shell= sink takes it as the whole command}
    # qualname -> {param: True while every sink it reaches is a runner's string command taking
    # it whole (runnerlibs.LIB_STRING_COMMAND): a caller's list there is an argv, no shell at all}
    listsafe: dict = {}

    def keep_worse(c: dict, own: dict, start: int, end: int, label: str) -> None:
        """Each parameter of ``own`` in ``c`` with the worst mode it reaches a sink with."""
        for n, m in own.items():
            if n not in c or MODE_RANK[m] > MODE_RANK[c[n][0]]:
                c[n] = [m, start, end, label]

    # qualname -> {param: (``__init__``, flag, optional) while every sink of "r" it reaches runs
    # only on an object constructed with a true flag (guards.instance_flag), else None}
    flagged: dict = {}
    gcache: dict = {}

    def note_flag(fs, own: dict, g) -> None:
        f = flagged.setdefault(fs.qualname, {})
        k = (g.owner, g.param, g.optional) if g is not None else None
        for n in own:
            f[n] = k if f.get(n, k) == k else None

    def note_whole(fs, own: dict, cmd, scope=None) -> None:
        w = whole.setdefault(fs.qualname, {})
        for n in own:
            w[n] = w.get(n, True) and (_is_param_name(cmd, n) or plain_alias(ctx.model, scope, cmd, n))

    # sinks under a guard true by default (``if shell: call(cmd, shell=True)``): the "f" summary
    flag_decides = {id(s.node) for s, g in ctx.guarded_sinks if g.default == "yes"}
    for s in ctx.sinks:
        if s.kind not in SHELL_KINDS or s.how == ANY_CALLEE or ANY_FLAG in s.via:
            continue
        fs = s.function
        if fs is None:
            continue
        own: dict = {}
        for sid, _q, name, mode in sorted(s.ev.params, key=param_order):
            if sid == fs.id and mode != QUOTED:
                own[name] = worse_mode(own.get(name), mode)
        passthrough = s.kind is SinkKind.SHELL_TRUE and s.shell == "maybe" and "pass-through" in s.how
        if not own and passthrough:
            star = _forwarded_star(s.node, fs)
            if star is not None:
                own[star] = RAW  # Popen(*args, **kwargs): the command is the caller's first positional argument
        if not own:
            continue
        label = s.label or s.callee
        note_whole(
            fs,
            own,
            # a list given where cmd.exe runs (a flag true on Windows only: windows.py) is
            # joined whole by list2cmdline: every item a caller puts in it is code, not the
            # first only, so the parameter is no "whole command" there
            _command_expr(s.node)
            if (s.kind is SinkKind.SHELL_TRUE and s.windows != "only") or s.how in LIST_IS_ARGV
            else None,
            s.scope,
        )
        ls = listsafe.setdefault(fs.qualname, {})
        for n in own:
            ls[n] = ls.get(n, True) and (
                s.how in LIST_IS_ARGV
                or _shell_iff_text(s.node, fs, n)
                or shell_iff_text(s.node, s.scope, ctx.model, _command_expr(s.node))
                or list_turns_shell_off(s.node, fs, n, ctx.model)
            )
        if passthrough:
            entry(fs)["k"].append([own, s.start, s.end, label])
        elif (s.kind is SinkKind.SHELL_TRUE and _shell_flag_param(s.node, fs)) or id(s.node) in flag_decides:
            continue  # shell=<a parameter>, or a guard: the callers decide (the "f" summary below)
        elif not s.weak:
            keep_worse(entry(fs)["r"], own, s.start, s.end, label)
            note_flag(fs, own, instance_flag(s.node, s.scope, gcache))
    # a nested function's sink fed by a parameter of the function enclosing it
    # (``def sh(command): def run(): Popen(command, shell=True); dry(run)``):
    # the enclosing function's callers feed that shell
    # constructor parameters kept in ``self`` and run by a shell sink of another method
    # (``Command(cmd).run()``): the constructor's callers feed that shell; not the
    # file's own flow (the sink reads ``self.cmd``, a value not known statically there)
    for fs, own, s, is_whole, runs in ctor_reach(ctx):
        # the methods whose call runs the sink (None: the construction may): a construction
        # is reported where one of them is called on the object (:func:`_ctor_runs`)
        cm = entry(fs).setdefault("cm", {})
        for n in own:
            if runs is None or (n in cm and cm[n] is None):
                cm[n] = None
            else:
                cm[n] = sorted(set(cm.get(n) or ()) | runs)
        w = whole.setdefault(fs.qualname, {})
        for n in own:
            w[n] = w.get(n, True) and is_whole
        # ``Popen(self.cmd, shell=isinstance(self.cmd, str))``: a list given to the
        # constructor runs as an argv (textflag.py)
        text_only = is_whole and (
            s.how in LIST_IS_ARGV or shell_iff_text(s.node, s.scope, ctx.model, _command_expr(s.node))
        )
        ls = listsafe.setdefault(fs.qualname, {})
        for n in own:
            ls[n] = ls.get(n, True) and text_only
        keep_worse(entry(fs).setdefault("c", {}), own, s.start, s.end, s.label or s.callee)
    # eval/exec of a parameter's text (also read by a nested function): reported where it
    # runs in the file; a caller in another module hands it the code (one hop: the
    # caller's own callers are not followed, an evaluator's callers are many)
    for fs, own, s in code_reach(ctx):
        keep_worse(entry(fs).setdefault("e", {}), own, s.start, s.end, s.label or s.callee)
        if fs.cls is not None:
            # a method running its parameter as code (``Runtime.exec_code``): its callers in
            # its own module too (the per-file scan follows no method call) (pyA19)
            entry(fs)["em"] = 1
    # the path of a file whose content a function runs as code: a caller in another module
    # names that file (filereach.py; one hop, like the code above)
    for fs, own, s in file_reach(ctx):
        keep_worse(entry(fs).setdefault("pf", {}), own, s.start, s.end, s.label or s.callee)
    for fs, own, s in closure_reach(ctx):
        cmd = _command_expr(s.node) if s.kind is SinkKind.SHELL_TRUE or s.how in LIST_IS_ARGV else None
        note_whole(fs, own, cmd, s.scope)
        # a runner's string command in a nested helper (``async def run_command():
        # open_process(args)`` inside ``run_subprocess(args)``; retry and concurrency
        # wrappers): a list the enclosing function is given runs as an argv there too
        ls = listsafe.setdefault(fs.qualname, {})
        for n in own:
            ls[n] = ls.get(n, True) and (s.how in LIST_IS_ARGV or shell_iff_text(s.node, s.scope, ctx.model, cmd))
        keep_worse(entry(fs)["r"], own, s.start, s.end, s.label or s.callee)
        note_flag(fs, own, None)
    # functions that build and return an argv starting a shell or interpreter
    # with a parameter as its code (``return ["bash", "-c", script]``, ``["ssh",
    # host, command]``): the caller in another module runs what it gets back
    pos = ctx.model.pos
    for fs, ret, own, label in returned_shell_argv(ctx):
        s0, e0 = pos.span(ret)
        note_whole(fs, own, None)
        keep_worse(entry(fs)["r"], own, s0, e0, f"the {label} argv {fs.name}() returns")
        note_flag(fs, own, None)
    # functions that run a parameter as the argv (``Popen_safe(args)``,
    # ``cmd_output(*cmd)``): a caller handing them ``["bash", "-c", x]`` or
    # ``("ssh", host, command)`` starts a shell with its value
    for fs, pname, call in argv_runners(ctx) + quoted_argv_runners(ctx):
        s0, e0 = pos.span(call.func)
        entry(fs).setdefault("a", {}).setdefault(pname, [s0, e0, ast.unparse(call.func)])
    _local_argv_wrappers(ctx, out, entry)
    # functions that return an argv whose next items are code (``["ssh", "-T", host]``:
    # what a caller appends runs in the remote shell)
    for fs, ret, label in returned_code_prefix(ctx) + returned_shell_prefixes(ctx):
        s0, e0 = pos.span(ret)
        entry(fs).setdefault("x", [s0, e0, f"the {label} argv prefix {fs.name}() returns"])
    # functions that run a parameter as a script file (``[sys.executable, path]``,
    # ``["bash", path]``, ``[path]``): a caller that wrote data into that file runs it
    for fs, pname, call, label in script_runners(ctx):
        s0, e0 = pos.span(call.func)
        entry(fs).setdefault("s", {}).setdefault(pname, [s0, e0, label])
    # subprocess calls whose shell= is a parameter of the function (its default
    # decides the in-file verdict; a caller passing True makes it a shell)
    for call, scope in ctx.model.calls:
        kw = next((k for k in call.keywords if k.arg == "shell"), None)
        if kw is None or not isinstance(kw.value, ast.Name):
            continue
        fs = function_of(scope)
        if fs is None or (kw.value.id not in fs.params and kw.value.id not in _kwonly(fs)):
            continue
        if not any(v.kind == "name" and v.name in _SUBPROCESS for v in ctx.evaluator.values(call.func, scope)):
            continue
        cmd = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "args"), None)
        if cmd is None:
            continue
        ev = ctx.evaluator.evidence(cmd, scope)
        own = {}
        for sid, _q, n, m in sorted(ev.params, key=param_order):  # the worst mode of each parameter
            if sid == fs.id and m != QUOTED:
                own[n] = worse_mode(own.get(n), m)
        if not own:
            continue
        default = _default(fs, kw.value.id)
        s0, e0 = pos.span(call.func)
        note_whole(fs, own, cmd, scope)
        entry(fs)["f"].append([own, kw.value.id, default, s0, e0, ast.unparse(call.func)])
    # runners %-formatting their *args, each quoted, into a template parameter: a caller's
    # template decides where the quoting does not hold (pctemplate.py)
    for fs, p, va, s in quoted_template_params(ctx):
        entry(fs).setdefault("t", {})[p] = ["*" + va, s.start, s.end, s.label or s.callee]
    # shell sinks run only when a flag parameter is true: the flag's callers decide (by what
    # they pass, or by leaving the default)
    for fs, own, flag, s, dflt in guarded_flags(ctx):
        note_whole(fs, own, None)
        entry(fs)["f"].append([own, flag, dflt, s.start, s.end, s.label or s.callee])
    # classes deriving from subprocess.Popen without their own __init__: Popen's signature;
    # the bases of every class (a subclass of the project's own runner inherits its methods)
    bases = class_bases_of(ctx)
    for sc in ctx.model.scopes:
        if sc.kind != "class" or not isinstance(sc.node, ast.ClassDef):
            continue
        if any(isinstance(b, ast.FunctionDef) and b.name == "__init__" for b in sc.node.body):
            continue
        parent = sc.parent
        if any(v.kind == "name" and v.name in _POPEN for b in sc.node.bases for v in ctx.evaluator.values(b, parent)):
            s0, e0 = pos.span(sc.node.bases[0])
            out[sc.qualname] = {
                "p": _POPEN_PARAMS,
                "r": {},
                "f": [[{"args": RAW}, "shell", "no", s0, e0, "subprocess.Popen"]],
                "k": [],
            }
    for q, f in flagged.items():
        # the parameters whose every shell runs on an object constructed with a true flag:
        # {param: [flag, the constructor's parameters, whether the flag has a false default]}
        ig = {n: [k[1], _bound_params(k[0]), k[2]] for n, k in sorted(f.items()) if k is not None}
        if ig and q in out:
            out[q]["ig"] = ig
    for q, w in whole.items():
        names = sorted(n for n, ok in w.items() if ok)
        if names and q in out:
            out[q]["w"] = names
            safe = [n for n in names if listsafe.get(q, {}).get(n)]
            if safe:
                out[q]["ls"] = safe
    if out:
        # parameters used only as a document (a lookup into them, or handed on whole):
        # a caller handing one on adds no shell text (docparams.py)
        fscopes = {sc.qualname: sc for sc in ctx.model.scopes if sc.kind == "function"}
        sink_ids = {id(s.node) for s in ctx.sinks}
        for q, d in out.items():
            sc = fscopes.get(q)
            if sc is not None and (d["r"] or d.get("c")):
                kinds = doc_params(sc.node, sc.params, sink_ids)
                if kinds:
                    d["d"] = kinds
    for alias, q in function_aliases(ctx.tree):
        if q in out and alias not in out:
            out[alias] = out[q]  # ``run = _run_posix``, ``system = system_piped``: the same function
    if bases:
        out[BASES] = bases
    return out


def guarded_flags(ctx) -> list:
    """``[(function, {param: mode}, flag, sink, the flag's default)]`` of the sinks under a flag guard
    (:mod:`.guards`): the command's parameters of the function owning the flag (for a
    flag kept in ``self``, the constructor's parameters kept in ``self`` too)."""
    out = []
    for s, g in ctx.guarded_sinks:
        fs = s.function
        if fs is None:
            continue
        own: dict = {}
        if g.attr is None:
            for sid, _q, name, mode in sorted(s.ev.params, key=param_order):  # a set: see param_order
                if sid == fs.id and mode != QUOTED and name != g.param:
                    own[name] = worse_mode(own.get(name), mode)
        else:
            cmd = _command_expr(s.node)
            if cmd is None or fs.cls is None:
                continue
            _init, attrs = init_param_attrs(fs.cls)
            got, _w = attrs_of(cmd, s.scope, ctx.model, fs.cls)
            own = {attrs[a]: RAW for a in sorted(got) if a in attrs and attrs[a] != g.param}
        if own:
            out.append((g.owner, own, g.param, s, g.default))
    return out


def _isinstance_text(e, name: str) -> bool:
    """``isinstance(name, str)`` (``str``/``bytes``/a tuple of them, ``basestring``)."""
    if not (
        isinstance(e, ast.Call)
        and isinstance(e.func, ast.Name)
        and e.func.id == "isinstance"
        and len(e.args) == 2
        and isinstance(e.args[0], ast.Name)
        and e.args[0].id == name
    ):
        return False
    t = e.args[1]
    types = t.elts if isinstance(t, ast.Tuple) else [t]
    return bool(types) and all(isinstance(x, ast.Name) and x.id in ("str", "bytes", "basestring") for x in types)


def _shell_iff_text(call, fs, name: str) -> bool:
    """The sink runs a shell only when the command parameter ``name`` is text: its ``shell=``
    is ``isinstance(name, str)``, or a local every assignment of which is that (IPython's
    ``process_handler``: ``shell = isinstance(cmd, str)``; a list runs as an argv)."""
    if not isinstance(call, ast.Call):
        return False
    kw = next((k for k in call.keywords if k.arg == "shell"), None)
    if kw is None:
        return False
    if _isinstance_text(kw.value, name):
        return True
    if not isinstance(kw.value, ast.Name) or not isinstance(fs.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    flag = kw.value.id
    if flag in fs.params:
        return False
    sets = []
    for n in walk(fs.node):
        if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            if any(isinstance(x, ast.Name) and x.id == flag for t in targets for x in walk(t)):
                sets.append(n)
        elif isinstance(n, (ast.For, ast.With, ast.NamedExpr)) and any(
            isinstance(x, ast.Name) and x.id == flag and isinstance(x.ctx, ast.Store) for x in walk(n)
        ):
            return False
    return bool(sets) and all(
        isinstance(n, (ast.Assign, ast.AnnAssign))
        and n.value is not None
        and _isinstance_text(n.value, name)
        and all(isinstance(t, ast.Name) for t in (n.targets if isinstance(n, ast.Assign) else [n.target]))
        for n in sets
    )


def _command_expr(call: ast.Call):
    """The command argument of a ``subprocess`` call (first positional or ``args=``)."""
    if call.args:
        return call.args[0]
    # ``args=`` of subprocess; ``cmd=``/``command=`` of the runners of runnerlibs.py
    return next((k.value for k in call.keywords if k.arg in ("args", "cmd", "command")), None)


def _is_param_name(cmd, name: str) -> bool:
    """Is the command exactly the parameter ``name`` (``*name``: the ``*args``)?"""
    if isinstance(cmd, ast.Starred):
        cmd = cmd.value
    return isinstance(cmd, ast.Name) and cmd.id == name.lstrip("*")


def _argv_head(ev_, expr, scope):
    """Evidence of the first item of an argv the caller builds (a list or tuple
    display, or a name every binding of which is one), or None when ``expr`` is
    not known to be a sequence.  ``Popen(seq, shell=True)`` on POSIX runs the
    first item as the script and hands the others to the shell as ``$0 $1 ...``
    (Python documentation, subprocess.Popen: "If args is a sequence, the first
    item specifies the command string, and any additional items will be treated
    as additional arguments to the shell itself"); with ``shell=False`` none of
    them is shell code."""
    from .evaluate import union
    from .scopes import lookup

    def is_seq(e, depth: int = 0) -> bool:
        if isinstance(e, (ast.List, ast.Tuple)):
            return bool(e.elts) and not isinstance(e.elts[0], ast.Starred)
        if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
            return is_seq(e.left, depth)
        if isinstance(e, ast.Attribute) and depth < 3:
            # ``self._config_cmd + args`` with ``self._config_cmd = ["git", "config"]``: an
            # argv the object keeps (selfargv.py)
            held = ev_.argv(e, scope)
            return bool(held) and all(alt and alt[0] is not None for alt in held)
        if isinstance(e, ast.Name) and depth < 3:
            sc_, bl = lookup(ev_.m, scope, e.id, (e.lineno, e.col_offset))
            # ``cmd = ["git"] + opts`` then ``cmd += args``: ``+=`` on a list extends it
            # in place (Python reference, "Augmented assignment statements"): still a list
            if bl and sc_ is not None and all(b.kind == "aug" for b in bl):
                bl = sc_.bindings.get(e.id, bl)
            return any(b.kind == "assign" for b in bl) and all(
                (b.kind == "assign" and not b.index and isinstance(b.value, ast.expr) and is_seq(b.value, depth + 1))
                or (b.kind == "aug" and isinstance(b.extra, ast.Add))
                for b in bl
            )
        return False

    if not is_seq(expr):
        return None
    alts = ev_.argv(expr, scope)
    if not alts or any(not alt or alt[0] is None for alt in alts):
        return None
    return union([alt[0] for alt in alts])


# a file can return a shell argv only if it names a code option or a remote shell
# starts at - or / (and only then looks behind for the quote): fast; the same matches as
# looking behind first, at half the CPU (issue 25, measured on the bench trees)
_ARGV_OPT = compile_pattern(r"""[-/](?<=["'][-/])(?:[A-Za-z]*c|[cCkK]|e|-eval|[Cc]ommand)["']""")


def _argv_mark(text: str) -> bool:
    return "ssh" in text or "plink" in text or _has_argv_opt(text)


def _has_argv_opt(text: str) -> bool:
    """``_ARGV_OPT.search(text) is not None``: a match of ``_ARGV_OPT`` has a quote right
    before its ``-`` or ``/`` (its lookbehind, which reads the text before the position
    ``match`` starts at), so it is tried only after each of the four pairs (the engine
    tried every ``-`` and ``/`` of the text, comment rules included; issue 25,
    tests/test_pyscan_speed_s41.py)."""
    match = _ARGV_OPT.match
    for pair in _QUOTE_DASH:
        at = text.find(pair)
        while at != -1:
            if match(text, at + 1) is not None:
                return True
            at = text.find(pair, at + 1)
    return False


_QUOTE_DASH = ("'-", '"-', "'/", '"/')  # where a match of _ARGV_OPT can start: one character after


# ... or a shell's ``-c`` inside a command line a runner splits (``"sh -c 'chown {o} {p}'"``, splitwords.py)
# ... or a program of the shell engine's table that runs an operand as shell code (``su``,
# ``adb``, ``swaymsg``: argvtable.py)
_CODE_OPT = (
    _ARGV_OPT.pattern
    + r"|\bssh\b|\bplink\b|\bsh -c\b"
    + r"|[\"'](?:[^\"'\s]*/)?(?:"
    + "|".join(re.escape(w) for w in runner_words())
    + r")[\"']|\b(?:"
    + "|".join(re.escape(w).replace("\\-", "_") for w in runner_words())
    + r")_?(?:executable|binary|program|path|prog|exe|bin|cmd|command|prefix|cmdline)\b"
)


_SCRIPT_HOW = "a script file written with data"
#: how a project flow reaches ``eval``/``exec``: the value is Python code run in the process
CODE_HOW = "as Python code, by eval/exec"
_SHELL_TRUE_KW = compile_pattern(r"\bshell\s*=\s*True\b")  # what :func:`.untyped.passes_shell_true` resolves
# a call that can pass shell=: by keyword or in a dict; a flag the project names otherwise
# (``is_shell=``, ``use_shell=``: a constructor's or a guard's, guards.py) counts too
_SHELL_KW = compile_pattern(r"\*\*|\b\w*shell\w*\s*=(?!=)")
_SCRIPT_NEAR = compile_pattern(r"\.name\b|path\b|script|file")  # a file handed on: tf.name, path, script_path
_HAS_ARGS = compile_pattern(r"\A\s*[^\s)]")  # a call with an argument: ``f(x``, not ``f()``
_ARGV_NEAR = compile_pattern(_CODE_OPT)  # a code option or ssh in the call
# _CODE_OPT's three words, each where a word starts (the lookahead lets the engine pass
# over any other position at once)
_ARGV_WORDS = compile_pattern(r"(?=[sp])(?:\bssh\b|\bplink\b|\bsh -c\b)")


_RUNNER_SUFFIXES = (
    "executable",
    "binary",
    "program",
    "path",
    "prog",
    "exe",
    "bin",
    "cmd",
    "command",
    "prefix",
    "cmdline",
)


def _runner_word_in(text: str) -> bool:
    """A text :data:`_CODE_OPT`'s runner-word parts can match: a program word right before a
    quote (``"adb"``), or written into a name with a suffix (``adb_cmd``); substring tests,
    a necessary condition the alternation then decides."""
    for w in runner_words():
        if w + '"' in text or w + "'" in text:
            return True
        n = w.replace("-", "_")
        if n in text and any(n + x in text or n + "_" + x in text for x in _RUNNER_SUFFIXES):
            return True
    return False


def _argv_near_text(text: str) -> bool:
    """``_ARGV_NEAR.search(text) is not None`` for a whole file: the alternation has no
    literal to skip ahead by (4.5 s over 59 MB of bench texts); its parts searched one
    after the other, the words only where their text is, find the same (1.1 s, then
    0.5 s; issue 25, tests/test_pyscan_text_scans.py)."""
    if _has_argv_opt(text):
        return True
    if not ("ssh" in text or "plink" in text or "sh -c" in text or _runner_word_in(text)):
        return False
    # ``ssh`` only inside a name (``self.ssh_cmd + [cmd]``, remoteprefix.py): the alternation's
    # ``ssh_cmd`` form, asked only of such a text
    return _ARGV_WORDS.search(text) is not None or _ARGV_NEAR.search(text) is not None


def _same_function(key: str, qualname: str) -> bool:
    """Is the summary ``key`` (``module.qualname``) the function ``qualname`` itself (a
    call to itself)?  Not a suffix match: ``run_hook`` calling ``_run_hook`` is a wrapper."""
    return key == qualname or key.endswith("." + qualname)


def _call_near(u: FileUnit, name: str, alias_of: dict | None, what: re.Pattern, width: int) -> bool:
    """Does this file call ``name`` (or an alias of it) with ``what`` within
    ``width`` characters of the call's ``(`` (up to a ``;``): a shell flag for
    a ``**kwargs`` runner; a code option or ssh (``Popen_safe(python.command +
    ['-c', code])``) or forwarded ``*args`` for an argv runner?  Checked on
    the text: meson calls ``Popen_safe`` in 40 files and parsing each of them
    again doubled the project pass (measured)."""
    if u.argv_mark is None:
        u.argv_mark = {}
    key = (name, what.pattern)
    hit = u.argv_mark.get(key)
    if hit is None:
        hit = False
        text = u.text
        for n in [name] + sorted(a for a, x in (alias_of or {}).items() if x == name):
            at = text.find(n + "(")
            while at != -1 and not hit:
                if (at == 0 or not (text[at - 1].isalnum() or text[at - 1] == "_")) and not text.endswith(
                    "def ", 0, at
                ):
                    start = at + len(n) + 1
                    win = _call_args_text(text[start : start + width].split(";", 1)[0])
                    hit = bool(what.search(win)) or (what is _ARGV_NEAR and win[:1] == "*" and win[1:2] != "*")
                    if not hit and what is _ARGV_NEAR:
                        # an argv built in the lines before: cmd = ["ssh", host, c]; run_argv(cmd)
                        hit = bool(what.search(text[max(0, at - 2 * width) : at]))
                at = text.find(n + "(", at + 1)
            if hit:
                break
        u.argv_mark[key] = hit
    return hit


def _defaults_of(u: FileUnit) -> frozenset:
    """The names the file gives as parameters' defaults (memoised, :func:`.injected.default_names`)."""
    if u.argv_mark is None:
        u.argv_mark = {}
    names = u.argv_mark.get("=defaults")
    if names is None:
        names = u.argv_mark["=defaults"] = default_names(u.text)
    return names


def _call_args_text(win: str) -> str:
    """The text of a call's arguments: ``win`` up to the parenthesis that closes
    the call (brackets counted, strings not parsed: a cheap bound, not a parser)."""
    depth = 0
    for i, ch in enumerate(win):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                return win[:i]
            depth -= 1
    return win


def _names_a_head(fn: ast.AST) -> bool:
    """Does the function name a shell, an interpreter or ssh anywhere (a string
    constant such as ``"bash"`` or ``"/usr/bin/ssh"``, or a variable named for one)?
    Evaluating every returned list costs meson a quarter of its scan (measured);
    a function that names no such program cannot return such an argv."""
    from .named import names_a_program
    from .sinks import PY_RE, SH_FAMILY, prog_name

    for n in walk(fn):  # astwalk's: the same nodes without two generators per node (issue 25)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and len(n.value) < 64:
            p = prog_name(n.value)
            if p in SH_FAMILY or p in _HEAD_PROGRAMS or PY_RE.match(p):
                return True
        elif isinstance(n, ast.Name) and names_a_program(n.id):
            return True
        elif isinstance(n, ast.Attribute) and (names_a_program(n.attr) or n.attr == "executable"):
            return True
    return False


# the words of those programs and variables in the text (checked before any tree walk)
# (the lookahead of every alternative's first character lets the engine pass over any
# other position at once: the same matches at half the CPU; issue 25, measured)
_HEAD_WORD = compile_pattern(
    r"""(?=["'sSpibcC])(?:["'](?:[^"'\s]*/)?(?:[bzkd]?a?sh|fish|t?csh|mksh|rbash|yash|ssh|plink|dbclient|cmd(?:\.exe)?|"""
    r"""powershell(?:\.exe)?|pwsh|node(?:js)?|perl|ruby|php|osascript|lua|deno|[Rr]script|python[\d.]*|pypy[\d.]*)["']"""
    r"""|shell|SHELL|python|interp|\b(?:sh|bash|comspec|COMSPEC)\b|sys\.executable)"""
)
_HEAD_PROGRAMS = {"cmd", "powershell", "pwsh", "ssh", "plink", "dbclient", "node", "nodejs", "perl", "ruby", "php"}
_HEAD_PROGRAMS |= {"osascript", "lua", "deno", "rscript"}


def returned_shell_argv(ctx) -> list:
    """``[(function scope, return value, {param: mode}, label)]``: the argv a
    function returns starts a shell or interpreter (``bash -c``, ``ssh host
    <command>``, ``python -c``) whose code is built from its own parameters."""
    from .named import argv_with_named_head
    from .sinks import shell_in_argv

    text = ctx.source.text
    if not _argv_mark(text) or not _HEAD_WORD.search(text):
        return []
    pos = ctx.model.pos
    out: list = []
    for fs in ctx.model.scopes:
        if fs.kind != "function" or not isinstance(fs.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        n = fs.node
        # the scope model's return values of the function's own body, last
        # first (the order a walk of the body found them in before: on a tie
        # the summary names the first sink found); walking the body again for
        # them cost half of this function (measured).  Asked before the text of
        # the body is cut out and searched (the same tests, cheapest first: most
        # functions return no list, tuple, sum or name; that text was a third of
        # this function, held-out trees; issue 25)
        rets = [v for v in reversed(fs.returns) if isinstance(v, (ast.List, ast.Tuple, ast.BinOp, ast.Name))]
        if not rets:
            continue
        body = text[pos.off(n.lineno, 0) : pos.off((n.end_lineno or n.lineno) + 1, 0)]
        if "return" not in body or not _HEAD_WORD.search(body):
            continue  # names no shell, interpreter or ssh: cannot return such an argv
        if not _names_a_head(n):
            continue
        for v in rets:
            alts = argv_with_named_head(ctx.evaluator, v, fs, ctx.model)
            if not alts:
                continue
            own: dict = {}
            label = ""
            for alt in alts:
                hit = shell_in_argv(alt)
                if hit is None:
                    continue
                for sid, _q, n, m in sorted(hit[1].params, key=param_order):  # a set: see param_order
                    if sid == fs.id and m != QUOTED:
                        own[n] = worse_mode(own.get(n), m)
                        label = label or hit[0]
            if own:
                out.append((fs, v, own, label))
    return out


# runners that take the argv as their first argument (or as ``*args``): the
# subprocess family and asyncio's exec (Python documentation, subprocess and asyncio-subprocess)
_ARGV_RUNNERS = {name: 0 for name in _SUBPROCESS} | {
    "asyncio.create_subprocess_exec": -1,
    "asyncio.subprocess.create_subprocess_exec": -1,
}
# the os exec/spawn family with an argv list: its index (Python documentation, os:
# execv(path, args), spawnv(mode, path, args), posix_spawn(path, argv, env))
_ARGV_RUNNERS |= {f"os.{n}": 1 for n in ("execv", "execve", "execvp", "execvpe", "posix_spawn", "posix_spawnp")}
_ARGV_RUNNERS |= {f"os.{n}": 2 for n in ("spawnv", "spawnve", "spawnvp", "spawnvpe")}
_ARGV_RUNNERS["twisted.internet.reactor.spawnProcess"] = 2  # (processProtocol, executable, args, ...): Twisted API
_ARGV_LAST = {n.rsplit(".", 1)[-1] for n in _ARGV_RUNNERS}


def _argv_param(e, fs, model, depth: int = 0) -> str | None:
    """The parameter of ``fs`` that ``e`` passes on as a whole argv: ``cmd``,
    ``list(cmd)``, ``[*cmd]``, ``cmd + ["-v"]``, or a local assigned from one of
    those or from a call on it (``cmd = normalize_cmd(cmd)``); never a list
    that merely holds the parameter as one of its items."""
    from .scopes import lookup

    if depth > 3 or e is None:
        return None
    if isinstance(e, ast.Starred):
        e = e.value
    if isinstance(e, ast.Name):
        _sc, bl = lookup(model, fs, e.id, (e.lineno, e.col_offset))
        if any(b.kind == "param" and b.scope is fs for b in bl) and len(bl) == 1:
            return e.id if e.id in fs.params or e.id == getattr(fs, "vararg", None) else None
        if len(bl) == 1 and bl[0].kind == "assign" and isinstance(bl[0].value, ast.expr) and bl[0].scope is fs:
            v = bl[0].value
            if (
                isinstance(v, ast.Call)
                and v.args
                and isinstance(v.args[0], ast.Name)
                and not (isinstance(v.func, ast.Attribute) and isinstance(v.func.value, ast.Constant))
            ):
                hit = _argv_param(v.args[0], fs, model, depth + 1)  # cmd = normalize(cmd), not " ".join(cmd)
                if hit is not None:
                    return hit
            return _argv_param(v, fs, model, depth + 1) if v is not e else None
        if len(bl) > 1 and all(b.scope is fs for b in bl):
            # ``if len(argv) == 1: argv = shlex.split(argv[0])``: every definition that
            # reaches the use is the same parameter's argv (as it came, or re-split)
            hits = {_resplit_or_param(b, e.id, fs, model, depth) for b in bl}
            if len(hits) == 1:
                return hits.pop()
        return None
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id in ("list", "tuple") and len(e.args) == 1:
        return _argv_param(e.args[0], fs, model, depth + 1)
    if isinstance(e, ast.Call) and ast.unparse(e.func) in ("shlex.split", "split") and len(e.args) == 1:
        # ``run(shlex.split(cmd))``: the command line split into the argv (shlex docs)
        a = e.args[0]
        return _argv_param(a, fs, model, depth + 1) if isinstance(a, ast.Name) else None
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "map" and len(e.args) == 2:
        return _argv_param(e.args[1], fs, model, depth + 1) if _item_conversion(e.args[0]) else None
    if isinstance(e, (ast.ListComp, ast.GeneratorExp)) and len(e.generators) == 1:
        g = e.generators[0]
        # [str(a) for a in args]: each item converted, none dropped or added
        if not g.ifs and isinstance(g.target, ast.Name) and _converts(e.elt, g.target.id):
            return _argv_param(g.iter, fs, model, depth + 1)
    if isinstance(e, (ast.List, ast.Tuple)) and e.elts and isinstance(e.elts[0], ast.Starred):
        return _argv_param(e.elts[0].value, fs, model, depth + 1)
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
        return _argv_param(e.left, fs, model, depth + 1)
    return None


def _resplit_or_param(b, name: str, fs, model, depth: int) -> str | None:
    """The parameter a definition of ``name`` holds as an argv: the parameter itself, or
    ``shlex.split`` of the parameter (of its first item, of ``str()`` of it: a single
    command-line string split into the argv, shlex docs), or what :func:`_argv_param` says."""
    if b.kind == "param":
        return name if name in fs.params or name == getattr(fs, "vararg", None) else None
    v = b.value if b.kind == "assign" else None
    if not isinstance(v, ast.expr):
        return None
    if isinstance(v, ast.Call) and ast.unparse(v.func) in ("shlex.split", "split") and len(v.args) == 1:
        arg = v.args[0]
        while isinstance(arg, (ast.Call, ast.Subscript)):
            if isinstance(arg, ast.Call):
                if not (ast.unparse(arg.func) in _ITEM_CONVERSIONS and len(arg.args) == 1):
                    return None
                arg = arg.args[0]
            else:
                arg = arg.value
        return name if isinstance(arg, ast.Name) and arg.id == name else None
    return _argv_param(v, fs, model, depth + 1)


# conversions of one argv item that keep it one item with the same text (str of a
# path, os.fspath, os.fsdecode)
_ITEM_CONVERSIONS = {"str", "os.fspath", "fspath", "os.fsdecode", "fsdecode"}


def _item_conversion(f) -> bool:
    return ast.unparse(f) in _ITEM_CONVERSIONS


def _converts(elt, name: str) -> bool:
    """``a`` or ``str(a)`` (:data:`_ITEM_CONVERSIONS`) of the comprehension's variable."""
    if isinstance(elt, ast.Name):
        return elt.id == name
    return (
        isinstance(elt, ast.Call)
        and _item_conversion(elt.func)
        and len(elt.args) == 1
        and not elt.keywords
        and isinstance(elt.args[0], ast.Name)
        and elt.args[0].id == name
    )


def _local_argv_wrappers(ctx, out: dict, entry) -> None:
    """Wrappers of the file's own argv runners in the same file (``cmd_output``
    calling ``cmd_output_b(*cmd)``): summarised here, with the file, so that the
    project pass need not parse a file again only to find them."""
    for _round in range(4):
        runners = {q: d for q, d in out.items() if q != BASES and d.get("a")}
        if not runners:
            return
        last = {q.rsplit(".", 1)[-1] for q in runners}
        # ``Worker(cmd)``: a runner class's constructor (runnerclass.py), by the class's name
        ctors = {q.rsplit(".", 2)[-2]: q for q in runners if q.endswith(".__init__")}
        grew = False
        for call, scope in ctx.model.calls:
            f = call.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
            if name not in last and name not in ctors:
                continue
            fs = function_of(scope)
            if fs is None:
                continue
            found = [v.data for v in ctx.evaluator.values(f, scope) if v.kind == "func"]
            if name in ctors and isinstance(f, ast.Name):
                found.append(_ctor_scope(ctx.model, ctors[name]))
            for callee in found:
                if callee is None or callee is fs or callee.qualname not in runners:
                    continue
                d = runners[callee.qualname]
                for p, (a, b, lab) in list(d["a"].items()):
                    given = _arg(call, d["p"], p, True)
                    mine = _argv_param(given, fs, ctx.model)
                    target = fs
                    if mine is None and given is not None:
                        held = init_param(given, fs, ctx.model, _argv_param)  # Worker(self.cmd)
                        if held is None:
                            continue
                        target, mine = held
                    if mine is None:
                        continue
                    key = "*" + mine if mine == getattr(target, "vararg", None) else mine
                    ent = entry(target).setdefault("a", {})
                    if key not in ent:
                        ent[key] = [a, b, lab]
                        grew = True
        if not grew:
            return


def _ctor_scope(model, qualname: str):
    """The function scope named ``qualname`` (a class's ``__init__``), or None."""
    return next((sc for sc in model.scopes if sc.kind == "function" and sc.qualname == qualname), None)


def argv_runners(ctx) -> list:
    """``[(function scope, parameter, call)]``: the function runs the
    parameter as a program's argv (no shell) through the subprocess family."""
    out: list = []
    for call, scope in ctx.model.calls:
        f = call.func
        last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
        if last not in _ARGV_LAST:
            continue
        fs = function_of(scope)
        if fs is None:
            continue
        kw = next((k for k in call.keywords if k.arg == "shell"), None)
        if (
            kw is not None
            and not (isinstance(kw.value, ast.Constant) and not kw.value.value)
            and not (isinstance(kw.value, ast.Name) and kw.value.id in fs.params and _default(fs, kw.value.id) == "no")
        ):
            # a shell (or a shell flag): the shell summaries' business; a flag parameter that
            # defaults to false (``def open(command, shell=False): Popen(shlex.split(command),
            # shell=shell)``) runs an argv for the callers that leave it so
            continue
        names = [v.name for v in ctx.evaluator.values(f, scope) if v.kind == "name" and v.name in _ARGV_RUNNERS]
        if not names:
            continue
        ai = _ARGV_RUNNERS[names[0]]
        if ai == -1:
            a = call.args[0] if call.args and isinstance(call.args[0], ast.Starred) else None
        elif ai > 0:
            a = (
                call.args[ai]
                if len(call.args) > ai and not any(isinstance(x, ast.Starred) for x in call.args)
                else None
            )
        else:
            a = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "args"), None)
        p = _argv_param(a, fs, ctx.model)
        if p is not None and not (isinstance(a, ast.Starred) and p != getattr(fs, "vararg", None)):
            key = "*" + p if p == getattr(fs, "vararg", None) else p
            if ai == 0 and isinstance(a, ast.Starred):
                # ``check_output(*args, **kwargs)``: the runner's argv is its first positional
                # argument, so item 0 of the wrapper's ``*args``, not the tuple of them
                # (``create_subprocess_exec(*cmd)``, whose every argument is an argv item, is -1)
                key += "#0"
            out.append((fs, key, call))
        elif p is None and a is not None:
            held = init_param(a, fs, ctx.model, _argv_param)
            if held is not None:
                out.append((held[0], held[1], call))
    return out


def returned_code_prefix(ctx) -> list:
    """``[(function scope, return value, label)]``: the function returns an argv
    that starts ssh (or a shell) so that items a caller appends are the code it
    runs: ``["ssh", "-p", port, host]`` (ssh(1): the words after the host are the
    remote command, run by the remote user's shell)."""
    from .evaluate import UNKNOWN
    from .sinks import shell_in_argv

    text = ctx.source.text
    if "ssh" not in text and "plink" not in text:
        return []
    out: list = []
    for fs in ctx.model.scopes:
        if fs.kind != "function" or not isinstance(fs.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        # the scope model's return values of the function's own body, last first (the
        # order a walk of the body finds them in): walking every function of the file
        # again for them was a third of summarize on the held-out trees (measured)
        for v in reversed(fs.returns):
            if not isinstance(v, (ast.List, ast.Tuple)) or not v.elts:
                continue
            h = v.elts[0]
            if not (
                isinstance(h, ast.Constant)
                and isinstance(h.value, str)
                and "ssh" in h.value
                or "plink" in str(getattr(h, "value", ""))
            ):
                continue
            alts = ctx.evaluator.argv(v, fs)
            if not alts:
                continue
            for alt in alts:
                if shell_in_argv(alt) is not None:
                    break  # already a command: not a prefix
                hit = shell_in_argv(alt + [UNKNOWN])
                if hit is not None:
                    out.append((fs, v, hit[0]))
                    break
    return out


def _prefix_items(fn: ast.AST, call: ast.Call) -> tuple | None:
    """Where the caller function ``fn`` runs the argv the call ``call`` returns,
    with items appended: ``(runner call, [appended exprs])`` for
    ``run(call + [a, b])`` and ``argv = call; argv.append(a) / argv += [..] /
    argv.extend([..]); run(argv)``."""
    holder = None
    for node in walk(fn):
        if isinstance(node, ast.Assign) and split_call(node.value, call) and len(node.targets) == 1:
            if isinstance(node.targets[0], ast.Name):
                holder = node.targets[0].id
    items: list = []
    runner = None
    for node in walk(fn):
        if not isinstance(node, ast.Call):
            if (
                holder
                and isinstance(node, ast.AugAssign)
                and isinstance(node.target, ast.Name)
                and node.target.id == holder
                and isinstance(node.value, (ast.List, ast.Tuple))
            ):
                items.extend(node.value.elts)
            continue
        f = node.func
        last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
        if holder and isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == holder:
            if last == "append" and node.args:
                items.append(node.args[0])
            elif last == "extend" and node.args and isinstance(node.args[0], (ast.List, ast.Tuple)):
                items.extend(node.args[0].elts)
            continue
        if last in _ARGV_LAST and node.args:
            a = node.args[0]
            if isinstance(a, ast.BinOp) and isinstance(a.op, ast.Add) and split_call(a.left, call):
                if isinstance(a.right, (ast.List, ast.Tuple)):
                    return node, list(a.right.elts)
            elif holder and isinstance(a, ast.Name) and a.id == holder:
                runner = node
    if runner is not None and items:
        return runner, items
    return None


def _written_script(ev_, model, fs, expr, call, scope):
    """The evidence of the data the function ``fs`` wrote, before ``call``, into the script
    file the argv ``expr`` runs (``[script_path]``, ``[bash_path, fname]``: scriptlater.py), when
    it holds a value from outside; else None."""
    from .evaluate import union
    from .scopes import lookup
    from .scriptlater import argv_script_operand, class_writes
    from .sinks import script_writes

    if isinstance(expr, ast.Name):
        _sc, bl = lookup(model, scope, expr.id, (expr.lineno, expr.col_offset))
        if len(bl) != 1 or bl[0].kind != "assign" or not isinstance(bl[0].value, (ast.List, ast.Tuple)):
            return None
        expr = bl[0].value
    got = argv_script_operand(ev_, model, expr, scope)
    if got is None:
        return None
    data = [(d, scope) for d in script_writes(fs.node, got[0], (call.lineno, call.col_offset))]
    data = data or class_writes(model, fs, got[0])
    if not data:
        return None
    ev = union([ev_.evidence(d, sc) for d, sc in data])
    if ev.const or not (ev.unknown or any(x[3] != QUOTED for x in ev.params)):
        return None
    return ev


def script_runners(ctx) -> list:
    """``[(function scope, parameter, call, label)]``: the function runs its
    parameter as a script: the operand of a shell or interpreter
    (``[sys.executable, path]``, ``["bash", path]``) or the program itself
    (``[path]``: its ``#!`` line picks the interpreter), through the subprocess
    family; the argv written in the call or in the one list a name holds."""
    from .named import named_program
    from .scopes import lookup
    from .sinks import PY_RE, SCRIPT_RUNNERS, prog_name

    if "subprocess" not in ctx.source.text:
        return []
    out: list = []
    for call, scope in ctx.model.calls:
        f = call.func
        last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
        if last not in _ARGV_LAST or not call.args:
            continue
        fs = function_of(scope)
        if fs is None:
            continue
        if not any(v.kind == "name" and v.name in _SUBPROCESS for v in ctx.evaluator.values(f, scope)):
            continue
        a = call.args[0]
        lists = [a] if isinstance(a, (ast.List, ast.Tuple)) else []
        if isinstance(a, ast.Name):
            _sc, bl = lookup(ctx.model, scope, a.id, (a.lineno, a.col_offset))
            lists = [b.value for b in bl if b.kind == "assign" and isinstance(b.value, (ast.List, ast.Tuple))]
        for lst in lists:
            els = lst.elts
            if not els or isinstance(els[0], ast.Starred):
                continue
            head = els[0]
            if isinstance(head, ast.Name) and head.id in fs.params and len(els) == 1:
                out.append((fs, head.id, call, "the script (run directly)"))
                continue
            if isinstance(head, ast.Constant) and isinstance(head.value, str):
                prog = prog_name(head.value)
            else:
                prog = named_program(head, scope, ctx.model) or ""
            if prog not in SCRIPT_RUNNERS and not PY_RE.match(prog):
                continue
            op = next(
                (e for e in els[1:] if not (isinstance(e, ast.Constant) and str(e.value).startswith("-"))),
                None,
            )
            if isinstance(op, ast.Name) and op.id in fs.params:
                out.append((fs, op.id, call, f"{prog} <script file>"))
    return out


# quoting one argv item for a POSIX shell (Python documentation: shlex.quote; pipes.quote)
_ITEM_QUOTES = {"shlex.quote", "pipes.quote", "quote"}
# what a function does with a command line it built: writes it to a stream (the stdin
# of a shell it keeps open, a socket, a pty) or sends it to a remote side
_LINE_CONSUMERS = {"write", "writelines", "send", "sendall", "sendline", "exec_command"}


def _quoted_item(elt, name: str) -> bool:
    """``shlex.quote(a)`` or ``shlex.quote(str(a))`` of the comprehension's variable."""
    return (
        isinstance(elt, ast.Call)
        and ast.unparse(elt.func) in _ITEM_QUOTES
        and len(elt.args) == 1
        and _converts(elt.args[0], name)
    )


def _quoted_join_of(call: ast.Call) -> ast.expr | None:
    """The sequence a call joins into a command line with every item shell-quoted:
    ``shlex.join(args)``, ``" ".join(shlex.quote(str(a)) for a in args)``,
    ``" ".join(map(shlex.quote, args))``; else None."""
    f = call.func
    if not isinstance(f, ast.Attribute) or f.attr != "join" or len(call.args) != 1:
        return None  # (asked of every call of the file: the cheap tests first, ast.unparse last)
    if ast.unparse(f) == "shlex.join":  # an attribute never unparses to "join"
        return call.args[0]
    if not (isinstance(f.value, ast.Constant) and f.value.value == " "):
        return None
    a = call.args[0]
    if isinstance(a, (ast.ListComp, ast.GeneratorExp)) and len(a.generators) == 1:
        g = a.generators[0]
        if not g.ifs and isinstance(g.target, ast.Name) and _quoted_item(a.elt, g.target.id):
            return g.iter
    if (
        isinstance(a, ast.Call)
        and isinstance(a.func, ast.Name)
        and a.func.id == "map"
        and len(a.args) == 2
        and ast.unparse(a.args[0]) in _ITEM_QUOTES
    ):
        return a.args[1]
    return None


def quoted_argv_runners(ctx) -> list:
    """``[(function scope, parameter, call)]``: the function turns its parameter, an
    argv, into a shell command line by quoting each item (``shlex.join(args)``) and
    hands the line on: writes it to a stream (a shell kept open on a pipe:
    cibuildwheel's container ``call``), sends it, or runs it through a shell of the
    file.  Each item arrives as one word; a caller's ``["sh", "-c", code]`` still
    runs ``code`` as shell code."""
    if "quote" not in ctx.source.text and "shlex.join" not in ctx.source.text:
        return []
    shell_fns = {
        id(s.function)
        for s in ctx.sinks
        if s.kind in SHELL_KINDS and s.function is not None and s.how != ANY_CALLEE and ANY_FLAG not in s.via
    }
    consumers: set = set()
    joins: list = []
    for call, scope in ctx.model.calls:
        fs = function_of(scope)
        if fs is None:
            continue
        f = call.func
        if isinstance(f, ast.Attribute) and f.attr in _LINE_CONSUMERS:
            consumers.add(id(fs))
        seq = _quoted_join_of(call)
        if seq is not None:
            joins.append((fs, seq, call))
    out: list = []
    for fs, seq, call in joins:
        if id(fs) not in consumers and id(fs) not in shell_fns:
            continue
        p = _argv_param(seq, fs, ctx.model)
        if p is not None:
            out.append((fs, p, call))
    return out


def class_bases_of(ctx) -> dict:
    """``{class qualname: [base names]}``: dotted or relative import names, ``@Name`` for a class of the file."""
    bases: dict = {}
    local = _class_names(ctx.model)
    for sc in ctx.model.scopes:
        if sc.kind != "class" or not isinstance(sc.node, ast.ClassDef):
            continue
        bs = []
        for b in sc.node.bases:
            for v in ctx.evaluator.values(b, sc.parent):
                if v.kind == "name" and v.name and v.name != "object" and not v.name.startswith("builtins."):
                    bs.append(v.name)
            if isinstance(b, ast.Name) and b.id in local:
                bs.append("@" + b.id)
        if bs:
            bases[sc.qualname] = bs
    return bases


def _class_names(model) -> set:
    """The qualified names of the file's classes (one set per file: asking the
    scope list once per base or call made the summaries quadratic, a third of
    the held-out trees' summary time, measured)."""
    return {x.qualname for x in model.scopes if x.kind == "class"}


def _default(fs, name: str) -> str:
    a = fs.node.args
    pos = a.posonlyargs + a.args
    defaults = dict(zip([x.arg for x in pos[len(pos) - len(a.defaults) :]], a.defaults))
    defaults.update({x.arg: d for x, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None})
    d = defaults.get(name)
    if d is None:
        return "required"
    if isinstance(d, ast.Constant):
        return "yes" if d.value else "no"
    return "maybe"


# ----------------------------------------------------------------------------
# 2. the project: fixpoint over the call graph
# ----------------------------------------------------------------------------


@record
class FileUnit:
    display: str
    text: str
    summary: dict
    module: str = ""
    is_pkg: bool = False
    ctx: Any = None  # its PythonContext once parsed for call sites
    edges: list | None = None  # [(call, scope, function scope, [keys], bound)]
    words: set | None = None  # the identifiers of the text (:func:`_relevant`)
    text_words: set | None = None  # :func:`words_of` of the text, if the prefilter made them (pyscan.scan_many)
    answers: dict | None = None  # the evaluator's answers to its call sites' questions (:func:`_asked`)
    argv_mark: dict | None = None  # (runner name, pattern) -> whether its calls in the text match (:func:`_call_near`)
    heads: list | None = None  # its calls, their callee's last name, whether plain (:func:`_call_heads`)
    self_stores: dict | None = None  # id(class scope) -> (scope, :func:`_self_stores`'s answer)

    def __init__(
        self,
        display: str,
        text: str,
        summary: dict,
        module: str = "",
        is_pkg: bool = False,
        ctx: Any = None,
        edges: list | None = None,
        words: set | None = None,
        text_words: set | None = None,
        answers: dict | None = None,
        argv_mark: dict | None = None,
        heads: list | None = None,
        self_stores: dict | None = None,
    ) -> None:
        self.display = display
        self.text = text
        self.summary = summary
        self.module = module
        self.is_pkg = is_pkg
        self.ctx = ctx
        self.edges = edges
        self.words = words
        self.text_words = text_words
        self.answers = answers
        self.argv_mark = argv_mark
        self.heads = heads
        self.self_stores = self_stores

    __repr__ = record_repr
    __eq__ = record_eq


@record
class ProjectFlow:
    """A value from outside (``params`` of the caller, or ``unknown``) reaches
    the shell run by ``sinks`` through the call at ``start``..``end``."""

    display: str
    start: int
    end: int
    caller: str  # the function making the call ("" at module level)
    callee: str  # dotted name of the function called
    params: dict  # caller parameter -> mode
    level: str  # high | medium: raw/outside value vs value not known statically
    how: str  # "" or how the shell is reached ("shell=True passed to run()")
    chain: list  # function names, outermost first
    sinks: list = field(default_factory=list)  # [(display, start, end, label)]
    inputs: list = field(default_factory=list)  # program inputs the value comes from (sys.argv, input())
    hops: list = field(default_factory=list)  # [(display, start, end, label)] the calls between, outermost first
    outside: bool = False  # a value from outside the caller's parameters reaches the shell here too
    # (callee key, param) of the values handed on whole into a callee's document parameter
    # (docparams.py), and whether some other value reaches the shell through this call
    docs: list = field(default_factory=list)
    plain: bool = False

    def __init__(
        self,
        display: str,
        start: int,
        end: int,
        caller: str,
        callee: str,
        params: dict,
        level: str,
        how: str,
        chain: list,
        sinks: list | None = None,
        inputs: list | None = None,
        hops: list | None = None,
        outside: bool = False,
        docs: list | None = None,
        plain: bool = False,
    ) -> None:
        self.display = display
        self.start = start
        self.end = end
        self.caller = caller
        self.callee = callee
        self.params = params
        self.level = level
        self.how = how
        self.chain = chain
        self.sinks = list() if sinks is None else sinks
        self.inputs = list() if inputs is None else inputs
        self.hops = list() if hops is None else hops
        self.outside = outside
        self.docs = list() if docs is None else docs
        self.plain = plain

    __repr__ = record_repr
    __eq__ = record_eq


@record
class Analysis:
    flows: list = field(default_factory=list)
    never_shell: list = field(default_factory=list)  # [(display, start)] maybe-shell sinks no caller makes a shell
    # [(display, start)] **kwargs pass-through sinks made a shell only by callers whose flows are reported
    at_callers: list = field(default_factory=list)
    # {(display, start)} calls a library model took for the library's (libtmux's
    # ``new_window``) that resolve to a summarised function of the linted tree
    in_tree: set = field(default_factory=set)
    units: dict = field(default_factory=dict)
    rounds: int = 0
    hops: dict = field(default_factory=dict)  # (caller key, callee key) -> the first call between them
    # key -> _Summ after the fixpoint: what each function of the tree reaches (scripts/gen_lib_summaries.py)
    summaries: dict = field(default_factory=dict)

    def __init__(
        self,
        flows: list | None = None,
        never_shell: list | None = None,
        at_callers: list | None = None,
        in_tree: set | None = None,
        units: dict | None = None,
        rounds: int = 0,
        hops: dict | None = None,
        summaries: dict | None = None,
    ) -> None:
        self.flows = list() if flows is None else flows
        self.never_shell = list() if never_shell is None else never_shell
        self.at_callers = list() if at_callers is None else at_callers
        self.in_tree = set() if in_tree is None else in_tree
        self.units = dict() if units is None else units
        self.rounds = rounds
        self.hops = dict() if hops is None else hops
        self.summaries = dict() if summaries is None else summaries

    __repr__ = record_repr
    __eq__ = record_eq


class _Summ:
    __slots__ = (
        "key",
        "unit",
        "params",
        "reach",
        "flags",
        "kwsplat",
        "name",
        "argv",
        "scripts",
        "prefix",
        "whole",
        "part",
        "tmpl",
        "code",
        "mcode",
        "pathcode",
        "listsafe",
        "listbad",
        "docs",
        "docok",
        "textreach",
        "runs",
        "iflag",
    )

    def __init__(self, key, unit, params, name):
        self.key = key
        self.unit = unit
        self.params = params
        self.name = name
        self.reach: dict = {}  # param -> (mode, local, chain, sinkref)
        # param -> (the methods whose call runs the sink, sinkref, whether code of the tree
        # calls one of them on some object): a constructor's parameter kept in ``self`` (ctor.py)
        self.runs: dict = {}
        self.flags: list = []  # (cmd {param: mode}, flag, default, chain, sinkref)
        self.kwsplat: list = []  # (cmd {param: mode}, chain, sinkref)
        self.argv: dict = {}  # param ("*name": the *args) run as a whole argv -> (chain, sinkref)
        self.scripts: dict = {}  # param run as a script file -> (chain, sinkref)
        self.prefix = None  # (chain, sinkref): returns an argv whose appended items are code (ssh host)
        # params that reach a shell only as the whole command of ``Popen(cmd, shell=...)``
        # (a caller's argv list runs its first item only), unless also in ``part``
        self.whole: set = set()
        self.part: set = set()
        # template param -> ("*args", chain, sinkref): the *args are quoted each into it (pctemplate.py)
        self.tmpl: dict = {}
        # param -> (mode, chain, sinkref): text evaluated as Python code (:mod:`.codereach`)
        self.code: dict = {}
        self.mcode = False  # the code runner is a method: reached from its own module too
        # param -> (mode, chain, sinkref): the path of a file whose content runs as code (:mod:`.filereach`)
        self.pathcode: dict = {}
        # whole params only a runner's string command takes (runnerlibs): a caller's list is safe
        self.listsafe: set = set()
        # whole params some sink of which runs a list through a shell too: never listsafe
        self.listbad: set = set()
        # param -> DOC | PASS: used only as a document (docparams.py); None until asked
        self.docs: dict | None = None
        # params whose every flow to a shell reads a field of them (a caller handing one on
        # adds no shell text), and those some flow reaches as text (never a document then)
        self.docok: set = set()
        self.textreach: set = set()
        # param -> (flag, the constructor's parameters, optional): the param's every shell runs
        # only on an object constructed with a true flag (guards.instance_flag)
        self.iflag: dict = {}

    def is_whole(self, p: str) -> bool:
        return p in self.whole and p not in self.part


def analyse(units: list[FileUnit], parse) -> Analysis:
    """Project-wide flows.  ``parse(unit)`` gives the unit's PythonContext (or None)."""
    an = Analysis()
    mods: dict = {}
    for u in units:
        u.module, u.is_pkg = module_name(u.display)
        mods[u.module] = u
        an.units[u.display] = u
    summ: dict = {}
    called_memo: dict = {}
    class_bases: dict = {}  # "mod.Class" -> ([base keys as written: dotted, relative, or "@Local"], unit)
    bases_version = [0]  # bumped whenever class_bases changes

    def add_bases(u: FileUnit, d: dict) -> None:
        if d:
            bases_version[0] += 1  # what :func:`resolve` answered may change (its memo is dropped)
        for cq, bs in d.items():
            ck = f"{u.module}.{cq}" if u.module else cq
            class_bases[ck] = (
                [(f"{u.module}.{b[1:]}" if u.module else b[1:]) if b.startswith("@") else b for b in bs],
                u,
            )

    for u in units:
        for q, d in u.summary.items():
            if q == BASES:
                add_bases(u, d)
                continue
            key = f"{u.module}.{q}" if u.module else q
            s = _Summ(key, u, list(d["p"]), q.rsplit(".", 1)[-1])
            for p, (m, a, b, lab) in d["r"].items():
                s.reach[p] = (m, True, (key,), (u.display, a, b, lab))
            for p, (m, a, b, lab) in d.get("c", {}).items():
                if p not in s.reach:
                    s.reach[p] = (m, False, (key,), (u.display, a, b, lab))
                    meths = d.get("cm", {}).get(p)
                    if meths is not None:
                        s.runs[p] = (
                            frozenset(meths),
                            (u.display, a, b, lab),
                            any(_called_on_object(units, n, u, called_memo) for n in meths),
                        )
            for own, flag, dflt, a, b, lab in d["f"]:
                s.flags.append((own, flag, dflt, (key,), (u.display, a, b, lab)))
            for own, a, b, lab in d["k"]:
                s.kwsplat.append((own, (key,), (u.display, a, b, lab)))
            for p, (a, b, lab) in d.get("a", {}).items():
                s.argv[p] = ((key,), (u.display, a, b, lab))
            for p, (a, b, lab) in d.get("s", {}).items():
                s.scripts[p] = ((key,), (u.display, a, b, lab))
            for p, (va, a, b, lab) in d.get("t", {}).items():
                s.tmpl[p] = (va, (key,), (u.display, a, b, lab))
            for p, (m, a, b, lab) in d.get("e", {}).items():
                s.code[p] = (m, (key,), (u.display, a, b, lab))
            for p, (m, a, b, lab) in d.get("pf", {}).items():
                s.pathcode[p] = (m, (key,), (u.display, a, b, lab))
            s.mcode = bool(d.get("em"))
            s.iflag = {p: (f, list(ps), bool(o)) for p, (f, ps, o) in d.get("ig", {}).items()}
            s.docs = dict(d.get("d", {}))
            s.docok = {p for p, k in s.docs.items() if k == DOC}
            s.textreach = {p for p in list(d["r"]) + list(d.get("c", {})) if s.docs.get(p) != DOC}
            s.whole.update(d.get("w", ()))
            s.listsafe.update(d.get("ls", ()))
            s.listbad.update(n for n in s.reach if n not in s.listsafe)
            s.listbad.update(n for x in s.flags + s.kwsplat for n in x[0] if n not in s.listsafe)
            if d.get("x"):
                a, b, lab = d["x"]
                s.prefix = ((key,), (u.display, a, b, lab))
            summ[key] = s
    # ``from subprocess import check_call`` in a module others import it from: that
    # module's ``check_call`` is subprocess's (its command and its shell flag)
    for rx in subprocess_reexports(units):
        key = f"{rx.module}.{rx.alias}" if rx.module else rx.alias
        if key not in summ:
            ru = rx.unit
            s = _Summ(key, ru, list(POPEN_PARAMS), rx.alias)
            s.flags.append(({"args": RAW}, "shell", "no", (key,), (ru.display, rx.start, rx.end, rx.label)))
            s.whole.add("args")
            summ[key] = s
    if not summ:
        return an
    reexport, star, exporters = _reexports(units)
    registered = _abc_registrations(units)
    alias_of = {a: src.rsplit(".", 1)[-1] for (_m, a), (src, _u) in reexport.items() if src.rsplit(".", 1)[-1] != a}
    suffix_index: dict = {}
    for m in mods:
        parts = m.split(".")
        for i in range(len(parts)):
            suffix_index.setdefault(".".join(parts[i:]), []).append(m)

    def resolve(key: str, unit: FileUnit, depth: int = 0):
        if not key.startswith("."):
            return resolve_abs(key, depth, unit)
        # relative: ``from .m import f`` is ".m.f"; ``from . import m`` is "..m"
        # (the scope model joins the dots of the level and of the name), so a
        # key with n leading dots is level n or n - 1
        dots = len(key) - len(key.lstrip("."))
        rest = key[dots:]
        for level in (dots, dots - 1) if dots > 1 else (dots,):
            base = unit.module.split(".") if unit.module else []
            if not unit.is_pkg:
                base = base[:-1]
            if level - 1 > len(base):
                continue
            base = base[: len(base) - (level - 1)]
            hit = resolve_abs(".".join(base + ([rest] if rest else [])), depth)
            if hit[0] is not None:
                return hit
        return None, False

    resolved: dict = {}  # (key, depth, importing module) -> resolve_abs's answer, while summ and class_bases are
    resolved_at = [0, 0]  # (len(summ), bases_version) when ``resolved`` was filled; summ only grows
    # the last name of every summary key (and the class of every ``Class.__init__``), as of ``resolved_at``:
    # every answer :func:`resolve_abs_now` can give is a summary whose key ends in the asked key's last
    # name, unless a re-export renames it (``alias_of``), so a key ending in another name resolves to none
    # without walking the re-exports (a package whose modules star-import each other asks thousands)
    last_names: set = set()

    def resolve_abs(key: str, depth: int = 0, unit: FileUnit | None = None):
        """:func:`resolve_abs_now`, remembered until a summary or a class's bases are added
        (every round of the loop below resolves every call edge again, each through the
        same chains of re-exports; issue 25).  The importing unit counts by its module
        name, all :func:`_nearest` reads of it."""
        now = [len(summ), bases_version[0]]
        if now != resolved_at:
            resolved.clear()
            resolved_at[:] = now
            last_names.clear()
            for sk in summ:
                head, _, last = sk.rpartition(".")
                last_names.add(last)
                if last == "__init__":
                    last_names.add(head.rpartition(".")[2])
        k = (key, depth, None if unit is None else unit.module)
        hit = resolved.get(k)
        if hit is None:
            hit = resolved[k] = resolve_abs_now(key, depth, unit)
        return hit

    def resolve_abs_now(key: str, depth: int = 0, unit: FileUnit | None = None):
        if depth > 4:
            return None, False
        last = key.rpartition(".")[2]
        if last not in last_names and last not in alias_of:
            return None, False
        if key in summ:
            return summ[key], False
        parts = key.split(".")
        for i in range(len(parts) - 1, 0, -1):
            mod, qual = ".".join(parts[:i]), ".".join(parts[i:])
            for m in [mod] if mod in mods else _nearest(suffix_index.get(mod, ()), unit):
                full = f"{m}.{qual}" if m else qual
                if full in summ:
                    return summ[full], False
                if full + ".__init__" in summ:
                    return summ[full + ".__init__"], True
        if key + ".__init__" in summ:
            return summ[key + ".__init__"], True
        hit = reexported(parts, depth)
        if hit[0] is not None:
            return hit
        return inherited(key, depth)

    def reexported(parts: list, depth: int):
        """``mesonlib.Popen_safe`` where ``mesonlib`` says ``from .utils.universal
        import *`` (or ``from .universal import Popen_safe``): the name where it is defined."""
        if depth >= 4:
            return None, False  # every lookup below is at depth + 1, where resolve_abs_now answers none
        for i in range(len(parts) - 1, 0, -1):
            mod = ".".join(parts[:i])
            for m in [mod] if mod in mods else suffix_index.get(mod, ()):
                tgt = reexport.get((m, parts[i]))
                if tgt is not None:
                    hit = resolve(".".join([tgt[0]] + parts[i + 1 :]), tgt[1], depth + 1)
                    if hit[0] is not None:
                        return hit
                if f"{m}.{parts[i]}" in mods:
                    # ``m.sub`` is m's submodule (importing it binds the name in m), not a name a
                    # star import brought: the longer prefix above was that module's lookup.
                    # (deployfish's models package star-imports its 15 modules: every chain
                    # through them was walked again under each: 271,281 lookups, 6.0 CPU-s)
                    continue
                for src, su in star.get(m, ()):
                    hit = resolve(".".join([src] + parts[i:]), su, depth + 1)
                    if hit[0] is not None:
                        return hit
        return None, False

    def inherited(key: str, depth: int):
        """``mod.Sub.meth`` not defined in ``Sub``: the first base that has it; for an
        abstract base class, the classes registered as its virtual subclasses."""
        if "." not in key or depth >= 4:
            return None, False  # (every lookup below is at depth + 1, where resolve_abs_now answers none)
            return None, False
        cls, meth = key.rsplit(".", 1)
        for sub, su in registered.get(cls, ()):
            hit = resolve(f"{sub}.{meth}", su, depth + 1)
            if hit[0] is not None:
                return hit
        entry = class_bases.get(cls)
        if entry is None and "." in cls:
            mod, name = cls.rsplit(".", 1)
            for m in suffix_index.get(mod, ()):
                entry = class_bases.get(f"{m}.{name}")
                if entry is not None:
                    break
        if entry is None:
            return None, False
        bs, bu = entry
        for b in bs:
            hit = resolve(f"{b}.{meth}", bu, depth + 1)
            if hit[0] is not None:
                return hit
        return None, False

    def edges(u: FileUnit):
        if u.edges is not None:
            return u.edges
        u.edges = []
        ctx = u.ctx if u.ctx is not None else parse(u)
        if ctx is None:
            return u.edges
        u.ctx = ctx
        ctx.evaluator.tree_function = lambda dotted, _u=u: _tree_function(dotted, _u, mods, suffix_index, top_names)
        ctx.evaluator.tree_quoter = lambda dotted, _u=u: _cached_quoter(
            dotted, _u, mods, suffix_index, top_names, parse, quoters
        )
        ctx.evaluator.tree_plain = lambda dotted, _u=u: _cached_plain(
            dotted, _u, mods, suffix_index, top_names, parse, plains
        )
        if BASES not in u.summary:
            add_bases(u, class_bases_of(ctx))  # a file without sinks was not summarised
        partials = "partial" in (u.words or ())
        inject_names = _defaults_of(u) & names  # summarised functions the file gives as defaults
        local_classes = _class_names(ctx.model)
        if u.heads is None:
            u.heads = _call_heads(ctx.model.calls)
        for call0, scope, last0, plain in u.heads:
            if plain and not partials and not inject_names and (last0 is None or last0 not in names):
                continue  # what the loop below skips for such a call (edges are collected again each round)
            for call in _effective_calls(call0):
                f = call.func
                last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
                if isinstance(f, ast.Subscript):
                    keys = _registry_keys(u, ctx, f, scope, names)
                    if keys:
                        u.edges.append((call, scope, function_of(scope), keys, False))
                    continue
                if last == "cls" and isinstance(f, ast.Name):
                    # ``cls(*args, **kwargs)`` in a classmethod: the class's constructor
                    fs0 = function_of(scope)
                    if fs0 is not None and fs0.cls is not None:
                        q = fs0.cls.qualname
                        u.edges.append((call, scope, fs0, [f"{u.module}.{q}" if u.module else q], True))
                    continue
                injected = injected_default(f, scope, ctx.model) if inject_names and isinstance(f, ast.Name) else None
                if injected is not None and _last_name(injected) in inject_names:
                    # ``def record(cmd, record_=pty.record): record_(["sh", "-c", cmd])``: a call of a
                    # parameter no caller of the tree passes runs its default (dependency injection)
                    fs_in = function_of(scope)
                    assert fs_in is not None  # a parameter's default: the call is inside its function
                    keys = []
                    for v in _asked(u, "values", injected, fs_in.parent, ctx.evaluator.values):
                        keys.extend(_keys(u, v))
                    if keys:
                        u.edges.append((call, scope, fs_in, keys, False))
                    continue
                if last is None or (last not in names and not partials):
                    continue
                keys = []
                bound = isinstance(f, ast.Attribute)
                for v in _asked(u, "values", f, scope, ctx.evaluator.values):
                    if v.kind == "partial":
                        # functools.partial(util.run, shell=True): the call with the
                        # partial's arguments first (evaluated at the call)
                        funcs, pargs, pkw = v.data
                        call = _synthetic(
                            call0,
                            f,
                            [a for a, _sc in pargs] + call.args,
                            [ast.keyword(arg=n, value=val) for n, val, _sc in pkw] + call.keywords,
                        )
                        bound = False
                        for fv in funcs:
                            keys.extend(_keys(u, fv))
                    elif last in names:
                        ks = _keys(u, v)
                        keys.extend(ks)
                        if ks and v.kind == "name":
                            bound = False
                if (
                    keys
                    and isinstance(f, ast.Attribute)
                    and isinstance(f.value, ast.Name)
                    and (f.value.id in ("self", "cls") or f.value.id in local_classes)
                    and all("." not in k and resolve(k, u)[0] is None for k in keys)
                ):
                    # ``self.subprocess(argv)`` inherited from a base class of another module,
                    # ``ExternalTool.subprocess(argv)`` in a module that imports ``subprocess``: the
                    # evaluator answers the bare attribute name (the module of the same name, no
                    # summary); the method is looked up in the class and its bases below
                    keys = []
                if not keys and isinstance(f, ast.Name) and f.id in local_classes:
                    keys.append(f"{u.module}.{f.id}" if u.module else f.id)  # Command(cmd): a class of this file
                if not keys and last in names and isinstance(f, ast.Attribute):
                    # a method the evaluator cannot see: inherited through ``self.``, or
                    # called on an instance of a class of this module (looked up in its bases)
                    cls = None
                    fs0 = function_of(scope)
                    if isinstance(f.value, ast.Name) and f.value.id in ("self", "cls") and fs0 is not None:
                        cls = fs0.cls.qualname if fs0.cls is not None else None
                    elif isinstance(f.value, ast.Name) and f.value.id in local_classes:
                        cls = f.value.id  # ``Tool.run_tool(argv)``: a class of this module
                    elif isinstance(f.value, ast.Call) and isinstance(f.value.func, ast.Name):
                        n = f.value.func.id
                        if n in local_classes:
                            cls = n
                    if cls is not None:
                        keys.append(f"{u.module}.{cls}.{last}" if u.module else f"{cls}.{last}")
                        bound = True
                    else:
                        # ``self.platform.run_command(cmd)``, ``context.env.run(cmd)``: the
                        # object's class from annotations and constructor calls (:func:`typed`)
                        t = typeof(f.value, scope, u, 0)
                        if t is not None and find_class(t) is not None:
                            keys.append(f"{t}.{last}")
                            bound = True
                        elif passes_shell_true(call) and last in flagged_methods():
                            # ``self.py3.command_output(cmd, shell=True)``: an object of no
                            # known class; the one function of that name taking ``shell``
                            keys.append(flagged_methods()[last])
                            bound = True
                if (
                    last in unique_names()
                    and isinstance(f, ast.Attribute)
                    and not (keys and any(resolve(k, u)[0] is not None for k in keys))
                    and untyped_receiver(ctx.evaluator, f.value, scope, tree_module)
                ):
                    # ``coder.commands.cmd_test(args.test_cmd)``: an object of no known class
                    # (its name, if any, resolves to no function); the one method of the tree
                    # with that name (uniquename.py)
                    keys, bound = [unique_names()[last]], True
                if (
                    last in roles()
                    and isinstance(f, ast.Attribute)
                    and (r := receiver_role(f.value)) is not None
                    and not (keys and any(resolve(k, u)[0] is not None or overrides(k) for k in keys))
                ):
                    # ``env = get_environment(cfg); env.execute(action)``: the methods of that name of
                    # the tree's classes whose role the receiver's name says (rolename.py)
                    ks = list(dict.fromkeys(k for role, k in roles()[last] if role_matches(r, role)))
                    if ks and untyped_receiver(ctx.evaluator, f.value, scope, tree_module):
                        keys, bound = ks, True
                        role_edges.add(id(call))
                if keys:
                    u.edges.append((call, scope, function_of(scope), keys, bound))
        return u.edges

    uniq: list = []
    def_name_counts: dict = {}  # id(unit) -> {name: number of "def name("}: texts do not change
    top_names: dict = {}  # id(unit) -> its top-level names (_top_names): for _tree_function
    quoters: dict = {}  # (id(unit), name) -> _tree_quoter's answer
    plains: dict = {}  # (id(unit), name) -> _tree_plain's answer

    def tree_module(dotted: str) -> bool:
        """Some leading part of ``dotted`` names a module of the tree (``pkg.mod.Class.attr``)."""
        if dotted.startswith("."):
            return True  # a relative import: a module of the tree
        parts = dotted.split(".")
        return any(
            ".".join(parts[:i]) in mods or ".".join(parts[:i]) in suffix_index for i in range(len(parts) - 1, 0, -1)
        )

    def unique_names() -> dict:
        if not uniq:
            uniq.append(
                unique_methods(
                    summ, units, lambda k: "." in k and find_class(k.rsplit(".", 1)[0]) is not None, def_name_counts
                )
            )
        return uniq[0]

    role_index: list = []
    role_edges: set = set()  # ids of the calls whose callees the receiver's role chose

    def roles() -> dict:
        if not role_index:
            role_index.append(
                role_methods(
                    summ, lambda k: k.rsplit(".", 1)[0] if find_class(k.rsplit(".", 1)[0]) else None, tree_base_names
                )
            )
        return role_index[0]

    def tree_base_names(ck: str) -> list:
        """The names of the tree's classes that ``ck`` derives from, nearest first (``Local(Transport)``
        -> ``["Transport"]``): the roles an object of ``ck`` plays too (rolename.py)."""
        out: list = []
        todo = [(ck, 0)]
        seen = {ck}
        while todo:
            k, depth = todo.pop(0)
            entry = class_bases.get(k)
            if entry is None or depth > 4:
                continue
            bs, bu = entry
            for b in bs:
                bk = b if not b.startswith(".") else _abs_module(b.rsplit(".", 1)[0], bu) + "." + b.rsplit(".", 1)[1]
                hit = find_class(bk)
                if hit is None:
                    continue  # a library's class (``Thread``, ``Cmd``): its role is not the tree's
                hk = f"{hit[0].module}.{hit[1].qualname}" if hit[0].module else hit[1].qualname
                if hk in seen:
                    continue
                seen.add(hk)
                out.append(hit[1].qualname.rsplit(".", 1)[-1])
                todo.append((hk, depth + 1))
        return out

    flagged: list = []

    def flagged_methods() -> dict:
        if not flagged:
            flagged.append(flag_methods(summ))
        return flagged[0]

    over_cache: dict = {}
    by_name: dict = {}
    by_name_at = [-1]  # len(summ) when by_name was made

    def overrides(key: str) -> list:
        """``self.meth()`` in class C where neither C nor its bases give ``meth`` a
        summary (an abstract method, ``raise NotImplementedError``): the summaries of
        ``meth`` in the tree's subclasses of C, in any module (``self`` is one of them)."""
        if len(summ) != by_name_at[0]:  # the summaries grew: an override may have one now
            by_name_at[0] = len(summ)
            by_name.clear()
            over_cache.clear()
            for sm in summ.values():
                by_name.setdefault(sm.name, []).append(sm)
        if key in over_cache:
            return over_cache[key]
        over_cache[key] = []
        if "." not in key:  # a module-level function (``mod:func``): no class, no overrides
            return over_cache[key]
        cls, meth = key.rsplit(".", 1)
        base = find_class(cls)
        if base is not None and _abstract_method(base[1], meth):
            proto = is_protocol(base[1].node)
            required = protocol_methods(base[1]) if proto else set()
            hits = [
                sm
                for sm in by_name.get(meth, ())
                if sm.key.rsplit(".", 1)[0] != cls
                and (
                    derives(sm.key.rsplit(".", 1)[0], base, 0)
                    or (proto and implements(sm.key.rsplit(".", 1)[0], required))
                )
            ]
            over_cache[key] = sorted(hits, key=lambda sm: sm.key)
        return over_cache[key]

    protocols: list = []

    def protocol_list() -> list:
        """``[(key, class scope)]`` of the tree's protocol classes (:mod:`.protocols`)."""
        if not protocols:
            protocols.append(
                [
                    (k, hit[1])
                    for k in protocol_keys(units)
                    if (hit := find_class(k)) is not None and is_protocol(hit[1].node)
                ]
            )
        return protocols[0]

    def protocol_impls() -> dict:
        """``{class key: {protocol's name}}``: the tree's classes with a summarised method that
        implement a protocol of the tree declaring it (:func:`implements`)."""
        out: dict = {}
        for pk, psc in protocol_list():
            required = protocol_methods(psc)
            for sm in list(summ.values()):
                if sm.name not in required:
                    continue
                ck = sm.key.rsplit(".", 1)[0]
                if ck != pk and implements(ck, required):
                    out.setdefault(ck, set()).add(pk.rsplit(".", 1)[-1])
        return out

    members: dict = {}  # class key -> the public methods it defines itself or through its tree bases

    def implements(ck: str, required: set) -> bool:
        """The class ``ck`` is no protocol and defines, itself or through its tree bases, every
        method of ``required`` (a protocol's: :mod:`.protocols`)."""
        if ck not in members:
            members[ck] = class_members(ck)
        return conforms(members[ck], required)

    def class_members(ck: str) -> set:
        own: set = set()
        todo = [ck]
        seen: set = set()
        while todo and len(seen) < 8:
            k = todo.pop()
            if k in seen:
                continue
            seen.add(k)
            hit = find_class(k)
            if hit is None or is_protocol(hit[1].node):
                continue  # a protocol declares, it does not implement
            own |= protocol_methods(hit[1])
            entry = class_bases.get(k)
            if entry is None:
                continue
            bs, bu = entry
            for b in bs:
                if b.startswith("."):
                    b = _abs_module(b.rsplit(".", 1)[0], bu) + "." + b.rsplit(".", 1)[1]
                todo.append(b)
        return own

    def derives(ck: str, base, depth: int) -> bool:
        """The class ``ck`` has the class ``base`` ((unit, scope) of find_class) among its bases."""
        entry = class_bases.get(ck)
        if entry is None or depth > 6:
            return False
        bs, bu = entry
        for b in bs:
            bk = b if not b.startswith(".") else _abs_module(b.rsplit(".", 1)[0], bu) + "." + b.rsplit(".", 1)[1]
            hit = find_class(bk)
            if hit is None:
                continue
            if hit == base:
                return True
            if derives(f"{hit[0].module}.{hit[1].qualname}" if hit[0].module else hit[1].qualname, base, depth + 1):
                return True
        return False

    class_of: dict = {}  # "mod.Class" -> (its unit, its class scope) or None (typeof)
    attr_cache: dict = {}  # ("mod.Class", attr) -> "mod.Class" of the attribute's value or None

    def find_class(key: str, depth: int = 0):
        """The defining unit and scope of the class ``key`` (absolute dotted name), or None."""
        if key in class_of:
            return class_of[key]
        class_of[key] = None
        parts = key.split(".")
        for i in range(len(parts) - 1, 0, -1):
            mod, qual = ".".join(parts[:i]), ".".join(parts[i:])
            for m in [mod] if mod in mods else suffix_index.get(mod, ()):
                cu = mods[m]
                if "class " + qual.rsplit(".", 1)[-1] in cu.text:
                    ctx = cu.ctx if cu.ctx is not None else parse(cu)
                    if ctx is not None:
                        cu.ctx = ctx
                        for sc in ctx.model.scopes:
                            if sc.kind == "class" and sc.qualname == qual:
                                class_of[key] = (cu, sc)
                                return class_of[key]
                tgt = reexport.get((m, parts[i]))
                if tgt is not None and depth < 4:
                    src = _abs_module(tgt[0].rsplit(".", 1)[0], tgt[1]) + "." + tgt[0].rsplit(".", 1)[1]
                    hit = find_class(".".join([src] + parts[i + 1 :]), depth + 1)
                    if hit is not None:
                        class_of[key] = hit
                        return hit
        return None

    def attr_type(key: str, attr: str, depth: int = 0, called: bool = False):
        """The class of ``Class.attr`` (its ``@property`` return annotation, a class-level
        annotation, ``self.attr: T``, ``self.attr = T(...)`` or ``self.attr = param: T``
        in a method), looked up in the bases too; ``called``: of what the method
        ``Class.attr()`` returns (its return annotation, or the ``return T(...)`` of its body)."""
        ck = (key, attr, called)
        if ck in attr_cache:
            return attr_cache[ck]
        attr_cache[ck] = None
        hit = find_class(key)
        if hit is None or depth > 4:
            return None
        cu, sc = hit
        got = _method_returns(cu, sc, attr) if called else _attr_annotation(cu, sc, attr)
        if got is not None:
            expr, esc = got
            t = typed(expr, esc, cu)
            if t is not None:
                attr_cache[ck] = t
                return t
        entry = class_bases.get(key)
        if entry is None and BASES not in cu.summary:
            add_bases(cu, class_bases_of(cu.ctx))
            entry = class_bases.get(key)
        bases, bunit = entry if entry is not None else ([], cu)
        for b in bases:
            bk = b if not b.startswith(".") else _abs_module(b.rsplit(".", 1)[0], bunit) + "." + b.rsplit(".", 1)[1]
            hit2 = find_class(bk)
            if hit2 is not None:
                t = attr_type(
                    f"{hit2[0].module}.{hit2[1].qualname}" if hit2[0].module else hit2[1].qualname,
                    attr,
                    depth + 1,
                    called,
                )
                if t is not None:
                    attr_cache[ck] = t
                    return t
        return None

    def typed(expr, scope, cu: FileUnit):
        """The absolute class name an annotation or a constructor call names, or None."""
        return _annotation_class(expr, scope, cu)

    def typeof(e, scope, cu: FileUnit, depth: int):
        """The class of the object ``e`` holds at a call of its method: ``self``, a
        parameter annotated with a class, or an attribute of such an object whose
        class the attribute's own class declares (:func:`attr_type`)."""
        if depth > 4:
            return None
        if isinstance(e, ast.Name):
            fs0 = function_of(scope)
            if fs0 is None:
                return None
            if (e.id == "self" or (e.id == "cls" and _is_classmethod(fs0))) and fs0.cls is not None:
                return f"{cu.module}.{fs0.cls.qualname}" if cu.module else fs0.cls.qualname
            a = _param_annotation(fs0, e.id)
            if a is not None:
                return typed(a, fs0.parent or scope, cu)
            # a local assigned once: ``env = self.get_env()``, ``r = Runner(cfg)``
            from .scopes import lookup

            _sc, bl = lookup(cu.ctx.model, scope, e.id, (e.lineno, e.col_offset))
            if len(bl) == 1 and bl[0].kind == "assign" and not bl[0].index and isinstance(bl[0].value, ast.Call):
                return typeof(bl[0].value, bl[0].scope, cu, depth + 1)
            return None
        if isinstance(e, ast.Attribute):
            t = typeof(e.value, scope, cu, depth + 1)
            if t is None:
                return None
            hit = find_class(t)
            if hit is None:
                return None
            full = f"{hit[0].module}.{hit[1].qualname}" if hit[0].module else hit[1].qualname
            return attr_type(full, e.attr)
        if isinstance(e, ast.Call):
            f = e.func
            if isinstance(f, ast.Attribute):
                # ``self.get_env().run(cmd)``: what the method's return annotation names
                t = typeof(f.value, scope, cu, depth + 1)
                hit = find_class(t) if t is not None else None
                if hit is None:
                    return None
                full = f"{hit[0].module}.{hit[1].qualname}" if hit[0].module else hit[1].qualname
                return attr_type(full, f.attr, called=True)
            if isinstance(f, ast.Name):
                # ``Runner(cfg).execute(cmd)``: a class of the tree called is its instance
                t = typed(f, scope, cu)
                return t if t is not None and find_class(t) is not None else None
        return None

    names: set = set()
    scanned: set = set()
    called: set = set()
    passes_shell: set = set()  # ids of (summary key, index) of flags/kwsplat some caller makes a shell
    unfollowed: set = set()  # (display, start) of kwsplat sinks some caller feeds a dict not followed
    found: dict = {}  # (display, start) -> ProjectFlow
    tree_bases: dict = {}
    tree_bases_at = -1  # bases_version when tree_bases was made
    proto_at: tuple = (-1, -1)  # (tree_bases_at, len(summ)) when the protocols' implementations were added
    proto_calls: list = []  # names of the methods of those implementations that reach a shell
    by_word: dict = {}
    indexed = -1  # len(summ) when by_word was made
    changed = True
    rounds = 0
    while changed and rounds < MAX_ROUNDS:
        rounds += 1
        changed = False
        new_names = {s.name for s in summ.values()} | {
            s.key.rsplit(".", 2)[-2] for s in summ.values() if s.name == "__init__" and s.key.count(".")
        }
        new_names |= {a for a, n in alias_of.items() if n in new_names}  # from .x import run as run_safe
        if new_names != names:
            uniq.clear()  # the summaries grew: the methods a name resolves to may too
            role_index.clear()
            names |= new_names
            for u in units:
                if u.edges is not None and u.display in scanned:
                    u.edges = None  # re-collect with the new names
        if tree_bases_at != bases_version[0]:  # made again only when some class's bases were added
            tree_bases_at = bases_version[0]
            tree_bases = {  # class -> the last names of its bases defined in the tree (not object, Thread...)
                ck: {b.rsplit(".", 1)[-1] for b in bs if b.startswith(".") or _in_tree(b, mods, suffix_index)}
                for ck, (bs, _bu) in class_bases.items()
            }
            for abc_key, subs in registered.items():  # ``Base.register(Impl)``: Impl is reached through Base too
                for sub, _su in subs:
                    tree_bases.setdefault(sub, set()).add(abc_key.rsplit(".", 1)[-1])
        if (tree_bases_at, len(summ)) != proto_at and protocol_list():
            # ``env: Environment`` (a Protocol): its implementations are reached through its name
            # (asked again when the summaries grew: an implementation's may be a project one)
            proto_at = (tree_bases_at, len(summ))
            impls = protocol_impls()
            for ck, proto in impls.items():
                tree_bases.setdefault(ck, set()).update(proto)
            # ``self.env.execute(a)`` where the class holding ``env: Environment`` is a base class
            # in another file: a file calling a method some implementation runs in a shell
            proto_calls = sorted({sm.name for sm in summ.values() if sm.reach and sm.key.rsplit(".", 1)[0] in impls})
        for u in units:
            if len(summ) != indexed:  # summaries are only ever added (by _apply, between two files too)
                indexed = len(summ)
                by_word = _summaries_by_word(summ)
            if (
                not _relevant(u, summ, names, exporters, alias_of, tree_bases, by_word)
                and not any(
                    n in (u.words or ()) and _call_near(u, n, alias_of, _SHELL_TRUE_KW, 400) for n in flagged_methods()
                )
                and not any(f".{n}(" in u.text for n in proto_calls)
                and not role_calls(u.text, roles(), u.words)
            ):
                continue
            scanned.add(u.display)
            for call, scope, fs, keys, bound in edges(u):
                for tgt, init in _targets(keys, u, call, bound, resolve, overrides):
                    if tgt is None or (fs is not None and tgt.unit is u and _same_function(tgt.key, fs.qualname)):
                        continue
                    called.add(tgt.key)
                    if (
                        isinstance(call.func, ast.Attribute)
                        and (
                            call.func.attr in LIBTMUX_SHELL_METHODS
                            or call.func.attr in ROLE_ALWAYS
                            # a method named for a shell on an object the call's own code types
                            # (duckcmd.SHELL_METHODS; not a callee guessed by the receiver's name)
                            or (call.func.attr in SHELL_METHODS and id(call) not in role_edges)
                        )
                        or bound_shell_argv(call, scope, u.ctx.model) is not None
                        or flag_keyword(call) is not None
                    ):
                        # the tree's own function, not the library the file imports (nor a
                        # callee no table knows, anyargv.py): its summary speaks for the call
                        # (one fact, one finding)
                        an.in_tree.add((u.display, u.ctx.model.pos.span(call.func)[0]))
                    if id(call) in role_edges and not (
                        fs is not None and fs.name.startswith("_") and not fs.name.endswith("__")
                    ):
                        # a callee chosen by the receiver's name (rolename.py): the call is reported
                        # when a parameter or an outside value reaches it, and the caller does not
                        # become a wrapper its own callers are reported through (one guess, one hop);
                        # a private caller is reported through its callers, as every private helper
                        _apply_terminal(u, call, scope, fs, tgt, bound or init, summ, found, passes_shell, an.hops)
                    elif _apply(u, call, scope, fs, tgt, bound or init, summ, found, passes_shell, an.hops, unfollowed):
                        changed = True
    an.rounds = rounds
    an.summaries = summ
    root = _tree_root([u.display for u in units])
    # functions some caller feeds a value that reaches a shell through them
    fed = {fl.chain[1] for fl in found.values() if len(fl.chain) > 1}
    fed |= {k for k, tag, _i in passes_shell if tag == "e"}  # code runners fed in their own module
    for (_d, _s), fl in sorted(found.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        fl.hops = [an.hops[(a, b)] for a, b in zip(fl.chain[1:], fl.chain[2:]) if (a, b) in an.hops]
        # the sinks in the order of the tree, not of discovery (the rounds visit the summaries
        # in an order that follows hashing: one flow's message listed its sinks differently
        # under two PYTHONHASHSEEDs, frappe-bench 5.31.1)
        fl.sinks.sort(key=lambda r: (r[0], r[1], r[2]))
        key = fl.chain[0] if fl.chain else ""
        caller = summ.get(key)
        if (
            fl.level == "high"
            and caller is not None
            and caller.name.startswith("_")
            and key in called
            and not fl.outside
            and key not in fed
        ):
            continue  # a private helper fed only by its parameters, and by no caller: nothing reaches it
        if key in fed and _doc_hop(fl, summ):
            # a dispatch layer some call of the tree feeds, handing a document on to where a
            # field of it runs (docparams.py): the outermost layer, where the document comes
            # in, keeps its finding
            continue
        if _test_code(_tree_relative(fl.display, root), fl.caller):
            continue  # a test module's tests and their helpers: test data and mocks, no outside value
        an.flows.append(fl)
    # sinks whose own function's flag is true by default (``def run(cmd, shell=True)``): a
    # shell in their own file whatever a wrapper of them leaves to its callers
    shell_by_default = {(f[4][0], f[4][1]) for s in summ.values() for f in s.flags if f[2] == "yes"}
    for s in summ.values():
        for i, (_own, _chain, ref) in enumerate(s.kwsplat):
            if (ref[0], ref[1]) in shell_by_default:
                continue
            if (s.key, "k", i) not in passes_shell:
                an.never_shell.append((ref[0], ref[1]))
            elif (ref[0], ref[1]) not in unfollowed:
                # every caller that makes it a shell passes shell= by keyword: each is
                # judged at its call (a flow where its command holds a value), not here
                an.at_callers.append((ref[0], ref[1]))
        for i, (_own, _flag, dflt, _chain, ref) in enumerate(s.flags):
            if (ref[0], ref[1]) in shell_by_default:
                continue
            if dflt != "yes" and (s.key, "f", i) not in passes_shell and s.key in called:
                an.never_shell.append((ref[0], ref[1]))  # every caller leaves shell false
            elif dflt == "required" and s.key in called:
                # a required shell parameter: every call decides, and those that make it a
                # shell are judged at the call (a flow where its command holds a value)
                an.at_callers.append((ref[0], ref[1]))
    return an


_WORD = compile_pattern(r"[A-Za-z_][A-Za-z0-9_]*")
# every byte that is not an ASCII letter, digit or underscore -> a blank (non-ASCII text is
# encoded as "?" first): the identifiers of _WORD are then the blank-separated chunks,
# without the digits a chunk starts with (_WORD starts a word at its first letter)
_NOT_WORD = bytes(b if (chr(b).isascii() and chr(b).isalnum()) or b == 95 else 32 for b in range(256))


def words_of(text: str) -> set:
    """``set(_WORD.findall(text))`` (tests/test_pyscan_prefilter.py compares them), made
    by translating the text's bytes and splitting: every file of a tree is read for its
    words once, 15 % less CPU than the regex (issue 25).  The chunks are decoded at once
    and only those that start with a digit are visited (10 % less again)."""
    out = set(text.encode("ascii", "replace").translate(_NOT_WORD).decode("ascii").split())
    # a digit first ("0"-"9": no other character below "A" is left); one pass over the words
    # (a min() over them first was a second: words_of 311 -> 295 ms on yt-dlp, conan, xonsh, scons)
    lead = [t for t in out if t < "A"]
    if lead:
        out.difference_update(lead)
        for t in lead:
            t = t.lstrip("0123456789")
            if t:
                out.add(t)
    return out


_PROPERTIES = {"property", "cached_property", "functools.cached_property", "builtins.property"}


def _strip_optional(a):
    """``Optional[T]``, ``T | None``, ``"T"``: the ``T`` (an annotation naming one class)."""
    for _ in range(4):
        if isinstance(a, ast.Constant) and isinstance(a.value, str):
            try:
                a = ast.parse(a.value, mode="eval").body
            except SyntaxError:
                return None
            continue
        if isinstance(a, ast.BinOp) and isinstance(a.op, ast.BitOr):
            sides = [x for x in (a.left, a.right) if not (isinstance(x, ast.Constant) and x.value is None)]
            if len(sides) != 1:
                return None
            a = sides[0]
            continue
        if isinstance(a, ast.Subscript):
            base = a.value.attr if isinstance(a.value, ast.Attribute) else getattr(a.value, "id", "")
            if base == "Optional":
                a = a.slice
                continue
            return None
        break
    return a if isinstance(a, (ast.Name, ast.Attribute)) else None


def _annotation_class(expr, scope, u: FileUnit):
    """The absolute dotted name of the class an annotation (or the callee of a
    constructor call) names in ``u``: a class of the module, or an imported name."""
    from .scopes import lookup

    if isinstance(expr, ast.Call):
        expr = expr.func
    a = _strip_optional(expr)
    if a is None:
        return None
    dotted = expr.value if isinstance(expr, ast.Constant) and isinstance(expr.value, str) else None
    parts: list = []
    while isinstance(a, ast.Attribute):
        parts.insert(0, a.attr)
        a = a.value
    if not isinstance(a, ast.Name) or u.ctx is None:
        return None
    _sc, bl = lookup(u.ctx.model, scope, a.id, None)
    for b in bl:
        if b.kind == "class":
            q = b.value.qualname
            return ".".join([f"{u.module}.{q}" if u.module else q] + parts)
        if b.kind == "import":
            mod = b.value
            src = _abs_module(mod.rsplit(".", 1)[0], u) + "." + mod.rsplit(".", 1)[1] if mod.startswith(".") else mod
            return ".".join([src] + parts)
    if dotted is not None and parts and re.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+", dotted):
        return dotted  # an import string (``"pkg.mod.Class"``) naming a module nothing here imports
    return None


def _param_annotation(fs, name: str):
    a = getattr(fs.node, "args", None)
    if a is None:
        return None
    for x in a.posonlyargs + a.args + a.kwonlyargs:
        if x.arg == name:
            return x.annotation
    return None


def _method_returns(u: FileUnit, sc, name: str):
    """(expression naming the class, scope to read it in) of what the method ``name`` of
    the class ``sc`` returns: its return annotation, or the ``return T(...)`` of its body."""
    for st in sc.node.body:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == name:
            return _function_returns(u, sc, st)
    return None


def _function_returns(u: FileUnit, sc, st):
    """(expression naming the class, scope to read it in) of what the function ``st`` of
    the class ``sc`` returns: its return annotation, or the first ``return T(...)``."""
    if st.returns is not None:
        return st.returns, sc.parent
    fs = u.ctx.model.node_scope(st)
    if fs is None:
        return None
    for v in reversed(fs.returns):  # the scope model's, last first: the order a walk of the body finds them in
        if isinstance(v, ast.Call):
            return v, fs
    return None


_SEQUENCE_TYPES = frozenset({"list", "List", "tuple", "Tuple", "Sequence", "MutableSequence"})


def _annotated_sequence(u: FileUnit, expr, scope) -> bool:
    """``self.attr`` whose class declares it a list (``self._cmd: list[str] = []``, a
    class-level ``_cmd: list[str]``; typing's ``List``/``Sequence``/``tuple`` too)."""
    if not (isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self"):
        return False
    fs = function_of(scope)
    cls = fs.cls if fs is not None else None
    if cls is None or not isinstance(cls.node, ast.ClassDef):
        return False
    got = _attr_annotation(u, cls, expr.attr)
    if got is None or isinstance(got[0], ast.Call):
        return False
    ann = got[0]
    if isinstance(ann, ast.Subscript):
        ann = ann.value
    name = ann.attr if isinstance(ann, ast.Attribute) else ann.id if isinstance(ann, ast.Name) else None
    return name in _SEQUENCE_TYPES


def _attr_annotation(u: FileUnit, sc, attr: str):
    """(expression naming the class, scope to read it in) of ``attr`` on instances of
    the class ``sc``: a ``@property``/``@cached_property`` return annotation (or the
    ``return T(...)`` of its body), a class-level annotation, or in a method
    ``self.attr: T = ...``, ``self.attr = T(...)``, ``self.attr = param`` (annotated)."""
    node = sc.node
    for st in node.body:
        if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) and st.target.id == attr:
            return st.annotation, sc.parent
        klass = _traitlets_instance(st, attr, u)
        if klass is not None:
            return klass, sc.parent
        if isinstance(st, ast.If):
            # ``if TYPE_CHECKING: import pkg.host; _host: pkg.host.Host``: read in the class
            for x in st.body:
                if isinstance(x, ast.AnnAssign) and isinstance(x.target, ast.Name) and x.target.id == attr:
                    return x.annotation, sc
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == attr:
            decs = {ast.unparse(d) for d in st.decorator_list}
            if not decs & _PROPERTIES:
                return None
            return _function_returns(u, sc, st)
    for n, fs in _self_stores(u, sc).get(attr, ()):
        if isinstance(n, ast.AnnAssign):
            return n.annotation, sc.parent
        v = n.value
        if isinstance(v, ast.Call):
            return v, fs
        if isinstance(v, ast.Name):
            pa = _param_annotation(fs, v.id)
            if pa is not None:
                return pa, sc.parent
    return None


def _traitlets_instance(st: ast.stmt, attr: str, u: FileUnit):
    """``attr = Instance("pkg.mod.Class", ...)`` / ``Instance(Class)`` in a class body, traitlets
    imported by the module: the attribute holds an instance of that class (traitlets docs,
    ``Instance(klass)``: "klass: the class, or its import string, the value must be an
    instance of"); the class argument, else None."""
    if not (
        isinstance(st, ast.Assign)
        and len(st.targets) == 1
        and isinstance(st.targets[0], ast.Name)
        and st.targets[0].id == attr
        and isinstance(st.value, ast.Call)
        and st.value.args
        and "traitlets" in u.text
    ):
        return None
    f = st.value.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    if name != "Instance":
        return None
    k = st.value.args[0]
    return (
        k
        if isinstance(k, (ast.Name, ast.Attribute)) or (isinstance(k, ast.Constant) and isinstance(k.value, str))
        else None
    )


def _statements(node: ast.AST):
    """The statements of ``node`` (itself first) in the order ``ast.walk`` yields them:
    the same breadth-first walk, not entering expressions, which hold no statement (a
    method's ``self.attr = value`` stores are statements; issue 25)."""
    todo = collections.deque([node])
    while todo:
        n = todo.popleft()
        yield n
        todo.extend(c for c in children(n) if isinstance(c, _STATEMENT_LIKE))


_STATEMENT_LIKE = (ast.stmt, ast.excepthandler, ast.match_case)


def _self_stores(u: FileUnit, sc) -> dict:
    """attribute -> ``[(node, method scope)]`` of the ``self.attr: T ...`` and
    ``self.attr = value`` (one target) statements in the methods of the class ``sc``, in
    the order of the methods and of a walk of each: what :func:`_attr_annotation` looks
    for, one walk of the class per file instead of one per attribute asked (issue 25)."""
    if u.self_stores is None:
        u.self_stores = {}
    got = u.self_stores.get(id(sc))
    if got is not None:
        return got[1]
    out: dict = {}
    for st in sc.node.body:
        if not isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        fs = u.ctx.model.node_scope(st)
        if fs is None:
            continue
        for n in _statements(st):
            t: ast.expr
            if isinstance(n, ast.AnnAssign):
                t = n.target
            elif isinstance(n, ast.Assign) and len(n.targets) == 1:
                t = n.targets[0]
            else:
                continue
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                out.setdefault(t.attr, []).append((n, fs))
    u.self_stores[id(sc)] = (sc, out)  # the scope kept with its id: the id is not reused meanwhile
    return out


# test modules: pytest's and unittest's discovery patterns, and any module of a
# ``tests``/``test`` package (its ``__init__`` base classes and helpers)
_TEST_FILE = compile_pattern(r"(?:^|/)(?:test_[^/]*|[^/]*_test|conftest)\.py$|(?:^|/)tests?/(?:[^/]+/)*[^/]+\.py$")
_TEST_SETUP = {"setUp", "tearDown", "setUpClass", "tearDownClass", "setup_method", "teardown_method"}


#: an identifier at a position (Unicode letters too, as Python allows)
_IDENT = compile_pattern(r"[^\W\d]\w*")


def _top_names(text: str) -> tuple[dict, dict, dict, dict]:
    """One pass over a module's lines: how many times each name is bound at the start of a
    line as a ``def``, a ``class`` or anything else (an assignment, an import), and the
    re-export an unaliased ``from ... import name`` line makes of it (the last such line).
    The same tests :func:`_tree_function` made line by line for one name at a time: a
    ``def``/``class`` line counts only for the name it defines, and an assignment-like
    line only for its whole leading identifier (a shorter prefix is followed by an
    identifier character, never by ``=``, ``:`` or ``,``)."""
    defs: dict = {}
    classes: dict = {}
    binds: dict = {}
    again: dict = {}
    for line in text.splitlines():
        head = line[6:] if line.startswith("async def ") else line
        if head.startswith("def "):
            m = _IDENT.match(head, 4)
            if m is not None and head[m.end() : m.end() + 1] == "(":
                defs[m.group()] = defs.get(m.group(), 0) + 1
                continue
        if line.startswith("class "):
            m = _IDENT.match(line, 6)
            if m is not None and line[m.end() : m.end() + 1] in ("(", ":"):
                classes[m.group()] = classes.get(m.group(), 0) + 1
                continue
        m = _IDENT.match(line)
        if m is not None and line[m.end() :].lstrip()[:1] in ("=", ":", ","):
            binds[m.group()] = binds.get(m.group(), 0) + 1
            continue
        if line.startswith(("from ", "import ")):
            toks = set(line.replace(",", " ").split())
            for t in toks:
                binds[t] = binds.get(t, 0) + 1
            try:
                st = ast.parse(line).body[0]
            except (SyntaxError, IndexError):
                continue
            if isinstance(st, ast.ImportFrom):
                for a in st.names:
                    if a.asname is None and a.name in toks:
                        again[a.name] = "." * st.level + (st.module + "." if st.module else "") + a.name
    return defs, classes, binds, again


def _tree_function(
    dotted: str,
    unit: FileUnit,
    mods: dict,
    suffix_index: dict,
    top: dict | None = None,
    depth: int = 0,
    found: list | None = None,
) -> str | None:
    """Does ``dotted`` (an import's target as written: ``util.rofi.show``, ``.actions.run``)
    name a function ("def") or a class ("class") the tree defines at the top level of a
    module (``def show(...)``/``class Command`` at the start of a line, no other top-level
    binding of the name)?  Such a function passed on is a function object, not text
    (``register(cmd=show)``); such a class makes objects holding what they are given."""
    dots = len(dotted) - len(dotted.lstrip("."))
    mod, _, name = dotted[dots:].rpartition(".")
    if not name or not mod and not dots:
        return None
    if dots:
        base = unit.module.split(".") if unit.module else []
        if not unit.is_pkg:
            base = base[:-1]
        if dots - 1 > len(base):
            return None
        base = base[: len(base) - (dots - 1)]
        mod = ".".join(base + ([mod] if mod else []))
    cands = [mod] if mod in mods else _nearest(suffix_index.get(mod, ()), unit)
    if len(cands) != 1:
        return None
    home = mods[cands[0]]
    if top is None:
        top = {}
    names = top.get(id(home))
    if names is None:
        names = top[id(home)] = _top_names(home.text)
    defs, classes, binds = names[0].get(name, 0), names[1].get(name, 0), names[2].get(name, 0)
    again = names[3].get(name)  # a package's re-export of the name (``from .runner import Command``)
    if binds == 1 and again is not None and not defs + classes and depth < 3:
        return _tree_function(again, home, mods, suffix_index, top, depth + 1, found)
    if binds or defs + classes != 1:
        return None
    if found is not None:
        found.append((home, name))  # the module that defines it (_tree_quoter)
    return "def" if defs else "class"


def _cached_quoter(dotted: str, unit: FileUnit, mods, suffix_index, top: dict, parse, cache: dict) -> bool:
    """:func:`_tree_quoter`, once per (file, name as written)."""
    return _once_as_written(_tree_quoter, dotted, unit, mods, suffix_index, top, parse, cache)


def _once_as_written(judge, dotted: str, unit: FileUnit, mods, suffix_index, top: dict, parse, cache: dict) -> bool:
    """``judge(dotted, unit, ...)`` once per (file, name as written), kept in ``cache``."""
    k = ("as written", id(unit), dotted)
    got = cache.get(k)
    if got is None:
        got = cache[k] = judge(dotted, unit, mods, suffix_index, top, parse, cache)
    return got


def _tree_helper_text(dotted: str, unit: FileUnit, mods: dict, suffix_index: dict, top: dict, cache: dict):
    """(module, name, cache key, text of the ``def``) of the top-level function of another
    module of the tree that ``dotted`` (an import's target) names, marked undecided (False)
    in ``cache`` while a judge decides it (a helper going through itself is not one); a bool
    instead when it is decided already or is no such function (False)."""
    found: list = []
    if _tree_function(dotted, unit, mods, suffix_index, top, found=found) != "def" or not found:
        return False
    home, name = found[0]
    key = (id(home), name)
    if key in cache:
        return cache[key]
    cache[key] = False
    text = home.text
    at = text.find(f"def {name}(")
    if at == -1:
        return False
    end = min((k for k in (text.find("\ndef ", at + 4), text.find("\nclass ", at + 4)) if k != -1), default=len(text))
    return home, name, key, text[at:end]


#: words one of which a quoting helper's text holds (shlex.quote, sarge.shell_quote,
#: pipes.quote, " ".join(map(quote, ...)), shlex.join)
_QUOTING_WORDS = ("quote", "shlex.join")


def _tree_quoter(dotted: str, unit: FileUnit, mods: dict, suffix_index: dict, top: dict, parse, cache: dict) -> bool:
    """Does ``dotted`` (an import's target) name a top-level function of another module of
    the tree that shell-quotes its first argument on every POSIX path: each ``return`` (but
    those of a Windows-only branch: windows.posix_returns) gives the first parameter through
    a quoting function (``sarge.shell_quote(s)``, ``" ".join(map(shlex.quote, args))``)?
    Such a helper (cumulusci's ``shell_quote``, adbutils' ``list2cmdline``) quotes in the
    caller's module as it does in its own, where the evaluator reads it."""
    got = _tree_helper_text(dotted, unit, mods, suffix_index, top, cache)
    if isinstance(got, bool):
        return got
    home, name, key, body = got
    if not any(w in body for w in _QUOTING_WORDS):
        return False  # no quoting call in its text: not parsed (issue 25: the CPU of the project pass)
    ctx = home.ctx if home.ctx is not None else parse(home)
    if ctx is None:
        return False
    fs = next(
        (f for f in ctx.model.funcs_by_name.get(name, ()) if f.parent is not None and f.parent.kind == "module"),
        None,
    )
    if fs is None or not fs.params or not fs.returns:
        return False
    p0 = fs.params[0]
    env = {(fs.id, p0): Provenance(False, None, frozenset({(fs.id, fs.qualname, p0, RAW)}))}
    evs = [ctx.evaluator.evidence(r, fs, env) for r in posix_returns(fs.node, fs.returns)]
    ok = all(ev.params and not ev.unknown and all(m == QUOTED and n == p0 for _i, _q, n, m in ev.params) for ev in evs)
    cache[key] = ok
    return ok


def _cached_plain(dotted: str, unit: FileUnit, mods, suffix_index, top: dict, parse, cache: dict) -> bool:
    """:func:`_tree_plain`, once per (file, name as written)."""
    return _once_as_written(_tree_plain, dotted, unit, mods, suffix_index, top, parse, cache)


def _tree_plain(dotted: str, unit: FileUnit, mods: dict, suffix_index: dict, top: dict, parse, cache: dict) -> bool:
    """Does ``dotted`` (an import's target) name a top-level function of another module of
    the tree every ``return`` of which is text of the program's own, whatever the arguments:
    a constant, a number or a number formatted (``f"ckpt-{n:05d}"``), a digest, a path
    joined from constants, evaluated in its own module as the per-file scan evaluates a
    helper of that module (:mod:`.plainvalues`)?  A caller's value made by it is no value
    from outside (``tag = checkpoint_tag(checkpoint_id)`` then ``f"tar -cf {tag}.tar"``):
    the per-file scan knows as much of a helper of the caller's own module.  A function
    returning a parameter's text, a configuration's or a file's is not one."""
    got = _tree_helper_text(dotted, unit, mods, suffix_index, top, cache)
    if isinstance(got, bool):
        return got
    home, name, key, body = got
    if "return" not in body or "yield" in body:
        return False  # no value returned (or a generator): not parsed (the CPU of the project pass)
    if home.ctx is None:
        home.ctx = parse(home)
    ctx = home.ctx
    if ctx is None:
        return False
    fs = next(
        (f for f in ctx.model.funcs_by_name.get(name, ()) if f.parent is not None and f.parent.kind == "module"),
        None,
    )
    if fs is None or not fs.returns or any(r is None for r in fs.returns):
        return False
    env = {(fs.id, p): Provenance(False, None, frozenset({(fs.id, fs.qualname, p, RAW)})) for p in fs.params}
    ok = all(
        isinstance(r, ast.expr) and (ev := ctx.evaluator.evidence(r, fs, env)).const and not ev.params
        for r in fs.returns
    )
    cache[key] = ok
    return ok


def _nearest(cands, unit) -> list:
    """Of the modules whose dotted name ends with what an import names (``envkit.venv`` in
    ``a/bad/envkit/venv.py`` and ``a/good/envkit/venv.py``), those nearest the importing
    file (the longest shared leading path): two copies of a package in one linted tree
    (vendored, examples, fixtures) resolve each to its own."""
    if unit is None or len(cands) < 2:
        return list(cands)
    here = unit.module.split(".")

    def shared(m: str) -> int:
        n = 0
        for a, b in zip(here, m.split(".")):
            if a != b:
                break
            n += 1
        return n

    best = max(shared(m) for m in cands)
    return [m for m in cands if shared(m) == best]


def _tree_root(displays: list) -> str:
    """The deepest directory holding every linted file ("" when they share none): a
    file's test-module status is read from its path below it, never from the
    directories the tree itself sits in (``~/src/tests/project/``)."""
    import posixpath

    dirs = {posixpath.dirname(d.replace("\\", "/")) for d in displays}
    try:
        return posixpath.commonpath(sorted(dirs)) if dirs else ""
    except ValueError:
        return ""  # absolute and relative paths mixed


def _tree_relative(display: str, root: str) -> str:
    p = display.replace("\\", "/")
    if root and root != "." and p.startswith(root.rstrip("/") + "/"):
        return p[len(root.rstrip("/")) + 1 :]
    return p


def _test_code(display: str, caller: str) -> bool:
    """A call made by a test of a test module (``test_*.py``, ``*_test.py``,
    ``conftest.py``: pytest's and unittest's discovery patterns; any module of a
    ``tests``/``test`` package): a ``test*``
    function or method, a fixture set-up, or a private helper of the module.
    What such code passes is test data or a mock, never a value from outside;
    a reusable helper module (``testing/utils.py``) is not a test module.  In a module
    named as a test (``test_*.py``, ``*_test.py``, ``conftest.py``) every function is the
    tests' own (a fixture, a helper its tests call with their data): any caller there."""
    d = display.replace("\\", "/")
    if not _TEST_FILE.search(d):
        return False
    base = d.rsplit("/", 1)[-1]
    if base == "conftest.py" or (base.endswith(".py") and (base.startswith("test_") or base.endswith("_test.py"))):
        return True
    return not caller or caller.startswith(("test", "_")) or caller in _TEST_SETUP


def _last_name(e) -> str | None:
    return last_ident(e) or None


def _keys(u, v) -> list:
    if v.kind == "func":
        return [f"{u.module}.{v.data.qualname}" if u.module else v.data.qualname]
    if v.kind == "name" and v.name:
        return [v.name]
    return []


def _registry_keys(u, ctx, f: ast.Subscript, scope, names: set) -> list:
    """``RUNNERS["sh"](cmd)`` where ``RUNNERS`` is a dict literal (assigned
    in the file) mapping that constant key to a function: that function."""
    from .scopes import lookup

    k = f.slice
    if not (isinstance(k, ast.Constant) and isinstance(f.value, ast.Name)):
        return []
    _sc, bl = lookup(ctx.model, scope, f.value.id, (f.lineno, f.col_offset))
    out: list = []
    for b in bl:
        d = b.value
        if b.kind != "assign" or not isinstance(d, ast.Dict):
            continue
        for dk, dv in zip(d.keys, d.values):
            if isinstance(dk, ast.Constant) and dk.value == k.value:
                last = dv.attr if isinstance(dv, ast.Attribute) else dv.id if isinstance(dv, ast.Name) else None
                if last in names:
                    for v in ctx.evaluator.values(dv, b.scope):
                        out.extend(_keys(u, v))
    return out


def _synthetic(like: ast.Call, func, args: list, keywords: list) -> ast.Call:
    c = ast.Call(func=func, args=args, keywords=keywords)
    ast.copy_location(c, like)
    c.end_lineno, c.end_col_offset = like.end_lineno, like.end_col_offset
    return c


# the last names of the deferring calls (_effective_calls), looked up once per call site
_EXECUTOR_LAST: dict = {}
for _q, _i in EXECUTOR_FUNCS.items():
    _EXECUTOR_LAST.setdefault(_q.rsplit(".", 1)[-1], _i)
# a function run in another context with the call's other arguments: mitogen's
# ``Context.call(fn, *args, **kwargs)``, ``call_async``, ``call_no_reply`` (mitogen docs,
# "mitogen.parent.Context": "Invoke a function in the context"); only where the first
# argument names a function (``context.call(mod.func, cmd=x)``), not ``subprocess.call(cmd)``
_RPC_CALLS = frozenset({"call", "call_async", "call_no_reply"})
_DEFERRING = set(EXECUTOR_ATTRS) | set(_EXECUTOR_LAST) | {"Thread", "Timer", "Process"} | _RPC_CALLS


def _call_heads(calls: list) -> list:
    """``(call, scope, last name of the callee or None, plain)`` of each call of the scope
    model, ``plain`` when it defers nothing (:func:`_effective_calls` gives the call alone) and
    its callee is a name or an attribute other than ``cls(...)``: such a call is an edge only
    where its last name is a summarised function's (or the file names ``partial``)."""
    out = []
    for call, scope in calls:
        f = call.func
        last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
        plain = (last or "") not in _DEFERRING and not isinstance(f, ast.Subscript)
        if (last == "cls" and isinstance(f, ast.Name)) or _decorated_ref(f) is not None:
            plain = False
        out.append((call, scope, last, plain))
    return out


def _received_code(ctx, expr, scope) -> bool:
    """Is ``expr`` text the program received (codeinput.py: a file's lines or content whose
    path is not fixed, stdin, the environment, a peer, the network)?"""
    from .codeinput import input_source

    return input_source(ctx.evaluator, ctx.model, expr, scope) is not None


def _ctor_kept(expr, fs) -> str | None:
    """``self.A`` read in a method (not ``__init__``) of a class whose ``__init__`` assigns
    ``self.A = p`` from its parameter ``p`` (and no other method assigns ``A``): ``"self.A"``."""
    from .selfattrs import init_param_attrs, self_attr

    a = self_attr(expr)
    if a is None or fs is None or fs.cls is None or fs.name == "__init__":
        return None
    _init, attrs = init_param_attrs(fs.cls)
    return f"self.{a}" if a in attrs else None


def _self_call(call: ast.Call, fs=None) -> bool:
    """``self.meth(...)`` / ``cls.meth(...)`` / ``Cls.meth(...)`` inside ``Cls`` (a class's own
    plumbing; also handed to a decorator: ``deco(t)(self.meth)(x)``)."""
    f = call.func
    if not (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)):
        return False
    own = getattr(getattr(getattr(fs, "cls", None), "node", None), "name", None)
    return f.value.id in ("self", "cls") or (own is not None and f.value.id == own)


def _decorated_ref(f: ast.expr) -> ast.expr | None:
    """``timeout(t)(runtime.exec_code)`` (a decorator factory's result applied to a
    function, then called: ``timeout_decorator``, ``tenacity.retry(...)``,
    ``functools.lru_cache(...)``): the function reference, which the wrapper calls with the
    arguments (pyA19); else None."""
    if (
        isinstance(f, ast.Call)
        and isinstance(f.func, ast.Call)
        and len(f.args) == 1
        and not f.keywords
        and isinstance(f.args[0], (ast.Name, ast.Attribute))
    ):
        return f.args[0]
    return None


def _effective_calls(call: ast.Call) -> list:
    """The call, and the call it defers: ``pool.submit(f, *a, **k)``,
    ``loop.run_in_executor(ex, f, *a)``, ``atexit.register(f, *a, **k)``,
    ``threading.Thread(target=f, args=(...), kwargs={...})`` run ``f(...)``."""
    f = call.func
    last = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    if last not in _DEFERRING:
        ref = _decorated_ref(f)
        if ref is not None:
            return [call, _synthetic(call, ref, list(call.args), list(call.keywords))]
        return [call]
    out = [call]
    if last in _RPC_CALLS:
        if _rpc_function(call):
            out.append(_synthetic(call, call.args[0], list(call.args[1:]), list(call.keywords)))
        return out
    fi = EXECUTOR_ATTRS.get(last)
    if fi is None:
        fi = _EXECUTOR_LAST.get(last)
    if fi is not None and len(call.args) > fi and not any(isinstance(a, ast.Starred) for a in call.args[: fi + 1]):
        if last == "apply_async":
            pk = call.args[fi + 1] if len(call.args) > fi + 1 else None
            args = list(pk.elts) if isinstance(pk, (ast.Tuple, ast.List)) else []
            out.append(_synthetic(call, call.args[fi], args, []))
        else:
            out.append(_synthetic(call, call.args[fi], list(call.args[fi + 1 :]), list(call.keywords)))
    elif last in ("Thread", "Timer", "Process"):
        kw = {k.arg: k.value for k in call.keywords if k.arg}
        target = kw.get("target") or (call.args[1] if last == "Timer" and len(call.args) > 1 else None)
        if target is not None:
            a = kw.get("args")
            k = kw.get("kwargs")
            args = list(a.elts) if isinstance(a, (ast.Tuple, ast.List)) else []
            kws = (
                [
                    ast.keyword(arg=x.value, value=v)
                    for x, v in zip(k.keys, k.values)
                    if isinstance(x, ast.Constant) and isinstance(x.value, str)
                ]
                if isinstance(k, ast.Dict)
                else []
            )
            out.append(_synthetic(call, target, args, kws))
    return out


# the text before a function handed to a deferring call: ``submit(``, ``call(mod.``,
# ``run_in_executor(None, `` (:func:`_deferred_ref`)
_DEFER_HEAD = lazy_compile(r"\b(?:%s)\(\s*(?:[\w.]+\s*,\s*)?[\w.]*\Z" % "|".join(sorted(_DEFERRING)))


def _rpc_function(call: ast.Call) -> bool:
    """``ctx.call(mod.func, ...)``: a method call whose first argument is a dotted name
    (a function reference, not a command string or a call's result) on a receiver that is not
    the ``subprocess``/``os`` module."""
    f = call.func
    if not isinstance(f, ast.Attribute) or not call.args or isinstance(call.args[0], ast.Starred):
        return False
    if isinstance(f.value, ast.Name) and f.value.id in ("subprocess", "os", "sp"):
        return False
    a = call.args[0]
    while isinstance(a, ast.Attribute):
        a = a.value
    return isinstance(a, ast.Name)


# "\nfrom ": a literal prefix the regex engine scans for quickly (the text gets a "\n" in front)
_FROM_IMPORT = compile_pattern(r"\nfrom[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)")
_FROM_IMPORT_INDENTED = compile_pattern(r"\n[ \t]+from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)")


def _targets(keys, u, call, bound, resolve, overrides):
    """(summary, init) of each key of a call edge; a method call (``self.meth()``, or
    ``self.backend.meth()`` on an object whose class an annotation names) whose key has
    no summary goes to the overrides of ``meth`` in the subclasses (``overrides``): the
    object is one of them."""
    for key in keys:
        tgt, init = resolve(key, u)
        if tgt is None and bound and isinstance(call.func, ast.Attribute):
            for sub in overrides(key):
                yield sub, False
            continue
        yield tgt, init


def _in_tree(written: str, mods: dict, suffix_index: dict) -> bool:
    """A base class written ``pkg.mod.Base`` (absolute) is a class of a module of the tree."""
    mod = written.rsplit(".", 1)[0] if "." in written else ""
    return bool(mod) and (mod in mods or mod in suffix_index)


def _abstract_method(cls_scope, meth: str) -> bool:
    """The class defines ``meth`` with no behaviour of its own: ``raise NotImplementedError``,
    ``pass``, ``...``, a docstring only, or ``@abstractmethod``; a mixin that does not define
    it at all, or a real method, is not followed into subclasses."""
    for b in cls_scope.bindings.get(meth, ()):
        node = b.node
        if b.kind != "def" or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if any(
            (isinstance(d, ast.Name) and d.id == "abstractmethod")
            or (isinstance(d, ast.Attribute) and d.attr == "abstractmethod")
            for d in node.decorator_list
        ):
            return True
        body = [
            x for x in node.body if not (isinstance(x, ast.Expr) and isinstance(x.value, ast.Constant))
        ]  # docstrings and ``...``
        if not body or all(isinstance(x, ast.Pass) for x in body):
            return True
        if len(body) == 1 and isinstance(body[0], ast.Raise):
            exc = body[0].exc
            exc = exc.func if isinstance(exc, ast.Call) else exc
            return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"
    return False


def _is_classmethod(fs) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "classmethod" for d in getattr(fs.node, "decorator_list", ()))


def _is_self(e: ast.expr) -> bool:
    return isinstance(e, ast.Name) and e.id == "self"


def _abs_module(written: str, u: FileUnit) -> str:
    dots = len(written) - len(written.lstrip("."))
    if not dots:
        return written
    base = u.module.split(".") if u.module else []
    if not u.is_pkg:
        base = base[:-1]
    base = base[: max(0, len(base) - (dots - 1))]
    rest = written[dots:]
    return ".".join(base + ([rest] if rest else []))


def _reexports(units: list) -> tuple[dict, dict, dict]:
    """Module-level ``from M import name [as alias]`` and ``from M import *`` of
    every file (read from the text, no parse): ``{(module, alias): (key as
    written, unit)}``, ``{module: [(M, unit)]}``, and for each source module the
    last names of the modules that re-export it (:func:`_relevant`)."""
    reexport: dict = {}
    star: dict = {}
    exporters: dict = {}
    by_module: dict = {}  # source module -> the modules re-exporting from it (made transitive below)
    for u in units:
        if "import" not in u.text:
            continue
        last = u.module.rsplit(".", 1)[-1] if u.module else ""
        for m in _module_level_from_imports(u.text):
            src, names = m.group(1), m.group(2).strip().strip("()")
            if not src.strip("."):
                continue  # ``from . import x``: a module, resolved as such
            srcmod = _abs_module(src, u)
            by_module.setdefault(srcmod, set()).add(u.module)
            if names.strip() == "*":
                star.setdefault(u.module, []).append((src, u))
                exporters.setdefault(srcmod, set()).add(last)
                continue
            for part in names.replace("\\", " ").split(","):
                w = part.split()
                if not w:
                    continue
                alias = w[2] if len(w) == 3 and w[1] == "as" else w[0]
                if w[0].isidentifier() and alias.isidentifier():
                    reexport[(u.module, alias)] = (f"{src}.{w[0]}", u)
                    exporters.setdefault(srcmod, set()).add(last)
    # a re-export of a re-export (``process`` imports ``getoutput`` from ``_posix``, which
    # imports it from ``_common``): a file naming the outermost module reaches the function
    # (one hop further: the importers of its importers; a whole import graph's closure made
    # most files "relevant" and cost CPU for nothing)
    lasts: dict = {}  # module -> the last names of the modules re-exporting from it
    for srcmod in list(exporters):
        extra: set = set()
        for mod in by_module.get(srcmod, ()):
            if mod == srcmod:
                continue
            mods2 = by_module.get(mod)
            if not mods2:
                continue
            if srcmod in mods2:
                extra.update(mod2.rsplit(".", 1)[-1] if mod2 else "" for mod2 in mods2 if mod2 != srcmod)
                continue
            ls = lasts.get(mod)
            if ls is None:
                ls = lasts[mod] = {mod2.rsplit(".", 1)[-1] if mod2 else "" for mod2 in mods2}
            extra |= ls
        exporters[srcmod] |= extra
    return reexport, star, exporters


_ABC_REGISTER = compile_pattern(r"\n(\w+)\.register\((\w+)\)")


def _plain_call(text: str, name: str, module: str) -> bool:
    """Does ``text`` call ``name(`` itself or as ``module.name(`` (its module's last name),
    not as a method of some object (``self.lexer.lex(...)``)?  The calls an evaluating
    helper of another module can have (:mod:`.codereach`); a file is parsed for them only
    then (issue 25: a word check alone parsed every file calling ``.lex(``, +15 % CPU).
    Both alternatives of the pattern end in ``name(``: a text without it is not searched (the
    pattern's lookbehind made the engine try every position of the text; issue 25)."""
    if name + "(" not in text:
        return False
    last = re.escape(module.rsplit(".", 1)[-1]) if module else ""
    n = re.escape(name)
    pat = rf"(?<![\w.]){n}\(" + (rf"|(?<![\w.]){last}\.{n}\(" if last else "")
    return re.search(pat, text) is not None


_CONTAINERS = (ast.Dict, ast.List, ast.Set, ast.Tuple, ast.DictComp, ast.ListComp, ast.SetComp)


def _container(expr, scope, model) -> bool:
    """A dict/list/set/tuple display or comprehension, or a name every binding of which
    reaching the use is one: a container, never a code string."""
    if isinstance(expr, _CONTAINERS):
        return True
    if not isinstance(expr, ast.Name):
        return False
    from .scopes import lookup

    _sc, bl = lookup(model, scope, expr.id, (expr.lineno, expr.col_offset))
    return bool(bl) and all(b.kind == "assign" and isinstance(b.value, _CONTAINERS) for b in bl)


def _abc_registrations(units: list) -> dict:
    """``Base.register(Impl)`` at module level (abc, Python library reference: "Register
    subclass as a virtual subclass of this ABC"), both classes of that module:
    ``{"mod.Base": [("mod.Impl", unit)]}``.  An object typed by the ABC (an annotation, a
    traitlets ``Instance``) is an instance of a registered class."""
    out: dict = {}
    for u in units:
        if ".register(" not in u.text:
            continue
        for m in _ABC_REGISTER.finditer("\n" + u.text):
            base, impl = m.group(1), m.group(2)
            if f"class {base}" in u.text and f"class {impl}" in u.text:
                key = f"{u.module}.{base}" if u.module else base
                out.setdefault(key, []).append((f"{u.module}.{impl}" if u.module else impl, u))
    return out


_BLOCK_HEAD = compile_pattern(r"(?:if|elif|else|try|except|finally)\b")
_COLUMN0 = compile_pattern(r"\n(?=[^\s#])")


def _module_level_from_imports(text: str) -> list:
    """The ``from M import names`` statements of a module's own namespace: at column 0,
    or inside a module-level ``if``/``else``/``try``/``except`` block (a platform choice:
    ``if sys.platform == "win32": from ._win32 import system`` ... ``else: from ._posix import
    system``); not those of a function or class body.  One pass over the lines: the
    column-0 statement before an indented import says which block holds it."""
    t = "\n" + text
    out = list(_FROM_IMPORT.finditer(t))
    indented = _indented_from_imports(t)
    if not indented:
        return out
    heads = [h.start() + 1 for h in _COLUMN0.finditer(t)]  # column-0 statements (not blank, not comments)
    for m in indented:
        i = bisect.bisect_right(heads, m.start()) - 1
        if i >= 0 and _BLOCK_HEAD.match(t, heads[i]):
            out.append(m)
    return out


def _indented_from_imports(t: str) -> list:
    """``list(_FROM_IMPORT_INDENTED.finditer(t))``, tried only where ``from`` follows a line's
    indentation: the pattern starts with a newline and blanks, which the engine tried at
    every line of every file of the tree (issue 25: 47 ms over the held-out trees' 24 MB,
    now 31 ms; tests/test_pyscan_speed_s40.py compares both).  A match starts at the newline
    before such a ``from``, the first word of its line; as ``finditer``, one that starts
    inside the previous match is not one."""
    out: list = []
    end = 0
    i = t.find("from")
    while i != -1:
        c = t[i - 1] if i else ""
        nl = t.rfind("\n", 0, i) if c == " " or c == "\t" else -1
        if nl >= end and 0 <= nl < i - 1 and not t[nl + 1 : i].strip(" \t"):
            m = _FROM_IMPORT_INDENTED.match(t, nl)
            if m is not None:
                out.append(m)
                end = m.end()
        i = t.find("from", i + 4)
    return out


def _summaries_by_word(summ: dict) -> dict:
    """The word of a file's text that lets :func:`_relevant` consider a summary -> those
    summaries: its function's name, and a constructor's class name too."""
    out: dict = {}
    for s in summ.values():
        out.setdefault(s.name, []).append(s)
        if s.name == "__init__":
            out.setdefault(s.key.rsplit(".", 2)[-2], []).append(s)
    return out


def _relevant(
    u: FileUnit,
    summ: dict,
    names: set,
    exporters: dict | None = None,
    alias_of: dict | None = None,
    bases: dict | None = None,
    by_word: dict | None = None,
) -> bool:
    """Can this file call a summarised function?  Its words must hold the
    function's name and, unless it is the defining file, a name that brings
    it in: its module's or package's name (``from .util import run``,
    ``import pkg.util``) or its class's name (a subclass, ``Runner().run``).
    A word set per file (built once) keeps this linear; parsing every file
    that merely says ``run`` cost meson four times the whole scan (measured).
    ``by_word`` (:func:`_summaries_by_word` of ``summ``): only the summaries one of
    the file's words names are visited (the answer is the same: any of them; every
    file of the tree is asked in every round, issue 25)."""
    defaults = None  # the names the file gives as parameters' defaults, read when first asked
    words = u.words
    if words is None:
        words = u.words = u.text_words if u.text_words is not None else words_of(u.text)
        u.text_words = None
        if alias_of:
            words |= {alias_of[w] for w in words & alias_of.keys()}  # an alias stands for the name it imports
    if not (names & words):
        return False
    if by_word is not None:
        candidates = [s for w in by_word.keys() & words for s in by_word[w]]
    else:
        candidates = list(summ.values())
    for s in candidates:
        if s.name not in words and not (s.name == "__init__" and s.key.rsplit(".", 2)[-2] in words):
            continue
        if s.unit is u and (s.reach or s.flags or s.kwsplat):
            return True  # its own file: wrappers of it there (argv runners: summarised with the file)
        called = s.key.rsplit(".", 2)[-2] if s.name == "__init__" and "." in s.key else s.name  # Cls(...)
        if s.unit is u and (s.code or s.pathcode) and _text_memo(u, "=plain", called, words, u.module):
            return True  # its own file: a wrapper handing the code runner its parameter (codewrap.py)
        if s.unit is u and s.argv and _argv_near_text(u.text):
            # its own file hands it a shell's argv (``run_argv(["sh", "-c", cmd])``), maybe built
            # far above the call (``argv = [b"/bin/sh", b"-c", self.command]`` ... ``self._spawn(argv)``)
            return True
        if s.unit is u and (s.scripts or s.argv) and _call_near(u, called, alias_of, _SCRIPT_NEAR, 240):
            return True  # its own file hands it a script file (``run_script(tf.name)``)
        if not (
            (s.reach and (_call_near(u, called, alias_of, _HAS_ARGS, 40) or _text_memo(u, "=deferred", called, words)))
            or ((s.code or s.pathcode) and s.unit is not u and _text_memo(u, "=plain", called, words, s.unit.module))
            or (s.mcode and (f".{called}(" in u.text or f".{called})(" in u.text))  # ``rt.exec_code(code)``
            or (
                s.flags
                and (
                    any(f[2] != "no" for f in s.flags) or _call_near(u, called, alias_of, _SHELL_KW, 400)
                )  # a flag off by default matters only where a call passes shell= (or a dict of them)
            )
            or (
                s.kwsplat and _call_near(u, called, alias_of, _SHELL_KW, 400)
            )  # only a shell= (or a dict of them) matters
            or (s.argv and _call_near(u, called, alias_of, _ARGV_NEAR, 240))
            or ((s.scripts or s.argv) and _call_near(u, called, alias_of, _SCRIPT_NEAR, 240))
            or s.prefix is not None
            or (
                _text_memo(u, "=ends", called, words)  # cheap: a default ends with , or )
                and called in (defaults := defaults if defaults is not None else _defaults_of(u))
            )  # def f(cmd, run_=util.run): calls through the parameter
        ):
            continue
        mod = s.unit.module
        qual = s.key[len(mod) + 1 :] if mod else s.key
        outer = qual.split(".")[:-1]
        if any(p in words for p in outer) or (not outer and mod.rsplit(".", 1)[-1] in words):
            return True  # a method is reached through its class's name (a module's name brings in functions)
        if exporters and exporters.get(mod, set()) & words:
            return True  # through a module that re-exports it
        if (
            bases
            and outer
            and f"def {s.name}(" in u.text
            and any(f"class {b}" in u.text for b in bases.get(s.key.rsplit(".", 1)[0], set()) & words)
        ):
            return True  # the file of a base class that defines the method: its ``self.meth()`` reaches the override
        if bases and outer and f".{s.name}(" in u.text and bases.get(s.key.rsplit(".", 1)[0], set()) & words:
            return True  # an object typed by a base class (``backend: BaseBackend``) reaches the override
    return False


def _text_memo(u: FileUnit, question: str, name: str, words: set, module: str = "") -> bool:
    """A question :func:`_relevant` asks of the file's text about ``name``, answered once per
    file (in ``u.argv_mark``, as :func:`_call_near`'s): ``"=ends"``, does ``name`` end with ``,``
    or ``)`` somewhere (a default's end); ``"=deferred"``, :func:`_deferred_ref`; ``"=plain"``,
    :func:`_plain_call` (of ``module``).  They read only the text and its words, which never
    change, but every file is asked again in every
    round of :func:`analyse` (yt-dlp: 7,987 asks of 1,032 questions, the text scans 15 % of
    its run's CPU; issue 25)."""
    memo = u.argv_mark
    if memo is None:
        memo = u.argv_mark = {}
    key = (question, name, module)
    hit = memo.get(key)
    if hit is None:
        if question == "=ends":
            hit = name + "," in u.text or name + ")" in u.text
        elif question == "=plain":
            hit = _plain_call(u.text, name, module)
        else:
            hit = _deferred_ref(u.text, name, words)
        memo[key] = hit
    return hit


def _deferred_ref(text: str, name: str, words: set) -> bool:
    """The file hands the function ``name`` to a call that runs it later or elsewhere with
    the other arguments (``pool.submit(name, cmd)``, ``ctx.call(mod.name, cmd=x)``,
    ``loop.run_in_executor(None, name, x)``, :func:`_effective_calls`): the name, then a
    comma, as the function argument of a deferring call (read on the text, as
    :func:`_call_near` does)."""
    if words.isdisjoint(_DEFERRING):
        return False
    at = text.find(name + ",")
    while at != -1:
        if (at == 0 or not (text[at - 1].isalnum() or text[at - 1] == "_")) and _DEFER_HEAD.search(
            text, max(0, at - 120), at
        ):
            return True
        at = text.find(name + ",", at + 1)
    return False


def _arg(call: ast.Call, params: list, name: str, bound: bool):
    if "#" in name:
        # ``*args#k``: the k-th item of the callee's *args (a wrapper forwarding ``*args``
        # to a function whose command is not its first parameter)
        base, nth = name.split("#", 1)
        got = _arg(call, params, base, bound)
        if isinstance(got, ast.Tuple):
            return got.elts[int(nth)] if int(nth) < len(got.elts) else None
        return None
    star = name.startswith("*")  # the callee's *args named as such
    name = name.lstrip("*")
    for k in call.keywords:
        if k.arg == name and not star:
            return k.value
    if name in params and not star:
        i = params.index(name)
        if i < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[: i + 1]):
            return call.args[i]
        sa = call.args[i] if i < len(call.args) else None
        if isinstance(sa, ast.Starred) and not any(isinstance(a, ast.Starred) for a in call.args[:i]):
            return sa.value  # f(*cmd): its items fill this parameter and the next ones
        j = next((k for k, a in enumerate(call.args[:i]) if isinstance(a, ast.Starred)), None)
        spread = call.args[j] if j is not None else None
        if isinstance(spread, ast.Starred) and j is not None:
            if not any(k.arg is None for k in call.keywords):
                return spread.value  # f(*argv) before it: one of its items fills this parameter
            if not any(isinstance(a, ast.Starred) for a in call.args[j + 1 :]):
                # ``f(*args, **kwargs)`` forwarding a wrapper's own arguments: item i - j of
                # ``args`` fills this parameter (``run_expect(expected, command, *args)``)
                made = _made_args(call)
                sub = made.get(("item", i - j))
                if sub is None:
                    sv = spread.value
                    sub = ast.Subscript(value=sv, slice=ast.Constant(value=i - j), ctx=ast.Load())
                    ast.copy_location(sub, sv)
                    sub.end_lineno, sub.end_col_offset = sv.end_lineno, sv.end_col_offset
                    made[("item", i - j)] = sub
                return sub
    elif "*" + name in params:
        # the callee's *args: every positional argument from its place on
        i = params.index("*" + name)
        rest = call.args[i:]
        if any(isinstance(a, ast.Starred) for a in call.args[:i]) or not rest:
            return None
        if len(rest) == 1 and isinstance(rest[0], ast.Starred):
            return rest[0].value  # *cmd forwarded as it came
        made = _made_args(call)
        t = made.get(("rest", i))
        if t is None:
            t = ast.Tuple(elts=[a.value if isinstance(a, ast.Starred) else a for a in rest], ctx=ast.Load())
            ast.copy_location(t, rest[0])
            t.end_lineno, t.end_col_offset = rest[-1].end_lineno, rest[-1].end_col_offset
            made[("rest", i)] = t
        return t
    return None


def _vararg_item(e, fs) -> str | None:
    """``*args#k`` when ``e`` is item ``k`` of the function's own ``*args`` as :func:`_arg`
    builds it for a forwarding call (``_run(*args, **kw)`` filling ``_run``'s ``shell``)."""
    va = getattr(fs, "vararg", None)
    if (
        va
        and isinstance(e, ast.Subscript)
        and isinstance(e.value, ast.Name)
        and e.value.id == va
        and isinstance(e.slice, ast.Constant)
        and isinstance(e.slice.value, int)
    ):
        return f"*{va}#{e.slice.value}"
    return None


def _made_args(call: ast.Call) -> dict:
    """The expressions :func:`_arg` built for this call (an item of a forwarded ``*args``,
    the tuple of a callee's ``*args``), kept on the call: the same argument is the same
    node in every round of :func:`analyse`, so :func:`_asked` answers a question about it
    from its memo (built anew, each was a new question: scons asked the same two 27 times,
    a quarter of its project pass; issue 25)."""
    made = call.__dict__.get("_utcp_lint_args")
    if made is None:
        made = call.__dict__["_utcp_lint_args"] = {}
    return made


_NOT_RECEIVERS = frozenset({"self", "cls"})


def _called_on_object(units: list, name: str, home: FileUnit, memo: dict) -> bool:
    """Does some file of the tree name the method ``name`` on an object (``obj.name``,
    ``make().name``, ``super().name``), or on ``self`` outside the class's own file ``home``
    (a base class's ``dispatch()`` calling ``self.on_any_event(event)``)?  The class's own
    plumbing (``self._exec()`` in ``run``) is no use of an object from outside."""
    key = (name, home.display)
    got = memo.get(key)
    if got is None:
        pat = re.compile(r"(\w*)\s*\.\s*" + re.escape(name) + r"\b")
        got = memo[key] = any(
            u is not home or m.group(1) not in _NOT_RECEIVERS
            for u in units
            if name in u.text
            for m in pat.finditer(u.text)
        )
    return got


def _ctor_runs(u: FileUnit, call: ast.Call, fs, meths: frozenset, elsewhere: bool, nested: bool = False) -> bool:
    """Is a method of ``meths`` (those whose call runs the sink of a constructor's kept
    parameter: :func:`.ctor.running_methods`) reached from the object the construction
    ``call`` makes?  Called on it (``Cmd(x).run()``, through a chain of calls on it, or on the
    local it is bound to: ``c = Cmd(x); c.run()``); when the object leaves the function
    (returned, passed on, stored), ``elsewhere``: code of the tree calls one of them on some
    object.  A ``super().__init__(x)`` / ``Base.__init__(self, x)`` is no construction.
    ``nested``: the object keeps another that runs them (``Kconfig(...)`` keeping ``self.k =
    Kaws(region)``): a call on an attribute of the local (``config.k.console()``), or on a
    local bound to one (``k = config.k; k.console()``), counts too."""
    if isinstance(call.func, ast.Attribute) and call.func.attr == "__init__":
        return True
    fnode = fs.node if fs is not None else u.ctx.tree
    memo = u.answers
    if memo is None:
        memo = u.answers = {}
    key = ("ctor parents", fnode, None)
    got = memo.get(key)
    if got is None:
        nodes = walk(fnode)
        parents = {id(c): n for n in nodes for c in ast.iter_child_nodes(n)}
        got = memo[key] = (parents, nodes)  # the walk kept too: the loops below read it again
    parents, nodes = got
    node: ast.AST = call
    while True:
        p = parents.get(id(node))
        if isinstance(p, ast.Attribute) and p.value is node:
            if p.attr in meths:
                return True
            node = p
        elif isinstance(p, ast.Call) and p.func is node:
            node = p
        elif isinstance(p, ast.Await):
            node = p
        else:
            break
    if p is None or isinstance(p, ast.Expr):
        return False  # made and dropped
    names: set = set()
    if isinstance(p, ast.Assign) and p.value is node:
        tgts = p.targets
    elif isinstance(p, (ast.AnnAssign, ast.NamedExpr)) and p.value is node:
        tgts = [p.target]
    elif isinstance(p, ast.withitem) and p.context_expr is node:
        tgts = [p.optional_vars] if p.optional_vars is not None else []
    else:
        return elsewhere
    if not all(isinstance(t, ast.Name) for t in tgts):
        return elsewhere  # ``self.proc = Cmd(x)``: stored where other methods reach it
    names = {t.id for t in tgts if isinstance(t, ast.Name)}
    if nested:
        for n in nodes:  # ``k = config.k``: an object the local keeps
            if isinstance(n, ast.Assign) and isinstance(n.value, ast.Attribute):
                root: ast.expr = n.value
                while isinstance(root, ast.Attribute):
                    root = root.value
                if isinstance(root, ast.Name) and root.id in names:
                    names |= {t.id for t in n.targets if isinstance(t, ast.Name)}
        for n in nodes:
            if isinstance(n, ast.Attribute) and n.attr in meths:
                root = n.value
                while isinstance(root, (ast.Attribute, ast.Call, ast.Subscript)):
                    root = root.func if isinstance(root, ast.Call) else root.value
                if isinstance(root, ast.Name) and root.id in names:
                    return True
    leaves = False
    for n in nodes:
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in names:
            if n.attr in meths:
                return True
        elif isinstance(n, ast.Name) and n.id in names and isinstance(n.ctx, ast.Load):
            pn = parents.get(id(n))
            if not (isinstance(pn, ast.Attribute) and pn.value is n):
                leaves = True  # ``return c``, ``run_all(c)``, ``jobs.append(c)``
    return elsewhere if leaves else False


def _receiver_ctors(u: FileUnit, call: ast.Call, scope, fs) -> list | None:
    """``[(construction call, its scope)]`` of the object a method is called on: ``p =
    Process(...)`` then ``p.run(cmd)`` (every binding of the local reaching the call), or
    ``self.process = Process(...)`` of the class's methods then ``self.process.run(cmd)``
    (every store of the attribute; a ``None`` placeholder is no object).  None when some
    value is not a call (a property, a parameter, a store of another class)."""
    f = call.func
    if not isinstance(f, ast.Attribute):
        return None
    r = f.value
    out: list = []
    if isinstance(r, ast.Name) and r.id not in ("self", "cls"):
        from .scopes import lookup

        _sc, bl = lookup(u.ctx.model, scope, r.id, (r.lineno, r.col_offset))
        for b in bl:
            if b.kind != "assign" or b.index or not isinstance(b.value, ast.Call):
                return None
            out.append((b.value, b.scope))
    elif (
        isinstance(r, ast.Attribute)
        and isinstance(r.value, ast.Name)
        and r.value.id == "self"
        and fs is not None
        and fs.cls is not None
        and isinstance(fs.cls.node, ast.ClassDef)
    ):
        for n, ms in _self_stores(u, fs.cls).get(r.attr, ()):
            v = n.value
            if v is None or (isinstance(v, ast.Constant) and v.value is None):
                continue  # ``self.p: Process`` / ``self.p = None``: no object
            if not isinstance(v, ast.Call):
                return None
            out.append((v, ms))
    return out or None


def _flag_off(u: FileUnit, call: ast.Call, scope, fs, tgt: _Summ, iflag: tuple) -> bool:
    """Every construction of the object ``call`` runs a method of leaves the method's
    shell flag false (:class:`.guards.InstanceFlag`): ``Process(binary)`` where ``if
    self.environment:`` chooses the shell and ``environment`` defaults to None, or a false
    constant passed.  False when a construction is not found or not of the method's class."""
    flag, ps, optional = iflag
    got = _receiver_ctors(u, call, scope, fs)
    if not got:
        return False
    cname = tgt.key.rsplit(".", 2)[-2] if tgt.key.count(".") else ""
    for c, sc in got:
        cf = c.func
        if (cf.id if isinstance(cf, ast.Name) else cf.attr if isinstance(cf, ast.Attribute) else None) != cname:
            return False
        e = _arg(c, ps, flag, False)
        if e is None:
            if (
                not optional
                or any(isinstance(a, ast.Starred) for a in c.args)
                or any(k.arg is None for k in c.keywords)
            ):
                return False  # required (given through a splat), or maybe in a ``*args``/``**kw``
            continue
        if u.ctx.evaluator.truth(e, sc)[0] != "no":
            return False
    return True


def _apply_terminal(u, call, scope, fs, tgt, bound, summ, found, passes_shell, hops) -> None:
    """:func:`_apply` for a call whose callee is a guess (:mod:`.rolename`): its flows at the
    call are kept when a parameter or an outside value reaches the shell (``high``), and the
    summaries are left as they were (the caller is no wrapper of its own callers)."""
    fkey = None
    if fs is not None:
        fkey = f"{u.module}.{fs.qualname}" if u.module else fs.qualname
    before = summ.get(fkey) if fkey is not None else None
    saved = None
    if before is not None:
        saved = {
            a: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
            for a in _Summ.__slots__
            if (v := getattr(before, a, None)) is not None
        }
    had = set(found)
    _apply(u, call, scope, fs, tgt, bound, summ, found, passes_shell, hops, set())
    if fkey is not None:
        if before is None:
            summ.pop(fkey, None)
        elif saved is not None:
            for a, v in saved.items():
                setattr(before, a, v)
    for k in set(found) - had:
        if found[k].level != "high":
            del found[k]


def _apply(u, call, scope, fs, tgt, bound, summ, found, passes_shell, hops, unfollowed) -> bool:
    """Map one call site onto the callee's summary; True when a summary grew."""
    ctx = u.ctx
    ev_ = ctx.evaluator
    params = tgt.params
    if fs is not None:
        hs, he = ctx.model.pos.span(call.func)
        key0 = f"{u.module}.{fs.qualname}" if u.module else fs.qualname
        hops.setdefault((key0, tgt.key), (u.display, hs, he, f"{fs.name}() calls {tgt.name}() here"))
    want: list = []  # (callee param, mode, how, chain, sinkref, local)
    # index in ``want`` -> the running methods a constructor's kept object still defers to: a
    # constructor (``__init__``) that keeps the object it builds (``self.k = Kaws(region)``)
    # runs no shell by being called; its own constructions are judged as the inner one's
    defer: dict = {}
    in_init = fs is not None and fs.cls is not None and fs.name == "__init__"
    for p, (m, local, chain, ref) in sorted(tgt.reach.items(), key=_key_of):
        run = tgt.runs.get(p)
        if run is not None and ref == run[1] and (chain == (tgt.key,) or (len(run) > 3 and chain == run[3])):
            nested = len(run) > 3
            if not _ctor_runs(u, call, fs, run[0], run[2], nested):
                continue  # a construction whose object never has the running method called (ctor.py)
            if in_init and not _ctor_runs(u, call, fs, run[0], False, nested):
                defer[len(want)] = run[:3]  # kept, not run here: the enclosing object's callers decide
        if p in tgt.iflag and chain == (tgt.key,) and _flag_off(u, call, scope, fs, tgt, tgt.iflag[p]):
            continue  # the object was constructed without the flag that takes the shell branch
        want.append((p, m, "", chain, ref, local))
    # a code (or code-file) parameter reached from its own module is followed only to grow the
    # caller's summary (``local``: the per-file finding at the sink names that flow): a wrapper
    # handing its own parameter on whole runs it as code too (codewrap.py)
    grow_only = tgt.unit is u and not (tgt.mcode and not _self_call(call, fs))
    for p, (m, chain, ref) in sorted(tgt.code.items(), key=_key_of):
        # a method's code parameter: also from its own module, but not ``self.meth(x)`` of
        # the class's own plumbing (the sink's finding names that flow already)
        want.append((p, m, CODE_HOW, chain, ref, grow_only))
    for p, (m, chain, ref) in sorted(tgt.pathcode.items(), key=_key_of):
        want.append((p, m, FILE_HOW, chain, ref, tgt.unit is u))
    changed = False
    every: set = set()  # indices of ``want`` whose argv list runs every item (cmd.exe)
    fkey = None
    if fs is not None:
        fkey = f"{u.module}.{fs.qualname}" if u.module else fs.qualname
    for i, (own, flag, dflt, chain, ref) in enumerate(tgt.flags):
        how = None
        fe = _arg(call, params, flag, bound)
        if fe is None:
            fe = _splat_entry(ev_, call, flag, scope)  # kwargs.setdefault("shell", True); f(cmd, **kwargs)
        kwn = _kwarg_name(fs) if fs is not None and fe is None else None
        if kwn and any(isinstance(k.value, ast.Name) and k.value.id == kwn for k in call.keywords if k.arg is None):
            # ``cls(*args, **kwargs)``: the flag comes in the caller's own **kwargs
            s = _ensure(summ, fkey, u, fs)
            cmd = _map(u, call, scope, fs, params, own, bound, tgt, s)
            if cmd and not any(x[0] == cmd and x[2] == ref for x in s.kwsplat):
                s.kwsplat.append((cmd, (fkey,) + chain, ref))
                changed = True
            passes_shell.add((tgt.key, "f", i))  # the decision moves to the caller's callers
            continue
        va_item = _vararg_item(fe, fs) if fs is not None and fe is not None else None
        if va_item is not None:
            # ``def run(*args, **kw): return _run(*args, **kw)``: the flag is an item of the
            # caller's own *args (or, by keyword, in its **kwargs): the caller's callers
            # decide, through as many such wrappers as the tree has (the fixpoint)
            passes_shell.add((tgt.key, "f", i))
            s = _ensure(summ, fkey, u, fs)
            cmd = _map(u, call, scope, fs, params, own, bound, tgt, s)
            if cmd:
                kwn_ = _kwarg_name(fs)
                forwards_kw = bool(kwn_) and any(
                    isinstance(k.value, ast.Name) and k.value.id == kwn_ for k in call.keywords if k.arg is None
                )
                if forwards_kw and not any(x[0] == cmd and x[2] == ref for x in s.kwsplat):
                    s.kwsplat.append((cmd, (fkey,) + chain, ref))
                    changed = True
                ent = (cmd, va_item, dflt, (fkey,) + chain, ref)
                if not any(x[0] == cmd and x[1] == va_item and x[4] == ref for x in s.flags):
                    s.flags.append(ent)
                    changed = True
            continue
        if fe is None:
            st = dflt
        elif isinstance(fe, ast.Name) and fs is not None and fe.id in fs.params:
            # forwarded: the caller's own flag
            s = _ensure(summ, fkey, u, fs)
            cmd = _map(u, call, scope, fs, params, own, bound, tgt, s)
            fdflt = _default(fs, fe.id)
            if cmd:
                ent = (cmd, fe.id, fdflt, (fkey,) + chain, ref)
                if not any(x[0] == cmd and x[1] == fe.id and x[4] == ref for x in s.flags):
                    s.flags.append(ent)
                    changed = True
            if fdflt != "yes":
                continue
            # the caller's own flag is true by default (conan's ``ConanFile.run(self, command,
            # ..., shell=True)`` handing ``shell=shell`` on): a shell here, as before the
            # callee's flag was followed (its callers that pass False are not told apart)
            st = "yes"
            how = f"shell={fe.id} passed to {tgt.name}(), true by default in {fs.name}()"
        else:
            st = ev_.truth(fe, scope)[0]
        if st in ("yes", "maybe"):
            passes_shell.add((tgt.key, "f", i))
            if how is None:  # (set above where the caller hands its own flag on)
                how = (
                    f"{flag}={'True' if st == 'yes' else 'a value that may be true'} by default in {tgt.name}()"
                    if fe is None
                    else f"shell={'True' if st == 'yes' else ast.unparse(fe)} passed to {tgt.name}()"
                )
            if fe is not None and st == "maybe" and windows_only_flag(fe, scope, ctx.model):
                # cmd.exe on Windows: CPython joins the whole list (windows.py), every item is code
                how += ", through cmd.exe on Windows"
                every.update(len(want) + k for k in range(len(own)))
            for p, m in own.items():
                want.append((p, m, how, chain, ref, False))
    for i, (own, chain, ref) in enumerate(tgt.kwsplat):
        kw = next((k for k in call.keywords if k.arg == "shell"), None)
        if kw is None:
            se = _splat_entry(ev_, call, "shell", scope)
            kw = ast.keyword(arg="shell", value=se) if se is not None else None
        if kw is not None and isinstance(kw.value, ast.Name) and fs is not None and kw.value.id in fs.params:
            # ``Popen(args, shell=shell)`` into a **kwargs runner, ``shell`` the caller's own
            # parameter: the caller's callers decide (a flag of the caller, as for a runner's
            # own ``shell`` parameter forwarded above); the runner's verdict stays as it was
            passes_shell.add((tgt.key, "k", i))
            s = _ensure(summ, fkey, u, fs)
            cmd = _map(u, call, scope, fs, params, own, bound, tgt, s)
            if cmd:
                ent = (cmd, kw.value.id, _default(fs, kw.value.id), (fkey,) + chain, ref)
                if not any(x[0] == cmd and x[1] == kw.value.id and x[4] == ref for x in s.flags):
                    s.flags.append(ent)
                    changed = True
            continue
        if kw is not None:
            st = ev_.truth(kw.value, scope)[0]
            if st in ("yes", "maybe"):
                passes_shell.add((tgt.key, "k", i))
                for p, m in own.items():
                    want.append(
                        (
                            p,
                            m,
                            f"shell={ast.unparse(kw.value)} passed through **kwargs of {tgt.name}()",
                            chain,
                            ref,
                            False,
                        )
                    )
            continue
        splat = [k for k in call.keywords if k.arg is None]
        kwn = _kwarg_name(fs) if fs is not None else None
        if kwn and any(isinstance(k.value, ast.Name) and k.value.id == kwn for k in splat):
            passes_shell.add((tgt.key, "k", i))  # the decision moves to the caller's callers
            s = _ensure(summ, fkey, u, fs)
            cmd = _map(u, call, scope, fs, params, own, bound, tgt, s)
            if cmd and not any(x[0] == cmd and x[2] == ref for x in s.kwsplat):
                s.kwsplat.append((cmd, (fkey,) + chain, ref))
                changed = True
        elif splat:
            passes_shell.add((tgt.key, "k", i))  # a dict we do not follow: keep the in-file verdict
            unfollowed.add(ref[:2])
    for p, (chain, ref) in tgt.argv.items():
        # the callee runs this argument as an argv: a wrapper passing its own
        # parameter on is a runner too; a shell or interpreter argv with code
        # from a value is a flow (``Popen_safe(python.command + ["-c", code])``)
        expr = _arg(call, params, p, bound)
        if expr is None:
            continue
        code = _asked(u, "argv", expr, scope, lambda e, sc: _shell_argv_code(ev_, ctx.model, e, sc))
        if code is not None:
            want.append((p, RAW, f"{code[0]} started through {tgt.name}()", chain, ref, False, code[1]))
            continue
        if fs is not None:
            sev = _written_script(ev_, ctx.model, fs, expr, call, scope)  # run([script_path]) (scriptlater.py)
            if sev is not None:
                want.append((p, RAW, f"{_SCRIPT_HOW} and run by {tgt.name}()", chain, ref, False, sev))
                continue
        if fs is not None:
            mine = _argv_param(expr, fs, ctx.model)
            if mine is not None:
                key = "*" + mine if mine == getattr(fs, "vararg", None) else mine
                s = _ensure(summ, fkey, u, fs)
                if key not in s.argv:
                    s.argv[key] = ((fkey,) + chain, ref)
                    changed = True
            else:
                held = init_param(expr, fs, ctx.model, _argv_param)  # Worker(self.cmd) (runnerclass.py)
                if held is not None:
                    ikey = f"{u.module}.{held[0].qualname}" if u.module else held[0].qualname
                    s = _ensure(summ, ikey, u, held[0])
                    if held[1] not in s.argv:
                        s.argv[held[1]] = ((ikey,) + chain, ref)
                        changed = True
    if tgt.prefix is not None and fs is not None and tgt.unit is not u:
        # run(ssh_base(host) + [cmd]): the items appended to the returned prefix are code
        got = _prefix_items(fs.node, call)
        if got is not None:
            from .evaluate import union

            runner, items = got
            ev = union([ev_.evidence(x, scope) for x in items if not isinstance(x, ast.Starred)])
            if not ev.const:
                want.append(
                    (
                        "",
                        RAW,
                        f"the command appended to the argv {tgt.name}() returns",
                        tgt.prefix[0],
                        tgt.prefix[1],
                        False,
                        ev,
                        runner,
                    )
                )
    for p, (chain, ref) in tgt.scripts.items():
        # the callee runs this file: data the caller wrote into it is the code
        expr = _arg(call, params, p, bound)
        if expr is None or fs is None:
            continue
        mine = expr.id if isinstance(expr, ast.Name) and expr.id in fs.params else None
        if mine is not None:
            s = _ensure(summ, fkey, u, fs)
            if mine not in s.scripts:
                s.scripts[mine] = ((fkey,) + chain, ref)  # a wrapper passing its own path on
                changed = True
            continue
        from .evaluate import union
        from .sinks import script_writes

        data = script_writes(fs.node, expr, (call.lineno, call.col_offset))
        if not data:
            continue
        ev = union([ev_.evidence(d, scope) for d in data])
        if ev.const or not (ev.unknown or any(x[3] != QUOTED for x in ev.params)):
            continue
        want.append((p, RAW, f"{_SCRIPT_HOW} and run by {tgt.name}()", chain, ref, False, ev))
    if fs is not None and getattr(fs, "vararg", None) is not None:
        # ``run(command, *args)`` calling a runner with ``get_command(command, *args)`` (the
        # caller's template, its *args quoted each): the caller is a template runner (tmplfwd.py)
        for p, (m, _local, chain, ref) in sorted(tgt.reach.items(), key=_key_of):
            if m != RAW or p.startswith("*"):
                continue
            expr = _arg(call, params, p, bound)
            if expr is None:
                continue
            tev = _asked(u, "evidence", expr, scope, ev_.evidence)
            qs = quoting_template_of(tev, fs)
            if not qs and all(x[3] == DERIVED for x in tev.params):
                q0 = opaque_template_call(expr, fs)
                qs = [q0] if q0 is not None else []
            for q in qs:
                s = _ensure(summ, fkey, u, fs)
                if q not in s.tmpl:
                    s.tmpl[q] = ("*" + fs.vararg, (fkey,) + chain, ref)
                    changed = True
    for p, (va, chain, ref) in tgt.tmpl.items():
        want.extend(_template_wants(u, call, scope, params, bound, p, va, chain, ref, tgt.name))
        fwd = forwarded_template(call, params, p, va, fs) if fs is not None else None
        if fwd is not None:
            # a wrapper passing the template and its *args on is a template runner (tmplfwd.py)
            s = _ensure(summ, fkey, u, fs)
            if fwd[0] not in s.tmpl:
                s.tmpl[fwd[0]] = (fwd[1], (fkey,) + chain, ref)
                changed = True
    cross = tgt.unit is not u
    followed: list = []  # whether the module's own flows (UL408) follow this call: computed once

    def in_file(p: str) -> bool:
        """Does the per-file flow climb (:meth:`.context.PythonContext.flows`) map the callee's
        parameter ``p`` at this call?  It follows calls the evaluator resolves to the function
        (``f(x)``, ``self.f(x)``) into named parameters; a method of an instance (``git =
        Git(); git.run(x)``) or a ``*args`` parameter it does not see: the project reports those."""
        if p.startswith("*"):
            return False
        if not followed:
            q = tgt.key[len(u.module) + 1 :] if u.module and tgt.key.startswith(u.module + ".") else tgt.key
            followed.append(
                any(
                    v.kind == "func" and v.data.qualname == q for v in _asked(u, "values", call.func, scope, ev_.values)
                )
            )
        return followed[0]

    for wi, (p, m, how, chain, ref, local, *given) in enumerate(want):
        whole = not given and tgt.is_whole(p) and wi not in every
        expr = (
            (given[1] if len(given) > 1 else _arg(call, params, p, bound))
            if given
            else _cmd_arg(call, params, p, bound, first=whole or not p.startswith("*"))
        )
        if expr is None or (not given and (_own_instance(expr, fs) or written_constant(expr))):
            continue
        ev = given[0] if given else _asked(u, "evidence", expr, scope, ev_.evidence)
        if whole:
            head = _asked(u, "head", expr, scope, lambda e, sc: _argv_head(ev_, e, sc))
            code = None
            if p in tgt.listsafe and (
                head is not None
                or _annotated_sequence(u, expr, scope)
                or list_value(ev_.m, expr, scope, 3)
                or _asked(u, "seq", expr, scope, lambda e, sc: sequence_value(ev_, e, sc))
            ):
                # a list to a runner that runs a list as an argv (runnerlibs.py), also one
                # built from a base argv (seqvalue.py): an argv, unless it starts a shell, a
                # remote shell or an interpreter with code (``["sh", "-c", cmd]``,
                # ``self._ssh() + [cmd]``)
                code = _asked(u, "argv", expr, scope, lambda e, sc: _shell_argv_code(ev_, ctx.model, e, sc))
                if code is None:
                    continue
                ev = code[1]
            elif head is not None:
                ev = head  # an argv list: only its first item can be shell code
        if ev.const:
            continue
        own_p: dict = {}
        va = getattr(fs, "vararg", None) if fs is not None else None
        # ``f(*args)`` forwarding the caller's own ``*args`` into the command parameter:
        # the caller's first positional argument is the command (not every one of them)
        pi = params.index(p) if p in params else -1
        star = (  # the star sits at the callee's command parameter itself (not before it)
            va is not None
            and isinstance(expr, ast.Name)
            and expr.id == va
            and 0 <= pi < len(call.args)
            and isinstance(call.args[pi], ast.Starred)
            and call.args[pi].value is expr
        )
        nth = (  # ``f(*args)`` into the callee's k-th parameter from the star: item k of ``args``
            expr.slice.value
            if va is not None
            and isinstance(expr, ast.Subscript)
            and isinstance(expr.value, ast.Name)
            and expr.value.id == va
            and isinstance(expr.slice, ast.Constant)
            and isinstance(expr.slice.value, int)
            and any(isinstance(a, ast.Starred) and a.value is expr.value for a in call.args)
            else None
        )
        for sid, _q, n, pm in sorted(ev.params, key=param_order):  # a set: name order, not hash order
            if fs is not None and sid == fs.id:
                # item k of the caller's ``*args`` (``#0``: its first, the command), whatever
                # the callee does with the rest of them
                if nth is not None and n == va:
                    n = f"*{va}#{nth}"
                n = f"*{n}#0" if star and n == va else n
                own_p[n] = worse_mode(own_p.get(n), compose_mode(pm, m))
        own_p = {n: x for n, x in own_p.items() if x != QUOTED}
        if not own_p and how in (CODE_HOW, FILE_HOW) and (kept := _ctor_kept(expr, fs)) is not None:
            # ``execfile(self.filename, ns)`` with ``self.filename = filename`` in ``__init__``:
            # whoever constructs the object names the file (or gives the code) (pyA19)
            own_p = {kept: RAW}
        if how.startswith(_SCRIPT_HOW):
            # rendered or read data (``template.render(**context)``): the flow is
            # reported here; its inputs' callers are not followed further out
            own_p = {n: x for n, x in own_p.items() if x != DERIVED}
        if own_p and fs is not None and how not in (CODE_HOW, FILE_HOW):
            s = _ensure(summ, fkey, u, fs)
            changed |= _note_whole(s, own_p, whole, expr)
            if whole:
                # a wrapper passing its own parameter on whole to a helper that runs a list as
                # an argv (``get_output_error_code(cmd)`` -> ``process_handler(cmd)``) runs a
                # list so too, unless another of its sinks runs it through a shell
                for n in own_p:
                    if p in tgt.listsafe and n not in s.listbad and _is_param_name(expr, n):
                        if n not in s.listsafe:
                            s.listsafe.add(n)
                            changed = True
                    elif n not in s.listbad:
                        s.listbad.add(n)
                        s.listsafe.discard(n)
                        changed = True
            changed |= _note_doc(u, fs, s, tgt, p, how, bool(given), expr, own_p)
            for n, x in own_p.items():
                old = s.reach.get(n)
                if old is None or MODE_RANK[x] > MODE_RANK[old[0]]:
                    s.reach[n] = (x, local and not cross and not how and in_file(p), (fkey,) + chain, ref)
                    if wi in defer and (old is None or n in s.runs):
                        s.runs[n] = (*defer[wi], (fkey,) + chain)
                    else:
                        s.runs.pop(n, None)
                    changed = True
                elif wi not in defer and n in s.runs and len(s.runs[n]) > 3:
                    s.runs.pop(n)  # reached by a path that runs it: no longer deferred
                    changed = True
        if fs is not None and how not in (CODE_HOW, FILE_HOW) and not how.startswith(_SCRIPT_HOW):
            changed |= _enclosing_reach(u, fs, fkey, ev, m, chain, ref, summ)
        if fs is not None and how in (CODE_HOW, FILE_HOW) and not given:
            changed |= code_wrapper(summ, _ensure, u, fs, fkey, expr, own_p, how == CODE_HOW, chain, ref)
        if (
            local
            and not cross
            and not how
            and in_file(p)
            and (_in_file_flow(own_p) or not _outside_of_file_flow(ev, expr, scope, ctx))
        ):
            # the file's own flow (reported inside the module); a program input
            # (``sys.argv``, ``parse_args()``) or a value not known statically (a configuration
            # object's field, ``self.cmd`` loaded from a file: configvalues.py) and no parameter
            # of the caller: the per-file flow names parameters only, so it is reported here
            continue
        bad = {n: x for n, x in own_p.items() if x in (RAW, QUOTED_IN_QUOTES, QUOTED_TEMPLATE)}
        outside = ev.unknown or any((fs is None or sid != fs.id) and pm != QUOTED for sid, _q, _n, pm in ev.params)
        if not ev.params and not ev.unknown and not ev.qunknown:
            outside = True  # not constant, and from nothing the evaluator knows (a shell-quoted value is safe)
        if not bad and not outside:
            continue
        if local and how in (CODE_HOW, FILE_HOW):
            # followed to grow the caller's summary only: the callee is fed from this call
            # (a private helper's own finding stands: :func:`analyse` keeps it when fed)
            passes_shell.add((tgt.key, "e", 0))
            continue
        if how == CODE_HOW and (_container(expr, scope, ctx.model) or not (bad or _received_code(ctx, expr, scope))):
            # text evaluated as code: reported where a caller's own parameter is that text,
            # or text the program received (``exec_function(line, ...)`` of a line of a file
            # whose path is not fixed, stdin, a peer's data: codeinput.py) (pyA19); a dict or
            # list the caller builds is not text (``push({name: value})``)
            continue
        if how == FILE_HOW and not (bad or _program_input(ev)):
            # a file path: reported where a caller's own parameter or a program input names
            # the file (a path the caller computes is the per-file exec-file sink's concern)
            continue
        if m == QUOTED:
            continue
        level = (
            "medium"
            if how == FILE_HOW
            else "high"
            if bad or any(x[3] == RAW and (fs is None or x[0] != fs.id) for x in ev.params)
            else "medium"
        )
        if len(chain) > MAX_REPORT_HOPS:
            # a call further from the shell than that is a dispatcher's: the value it hands on is
            # reported at the hops nearer the sink (each one whose parameter some caller feeds)
            continue
        s0, e0 = ctx.model.pos.span((given[1] if len(given) > 1 else call).func)  # the runner, for a prefix
        k = (u.display, s0)
        fl = found.get(k)
        chain_names = ((fkey,) if fkey else ()) + tuple(chain)
        if fl is None:
            fl = ProjectFlow(
                u.display, s0, e0, fs.name if fs is not None else "", tgt.key, {}, level, how, list(chain_names)
            )
            found[k] = fl
        elif level == "high":
            fl.level = "high"
        if outside:
            fl.outside = True
        if not how and not given and _handed_on(expr):
            if (tgt.key, p) not in fl.docs:
                fl.docs.append((tgt.key, p))
        else:
            fl.plain = True
        for n, x in bad.items():
            fl.params[n] = worse_mode(fl.params.get(n), x)
        for sid, _q, n, _pm in sorted(ev.params, key=lambda x: x[2]):  # a set: in name order, not hash order
            if (fs is None or sid != fs.id) and n not in fl.inputs:
                fl.inputs.append(n)
        sref = (ref[0], ref[1], ref[2], ref[3])
        if sref not in fl.sinks:
            fl.sinks.append(sref)
    return changed


def _handed_on(expr) -> bool:
    """A value handed on as it is (``activity``, ``self.job``, ``spec["task"]``), not one
    the call builds (a call's result, a display, a formatted string)."""
    while isinstance(expr, (ast.Attribute, ast.Subscript)):
        expr = expr.value
    return isinstance(expr, ast.Name)


def _note_doc(u, fs, s: _Summ, tgt: _Summ, p: str, how: str, given: bool, expr, own_p: dict) -> bool:
    """The caller's own parameters this item maps: documents when handed on whole into a
    document parameter of the callee and used only as documents by the caller too
    (docparams.py), text otherwise (never a document again). True when ``s`` grew."""
    if not own_p:
        return False
    if s.docs is None:
        s.docs = doc_params(fs.node, fs.params, set())
    doc = not how and not given and p in tgt.docok and p not in tgt.textreach and _handed_on(expr)
    grew = False
    for n in own_p:
        if doc and s.docs.get(n) in (DOC, PASS) and n not in s.textreach:
            if n not in s.docok:
                s.docok.add(n)
                grew = True
        elif n not in s.textreach:
            s.textreach.add(n)
            grew = True
    return grew


def _doc_hop(fl: ProjectFlow, summ: dict) -> bool:
    """Every value of the flow is a document handed on unchanged into a callee that reads
    the shell's text from a field of it, and the function running that text is public API
    (its own finding names the flow): the call is a dispatcher's, not a launch (docparams.py)
    when its own function is fed by a caller of the tree (:func:`analyse` asks that)."""
    if fl.plain or not fl.docs or not fl.chain or fl.outside or fl.inputs:
        # a document not known statically here (an issue a tracker sent, a file's record)
        # becomes outside at this call: reported where it comes in
        return False
    last = fl.chain[-1].rsplit(".", 1)[-1]
    if last.startswith("_"):
        return False
    for key, p in fl.docs:
        t = summ.get(key)
        if t is None or p not in t.docok or p in t.textreach:
            return False
    return True


def _enclosing_reach(u, fs, fkey, ev, m, chain, ref, summ) -> bool:
    """A call inside a nested function handing on a parameter of a function enclosing it:
    ``async def start_task(self, command): async def _run(): await execute_command(command)``
    then ``asyncio.create_task(_run())``, a thread's ``target`` closure, an executor's job:
    the enclosing function's callers feed that shell, as for a sink inside the closure
    (:func:`summarize`).  Their parameters reach the callee's sink with the call's mode;
    the closure's own call keeps its finding (it names the value it hands on).  True when
    a summary grew."""
    # only functions that run it (name it: call it or hand it on), as for a sink written in
    # the closure (closure.py); a nested function nobody names is dead code
    outer = {e.id: e for e in enclosing_runners(fs)}
    if not outer:
        return False
    changed = False
    for sid, _q, n, pm in sorted(ev.params, key=param_order):  # a set: name order, not hash order
        e = outer.get(sid)
        if e is None:
            continue
        x = compose_mode(pm, m)
        if x in (QUOTED, DERIVED):
            # through a call the evaluator does not know (``make_command(command)``): a
            # command object that may quote what it holds, not the enclosing parameter's text
            continue
        ekey = f"{u.module}.{e.qualname}" if u.module else e.qualname
        s = _ensure(summ, ekey, u, e)
        old = s.reach.get(n)
        if old is None or MODE_RANK[x] > MODE_RANK[old[0]]:
            s.reach[n] = (x, False, (ekey, fkey) + chain, ref)
            changed = True
    return changed


def _key_of(item: tuple):
    """Sort key of a summary's ``{param: ...}`` items: the parameter's name."""
    return item[0]


def _own_instance(expr, fs) -> bool:
    """``helper(self)``: a method hands on its own object, no command value.  What the callee
    reads from it (``mycli.post_redirect_command``) was stored in it elsewhere: a value kept
    from outside is reported where it is stored or constructed (``Command(value)``), not at
    every call that passes the object on (mycli's ``main_repl(self)``, beets's
    ``user_query(self)``)."""
    return (
        isinstance(expr, ast.Name)
        and fs is not None
        and getattr(fs, "cls", None) is not None
        and bool(fs.params)
        and expr.id == fs.params[0]
        and not any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in fs.decorators)
    )


def _in_file_flow(own_p: dict) -> bool:
    """The per-file flow (UL408) reports the caller's parameters that reach the call raw or
    quoted in a bypassable way; a parameter only *derived* into the value (``cfg =
    get_config(path)`` ... ``cfg.readme_nb``) it leaves alone (:mod:`.configvalues`)."""
    return any(x != DERIVED for x in own_p.values())


def _outside_of_file_flow(ev, expr, scope, ctx) -> bool:
    """A value the per-file flow (UL408, parameters only) never reports at a call of a
    helper of the same module: a program input, or a value not known statically read from
    a data object (a configuration's field, ``self.cmd`` loaded from a file: :mod:`.configvalues`)."""
    if _program_input(ev):
        return True
    return untraced_value(ev) and read_from_data(expr, scope, ctx.model, ctx.evaluator.stored_attrs_of())


def _program_input(ev) -> bool:
    """The value holds a program input (``sys.argv``, ``input()``, the parsed command
    line) unquoted: the evaluator names those with scope id 0."""
    return any(sid == 0 and pm != QUOTED for sid, _q, _n, pm in ev.params)


def _asked(u: FileUnit, question: str, node, scope, ask):
    """``ask(node, scope)``: the evaluator's answer to a question a call site of
    ``u`` asks again in every round of :func:`analyse` (its edges are collected
    again when the names grow, :func:`_apply` maps it again when a summary grows).
    The same question gets the same answer: it is replayed from the unit's memo,
    and the evaluator's step budget is charged exactly what asking again would
    cost (the steps of the last full evaluation, made once its own caches were
    filled; the first, cold one is not a measure of that), so every later
    question is cut, or not, as if each had been evaluated again and the
    findings do not change.  A question that was cut short, or that the budget
    left could not pay for, is evaluated again.  (Three times fewer evaluations
    on the held-out trees; issue 25.)"""
    ev_ = u.ctx.evaluator
    memo = u.answers
    if memo is None:
        memo = u.answers = {}
    key = (question, node, scope)
    got = memo.get(key)
    if got is not None and got[1] is not None and ev_.budget >= got[1]:
        ev_.budget -= got[1]
        return got[0]
    left, cuts = ev_.budget, ev_.cut_questions
    answer = ask(node, scope)
    if ev_.cut_questions == cuts and ev_.budget >= 0:
        memo[key] = (answer, None if got is None else left - ev_.budget)
    return answer


def _splat_entry(ev_, call: ast.Call, key: str, scope):
    """The value a ``**kwargs`` splat of the call gives ``key`` where the function
    set it (``kwargs.setdefault("shell", True)``, ``kwargs["shell"] = True``,
    ``opts = {"shell": True}``), or None (not set, or only the caller's own)."""
    for k in call.keywords:
        if k.arg is None:
            for ent in ev_.dict_entry(k.value, key, scope) or ():
                if ent[0] != "kwargs":
                    return ent[0]
    return None


def _shell_argv_code(ev_, model, expr, scope):
    """(label, evidence of the code) when the argv ``expr`` starts a shell or an
    interpreter with code that is not constant, else None."""
    from .evaluate import union
    from .named import argv_with_named_head
    from .sinks import shell_in_argv

    alts = argv_with_named_head(ev_, expr, scope, model)
    hits = [h for h in (shell_in_argv(alt) for alt in alts or ()) if h is not None]
    if not hits and not isinstance(expr, (ast.List, ast.Tuple)):
        # a command line handed whole to a runner that splits it (``cmd = shlex.split(cmd)``):
        # the words its own quotes make (a string is an argv only once split)
        hits = [h for h in (shell_in_argv(alt) for alt in ev_.split_argv(expr, scope) or ()) if h is not None]
    if not hits:
        return None
    ev = union([h[1] for h in hits])
    if ev.const:
        return None
    return hits[0][0], ev


def _template_wants(u, call, scope, params, bound, p, va, chain, ref, name) -> list:
    """The arguments a caller's constant template puts where the callee's quoting does
    not hold (:mod:`.pctemplate`): inside hand-written quotes, or as a shell's ``-c`` code."""
    tpl = _arg(call, params, p, bound)
    base, _, k = va.partition("#")  # ``*args#k``: the values from item k of a forwarded *args
    if tpl is None or base not in params:
        return []
    ev = u.ctx.evaluator.evidence(tpl, scope)
    if not (ev.const and isinstance(ev.value, str)):
        return []
    i = params.index(base) + (int(k) if k else 0)
    rest = call.args[i:] if len(call.args) > i else []
    if any(isinstance(a, ast.Starred) for a in call.args[: i + len(rest)]):
        return []
    out = []
    for k, where in enumerate(placeholder_contexts(ev.value)):
        if where is None or k >= len(rest):
            continue
        a = rest[k]
        if where == IN_QUOTES:
            how = f"shell-quoted by {name}() but placed inside the hand-written quotes of the template"
            mode = QUOTED_IN_QUOTES
        else:
            how = f"shell-quoted by {name}() but the code of the template's sh -c"
            mode = RAW
        out.append((va, mode, how, chain, ref, False, u.ctx.evaluator.evidence(a, scope)))
    return out


def _cmd_arg(call: ast.Call, params: list, name: str, bound: bool, first: bool = True):
    """The argument a callee's command parameter gets; for its ``*args``
    (``Popen(*args, **kwargs)``) the first of them, the command (``first``;
    otherwise all of them: a ``*args`` every item of which reaches the code)."""
    expr = _arg(call, params, name, bound)
    if first and name.startswith("*") and "#" not in name and isinstance(expr, ast.Tuple):
        return expr.elts[0] if expr.elts else None
    return expr


def _note_whole(s: _Summ, own: dict, whole: bool, expr) -> bool:
    """Record how the caller's parameters reach the callee's command: as the whole
    command (the caller's own parameter passed as it came) or as part of it; True
    when ``part`` grew (the caller's callers must be looked at again)."""
    grew = False
    for n in own:
        if whole and _is_param_name(expr, n):
            s.whole.add(n)
        elif n not in s.part:
            s.part.add(n)
            grew = True
    return grew


def _map(u, call, scope, fs, params, own, bound, tgt=None, s=None) -> dict:
    out: dict = {}
    for p, m in own.items():
        whole = tgt is not None and tgt.is_whole(p)
        if p.startswith("*"):
            fwd = _arg(call, params, p, bound)
            va = getattr(fs, "vararg", None)
            if isinstance(fwd, ast.Name) and fwd.id == va and not isinstance(fwd, ast.Tuple):
                out["*" + va] = worse_mode(out.get("*" + va), m)  # *args forwarded as it came
                if s is not None:
                    _note_whole(s, {"*" + va: m}, whole, ast.Name(id=va))
                continue
        expr = _cmd_arg(call, params, p, bound)
        if expr is None:
            continue
        va = getattr(fs, "vararg", None)
        ev = u.ctx.evaluator.evidence(expr, scope)
        if whole:
            ev = _argv_head(u.ctx.evaluator, expr, scope) or ev  # an argv list: its first item
        mine: dict = {}
        for sid, _q, n, pm in sorted(ev.params, key=param_order):  # a set: name order, not hash order
            if sid == fs.id:
                x = compose_mode(pm, m)
                if x != QUOTED:
                    k = "*" + n if n == va else n  # the caller's *args: its first item is the command
                    out[k] = worse_mode(out.get(k), x)
                    mine[k] = x
        if s is not None and mine:
            _note_whole(s, mine, whole, expr)
    return out


def _ensure(summ, key, u, fs) -> _Summ:
    s = summ.get(key)
    if s is None:
        s = _Summ(key, u, _bound_params(fs), fs.name)
        summ[key] = s
    return s
