"""Issue 25 (wave 12 misses): links of a wrapper chain the project pass did not follow.

* ``def _call(*args, **kwargs): return check_output(*args, **kwargs)``: the runner's argv is
  its first positional argument, i.e. item 0 of the wrapper's ``*args`` (a ``*cmd`` the
  runner gets whole, ``check_output(cmd)``, is the argv itself).  A caller handing it
  ``["bash", "-c", f"compgen -- '{prefix}'"]`` starts bash with its value as code; the hand
  written ``'...'`` do not hold (a ``'`` in the value ends them).
* a string command without a shell whose head is ``cmd /c`` (``check_output(f'cmd /u /c
  "{bat}" {spec} && set')``): on Windows the string is the whole command line
  (CreateProcess), so cmd.exe runs the rest of it; on POSIX such a program does not exist.
* a same-module shell helper fed ``self.getconf("presynchook")`` (a method of a base class of
  another module: its result is read elsewhere, like ``self.x`` never assigned in the module)
  or the result of the module's own method that returns such a value (``cmd =
  self._build_command()``).  Methods returning constants or the program's own paths, and a
  base's method asked for no constant key (``self.get_temp_dir()``), stay quiet.
"""

import os
import shutil
import subprocess
import sys

import pytest
from conftest import lint_ul4

WRAPPER = """\
import shlex
import subprocess


def _call(*args, **kwargs):
    try:
        return subprocess.check_output(*args, **kwargs).decode().splitlines()
    except subprocess.CalledProcessError:
        return []


def _run(*cmd):
    return subprocess.check_output(cmd)


def find_dirs(root_path: str, prefix: str) -> list:
    return _call(["bash", "-c", f"compgen -A directory -- '{root_path}/{prefix}'"])  # FLAG


def find_files(prefix: str, ext: str) -> list:
    return _call(["bash", "-c", "compgen -A file -X '!*.%s' -- '%s'" % (ext, prefix)], text=True)  # FLAG


def find_star(prefix: str) -> list:
    return _run("bash", "-c", f"compgen -A directory -- '{prefix}'")  # FLAG


def find_positional(prefix: str) -> list:
    return _call(["bash", "-c", 'compgen -A directory -- "$1"', "_", prefix])


def find_quoted(prefix: str) -> list:
    return _call(["bash", "-c", f"compgen -A directory -- {shlex.quote(prefix)}"])


def list_dir(prefix: str) -> list:
    return _call(["ls", "-1", prefix])
"""


def _flagged(src: str) -> set:
    return {i for i, line in enumerate(src.splitlines(), 1) if "# FLAG" in line}


def _tree(tmp_path, files: dict):
    for name, text in files.items():
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return tmp_path


def test_star_args_wrapper_passes_the_first_item_as_the_argv(tmp_path):
    _tree(tmp_path, {"completion.py": WRAPPER})
    code, found = lint_ul4(tmp_path)
    assert code == 1
    got = {f["line"] for f in found}
    assert got == _flagged(WRAPPER), found
    for f in found:
        assert f["rule"] == "UL411" and f["severity"] == "error", f
        assert "prefix" in f["message"], f
    assert lint_ul4(tmp_path, seed="1")[1] == found


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_hand_written_quotes_in_the_wrapped_bash_code_do_not_hold(tmp_path):
    # the flagged shape run for real: a ' in the prefix ends the hand-written quotes
    _tree(tmp_path, {"completion.py": WRAPPER})
    prog = (
        "import sys; sys.path.insert(0, sys.argv[1]); import completion\n"
        "completion.find_dirs('.', \"x'; touch canary_dirs; '\")\n"
        "completion.find_positional(\"x'; touch canary_pos; '\")\n"
        "completion.find_quoted(\"x'; touch canary_quoted; '\")\n"
    )
    work = tmp_path / "work"
    work.mkdir()
    subprocess.run([sys.executable, "-c", prog, str(tmp_path)], cwd=work, check=True, capture_output=True)
    assert (work / "canary_dirs").exists()
    assert not (work / "canary_pos").exists() and not (work / "canary_quoted").exists()


CMD_LINE = """\
import os
import subprocess


def _find_vcvarsall():
    root = os.environ.get("ProgramFiles(x86)")
    return os.path.join(root, "Microsoft Visual Studio", "vcvarsall.bat")


def get_vc_env(plat_spec):
    vcvarsall = _find_vcvarsall()
    out = subprocess.check_output(  # FLAG
        f'cmd /u /c "{vcvarsall}" {plat_spec} && set',
        stderr=subprocess.STDOUT,
    )
    return out


def run_bat(plat_spec):
    return subprocess.check_output("cmd.exe /c build.bat " + plat_spec)  # FLAG


def version():
    return subprocess.check_output("cmd /c ver")


def log(rev):
    return subprocess.check_output(f"git log {rev}")


def vcvars(plat_spec):
    return subprocess.check_output(["vcvarsall.bat", plat_spec])
"""


def test_cmd_command_line_string_runs_its_rest_in_cmd(tmp_path):
    _tree(tmp_path, {"msvc.py": CMD_LINE})
    code, found = lint_ul4(tmp_path)
    assert code == 1
    assert {f["line"] for f in found} == _flagged(CMD_LINE), found
    for f in found:
        assert f["rule"] == "UL403" and "cmd /c" in f["message"], f
        assert "plat_spec" in f["message"], f


CONF = """\
class ConfigHelperMixin:
    def getconf(self, option, default=None):
        return self.getconfig().get(self.getsection(), option, default)
"""

ACCOUNT = """\
import os
import tempfile
from subprocess import PIPE, Popen

from .conf import ConfigHelperMixin


class Account(ConfigHelperMixin):
    def __init__(self, env):
        self.env = env

    @property
    def precommand(self):
        return self.env.script.get("precommands", {}).get("local")

    def sync(self):
        hook = self.getconf("presynchook", "")
        self.callhook(hook, "full")  # FLAG

    def _build_command(self, step):
        if self.precommand:
            return f"{self.precommand}; {step}"
        return step

    def local_action(self):
        cmd = self._build_command("make")
        return self.callhook(cmd, "local")  # FLAG

    def _cleanup_command(self):
        return "rm -rf " + os.path.join(tempfile.gettempdir(), "account-cache")

    def _default_hook(self):
        return "true"

    def cleanup(self):
        self.callhook(self._cleanup_command(), "cleanup")
        self.callhook(self._default_hook(), "default")
        self.callhook(self.get_temp_dir(), "temp")  # a base's method asked for no key

    def callhook(self, cmd, syncmode):
        if not cmd:
            return
        env = dict(os.environ, SYNCMODE=syncmode)
        p = Popen(cmd, shell=True, stdin=PIPE, env=env)  # FLAG
        p.communicate()
"""


def test_self_methods_results_read_elsewhere_reach_the_helper(tmp_path):
    _tree(tmp_path, {"acct/__init__.py": "", "acct/conf.py": CONF, "acct/accounts.py": ACCOUNT})
    code, found = lint_ul4(tmp_path)
    assert code == 1
    assert {f["line"] for f in found} == _flagged(ACCOUNT), found
    by = {f["line"]: f for f in found}
    sink = max(by)
    assert by[sink]["rule"] == "UL401" and "parameter 'cmd'" in by[sink]["message"]
    for line in sorted(by)[:-1]:
        f = by[line]
        assert f["rule"] == "UL411" and f["severity"] == "warning", f
        assert "not known statically" in f["message"] and "callhook()" in f["message"], f
    assert all(os.path.basename(f["path"]) == "accounts.py" for f in found)
