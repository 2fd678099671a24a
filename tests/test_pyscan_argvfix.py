"""UL400/UL401 argv fixes: the libcst codemod, end to end through the CLI, and
a dynamic equivalence test (original vs fixed function, run in a child
process with benign and hostile values; a canary file proves the hostile
values no longer reach a shell)."""

import ast
import difflib
import os
import re
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import FIXTURES

from utcp_lint.cli.app import main

PKG = FIXTURES / "pyscan" / "argvfix"
MOD = "plugin_tools"


def _lint(path, *extra):
    r = CliRunner().invoke(main, ["check", "--no-config", "--no-cache", "--format", "json", *extra, str(path)])
    import json

    return r.exit_code, json.loads(r.stdout) if r.stdout.strip().startswith("{") else r.stdout


def _marked(text, marker):
    return [i + 1 for i, line in enumerate(text.splitlines()) if f"# {marker}" in line]


def _fixed_copy(tmp_path, *flags):
    d = tmp_path / ("unsafe" if flags else "safe")
    d.mkdir()
    shutil.copy(PKG / f"{MOD}.py", d / f"{MOD}.py")
    r = CliRunner().invoke(
        main, ["check", "--no-config", "--no-cache", "--extend-select", "UL412", "--fix", *flags, str(d / f"{MOD}.py")]
    )
    assert "Traceback" not in r.output
    return d


def _findings(path):
    code, rep = _lint(path, "--select", "UL400,UL401,UL412")
    return rep["findings"] if isinstance(rep, dict) else []


def test_messages_say_fixable_or_name_the_shell_feature():
    text = (PKG / f"{MOD}.py").read_text()
    fs = {f["line"]: f for f in _findings(PKG / f"{MOD}.py")}
    for ln in _marked(text, "FIX-PATH"):
        assert "Unsafe fix available (--fix --unsafe-fixes)" in fs[ln]["message"], ln
        assert "is not installed the shell gives exit status 127" in fs[ln]["message"], ln
        assert "unquoted" not in fs[ln]["message"], ln
    for ln in _marked(text, "FIX-UNSAFE"):
        assert "Unsafe fix available (--fix --unsafe-fixes)" in fs[ln]["message"]
        assert "`pattern` is unquoted" in fs[ln]["message"]
    msgs = [fs[ln]["message"] for ln in _marked(text, "NO-FIX")]
    assert "No automatic fix: the `|` pipe needs a shell" in msgs[0] and "stdout=subprocess.PIPE" in msgs[0]
    assert "No automatic fix: `cd DIR && …` needs a shell" in msgs[1] and "cwd=" in msgs[1]


def test_fix_alone_changes_nothing_every_rewrite_can_change_a_missing_program(tmp_path):
    """Safe means the same behaviour for any value on any machine: no shell-to-argv
    rewrite is, since a program missing from PATH turns status 127 into an exception."""
    before = (PKG / f"{MOD}.py").read_text()
    d = _fixed_copy(tmp_path)
    assert (d / f"{MOD}.py").read_text() == before


def test_unsafe_fixes_rewrites_the_marked_calls_and_nothing_else(tmp_path):
    before = (PKG / f"{MOD}.py").read_text()
    d = _fixed_copy(tmp_path, "--unsafe-fixes")
    after = (d / f"{MOD}.py").read_text()
    fixed = _marked(before, "FIX-PATH") + _marked(before, "FIX-UNSAFE")
    left = {f["line"]: f for f in _findings(d / f"{MOD}.py")}
    after_lines = after.splitlines()
    remaining = sorted(i + 1 for i, line in enumerate(after_lines) if "# NO-FIX" in line)
    assert sorted(left) == remaining
    assert all("No automatic fix" in f["message"] for f in left.values()) and len(left) == 2
    assert after.count("import subprocess") == 1
    assert after.count("shell=True") == 1  # the cd one
    assert 'subprocess.call(["grep", "-c", "--", str(pattern), str(path)])  # FIX-UNSAFE' in after
    # byte-for-byte outside the rewritten calls: every changed original line is a marked call line
    # (or the `shell=True,` continuation line of one)
    sm = difflib.SequenceMatcher(a=before.splitlines(), b=after_lines, autojunk=False)
    changed = set()
    for tag, i1, i2, _j1, _j2 in sm.get_opcodes():
        if tag != "equal":
            changed.update(range(i1 + 1, i2 + 1))
    lines = before.splitlines()
    for ln in changed:
        assert ln in fixed or lines[ln - 1].strip() in ("shell=True,", "shell=True, text=True)"), (ln, lines[ln - 1])
    assert set(fixed) <= changed
    ast.parse(after)


def test_diff_shows_the_fix_and_changes_nothing(tmp_path):
    p = tmp_path / "a.py"
    src = '"""x"""\nimport os\nimport sys\n\n\ndef f(path):\n    os.system(f"ls -l \'{path}\'")  # keep me\n'
    p.write_text(src)
    r = CliRunner().invoke(
        main, ["check", "--no-config", "--no-cache", "--extend-select", "UL412", "--diff", "--unsafe-fixes", str(p)]
    )
    assert r.exit_code == 1
    assert "+import subprocess\n" in r.output
    assert '+    subprocess.run(["ls", "-l", str(path)])  # keep me\n' in r.output
    assert p.read_text() == src


@pytest.mark.parametrize(
    "src,expect",
    [
        # os.system whose result is used as a number: unsafe (wait status vs exit code)
        ("import os\nimport subprocess\ndef f():\n    return os.system('git status')\n", None),
        (
            "import os\nimport subprocess\ndef f():\n    if not os.system('git status'):\n        pass\n",
            "    if not subprocess.run(['git', 'status']).returncode:\n",
        ),
        # an existing alias is reused, a from-import does not count as the module
        ("import os\nimport subprocess as sp\ndef f(x: str):\n    os.popen('id -u %s' % x).read()\n", None),
        (
            "import os\nimport subprocess as sp\ndef f(x: str):\n    os.popen(\"id -u '%s'\" % (x,)).read()\n",
            '    sp.run(["id", "-u", x], stdout=sp.PIPE, text=True).stdout\n',
        ),
        # `import subprocess` lands in alphabetical place among leading imports
        ("import os\nimport sys\ndef f():\n    os.system('make')\n", "import os\nimport subprocess\nimport sys\n"),
        # a multi-line call keeps its comments
        (
            "import subprocess\ndef f(ref: str):\n    subprocess.run(\n        f\"git show '{ref}'\",  # the ref\n"
            "        shell=True,\n        check=True,  # raise\n    )\n",
            '    subprocess.run(\n        ["git", "show", ref],  # the ref\n        check=True,  # raise\n    )\n',
        ),
        # three fixes in one file, one statement line: one import, every call rewritten (fix passes)
        (
            "import os\n\n\ndef f(a: str):\n    os.system('make clean'); os.system(f\"make '{a}'\")\n"
            "    return os.popen('uname -r').read().strip()\n",
            "import os\nimport subprocess\n\n\ndef f(a: str):\n    subprocess.run(['make', 'clean']); "
            'subprocess.run(["make", a])\n'
            "    return subprocess.run(['uname', '-r'], stdout=subprocess.PIPE, text=True).stdout.strip()\n",
        ),
        # globs, env expansion, redirections, builtins: no fix
        ("import os\ndef f():\n    os.system('ls *.py')\n", None),
        ("import os\ndef f():\n    os.system('echo $HOME > out.txt')\n", None),
        ("import os\ndef f():\n    os.system('export A=1')\n", None),
        ("import os\ndef f():\n    os.system('A=1 make')\n", None),
    ],
)
def test_rewrites(tmp_path, src, expect):
    p = tmp_path / "m.py"
    p.write_text(src)
    flags = ["--unsafe-fixes"] if expect is not None else []  # every rewrite is unsafe (missing program)
    CliRunner().invoke(
        main, ["check", "--no-config", "--no-cache", "--extend-select", "UL412", "--fix", *flags, str(p)]
    )
    out = p.read_text()
    if expect is None:
        assert out == src
    else:
        assert expect in out, out


def test_fixing_does_not_slow_linting_imports():
    """Linting Python never imports libcst (only --fix/--diff do)."""
    code = (
        "import sys; from utcp_lint.cli.app import main\n"
        "sys.argv=['utcp-lint','--no-config','--no-cache','-q',sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('LIBCST', 'libcst' in sys.modules)"
    )
    r = subprocess.run([sys.executable, "-c", code, str(PKG / f"{MOD}.py")], capture_output=True, text=True)
    assert "LIBCST False" in r.stdout
    code = code.replace("'-q'", "'-q','--diff'")
    r = subprocess.run([sys.executable, "-c", code, str(PKG / f"{MOD}.py")], capture_output=True, text=True)
    assert "LIBCST True" in r.stdout


# ----------------------------------------------------------------------------
# dynamic equivalence
# ----------------------------------------------------------------------------

CALLS = {  # function -> argument builder from a value
    "show": lambda v: (v,),
    "count": lambda v: ("alpha", v),
    "first_line": lambda v: (v,),
    "size_ok": lambda v: (v,),
    "names": lambda v: (v,),
    "base": lambda v: (v,),
    "status": lambda v: (v,),
    "line_count": lambda v: (v,),
    "grep_words": lambda v: ("alpha", v),
}
PATH_FUNCS = ["show", "count", "first_line", "size_ok", "names", "base", "status", "line_count"]
HOSTILE = [
    "x; touch {c}",
    "$(touch {c})",
    "`touch {c}`",
    "x'; touch {c}; echo '",
    'x"; touch {c}; echo "',
    "a b",
    "*",
    "-n",
    "x && touch {c}",
    "x | touch {c}",
]


def _run(moddir, func, args, cwd, path=None):
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import plugin_tools as m\n"
        "sys.stdout.flush(); r = getattr(m, sys.argv[2])(*sys.argv[3:]); sys.stdout.flush()\n"
        "print('RESULT', repr(r))"
    )
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin") if path is None else path, "LC_ALL": "C"}
    r = subprocess.run(
        [sys.executable, "-c", code, str(moddir), func, *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=60,
    )
    err = r.stderr.strip().splitlines()
    exc = err[-1].split(":")[0] if r.returncode and err else ""  # the exception type, not its text
    return r.stdout, r.returncode, exc


@pytest.fixture(scope="module")
def fixed_dirs(tmp_path_factory):
    base = tmp_path_factory.mktemp("argvfix")
    orig = base / "orig"
    orig.mkdir()
    shutil.copy(PKG / f"{MOD}.py", orig / f"{MOD}.py")
    out = {"orig": orig}
    for name, flags in (("unsafe", ["--unsafe-fixes"]),):
        d = base / name
        d.mkdir()
        shutil.copy(PKG / f"{MOD}.py", d / f"{MOD}.py")
        CliRunner().invoke(
            main,
            ["check", "--no-config", "--no-cache", "--extend-select", "UL412", "--fix", *flags, str(d / f"{MOD}.py")],
        )
        out[name] = d
    return out


def _jail(tmp_path):
    j = tmp_path / "jail"
    j.mkdir(exist_ok=True)
    (j / "notes.txt").write_text("alpha\nbeta\nalpha gamma\n")
    (j / "two words.txt").write_text("alpha\n")
    (j / "-n").write_text("alpha dash\n")
    return j


@pytest.mark.parametrize("func", PATH_FUNCS + ["grep_words"])
def test_benign_output_is_identical(fixed_dirs, tmp_path, func):
    jail = _jail(tmp_path)
    fixed = fixed_dirs["unsafe"]
    assert "shell=True" not in _source_of(fixed, func) and "os.system" not in _source_of(fixed, func)
    for v in ["notes.txt", "missing.txt", "."]:
        args = CALLS[func](v)
        a = _run(fixed_dirs["orig"], func, args, jail)
        b = _run(fixed, func, args, jail)
        assert a == b, (func, v, a, b)
        assert "RESULT" in a[0] or v != "notes.txt"


@pytest.mark.parametrize("func", PATH_FUNCS + ["grep_words"])
def test_hostile_values_no_longer_reach_a_shell(fixed_dirs, tmp_path, func):
    jail = _jail(tmp_path)
    fixed = fixed_dirs["unsafe"]
    reached_before = 0
    for i, pattern in enumerate(HOSTILE):
        canary = jail / f"CANARY{i}"
        v = pattern.format(c=canary)
        _run(fixed, func, CALLS[func](v), jail)
        assert not canary.exists(), (func, v)
        _run(fixed_dirs["orig"], func, CALLS[func](v), jail)
        reached_before += canary.exists()
        if canary.exists():
            canary.unlink()
    # the canary is real: payloads did reach the shell in the original, except where every value
    # was shlex.quote-d as a bare word (already safe; the fix only drops the shell)
    if func in ("count", "first_line", "names"):
        assert reached_before == 0, func
    else:
        assert reached_before >= 1, func


def _source_of(d, func):
    text = (d / f"{MOD}.py").read_text()
    m = re.search(rf"^def {func}\(.*?(?=^def |\Z)", text, re.S | re.M)
    return m.group(0)


def test_spaces_and_globs_keep_one_word_in_the_safe_fixes(fixed_dirs, tmp_path):
    jail = _jail(tmp_path)
    for func in PATH_FUNCS:
        for v in ("two words.txt", "*", "-n"):
            a = _run(fixed_dirs["orig"], func, CALLS[func](v), jail)
            b = _run(fixed_dirs["unsafe"], func, CALLS[func](v), jail)
            assert a == b, (func, v, a, b)


@pytest.mark.parametrize("func", PATH_FUNCS + ["grep_words"])
def test_missing_program_is_why_every_fix_is_unsafe(fixed_dirs, tmp_path, func):
    """With the programs missing from PATH the original gets the shell's status 127
    (and goes on), the fixed function raises FileNotFoundError: the reason each fix
    is offered only under --unsafe-fixes, shown by running both versions."""
    jail = _jail(tmp_path)
    empty = tmp_path / "empty-path"
    empty.mkdir()
    args = CALLS[func]("notes.txt")
    a = _run(fixed_dirs["orig"], func, args, jail, path=str(empty))
    b = _run(fixed_dirs["unsafe"], func, args, jail, path=str(empty))
    # the original returns (status 127) or raises CalledProcessError(127) for check_output
    assert a[2] in ("", "subprocess.CalledProcessError"), a
    assert "RESULT" in a[0] or a[2] == "subprocess.CalledProcessError"
    assert b[2] == "FileNotFoundError" and "RESULT" not in b[0], b


# ----------------------------------------------------------------------------
# the planner (ast only)
# ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "src,expect",
    [
        ("os.system(\"grep -c 'a b' notes.txt\")", ("unsafe", "`grep` is not installed")),
        ("os.system(f'cat \"{p}\"')", ("unsafe", "exit status 127")),
        ("os.system(f'cat {quote(p)}')", ("unsafe", "exit status 127")),  # `from shlex import quote` below
        ("os.system(f'cat {shlex.quote(p)}')", ("unsafe", "exit status 127")),
        ("subprocess.Popen('less --version', shell=True)", ("unsafe", "a probe falls back on it")),
        ("os.popen('blkid -o value -s UUID /dev/sda1').read()", ("unsafe", "exit status 127")),
        ("os.system('dir /b')", ("unsafe", "cmd.exe")),
        ("os.system(f'cat {p}')", ("unsafe", "`p` is unquoted")),
        ("os.system('echo hi')", ("unsafe", "`echo` runs as a shell builtin")),
        ("os.system(f'{prog} --version')", ("unsafe", "program name comes from a value")),
        ("x = os.system('make')", ("unsafe", "wait status")),
        ("os.popen('ls')", ("nofix", "its close() waits")),
        ("os.system('ls ~/x')", ("nofix", "`~` tilde expansion")),
        ("os.system('ls # c')", ("nofix", "a `#` comment")),
        ("os.system('CC=gcc make')", ("nofix", "the environment assignment `CC=gcc`")),
        ("os.system('cd /srv; make')", ("nofix", "`cd DIR ; …`")),
        ("os.system('grep \"$USER\" f')", ("nofix", "`$` expansion inside double quotes")),
        ("os.system('ls\\nrm x')", ("nofix", "a newline")),
        ('os.system("ls \'a")', ("nofix", "an unbalanced quote")),
        ("os.system(f\"cat '{shlex.quote(p)}'\")", ("nofix", "shlex.quote result inside quotes")),
        ("subprocess.run('ls', shell=flag)", ("none", None)),
        ("subprocess.run(cmd, shell=True)", ("none", None)),
    ],
)
def test_plan(src, expect):
    from utcp_lint.pyscan.argvfix import NoFix, NotBuilt, plan_call

    tree = ast.parse("import os, shlex, subprocess\nfrom shlex import quote\n" + src)
    call = next(
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in ("system", "popen", "run", "Popen")
    )
    qual = {"system": "os.system", "popen": "os.popen", "run": "subprocess.run", "Popen": "subprocess.Popen"}[
        call.func.attr
    ]
    kind, detail = expect
    try:
        plan = plan_call(call, qual, tree)
    except NoFix as e:
        assert kind == "nofix" and detail in e.text(), e.text()
        return
    except NotBuilt:
        assert kind == "none"
        return
    assert kind == ("safe" if plan.safe else "unsafe"), plan.reasons
    if kind == "safe" and detail:
        assert [[s.text for s in w] for w in plan.words] == detail
    if kind == "unsafe":
        assert any(detail in r for r in plan.reasons), plan.reasons


def test_unsafe_flag_contract_in_the_fix_machinery():
    """A Fix with safe=False is applied only with unsafe=True (the --unsafe-fixes plumbing)."""
    from types import SimpleNamespace

    from utcp_lint.core.findings import Finding, Fix, TextEdit
    from utcp_lint.run.fixes import compute_fixes

    fx = Fix("swap", [TextEdit(0, 3, "new")])
    fx.safe = False
    f = Finding("UL999", "error", "high", "doc.json", 1, 1, 1, 4, "", None, "m", fix=fx)
    res = SimpleNamespace(findings=[f], sources={"doc.json": "old text"}, errors=[])
    assert compute_fixes(res).changed == []
    rep = compute_fixes(res, unsafe=True)
    assert [ff.text for ff in rep.changed] == ["new text"]
