"""A warm run over an unchanged tree does no work (issue 25).

The per-file results are cached by content hash (``pyscan/cache.py``), and so
is the project pass (summaries resolved across modules), keyed by every file's
path and content hash.  Each test runs the real CLI in a subprocess whose
scanner counts its work: Python parses (``parse_python``), scope models built
(``PythonContext``) and project-pass resolutions (``project.analyse``).  Work
is counted, not timed.
"""

import json
import os
import shutil
import subprocess
import sys
import time

from conftest import FIXTURES

CROSS = FIXTURES / "pyscan" / "crossmod"

_COUNTING = r"""
import json, os, sys
import utcp_lint.pyscan as ps
import utcp_lint.pyscan.cache as pcache
import utcp_lint.run.read as rr
import utcp_lint.pyscan.context as pc
import utcp_lint.pyscan.project as pj
work = {"parse": 0, "model": 0, "analyse": 0}
if "RACY_SECONDS" in os.environ:  # the tests' files are seconds old: trust them in the stat index
    pcache.RACY_SECONDS = int(os.environ["RACY_SECONDS"])
read = []
real_read = rr.read_text
def read_text(t):
    read.append(t.display)
    return real_read(t)
rr.read_text = read_text
def counted(mod, name, key):
    real = getattr(mod, name)
    def f(*a, **k):
        work[key] += 1
        return real(*a, **k)
    setattr(mod, name, f)
counted(ps, "parse_python", "parse")
counted(pj, "analyse", "analyse")
real_init = pc.PythonContext.__init__
def init(self, *a, **k):
    work["model"] += 1
    real_init(self, *a, **k)
pc.PythonContext.__init__ = init
from utcp_lint.cli.app import main
code = 0
try:
    main(sys.argv[1:])
except SystemExit as e:
    code = e.code
if "RACY_SECONDS" in os.environ:
    work["read"] = sorted(read)
sys.stderr.write("WORK " + json.dumps(work) + "\n")
sys.exit(code)
"""


def _run(tree, *args):
    """(exit code, findings JSON, work counted) of one in-tree CLI run."""
    return _raw(tree, "--no-config", "--select", "UL4", *args)


def _raw(tree, *args, env=None):
    """The same with only ``args`` (and the JSON format) on the command line."""
    r = subprocess.run(
        [sys.executable, "-c", _COUNTING, "--format", "json", *args, "."],
        capture_output=True,
        text=True,
        cwd=tree,
        timeout=300,
        env=env,
    )
    assert "Traceback" not in r.stderr, r.stderr
    work = json.loads(next(x for x in r.stderr.splitlines() if x.startswith("WORK "))[5:])
    return r.returncode, json.loads(r.stdout), work


def _tree(tmp_path):
    tree = tmp_path / "t"
    shutil.copytree(CROSS / "bad", tree)
    # files the prefilter skips, before and after the others in walk order: a
    # cold run hands the project pass the files in another order than a warm one
    (tree / "tools" / "a_models.py").write_text("class Model:\n    name = 'm'\n")
    (tree / "tools" / "z_models.py").write_text("from .a_models import Model\n\n\nclass Other(Model):\n    pass\n")
    return tree


def test_warm_run_of_an_unchanged_tree_parses_and_resolves_nothing(tmp_path):
    tree = _tree(tmp_path)
    code0, cold, w0 = _run(tree, "--no-cache")
    code1, first, w1 = _run(tree)  # fills the cache
    assert w1["analyse"] == 1 and w1["parse"] > 0 and w1["model"] > 0
    code2, warm, w2 = _run(tree)
    assert w2 == {"parse": 0, "model": 0, "analyse": 0}, w2
    assert code0 == code1 == code2 == 1
    assert cold == first == warm  # byte-for-byte the same report
    assert any(f["rule"] == "UL411" for f in warm["findings"])  # the cross-module findings came from the cache


def test_the_cached_project_result_is_what_a_warm_run_reports(tmp_path):
    tree = _tree(tmp_path)
    _run(tree)
    (cache,) = (tree / ".utcp-lint-cache").glob("pyscan-*.json")
    data = json.loads(cache.read_text())
    assert len(data["project"]) == 1
    for entry in data["project"].values():
        for _path, f in entry[1]:
            f[10] = "FROM THE PROJECT CACHE"
    cache.write_text(json.dumps(data))
    _code, out, work = _run(tree)
    assert work["analyse"] == 0
    ul411 = [f for f in out["findings"] if f["rule"] == "UL411"]
    assert ul411 and {f["message"] for f in ul411} == {"FROM THE PROJECT CACHE"}


def test_an_edit_a_new_file_or_a_rename_resolves_the_project_again(tmp_path):
    tree = _tree(tmp_path)
    _run(tree)
    deploy = tree / "tools" / "deploy.py"

    def same_as_cold():
        code, out, work = _run(tree)
        code_cold, cold, _ = _run(tree, "--no-cache")
        assert (code, out) == (code_cold, cold)
        return work

    # an edit of one caller: that file is parsed again (the others come from the cache)
    deploy.write_text(deploy.read_text() + "\n\ndef extra(x):\n    return run('ls ' + x, shell=True)\n")
    work = same_as_cold()
    assert work["analyse"] == 1
    # a new file that calls a wrapper of the tree
    (tree / "tools" / "more.py").write_text(
        "from .util import run\n\n\ndef more(y):\n    run('cat ' + y, shell=True)\n"
    )
    work = same_as_cold()
    assert work["analyse"] == 1
    # a rename changes module names, so the resolution: same content, new key
    (tree / "tools" / "more.py").rename(tree / "tools" / "other.py")
    work = same_as_cold()
    assert work["analyse"] == 1
    # nothing changed since: nothing is done
    _code, _out, work = _run(tree)
    assert work == {"parse": 0, "model": 0, "analyse": 0}, work


def test_the_step_budget_note_is_cached_with_the_partial_result(tmp_path):
    """The evaluator's step budget (60,000 steps) cuts the same question on
    every run: that partial result is cached, and its UL011 note comes back
    from the cache on every warm run (budget exhaustion stays a finding)."""
    tree = tmp_path / "t"
    tree.mkdir()
    n = 12000  # the shape of test_budget.py's: the evaluator's 60,000 steps run out
    (tree / "big.py").write_text(
        "import subprocess\n" + "".join(f"def f{i}(x):\n    subprocess.run('ls ' + x, shell=True)\n" for i in range(n))
    )
    (tree / "small.py").write_text("import subprocess\n\ndef f(x):\n    subprocess.run('ls ' + x, shell=True)\n")
    outs = []
    for expected in ({"analyse": 1}, {"parse": 0, "model": 0, "analyse": 0}):
        code, out, work = _run(tree)
        assert code == 1
        notes = [f for f in out["findings"] if f["rule"] == "UL011"]
        assert len(notes) == 1 and notes[0]["path"] == "big.py" and notes[0]["severity"] == "note"
        assert {k: work[k] for k in expected} == expected, work
        outs.append(out)
    assert outs[0] == outs[1]


def test_a_cpu_time_stop_is_never_cached(tmp_path, monkeypatch):
    """Where the CPU-time budget stops depends on the machine: that file is
    analysed again on the next run, and the project pass that read it too."""
    import utcp_lint.pyscan as ps
    import utcp_lint.pyscan.project as pj
    import utcp_lint.run.budget as budget_mod
    from utcp_lint.ruleset.context import LintOptions
    from utcp_lint.ruleset.rule import all_rules
    from utcp_lint.run.discover import Target
    from utcp_lint.run.linter import Linter
    from utcp_lint.run.result import RunResult

    monkeypatch.setattr(budget_mod, "SECONDS_PER_MIB", 0.0)  # the budget is exactly time_budget
    big = tmp_path / "big.py"
    big.write_text(
        "import subprocess\n"
        + "".join(f"def f{i}(x):\n    subprocess.run('ls ' + x, shell=True)\n" for i in range(20000))
    )
    work = {"parse": 0, "analyse": 0}
    real_parse, real_analyse = ps.parse_python, pj.analyse

    def parse(text, display):
        work["parse"] += 1
        return real_parse(text, display)

    def analyse(*a, **k):
        work["analyse"] += 1
        return real_analyse(*a, **k)

    monkeypatch.setattr(ps, "parse_python", parse)
    monkeypatch.setattr(pj, "analyse", analyse)
    rules = [r for rid, r in all_rules().items() if rid.startswith("UL4")]
    for _ in range(2):
        linter = Linter(rules, LintOptions(time_budget=0.2), use_cache=True, cache_dir=str(tmp_path / "cache"))
        res = RunResult()
        ps.scan_many(linter, [Target(str(big), "big.py", True)], res, jobs=1)
        stops = [f for f in res.findings if f.rule == "UL011"]
        assert len(stops) == 1 and stops[0].severity == "error", [f.message for f in stops]
    assert work == {"parse": 2, "analyse": 2}, work


def test_a_deleted_file_resolves_the_project_again(tmp_path):
    """Deleting the module that defines the wrappers takes its cross-module
    findings with it: the warm run prints what a cold run prints."""
    tree = _tree(tmp_path)
    _code, first, _ = _run(tree)
    assert any(f["rule"] == "UL411" and f["path"].endswith("deploy.py") for f in first["findings"])
    (tree / "tools" / "custom.py").unlink()
    (tree / "tools" / "util.py").unlink()
    code, warm, work = _run(tree)
    code_cold, cold, cold_work = _run(tree, "--no-cache")
    assert (code, warm) == (code_cold, cold)
    # the files left were cached (the per-file pass analysed none of them again); the
    # project is not: it is resolved again, re-reading only the files that call a
    # summarised function (as a cold run's project pass does; a cold run hands that
    # pass the trees its per-file pass parsed, so it counts fewer parses than models)
    assert work["analyse"] == 1 and work["model"] < cold_work["model"], (work, cold_work)
    assert work["parse"] == work["model"] and cold_work["parse"] < cold_work["model"], (work, cold_work)
    # the flows through the deleted wrappers are gone (other modules' own wrappers stay)
    assert not any(f["rule"] == "UL411" and f["path"].endswith(("deploy.py", "cli.py")) for f in warm["findings"])
    assert any(f["rule"] == "UL411" for f in first["findings"] if f["path"].endswith(("deploy.py", "cli.py")))
    assert not any(f["path"].endswith(("util.py", "custom.py")) for f in warm["findings"])


def test_another_rule_selection_or_option_is_another_cache(tmp_path):
    """The selected rules and the lint options are in the cache's key: a run
    that selects other rules (on the command line or in the configuration) or
    sets another option never reads the results of the first."""
    tree = _tree(tmp_path)
    _run(tree)  # UL4, filled
    for args in (
        ["--no-config", "--select", "UL401"],
        ["--no-config", "--select", "UL4", "--ignore", "UL411"],
        ["--no-config", "--select", "UL4", "--shell", "bash"],
    ):
        code, out, work = _raw(tree, *args)
        code_cold, cold, _ = _raw(tree, "--no-cache", *args)
        assert (code, out) == (code_cold, cold), args
        assert work["parse"] > 0, args  # scanned again, not served from the UL4 entries
        _code, again, work = _raw(tree, *args)  # and now cached under its own key
        assert again == out and work == {"parse": 0, "model": 0, "analyse": 0}, args
    ul401 = _raw(tree, "--no-config", "--select", "UL401")[1]["findings"]
    assert ul401 and {f["rule"] for f in ul401} == {"UL401"}
    # the configuration's selection: the same
    (tree / "pyproject.toml").write_text('[tool.utcp-lint]\nselect = ["UL401"]\n')
    _code, cfg_out, work = _raw(tree)
    assert cfg_out["findings"] == ul401
    assert work["parse"] == 0  # the UL401 run's entries: the same rules, the same options


def test_the_cache_key_covers_the_selected_rules_modules(monkeypatch):
    """Editing a selected rule's module (its size or mtime) gives another key,
    without the key importing that module (a warm run imports no scanner)."""
    import os

    from utcp_lint.pyscan import cache as pcache
    from utcp_lint.ruleset.index import selectable_rules

    reg = selectable_rules()

    class L:
        rules = [reg["UL401"], reg["UL411"]]

        class options:
            shell = "auto"
            require_declarations = False
            kind = None
            ignore_foreign_suppressions = False

    stated: list = []
    real_stat = os.stat

    def stat(p, *a, **k):
        stated.append(str(p))
        return real_stat(p, *a, **k)

    monkeypatch.setattr(os, "stat", stat)
    before = set(sys.modules)
    k1 = pcache.run_key(L)
    mods = [p for p in stated if os.path.basename(os.path.dirname(p)) == "rules"]
    assert {os.path.basename(p) for p in mods} >= {f"{reg['UL401'].module}.py", f"{reg['UL411'].module}.py"}
    assert not {m for m in set(sys.modules) - before if m.startswith("utcp_lint.rules.ul")}
    # the same module with another mtime: another key
    target = next(p for p in mods if p.endswith(f"{reg['UL401'].module}.py"))

    def stat2(p, *a, **k):
        st = real_stat(p, *a, **k)
        if str(p) == target:
            return os.stat_result((*st[:8], st.st_mtime + 1, st.st_ctime))
        return st

    monkeypatch.setattr(os, "stat", stat2)
    assert pcache.run_key(L) != k1


def test_warm_runs_print_byte_for_byte_what_cold_runs_print(tmp_path):
    """Every output format, through the installed CLI: the cold run, the run
    that fills the cache and the warm run print the same bytes and exit alike."""
    tree = _tree(tmp_path)
    for fmt in ("concise", "full", "json", "sarif", "github"):
        outs = []
        for args in (["--no-cache"], [], []):
            r = subprocess.run(
                [sys.executable, "-m", "utcp_lint", "--no-config", "--format", fmt, *args, "."],
                capture_output=True,
                cwd=tree,
                timeout=300,
            )
            outs.append((r.returncode, r.stdout, r.stderr))
        assert outs[0][0] == 1 and b"UL411" in outs[0][1], fmt
        assert outs[0] == outs[1] == outs[2], fmt


# ---- the stat index (size, mtime, ctime, inode, device -> content hash) ------

# the files of these tests are written a moment before the run: with the
# default RACY_SECONDS the index would (rightly) not trust them
_STAT = dict(os.environ, RACY_SECONDS="0")


def _stat_run(tree, *args):
    code, out, work = _raw(tree, "--no-config", "--select", "UL4", *args, env=_STAT)
    return code, out, work


def _cold(tree):
    return _raw(tree, "--no-config", "--select", "UL4", "--no-cache")[:2]


def test_a_warm_run_reads_only_the_files_it_reports_on(tmp_path):
    """An unchanged tree: no file is read or hashed but those whose findings the
    report shows with their source lines; the report is the cold run's."""
    tree = _tree(tmp_path)
    _stat_run(tree)  # fills the cache and the stat index
    code, warm, work = _stat_run(tree)
    assert (code, warm) == _cold(tree)
    with_findings = {f["path"] for f in warm["findings"]}
    every = {str(p.relative_to(tree)) for p in tree.rglob("*.py")}
    assert with_findings < every  # some files have no finding: those are never read
    assert set(work["read"]) == with_findings, work["read"]
    assert (work["parse"], work["model"], work["analyse"]) == (0, 0, 0)


def test_a_touched_but_unchanged_file_is_hashed_not_analysed(tmp_path):
    """A new mtime (``touch``) misses the stat index: the file is read and hashed
    once, its content is found in the cache (nothing parsed), and its new stat is
    recorded, so the next run reads it no more."""
    tree = _tree(tmp_path)
    _stat_run(tree)
    quiet = tree / "tools" / "a_models.py"  # no finding: read only when its stat changed
    os.utime(quiet, ns=(time.time_ns(), time.time_ns() - 5_000_000_000))  # another mtime, in the past
    code, out, work = _stat_run(tree)
    assert (code, out) == _cold(tree)
    assert "tools/a_models.py" in work["read"]
    assert (work["parse"], work["model"], work["analyse"]) == (0, 0, 0)
    _code, _out, work = _stat_run(tree)
    assert "tools/a_models.py" not in work["read"]


def test_an_edit_with_the_size_and_mtime_put_back_is_seen(tmp_path):
    """Issue 18's case, with the stat index trusting the file: the same size, the
    mtime restored with ``os.utime``; the change time moved, so the file is read
    and the new finding reported."""
    tree = _tree(tmp_path)
    p = tree / "tools" / "a_models.py"
    p.write_text("import os\n\ndef f(x):\n    return x          \n")
    _stat_run(tree)
    before = _stat_run(tree)[1]
    st = os.stat(p)
    p.write_text("import os\n\ndef f(x):\n    os.system(x)      \n")
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(p).st_size == st.st_size and os.stat(p).st_mtime_ns == st.st_mtime_ns
    code, out, work = _stat_run(tree)
    assert (code, out) == _cold(tree)
    assert "tools/a_models.py" in work["read"] and work["parse"] >= 1
    assert out != before
    assert any(f["path"] == "tools/a_models.py" for f in out["findings"])


def test_a_deleted_file_and_a_changed_callee_with_the_stat_index(tmp_path):
    """The project pass crosses modules: a callee that stops running a shell
    takes its callers' findings in other (unchanged, unread) modules with it, and
    a deleted module its flows; each warm run prints what a cold run prints."""
    tree = _tree(tmp_path)
    _stat_run(tree)
    _code, first, _ = _stat_run(tree)

    def thread_target(out):  # deploy.py: threading.Thread(target=util.sh, args=("du -sh " + path,))
        return [f for f in out["findings"] if f["path"] == "tools/deploy.py" and f["line"] == 51]

    assert thread_target(first)
    util = tree / "tools" / "util.py"
    util.write_text(
        util.read_text().replace(
            "return subprocess.check_output(command, shell=True, text=True)",
            'return subprocess.check_output(["du", "-sh", "--", command], text=True)',
        )
    )
    code, warm, work = _stat_run(tree)
    assert (code, warm) == _cold(tree)
    assert work["analyse"] == 1 and not thread_target(warm)
    assert "tools/util.py" in work["read"]
    # a deleted module: its findings and the flows through it go
    (tree / "tools" / "custom.py").unlink()
    code, warm2, work = _stat_run(tree)
    assert (code, warm2) == _cold(tree)
    assert work["analyse"] == 1
    assert not any(f["path"] == "tools/custom.py" for f in warm2["findings"])
    assert any(f["path"] == "tools/custom.py" for f in first["findings"])


def test_stat_hits_print_the_source_lines_of_their_findings(tmp_path):
    """The full format shows each finding's source line: a file the stat index
    answered for is read for its findings, whatever rules are selected (with
    and without the project pass), and every format prints the cold run's bytes."""
    tree = _tree(tmp_path)

    def run(*args):
        r = subprocess.run(
            [sys.executable, "-c", _COUNTING, "--no-config", *args, "."],
            capture_output=True,
            text=True,
            cwd=tree,
            timeout=300,
            env=_STAT,
        )
        work = json.loads(next(x for x in r.stderr.splitlines() if x.startswith("WORK "))[5:])
        return r.returncode, r.stdout, work

    for select in ("UL400,UL403,UL405", "UL4"):  # without and with the project pass (UL401, UL411)
        for fmt in ("full", "concise", "sarif"):
            args = ("--select", select, "--format", fmt)
            cold = run("--no-cache", *args)[:2]
            run(*args)  # fills
            code, out, work = run(*args)
            assert (code, out) == cold, (select, fmt)
            assert work["parse"] == 0 and work["read"], (select, fmt)  # stat hits; files with findings read
        assert cold[0] == 1
