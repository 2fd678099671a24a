"""The library table's list chosen from public catalogues (issue 25, session 49:
scripts/gen_lib_summaries.py, linter/data/lib_summaries.json, linter/pyscan/libsumm.py).

End to end: the CLI on small trees that call entries added from the import ranking
(cloudmesh-common's ``Shell.run``, imported as the namespace subpackage ``cloudmesh.common``)
and from the download catalogue (prompt_toolkit's ``Application.run_system_command`` on an
instance the function makes, Robot Framework's ``OperatingSystem.run``): a parameter reaching them is reported with the library's
entry, a constant or a quoted value is not.  Then the generator's pieces the new list depends
on: the ranking counts a namespace package per subpackage (a tree shipping ``cloudmesh/git``
still imports ``cloudmesh.common`` from another distribution), the cheap grep finds the shell
sinks a catalogue's archive writes, and an argv a library function returns (a command built
for another runner) is not an entry, while one it runs is."""

import sys
from pathlib import Path

from conftest import project_ul4

from utcp_lint.pyscan import libsumm

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import gen_lib_summaries  # noqa: E402


def _tree(tmp_path, files):
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return tmp_path


def _messages(found):
    return {(Path(f["path"]).name, f["line"]): f["message"] for f in found}


def test_cloudmesh_shell_run_with_a_parameter_is_reported(tmp_path):
    tree = _tree(
        tmp_path,
        {
            "vmtool/multipass.py": (
                "from cloudmesh.common.Shell import Shell\n"
                "\n"
                "\n"
                "def delete(name):\n"
                '    return Shell.run(f"multipass delete {name} --purge")\n'
                "\n"
                "\n"
                "def version():\n"
                '    return Shell.run("multipass version")\n'
            ),
        },
    )
    code, found = project_ul4(tree)
    assert code == 1
    by = _messages(found)
    assert set(by) == {("multipass.py", 5)}, by
    assert "cloudmesh.common.Shell.Shell.run" in by[("multipass.py", 5)]
    assert all(f["rule"] == "UL404" for f in found)


def test_cloudmesh_shell_run_with_a_constant_or_quoted_value_is_quiet(tmp_path):
    tree = _tree(
        tmp_path,
        {
            "vmtool/multipass.py": (
                "import shlex\n"
                "\n"
                "from cloudmesh.common.Shell import Shell\n"
                "\n"
                "\n"
                "def delete(name):\n"
                '    return Shell.run(f"multipass delete {shlex.quote(name)} --purge")\n'
                "\n"
                "\n"
                "def version():\n"
                '    return Shell.run("multipass version")\n'
            ),
        },
    )
    code, found = project_ul4(tree)
    assert found == [] and code == 0


def test_catalogue_entries_on_an_instance_are_reported(tmp_path):
    tree = _tree(
        tmp_path,
        {
            "cli/app.py": (
                "from prompt_toolkit.application import Application\n"
                "from robot.libraries.OperatingSystem import OperatingSystem\n"
                "\n"
                "\n"
                "def shell_out(line):\n"
                "    app = Application()\n"
                "    app.run_system_command(line)\n"
                "\n"
                "\n"
                "def keyword(path):\n"
                '    return OperatingSystem().run("ls -l " + path)\n'
                "\n"
                "\n"
                "def listing():\n"
                "    app = Application()\n"
                '    app.run_system_command("ls")\n'
                '    return OperatingSystem().run("ls -l /tmp")\n'
            ),
        },
    )
    code, found = project_ul4(tree)
    assert code == 1
    by = _messages(found)
    assert set(by) == {("app.py", 7), ("app.py", 11)}, by
    assert "run_system_command" in by[("app.py", 7)]
    assert "OperatingSystem.run" in by[("app.py", 11)]


def test_new_entries_are_in_the_committed_table():
    run = libsumm.generated_runner("cloudmesh.common.Shell.Shell.run")
    assert run is not None and run.mode == "string" and run.pos == 0
    assert "cloudmesh/common/Shell.py:" in run.source
    psc = libsumm.generated_runner("prompt_toolkit.application.Application.run_system_command")
    assert psc is not None and psc.mode == "string"
    assert "cloudmesh" in libsumm.GEN_MODULES and "prompt_toolkit" in libsumm.GEN_MODULES
    assert gen_lib_summaries.check() == []


def test_rank_counts_a_namespace_package_per_subpackage(tmp_path):
    ns = _tree(
        tmp_path / "ns",
        {
            "cloudmesh/git/__init__.py": "",
            "cloudmesh/git/api.py": "from cloudmesh.common.Shell import Shell\nfrom cloudmesh.git.x import y\n",
            "README.md": "",
        },
    )
    own, namespaces = gen_lib_summaries._shipped(ns)
    assert namespaces == {"cloudmesh"}
    assert "cloudmesh.git" in own and "cloudmesh" not in own
    assert gen_lib_summaries._import_name("cloudmesh.common.Shell", namespaces) == "cloudmesh.common"
    assert gen_lib_summaries._import_name("cloudmesh.git.x", namespaces) == "cloudmesh.git"
    # a regular package counts under its top-level name
    reg = _tree(tmp_path / "reg", {"tool/__init__.py": "", "tool/sub/__init__.py": ""})
    own, namespaces = gen_lib_summaries._shipped(reg)
    assert own == {"tool"} and namespaces == set()
    assert gen_lib_summaries._import_name("yaml.loader", set()) == "yaml"
    assert gen_lib_summaries._guess_dist("cloudmesh.common", {}) == "cloudmesh-common"
    assert gen_lib_summaries._guess_dist("git", {"git": "GitPython"}) == "GitPython"


def test_grep_finds_written_shell_sinks_only():
    texts = {
        "lib/run.py": (
            "import os, subprocess\n"
            "def a(c):\n"
            "    return subprocess.run(c, shell=True)\n"
            "def b(c):\n"
            "    os.system(c)\n"
            "def c(c):\n"
            '    subprocess.run(["bash", "-c", c])\n'
        ),
        "lib/safe.py": ("import subprocess\ndef a(c):\n    return subprocess.run([c], shell=False)\n"),
    }
    assert gen_lib_summaries.grep_sinks(texts) == ["lib/run.py:3", "lib/run.py:5", "lib/run.py:7"]


def test_a_returned_argv_is_not_a_sink_the_table_keeps():
    built = 'def job_cmd(script):\n    return ["bash", "-c", "cd /w && " + script]\n'
    at = built.index("[")
    assert gen_lib_summaries._returned_at(built, at)
    assert not gen_lib_summaries._certain_shell(built, at, False)
    run = 'import subprocess\ndef go(script):\n    p = subprocess.Popen(["bash", "-c", script])\n    return p\n'
    at = run.index('["bash"')
    assert not gen_lib_summaries._returned_at(run, at)
    assert gen_lib_summaries._certain_shell(run, at, False)
