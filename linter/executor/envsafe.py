"""Environment variable names that make a shell, the dynamic loader or libc run code
or change how a script is read.

Used twice: the sandbox strips them from the tool's environment (they must never
reach a shell the sandbox itself runs, and a manual cannot use them to subvert
the recording prelude), and rule UL055 reports them in a template's
``env_vars``, because the runtime (utcp-cli 1.1.5) passes ``env_vars`` to the
tool's ``/bin/bash -c`` unchanged.
"""

from __future__ import annotations

from ..core.lazyre import lazy_compile

# bash imports "BASH_FUNC_<name>%%=() { ...; }" as function <name> (shellshock-era
# format, still the format of `export -f`): it replaces any command of that name.
FUNC_PREFIX = "BASH_FUNC_"
_FUNC_RE = lazy_compile(r"^BASH_FUNC_(.+)%%$")

# read by a non-interactive `bash -c` at start-up
STARTUP = {
    "BASH_ENV": "bash sources the file it names (after expanding it: '$(cmd)' runs cmd) before the script",
    "SHELLOPTS": "bash turns on the shell options it lists (xtrace, noglob, ...) before the script",
    "BASHOPTS": "bash turns on the shopt options it lists (extdebug, ...) before the script",
    "PS4": "bash expands it before every traced command (with xtrace: '$(cmd)' runs cmd)",
    "BASH_XTRACEFD": "bash sends its trace output to this file descriptor",
    "GLOBIGNORE": "bash changes how every glob in the script expands",
    "BASH_COMPAT": "bash changes its behaviour to an older version's",
    "BASH_LOADABLES_PATH": "bash loads builtins ('enable -f') from these directories",
    "EXECIGNORE": "bash skips matching programs when it looks commands up",
    "POSIXLY_CORRECT": "bash starts in POSIX mode",
}
# read by interactive shells only (the tool may start one: `bash -i`, `sh -i`)
INTERACTIVE = {
    "ENV": "an interactive sh/bash in POSIX mode sources the file it names (after expansion)",
    "PROMPT_COMMAND": "an interactive bash runs it before every prompt",
    "PS0": "an interactive bash expands it before each command",
    "PS1": "an interactive shell expands it for every prompt",
    "PS2": "an interactive shell expands it for every continuation prompt",
    "PS3": "expanded by every 'select' prompt",
    "INPUTRC": "readline reads its key bindings (which can run commands) from this file",
    "HISTFILE": "an interactive bash writes its history to this file",
}
IFS_DOC = "the field separator: changes how every unquoted expansion of the script splits"
# the dynamic loader and libc
LOADER_EXACT = {
    "GLIBC_TUNABLES": "glibc reads tuning parameters from it in every program (CVE-2023-4911)",
    "MALLOC_CHECK_": "glibc's allocator changes behaviour in every program",
}
LOADER_RUN = {"LD_PRELOAD", "LD_AUDIT"}  # load code into every program the tool starts


def classify(name: str) -> tuple[str, str] | None:
    """(kind, why) for a name that makes a shell/loader run code or read the script differently.

    kinds: ``function`` (exported bash function), ``startup`` (bash -c reads it),
    ``interactive``, ``loader`` (LD_*, GLIBC_TUNABLES), ``ifs``; None otherwise.
    """
    m = _FUNC_RE.match(name)
    if m or name.startswith(FUNC_PREFIX):
        fn = m.group(1) if m else name[len(FUNC_PREFIX) :]
        return "function", (
            f"bash imports it as a function named '{fn}' that replaces the command "
            f"'{fn}' in the script and in every bash it starts"
        )
    if name in STARTUP:
        return "startup", STARTUP[name]
    if name in INTERACTIVE:
        return "interactive", INTERACTIVE[name]
    if name == "IFS":
        return "ifs", IFS_DOC
    if name.startswith("LD_"):
        if name in LOADER_RUN:
            return "loader", ("the dynamic loader loads the libraries it names into every program the tool starts")
        return "loader", "the dynamic loader reads it in every program the tool starts"
    if name in LOADER_EXACT or name.startswith("MALLOC_") or name.startswith("GLIBC_"):
        return "loader", LOADER_EXACT.get(name, "glibc reads it in every program the tool starts")
    return None


def strip(env: dict) -> tuple[dict, list[str]]:
    """``env`` without the names :func:`classify` knows (and without malformed names)."""
    out, dropped = {}, []
    for k, v in env.items():
        if not isinstance(k, str) or not isinstance(v, str) or not k or "=" in k or "\x00" in k or "\x00" in v:
            dropped.append(str(k))
            continue
        if classify(k) is not None:
            dropped.append(k)
            continue
        out[k] = v
    return out, dropped


# Variables a tool's environment legitimately sets, whose value nevertheless chooses the
# code that runs: a search path or a command line a program starts.  Not stripped by the
# sandbox (PATH is needed); read by the bash analysis when a placeholder's value is
# assigned to one of them (``PATH="$V:…" git``).  Sources: bash(1) PATH; python(1)
# PYTHONPATH; perlrun(1) PERL5LIB/PERLLIB/PERL5OPT; node(1) NODE_PATH/NODE_OPTIONS;
# ruby(1) RUBYLIB/RUBYOPT; git(1) GIT_EXEC_PATH, GIT_SSH_COMMAND, GIT_EXTERNAL_DIFF.
CHOOSES_CODE = {
    "PATH": "bash looks every command up in these directories, first match wins",
    "PYTHONPATH": "python imports modules from these directories first",
    "PERL5LIB": "perl loads modules from these directories first",
    "PERLLIB": "perl loads modules from these directories first",
    "PERL5OPT": "perl reads these as command-line options (-M loads a module)",
    "NODE_PATH": "node resolves modules from these directories",
    "NODE_OPTIONS": "node reads these as options (--require loads a module)",
    "RUBYLIB": "ruby loads libraries from these directories first",
    "RUBYOPT": "ruby reads these as options (-r loads a library)",
    "GIT_EXEC_PATH": "git runs its sub-commands from this directory",
    "GIT_SSH_COMMAND": "git runs it as a command line for ssh transports",
    "GIT_EXTERNAL_DIFF": "git runs it as the diff program",
}


# Of those, the ones whose value one shell reads as a command line (``sh -c VALUE``), so a
# ``printf %q`` word after its first word re-parses to the value's own bytes.  Source:
# git(1) "GIT_SSH_COMMAND ... is interpreted by the shell, which allows additional
# arguments to be included".
SHELL_COMMAND_LINE = frozenset({"GIT_SSH_COMMAND"})


def chooses_code(name: str) -> str | None:
    """Why a value assigned to ``name`` chooses the code a program runs (the names of
    :func:`classify` and :data:`CHOOSES_CODE`), or None."""
    if name in CHOOSES_CODE:
        return CHOOSES_CODE[name]
    c = classify(name)
    if c is None or c[0] in ("interactive", "ifs"):
        return None
    return c[1]
