"""Variables a bash step needs from its process environment that the runtime never puts there.

utcp-cli 1.1.5 builds the subprocess environment from scratch (cli_communication_protocol.py
``_prepare_environment``): the host variables named by ``inherit_env_vars`` (when it is
absent, the default allowlist ``PATH HOME LANG LC_ALL LC_CTYPE USER LOGNAME SHELL TZ
TERM``; ``[]`` inherits nothing), then ``env_vars`` on top, then the ``__UTCP_ARG_*`` values.
Nothing else of the host reaches bash.  A reference the UTCP client does not substitute first
(``${NAME:?msg}``: the client's pattern ``\\${NAME}|\\$NAME`` needs ``}`` or the end of the
name right after it) is expanded by bash from that environment, so a name that is in none of
those places, and that no command of the script assigns, is unset on every call:

* ``${NAME:?msg}`` / ``${NAME?msg}`` then makes bash print ``NAME: msg`` and abandon the
  command (bash(1), *Parameter Expansion*: "If parameter is null or unset, the expansion of
  word ... is written to the standard error and the shell, if it is not interactive,
  exits") -- :attr:`EnvKind.REQUIRED_UNSET`;
* a program told to read a variable by name (``openssl … -pass env:NAME``;
  openssl-passphrase-options(1): "env:var Obtain the password from the environment variable
  var") fails the same way: ``No environment variable NAME`` -- :attr:`EnvKind.PROGRAM_READS_UNSET`.

``${NAME:-default}`` is left alone: the author supplied the fallback.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.fieldwise import (
    frozen_delattr,
    frozen_getstate,
    frozen_setattr,
    frozen_setstate,
    record,
    record_eq,
    record_hash,
    record_repr,
)
from ..core.lazyre import compile_pattern
from ..executor.render import default_inherited_keys
from .programs import ENV_NAMED_VALUES

if TYPE_CHECKING:
    from .bash.analysis import BashAnalysis

__all__ = ["EnvFact", "EnvKind", "missing_from_environment", "process_env_names"]

# variables bash sets itself when its environment is empty (measured: `env -i /bin/bash -c
# 'compgen -v'`, GNU bash 5.2.15): never unset in a step
BASH_SETS = frozenset(
    "BASH BASHOPTS BASHPID BASH_ALIASES BASH_ARGC BASH_ARGV BASH_ARGV0 BASH_CMDS BASH_COMMAND "
    "BASH_EXECUTION_STRING BASH_LINENO BASH_LOADABLES_PATH BASH_SOURCE BASH_SUBSHELL "
    "BASH_VERSINFO BASH_VERSION COMP_WORDBREAKS DIRSTACK EPOCHREALTIME EPOCHSECONDS EUID GROUPS "
    "HISTCMD HOSTNAME HOSTTYPE IFS LINENO MACHTYPE OPTERR OPTIND OSTYPE PATH PPID PS4 PWD RANDOM "
    "SECONDS SHELL SHELLOPTS SHLVL SRANDOM TERM UID _".split()
)
_REQUIRED = compile_pattern(r"\$\{([A-Za-z_][A-Za-z0-9_]*):?\?")


class EnvKind(str, enum.Enum):
    REQUIRED_UNSET = "required-unset"
    PROGRAM_READS_UNSET = "program-reads-unset"


@record(slots=True)
class EnvFact:
    """``name`` is unset in the step's environment; ``step``/``start``/``end``: the script
    span of the reference (``${NAME:?…}``) or of the argument naming it (``env:NAME``);
    ``program``: the program that reads it (PROGRAM_READS_UNSET)."""

    kind: EnvKind
    name: str
    step: int
    start: int
    end: int
    program: str = ""

    def __init__(self, kind: EnvKind, name: str, step: int, start: int, end: int, program: str = "") -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "program", program)

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = record_hash
    __setattr__ = frozen_setattr
    __delattr__ = frozen_delattr
    __getstate__ = frozen_getstate
    __setstate__ = frozen_setstate


def process_env_names(inherit_env_vars: object, env_vars: object) -> frozenset | None:
    """Names of the subprocess environment the runtime may set (host names in the
    inheritance list count: they may be set on the host); None when the template's
    values are not of the runtime's types (another rule reports them)."""
    if inherit_env_vars is None:
        inherited: Sequence = default_inherited_keys()
    elif isinstance(inherit_env_vars, list) and all(isinstance(k, str) for k in inherit_env_vars):
        inherited = inherit_env_vars
    else:
        return None
    if env_vars is None:
        given: Mapping = {}
    elif isinstance(env_vars, Mapping):
        given = env_vars
    else:
        return None
    return frozenset(inherited) | frozenset(str(k) for k in given)


def _mentioned_elsewhere(text: str, name: str, start: int, end: int) -> bool:
    """``name`` occurs in the script outside ``[start, end)`` other than as ``${name:?``:
    some command may assign, export, read or loop over it (conservatively: any other
    mention counts)."""
    for m in re.finditer(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", text):
        if start <= m.start() < end:
            continue
        if text.startswith("${", m.start() - 2) and text.startswith(("?", ":?"), m.end()):
            continue  # another required reference: reads, does not set
        return True
    return False


def missing_from_environment(bash: BashAnalysis, env_names: frozenset) -> list[EnvFact]:
    """Every reference or program argument of the script needing a variable that is not
    in ``env_names`` (:func:`process_env_names`), not set by bash, and not mentioned by any
    other command of the script."""
    text = bash.script
    out: list[EnvFact] = []

    def unset(name: str, s: int, e: int) -> bool:
        return name not in env_names and name not in BASH_SETS and not _mentioned_elsewhere(text, name, s, e)

    if "?" in text:
        for ref in bash.variables:
            s, e = ref.script_start, ref.script_end
            m = _REQUIRED.match(text, s, e)
            if m is None or ref.step is None:
                continue
            if unset(m.group(1), s, e):
                out.append(EnvFact(EnvKind.REQUIRED_UNSET, m.group(1), ref.step, s, e))
    for cmd in bash.commands:
        spec = ENV_NAMED_VALUES.get(cmd.name) if cmd.kind == "command" and cmd.step is not None else None
        if spec is None or cmd.name_index is None:
            continue
        options, prefix = spec
        vals = cmd.values
        for i in range(cmd.name_index + 1, len(vals)):
            v = vals[i]
            if v is None:
                continue
            opt, eq, attached = v.partition("=")
            if eq and opt in options:
                value, at = attached, i
            elif v in options and i + 1 < len(vals) and vals[i + 1] is not None:
                value, at = vals[i + 1], i + 1
            else:
                continue
            if not value.startswith(prefix):
                continue
            name = value[len(prefix) :]
            w = cmd.word(at)
            if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) and unset(name, w.start, w.end):
                out.append(EnvFact(EnvKind.PROGRAM_READS_UNSET, name, cmd.step, w.start, w.end, cmd.name))
    return out
