"""UL150 case allow-lists of ``--opt=`` forms proven against real bash (issue 23).

``case V in --lines=[0-9]*|--bytes=[0-9]*) ;; *) exit 2;; esac; split V F``: the runtime
quotes the value, so every value the check lets through is ONE argv word led by an option
the author chose; the caller picks only its argument.  The good fixtures never run or write
a payload; each bad one (an allowed option that runs its argument or writes a file, or a
case whose other values fall through) does.  Each tool is rendered exactly as utcp-cli
renders it and run by /bin/bash in a fresh directory as nobody would be in CI: the canary
is a file ``CANARY`` written there.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from utcp_lint.executor.render import compose_env, render

DIR = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL150"
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
PAYLOADS = [
    "--filter=touch CANARY",  # split --filter=CMD runs CMD (GNU coreutils split)
    "--lines=1 --filter=touch CANARY",
    "--lines=1\n--filter=touch CANARY",
    "--output=CANARY",  # sort --output=FILE writes FILE
    "--key=1 --output=CANARY",
    "--since=x --output=CANARY",
    "$(touch CANARY)",
]


def _tools(name: str):
    data = json.loads((DIR / name).read_text())
    return [
        pytest.param(t["tool_call_template"]["commands"], list(t["inputs"]["properties"]), id=t["name"])
        for t in data["tools"]
    ]


def _canary(commands, names, value: str, tmp: Path) -> bool:
    d = tmp / f"run{len(list(tmp.iterdir()))}"
    d.mkdir()
    (d / "users.csv").write_text("id,name\n1,a\n2,b\n3,c\n")
    (d / "data.txt").write_text("b 2\na 1\n")
    r = render(commands, {n: value for n in names})
    env = {**compose_env(None, None, os.environ), **r.env}
    env.update(PATH=SYSTEM_PATH, HOME=str(d), GIT_CONFIG_NOSYSTEM="1")
    try:
        subprocess.run(
            ["/bin/bash", "-c", r.script], cwd=d, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=20
        )
    except subprocess.TimeoutExpired:
        pass
    hit = any(p.name == "CANARY" for p in d.rglob("CANARY"))
    shutil.rmtree(d, ignore_errors=True)
    return hit


@pytest.mark.parametrize("commands,names", _tools("bad_option_allow_list.json"))
def test_bad_allow_list_runs_or_writes_the_payload(commands, names, tmp_path):
    assert any(_canary(commands, names, p, tmp_path) for p in PAYLOADS)


@pytest.mark.parametrize("commands,names", _tools("good_option_allow_list.json"))
def test_good_allow_list_never_runs_the_payload(commands, names, tmp_path):
    assert [p for p in PAYLOADS if _canary(commands, names, p, tmp_path)] == []


def test_cli_reports_the_bad_tools_only(tmp_path):
    exe = Path(__file__).resolve().parent.parent / ".venv" / "bin" / "utcp-lint"
    cmd = [str(exe)] if exe.exists() else ["python", "-m", "utcp_lint"]
    out = subprocess.run(
        [
            *cmd,
            "--format",
            "json",
            "--no-config",
            "--no-cache",
            "--select",
            "UL150",
            str(DIR / "good_option_allow_list.json"),
            str(DIR / "bad_option_allow_list.json"),
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 1, out.stderr
    doc = json.loads(out.stdout)
    found = doc["findings"] if isinstance(doc, dict) else doc
    tools = sorted({(Path(f["path"]).name, f["tool"]) for f in found})
    assert tools == [
        ("bad_option_allow_list.json", "chunk_by_fallthrough"),
        ("bad_option_allow_list.json", "chunk_by_filter"),
        ("bad_option_allow_list.json", "sort_output"),
    ]
