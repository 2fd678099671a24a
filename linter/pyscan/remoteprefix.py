"""A remote-shell connection prefix known only by its name (issue 25).

Code that runs commands on another machine builds the connection part of the argv once and
keeps it where the scan of one module cannot see its value: an attribute a base class of
another module sets (``self.ssh_cmd + ["pkill", name]``), an object handed in as a parameter
(``ssh.cmd + argv`` with ``ssh`` an ``SSH`` object of another module), a constant of another
module (``c.SSH_CMD + [cmd]``), or a parameter (``def run(ssh_prefix, cmd)``).  (A helper of the
tree that returns the prefix, ``get_ssh_prefix(addr) + [...]``, is followed by the project
analysis: the prefix it returns is known there.)  The name says what
it is: the program of the shell engine's table (:mod:`linter.template.programs`, programs whose
handler is ``ssh``: ``ssh``, ``autossh``) followed by a word that names a whole command line
(``cmd``, ``command``, ``prefix``, ``base``), not the program's path (``ssh_bin``,
``ssh_path``, ``ssh_exe``: :func:`.named.named_program` reads those as the program alone).

Such a prefix already holds the destination: ssh(1), "ssh [options] destination [command
[argument ...]]", and "If a command is specified, it is executed on the remote host instead of
a login shell"; OpenSSH's ssh.c joins every word after the destination with spaces into one
string (``sshbuf_put(command, ...)`` with ``" "`` between the words) which the remote user's
shell parses.  So the first word the code adds is the remote command, not a host:
``prefix + [cmd]`` runs ``cmd`` in the remote shell.  :func:`with_destination` gives the
evaluator that reading: the prefix stands for the program and a destination it keeps.  The
destination is not assumed when the first added word is an option (``ssh_cmd + ["-N", "-L",
spec]``: a port forward) or plainly a destination (a name ending in ``host``, ``target``,
``remote``, ``server``..., or text with an ``@``: ``ssh_cmd + ["hadoop@" + master, cmd]``).
"""

from __future__ import annotations

import ast

from ..core.lazyre import compile_pattern
from .astwalk import last_ident

__all__ = ["DESTINATION", "prefix_program", "split_prefix_text", "with_destination"]

#: the constant standing for the destination a named prefix keeps
DESTINATION = "remote-destination"

# ``ssh_cmd``, ``SSH_PREFIX``, ``_ssh_command``, ``remote_ssh_cmd``, ``base_ssh_command``: the
# program's name, then a word naming a whole command line
_WHOLE_NAME = compile_pattern(
    r"^_*(?:[a-z0-9]+_+)*?([a-z][a-z0-9-]*?)_*"
    r"(?:cmd|command|prefix|base|cmdline|command_line|commandline)_*$"
)
# ``ssh.cmd``, ``self.ssh.prefix``: a receiver named for the program, an attribute naming the
# command line
_WHOLE_ATTR = frozenset({"cmd", "command", "prefix", "cmdline", "command_line", "base_cmd"})
# the last words of names that hold a destination (``host``, ``self.remote``, ``target_host``)
_DEST_WORDS = frozenset(
    {"host", "hostname", "remote", "target", "addr", "address", "server", "node", "dest", "destination"}
    | {"machine", "ip", "login", "userhost", "hoststring", "instance", "vm", "box", "peer"}
)


def _program_of(word: str) -> str | None:
    from ..template.programs import lookup

    p = lookup(word)
    if p is not None and p.family == "runner" and p.handler == "ssh":
        return p.name
    return None


def prefix_program(e: ast.expr) -> str | None:
    """The remote-shell program (``ssh``) whose whole connection prefix ``e`` is named as,
    or None (see the module doc)."""
    target = e
    name = last_ident(target).lower()
    if not name:
        return None
    m = _WHOLE_NAME.match(name)
    if m is not None:
        return _program_of(m.group(1))
    if name in _WHOLE_ATTR and isinstance(target, ast.Attribute):
        owner = last_ident(target.value).lower().strip("_")
        return _program_of(owner.rsplit("_", 1)[-1]) if owner else None
    return None


def _holds_destination(e: ast.expr) -> bool:
    """The word reads as the destination or as an option of the program."""
    if isinstance(e, ast.Constant):
        # (``--`` ends the options: the remote command follows, labgrid's ``prefix + ["--"]``)
        return isinstance(e.value, str) and ((e.value.startswith("-") and e.value != "--") or "@" in e.value)
    if isinstance(e, ast.JoinedStr):
        return any(isinstance(v, ast.Constant) and "@" in str(v.value) for v in e.values)
    if isinstance(e, ast.BinOp):
        return _holds_destination(e.left) or _holds_destination(e.right)
    name = last_ident(e, (ast.Call, ast.Subscript)).lower().strip("_")
    if not name:
        return False
    word = name.rsplit("_", 1)[-1]
    return word in _DEST_WORDS or name.replace("_", "") in _DEST_WORDS


def with_destination(left: ast.expr, right: ast.expr, alts: list) -> list:
    """The argv alternatives of ``left`` in ``left + right``: a prefix known only by its name
    (every alternative the bare program, or nothing known) becomes the program and the
    destination it keeps (:data:`DESTINATION`), unless the added words start with a
    destination or an option."""
    from .evaluate import const

    if not alts or not all(_bare(a) for a in alts):
        return alts
    if isinstance(right, ast.JoinedStr) or (isinstance(right, ast.Constant) and isinstance(right.value, str)):
        return alts  # ``ssh_command + " zfs list"``: a command string, an argv only once split (split_prefix_text)
    prog = prefix_program(left)
    if prog is None:
        return alts
    if any(_known(a) and _program_of(a[0].value.rsplit("/", 1)[-1]) != prog for a in alts):
        return alts  # the value is known and is another program
    if isinstance(right, ast.IfExp):
        # ``prefix + ([] if port is None else ["-p", port]) + [host]``: optional options, the
        # words after them unknown here (the outer ``+`` reads them with the program alone)
        return alts
    if isinstance(right, (ast.List, ast.Tuple)):
        # a list written here: its first word says whether it is the destination or an
        # option (a list not written here is the caller's argv, the remote command line the
        # name says the prefix is for)
        first = right.elts[0] if right.elts else None
        if first is None or isinstance(first, ast.Starred) or _holds_destination(first):
            return alts
    return [[const(prog), const(DESTINATION)]]


def _known(a: list) -> bool:
    return a[0] is not None and a[0].const and isinstance(a[0].value, str)


def _bare(a: list) -> bool:
    """An alternative that is the program's name alone, or a list nothing is known of (an
    unknown item first, or one value standing for items not known statically)."""
    if not a:
        return False
    if _known(a):
        return len(a) == 1
    return a[0] is None or (not a[0].const and a[-1] is None)


def split_prefix_text(e: ast.expr, ev) -> str | None:
    """The text a command *string* stands for when it starts with a prefix known only by its
    name (``ssh_command + " zfs destroy -r '" + fs + "'"``, ``f"{self.ssh_cmd} rm {path}"``),
    split into an argv afterwards (``shlex.split``, a runner that splits its command): the
    program, as a word; None when ``e`` is not so named
    or its value is known (evidence ``ev``).  Once split locally, the words written after the
    prefix are the remote command ssh joins with spaces for the remote user's shell (ssh(1),
    see the module doc): quotes written in the template were removed by the local split."""
    if ev.const and isinstance(ev.value, str):
        return None
    prog = prefix_program(e)
    # the program alone: whether the prefix holds the destination is not known, so the next
    # word is read as ssh reads it (``f"{ssh_cmd} {host} true"``: the host, no command)
    return f"{prog} " if prog is not None else None
