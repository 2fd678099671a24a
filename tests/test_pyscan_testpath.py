"""Issue 25: UL411 leaves out calls made by the tests of a test module, judged on the file's path
inside the linted tree only: a project checked out under a directory named ``tests`` (or
``test``) is still reported, its own ``tests/`` package is still quiet."""

import os
import shutil

from conftest import run_cli

UTIL = "import subprocess\n\n\ndef run(cmd):\n    return subprocess.run(cmd, shell=True)\n"
CLI = "import sys\n\nfrom pkg.util import run\n\n\ndef _main():\n    run(sys.argv[1])\n"
TEST = "import sys\n\nfrom pkg.util import run\n\n\ndef test_run():\n    run(sys.argv[0])\n"


def _tree(base):
    (base / "pkg" / "tests").mkdir(parents=True)
    (base / "pkg" / "__init__.py").write_text("")
    (base / "pkg" / "util.py").write_text(UTIL)
    (base / "pkg" / "cli.py").write_text(CLI)
    (base / "pkg" / "tests" / "__init__.py").write_text("")
    (base / "pkg" / "tests" / "test_cli.py").write_text(TEST)
    return base


def _ul411(*args, cwd=None):
    r = run_cli("--select", "UL411", "--no-config", "--no-cache", "--format", "json", *args, cwd=cwd)
    assert "Traceback" not in r.stderr, r.stderr
    import json

    return sorted((os.path.basename(f["path"]), f["line"]) for f in json.loads(r.stdout)["findings"])


def test_a_tree_inside_a_tests_directory_is_still_reported(tmp_path):
    plain = _tree(tmp_path / "src" / "proj")
    inside = tmp_path / "tests" / "proj"
    shutil.copytree(plain, inside)
    want = [("cli.py", 7)]  # _main() feeds sys.argv; the test module's test_run() does not count
    assert _ul411(str(plain)) == want
    assert _ul411(str(inside)) == want  # absolute path through a directory named tests
    assert _ul411(os.path.join("tests", "proj"), cwd=tmp_path) == want
    assert _ul411(".", cwd=inside) == want


FIXTURE_HELPER = (
    "import pytest\n\nfrom pkg.util import run\n\n\n"
    "@pytest.fixture\ndef repo(tmp_path):\n    return make_repo(str(tmp_path))\n\n\n"
    "def make_repo(root):\n    run('git init ' + root)\n    return root\n"
)
SHARED_HELPER = "from pkg.util import run\n\n\ndef make_repo(root):\n    run('git init ' + root)\n    return root\n"


def test_every_function_of_a_module_named_as_a_test_is_test_code(tmp_path):
    base = _tree(tmp_path / "proj")
    tests = base / "pkg" / "tests"
    (tests / "test_git.py").write_text(FIXTURE_HELPER)  # a helper and a fixture of the tests
    (tests / "conftest.py").write_text(FIXTURE_HELPER)
    (tests / "git_test.py").write_text(FIXTURE_HELPER)
    (tests / "helpers.py").write_text(SHARED_HELPER)  # a module of helpers other modules import
    got = _ul411(str(base))
    assert ("cli.py", 7) in got
    assert ("helpers.py", 5) in got  # its public helper's callers are not known to be tests
    assert not [g for g in got if g[0] in ("test_git.py", "conftest.py", "git_test.py")], got
