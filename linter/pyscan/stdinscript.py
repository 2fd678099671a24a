"""A shell or interpreter that reads its program from standard input (issue 25).

``subprocess.run(["bash", "-s"], input=script)``, ``["python3", "-"]`` with
``input=code``, ``["ssh", host, "bash -s"]`` with ``input=`` (or ``ssh host``
with no command: the remote login shell reads its commands from stdin): the
data written to the process is the code that runs.  Facts from the programs'
manuals: bash(1) and dash(1) "If no arguments remain after option processing,
or -s is given, commands are read from the standard input"; python(1) "-"
and no script operand read the program from stdin when it is not a terminal;
node(1), perl(1), ruby(1) the same for "-" or no operand; ssh(1) runs the
remote user's shell on stdin when no command is given.

:func:`stdin_program` judges one argv alternative (constant items); the
detector reads the value given as ``input=``.
"""

from __future__ import annotations

from ..core.lazyre import compile_pattern
from ..template.programs import CONTAINER_EXEC, handler_of

__all__ = ["stdin_program"]

_INTERP = {"node", "nodejs", "perl", "ruby", "php", "lua"}
#: container runners that hand their standard input to the command only when asked to
#: (docker-exec(1)/podman-exec(1)/nerdctl ``-i``; ``kubectl exec``/``oc exec`` ``-i, --stdin``);
#: the others of CONTAINER_EXEC (chroot, nsenter, lxc exec, systemd-run ...) pass it on
_STDIN_OPTION_RUNNERS = frozenset({"docker", "podman", "nerdctl", "kubectl", "oc"})
_PY = compile_pattern(r"^(?:python(?:\d+(?:\.\d+)*)?[mwt]?|pypy\d*(?:\.\d+)?)$")
# options of these programs that take a separate argument (their manuals)
_ARG_OPTS = {
    "sh": {"-o", "+o", "-O", "+O", "--rcfile", "--init-file"},
    "python": {"-W", "-X", "--check-hash-based-pycs"},
    "ssh": set("bcDEeFIiJLlmOopQRSWw"),
}


def _words(alt, start: int) -> list | None:
    out = []
    for el in alt[start:]:
        if el is None or not el.const or not isinstance(el.value, str):
            return None
        out.append(el.value)
    return out


def _reads_stdin(prog: str, rest: list) -> bool:
    """Does ``prog rest...`` (all constant) read its program from stdin?"""
    from .sinks import SH_FAMILY

    if prog in SH_FAMILY:
        i = 0
        while i < len(rest):
            w = rest[i]
            if w == "-s":
                return True  # the rest are positional parameters
            if w in _ARG_OPTS["sh"]:
                i += 2
                continue
            if w.startswith("--") and len(w) > 2:
                i += 1  # a long option (``--norc``, ``--noprofile``, ``--login``): no -c among them
                continue
            if w.startswith(("-", "+")) and "c" not in w.lstrip("-+"):
                i += 1
                continue
            return False  # -c (handled as code elsewhere) or a script operand
        return True
    py = _PY.match(prog) is not None
    if py or prog in _INTERP:
        i = 0
        while i < len(rest):
            w = rest[i]
            if w == "-":
                return True
            if py and w in _ARG_OPTS["python"]:
                i += 2
                continue
            if w.startswith("-") and not (py and w in ("-c", "-m")) and not (not py and w in ("-e", "-r", "-E")):
                i += 1
                continue
            return False
        return True
    return False


def _interactive(word: str) -> bool:
    """``-i``, ``-it``, ``--interactive``, ``--stdin``: the option that attaches the caller's
    standard input to the command in the container."""
    if word in ("--interactive", "--stdin") or word.startswith(("--interactive=", "--stdin=")):
        return not word.endswith(("=false", "=0"))
    return len(word) >= 2 and word[0] == "-" and word[1] != "-" and "i" in word[1:] and word[1:].isalpha()


def _container_stdin(alt: list, start: int, runner: str) -> str | None:
    """``docker exec -i CONTAINER /bin/bash`` given data on stdin, ``kubectl exec -i POD -- sh``,
    ``chroot DIR sh``: a runner of the program table that runs the rest of its argv as a
    command in a container or another root (:data:`CONTAINER_EXEC`), whose command is a shell or
    interpreter that reads its program from stdin.  docker-exec(1) and podman-exec(1) ``-i,
    --interactive``: "Keep STDIN open even if not attached"; ``kubectl exec`` ``-i, --stdin``:
    "Pass stdin to the container": without it the data never reaches the command.  The shell
    is the first constant word named for one (the container, pod or root may be any value)."""
    from .sinks import SH_FAMILY, prog_name

    interactive = runner not in _STDIN_OPTION_RUNNERS
    for j in range(start, len(alt)):
        el = alt[j]
        if el is None:
            return None
        if not el.const or not isinstance(el.value, str):
            continue  # the container, pod or root: any value
        w = el.value
        if w.startswith("-"):
            interactive = interactive or _interactive(w)
            continue
        name = prog_name(w)
        if name in SH_FAMILY or _PY.match(name) or name in _INTERP:
            words = _words(alt, j + 1)
            if not interactive or words is None or not _reads_stdin(name, words):
                return None
            return f"{runner} … {name} <script on stdin>"
    return None


def stdin_program(alt: list) -> str | None:
    """The program of ``alt`` (argv alternative of provenances) when it reads
    its code from stdin: ``"bash"``, ``"python3"``, ``"ssh host <remote shell>"``."""
    from .sinks import after_wrappers, prog_name

    if not alt or alt[0] is None or not alt[0].const or not isinstance(alt[0].value, str):
        return None
    i = after_wrappers(alt)
    if i is None or i >= len(alt) or alt[i] is None or not alt[i].const or not isinstance(alt[i].value, str):
        return None
    prog = prog_name(str(alt[i].value))
    if prog in ("ssh", "plink", "dbclient"):
        j = i + 1
        while j < len(alt):
            el = alt[j]
            w = el.value if el is not None and el.const and isinstance(el.value, str) else ""
            if w.startswith("-") and len(w) >= 2:
                j += 2 if len(w) == 2 and w[1] in _ARG_OPTS["ssh"] else 1
                continue
            break  # the host (a value not known statically is fine)
        remote = _words(alt, j + 1)
        if remote is None:
            return None
        if remote[:1] == ["--"]:
            # ``ssh host -- sh -``: OpenSSH reads options again after the destination
            # (ssh.c ``goto again``), so ``--`` there ends them and is no remote word
            remote = remote[1:]
        if not remote:
            return f"{prog} host <remote login shell>"
        parts = " ".join(remote).split()
        if parts and _reads_stdin(prog_name(parts[0]), parts[1:]):
            return f"{prog} host {parts[0]} <script on stdin>"
        return None
    if prog in CONTAINER_EXEC:
        return _container_stdin(alt, i + 1, prog)
    batch = handler_of(prog)
    if batch is not None and batch.stdin_confidence == "high":
        # a batch system (sbatch, qsub: the program table) given data on stdin: the data is the
        # job script, whatever options come before (no script operand: nothing else reads stdin)
        return f"{prog} <job script on stdin>"
    words = _words(alt, i + 1)
    if words is None or not _reads_stdin(prog, words):
        return None
    return f"{prog} <script on stdin>"
