"""The facts the Python sink analysis states (:mod:`.sinks`).

Kept apart from the engine so that rule modules can name the facts they
report without importing the evaluator.  A fact says what the code does; which
rule reports it, with what message, severity, confidence and aliases of other
tools, is the rule's business (``rules/_python.py`` and the UL4xx modules).
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class SinkKind(Enum):
    """How a call runs a shell (or an interpreter with code)."""

    #: a function that always runs its string argument through ``/bin/sh``
    #: (``os.system``, ``os.popen``, ``subprocess.getoutput``, libc ``system``)
    SHELL_FUNCTION = "shell-function"
    #: ``subprocess.*`` with ``shell`` true (or maybe true)
    SHELL_TRUE = "shell-true"
    #: asyncio's shell entry points (``create_subprocess_shell``, ``loop.subprocess_shell``)
    ASYNC_SHELL = "async-shell"
    #: ``subprocess.*`` given an argv list that starts a shell or an interpreter with code
    SUBPROCESS_ARGV_SHELL = "subprocess-argv-shell"
    #: ``os.exec*``, ``os.spawn*``, ``os.posix_spawn``, ``pty.spawn``, asyncio's exec
    #: entry points given an argv that starts a shell or an interpreter with code
    EXEC_ARGV_SHELL = "exec-argv-shell"
    #: paramiko's ``exec_command``: a command string for the remote shell
    PARAMIKO_COMMAND = "paramiko-command"
    #: invoke / fabric runners: a command string for a (local or remote) shell
    RUNNER_COMMAND = "runner-command"
    #: sh, plumbum, pexpect: an argv that starts a shell or an interpreter with code
    RUNNER_ARGV_SHELL = "runner-argv-shell"
    #: pexpect given one string it splits into program and arguments itself
    PEXPECT_STRING = "pexpect-string"
    #: ``eval()`` of code built from parameters
    EVAL = "eval"
    #: ``exec()`` of code built from parameters
    EXEC = "exec"
    #: ``exec()``/``eval()`` of the content of a file read from a path not fixed in the code
    EXEC_FILE = "exec-file"
    #: ``exec()``/``eval()`` (or a code runner) of a value the scan cannot trace and
    #: cannot prove internal (untraced.py)
    CODE_UNTRACED = "code-untraced"
    #: a shell sink inside a constant code string handed to exec/eval/compile
    EXEC_STRING_SHELL = "exec-string-shell"


#: the kinds that start a shell (what a code string given to exec may hide)
SHELL_KINDS = frozenset(
    {
        SinkKind.SHELL_FUNCTION,
        SinkKind.SHELL_TRUE,
        SinkKind.ASYNC_SHELL,
        SinkKind.SUBPROCESS_ARGV_SHELL,
        SinkKind.EXEC_ARGV_SHELL,
        SinkKind.PARAMIKO_COMMAND,
        SinkKind.RUNNER_COMMAND,
        SinkKind.RUNNER_ARGV_SHELL,
        SinkKind.PEXPECT_STRING,
    }
)

#: code evaluation in this process
CODE_KINDS = frozenset({SinkKind.EVAL, SinkKind.EXEC})

__all__ = ["SinkKind", "SHELL_KINDS", "CODE_KINDS"]


class EvaluationCut(NamedTuple):
    """The evaluator's per-file step budget ran out (:class:`.evaluate.Evaluator`):
    from the question at ``[start, end)`` on, ``questions`` questions (what a
    callee is, where a string comes from, ``shell=``, argv lists) were
    answered "unknown" instead of analysed."""

    start: int
    end: int
    steps: int
    questions: int
