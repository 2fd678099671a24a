"""Issue 25: adb ``shell:`` service requests (linter/pyscan/adbshell.py).

An adb client writes ``"shell:" + cmd`` (or ``shell,v2:``, ``exec:``) to the adb server;
adbd runs the text after the service name with ``/system/bin/sh -c`` (AOSP
``daemon/shell_service.cpp``).  The canary runs what adbd runs with real ``sh``;
``fixtures/pyscan/adbshell``: a client (connection, device with ``@overload``-ed
``shell``, a raw ``exec:``), a caller module, and a helper of another module that quotes
each word (its calls are not reported), bad and good.
"""

import os
import shlex
import shutil
import subprocess

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "adbshell"


def _adbd(request: str, cwd) -> None:
    """What adbd does with a shell service request: ``sh -c`` of the text after the
    service name (``shell:``, ``shell,v2,raw:``, ``exec:``)."""
    _service, _, command = request.partition(":")
    subprocess.run(["/bin/sh", "-c", command], cwd=cwd, check=False, capture_output=True)


def test_the_device_shell_runs_what_a_value_adds_and_not_what_is_quoted(tmp_path):
    value = "x; touch CANARY_ADB"
    _adbd("shell:" + "echo " + value, tmp_path)
    _adbd("shell:echo " + " ".join(map(shlex.quote, ["echo", "y; touch CANARY_QUOTED"])), tmp_path)
    assert {p.name for p in tmp_path.iterdir()} == {"CANARY_ADB"}


def test_bad_tree_reports_requests_wrappers_and_callers():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert all(f["severity"] == "error" for f in found)
    requests = [f for f in found if f["rule"] == "UL404"]
    assert len(requests) == 3 and all("adb shell: service request" in f["message"] for f in requests)
    # the @overload stubs do not hide the implementation of shell(): logcat's call is a wrapper's
    assert any(f["line"] == 49 and "logcat()" in f["message"] for f in found)
    assert {f["rule"] for f in found if f["path"].endswith("cli.py")} == {"UL411"}
    assert lint_ul4(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []


def test_a_helper_of_another_module_that_does_not_quote_is_reported(tmp_path):
    tree = tmp_path / "bad"
    shutil.copytree(TREE / "bad", tree)
    utils = tree / "droidkit" / "utils.py"
    utils.write_text(utils.read_text().replace("map(shlex.quote, args)", "args"))
    _code, found = lint_ul4(tree)
    lines = {(os.path.basename(f["path"]), f["line"]) for f in found}
    assert ("cli.py", 14) in lines  # the same call, now unquoted
    assert ("cli.py", 14) not in marked_lines(TREE / "bad")
