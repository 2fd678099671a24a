"""A value in a wrapper's OWN option or operand positions, before the command it runs
(issue 23): ``timeout V cmd`` reads V as its DURATION operand, so a value starting with
'-' is timeout's option and the command word becomes the duration: the call fails and the
command never runs, whatever option the value names (a note: no worse than a bad duration).  Proven through the
real runtime (utcp-cli 1.1.5 via ``UtcpClient``'s protocol, tests/realcli.py) with a
recording program, and the linter's finding (UL150) on the same template; words the
wrapper's grammar reads as an option's value (``nice -n V``, ``timeout -k V 60``) or after
``--`` are not reported."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from realcli import call, lint_steps, recording_shim, shim_env

pytestmark = pytest.mark.skipif(shutil.which("timeout") is None, reason="coreutils timeout missing")


def _lint(tmp_path: Path, commands: list[str]) -> list[dict]:
    return lint_steps(tmp_path, commands, "UL150")


def test_timeout_duration_slot_takes_an_option_through_the_real_client(tmp_path: Path) -> None:
    shim_dir = tmp_path / "bin"
    recording_shim(shim_dir, "probe")
    record = tmp_path / "record.json"
    tpl = {"commands": ["timeout UTCP_ARG_secs_UTCP_END probe --verbose"]}
    env = shim_env(shim_dir, record)
    # benign: the program runs with its own words
    call(tpl, {"secs": "5"}, tmp_path, env)
    assert json.loads(record.read_text())["options"] == ["--verbose"]
    record.unlink()
    # an option in the DURATION slot: timeout reads it, the program word becomes the duration
    out = call(tpl, {"secs": "--signal=KILL"}, tmp_path, env)
    assert not record.exists()
    assert "invalid time interval" in str(out) and "probe" in str(out)
    # whatever option it names, the program never runs (the words after it shift)
    for value in ("--help", "-v", "--foreground", "-k1", "--preserve-status", "-sKILL"):
        call(tpl, {"secs": value}, tmp_path, env)
        assert not record.exists(), value
    # `--` before it: the same value is a (rejected) duration, never an option
    out = call(
        {"commands": ["timeout -- UTCP_ARG_secs_UTCP_END probe --verbose"]}, {"secs": "--signal=KILL"}, tmp_path, env
    )
    assert "invalid time interval" in str(out) and "--signal=KILL" in str(out)
    got = _lint(tmp_path, tpl["commands"])
    # the only effect is that the call fails (the command never runs): a note, not a warning
    assert [(f["rule"], f["severity"]) for f in got] == [("UL150", "note")]
    assert "of timeout" in got[0]["message"] and "put -- before" in got[0]["message"]


@pytest.mark.parametrize(
    "command",
    [
        "timeout -- UTCP_ARG_v_UTCP_END df -h /",
        "timeout -k UTCP_ARG_v_UTCP_END 60 git -C /srv/repo fetch --quiet origin",
        "timeout -s UTCP_ARG_v_UTCP_END 5 df",
        "nice -n UTCP_ARG_v_UTCP_END tar -czf /tmp/out.tgz -C /srv/data .",
        "ionice -c UTCP_ARG_v_UTCP_END rsync -a /srv/data/ /backup/data/",
    ],
)
def test_wrapper_option_values_are_not_reported(tmp_path: Path, command: str) -> None:
    assert _lint(tmp_path, [command]) == []


def test_nice_adjustment_value_is_its_argument_through_the_real_client(tmp_path: Path) -> None:
    # `nice -n V cmd`: getopt takes the next word as -n's argument whatever it starts with
    shim_dir = tmp_path / "bin"
    recording_shim(shim_dir, "probe")
    record = tmp_path / "record.json"
    out = call(
        {"commands": ["nice -n UTCP_ARG_v_UTCP_END probe --verbose"]},
        {"v": "--version"},
        tmp_path,
        shim_env(shim_dir, record),
    )
    assert not record.exists() and "invalid adjustment" in str(out)


@pytest.mark.parametrize(
    ("command", "wrapper"),
    [
        ("timeout UTCP_ARG_v_UTCP_END kubectl get pods -o wide", "timeout"),
        ("chroot UTCP_ARG_v_UTCP_END ls -la /etc", "chroot"),
        ("nice -n 5 timeout UTCP_ARG_v_UTCP_END df", "timeout"),
        ("taskset -c UTCP_ARG_v_UTCP_END make -j4", "taskset"),
        ("chrt -f UTCP_ARG_v_UTCP_END make -j4", "chrt"),
    ],
)
def test_wrapper_operand_reported(tmp_path: Path, command: str, wrapper: str) -> None:
    got = _lint(tmp_path, [command])
    assert len(got) == 1 and f"of {wrapper} before the command it runs" in got[0]["message"]


def test_taskset_and_chrt_are_looked_through(tmp_path: Path) -> None:
    # the command after the mask / priority is the program whose options the value meets
    got = _lint(tmp_path, ["taskset -c 0-3 git log UTCP_ARG_v_UTCP_END"])
    assert [(f["severity"], "of git log" in f["message"]) for f in got] == [("error", True)]
    assert _lint(tmp_path, ["chrt -f 10 make -s -C /srv/app -- UTCP_ARG_v_UTCP_END"]) == []
