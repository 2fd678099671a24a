import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
SHARED = ROOT.parent / "shared"


class StepCount:
    """Counts the Python function calls and line events run while active
    (``sys.settrace``; PEP 626 gives one line event per loop iteration,
    comprehensions included): ``with StepCount() as c: ...``, then ``c.steps``
    (readable mid-run too: the budget tests' clock).  A deterministic measure of
    work: CPU time on a shared 2-core CI machine drifted across the scaling
    tests' bounds (a linear shape read x2.60 for 2x the input under load), while
    this count of the same run is the same on an idle and a loaded machine.  Work
    in C (parsing, regex) is not counted; those libraries are linear themselves."""

    def __init__(self):
        self.steps = 0
        self._old = None

    def _trace(self, frame, event, arg):
        self.steps += 1
        return self._trace

    def __enter__(self):
        self._old = sys.gettrace()
        sys.settrace(self._trace)
        return self

    def __exit__(self, *exc):
        sys.settrace(self._old)


def python_steps(fn):
    """``(steps, result)`` of ``fn()``: its work in Python steps (:class:`StepCount`)."""
    with StepCount() as count:
        out = fn()
    return count.steps, out


def run_cli(*args, input=None, cwd=None, env=None):
    """Run the installed console script in a subprocess (end to end)."""
    exe = Path(sys.executable).parent / "utcp-lint"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "utcp_lint.cli.app"]
    return subprocess.run(
        cmd + [str(a) for a in args], capture_output=True, text=True, input=input, cwd=cwd or ROOT, env=env, timeout=300
    )


def lint_ul4(path, seed="0"):
    """(exit code, findings) of the Python scan (UL4xx, JSON) on ``path`` under
    ``PYTHONHASHSEED=seed`` (findings must not depend on it)."""
    env = dict(os.environ, PYTHONHASHSEED=seed)
    r = run_cli("--select", "UL4", "--no-config", "--no-cache", "--format", "json", str(path), env=env)
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)["findings"]


def where_found(tree, found):
    """(path relative to ``tree``, line) of each finding: compared with :func:`marked_lines`."""
    return {(os.path.relpath(FIXTURES.parent / f["path"], tree), f["line"]) for f in found}


def lint_json(*args, cwd=None):
    r = run_cli("--format", "json", "--no-config", *args, cwd=cwd)
    assert r.returncode in (0, 1, 2), r.stderr
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)


def flagged_tree(bad):
    """``(findings, by (file name, line))`` of the Python scan on a fixture tree whose lines
    marked ``# FLAG`` are exactly the lines it must report (asserted, with exit code 1)."""
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    return found, {(os.path.basename(f["path"]), f["line"]): f for f in found}


def project_ul4(tree):
    """(exit code, findings) of the Python scan (UL4xx, JSON) on the tree, its own project root,
    asserting the run reported no error."""
    code, out = lint_json("--no-cache", "--select", "UL4", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return code, out["findings"]


def marked_lines(tree, mark="# FLAG"):
    """(path relative to ``tree``, line number) of every line of the tree's ``.py`` files
    holding ``mark``: the lines a fixture tree says must be reported."""
    return {
        (str(p.relative_to(tree)), i)
        for p in sorted(tree.rglob("*.py"))
        for i, line in enumerate(p.read_text().splitlines(), 1)
        if mark in line
    }


@pytest.fixture
def cli():
    return run_cli


def _choose_sandbox():
    """Runners without unprivileged user namespaces (some CI images) cannot build
    the full verify sandbox; fall back to the weak one there so the dynamic rule
    tests still run (and say so in the test header)."""
    try:
        from utcp_lint.executor.sandbox import probe

        probe()
        return "namespaces"
    except Exception as e:  # SandboxUnavailable or a missing tool
        os.environ["UTCP_LINT_WEAK_SANDBOX"] = "1"
        return f"weak ({e})"


SANDBOX = _choose_sandbox()


def pytest_report_header(config):
    return f"utcp-lint verify sandbox: {SANDBOX}"


def project_outputs_by_seed(tree, seeds=("0", "1", "12345"), select="UL4", project_root=True) -> set:
    """The JSON outputs of a project lint of ``tree`` under each ``PYTHONHASHSEED`` (each run
    must report something: exit 1): one element when the findings do not depend on it."""
    import os

    outs = set()
    root = ("--project-root", ".") if project_root else ()
    for seed in seeds:
        env = dict(os.environ, PYTHONHASHSEED=seed)
        r = run_cli("--format", "json", "--no-cache", "--no-config", "--select", select, *root, ".", cwd=tree, env=env)
        assert r.returncode == 1, r.stderr
        outs.add(r.stdout)
    return outs


def programs_on_path(tmp_path, monkeypatch, programs: dict) -> Path:
    """Executable stand-ins (name -> shell script text) in ``tmp_path/bin``, put first on
    ``PATH`` for the test: programs that do what the real ones do with their argv (a canary
    test needs no docker, ssh or device).  Returns the directory."""
    bindir = tmp_path / "bin"
    bindir.mkdir(exist_ok=True)
    for name, text in programs.items():
        fake = bindir / name
        fake.write_text(text)
        fake.chmod(fake.stat().st_mode | 0o111)
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ['PATH']}")
    return bindir


def load_fixture_module(path, prefix="fx"):
    """Import the fixture file ``path`` as a fresh module of its own (its code is run by the
    canary tests), named ``{prefix}_{parent}_{stem}`` so no two fixtures share a name."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"{prefix}_{path.parent.name}_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def ul4_findings(path):
    """(exit code, findings) of the Python-source rules on ``path``; no load error allowed."""
    code, out = lint_json("--no-cache", "--select", "UL4", path)
    assert not out["errors"], out["errors"]
    return code, out["findings"]


def project_findings(tree, select="UL4"):
    """(exit code, findings) of a project lint of ``tree`` (``--project-root .``, run inside it)."""
    code, out = lint_json("--no-cache", "--no-config", "--select", select, "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return code, out["findings"]


# a stand-in ssh: OpenSSH ssh.c reads its options (those of programs.SSH_VALUES take a
# value), the destination, options again after it and ``--``; the words left are joined
# with " " into the command the remote user's shell runs (``sh -c`` with the joined string)
FAKE_SSH = """#!/bin/sh
dest=""
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; [ -n "$dest" ] && break; continue;;
    -[bcDEeFIiJLlmOopQRSWw]) shift 2;;
    -*) shift;;
    *) if [ -n "$dest" ]; then break; fi; dest="$1"; shift;;
  esac
done
exec /bin/sh -c "$*"
"""
