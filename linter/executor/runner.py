"""Run one CLI tool exactly as utcp-cli 1.1.5's ``call_tool`` does.

Same script (:mod:`.render`, fresh random nonce per call), same environment
(default allowlist / ``inherit_env_vars`` / ``env_vars`` / ``__UTCP_ARG_*``),
same interpreter invocation (``/bin/bash -c SCRIPT``; ``powershell.exe -Command``
on Windows, ``pwsh``/``powershell`` elsewhere when installed), same
``working_dir``, same result selection.  Differences, on purpose:

* the child gets its own process group (``start_new_session``) and on timeout
  the whole group is killed, not only the shell (the runtime kills only the
  shell and leaves its children running);
* the default timeout is the runtime's ``call_tool`` value (120 s) but can be
  changed.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .render import Rendered, compose_env, parse_output, render

RUNTIME_TIMEOUT = 120.0


class RunError(Exception):
    """The tool could not be run (bad template, missing shell, timeout...)."""

    def __init__(self, message: str, kind: str = "error"):
        super().__init__(message)
        self.kind = kind


@dataclass
class RunOutcome:
    result: Any
    stdout: str
    stderr: str
    returncode: int
    rendered: Rendered
    argv: list[str]


def make_nonce() -> str:
    return secrets.token_hex(8)


def shell_command(shell: str) -> list[str]:
    """The interpreter prefix the runtime uses, or RunError when unavailable."""
    if shell == "bash":
        if os.name == "nt":
            raise RunError("bash tools cannot be run on Windows: the runtime uses PowerShell there", "unavailable")
        return ["/bin/bash", "-c"]
    for exe in ("powershell.exe", "powershell", "pwsh") if os.name == "nt" else ("pwsh", "powershell"):
        path = shutil.which(exe)
        if path:
            return [path, "-Command"]
    raise RunError(
        "PowerShell is not installed on this machine (no pwsh or powershell on PATH); "
        "PowerShell tools cannot be executed here",
        "unavailable",
    )


def check_template(raw: Mapping[str, Any]) -> None:
    """Reject template shapes the runtime's pydantic model would refuse."""
    cmds = raw.get("commands")
    if not isinstance(cmds, list) or not cmds:
        raise RunError("the call template has no commands")
    for i, c in enumerate(cmds):
        if not isinstance(c, Mapping) or not isinstance(c.get("command"), str):
            raise RunError(f"commands[{i}] is not an object with a string 'command'")
        atf = c.get("append_to_final_output")
        if atf is not None and not isinstance(atf, bool):
            raise RunError(f"commands[{i}].append_to_final_output must be true, false or null")
    ev = raw.get("env_vars")
    if ev is not None and (
        not isinstance(ev, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in ev.items())
    ):
        raise RunError("env_vars must map names to strings")
    iev = raw.get("inherit_env_vars")
    if iev is not None and (not isinstance(iev, list) or not all(isinstance(x, str) for x in iev)):
        raise RunError("inherit_env_vars must be null or a list of names")
    wd = raw.get("working_dir")
    if wd is not None and not isinstance(wd, str):
        raise RunError("working_dir must be a string")


def run_template(
    raw: Mapping[str, Any],
    tool_args: Mapping[str, Any],
    *,
    shell: str = "bash",
    timeout: float = RUNTIME_TIMEOUT,
    host_env: Mapping[str, str] | None = None,
    nonce: str | None = None,
) -> RunOutcome:
    check_template(raw)
    prefix = shell_command(shell)
    rendered = render(raw["commands"], tool_args, shell=shell, nonce=nonce or make_nonce())
    if rendered.error is not None:
        raise RunError(rendered.error, "template")
    os_name = "nt" if shell == "powershell" else "posix"
    env = compose_env(
        raw.get("inherit_env_vars"), raw.get("env_vars"), os.environ if host_env is None else host_env, os_name
    )
    env.update(rendered.env)
    argv = prefix + [rendered.script]
    try:
        proc = subprocess.Popen(
            argv,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=raw.get("working_dir"),
            start_new_session=True,
        )
    except FileNotFoundError as e:
        raise RunError(f"cannot start the tool: {e.strerror or e} ({e.filename})") from e
    except NotADirectoryError as e:
        raise RunError(f"working_dir is not a directory: {e.filename}") from e
    except OSError as e:
        raise RunError(f"cannot start the tool: {e.strerror or e}") from e
    from . import lifecycle

    lifecycle.add_group(proc.pid)  # SIGINT/SIGTERM of utcp-lint kill the tool's group too
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        raise RunError(f"the tool timed out after {timeout:g} s (process group killed)", "timeout") from None
    finally:
        lifecycle.remove_group(proc.pid)
    stdout = out.decode("utf-8", errors="replace")
    stderr = err.decode("utf-8", errors="replace")
    code = proc.returncode or 0
    return RunOutcome(parse_output(stdout, stderr, code, os_name=os_name), stdout, stderr, code, rendered, argv)


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.kill()
    except ProcessLookupError:
        pass
    try:
        proc.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        pass


def select_steps(raw: Mapping[str, Any]) -> Sequence[Any]:
    cmds = raw.get("commands")
    return cmds if isinstance(cmds, list) else []
