"""Issue 23 (set J misses, part 1): words split from a value in the places bash splits
them -- a ``for`` list, an array literal, a runner's command position -- proven through
the REAL runtime (utcp 1.2.0 + utcp-cli 1.1.5, tests/realcli.py) with the fixture
templates themselves, and reported by the rules that own them."""

from __future__ import annotations

import json
import os
import shutil
import stat

import pytest
from conftest import FIXTURES, lint_json
from realcli import call

UL117 = FIXTURES / "rules" / "UL117"
UL121 = FIXTURES / "rules" / "UL121"
needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is missing")


def _tools(path):
    return {t["name"]: t for t in json.loads(path.read_text())["tools"]}


_STUB = """#!/bin/sh
name=$(basename "$0")
line=$(printf '%s\\t' "$name" "$PWD" "${KUBECONFIG:-}" "$@")
printf '%s\\n' "$line" >> "$RECORD"
if [ "$name" = git ] && [ "$1" = clone ]; then for a; do last=$a; done; mkdir -p "$last"; fi
if [ "$name" = git ] && [ "$1" = describe ]; then echo v1.2.3; fi
exit 0
"""


def _stubs(tmp_path, names):
    """Programs ``names`` that record each call as one line of ``$RECORD`` (one write:
    pipeline stages run at once): name TAB working directory TAB $KUBECONFIG TAB args;
    ``git clone … DIR`` makes DIR, ``git describe`` prints a tag."""
    d = tmp_path / "stubs"
    d.mkdir()
    for n in names:
        p = d / n
        p.write_text(_STUB)
        p.chmod(p.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    rec = tmp_path / "record"
    rec.write_text("")
    return {"PATH": f"{d}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}", "RECORD": str(rec)}, rec


def _calls(rec, prog):
    """[(working directory, $KUBECONFIG, [args])] of every call of ``prog``."""
    out = []
    for line in rec.read_text().splitlines():
        name, cwd, kube, *args = line.rstrip("\t").split("\t")
        if name == prog:
            out.append((cwd, kube, args))
    return out


@needs_bash
@pytest.mark.parametrize(
    ("tool", "prog", "value"),
    [
        ("port_probe_loop", "nc", "8080 9090"),
        ("branch_cleanup", "git", "feature/a feature/b"),
        ("item_fetch", "curl", "11 12"),
        ("image_pull", "docker", "web:1 db:2"),
    ],
)
def test_for_list_and_array_substitution_split_the_value(tmp_path, tool, prog, value):
    t = _tools(UL117 / "bad_for_list_substitution.json")[tool]
    work = tmp_path / "work"
    work.mkdir()
    env, rec = _stubs(tmp_path, ["nc", "git", "curl", "jq", "docker"])
    (arg,) = t["inputs"]["properties"]
    try:
        call(t["tool_call_template"], {arg: value}, work, env)
    except Exception:  # a failing step still ran the loop
        pass
    calls = _calls(rec, prog)
    # one value, one call per blank-separated piece: the loop ran once per piece
    assert len(calls) == 2, calls
    a, b = value.split()
    assert a in calls[0][2][-1] and b in calls[1][2][-1], calls


def test_for_list_and_array_substitution_are_split_warnings():
    _code, out = lint_json("--select", "UL117", UL117 / "bad_for_list_substitution.json")
    got = {(f["tool"], f["severity"]) for f in out["findings"]}
    assert got == {
        ("port_probe_loop", "warning"),
        ("branch_cleanup", "warning"),
        ("item_fetch", "warning"),
        ("image_pull", "warning"),
    }
    _code, out = lint_json("--select", "UL117", UL117 / "good_for_list_substitution.json")
    assert out["findings"] == []


def _run(tmp_path, tool, value):
    work = tmp_path / "work"
    work.mkdir(parents=True)
    env, rec = _stubs(tmp_path, ["git", "cmake", "kubectl", "docker", "make"])
    args = dict.fromkeys(tool["inputs"]["properties"], value)
    try:
        call(tool["tool_call_template"], args, work, env)
    except Exception:  # a failing step still ran
        pass
    return work, rec


@needs_bash
def test_state_at_the_end_of_a_step_is_lost_for_the_next_step(tmp_path):
    """The state a step ENDS with is gone in the next step (utcp-cli runs each step in
    its own CMD_i_OUTPUT=$( … )): the fixture templates, run as written."""
    bad = _tools(UL121 / "bad_state_at_end_of_step.json")
    work, rec = _run(tmp_path / "a", bad["cmake_configure"], "Release")
    (_cfg, build) = _calls(rec, "cmake")
    assert build[0] == str(work)  # not work/build: `cmake ..` configures the parent
    work, rec = _run(tmp_path / "b", bad["repo_recent"], "https://example.invalid/r.git")
    assert (work / "repo").is_dir()
    log = [c for c in _calls(rec, "git") if c[2][:1] == ["log"]]
    assert [c[0] for c in log] == [str(work)]  # not in the clone
    _work, rec = _run(tmp_path / "c", bad["pods_in_prod"], "web")
    assert [c[1] for c in _calls(rec, "kubectl") if c[2][:1] == ["get"]] == [""]
    _work, rec = _run(tmp_path / "d", bad["image_build_tagged"], "ctx")
    assert [c[2][2] for c in _calls(rec, "docker")] == ["app:latest"]  # not app:v1.2.3
    # the good shapes keep their state where it is used
    good = _tools(UL121 / "good_state_at_end_of_step.json")
    work, rec = _run(tmp_path / "e", good["cmake_one_step"], "Release")
    assert {c[0] for c in _calls(rec, "cmake")} == {str(work / "build")}


def test_state_at_the_end_of_a_step_is_one_error_at_the_change():
    _code, out = lint_json("--select", "UL121", UL121 / "bad_state_at_end_of_step.json")
    got = sorted((f["tool"], f["severity"], f["message"].split(",")[0]) for f in out["findings"])
    assert got == [
        ("cmake_configure", "error", "step 0 ends with `cd build`"),
        ("image_build_tagged", "error", "step 0 ends with `TAG=$(git describe --tags --abbrev=0)`"),
        ("pods_in_prod", "error", "step 0 ends with `export KUBECONFIG=/etc/kube/prod.yaml`"),
        ("repo_recent", "error", "step 0 ends with `cd repo`"),
    ]
    _code, out = lint_json("--select", "UL121", UL121 / "good_state_at_end_of_step.json")
    assert out["findings"] == []


def test_state_at_the_end_of_a_step_only_when_it_stays_and_is_needed():
    from utcp_lint.template.step_state import lost_state

    def kinds(steps):
        return [(f.kind, f.text, f.trailing) for f in lost_state(steps)]

    assert kinds(["make && cd dist", "ls -l"]) == [("directory", "cd dist", True)]
    assert kinds(["npm ci; export NODE_ENV=production", "npm run build"]) == [
        ("environment", "export NODE_ENV=production", True)
    ]
    assert kinds(["cd sub && make && cd ..", "ls"]) == []  # goes back on purpose
    assert kinds(["cd a && make && cd b", "ls"]) == []  # an earlier cd: a walk of its own
    assert kinds(["make || cd fallback", "ls"]) == []  # only when the work fails
    assert kinds(["make && cd out &", "ls"]) == []  # in the background: a subshell
    assert kinds(["make && cd out", "echo done"]) == []  # prints only
    assert kinds(["make && cd out", "cd /srv && ls"]) == []  # sets its own directory
    assert kinds(["make && cd out && ls", "ls"]) == []  # used in its own step
    assert kinds(["make && X=1", "echo done"]) == []  # nothing later reads X


UL103 = FIXTURES / "rules" / "UL103"


@needs_bash
@pytest.mark.parametrize(
    ("tool", "payload"),
    [
        ("nice_job_env", "1 sh -c touch${IFS}CANARY"),  # env JOB=1 sh -c … printenv JOB
        ("job_with_id", "1 sh -c touch${IFS}CANARY"),  # env JOB_ID=1 sh -c … ./run-job.sh
        ("health_with_timeout", "1 sh -c touch${IFS}CANARY"),  # timeout 1 sh -c … curl …
        ("pods_with_timeout", "1 sh -c touch${IFS}CANARY"),
        ("tool_version", "sh -c touch${IFS}CANARY"),
    ],
)
def test_split_word_in_a_runners_command_position_runs_code(tmp_path, tool, payload):
    """Through the real client: the runner runs the word after the blank (the canary is
    written by the payload, in the tool's working directory)."""
    t = _tools(UL103 / "bad_split_into_runner_command.json")[tool]
    work = tmp_path / "work"
    work.mkdir()
    args = dict.fromkeys(t["inputs"]["properties"], payload)
    try:
        call(t["tool_call_template"], args, work)
    except Exception:  # the tool may fail afterwards: the payload already ran
        pass
    assert (work / "CANARY").exists()
    # a benign value runs the tool as meant and writes nothing
    if tool != "tool_version":
        benign = tmp_path / "benign"
        benign.mkdir()
        try:
            call(t["tool_call_template"], dict.fromkeys(t["inputs"]["properties"], "1"), benign)
        except Exception:
            pass
        assert not (benign / "CANARY").exists()


@needs_bash
@pytest.mark.parametrize("tool", ["pod_logs_timeout", "git_log_clean_env", "health_checked_timeout", "job_env_quoted"])
def test_split_word_after_the_command_is_an_argument(tmp_path, tool):
    t = _tools(UL103 / "good_split_after_runner_command.json")[tool]
    for payload in ("1 sh -c touch${IFS}CANARY", "sh -c touch${IFS}CANARY"):
        work = tmp_path / str(len(payload))
        work.mkdir()
        try:
            call(t["tool_call_template"], dict.fromkeys(t["inputs"]["properties"], payload), work)
        except Exception:
            pass
        assert not (work / "CANARY").exists()


def test_split_word_in_a_runners_command_position_is_one_error():
    _code, out = lint_json("--select", "UL103,UL117", UL103 / "bad_split_into_runner_command.json")
    got = sorted((f["tool"], f["rule"], f["severity"]) for f in out["findings"])
    assert got == [
        ("health_with_timeout", "UL103", "error"),
        ("job_with_id", "UL103", "error"),
        ("nice_job_env", "UL103", "error"),
        ("pods_with_timeout", "UL103", "error"),
        ("tool_version", "UL103", "error"),
    ]
    _code, out = lint_json("--select", "UL103", UL103 / "good_split_after_runner_command.json")
    assert out["findings"] == []


UL166 = FIXTURES / "rules" / "UL166"
needs_openssl = pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is missing")


@needs_openssl
def test_openssl_splits_the_subject_and_the_extension_value(tmp_path):
    """openssl itself parses -subj into '/'-separated attributes and -addext's
    subjectAltName into ','-separated names: one value adds a field (the fixture
    templates through the real client)."""
    import subprocess

    bad = _tools(UL166 / "bad_openssl_name_fields.json")
    work = tmp_path / "a"
    work.mkdir()
    subprocess.run(
        ["openssl", "ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", str(work / "server.key")],
        check=True,
        capture_output=True,
    )
    out = call(bad["csr_for_host"]["tool_call_template"], {"host": "app.local/O=Evil Corp"}, work)
    assert "O = Evil Corp" in str(out) and "CN = app.local" in str(out), out
    work = tmp_path / "b"
    work.mkdir()
    out = call(bad["self_signed_cert"]["tool_call_template"], {"dns": "web.local,IP:10.0.0.1"}, work)
    assert "DNS:web.local" in str(out) and "IP Address:10.0.0.1" in str(out), out
    # a benign value: one field, as meant
    work = tmp_path / "c"
    work.mkdir()
    out = call(bad["self_signed_cert"]["tool_call_template"], {"dns": "web.local"}, work)
    assert "DNS:web.local" in str(out) and "IP Address" not in str(out), out


def test_openssl_name_fields_are_split_warnings():
    _code, out = lint_json("--select", "UL166", UL166 / "bad_openssl_name_fields.json")
    got = sorted((f["tool"], f["severity"], f["message"].split(",")[0]) for f in out["findings"])
    assert got == [
        ("csr_for_host", "warning", "'host' is placed after '/C=US/O=Acme/CN=' in the argument of openssl -subj"),
        (
            "self_signed_cert",
            "warning",
            "'dns' is placed after 'subjectAltName=DNS:' in the argument of openssl -addext",
        ),
    ]
    _code, out = lint_json("--select", "UL166", UL166 / "good_openssl_name_fields.json")
    assert out["findings"] == []
