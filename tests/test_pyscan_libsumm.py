"""Library runners found by the engine's summaries of the libraries' own source (issue 25,
linter/pyscan/libsumm.py, scripts/gen_lib_summaries.py -> linter/data/lib_summaries.json).

``fixtures/pyscan/libsumm``: bad: every ``# FLAG`` line and nothing else -- pytest-shutil's
``Workspace.run(cmd)`` (the library sets ``shell = True`` for a ``str`` command) called on an
instance, inherited as ``self.run`` by a subclass and through ``super().run``, and
command_runner's ``command_runner(cmd, shell=True)``, and a subclass's own ``run`` forwarding
to ``super().run(args, **kwargs)`` (reported there; its constructor's list, built as
``list(args) if args else [...]`` then extended, is an argv and is not); good: the same calls with ``shlex.quote``-d
values, an argv list, a constant command, ``shell`` left at its default (False), and a subclass
that defines its own ``run``.  The canary test runs the fixture's flagged helpers against real
``/bin/sh`` with a payload that touches a file: the stand-ins do what the libraries' lines (quoted
in the table's sources) do; where the libraries themselves are installed, they are used."""

import importlib
import json
import os
import shlex
import subprocess
import sys
import types
from pathlib import Path

from conftest import FIXTURES, lint_ul4, marked_lines, programs_on_path, where_found

from utcp_lint.pyscan import libsumm

ROOT = Path(__file__).resolve().parent.parent
TREE = FIXTURES / "pyscan" / "libsumm"
sys.path.insert(0, str(ROOT / "scripts"))
import gen_lib_summaries  # noqa: E402


def test_bad_tree_reports_every_generated_runner_and_nothing_else():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    for f in found:
        assert f["rule"] == "UL404" and f["severity"] == "error" and f["column"] > 0, f
    by = {(os.path.basename(f["path"]), f["line"]): f["message"] for f in found}
    assert "pytest_shutil.workspace.Workspace.run" in by[("envs.py", 13)]  # inherited self.run
    assert "'pkg_name'" in by[("envs.py", 16)]  # super().run
    assert "command_runner.command_runner" in by[("archive.py", 7)]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert found == [] and code == 0


def test_committed_table_checks_offline():
    assert gen_lib_summaries.check() == []
    data = json.loads(gen_lib_summaries.OUT.read_text(encoding="utf-8"))
    assert len(data["libraries"]) >= 30
    for dist, version, licence in data["libraries"]:
        assert dist and version and licence
    for e in data["entries"]:
        # the library's file and line the fact comes from
        assert e["source"].rsplit(":", 1)[1].isdigit(), e
        assert not any(p.startswith("_") for p in e["name"].split(".")), e


def test_check_rejects_a_broken_table(tmp_path):
    data = json.loads(gen_lib_summaries.OUT.read_text(encoding="utf-8"))
    e = dict(data["entries"][0], library="not-listed")
    p = tmp_path / "t.json"
    p.write_text(json.dumps(dict(data, entries=[e] + data["entries"][1:])))
    assert any("not in LIBRARIES" in x for x in gen_lib_summaries.check(p))
    p.write_text(json.dumps(dict(data, entries=list(reversed(data["entries"])))))
    assert any("not sorted" in x for x in gen_lib_summaries.check(p))
    p.write_text("{")
    assert gen_lib_summaries.check(p)


def test_entries_become_runners_with_their_default():
    ws = libsumm.generated_runner("pytest_shutil.workspace.Workspace.run")
    assert ws is not None and ws.mode == "string" and ws.pos == 0 and "pytest_shutil/workspace.py:" in ws.source
    cr = libsumm.generated_runner("command_runner.command_runner")
    assert cr is not None and cr.mode == "flag" and cr.flag == "shell"
    assert libsumm.generated_runner("subprocess.run") is None
    assert libsumm.gen_attrs(set()) == frozenset()
    assert "run" in libsumm.gen_attrs({"pytest_shutil"})


def test_the_forced_text_shell_is_read_from_the_source():
    src = (
        "import subprocess\n"
        "def run(cmd, shell=False):\n"
        "    if isinstance(cmd, str):\n"
        "        shell = True\n"
        "    return subprocess.Popen(cmd, shell=shell)\n"
    )
    at = src.index("subprocess.Popen")
    assert gen_lib_summaries._forced_for_text(src, at, "shell")
    assert not gen_lib_summaries._forced_for_text(src.replace("shell = True", "shell = False"), at, "shell")


def _stand_ins(monkeypatch):
    """pytest_shutil.workspace and command_runner as their source runs a command (the lines the
    table cites): ``if isinstance(cmd, str): shell = True`` then ``Popen(cmd, shell=shell)``;
    ``command_runner(command, shell=False)`` -> ``Popen(command, shell=shell)``."""
    if importlib.util.find_spec("pytest_shutil") is None:
        ws = types.ModuleType("pytest_shutil.workspace")

        class Workspace:
            def run(self, cmd, capture=False, shell=False, **kwargs):
                if isinstance(cmd, str):
                    shell = True
                return subprocess.call(cmd, shell=shell, **kwargs)

        ws.Workspace = Workspace
        monkeypatch.setitem(sys.modules, "pytest_shutil", types.ModuleType("pytest_shutil"))
        monkeypatch.setitem(sys.modules, "pytest_shutil.workspace", ws)
    if importlib.util.find_spec("command_runner") is None:
        cr = types.ModuleType("command_runner")

        def command_runner(command, shell=False, **kwargs):
            # command_runner 1.7.6 __init__.py 602-606: on POSIX a string without shell is
            # shlex.split, a list with shell=True joined with spaces
            if not shell and isinstance(command, str):
                command = shlex.split(command)
            elif shell and isinstance(command, list):
                command = " ".join(command)
            return subprocess.call(command, shell=shell), ""

        cr.command_runner = command_runner
        monkeypatch.setitem(sys.modules, "command_runner", cr)


def test_canary_flagged_helpers_run_the_payload_with_sh(tmp_path, monkeypatch):
    _stand_ins(monkeypatch)
    # pip and tar that only print their argv: the payload's ``touch`` is what sh runs
    programs_on_path(tmp_path, monkeypatch, {"pip": '#!/bin/sh\necho "$@"\n', "tar": '#!/bin/sh\necho "$@"\n'})
    monkeypatch.chdir(tmp_path)
    for tree in ("bad", "good"):
        monkeypatch.syspath_prepend(str(TREE / tree))
        for m in [k for k in sys.modules if k == "devenv" or k.startswith("devenv.")]:
            monkeypatch.delitem(sys.modules, m)
        envs = importlib.import_module("devenv.envs")
        archive = importlib.import_module("devenv.archive")
        canary = tmp_path / f"canary-{tree}"
        payload = f"x; touch {canary} #"
        envs.install(payload, "1")
        if tree == "bad":
            envs.VirtualEnv().install_package(payload)
            envs.VirtualEnv().uninstall(payload)
            archive.pack(payload, "out.tgz")
            assert canary.exists(), "the flagged helpers run the payload through sh"
        else:
            envs.VirtualEnv().install_package(payload)
            archive.pack(payload, "out.tgz")
            assert not canary.exists(), "quoted values, an argv and no shell keep it a word"
        sys.path.remove(str(TREE / tree))


def test_a_missing_data_file_is_an_empty_table(tmp_path, monkeypatch):
    monkeypatch.setattr(libsumm, "_PATH", str(tmp_path / "missing.json"))
    monkeypatch.setattr(libsumm, "_table", None)
    assert libsumm.generated_runner("pytest_shutil.workspace.Workspace.run") is None
    monkeypatch.setattr(libsumm, "_table", None)  # the real table again for the next tests
