"""The Python source scan: sinks, name resolution, severity by evidence,
suppressions, errors, prefilter, cache and parallel scanning."""

import json
import os
import subprocess
import sys
import textwrap

import pytest
from conftest import FIXTURES, ROOT, lint_json, run_cli

from utcp_lint.engine import Linter, RunResult, Target
from utcp_lint.ruleset.context import LintOptions
from utcp_lint.ruleset.rule import all_rules

PY_RULES = [r for r in all_rules() if r.startswith(("UL4", "UL9"))]


def scan(src: str, select=("UL4", "UL9"), name="t.py"):
    """In-process scan of one source text with the selected rule prefixes."""
    from utcp_lint.pyscan import scan_text

    rules = [r for rid, r in all_rules().items() if rid.startswith(tuple(select))]
    linter = Linter(rules, LintOptions())
    findings, errors = scan_text(linter, textwrap.dedent(src), name)
    return findings, errors


def lines_of(findings, rule=None):
    return sorted(f.line for f in findings if rule is None or f.rule == rule)


# ----------------------------------------------------------------------------
# fixtures: every finding lands on the line marked in the fixture itself
# ----------------------------------------------------------------------------


def _my_bad_fixtures():
    out = []
    for rid in PY_RULES:
        d = FIXTURES / "rules" / rid
        for f in sorted(d.glob("bad_*.py")):
            out.append(pytest.param(rid, f, id=f"{rid}/{f.name}"))
    return out


@pytest.mark.parametrize("rule_id,path", _my_bad_fixtures())
def test_expect_lines_are_the_flagged_lines(rule_id, path):
    flagged = {i + 1 for i, line in enumerate(path.read_text().splitlines()) if "# FLAG" in line}
    expect = set()
    for line in path.with_suffix(".expect").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            expect.add(int(line.split(":", 1)[0]))
    assert flagged and expect == flagged


def test_every_python_rule_has_py_fixtures():
    for rid in PY_RULES:
        d = FIXTURES / "rules" / rid
        assert list(d.glob("bad_*.py")) and list(d.glob("good_*.py")), rid


# ----------------------------------------------------------------------------
# severity by evidence
# ----------------------------------------------------------------------------


def test_severity_follows_the_evidence():
    fs, _ = scan("""
        import os, subprocess
        def f(cmd, **kw):
            os.system("make")
            os.system(cmd)
            os.system(load())
            os.system(f"ls {self_path()}")
            subprocess.run(cmd, **kw)
            subprocess.run(cmd + " -v", **kw)
    """)
    by_line = {f.line: f for f in fs if f.rule in ("UL400", "UL401")}
    assert 4 not in by_line  # a constant command: the opt-in UL412's note
    assert (by_line[5].severity, by_line[5].confidence) == ("error", "high")
    assert by_line[6].severity == "warning"  # origin unknown, used as is
    assert by_line[7].severity == "error"  # built by an f-string from something unknown
    assert 8 not in by_line  # a pure pass-through: the caller passing shell=True is reported (passthrough.py)
    assert by_line[9].confidence == "low" and by_line[9].severity == "warning"  # **kwargs pass-through
    assert "'cmd'" in by_line[5].message and "argv list (exec-array)" in by_line[5].message


def test_shlex_quote_inside_double_quotes_is_called_bypassable():
    fs, _ = scan("""
        import os, shlex
        def f(name):
            os.system(f'find . -name "{shlex.quote(name)}"')
            os.system(f"find . -name {shlex.quote(name)}")
    """)
    sink4 = [f for f in fs if f.rule == "UL400" and f.line == 4][0]
    sink5 = next((f for f in fs if f.rule == "UL400" and f.line == 5), None)
    assert sink4.severity == "error" and "bypassable" in sink4.message and "GHSA-33p6-5jxp-p3x4" in sink4.message
    assert sink5 is None  # quoted as a bare word: no value reaches the shell (the opt-in UL412's note)
    assert lines_of(fs, "UL406") == [4]


def test_os_system_message_cites_the_spec_fix():
    doc = all_rules()["UL400"].full_doc
    assert "REQ-C-019" in doc and "exec-array" in doc


# ----------------------------------------------------------------------------
# name resolution
# ----------------------------------------------------------------------------


def test_shadowing_parameter_local_and_rebinding_are_not_the_module():
    fs, _ = scan("""
        import os
        def a(os, c):
            os.system(c)
        def b(c):
            os = object()
            os.system(c)
        def d(c):
            f = os.system
            f = print
            f(c)
        def e(c):
            f = os.system
            if c:
                f = print
            f(c)
    """)
    # only e(): the rebinding in a branch does not kill the first binding
    assert lines_of(fs, "UL400") == [16]


def test_if_else_bindings_both_reach_the_use():
    fs, _ = scan("""
        import subprocess, sys
        def f(script):
            if sys.platform == "win32":
                argv = ["cmd.exe", "/c"]
            else:
                argv = ["sh", "-c"]
            subprocess.run(argv + [script])
    """)
    f = [x for x in fs if x.rule == "UL403"][0]
    assert "cmd /c" in f.message and "sh -c" in f.message


def test_class_scope_is_not_visible_from_methods():
    fs, _ = scan("""
        import os
        class K:
            os = None
            def m(self, c):
                os.system(c)
    """)
    assert lines_of(fs, "UL400") == [6]


def test_global_declaration_and_nested_closure():
    fs, _ = scan("""
        import subprocess
        RUN = None
        def setup():
            global RUN
            RUN = subprocess.getoutput
        def use(c):
            RUN(c)
        def outer(c):
            def inner():
                return subprocess.run(c, shell=True)
            return inner
    """)
    assert lines_of(fs, "UL400") == [8]
    assert lines_of(fs, "UL401") == [11]


# ----------------------------------------------------------------------------
# suppressions
# ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "comment,hidden",
    [
        ("# nosec", True),
        ("# nosec B605", True),
        ("# nosec B602", False),
        ("# nosec B602, B605", True),
        ("# noqa: S605", True),
        ("# noqa: S602", False),
        ("# noqa", False),
        ("# utcp-lint: ignore[UL400] reviewed", True),
        ("# utcp-lint: ignore[UL401] wrong rule", False),
        ("# utcp-lint: ignore", False),
    ],
)
def test_suppression_comment_mapping(comment, hidden):
    fs, _ = scan(
        f"""
        import os
        def f(c):
            os.system(c)  {comment}
    """,
        select=("UL400",),
    )
    assert (lines_of(fs, "UL400") == []) is hidden


def test_suppression_on_any_line_of_a_multiline_statement_only():
    fs, _ = scan(
        """
        import os
        def f(c):
            os.system(
                c,
            )  # utcp-lint: ignore[UL400] constant in practice
            os.system(c)
    """,
        select=("UL400",),
    )
    assert lines_of(fs, "UL400") == [7]


def test_nosec_does_not_hide_meta_findings():
    fs, _ = scan("""
        import subprocess
        def f(c):
            subprocess.run(c, shell=True)  # nosec
    """)
    assert lines_of(fs, "UL401") == [] and lines_of(fs, "UL901") == [4]


def test_hash_inside_a_string_is_not_a_comment():
    fs, _ = scan(
        """
        import os
        def f(c):
            os.system(c + "# nosec")
    """,
        select=("UL400",),
    )
    assert lines_of(fs, "UL400") == [4]


# ----------------------------------------------------------------------------
# bad input
# ----------------------------------------------------------------------------


def test_syntax_error_is_one_error_with_position_and_exit_2(tmp_path):
    p = tmp_path / "broken.py"
    p.write_text("import os\nos.system('x'\n")
    r = run_cli("--no-cache", "--no-config", "--format", "json", p)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    out = json.loads(r.stdout)
    assert len(out["errors"]) == 1 and "invalid Python syntax" in out["errors"][0]["message"]
    r = run_cli("--no-cache", "--no-config", p)
    assert ":2:" in r.stdout + r.stderr


def test_deeply_nested_source_is_an_error_not_a_crash(tmp_path):
    p = tmp_path / "deep.py"
    p.write_text("import os\nx = " + "(" * 3000 + "1" + ")" * 3000 + "\nos.system('a')\n")
    code, out = lint_json("--no-cache", p)
    assert code == 2 and out["errors"]


# ----------------------------------------------------------------------------
# prefilter, imports, cache, parallel
# ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "src,cand",
    [
        ("x = 1\nprint('hello')\n", False),
        ("def execute(): pass\n", False),
        ("import os\nos.system('x')\n", True),
        ("import os\nf = getattr(os, 'system')\n", True),
        ("from subprocess import run\n", True),
        ("import sh\n", True),
        ("eval(x)\n", True),
        ("X = CommandStep(command='ls')\n", True),
        ("# utcp-lint: ignore\n", True),
        ("import pexpect\n", True),
        ("os.posix_spawn('/bin/sh', [], {})\n", True),
    ],
)
def test_prefilter(src, cand):
    from utcp_lint.pyscan.prefilter import is_candidate

    assert is_candidate(src) is cand


def test_files_without_candidates_are_never_parsed(tmp_path, monkeypatch):
    import utcp_lint.pyscan as ps

    calls = []
    real = ps.parse_python
    monkeypatch.setattr(ps, "parse_python", lambda text, display: calls.append(display) or real(text, display))
    (tmp_path / "plain.py").write_text("def f(x):\n    return x + 1\n")
    (tmp_path / "sink.py").write_text("import os\nos.system(input())\n")
    linter = Linter([all_rules()["UL400"]])
    linter.use_cache = False
    res = RunResult()
    ps.scan_many(linter, [Target(str(tmp_path / n), n, True) for n in ("plain.py", "sink.py")], res)
    assert calls == ["sink.py"] and lines_of(res.findings) == [2]
    assert set(res.sources) == {"plain.py", "sink.py"}


def test_linting_json_only_never_imports_the_python_scanner():
    code = (
        "import sys; from utcp_lint.cli.app import main\n"
        "sys.argv=['utcp-lint','--no-config','-q',sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('MODS', sorted(m for m in sys.modules if m.startswith(('libcst','utcp_lint.pyscan'))))"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, str(FIXTURES / "example" / "manual.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    line = [x for x in r.stdout.splitlines() if x.startswith("MODS")][0]
    assert line == "MODS []", line


def test_scanning_python_does_not_import_libcst(tmp_path):
    p = tmp_path / "a.py"
    p.write_text("import os\nos.system('ls')\n")
    code = (
        "import sys; from utcp_lint.cli.app import main\n"
        "sys.argv=['utcp-lint','--no-config','--no-cache','-q',sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('MODS', 'libcst' in sys.modules, 'utcp_lint.pyscan.context' in sys.modules)"
    )
    r = subprocess.run([sys.executable, "-c", code, str(p)], capture_output=True, text=True, cwd=tmp_path)
    assert "MODS False True" in r.stdout, r.stdout + r.stderr


def _tree(tmp_path, n=30):
    d = tmp_path / "src"
    d.mkdir()
    for i in range(n):
        (d / f"m{i}.py").write_text(f"import os\n\ndef f{i}(cmd):\n    os.system(cmd + '{i}')\n" + "x = 1\n" * 2000)
    (d / "clean.py").write_text("x = 1\n")
    return d


def test_cache_cold_then_warm_gives_identical_results(tmp_path):
    d = _tree(tmp_path, 5)
    # the scan's cache itself, not the run record above it (cli/replay.py, tests/test_replay.py),
    # which would answer the poisoned run below with the recorded report once the files are 2 s old
    env = dict(os.environ, UTCP_LINT_NO_REPLAY="1")
    r1 = run_cli("--no-config", "--format", "json", d, cwd=tmp_path, env=env)
    cache = tmp_path / ".utcp-lint-cache"
    files = list(cache.glob("pyscan-*.json"))
    assert len(files) == 1 and json.loads(files[0].read_text())["v"]
    r2 = run_cli("--no-config", "--format", "json", d, cwd=tmp_path, env=env)
    assert r1.returncode == r2.returncode == 1
    assert json.loads(r1.stdout) == json.loads(r2.stdout)
    # the warm run really came from the cache: poison the cached message
    data = json.loads(files[0].read_text())
    for v in data["entries"].values():
        if v:
            for f in v[0]:
                f[10] = "FROM CACHE"
    files[0].write_text(json.dumps(data))
    r3 = run_cli("--no-config", "--format", "json", d, cwd=tmp_path, env=env)
    assert {f["message"] for f in json.loads(r3.stdout)["findings"]} == {"FROM CACHE"}
    # --no-cache ignores it; a changed file is rescanned
    r4 = run_cli("--no-config", "--no-cache", "--format", "json", d, cwd=tmp_path, env=env)
    assert "FROM CACHE" not in r4.stdout
    (d / "m0.py").write_text("import os\nos.system(input())\n")
    r5 = json.loads(run_cli("--no-config", "--format", "json", d, cwd=tmp_path, env=env).stdout)
    m0 = [f for f in r5["findings"] if f["path"].endswith("m0.py")]
    assert len(m0) == 1 and m0[0]["severity"] == "error"


def test_no_cache_writes_nothing_and_selection_changes_the_key(tmp_path):
    d = _tree(tmp_path, 2)
    run_cli("--no-config", "--no-cache", d, cwd=tmp_path)
    assert not (tmp_path / ".utcp-lint-cache").exists()
    run_cli("--no-config", d, cwd=tmp_path)
    run_cli("--no-config", "--select", "UL400", d, cwd=tmp_path)
    assert len(list((tmp_path / ".utcp-lint-cache").glob("pyscan-*.json"))) == 2


def test_corrupt_cache_is_ignored(tmp_path):
    d = _tree(tmp_path, 2)
    run_cli("--no-config", d, cwd=tmp_path)
    entries = list((tmp_path / ".utcp-lint-cache").glob("pyscan-*.json"))
    assert entries, "the first run stored no cache entry to corrupt"
    for f in entries:
        f.write_text("\x80 not json {")
    code, out = lint_json(d, cwd=tmp_path)
    assert code == 1 and len(out["findings"]) == 2 and not out["errors"]


def test_parallel_scan_equals_sequential(tmp_path):
    from utcp_lint.pyscan import scan_many

    d = _tree(tmp_path, 30)
    targets = [Target(str(p), p.name, False) for p in sorted(d.glob("*.py"))]

    def run(jobs):
        linter = Linter([r for rid, r in all_rules().items() if rid.startswith("UL4")])
        linter.use_cache = False
        res = RunResult()
        scan_many(linter, targets, res, jobs=jobs)
        return sorted((f.path, f.line, f.column, f.rule, f.message) for f in res.findings), res.errors

    seq, e1 = run(1)
    par, e2 = run(2)
    assert seq == par and len(seq) == 30 and not e1 and not e2


def test_rule_exception_is_contained(tmp_path):
    from utcp_lint.ruleset.rule import Rule

    boom = Rule(id="UL449", name="boom", severity="error", confidence="high", scope="python")

    @boom.check
    def _check(ctx):
        raise ValueError("kaput")
        yield

    from utcp_lint.pyscan import scan_text

    linter = Linter([boom, all_rules()["UL400"]])
    fs, errs = scan_text(linter, "import os\nos.system(input())\n", "x.py")
    assert lines_of(fs, "UL400") == [2]
    assert len(errs) == 1 and "internal error" in errs[0].message and "UL449" in errs[0].message
