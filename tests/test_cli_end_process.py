"""Issue 25 (cold CPU): a plain check run from the command line ends its process with the
check's status and without the interpreter's teardown (``utcp_lint.__main__._end_process``:
6.4-6.8M instructions a run), its report written in full; a process with anything left to
do at exit (an atexit callback of its own) exits as before."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "pyscan" / "osname"

# runs the console script's main() as ``utcp-lint`` does, with an object whose finalizer
# speaks when the interpreter's teardown clears the modules
_DRIVER = """
import os, sys, types
class Speaks:
    def __del__(self):
        os.write(2, b"TEARDOWN")
m = types.ModuleType("speaks")
m.obj = Speaks()
sys.modules["speaks"] = m
if sys.argv[1] == "atexit":
    import atexit
    atexit.register(lambda: os.write(2, b"ATEXIT"))
sys.argv = ["utcp-lint"] + sys.argv[2:]
from utcp_lint.__main__ import main
sys.exit(main())
"""


def _run(mode: str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-c", _DRIVER, mode, "--select", "UL4", "--no-config", "--no-cache", *args]
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)


def test_a_check_ends_without_teardown_with_its_status_and_whole_report() -> None:
    done = _run("plain", "--format", "json", ".", cwd=FIX / "bad")
    assert done.returncode == 1  # error findings
    assert "TEARDOWN" not in done.stderr
    report = json.loads(done.stdout)
    assert [f["line"] for f in report["findings"]] == [9, 15]
    clean = _run("plain", "--format", "json", ".", cwd=FIX / "good")
    assert clean.returncode == 0 and json.loads(clean.stdout)["findings"] == []
    assert "TEARDOWN" not in clean.stderr


def test_the_output_file_is_complete(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    done = _run("plain", "--format", "json", "-o", str(out), ".", cwd=FIX / "bad")
    assert done.returncode == 1  # (the atomic writer's cleanup is an atexit callback: the usual exit)
    assert len(json.loads(out.read_text())["findings"]) == 2


def test_an_atexit_callback_keeps_the_usual_exit() -> None:
    done = _run("atexit", "--format", "json", ".", cwd=FIX / "bad")
    assert done.returncode == 1
    assert "ATEXIT" in done.stderr and "TEARDOWN" in done.stderr
    assert len(json.loads(done.stdout)["findings"]) == 2
