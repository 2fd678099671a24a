"""Test helper: drive the real utcp-cli 1.1.5 builders with a fixed nonce.

The runtime module reads ``os.name`` and ``os.environ`` through its module-level
``os``; we swap that reference for a small stand-in (never the real ``os``
module's attributes), and ``_make_nonce`` for a constant, restoring both after
every call.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

import utcp_cli.cli_communication_protocol as rt
from utcp_cli.cli_call_template import CliCallTemplate, CommandStep

from utcp_lint.executor.render import FIXED_NONCE

logging.getLogger(rt.__name__).setLevel(logging.CRITICAL)

PROTO = rt.CliCommunicationProtocol()


class _FakeOs:
    def __init__(self, name: str, environ: dict | None = None):
        self.name = name
        self.environ = os.environ if environ is None else environ


class patched_runtime:
    def __init__(self, os_name: str, environ: dict | None = None, nonce: str = FIXED_NONCE):
        self.os_name, self.environ, self.nonce = os_name, environ, nonce

    def __enter__(self):
        self._saved = (rt.os, rt.CliCommunicationProtocol.__dict__["_make_nonce"])
        rt.os = _FakeOs(self.os_name, self.environ)
        nonce = self.nonce
        rt.CliCommunicationProtocol._make_nonce = staticmethod(lambda: nonce)
        return self

    def __exit__(self, *exc):
        rt.os, nonce = self._saved
        rt.CliCommunicationProtocol._make_nonce = nonce
        return False


def to_steps(commands) -> list[CommandStep]:
    out = []
    for c in commands:
        if isinstance(c, str):
            out.append(CommandStep(command=c))
        else:
            out.append(CommandStep(command=c["command"], append_to_final_output=c.get("append_to_final_output")))
    return out


def runtime_build(commands, tool_args: dict, shell: str):
    """('ok', script, env) or ('error', message) from the real runtime."""
    steps = to_steps(commands)
    with patched_runtime("nt" if shell == "powershell" else "posix"):
        try:
            script, env = PROTO._build_combined_shell_script(steps, tool_args)
        except ValueError as e:
            return ("error", str(e))
    return ("ok", script, env)


def runtime_env(inherit_env_vars, env_vars, host: dict, os_name: str) -> dict:
    tpl = CliCallTemplate(
        name="t", commands=[{"command": "true"}], inherit_env_vars=inherit_env_vars, env_vars=env_vars
    )
    with patched_runtime(os_name, host):
        return PROTO._prepare_environment(tpl)


def runtime_parse(stdout: str, stderr: str, code: int, os_name: str) -> Any:
    with patched_runtime(os_name):
        return PROTO._parse_combined_output(stdout, stderr, code, [], "t")


# ----------------------------------------------------------------------------
# every CLI template in the fixtures and the shared corpus
# ----------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def _walk(data, tool_inputs=None):
    if isinstance(data, dict):
        inputs = data.get("inputs") if isinstance(data.get("inputs"), dict) else tool_inputs
        cmds = data.get("commands")
        if isinstance(cmds, list) and cmds:
            yield cmds, data, inputs
        for v in data.values():
            yield from _walk(v, inputs)
    elif isinstance(data, list):
        for v in data:
            yield from _walk(v, tool_inputs)


def corpus_templates():
    """(label, commands) for every commands list whose steps validate as CommandStep."""
    roots = [ROOT / "fixtures", SHARED / "corpus"]
    out = []
    for root in roots:
        if not root.exists():
            continue
        for f in sorted(root.rglob("*.json")):
            try:
                data = json.loads(f.read_text(encoding="utf-8"))
            except (ValueError, UnicodeDecodeError, OSError):
                continue
            for i, (cmds, _tpl, _inputs) in enumerate(_walk(data)):
                try:
                    steps = [CommandStep.model_validate(c) for c in cmds]
                except Exception:
                    continue
                label = f"{f.relative_to(root.parent)}#{i}"
                out.append(
                    (label, [{"command": s.command, "append_to_final_output": s.append_to_final_output} for s in steps])
                )
    return out
