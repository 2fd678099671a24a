"""The published utcp-cli sources, scanned as a user would.

All three versions run every tool call as ONE script: ``_execute_shell_script``
hands it to ``asyncio.create_subprocess_exec`` behind ``['/bin/bash', '-c']``
(``['powershell.exe', '-Command']`` on Windows).  What differs is how tool
argument values get into that script:

* 1.1.1 substitutes ``str(tool_args[name])`` raw into the command text
  (GHSA-33p6-5jxp-p3x4): ``call_tool``'s ``tool_args`` reach the bash -c code
  unquoted -> UL408 error naming ``tool_args``.
* 1.1.2 substitutes ``shlex.quote(value)`` into the template text, where the
  placeholder may sit inside double quotes: the value is quoted but spliced at
  a position known only at run time -> UL408 names ``tool_args`` as quoted
  into a runtime template (bypassable), not as unquoted.
* 1.1.5 puts the values into environment variables and the script only holds
  ``"$VAR"`` references: ``tool_args`` no longer reaches the code at all;
  only the template itself (``tool_call_template``) does, which is the
  runtime's design (the template is trusted code).

The wheels are downloaded with pip into a temporary directory (network to
the package registry); the test skips, saying so, only when the registry
cannot be reached.
"""

import re
import subprocess
import sys
import zipfile

import pytest
from conftest import lint_json

VERSIONS = ("1.1.1", "1.1.2", "1.1.5")
_OFFLINE = re.compile(
    r"(Could not find a version|No matching distribution|connection|Connection|"
    r"Temporary failure|Name or service not known|Network is unreachable|timed out|"
    r"NewConnectionError|Max retries)",
    re.I,
)


@pytest.fixture(scope="session")
def utcp_cli_sources(tmp_path_factory):
    base = tmp_path_factory.mktemp("utcp_cli_wheels")
    out = {}
    for v in VERSIONS:
        d = base / v
        try:
            r = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--no-deps",
                    "--disable-pip-version-check",
                    "-q",
                    "-d",
                    str(d),
                    f"utcp-cli=={v}",
                ],
                capture_output=True,
                text=True,
                timeout=300,
            )
        except subprocess.TimeoutExpired:
            pytest.skip(f"package registry unreachable: pip download utcp-cli=={v} timed out")
        if r.returncode != 0:
            if _OFFLINE.search(r.stderr):
                pytest.skip(f"package registry unreachable: pip download utcp-cli=={v}: {r.stderr.strip()[-300:]}")
            pytest.fail(f"pip download utcp-cli=={v} failed: {r.stderr}")
        whl = next(d.glob("utcp_cli-*.whl"))
        with zipfile.ZipFile(whl) as z:
            z.extractall(d / "src")
        out[v] = d / "src" / "utcp_cli"
    return out


def _scan(pkg):
    code, out = lint_json("--no-cache", pkg)
    assert not out["errors"], out["errors"]
    return code, out["findings"]


def _line_of(path, needle, after=""):
    text = path.read_text()
    i = text.index(needle, text.index(after) if after else 0)
    return text.count("\n", 0, i) + 1


@pytest.mark.parametrize("version", VERSIONS)
def test_every_version_runs_one_bash_c_script(utcp_cli_sources, version):
    pkg = utcp_cli_sources[version]
    code, fs = _scan(pkg)
    proto = pkg / "cli_communication_protocol.py"
    sink_line = _line_of(proto, "process = await asyncio.create_subprocess_exec(\n                *full_command")
    ul403 = [f for f in fs if f["rule"] == "UL403"]
    assert [f["line"] for f in ul403] == [sink_line], ul403
    assert ul403[0]["severity"] == "error"
    assert "bash -c" in ul403[0]["message"] and "powershell -Command" in ul403[0]["message"]
    assert "parameter 'script'" in ul403[0]["message"]
    # nothing is run with shell=True / os.system in any version
    assert not [f for f in fs if f["rule"] in ("UL400", "UL401", "UL402")]


def _call_tool_flow(pkg, fs):
    return [f for f in fs if f["rule"] == "UL408" and f["message"].startswith("call_tool()")]


def test_1_1_1_puts_raw_tool_args_into_the_script(utcp_cli_sources):
    pkg = utcp_cli_sources["1.1.1"]
    _code, fs = _scan(pkg)
    flows = _call_tool_flow(pkg, fs)
    assert len(flows) == 1
    f = flows[0]
    assert f["severity"] == "error" and "'tool_args' (unquoted)" in f["message"]
    line = _line_of(
        pkg / "cli_communication_protocol.py", "await self._execute_shell_script(", after="async def call_tool("
    )
    assert f["line"] == line


def test_1_1_2_quotes_tool_args_into_a_runtime_template(utcp_cli_sources):
    pkg = utcp_cli_sources["1.1.2"]
    _code, fs = _scan(pkg)
    flows = _call_tool_flow(pkg, fs)
    assert len(flows) == 1
    msg = flows[0]["message"]
    assert "'tool_args' (shlex.quote-d, then substituted into a template" in msg
    assert "'tool_args' (unquoted)" not in msg


def test_1_1_5_keeps_tool_args_out_of_the_script(utcp_cli_sources):
    pkg = utcp_cli_sources["1.1.5"]
    _code, fs = _scan(pkg)
    ul408 = [f for f in fs if f["rule"] == "UL408"]
    assert ul408, "the template itself still reaches bash -c (by design)"
    assert all("tool_args" not in f["message"] for f in ul408), ul408
    assert any("'tool_call_template' (unquoted)" in f["message"] for f in ul408)
