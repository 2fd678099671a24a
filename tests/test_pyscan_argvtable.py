"""Issue 25: programs that run one of their words as shell code, read from the shell
engine's program table (linter/pyscan/argvtable.py: ``su -c``, ``watch``, ``adb shell``,
``i3-msg``/``swaymsg`` commands), a program variable named for one (``adb_executable``,
named.py), and pexpect command strings split into words (``ssh -f {server} exit``: the
words of ``server`` after the first are ssh's remote command).

``fixtures/pyscan/argvtable``: bad and good trees.  The canary tests run the bad helpers
with stand-ins for the programs that do what the programs' documentation says they do
with the words (adb: ``Join(args, " ")`` handed to the device's ``sh -c``; ssh: the words
after the host joined and run by the remote user's shell; pexpect: the string split into
argv, no local shell), each stand-in a real sh script."""

import os
import shlex
import stat
import subprocess
import sys
import types

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

from linter.pyscan.argvtable import table_shell_code
from linter.pyscan.evaluate import RAW, Provenance, const
from linter.pyscan.named import _runner_named

TREE = FIXTURES / "pyscan" / "argvtable"


def test_bad_tree_reports_every_marked_line():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert all(f["severity"] == "error" for f in found)
    by_line = {(os.path.basename(f["path"]), f["line"]): f for f in found}
    assert "adb shell" in by_line[("device.py", 19)]["message"]
    assert "swaymsg command" in by_line[("device.py", 23)]["message"]
    assert "su -c" in by_line[("device.py", 31)]["message"]
    assert by_line[("tunnel.py", 12)]["rule"] == "UL404"
    assert lint_ul4(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []


def _value(name):
    return Provenance(False, None, frozenset({(1, "f", name, RAW)}))


def test_table_answers_only_for_code_words():
    c = const
    assert table_shell_code([c("adb"), c("-s"), _value("serial"), c("shell"), _value("cmd")])[0].startswith("adb shell")
    assert table_shell_code([c("adb"), c("-s"), _value("serial"), c("pull"), _value("path")]) is None
    assert table_shell_code([c("i3-msg"), c("-t"), c("get_tree")]) is None
    assert table_shell_code([c("swaymsg"), c("-t"), _value("kind"), _value("x")]) is None  # type not known
    assert table_shell_code([c("su"), _value("user"), c("-c"), c("id")]) is None  # constant code
    assert table_shell_code([c("runuser"), c("-u"), _value("u"), c("-c"), _value("cmd")]) is not None
    # an exec'd argv never reaches a bash builtin: /usr/bin/printf and test have no -v
    assert table_shell_code([c("printf"), c("-v"), _value("name"), c("%s"), c("x")]) is None
    assert table_shell_code([c("test"), c("-v"), _value("var")]) is None
    assert table_shell_code([]) is None and table_shell_code([None, c("-c"), _value("x")]) is None


def test_runner_names():
    assert _runner_named("adb_executable") == "adb"
    assert _runner_named("ssh_bin") == "ssh" and _runner_named("swaymsg_path") == "i3-msg"
    assert _runner_named("script") is None and _runner_named("ssh_options") is None
    assert _runner_named("user") is None and _runner_named("sudo") is None


def _stand_in(bin_dir, name, body):
    p = bin_dir / name
    p.write_text("#!/bin/sh\n" + body)
    p.chmod(p.stat().st_mode | stat.S_IXUSR)


def _import_bad(monkeypatch):
    for name in [m for m in sys.modules if m == "devtools" or m.startswith("devtools.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(TREE / "bad"))


def test_adb_shell_runs_the_joined_words_on_the_device(tmp_path, monkeypatch):
    bins = tmp_path / "bin"
    bins.mkdir()
    # adb: skip the global options, then `shell` joins the rest for the device's sh -c
    _stand_in(bins, "adb", 'while [ "$1" != shell ]; do shift; done; shift; exec /bin/sh -c "$*"\n')
    monkeypatch.setenv("PATH", f"{bins}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.chdir(tmp_path)
    _import_bad(monkeypatch)
    from devtools import device

    device.Device(serial="emulator-5554").start_app("org.x; touch CANARY_ADB #", "Main")
    device.Device().pid_of("org.x$(touch CANARY_PID)")
    assert (tmp_path / "CANARY_ADB").exists() and (tmp_path / "CANARY_PID").exists()


def test_pexpect_ssh_server_words_become_the_remote_command(tmp_path, monkeypatch):
    bins = tmp_path / "bin"
    bins.mkdir()
    # ssh: options (those taking a value skip it), the host, then the remote shell runs the rest
    _stand_in(
        bins,
        "ssh",
        'while [ $# -gt 0 ]; do case "$1" in -[iLSop]) shift 2;; -*) shift;; *) break;; esac; done\n'
        'shift; [ $# -gt 0 ] && exec /bin/sh -c "$*"; exit 0\n',
    )
    monkeypatch.setenv("PATH", f"{bins}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.chdir(tmp_path)

    class _Spawn:  # pexpect.spawn: split the string into argv and run it, no shell
        def __init__(self, command, **_kw):
            self.rc = subprocess.run(shlex.split(command), check=False).returncode

        def wait(self):
            return self.rc

    fake = types.ModuleType("pexpect")
    fake.spawn = _Spawn
    monkeypatch.setitem(sys.modules, "pexpect", fake)
    _import_bad(monkeypatch)
    from devtools import tunnel

    tunnel.try_passwordless("gw.example.org touch CANARY_SERVER")
    tunnel.forward(8080, 80, "gw.example.org touch CANARY_FORWARD;")
    tunnel.forward_with_key(8080, 80, "gw.example.org touch CANARY_PERCENT;")
    assert (tmp_path / "CANARY_SERVER").exists() and (tmp_path / "CANARY_FORWARD").exists()
    assert (tmp_path / "CANARY_PERCENT").exists()


def test_git_runs_the_configured_filter_with_sh(tmp_path, monkeypatch):
    """git-config(1)/gitattributes(5): the clean filter is a command git runs through the
    shell; the hand-written double quotes around the value do not hold its own quote."""
    repo = tmp_path / "repo"
    repo.mkdir()
    env = {"GIT_CONFIG_NOSYSTEM": "1", "HOME": str(tmp_path), "PATH": os.environ["PATH"]}
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    _import_bad(monkeypatch)
    from devtools import gitsetup

    canary = tmp_path / "CANARY_FILTER"
    gitsetup.install_filter(str(repo), python=f'python3"; touch {canary}; cat; : "')
    (repo / ".gitattributes").write_text("*.ipynb filter=nbstripout\n")
    (repo / "a.ipynb").write_text("{}\n")
    subprocess.run(["git", "-C", str(repo), "add", "a.ipynb"], check=False, capture_output=True)
    assert canary.exists()


def test_git_config_keys_from_the_table():
    c = const
    hit = table_shell_code([c("git"), c("config"), c("--global"), c("diff.ipynb.textconv"), _value("cmd")])
    assert hit is not None and "git config" in hit[0]
    assert table_shell_code([c("git"), c("config"), c("user.name"), _value("name")]) is None
    assert table_shell_code([c("git"), c("config"), c("alias.st"), c("status")]) is None
    assert table_shell_code([c("git"), c("config"), c("set"), c("core.pager"), _value("p")]) is not None
