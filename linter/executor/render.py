"""Reference script builder: what utcp-cli 1.1.5 turns a CLI call template into.

This is an independent re-implementation (the plugin's source may not be copied)
of the runtime's observable behaviour:

* every ``UTCP_ARG_<name>_UTCP_END`` placeholder is replaced by a reference to a
  per-call environment variable ``__UTCP_ARG_<nonce>_<name>``, written in a form
  chosen by a naive three-state quote tracker (``normal`` / ``dq`` / ``sq``);
* all steps are joined into ONE script (bash, or PowerShell on Windows), each
  step's output captured into ``CMD_<i>_OUTPUT`` and the selected outputs echoed;
* the subprocess environment is an allowlist of host variables plus ``env_vars``
  plus the ``__UTCP_ARG_*`` values;
* the result is stdout (or stderr), stripped, JSON-decoded when it looks like JSON.

Everything here is pure: no process is started, nothing reads ``os.environ``
unless the caller passes it in.  ``tests/test_executor_differential.py`` compares
this module byte for byte with the installed runtime.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core.fieldwise import field, record, record_eq, record_repr
from ..document.placeholder_scan import PLACEHOLDER_RE, PlaceholderScan
from ..run.budget import check

__all__ = [
    "FIXED_NONCE",
    "PLACEHOLDER_RE",
    "DEFAULT_INHERITED_KEYS_UNIX",
    "DEFAULT_INHERITED_KEYS_WINDOWS",
    "PlaceholderSpan",
    "Rendered",
    "Substitution",
    "SingleQuotePlaceholderError",
    "env_var_name",
    "substitute",
    "render",
    "default_inherited_keys",
    "compose_env",
    "parse_output",
    "shell_for_os",
    "step_commands",
]

# The runtime draws ``secrets.token_hex(8)``: 16 lowercase hex digits.
FIXED_NONCE = "0" * 16


DEFAULT_INHERITED_KEYS_UNIX: tuple[str, ...] = (
    "PATH",
    "HOME",
    "LANG",
    "LC_ALL",
    "LC_CTYPE",
    "USER",
    "LOGNAME",
    "SHELL",
    "TZ",
    "TERM",
)
DEFAULT_INHERITED_KEYS_WINDOWS: tuple[str, ...] = (
    "PATH",
    "PATHEXT",
    "SYSTEMROOT",
    "SYSTEMDRIVE",
    "WINDIR",
    "COMSPEC",
    "TEMP",
    "TMP",
    "USERPROFILE",
    "USERNAME",
    "USERDOMAIN",
    "COMPUTERNAME",
    "HOMEDRIVE",
    "HOMEPATH",
    "APPDATA",
    "LOCALAPPDATA",
    "PROGRAMDATA",
    "ALLUSERSPROFILE",
    "PUBLIC",
    "PROGRAMFILES",
    "PROGRAMFILES(X86)",
    "PROGRAMW6432",
    "OS",
    "PROCESSOR_ARCHITECTURE",
    "PROCESSOR_IDENTIFIER",
    "PROCESSOR_LEVEL",
    "PROCESSOR_REVISION",
    "NUMBER_OF_PROCESSORS",
    "PSMODULEPATH",
    "LOGONSERVER",
    "SESSIONNAME",
    "USERDNSDOMAIN",
)

BASH_HEADER = ("#!/bin/bash", "# Variables to store command outputs")
POWERSHELL_HEADER = ('$ErrorActionPreference = "Stop"', "# Variables to store command outputs")

# Characters after a backslash that bash removes the backslash for inside "...".
_BASH_DQ_ESCAPABLE = frozenset('"\\$`\n')


@record(slots=True)
class PlaceholderSpan:
    """One placeholder of one step, where it was and what it became."""

    name: str
    step: int
    template_start: int  # offsets in the step's command string (code points)
    template_end: int
    script_start: int  # offsets of the emitted reference in Rendered.script
    script_end: int
    env_var: str
    state: str  # tracker state at the placeholder: "normal" | "dq" | "sq"

    def __init__(
        self,
        name: str,
        step: int,
        template_start: int,
        template_end: int,
        script_start: int,
        script_end: int,
        env_var: str,
        state: str,
    ) -> None:
        self.name = name
        self.step = step
        self.template_start = template_start
        self.template_end = template_end
        self.script_start = script_start
        self.script_end = script_end
        self.env_var = env_var
        self.state = state

    __repr__ = record_repr
    __eq__ = record_eq


@record(slots=True)
class Rendered:
    """The script utcp-cli runs for a template: its text, environment and placeholder spans,
    or the error the runtime raises."""

    shell: str
    script: str
    env: dict[str, str]
    spans: list[PlaceholderSpan]
    step_spans: list[tuple[int, int]]
    error: str | None = None
    error_step: int | None = None
    error_template_start: int | None = None
    error_template_end: int | None = None

    def __init__(
        self,
        shell: str,
        script: str,
        env: dict[str, str],
        spans: list[PlaceholderSpan],
        step_spans: list[tuple[int, int]],
        error: str | None = None,
        error_step: int | None = None,
        error_template_start: int | None = None,
        error_template_end: int | None = None,
    ) -> None:
        self.shell = shell
        self.script = script
        self.env = env
        self.spans = spans
        self.step_spans = step_spans
        self.error = error
        self.error_step = error_step
        self.error_template_start = error_template_start
        self.error_template_end = error_template_end

    __repr__ = record_repr
    __eq__ = record_eq

    @property
    def ok(self) -> bool:
        return self.error is None


@record(slots=True)
class Substitution:
    """Result of substituting one command string."""

    text: str
    env: dict[str, str]
    # (name, template_start, template_end, out_start, out_end, env_var, state);
    # out_* are offsets in ``text``.
    placeholders: list[tuple[str, int, int, int, int, str, str]] = field(default_factory=list)

    def __init__(
        self, text: str, env: dict[str, str], placeholders: list[tuple[str, int, int, int, int, str, str]] | None = None
    ) -> None:
        self.text = text
        self.env = env
        self.placeholders = list() if placeholders is None else placeholders

    __repr__ = record_repr
    __eq__ = record_eq


class SingleQuotePlaceholderError(ValueError):
    """PowerShell: placeholder inside '...'. Message equals the runtime's."""

    def __init__(self, message: str, name: str, start: int, end: int):
        super().__init__(message)
        self.name = name
        self.start = start
        self.end = end


def env_var_name(nonce: str, name: str) -> str:
    return "__UTCP_ARG_" + nonce + "_" + name


def _value_text(tool_args: Mapping[str, Any], name: str) -> str:
    if name in tool_args:
        return str(tool_args[name])
    return "MISSING_ARG_" + name


def _ps_single_quote_message(name: str, command: str) -> str:
    return (
        "Placeholder UTCP_ARG_%s_UTCP_END appears inside a PowerShell single-quoted "
        "string in command: %s\n"
        "PowerShell does not expand variables inside single quotes, so this cannot "
        'be substituted safely. Use a double-quoted string ("...") around the '
        "placeholder instead." % (name, command)
    )


def _bash_reference(var: str, state: str) -> str:
    if state == "dq":
        return "${" + var + "}"
    if state == "sq":
        return "'\"$" + var + "\"'"
    return '"$' + var + '"'


# The runtime's quote tracker visits every character; ours jumps from one
# character that can change something (a quote, the escape character, the
# start of a placeholder) to the next with one str.find per stop character, and
# copies the text in between.  Identical output (tests/test_render_fast.py
# against the character loop; tests/test_executor_differential.py against
# the real runtime); ~10x faster on realistic commands (issue 15).
_STOP = {
    # (shell, state) -> the quote and escape characters that matter next (the next one
    # is found with str.find per character, bounded by the nearest found so far: a
    # character-class regex has no literal prefix and was tried at every offset);
    # placeholders are found by utcp_lint.document.placeholder_scan (the runtime's lazy
    # regex, tried at every UTCP_ARG_, is quadratic on 'UTCP_ARG_x' * n)
    ("bash", "normal"): ("'", '"', "\\"),
    ("bash", "dq"): ('"', "\\"),
    ("bash", "sq"): ("'",),
    ("powershell", "normal"): ("'", '"', "`"),
    ("powershell", "dq"): ('"', "`"),
    ("powershell", "sq"): ("'",),
}


def substitute(
    command: str,
    tool_args: Mapping[str, Any] | None,
    nonce: str = FIXED_NONCE,
    shell: str = "bash",
) -> Substitution:
    """Replace the placeholders of one command string like the runtime does.

    Raises :class:`SingleQuotePlaceholderError` (a ``ValueError``) for a
    PowerShell placeholder inside single quotes, exactly where the runtime does.
    Calls without arguments (the analyses: every step is rendered with
    ``MISSING_ARG_`` values and the fixed nonce, once for the placeholder list
    and once for the script) share one result per command.
    """
    if not tool_args and nonce == FIXED_NONCE:
        return _substitute_noargs(command, shell)
    return _substitute_fast(command, tool_args, nonce, shell)


def _substitute_noargs(command: str, shell: str) -> Substitution:
    key = (command, shell)
    hit = _NOARGS_CACHE.get(key)
    if hit is None:
        hit = _substitute_fast(command, None, FIXED_NONCE, shell)  # may raise: not cached
        if len(_NOARGS_CACHE) >= _NOARGS_MAX:
            _NOARGS_CACHE.clear()
        _NOARGS_CACHE[key] = hit
    return hit


# results are read-only for every caller (render copies what it keeps)
_NOARGS_CACHE: dict = {}
_NOARGS_MAX = 4096


def _substitute_fast(command: str, tool_args, nonce: str, shell: str) -> Substitution:
    args: Mapping[str, Any] = tool_args or {}
    powershell = shell == "powershell"
    sname = "powershell" if powershell else "bash"
    escape = "`" if powershell else "\\"
    pieces: list[str] = []
    out_len = 0
    env: dict[str, str] = {}
    found: list[tuple[str, int, int, int, int, str, str]] = []
    state = "normal"
    pos = 0
    end = len(command)
    stops = {st: _STOP[(sname, st)] for st in ("normal", "dq", "sq")}
    # the last search per state: (from, offset of the stop or ``end``).  A stop found
    # from ``from`` is still the next one from any later position before it (the stops
    # are single characters), so a run of placeholders with no quote after
    # them searches the rest of the command once, not once per placeholder
    # (issue 29: quadratic on 'UTCP_ARG_a_UTCP_ENDUTCP_ARG_b_UTCP_END' * n)
    last: dict[str, tuple[int, int]] = {}
    scan = PlaceholderScan(command)
    opens = scan.opens()  # sorted starts of "UTCP_ARG_"
    k = 0  # first entry of opens not yet passed

    while pos < end:
        check()  # the CPU budget (linter/run/budget.py)
        hit = last.get(state)
        if hit is not None and hit[0] <= pos and hit[1] >= pos:
            at = hit[1]
        else:
            at = end
            for ch in stops[state]:
                i = command.find(ch, pos, at)
                if i >= 0:
                    at = i
            last[state] = (pos, at)
        # the first placeholder match before the next quote character (a
        # placeholder holds only name characters, so none spans one)
        ph = None
        while k < len(opens) and opens[k] < pos:
            k += 1
        while k < len(opens) and opens[k] < at:
            ph = scan.match(opens[k])
            k += 1
            if ph is not None:
                at = ph[1]
                break
        if at > pos:
            pieces.append(command[pos:at])
            out_len += at - pos
            pos = at
        if pos >= end:
            break
        if ph is not None:
            name, p_start, p_end = ph
            if powershell and state == "sq":
                raise SingleQuotePlaceholderError(_ps_single_quote_message(name, command), name, p_start, p_end)
            var = env_var_name(nonce, name)
            env[var] = _value_text(args, name)
            ref = ("${env:" + var + "}") if powershell else _bash_reference(var, state)
            found.append((name, p_start, p_end, out_len, out_len + len(ref), var, state))
            pieces.append(ref)
            out_len += len(ref)
            pos = p_end
            continue
        ch = command[pos]
        has_next = pos + 1 < end
        if state == "sq":  # ch is "'"
            if powershell and has_next and command[pos + 1] == "'":
                pieces.append("''")
                out_len += 2
                pos += 2
                continue
            state = "normal"
            pieces.append(ch)
            out_len += 1
            pos += 1
            continue
        if ch == escape and has_next:
            if state == "normal" or powershell or command[pos + 1] in _BASH_DQ_ESCAPABLE:
                pieces.append(command[pos : pos + 2])
                out_len += 2
                pos += 2
                continue
        if state == "normal":
            if ch == "'":
                state = "sq"
            elif ch == '"':
                state = "dq"
        elif ch == '"':
            state = "normal"
        pieces.append(ch)
        out_len += 1
        pos += 1

    return Substitution("".join(pieces), env, found)


def _get(step: Any, key: str, default: Any = None) -> Any:
    if type(step) is dict or isinstance(step, Mapping):  # dict first: no ABC check (the steps of a manual)
        return step.get(key, default)
    return getattr(step, key, default)


def step_commands(commands: Iterable[Any]) -> list[tuple[str, bool | None]]:
    """Normalise steps (str, dict or CommandStep-like) to (command, append flag)."""
    result: list[tuple[str, bool | None]] = []
    for step in commands:
        if isinstance(step, str):
            result.append((step, None))
        else:
            cmd = _get(step, "command", "")
            result.append((cmd if isinstance(cmd, str) else str(cmd), _get(step, "append_to_final_output")))
    return result


def render(
    commands: Sequence[Any],
    tool_args: Mapping[str, Any] | None = None,
    *,
    shell: str = "bash",
    nonce: str = FIXED_NONCE,
) -> Rendered:
    """Build the one script the runtime would run for these steps."""
    if shell not in ("bash", "powershell"):
        raise ValueError("shell must be 'bash' or 'powershell', not %r" % (shell,))
    steps = step_commands(commands)
    powershell = shell == "powershell"
    lines = list(POWERSHELL_HEADER if powershell else BASH_HEADER)
    offset = sum(len(line) + 1 for line in lines)  # start of the next line
    env: dict[str, str] = {}
    spans: list[PlaceholderSpan] = []
    step_spans: list[tuple[int, int]] = []

    for index, (command, _append) in enumerate(steps):
        try:
            sub = substitute(command, tool_args, nonce, shell)
        except SingleQuotePlaceholderError as exc:
            return Rendered(
                shell,
                "",
                {},
                [],
                [],
                error=str(exc),
                error_step=index,
                error_template_start=exc.start,
                error_template_end=exc.end,
            )
        env.update(sub.env)
        prefix = ("$CMD_%d_OUTPUT = " if powershell else "CMD_%d_OUTPUT=$(") % index
        suffix = " 2>&1 | Out-String" if powershell else " 2>&1)"
        base = offset + len(prefix)
        step_spans.append((base, base + len(sub.text)))
        for name, t0, t1, o0, o1, var, state in sub.placeholders:
            spans.append(PlaceholderSpan(name, index, t0, t1, base + o0, base + o1, var, state))
        line = prefix + sub.text + suffix
        lines.append(line)
        offset += len(line) + 1

    last = len(steps) - 1
    for index, (_command, append) in enumerate(steps):
        if append is None:
            append = index == last
        if append:
            lines.append(("Write-Output $CMD_%d_OUTPUT" if powershell else 'echo "${CMD_%d_OUTPUT}"') % index)

    return Rendered(shell, "\n".join(lines), env, spans, step_spans)


def shell_for_os(os_name: str) -> str:
    return "powershell" if os_name == "nt" else "bash"


def default_inherited_keys(os_name: str = "posix") -> tuple[str, ...]:
    return DEFAULT_INHERITED_KEYS_WINDOWS if os_name == "nt" else DEFAULT_INHERITED_KEYS_UNIX


def compose_env(
    inherit_env_vars: Sequence[str] | None,
    env_vars: Mapping[str, str] | None,
    host_env: Mapping[str, str],
    os_name: str = "posix",
) -> dict[str, str]:
    """Host allowlist + ``env_vars`` (later wins), like the runtime.

    ``None``: the per-OS default allowlist; ``[]``: nothing from the host;
    a list: exactly those names (unset ones skipped).  The ``__UTCP_ARG_*``
    values are layered on top by the caller (``{**compose_env(...), **rendered.env}``).
    """
    keys = default_inherited_keys(os_name) if inherit_env_vars is None else tuple(inherit_env_vars)
    env: dict[str, str] = {}
    for key in keys:
        if key in host_env and host_env[key] is not None:
            env[key] = host_env[key]
    if env_vars:
        env.update(env_vars)
    return env


def parse_output(
    stdout: str,
    stderr: str,
    returncode: int,
    *,
    os_name: str = "posix",
) -> Any:
    """The value ``call_tool`` returns for this process result.

    bash: stdout unless it is blank, then stderr.  PowerShell: stdout on exit 0,
    else stderr.  Stripped; decoded as JSON when it starts with ``{`` or ``[``
    and parses, otherwise returned as text.  Blank output gives ``""``.
    """
    if os_name == "nt":
        chosen = stdout if returncode == 0 else stderr
    else:
        chosen = stdout if stdout.strip() else stderr
    text = chosen.strip()
    if not text:
        return ""
    if text[0] in "{[":
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            pass
    return text
