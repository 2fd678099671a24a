"""What the UTCP client's variable substitutor does to a command string.

utcp 1.2.0 (``UtcpClientImplementation.call_tool``, ``register_manual``) serialises
the call template to a dict and runs ``DefaultVariableSubstitutor.substitute`` over
EVERY string in it (command strings included) before the CLI protocol sees the
template.  Observable behaviour, re-implemented here (the runtime's code is not
copied):

* a string holding ``$ref`` not followed by a letter, digit or ``_`` is left
  alone entirely (a JSON Schema escape hatch);
* otherwise every ``${NAME}`` and ``$NAME`` (``NAME`` = ASCII letters, digits and
  ``_``, so ``$1`` and ``$_`` match too) is replaced by the value of the client
  variable ``<namespace>_NAME``, where the namespace is the manual's registered
  name with each ``_`` doubled (manual ``my_tools`` -> ``my__tools_NAME``);
* the value comes from the client config's ``variables``, then its
  ``load_variables_from`` loaders, then the client process's environment (under
  the namespaced name); when none has it the call fails with
  ``UtcpVariableNotFound`` and nothing runs;
* the replacement is plain text: the shell later parses the value as part of the
  script.  Quoting does not matter to the client: ``'$X'``, ``\\$X`` and ``# $X``
  are substituted like a bare ``$X``.
* ``${NAME:-}``, ``${NAME%x}``, ``${#NAME}``, ``$((..))`` and ``$(..)`` do not match
  the pattern and reach the shell untouched.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable
from functools import cache
from typing import NamedTuple

from ..core.lazyre import compile_pattern, lazy_compile

CLIENT_VAR_RE = lazy_compile(r"\$\{([a-zA-Z0-9_]+)\}|\$([a-zA-Z0-9_]+)")
REF_SKIP_RE = lazy_compile(r"\$ref(?![a-zA-Z0-9_])")
CMD_OUTPUT_RE = lazy_compile(r"CMD_(\d+)_OUTPUT\Z")

# Variables bash itself sets or the process environment normally carries: a
# reference to one of these is meant for the shell, never for the client.
SHELL_VARIABLES = frozenset(
    """
BASH BASHOPTS BASHPID BASH_ALIASES BASH_ARGC BASH_ARGV BASH_ARGV0 BASH_CMDS BASH_COMMAND
BASH_COMPAT BASH_ENV BASH_EXECUTION_STRING BASH_LINENO BASH_LOADABLES_PATH BASH_REMATCH
BASH_SOURCE BASH_SUBSHELL BASH_VERSINFO BASH_VERSION BASH_XTRACEFD CDPATH CHILD_MAX COLUMNS
COMP_CWORD COMP_LINE COMP_POINT COMP_TYPE COMP_KEY COMP_WORDBREAKS COMP_WORDS COPROC DIRSTACK
EMACS ENV EPOCHREALTIME EPOCHSECONDS EUID EXECIGNORE FCEDIT FIGNORE FUNCNAME FUNCNEST GLOBIGNORE
GROUPS HISTCMD HISTCONTROL HISTFILE HISTFILESIZE HISTIGNORE HISTSIZE HISTTIMEFORMAT HOME
HOSTFILE HOSTNAME HOSTTYPE IFS IGNOREEOF INPUTRC INSIDE_EMACS LANG LC_ALL LC_COLLATE LC_CTYPE
LC_MESSAGES LC_NUMERIC LC_TIME LINENO LINES MACHTYPE MAIL MAILCHECK MAILPATH MAPFILE OLDPWD
OPTARG OPTERR OPTIND OSTYPE PATH PIPESTATUS POSIXLY_CORRECT PPID PROMPT_COMMAND
PROMPT_DIRTRIM PS0 PS1 PS2 PS3 PS4 PWD RANDOM READLINE_ARGUMENT READLINE_LINE READLINE_MARK
READLINE_POINT REPLY SECONDS SHELL SHELLOPTS SHLVL SRANDOM TIMEFORMAT TMOUT TMPDIR UID
USER LOGNAME TERM TZ DISPLAY EDITOR VISUAL PAGER XDG_RUNTIME_DIR XDG_CONFIG_HOME
XDG_DATA_HOME XDG_CACHE_HOME PATHEXT SYSTEMROOT SYSTEMDRIVE WINDIR COMSPEC TEMP TMP USERPROFILE
USERNAME USERDOMAIN COMPUTERNAME HOMEDRIVE HOMEPATH APPDATA LOCALAPPDATA PROGRAMDATA
PROGRAMFILES PSMODULEPATH PWSH LASTEXITCODE
""".split()
)

# Variables that well-known programs read from the process environment, where CI
# systems and users set them under these bare names (issue 23).  The client never looks
# them up there: it looks up ``<manual>_NAME``, so a command written to take them from the
# environment fails with UtcpVariableNotFound (and a client config that duplicates one
# under the namespaced name pastes the secret into the script as text).  Sources:
# GitHub Actions "Variables reference" (default environment variables, GITHUB_TOKEN);
# gh help environment (GH_TOKEN, GH_HOST, GH_ENTERPRISE_TOKEN); AWS CLI user guide,
# "Environment variables to configure the AWS CLI"; kubectl (KUBECONFIG); Docker CLI
# reference, "Environment variables"; Google Cloud ADC (GOOGLE_APPLICATION_CREDENTIALS,
# CLOUDSDK_CORE_PROJECT); ssh-agent(1) (SSH_AUTH_SOCK); GitLab CI predefined variables;
# `go help environment` (GOPATH, GOROOT, GOBIN, GOFLAGS, GOPROXY); Jenkins "Pipeline
# Syntax: Global Variable Reference", env (BUILD_ID, BUILD_NUMBER, JOB_NAME, WORKSPACE,
# JENKINS_URL, BUILD_URL).
ENVIRONMENT_VARIABLES = frozenset(
    """
GITHUB_TOKEN GITHUB_ACTIONS GITHUB_WORKSPACE GITHUB_SHA GITHUB_REF GITHUB_REF_NAME
GITHUB_REPOSITORY GITHUB_REPOSITORY_OWNER GITHUB_RUN_ID GITHUB_RUN_NUMBER GITHUB_ACTOR
GITHUB_EVENT_NAME GITHUB_EVENT_PATH GITHUB_OUTPUT GITHUB_ENV GITHUB_PATH GITHUB_STEP_SUMMARY
GITHUB_SERVER_URL GITHUB_API_URL GITHUB_HEAD_REF GITHUB_BASE_REF RUNNER_TEMP RUNNER_OS
GH_TOKEN GH_HOST GH_ENTERPRISE_TOKEN GITHUB_ENTERPRISE_TOKEN
AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN AWS_REGION AWS_DEFAULT_REGION
AWS_PROFILE AWS_CONFIG_FILE AWS_SHARED_CREDENTIALS_FILE AWS_ENDPOINT_URL
KUBECONFIG DOCKER_HOST DOCKER_CONFIG DOCKER_CONTEXT
GOOGLE_APPLICATION_CREDENTIALS CLOUDSDK_CORE_PROJECT CLOUDSDK_CONFIG
SSH_AUTH_SOCK CI_JOB_TOKEN CI_PROJECT_DIR CI_COMMIT_SHA CI_COMMIT_REF_NAME CI_API_V4_URL
GOPATH GOROOT GOBIN GOFLAGS GOPROXY
BUILD_ID BUILD_NUMBER JOB_NAME WORKSPACE JENKINS_URL BUILD_URL
""".split()
)

# PowerShell automatic variables (``$_``/``$true``/``$env`` ...): meant for the shell.
POWERSHELL_VARIABLES = frozenset(
    """
env true false null _ args input this PSItem PSScriptRoot PSCommandPath PSVersionTable PWD HOME
Host Error ErrorActionPreference LASTEXITCODE Matches ofs OFS ExecutionContext MyInvocation
PSBoundParameters PSHOME PID StackTrace IsWindows IsLinux IsMacOS global script local private
using variable function alias
""".split()
)


# Loose patterns for names the template itself assigns (a for/read/assignment
# target).  Only used to word a message (is this a shell variable?), never to
# decide whether to report.
@cache  # compiled on first use: a clean manual never needs it (issue 15, cold start)
def _assign_re() -> re.Pattern[str]:
    return compile_pattern(
        r"(?:^|[\s;&|(`{])(?:(?:export|local|declare|typeset|readonly)\s+(?:-\w+\s+)*)?"
        r"([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\+?="
        r"|\bfor\s+([A-Za-z_][A-Za-z0-9_]*)\s"
        r"|\bread\s+(?:-[a-zA-Z]*[adinNptu]\s+\S+\s+|-[a-zA-Z]+\s+)*([A-Za-z_][A-Za-z0-9_]*)"
        r"|\b(?:mapfile|readarray)\s+(?:-[a-zA-Z]+\s+(?:\S+\s+)?)*([A-Za-z_][A-Za-z0-9_]*)"
        r"|\bgetopts\s+\S+\s+([A-Za-z_][A-Za-z0-9_]*)"
        r"|\bprintf\s+-v\s*([A-Za-z_][A-Za-z0-9_]*)"
        r"|--(?:arg|argjson|slurpfile|rawfile)\s+([A-Za-z_][A-Za-z0-9_]*)\s"  # jq binds $NAME
        r"|\$([A-Za-z_][A-Za-z0-9_]*)\s*="
    )  # PowerShell assignment $x = ...


class ClientVarRef(NamedTuple):
    """One reference the client substitutes: ``command[start:end]`` is ``$NAME``/``${NAME}``."""

    name: str
    start: int
    end: int
    braced: bool

    @property
    def cmd_output(self) -> int | None:
        m = CMD_OUTPUT_RE.match(self.name)
        return int(m.group(1)) if m else None

    @property
    def glued_to_placeholder(self) -> bool:
        """``$UTCP_ARG_x_UTCP_END`` (a ``$`` written before a placeholder, with or without a
        backslash: the client's pattern ignores it): the client substitutes a variable named
        after the placeholder first, a name no configuration defines, so it raises
        ``UtcpVariableNotFound`` on every call (utcp 1.2.0 ``DefaultVariableSubstitutor``)."""
        return "UTCP_ARG_" in self.name


def substituted_refs(text: str) -> list[ClientVarRef]:
    """The references the client replaces in ``text`` (none when ``$ref`` is present)."""
    if "$" not in text or REF_SKIP_RE.search(text):
        return []
    out = []
    for m in CLIENT_VAR_RE.finditer(text):
        if m.group(1) is not None:
            out.append(ClientVarRef(m.group(1), m.start(), m.end(), True))
        else:
            out.append(ClientVarRef(m.group(2), m.start(), m.end(), False))
    return out


def namespaced(namespace: str | None, name: str) -> str:
    """The key the client looks the variable up under (``my_tools`` -> ``my__tools_NAME``)."""
    if not namespace:
        return name
    ns = re_sub_nonword(namespace)
    return ns.replace("_", "__") + "_" + name


def re_sub_nonword(name: str) -> str:
    """The name the client registers a manual under (non-word characters -> ``_``)."""
    return re.sub(r"[^\w]", "_", name)


def assigned_names(commands: Iterable[str]) -> frozenset:
    """Names the template's own commands assign (loose; for messages only)."""
    names = set()
    for c in commands:
        for m in _assign_re().finditer(c):
            n = next((g for g in m.groups() if g), None)
            if n:
                names.add(n)
    return frozenset(names)


# every _assign_re() match contains one of these
_ASSIGN_NEEDLES = ("=", "for", "read", "mapfile", "getopts", "printf", "--")


class AssignedNames:
    """``name in AssignedNames(commands)`` == ``name in assigned_names(commands)``,
    answered per asked name (and remembered): only the commands that contain
    the name and one of the loose pattern's literals are scanned, each at most
    once (its names kept: a command assigning n names asked n times stays
    linear), and most names are never asked."""

    __slots__ = ("commands", "_names", "_known")

    def __init__(self, commands: Iterable[str]) -> None:
        self.commands = [c for c in commands if any(n in c for n in _ASSIGN_NEEDLES)]
        self._names: list[frozenset | None] = [None] * len(self.commands)
        self._known: dict[str, bool] = {}

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        known = self._known.get(name)
        if known is None:
            known = False
            if name:
                for i, c in enumerate(self.commands):
                    names = self._names[i]
                    if names is None:
                        # the substring test only until the command's names are
                        # known: asking n names of one long command is then linear
                        # (a scan of it per name was quadratic, issue 29)
                        if name not in c:
                            continue
                        names = self._names[i] = assigned_names((c,))
                    if name in names:
                        known = True
                        break
            self._known[name] = known
        return known


@cache
def _jq_bind_re() -> re.Pattern[str]:
    return compile_pattern(r"--(?:arg|argjson|slurpfile|rawfile)\s+([A-Za-z_][A-Za-z0-9_]*)\s")


def jq_bound(commands: Iterable[str]) -> frozenset:
    """Names a ``jq --arg NAME …`` in the commands binds (``$NAME`` in the filter)."""
    return frozenset(m.group(1) for c in commands for m in _jq_bind_re().finditer(c))


def shell_meant(
    name: str,
    *,
    assigned: Container[str] = frozenset(),
    env_names: frozenset = frozenset(),
    powershell: bool = False,
    braced: bool = False,
    option_value: bool = False,
) -> str | None:
    """Why ``$name`` is evidently meant for the shell (a short reason), or None.

    ``braced``: written ``${NAME}``, the form UTCP documents for client variables; a
    name programs read from the environment (``AWS_PROFILE``) is then as likely a
    client variable the author means to configure as one taken from the environment,
    so it is not *evidently* the shell's (the client-variable rule reports it).

    ``option_value``: the reference is the whole argument of an option
    (``aws --profile "$AWS_PROFILE"``, ``--region=$AWS_REGION``).  A program that reads
    such a variable from the environment needs no option for it, so an author who
    passes it explicitly is passing a value the manual's users configure (as
    ``<manual>_AWS_PROFILE``): the tool works once that is set, so it is the
    client-variable rule's (a warning), not evidently the shell's.  Blind sets L and M
    (two evaluators) configured exactly this shape and confirmed the tool works through
    the real client; a third (J) left it unconfigured and labelled it broken: the same
    shape, so the severity follows what is certain (the call works when configured)."""
    if CMD_OUTPUT_RE.match(name):
        return "the runtime's own output variable"
    if name.isdigit():
        return "a positional parameter"
    if name == "_":
        return "a special shell parameter"
    if name in assigned:
        return "a variable this template assigns"
    if name in env_names:
        return "an environment variable this template passes (env_vars/inherit_env_vars)"
    if name in SHELL_VARIABLES:
        return "a shell/environment variable"
    if name in ENVIRONMENT_VARIABLES and not (braced or option_value):
        return "an environment variable that CI systems and the programs' own tools set under this bare name"
    if powershell and (name in POWERSHELL_VARIABLES or name.lower() in {v.lower() for v in POWERSHELL_VARIABLES}):
        return "a PowerShell variable"
    return None


__all__ = [
    "ENVIRONMENT_VARIABLES",
    "ClientVarRef",
    "substituted_refs",
    "namespaced",
    "assigned_names",
    "AssignedNames",
    "shell_meant",
    "jq_bound",
    "CLIENT_VAR_RE",
    "REF_SKIP_RE",
    "SHELL_VARIABLES",
]
