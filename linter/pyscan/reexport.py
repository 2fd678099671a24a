"""``subprocess`` functions re-exported by a module of the tree (issue 25).

A project keeps its process helpers in one module and imports them from there
(``pew/_utils.py``-style: ``from subprocess import check_call, Popen``, maybe
rebound on one platform by a decorator that passes every argument on, and
``from ._utils import check_call`` in the modules that run commands).  The
per-file scan of the importing module sees ``check_call`` as a function of
another module of the tree, not as ``subprocess.check_call``, so a
``shell=`` given there was never judged.

This module finds those re-exports in the text (the same reading of
``from M import name`` as the project pass's :func:`project._reexports`) and
describes each as the summary of the ``subprocess`` function it names: its
first parameter ``args`` is the command, run through a shell when the caller
passes a true ``shell=`` (CPython docs, "subprocess": ``Popen(args, bufsize,
executable, stdin, stdout, stderr, preexec_fn, close_fds, shell, ...)``; the
convenience functions pass ``*popenargs, **kwargs`` to ``Popen``).  The
project pass applies that summary at every call that reaches the name
through the re-exporting module; calls inside the re-exporting module itself
are the per-file scan's (there the name is ``subprocess``'s).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.lazyre import compile_pattern

__all__ = ["SubprocessReexport", "subprocess_reexports", "POPEN_PARAMS"]

#: Popen's positional parameters, in order (CPython docs, ``subprocess.Popen``)
POPEN_PARAMS = ["args", "bufsize", "executable", "stdin", "stdout", "stderr", "preexec_fn", "close_fds", "shell"]

#: the functions of ``subprocess`` whose ``args`` runs through ``/bin/sh -c`` (or
#: ``cmd.exe /c``) with ``shell=True`` (CPython docs, "subprocess")
SHELL_FLAG_FUNCS = frozenset({"Popen", "run", "call", "check_call", "check_output"})

# a literal start (``from``): the regex engine scans for it quickly (a ``^`` in multi-line
# mode tried every line of large files: measured on xonsh)
_FROM_SUBPROCESS = compile_pattern(r"from[ \t]+subprocess[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)")


_COMMENT = compile_pattern(r"#[^\n]*")
_NAME_AS = compile_pattern(r"\b([A-Za-z_]\w*)(?:\s+as\s+([A-Za-z_]\w*))?")


class SubprocessReexport:
    """One name a module of the tree holds as a ``subprocess`` function."""

    __slots__ = ("unit", "module", "alias", "func", "start", "end")

    def __init__(self, unit, module: str, alias: str, func: str, start: int, end: int) -> None:
        self.unit = unit  # the re-exporting file (a project unit: ``display``, ``text``, ``module``)
        self.module = module  # dotted module name of the re-exporting file
        self.alias = alias  # the name other modules import
        self.func = func  # the subprocess function it is (``check_call``)
        self.start = start  # code-point offsets of the imported name in that file
        self.end = end

    @property
    def label(self) -> str:
        return f"subprocess.{self.func}"


def subprocess_reexports(units: Iterable) -> list[SubprocessReexport]:
    """Every module-level ``from subprocess import f [as g]`` (``f`` one of
    :data:`SHELL_FLAG_FUNCS`) of the units (each with ``module``, ``text``)."""
    out: list[SubprocessReexport] = []
    for u in units:
        text = u.text
        if "subprocess" not in text:
            continue
        for m in _FROM_SUBPROCESS.finditer(text):
            if text[text.rfind("\n", 0, m.start()) + 1 : m.start()].strip():
                continue  # not a statement of its own (``x = 1; from subprocess import run``)
            # comments blanked with spaces of the same length: offsets stay the file's
            body = _COMMENT.sub(lambda c: " " * len(c.group(0)), m.group(1))
            base = m.start(1)
            for part in _NAME_AS.finditer(body):
                func, alias = part.group(1), part.group(2) or part.group(1)
                if func not in SHELL_FLAG_FUNCS:
                    continue
                s = base + part.start(1)
                out.append(SubprocessReexport(u, u.module, alias, func, s, s + len(func)))
    return out
