"""Run CLI templates through the REAL runtime (utcp-cli 1.1.5 / utcp 1.2.0).

Shared by the option-injection, CMD-output, variable and declaration tests: the
security claims of those rules are proven against the installed runtime, not
against our own re-implementation of it.
"""

from __future__ import annotations

import asyncio
import json
import os
import stat
import sys
from pathlib import Path

import utcp_cli  # noqa: F401  (registers the cli call template / protocol)
from utcp_cli.cli_call_template import CliCallTemplate
from utcp_cli.cli_communication_protocol import CliCommunicationProtocol


def call(template: dict, tool_args: dict, cwd: Path, env: dict | None = None):
    """``call_tool`` of the real protocol; ``env`` goes into ``env_vars``."""
    tpl = dict(template)
    tpl.setdefault("name", "t")
    tpl.setdefault("call_template_type", "cli")
    tpl["working_dir"] = str(cwd)
    tpl["commands"] = [c if isinstance(c, dict) else {"command": c} for c in tpl.get("commands", [])]
    if env:
        tpl["env_vars"] = {**tpl.get("env_vars", {}), **env}
    ct = CliCallTemplate.model_validate(tpl)
    return asyncio.run(CliCommunicationProtocol().call_tool(None, "t", tool_args, ct))


def recording_shim(directory: Path, name: str = "probe") -> Path:
    """An executable ``name`` that parses its argv like a GNU program (``getopt``)
    with options ``-r -f -o VALUE --output VALUE --verbose`` and writes what it got
    to ``$RECORD`` as JSON: ``{"argv": [...], "options": [...], "operands": [...]}``."""
    directory.mkdir(parents=True, exist_ok=True)
    p = directory / name
    p.write_text(
        f"#!{sys.executable}\n"
        "import getopt, json, os, sys\n"
        "opts, rest = getopt.gnu_getopt(sys.argv[1:], 'rfo:', ['output=', 'verbose'])\n"
        "with open(os.environ['RECORD'], 'w') as f:\n"
        "    json.dump({'argv': sys.argv[1:], 'options': [o for o, _v in opts], 'operands': rest}, f)\n"
    )
    p.chmod(p.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return p


def shim_env(shim_dir: Path, record: Path) -> dict:
    return {"PATH": f"{shim_dir}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}", "RECORD": str(record)}


def read_record(record: Path) -> dict:
    return json.loads(record.read_text())


def lint_steps(tmp_path: Path, commands: list[str] | str, select: str) -> list[dict]:
    """utcp-lint's findings (JSON, ``--select select``) on a one-tool manual whose steps are
    ``commands``, with a string input for every placeholder they hold: the static side of
    the tests that run the same template through :func:`call`."""
    import re
    import subprocess

    steps = [commands] if isinstance(commands, str) else commands
    args = sorted({m for c in steps for m in re.findall(r"UTCP_ARG_(\w+?)_UTCP_END", c)})
    manual = {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": "t",
                "description": "probe",
                "inputs": {"type": "object", "properties": {a: {"type": "string"} for a in args}, "required": args},
                "outputs": {"type": "object"},
                "tags": [],
                "tool_call_template": {"call_template_type": "cli", "commands": [{"command": c} for c in steps]},
            }
        ],
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps(manual))
    cmd = [
        sys.executable,
        "-m",
        "utcp_lint",
        "--format",
        "json",
        "--no-config",
        "--no-cache",
        "--select",
        select,
        str(p),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    return json.loads(out.stdout)["findings"]
