"""The shell engine's program table read for an argv the Python code builds (issue 25).

``subprocess.run(["su", user, "-c", cmd])``, ``["chroot", root, "sh", "-c", cmd]``,
``["adb", "-s", serial, "shell", cmd]``, ``["swaymsg", "output", "*", "bg", path,
"fill"]``: the program runs one of its words as shell code (or as a command language
whose ``exec`` runs ``/bin/sh -c``).  Which word that is, is program knowledge: it lives
in ONE place, the program table of the shell engine (:mod:`linter.template.programs`,
each entry's ``handler``/``wrapper``, read by :func:`linter.template.bash_commands.semantics`).
The Python scan's own argv grammars (:func:`.sinks.shell_in_argv`: shells, interpreters,
cmd, PowerShell, tmux, ssh) come first; this module answers for every other program the
table knows, so a program added to the table is known to both scans at once.

Only the words the table gives the role "shell code" count: the word is run by a shell
(local, remote or a device's), so a value in it is code.  A constant code word is how a
program is driven, not a finding: None then.
"""

from __future__ import annotations

from .evaluate import UNKNOWN, Provenance, union

__all__ = ["table_shell_code", "runner_words"]

# program names that are also the usual name of something else a variable or a string
# holds (a script file, a flag): not read as the program by name alone (named.py)
NOT_PROGRAM_NAMES = frozenset({"script", "parallel"})


def runner_words() -> list:
    """The names of the table's programs that run an operand as shell code by their own
    argv grammar (``handler``: su, adb, i3-msg/swaymsg, watch, ssh ...), for the text
    pre-checks that decide whether a file can hold such an argv at all."""
    from ..template import programs

    out: set = set()
    for p in programs.BY_NAME.values():
        if p.handler and p.family in ("runner", "wrapper"):
            out.update(n for n in p.names if n not in NOT_PROGRAM_NAMES)
    return sorted(out)


def _word(ev) -> str | None:
    if ev is None or not ev.const:
        return None
    v = ev.value
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    return v if isinstance(v, str) else None


def _builtin(name: str) -> bool:
    from ..template.programs import lookup

    p = lookup(name)
    return p is not None and bool(p.builtin)


def table_shell_code(alt: list) -> tuple[str, Provenance] | None:
    """(label, evidence of the code) when the program table gives a word of ``alt`` the
    role of shell code and that word is not a constant; None otherwise."""
    if not alt or len(alt) > 64:
        return None
    vals = tuple(_word(x) for x in alt)
    if vals[0] is None:
        # the program is not known statically (sinks._shell_after reads that); a git
        # config prefix handed in (``git_config + ["filter.x.clean", cmd]``): its key says it
        return _git_key_after_prefix(alt, vals)
    # the shell engine, imported when first asked (~13 ms of a run's start that most
    # Python scans never need; issue 25)
    from ..template.bash_commands import SHELL_CODE, shared_semantics

    sem = shared_semantics(vals, tuple(v if v is not None else "" for v in vals))
    if sem.name is not None and _builtin(sem.name):
        return None  # an argv is exec'd: it never reaches a shell builtin (eval, printf -v, test -v)
    ks = sorted(k for k, roles in sem.roles.items() if k < len(alt) and any(r.kind == SHELL_CODE for r in roles))
    if not ks:
        return _git_config_command(alt, vals)
    parts = [alt[k] if alt[k] is not None else UNKNOWN for k in ks]
    ev = union(parts) if len(parts) > 1 else parts[0]
    if ev.const:
        return None
    detail = next(r.detail for r in sem.roles[ks[0]] if r.kind == SHELL_CODE)
    return detail, ev


# git's global options that take the next word (git(1)); `config`'s own (git-config(1))
_GIT_GLOBAL_VALUES = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env"})
_GIT_CONFIG_VALUES = frozenset({"-f", "--file", "--blob", "--type", "--default", "--comment", "--value"})


def _git_key_runs(key: str) -> bool:
    from ..template.programs import GIT_CONFIG_COMMAND_KEYS

    parts = key.lower().split(".")
    for pat in GIT_CONFIG_COMMAND_KEYS:
        want = pat.split(".")
        if len(want) == 2 and want[1] == "*":
            if len(parts) >= 2 and parts[0] == want[0]:
                return True
        elif len(want) == 3:
            if len(parts) >= 3 and parts[0] == want[0] and parts[-1] == want[2]:
                return True
        elif parts == want:
            return True
    return False


def _git_key_after_prefix(alt: list, vals: tuple) -> tuple[str, Provenance] | None:
    """``prefix + ["filter.nbstripout.clean", cmd]`` with a prefix not known statically (a
    caller's ``["git", "config", "--global"]``): a constant key only git reads, whose value
    git runs with ``sh -c`` (:func:`_git_key_runs`), followed by a value that is not
    constant.  Keys with a wildcard first part (``alias.*``, ``pager.*``) name nothing
    git-specific on their own and are not read here."""
    for j in range(1, len(vals) - 1):
        key = vals[j]
        if key is None or key.count(".") < 1 or key.split(".", 1)[0].lower() in ("alias", "pager"):
            continue
        if not _git_key_runs(key):
            continue
        ev = alt[j + 1] if alt[j + 1] is not None else UNKNOWN
        if ev.const:
            return None
        return f"git config {key} (a command git runs with sh -c)", ev
    return None


def _git_config_command(alt: list, vals: tuple) -> tuple[str, Provenance] | None:
    """``git config filter.x.clean VALUE``, ``git config core.sshCommand VALUE``: a value
    stored under a key whose value git runs as a shell command (programs.py,
    GIT_CONFIG_COMMAND_KEYS): shell code for every later git command that reads it."""
    from .sinks import prog_name

    if prog_name(vals[0]) != "git":
        return None
    j, n = 1, len(vals)
    while j < n and vals[j] is not None and vals[j].startswith("-"):
        j += 2 if vals[j] in _GIT_GLOBAL_VALUES else 1
    if j >= n or vals[j] != "config":
        return None
    j += 1
    if j < n and vals[j] in ("set", "--add", "--replace-all"):
        j += 1
    while j < n and vals[j] is not None and vals[j].startswith("-"):
        j += 2 if vals[j] in _GIT_CONFIG_VALUES else 1
    if j + 1 >= n or vals[j] is None or not _git_key_runs(vals[j]):
        return None
    ev = alt[j + 1] if alt[j + 1] is not None else UNKNOWN
    if ev.const:
        return None
    return f"git config {vals[j]} (a command git runs with sh -c)", ev
