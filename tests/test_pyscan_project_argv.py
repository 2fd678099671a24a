"""Cross-module argv helpers and shells named by a variable (issue 25, UL411/UL403).

End to end through the CLI on ``fixtures/pyscan/crossmod_argv``: a helper
module (argv builders that return ``["bash", "-c", script]`` or ``["ssh",
host, command]``, a shell taken from ``$SHELL``, argv runners ``run_argv(args)``
and ``cmd_output(*cmd)``) re-exported by its package (``from .procs import *``)
and under another name (``from .procs import run_argv as run_safe``), and a
caller module.  Every ``# FLAG`` line of the bad tree gets exactly one UL411
finding naming the helper's module; the good tree (the same helpers with
constants, ``shlex.quote`` and plain argv lists) stays quiet; the flows are
real (the fixture's own code, called with a payload, writes a canary).
"""

import importlib
import importlib.util
import json
import os
import re
import shutil
import sys

import pytest
from conftest import FIXTURES, lint_json, run_cli

TREE = FIXTURES / "pyscan" / "crossmod_argv"


def _marked(tree, mark):
    out = set()
    for p in sorted(tree.rglob("*.py")):
        for i, line in enumerate(p.read_text().splitlines(), 1):
            if f"# {mark}" in line:
                out.add((str(p.relative_to(tree)), i))
    return out


def _lint(tree, *extra):
    code, out = lint_json("--no-cache", "--select", "UL4", "--project-root", ".", *extra, ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return code, out["findings"]


def test_every_flow_through_an_argv_helper_is_reported_once_at_the_feeding_call():
    code, fs = _lint(TREE / "bad")
    assert code == 1
    got = sorted((f["path"], f["line"]) for f in fs if f["rule"] == "UL411")
    assert got == sorted(_marked(TREE / "bad", "FLAG")), got
    by_line = {(f["path"], f["line"]): f["message"] for f in fs if f["rule"] == "UL411"}
    # the argv a helper returns: the related location is its return in procs.py
    assert "'path' (unquoted) to ssh_argv()" in by_line[("ops/deploy.py", 13)]
    assert "ops/procs.py:14" in by_line[("ops/deploy.py", 13)]
    assert "'app' (unquoted) to bash_argv()" in by_line[("ops/deploy.py", 21)]
    # $SHELL named by a variable in the helper
    assert "user_shell_argv()" in by_line[("ops/deploy.py", 25)]
    # argv runners: through the explicit alias and the package's star re-export
    assert "bash -c started through run_argv()" in by_line[("ops/deploy.py", 29)]
    assert "ssh host <command> started through cmd_output()" in by_line[("ops/deploy.py", 33)]
    # an interpreter named by a variable: python + ["-c", code]
    assert "python -c started through run_argv()" in by_line[("ops/deploy.py", 37)]
    assert "sys.argv" in by_line[("ops/deploy.py", 41)]
    # os.spawnve(mode, argv[0], argv, env) runs an argv: a shell named by a variable, "-c"
    # or (cmd.exe's) "/C" with a value, in the runner's own file
    assert "sh -c started through exec_spawn()" in by_line[("ops/spawn.py", 11)]
    assert "cmd /C started through exec_spawn()" in by_line[("ops/spawn.py", 15)]
    # an ssh argv prefix returned by a module that runs nothing itself: what callers append is the remote command
    assert "the command appended to the argv ssh_base() returns" in by_line[("ops/remote.py", 9)]
    assert "ops/sshutil.py:5" in by_line[("ops/remote.py", 15)]
    # inside the helper module: os.execvpe(shell, [shell, "-c", command]) is the file's own sink
    own = {(f["path"], f["line"]) for f in fs if f["rule"] == "UL403"}
    assert own == _marked(TREE / "bad", "UL403"), own
    assert {f["rule"] for f in fs} == {"UL411", "UL403"}


def test_the_same_helpers_used_safely_stay_quiet():
    code, fs = _lint(TREE / "good")
    assert (code, fs) == (0, [])


def test_sarif_relates_the_returned_argv_and_the_runner():
    r = run_cli("--format", "sarif", "--no-config", "--no-cache", "--select", "UL411", ".", cwd=TREE / "bad")
    assert r.returncode == 1, r.stderr
    results = json.loads(r.stdout)["runs"][0]["results"]
    assert len(results) == len(_marked(TREE / "bad", "FLAG"))
    for res in results:
        rel = res["relatedLocations"]
        assert rel[-1]["physicalLocation"]["artifactLocation"]["uri"].endswith(
            ("ops/procs.py", "ops/spawn.py", "ops/sshutil.py")
        ), rel
    texts = {x["message"]["text"] for res in results for x in res["relatedLocations"]}
    assert "the ssh host <command> argv ssh_argv() returns runs the command here" in texts
    assert "subprocess.Popen runs the command here" in texts
    assert "os.spawnve runs the command here" in texts


def test_one_file_alone_gets_its_own_cross_function_flows(tmp_path):
    """A file linted alone (named on the command line; one text in the language
    server or the --fix re-lint) is a tree of one module: a shell flag passed to
    its own wrapper and an argv runner fed a shell argv are reported as in a tree."""
    src = (
        "import subprocess\n\n\n"
        "def run(cmd, shell=False):\n"
        "    return subprocess.run(cmd, shell=shell, check=True)\n\n\n"
        "def cmd_output(*cmd):\n"
        "    return subprocess.check_output(cmd, text=True)\n\n\n"
        "def checkout(ref):\n"
        "    return run('git checkout ' + ref, shell=True)\n\n\n"
        "def remote_ls(host, path):\n"
        "    return cmd_output('ssh', host, 'ls -l ' + path)\n"
    )
    (tmp_path / "tasks.py").write_text(src)
    code, out = lint_json("--no-cache", "--select", "UL411", "tasks.py", cwd=tmp_path)
    assert code == 1 and not out["errors"]
    assert sorted(f["line"] for f in out["findings"]) == [13, 17]
    # one text through Linter.lint_python: the language server and the --fix re-lint
    from utcp_lint.engine import Linter, RunResult, Target
    from utcp_lint.ruleset.rule import all_rules

    linter = Linter([r for rid, r in all_rules().items() if rid == "UL411"])
    linter.use_cache = False
    result = RunResult()
    linter.lint_python(src, Target("tasks.py", "tasks.py", True), result)
    assert not result.errors
    assert sorted((f.rule, f.line) for f in result.findings) == [("UL411", 13), ("UL411", 17)]


def test_a_variable_named_for_a_shell_is_read_as_one_but_only_with_code(tmp_path):
    """``[shell, "-c", cmd]`` with ``shell`` a parameter, ``os.environ["SHELL"]``,
    ``COMSPEC``: the code argument is the shell's; the same heads with a constant
    script, with ``-l`` only, or a variable named for something else stay quiet."""
    (tmp_path / "m.py").write_text(
        "import os\nimport subprocess\n\n\n"
        "def a(command, shell='/bin/bash'):\n"
        "    os.execvpe(shell, [shell, '-c', command], os.environ)\n\n\n"
        "def b(command):\n"
        "    subprocess.run([os.environ['SHELL'], '-c', command])\n\n\n"
        "def c(line):\n"
        "    comspec = os.environ.get('COMSPEC', 'cmd.exe')\n"
        "    subprocess.run([comspec, '/c', line])\n\n\n"
        "def d(shell):\n"
        "    subprocess.run([shell, '-c', 'echo ready'])\n"
        "    subprocess.run([shell, '-l'])\n\n\n"
        "def e(tool, value):\n"
        "    subprocess.run([tool, '-c', value])\n"
    )
    code, out = lint_json("--no-cache", "--select", "UL403", "m.py", cwd=tmp_path)
    errors = sorted(f["line"] for f in out["findings"] if f["severity"] == "error")
    assert errors == [6, 10, 15], out["findings"]
    assert all(f["line"] == 19 for f in out["findings"] if f["severity"] != "error")  # constant script: a note


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_flagged_flows_really_run_the_payload(tmp_path, monkeypatch):
    """The fixture's own code, called with a payload, writes the canary through
    the helper of the other module: the flows are real shells."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    monkeypatch.setenv("SHELL", shutil.which("bash"))
    for m in [m for m in sys.modules if m == "ops" or m.startswith("ops.")]:
        monkeypatch.delitem(sys.modules, m)
    deploy = importlib.import_module("ops.deploy")
    calls = {
        "rollout": ("x; touch C_rollout",),
        "shell_out": ("touch C_shell_out",),
        "unpack": ("x; touch C_unpack; true",),
        "has_module": ([sys.executable], "os; open('C_has_module', 'w').close()"),
    }
    for fn, args in calls.items():
        try:
            getattr(deploy, fn)(*args)
        except Exception:  # the commands themselves may fail (no kubectl, no archive): the canary decides
            pass
    spawn = importlib.import_module("ops.spawn")
    spawn.spawn_posix(shutil.which("sh"), ["true;", "touch", "C_spawn"], dict(os.environ))
    calls["spawn"] = ()
    made = sorted(p.name for p in tmp_path.iterdir() if re.match(r"C_", p.name))
    assert made == sorted("C_" + k for k in calls), made
    # the good tree's callers, same payloads: nothing runs
    for m in [m for m in sys.modules if m == "ops" or m.startswith("ops.")]:
        monkeypatch.delitem(sys.modules, m)
    monkeypatch.syspath_prepend(str(TREE / "good"))
    sys.path.remove(str(TREE / "bad"))
    good = importlib.import_module("ops.deploy")
    assert os.path.dirname(good.__file__).endswith(os.path.join("good", "ops"))
    for fn, args in {
        "checksum": ("x; touch C_good_checksum",),
        "has_module": ([sys.executable], "os; open('C_good_has_module', 'w').close()"),
    }.items():
        try:
            getattr(good, fn)(*args)
        except Exception:
            pass
    gspawn = importlib.import_module("ops.spawn")
    gspawn.spawn_posix(shutil.which("sh"), ["true;", "touch", "C_good_spawn"], dict(os.environ))
    gspawn.spawn_args(shutil.which("sh"), ["true;", "touch", "C_good_spawn_args"], dict(os.environ))
    assert not list(tmp_path.glob("C_good_*"))


def _tree(tmp_path, files):
    for name, text in files.items():
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return tmp_path


_UTIL = (
    "import subprocess\n\n\n"
    "def cmd_output_b(*cmd, check=True, **kwargs):\n"
    "    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, **kwargs)\n"
    "    return proc.communicate()[0]\n\n\n"
    "def cmd_output(*cmd, **kwargs):\n"
    "    return cmd_output_b(*cmd, **kwargs)\n\n\n"
    "def sh(*args, **kwargs):\n"
    "    return subprocess.run(' '.join(args), shell=True, check=True, **kwargs)\n"
)


def test_star_args_wrappers_across_modules(tmp_path):
    """``*cmd`` forwarded through two wrappers into ``Popen(cmd, **kwargs)``: no
    caller passes ``shell=``, so the pass-through is no shell (pre-commit's
    ``cmd_output_b``); a caller that does pass ``shell=True`` is reported, and
    ``sh("git", "log", ref)`` fills the ``*args`` joined into a shell string."""
    good = _tree(
        tmp_path / "good",
        {
            "pkg/__init__.py": "",
            "pkg/util.py": _UTIL.split("\n\n\ndef sh(")[0] + "\n",
            "pkg/git.py": (
                "from .util import cmd_output\n\n\n"
                "def log(ref):\n    return cmd_output('git', 'log', '--oneline', ref)\n\n\n"
                "def show(ref, **kwargs):\n    return cmd_output('git', 'show', ref, cwd='/srv', **kwargs)\n"
            ),
        },
    )
    code, fs = _lint(good)
    assert [f for f in fs if f["rule"] in ("UL401", "UL411")] == [], fs
    bad = _tree(
        tmp_path / "bad",
        {
            "pkg/__init__.py": "",
            "pkg/util.py": _UTIL,
            "pkg/git.py": (
                "from .util import cmd_output, sh\n\n\n"
                "def log(ref):\n    return sh('git', 'log', '--oneline', ref)\n\n\n"
                "def grep(pattern):\n    return cmd_output('git grep ' + pattern, shell=True)\n"
            ),
        },
    )
    code, fs = _lint(bad)
    got = sorted((f["path"], f["line"]) for f in fs if f["rule"] == "UL411")
    assert got == [("pkg/git.py", 5), ("pkg/git.py", 9)], fs
    msg = {f["line"]: f["message"] for f in fs if f["rule"] == "UL411"}
    assert "'ref' (unquoted) to sh()" in msg[5]
    assert "shell=True passed through **kwargs of cmd_output()" in msg[9]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_a_script_written_with_data_and_run_directly_runs_the_data(tmp_path, monkeypatch):
    """The bad fixture's ``deploy_hook`` writes the value into a script and runs
    the file itself (its ``#!`` line picks bash): the payload runs; the good
    fixture's hook passes the value as ``$1`` and runs nothing."""
    monkeypatch.chdir(tmp_path)
    fx = FIXTURES / "rules" / "UL403"
    for name, payload in (("bad_script_file", "touch C_bad"), ("good_script_file", "x; touch C_good")):
        spec = importlib.util.spec_from_file_location(name, fx / f"{name}.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        try:
            if name.startswith("bad"):
                mod.deploy_hook(payload, str(tmp_path))
            else:
                mod.restart_hook(str(tmp_path / "hook.sh"), payload)
        except Exception:  # systemctl may be missing or refuse: the canary decides
            pass
    assert (tmp_path / "C_bad").exists()
    assert not (tmp_path / "C_good").exists()


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_a_script_on_stdin_runs_the_data(tmp_path, monkeypatch):
    """``bash -s`` fed ``input=``: the bad fixture's payload writes the canary;
    the good fixture's constant script takes the value as ``$1`` and runs nothing."""
    monkeypatch.chdir(tmp_path)
    fx = FIXTURES / "rules" / "UL403"
    spec = importlib.util.spec_from_file_location("bad_stdin_script", fx / "bad_stdin_script.py")
    bad = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bad)
    bad.provision("touch C_stdin")
    spec = importlib.util.spec_from_file_location("good_stdin_script", fx / "good_stdin_script.py")
    good = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(good)
    good.greet("x; touch C_good")
    assert (tmp_path / "C_stdin").exists()
    assert not (tmp_path / "C_good").exists()


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_appended_remote_command_runs_in_the_remote_shell(tmp_path, monkeypatch):
    """ssh(1) joins the words after the host and hands them to the remote user's
    shell: a stand-in ``ssh`` on PATH that does exactly that (sh -c on the joined
    words) runs the payload appended by the bad tree and not the quoted one."""
    fake = tmp_path / "bin" / "ssh"
    fake.parent.mkdir()
    fake.write_text('#!/bin/sh\nwhile [ "$1" = -p ] || [ "$1" = -o ]; do shift 2; done\nshift\nexec sh -c "$*"\n')
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.chdir(tmp_path)
    for tree, name in ((TREE / "bad", "C_remote_bad"), (TREE / "good", "C_remote_good")):
        monkeypatch.syspath_prepend(str(tree))
        for m in [m for m in sys.modules if m == "ops" or m.startswith("ops.")]:
            monkeypatch.delitem(sys.modules, m)
        mod = importlib.import_module("ops.remote")
        try:
            mod.remote_ls("host", f"x; touch {name}")
        except Exception:  # ls fails on the odd name: the canary decides
            pass
        sys.path.remove(str(tree))
    assert (tmp_path / "C_remote_bad").exists()
    assert not (tmp_path / "C_remote_good").exists()
