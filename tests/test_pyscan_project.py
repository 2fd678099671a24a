"""Shell sinks followed across the modules of the linted tree (issue 25, UL411).

End to end through the CLI on ``fixtures/pyscan/crossmod``: a wrapper module
and caller modules (``from .util import run``, ``from . import util``,
``import tools.deploy``, a ``Popen`` subclass, a runner class, a wrapper of a
wrapper, a ``shell`` parameter and ``shell=`` through ``**kwargs``).  Every
``# FLAG`` line gets exactly one UL411 finding whose related location is the
shell call in the other module; the good tree stays quiet; the flows are real
(a canary file written by the payload through the fixture's own code).
"""

import importlib
import json
import re
import shutil
import sys

import pytest
from conftest import FIXTURES, lint_json, marked_lines, run_cli

CROSS = FIXTURES / "pyscan" / "crossmod"


def _ul411(tree, *extra):
    code, out = lint_json("--no-cache", "--select", "UL4", "--project-root", ".", *extra, ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return code, out["findings"]


def test_every_cross_module_flow_is_reported_once_at_the_feeding_call():
    tree = CROSS / "bad"
    code, fs = _ul411(tree)
    assert code == 1
    got = [(f["path"], f["line"]) for f in fs if f["rule"] == "UL411"]
    assert sorted(got) == sorted(marked_lines(tree)), got
    for f in fs:
        if f["rule"] == "UL411":
            assert (
                f["column"] >= 1
                and f["end_column"] > f["column"]
                and any(f"tools/{m}.py:" in f["message"] for m in ("util", "proc", "popen", "hooks"))
            ), f
    by_line = {(f["path"], f["line"]): f for f in fs if f["rule"] == "UL411"}
    assert "'ref' (unquoted)" in by_line[("tools/deploy.py", 8)]["message"]
    assert "shell=True passed to run()" in by_line[("tools/deploy.py", 8)]["message"]
    assert "through **kwargs of run_kw()" in by_line[("tools/deploy.py", 16)]["message"]
    assert "sys.argv" in by_line[("tools/cli.py", 12)]["message"]
    assert "tools/util.py:21" in by_line[("tools/deploy.py", 20)]["message"]  # the python3 -c call
    # Popen(*args, **kwargs): the caller's first positional argument is the command, shell= by keyword
    assert "'cc' (unquoted)" in by_line[("tools/probe.py", 10)]["message"]
    assert "tools/proc.py:11" in by_line[("tools/probe.py", 14)]["message"]  # through exec_quiet()
    # a Popen subclass with its own constructor: super().__init__(args, shell=shell) is Popen's,
    # and its classmethod run(cls, *args, **kwargs) hands shell= on through cls(...)
    assert "tools/popen.py:13" in by_line[("tools/post.py", 8)]["message"]
    assert "run() -> __init__()" in by_line[("tools/post.py", 8)]["message"]
    assert "'path' (unquoted)" in by_line[("tools/post.py", 13)]["message"]
    # a script file written with the value, run by a runner of another module ([sys.executable, path], [path])
    assert "tools/hooks.py:12" in by_line[("tools/render.py", 12)]["message"]
    assert "script file written with data" in by_line[("tools/render.py", 20)]["message"]
    assert "run_hook() -> run_script()" in by_line[("tools/render.py", 20)]["message"]


def test_sarif_names_the_shell_call_in_the_other_module_as_related_location():
    r = run_cli("--format", "sarif", "--no-config", "--no-cache", "--select", "UL411", ".", cwd=CROSS / "bad")
    assert r.returncode == 1, r.stderr
    results = json.loads(r.stdout)["runs"][0]["results"]
    assert len(results) == len(marked_lines(CROSS / "bad"))
    hops = {}
    for res in results:
        rel = res["relatedLocations"]
        # the calls between (outermost first), then the shell call in the wrapper module
        assert rel[-1]["physicalLocation"]["artifactLocation"]["uri"].endswith(
            ("tools/util.py", "tools/proc.py", "tools/popen.py", "tools/hooks.py")
        ), rel
        assert "runs the command here" in rel[-1]["message"]["text"]
        assert all(x["physicalLocation"]["region"]["startLine"] >= 1 for x in rel)
        loc = res["locations"][0]["physicalLocation"]
        hops[(loc["artifactLocation"]["uri"].rsplit("/", 2)[-1], loc["region"]["startLine"])] = [
            (
                x["physicalLocation"]["artifactLocation"]["uri"].rsplit("/", 1)[-1],
                x["physicalLocation"]["region"]["startLine"],
            )
            for x in rel[:-1]
        ]
    # cli.main -> deploy.git_log (line 8) -> util.run; deploy.find_files -> util.outer (line 30) -> util._inner
    assert hops[("cli.py", 12)] == [("deploy.py", 8)]
    assert hops[("cli.py", 11)] == [("deploy.py", 12)]
    assert hops[("deploy.py", 24)] == [("util.py", 30)]


def test_kwargs_sink_counts_only_where_a_caller_passes_shell():
    _code, fs = _ul411(CROSS / "bad")
    # run_kw's **kwargs pass-through: deploy.curl passes shell=True with its url, so the
    # fact is reported once, at that call (UL411), not a second time at the pass-through
    assert any(f["rule"] == "UL411" and f["path"] == "tools/deploy.py" and f["line"] == 16 for f in fs)
    assert not any(f["rule"] == "UL401" and f["path"] == "tools/util.py" and f["line"] == 13 for f in fs), fs
    # a pure pass-through (its command and its shell flag both the caller's) is not a finding
    # of its own even without UL411 (the review criteria: the risk is the calling site's;
    # passthrough.py); UL401 still reports a caller in the same module
    _code, fs = _ul411(CROSS / "bad", "--ignore", "UL411")
    assert not any(f["rule"] == "UL401" and f["path"] == "tools/util.py" and f["line"] == 13 for f in fs), fs
    _code, fs = _ul411(CROSS / "good")
    # the same helper where no caller of the tree passes shell=: not a shell
    assert not [f for f in fs if f["rule"] == "UL411"]
    assert not [f for f in fs if f["rule"] == "UL401" and f["line"] == 11], fs


def test_good_tree_has_no_cross_module_findings():
    code, fs = _ul411(CROSS / "good")
    assert [f for f in fs if f["rule"] in ("UL411", "UL408")] == []
    # the one finding left is the helper that really runs its parameter through a shell
    assert {(f["rule"], f["path"], f["line"]) for f in fs} == {("UL401", "tools/util.py", 15)}


def test_cached_run_gives_the_same_findings(tmp_path):
    tree = tmp_path / "t"
    shutil.copytree(CROSS / "bad", tree)
    first = lint_json("--select", "UL4", "--project-root", ".", ".", cwd=tree)[1]["findings"]
    assert (tree / ".utcp-lint-cache").is_dir()
    second = lint_json("--select", "UL4", "--project-root", ".", ".", cwd=tree)[1]["findings"]
    key = lambda f: (f["path"], f["line"], f["column"], f["rule"], f["message"])  # noqa: E731
    assert sorted(map(key, first)) == sorted(map(key, second))
    assert any(f["rule"] == "UL411" for f in second)


def test_suppression_at_the_call_site(tmp_path):
    tree = tmp_path / "t"
    shutil.copytree(CROSS / "bad", tree)
    p = tree / "tools" / "deploy.py"
    p.write_text(p.read_text().replace("# FLAG  interpreter code", "# utcp-lint: ignore[UL411] reviewed"))
    _code, fs = _ul411(tree)
    assert ("tools/deploy.py", 20) not in {(f["path"], f["line"]) for f in fs if f["rule"] == "UL411"}


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_flagged_flows_really_run_the_payload(tmp_path, monkeypatch):
    """The fixture's own code, called with a payload, writes the canary: the
    flows UL411 reports are real shells, not guesses."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(CROSS / "bad"))
    for m in [m for m in sys.modules if m == "tools" or m.startswith("tools.")]:
        monkeypatch.delitem(sys.modules, m)
    deploy = importlib.import_module("tools.deploy")
    payloads = {
        "git_log": "HEAD; touch C_git",
        "docker_ps": "x; touch C_docker",
        "find_files": "x; touch C_find",
        "kubectl": "x; touch C_kubectl",
        "awk": "'; touch C_awk; echo '",
        "jq": "__import__('pathlib').Path('C_jq').touch()",
    }
    for fn, payload in payloads.items():
        try:
            r = getattr(deploy, fn)(payload)
            if hasattr(r, "wait"):
                r.wait()
        except Exception:  # the commands themselves may fail (no git repo, no docker): the canary decides
            pass
    # the Popen subclass, the *args runner and the argparse-fed eval of the newer modules
    post = importlib.import_module("tools.post")
    post.exec_hook("true {}", "x; touch C_post")
    post.probe("x; touch C_probe")
    probe = importlib.import_module("tools.probe")
    probe.gcc_defines("true; touch C_gcc; true")
    probe.main(["--overrides", "__import__('pathlib').Path('C_argparse').touch()"])
    render = importlib.import_module("tools.render")
    render.run_rendered("open('C_render', 'w').close()  # {{ name }}\n", "x")
    render.post_install("touch C_hook\n")
    payloads.update(dict.fromkeys(("post", "probe", "gcc", "argparse", "render", "hook"), ""))
    made = sorted(p.name for p in tmp_path.iterdir() if re.match(r"C_", p.name))
    assert made == sorted("C_" + k.split("_")[0] for k in payloads), made


def test_bad_files_in_the_tree_do_not_stop_the_project_pass(tmp_path):
    tree = tmp_path / "t"
    shutil.copytree(CROSS / "bad", tree)
    (tree / "tools" / "broken.py").write_text(
        "import subprocess\nfrom .util import run\ndef f(x):\n    run('ls ' + x, shell=True\n"
    )
    (tree / "tools" / "latin.py").write_bytes(b"# -*- coding: latin-1 -*-\nfrom .util import sh\ns = '\xe9'\n")
    code, out = lint_json("--no-cache", "--select", "UL411", "--project-root", ".", ".", cwd=tree)
    assert code == 2
    assert [e["path"] for e in out["errors"]] == ["tools/broken.py"]
    assert "line 4, column 8" in out["errors"][0]["message"]
    got = {(f["path"], f["line"]) for f in out["findings"]}
    assert got == marked_lines(CROSS / "bad")


def test_warm_run_sees_an_edit_of_the_wrapper_module(tmp_path):
    """Summaries are cached per file hash; a caller's finding follows an edit of
    the wrapper's module although the caller's own file did not change."""
    tree = tmp_path / "t"
    shutil.copytree(CROSS / "bad", tree)
    first = {
        (f["path"], f["line"])
        for f in lint_json("--select", "UL411", "--project-root", ".", ".", cwd=tree)[1]["findings"]
    }
    assert ("tools/deploy.py", 12) in first
    util = tree / "tools" / "util.py"
    util.write_text(
        util.read_text().replace(
            "return subprocess.check_output(command, shell=True, text=True)",
            "return subprocess.check_output(command.split(), text=True)",
        )
    )
    second = {
        (f["path"], f["line"])
        for f in lint_json("--select", "UL411", "--project-root", ".", ".", cwd=tree)[1]["findings"]
    }
    # docker_ps, the deferred sh() calls, the registry, and cli.main -> docker_ps no longer reach a shell
    assert first - second == {
        ("tools/deploy.py", 12),
        ("tools/deploy.py", 50),
        ("tools/deploy.py", 51),
        ("tools/deploy.py", 59),
        ("tools/cli.py", 11),
    }
    assert second < first


def test_parallel_scan_carries_the_summaries_from_the_workers(tmp_path):
    """With enough files the scan runs in worker processes; the summaries come
    back with the findings and the project pass sees the same flows."""
    tree = tmp_path / "t"
    shutil.copytree(CROSS / "bad", tree)
    filler = "import subprocess\n\n\n" + "".join(f"def f{i}(x):\n    return [x, {i}]\n\n\n" for i in range(700))
    for i in range(26):
        (tree / f"pad{i}.py").write_text(filler)
    assert sum(p.stat().st_size for p in tree.rglob("*.py")) > 512 * 1024
    code, fs = _ul411(tree, "--jobs", "2")
    assert {(f["path"], f["line"]) for f in fs if f["rule"] == "UL411"} == marked_lines(CROSS / "bad")


def test_parsed_command_line_options_are_program_input():
    # args = parser.parse_args(argv); eval(args.overrides): the options are what the user typed
    _code, fs = _ul411(CROSS / "bad")
    hit = [f for f in fs if f["rule"] == "UL405" and f["path"] == "tools/probe.py"]
    assert [f["line"] for f in hit] == [21] and "parse_args()" in hit[0]["message"], hit
    _code, fs = _ul411(CROSS / "good")
    assert not [f for f in fs if f["path"] == "tools/probe.py"], fs  # ast.literal_eval, argv lists, quoted
