"""``utcp-lint verify``: proofs on known cases, safe idioms, the sandbox's limits."""

import json
import os
import uuid

import pytest
from conftest import FIXTURES, lint_json, run_cli

from utcp_lint.executor.sandbox import Limits, Sandbox, SandboxUnavailable, probe
from utcp_lint.executor.verify import Call, code_payloads, option_hits

CASES = FIXTURES / "executor" / "verify_cases.json"
EXPECT = json.loads((FIXTURES / "executor" / "verify_cases.expect").read_text())


def _modes():
    modes = [pytest.param(True, id="weak")]
    try:
        probe(False)
        modes.insert(0, pytest.param(False, id="namespace"))
    except SandboxUnavailable as e:  # this machine cannot create user namespaces
        modes.insert(0, pytest.param(False, id="namespace", marks=pytest.mark.skip(reason=str(e))))
    return modes


MODES = _modes()


@pytest.fixture(scope="module")
def verified():
    r = run_cli("verify", CASES, "--format", "json")
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)


def test_every_case_proves_exactly_what_is_expected(verified):
    code, out = verified
    assert code == 1
    got = {t["tool"]: {p["name"]: sorted(p["proven"]) for p in t["placeholders"]} for t in out["tools"]}
    assert got == EXPECT
    # the expectations are not vacuous: each rule is proven somewhere, safe idioms exist
    proven = {r for t in EXPECT.values() for rules in t.values() for r in rules}
    assert proven == {"UL501", "UL502", "UL503", "UL504"}
    assert sum(1 for t in EXPECT.values() if all(not r for r in t.values())) >= 8


def test_findings_point_at_the_placeholder(verified):
    _code, out = verified
    lines = CASES.read_text().splitlines()
    assert len(out["findings"]) == sum(len(r) for t in EXPECT.values() for r in t.values())
    for f in out["findings"]:
        assert f["line"] == f["end_line"]
        text = lines[f["line"] - 1][f["column"] - 1 : f["end_column"] - 1]
        assert text.startswith("UTCP_ARG_") and text.endswith("_UTCP_END"), f
        assert f["rule"] in ("UL501", "UL502", "UL503", "UL504")
        assert "<sandbox>" in f["message"] or "/tmp/utcp-verify" not in f["message"]


def test_text_table_and_safe_subset():
    r = run_cli("verify", CASES, "--tool", "arithmetic", "--tool", "safe_dashdash")
    assert r.returncode == 1, r.stderr
    rows = {
        line.split()[0]: line.split()
        for line in r.stdout.splitlines()
        if line.startswith(("arithmetic", "safe_dashdash"))
    }
    assert rows["arithmetic"][4] == "PROVEN" and rows["safe_dashdash"][4:] == ["no"] * 4
    assert "UL501 [error]" in r.stdout
    r = run_cli("verify", CASES, "--tool", "safe_sh_c_positional", "--tool", "safe_jq_arg")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "0 proven problem(s) in 2 tool(s)" in r.stdout


def test_powershell_tool_is_not_pretended(tmp_path):
    m = tmp_path / "ps.json"
    m.write_text(
        json.dumps(
            {
                "manual_version": "1",
                "utcp_version": "1.0.2",
                "tools": [
                    {
                        "name": "ps",
                        "description": "d",
                        "inputs": {"type": "object", "properties": {"p": {"type": "string"}}},
                        "tool_call_template": {
                            "name": "ps",
                            "call_template_type": "cli",
                            "commands": [
                                {"command": 'Get-ChildItem -Path "UTCP_ARG_p_UTCP_END" | Select-Object -First 1'}
                            ],
                        },
                    }
                ],
            }
        )
    )
    r = run_cli("verify", m, "--format", "json")
    out = json.loads(r.stdout)
    assert r.returncode == 0
    assert out["tools"][0]["status"] == "not-run"
    assert "cannot be executed on this machine" in out["tools"][0]["message"]


def test_unknown_tool_and_bad_input(tmp_path):
    r = run_cli("verify", CASES, "--tool", "nope")
    assert r.returncode == 2 and "no CLI tool named 'nope'" in r.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    r = run_cli("verify", bad)
    assert r.returncode == 2 and "invalid JSON" in r.stderr and "Traceback" not in r.stderr


def test_dynamic_rules_are_opt_in(tmp_path):
    m = tmp_path / "m.json"
    m.write_text(
        json.dumps(
            {
                "manual_version": "1",
                "utcp_version": "1.0.2",
                "tools": [
                    {
                        "name": "a",
                        "description": "d",
                        "inputs": {"type": "object", "properties": {"n": {"type": "string"}}},
                        "tool_call_template": {
                            "name": "a",
                            "call_template_type": "cli",
                            "commands": [{"command": "echo $(( UTCP_ARG_n_UTCP_END + 1 ))"}],
                        },
                    }
                ],
            }
        )
    )
    _code, out = lint_json(m)
    assert not [f for f in out["findings"] if f["rule"].startswith("UL50")]
    code, out = lint_json("--select", "UL501", m)
    assert code == 1 and [f["rule"] for f in out["findings"]] == ["UL501"]


# ----------------------------------------------------------------------------
# option positions in an observed argv
# ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv,hit",
    [
        (["rm", "-rf", "-X"], True),
        (["rm", "-rf", "--", "-X"], False),
        (["grep", "-rn", "-e", "-X", "."], False),
        (["grep", "-rn", "-X", "."], True),
        (["grep", "-rne", "-X"], False),  # e ends the cluster: takes the next word
        (["grep", "-ef", "-X"], True),  # e takes the rest of the cluster ("f"): -X is parsed as an option
        (["sh", "-c", "echo", "_", "-X"], False),
        (["python3", "-c", "code", "-X"], False),
        (["perl", "-e", "code", "-X"], True),
        (["env", "ls", "-X"], False),
        (["git", "clone", "-X", "repo"], True),
        (["mytool", "-o", "-X"], False),  # unknown program: -o may take a value
        (["mytool", "--out", "-X"], False),
        (["mytool", "--out=1", "-X"], True),
        (["jq", "-n", "--arg", "v", "-X", "$v"], False),
        (["ls", "-l", "-X"], True),
        (["git", "log", "--end-of-options", "-X"], False),
        (["docker", "run", "--rm", "alpine", "echo", "-X"], False),
        (["docker", "run", "-X", "alpine"], True),
        (["find", ".", "-maxdepth", "1", "-name", "-X", "-exec", "echo", "{}", ";"], False),
        (["find", ".", "-exec", "grep", "-X", "{}", ";"], False),
        (["find", "-X", "-name", "a"], True),
        (["find", ".", "-name", "a", "-X"], True),
    ],
)
def test_option_hits(argv, hit):
    assert bool(option_hits(Call(argv[0], argv, "shim"), "-X")) == hit


def test_payload_catalog_covers_the_brief():
    p = code_payloads(0)
    for needle in (
        "$(utcp_canary_0)",
        "`utcp_canary_0`",
        ";utcp_canary_0;",
        "a[$(utcp_canary_0)]",
        "__import__",
        "system(",
        "BEGIN{",
        "\ne utcp_canary_0",
    ):
        assert any(needle in x for x in p), needle
    assert any(x.startswith("';") for x in p) and any(x.startswith('";') for x in p)


# ----------------------------------------------------------------------------
# the sandbox itself
# ----------------------------------------------------------------------------


@pytest.mark.parametrize("weak", MODES)
def test_programs_are_shims_and_argv_is_recorded(tmp_path, weak):
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    os.chmod(tmp_path, 0o755)
    sb = Sandbox(Limits(timeout=20), weak=weak)
    script = (
        f"rm -rf {victim} 'a b' $'c\\nd'; /bin/rm -f {victim}; git push --force; "
        f"curl -s https://example.invalid; echo x > f; ls -la; cat f"
    )
    obs = sb.run(script, {"SECRET": "s"}, commands_text=script)
    assert victim.read_text() == "keep me"
    rm = [c.argv for c in obs.calls if c.program == "rm"]
    assert rm == [["rm", "-rf", str(victim), "a b", "c\nd"], ["rm", "-f", str(victim)]] or rm == [
        ["rm", "-f", str(victim)],
        ["rm", "-rf", str(victim), "a b", "c\nd"],
    ]
    progs = {c.program for c in obs.calls}
    assert {"git", "curl", "ls", "cat"} <= progs
    assert obs.home_files == ["f"]  # the shell's own redirection works inside the run directory
    assert obs.stdout == b""  # the recorded programs print nothing


@pytest.mark.parametrize("weak", MODES)
def test_minimal_environment_and_fresh_home(weak):
    os.environ["UTCP_VERIFY_HOST_SECRET"] = "leak"
    try:
        sb = Sandbox(Limits(timeout=20), weak=weak)
        obs = sb.run('printf "%s|%s|%s|%s" "$UTCP_VERIFY_HOST_SECRET" "$FOO" "$PWD" "$HOME"', {"FOO": "bar"})
    finally:
        del os.environ["UTCP_VERIFY_HOST_SECRET"]
    secret, foo, pwd, home = obs.stdout.decode().split("|")
    assert (secret, foo) == ("", "bar")
    assert pwd == home and home.startswith(obs.root) and home.endswith("/home")


def test_writes_outside_the_run_directory_are_contained():
    import shutil
    import tempfile

    try:
        sb = Sandbox(Limits(timeout=20))
    except SandboxUnavailable as e:
        pytest.skip(str(e))
    # a world-writable directory that the sandbox user could write to without the
    # read-only remount: only the remount protects it
    target = tempfile.mkdtemp(prefix="utcp-escape-", dir="/tmp")
    os.chmod(target, 0o777)
    try:
        outside = os.path.join(target, "pwned")
        script = (
            f"echo pwned > {outside}; python3 -c \"open('{outside}2', 'w').write('x')\"; "
            f"echo pwned > /tmp/{os.path.basename(target)}-sibling; echo done"
        )
        obs = sb.run(script, {}, commands_text=script)
        assert obs.stdout == b"done\n"
        # the host's /tmp is not in the sandbox's private root (its /tmp is a fresh tmpfs):
        # the directory does not exist there; the sibling lands in the private /tmp
        assert obs.stderr.count(b"No such file or directory") >= 2, obs.stderr
        assert os.listdir(target) == []
        assert not os.path.exists(f"{target}-sibling")
        # control: the same directory is writable by the sandbox user outside the sandbox
        with open(os.path.join(target, "control"), "w") as f:
            f.write("x")
    finally:
        shutil.rmtree(target, ignore_errors=True)
        if os.path.exists(f"{target}-sibling"):
            os.unlink(f"{target}-sibling")


@pytest.mark.parametrize("weak", MODES)
def test_never_ending_command_is_timed_out(weak):
    sb = Sandbox(Limits(timeout=1.5), weak=weak)
    obs = sb.run("echo started; while :; do :; done", {})
    assert obs.timed_out and obs.stdout == b"started\n"


@pytest.mark.parametrize("weak", MODES)
def test_huge_output_is_capped(weak):
    sb = Sandbox(Limits(timeout=20, output_cap=100_000), weak=weak)
    obs = sb.run("while :; do builtin echo 0123456789012345678901234567890123456789; done", {})
    assert obs.capped and not obs.timed_out and len(obs.stdout) == 100_000


def _processes_with(marker: str) -> list[int]:
    found = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/cmdline", "rb") as f:
                    if marker.encode() in f.read():
                        found.append(int(d))
            except OSError:
                pass
    return found


@pytest.mark.parametrize("weak", MODES)
def test_fork_bomb_is_contained(weak):
    import threading

    marker = f"forkbomb-{uuid.uuid4().hex}"
    nproc = 32
    sb = Sandbox(Limits(timeout=4, nproc=nproc), weak=weak)
    peak = [0]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], len(_processes_with(marker)))
            done.wait(0.05)

    t = threading.Thread(target=sample)
    t.start()
    try:
        # every copy of the bomb is a bash whose command line holds the marker
        obs = sb.run(f": {marker}; b() {{ b | b & }}; b; while :; do :; done", {})
    finally:
        done.set()
        t.join()
    assert obs.timed_out
    assert peak[0] > 1, "the bomb never ran; the sampler proves nothing"
    # RLIMIT_NPROC held: never more copies than the limit (+1 for the init's own exec chain)
    assert peak[0] <= nproc + 1, peak[0]
    assert not _processes_with(marker), "fork bomb processes left behind"
