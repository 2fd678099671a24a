"""Hostile inputs (issue 7): each gives a clear one-line message (file and
position where applicable), exit 2 for bad input while the other files are
still linted, in bounded time and memory.  The bounds are stated in
docs/limits.md; the subprocess timeouts here are hang guards, not speed tests.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, run_cli

from utcp_lint.engine import Linter, Target, exit_code, read_text

EXE = Path(sys.executable).parent / "utcp-lint"
GOOD = (ROOT / "fixtures" / "rules" / "UL031" / "bad_missing.json").read_text(encoding="utf-8")

# Run the CLI as a child of a small wrapper that reports the child's peak RSS
# (ru_maxrss of RUSAGE_CHILDREN is the largest child, in KiB on Linux).
RSS_WRAPPER = r"""
import json, resource, subprocess, sys
r = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
print(json.dumps({"rc": r.returncode, "stdout": r.stdout.decode("utf-8", "replace")[-20000:],
                  "stdout_len": len(r.stdout), "stderr": r.stderr.decode("utf-8", "replace")[-5000:],
                  "maxrss_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
"""


def run_measured(*args, cwd, timeout=900):
    cmd = [sys.executable, "-c", RSS_WRAPPER, str(EXE), "--no-config", *map(str, args)]
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, timeout=timeout)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def lint(*args, cwd):
    r = run_cli("--no-config", "--format", "json", *args, cwd=cwd)
    assert r.returncode in (0, 1, 2), r.stderr
    assert "Traceback" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout), r


def lint_text_out(*args, cwd):
    r = run_cli("--no-config", *args, cwd=cwd)
    assert r.returncode in (0, 1, 2) and "Traceback" not in r.stderr, r.stderr
    return r


def one_error(doc, path):
    errs = [e for e in doc["errors"] if e["path"] == path]
    assert len(errs) == 1, doc["errors"]
    assert "\n" not in errs[0]["message"]
    return errs[0]["message"]


# ----------------------------------------------------------------------------
# size
# ----------------------------------------------------------------------------

TOOL = {
    "description": "Count the lines of a file in the workspace, politely and carefully",
    "inputs": {
        "type": "object",
        "properties": {"path": {"type": "string", "description": "File"}},
        "required": ["path"],
    },
    "outputs": {"type": "string"},
    "tags": ["files"],
    "tool_call_template": {"call_template_type": "cli", "commands": [{"command": "wc -l -- UTCP_ARG_path_UTCP_END"}]},
}


def write_big_manual(path: Path, target_bytes: int) -> tuple[int, int]:
    """A manual of ``target_bytes`` with one flawed tool at the very end.

    Returns (tool count, line of the flawed placeholder)."""
    with open(path, "w", encoding="utf-8") as f:
        f.write('{"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [\n')
        size, i, line = 0, 0, 2
        while size < target_bytes:
            t = dict(TOOL, name=f"count_lines_{i}")
            s = json.dumps(t) + ",\n"
            f.write(s)
            size += len(s)
            i += 1
            line += 1
        bad = dict(TOOL, name="last")
        bad["tool_call_template"] = {
            "call_template_type": "cli",
            "commands": [{"command": "wc -l -- UTCP_ARG_nope_UTCP_END"}],
        }
        f.write(json.dumps(bad) + "\n]}\n")
    return i + 1, line


def test_100_mb_manual_is_linted_in_bounded_memory(tmp_path):
    p = tmp_path / "huge.json"
    tools, line = write_big_manual(p, 100 * 1024 * 1024)
    size = p.stat().st_size
    assert size >= 100 * 1024 * 1024
    m = run_measured("--format", "json", "--select", "UL031", "-o", tmp_path / "out.json", p, cwd=tmp_path)
    assert m["rc"] == 1, m
    out = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert out["errors"] == []
    # the one flaw, at the very end of the 100 MB, at its exact position
    assert [(f["rule"], f["line"], f["tool"]) for f in out["findings"]] == [("UL031", line, "last")]
    # bound from docs/limits.md: peak RSS <= 15 x the file size (measured 38.4 x, then
    # 34.8 x after issue 15: templates share the loaded values, no whole-tree key map;
    # 15.9 x once the loaded document is flat arrays with nodes as views, jsonpos.Tree;
    # 11.5 x once each template is freed after its rules and key spans, pointers and
    # short strings cost no object per value)
    rss = m["maxrss_kib"] * 1024
    print(f"100 MB manual: {tools} tools, peak RSS {rss / 2**20:.0f} MiB ({rss / size:.1f}x file size)")
    assert rss <= 15 * size, rss


def test_file_above_the_size_cap_is_refused_without_reading_it(tmp_path, monkeypatch):
    import utcp_lint.run.read as engine

    monkeypatch.setattr(engine, "MAX_FILE_BYTES", 1000)
    p = tmp_path / "big.json"
    p.write_text(GOOD + " " * 2000, encoding="utf-8")
    text, err = read_text(Target(str(p), "big.json", True))
    assert text is None and "larger than" in err.message


def test_one_megabyte_command(tmp_path):
    cmd = "echo " + "a" * (1024 * 1024) + " UTCP_ARG_nope_UTCP_END"
    manual = {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            dict(TOOL, name="big", tool_call_template={"call_template_type": "cli", "commands": [{"command": cmd}]})
        ],
    }
    p = tmp_path / "cmd.json"
    text = json.dumps(manual)
    p.write_text(text, encoding="utf-8")
    m = run_measured("--format", "json", p, cwd=tmp_path)
    assert m["rc"] in (1, 2), m
    doc = json.loads(m["stdout"]) if m["stdout_len"] <= 20000 else None
    r = run_cli("--no-config", "--format", "json", "--select", "UL031", p, cwd=tmp_path)
    doc = json.loads(r.stdout)
    assert r.returncode == 1 and not doc["errors"], doc
    [f] = doc["findings"]
    assert f["rule"] == "UL031" and f["line"] == 1
    assert f["column"] == text.index("UTCP_ARG_nope_UTCP_END") + 1
    # text output stays readable: a window around the span, not a 1 MB line
    t = lint_text_out("--select", "UL031", p, cwd=tmp_path)
    assert max(len(ln) for ln in t.stdout.splitlines()) < 2000
    assert m["maxrss_kib"] < 1024 * 1024  # < 1 GiB for a 1 MB command with every rule


# ----------------------------------------------------------------------------
# structure
# ----------------------------------------------------------------------------


@pytest.mark.parametrize("opener,closer", [("[", "]"), ('{"a":', "}")])
def test_100000_deep_nesting_is_a_clear_error(tmp_path, opener, closer):
    p = tmp_path / "deep.json"
    p.write_text(opener * 100_000 + "1" + closer * 100_000, encoding="utf-8")
    m = run_measured(p, cwd=tmp_path)
    assert m["rc"] == 2, m
    assert (
        f"deep.json:1:{1000 * len(opener) + 1}: invalid JSON: nesting deeper than 1000 levels" in m["stderr"]
    )  # file errors: stderr
    assert m["maxrss_kib"] < 300 * 1024


def test_nesting_the_runtime_can_load_is_linted_by_every_rule(tmp_path):
    # ~1,000 levels is the most Python's json loads (less with a deeper
    # stack); 997 here, and every rule must cope with them
    inner = '{"a":' * 994 + '"x"' + "}" * 994
    text = GOOD.replace('"inputs": {', '"deep": ' + inner + ', "inputs": {', 1)
    assert text != GOOD
    p = tmp_path / "deepok.json"
    p.write_text(text, encoding="utf-8")
    code, doc, _ = lint(p, cwd=tmp_path)
    assert doc["errors"] == [], doc["errors"]
    assert any(f["rule"] == "UL031" for f in doc["findings"])


def test_duplicate_keys_analyse_the_value_the_runtime_keeps(tmp_path):
    # Python's json (and so the runtime) keeps the LAST duplicate: a reviewer
    # reading the first "commands" sees a harmless command, the runtime runs
    # the second.  The linter analyses what the runtime runs.
    text = (
        '{"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [{"name": "t",\n'
        '"inputs": {"type": "object", "properties": {"path": {"type": "string"}}},\n'
        '"tool_call_template": {"call_template_type": "cli",\n'
        '"commands": [{"command": "wc -l -- UTCP_ARG_path_UTCP_END"}],\n'
        '"commands": [{"command": "cat UTCP_ARG_other_UTCP_END"}]}}]}\n'
    )
    assert json.loads(text)["tools"][0]["tool_call_template"]["commands"][0]["command"].startswith("cat")
    p = tmp_path / "dup.json"
    p.write_text(text, encoding="utf-8")
    code, doc, _ = lint("--select", "UL031", p, cwd=tmp_path)
    col = text.splitlines()[4].index("UTCP_ARG_other") + 1
    assert [(f["line"], f["column"]) for f in doc["findings"]] == [(5, col)], doc


def test_bom_is_accepted_and_positions_ignore_it(tmp_path):
    plain, bom = tmp_path / "plain.json", tmp_path / "bom.json"
    plain.write_bytes(GOOD.encode("utf-8"))
    bom.write_bytes(b"\xef\xbb\xbf" + GOOD.encode("utf-8"))
    _, a, _ = lint("--select", "UL031", plain, cwd=tmp_path)
    _, b, _ = lint("--select", "UL031", bom, cwd=tmp_path)
    pos = lambda d: [(f["line"], f["column"], f["end_line"], f["end_column"]) for f in d["findings"]]  # noqa: E731
    assert pos(a) == pos(b) and pos(a)
    assert b["errors"] == []


def test_non_utf8_utf16_binary_and_empty_files(tmp_path):
    files = {
        "latin1.json": ('{"tools": [{"name": "caf\u00e9"}]}'.encode("latin-1"), "not valid UTF-8"),
        "utf16.json": (GOOD.encode("utf-16"), "UTF-16"),
        "binary.json": (b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)), "binary"),
        "empty.json": (b"", "empty"),
        "blank.json": (b" \n\t\r\n", "empty"),
        "nul.json": (b'{"tools": []}\x00', "binary"),
    }
    for name, (data, _msg) in files.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "good.json").write_text(GOOD, encoding="utf-8")
    code, doc, _ = lint(*files, "good.json", cwd=tmp_path)
    assert code == 2
    for name, (_data, msg) in files.items():
        assert msg.lower() in one_error(doc, name).lower(), (name, doc["errors"])
    assert "(line 1, column 25)" in one_error(doc, "latin1.json")  # the exact bad byte
    assert any(f["path"] == "good.json" for f in doc["findings"])  # the others are still linted


def test_invalid_json_reports_file_line_and_column_on_one_line(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text('{"tools": [\n  {"name": "a",}\n]}', encoding="utf-8")
    r = lint_text_out(p.name, cwd=tmp_path)
    assert r.returncode == 2
    assert "bad.json:2:16: invalid JSON: trailing comma before '}'" in r.stderr.splitlines()  # issue 12: stderr


def test_huge_integer_is_a_clear_error_not_a_crash(tmp_path):
    p = tmp_path / "num.json"
    p.write_text('{"tools": [], "n": ' + "9" * 5000 + "}", encoding="utf-8")
    r = lint_text_out(p.name, cwd=tmp_path)
    assert r.returncode == 2 and "num.json:1:20: invalid JSON: integer with 5000 digits" in r.stderr


def test_lone_surrogates_bidi_and_control_characters_in_values(tmp_path):
    text = GOOD.replace('"name": "', '"name": "\\ud800\\u202e\\u001b[31m\\n', 1)
    assert text != GOOD
    p = tmp_path / "s.json"
    p.write_text(text, encoding="utf-8")
    for fmt in ("text", "json", "sarif", "github"):
        r = run_cli("--no-config", "--format", fmt, p, cwd=tmp_path)
        assert r.returncode == 1, (fmt, r.stdout, r.stderr)
        assert "Traceback" not in r.stderr
        assert "\x1b" not in r.stdout, fmt  # an escape sequence from a manual never reaches the terminal
        if fmt in ("json", "sarif"):
            json.loads(r.stdout)
    r = run_cli("--no-config", p, cwd=tmp_path)
    assert "\\ud800\\u202e\\x1b[31m\\n" in r.stdout  # shown escaped, on the finding's one line


# ----------------------------------------------------------------------------
# file system
# ----------------------------------------------------------------------------


def test_symlink_loops_in_walks_and_on_the_command_line(tmp_path):
    d = tmp_path / "proj"
    (d / "sub").mkdir(parents=True)
    (d / "ok.json").write_text(GOOD, encoding="utf-8")
    os.symlink("..", d / "sub" / "up")  # directory loop
    os.symlink("b.json", d / "a.json")  # file loop a -> b -> a
    os.symlink("a.json", d / "b.json")
    os.symlink(d / "ok.json", d / "sub" / "link.json")  # symlinked file: skipped when walking
    code, doc, _ = lint("proj", "proj/a.json", cwd=tmp_path)
    assert code == 2
    assert "too many levels of symbolic links" in one_error(doc, "proj/a.json").lower()
    assert {f["path"] for f in doc["findings"]} == {"proj/ok.json"}


def test_fifo_found_by_walking_does_not_block_and_named_fifo_is_an_error(tmp_path):
    d = tmp_path / "proj"
    d.mkdir()
    (d / "ok.json").write_text(GOOD, encoding="utf-8")
    os.mkfifo(d / "pipe.json")
    os.mkfifo(tmp_path / "named.json")
    # no writer ever opens the FIFOs: a blocking open() would hang (timeout guard)
    code, doc, _ = lint("proj", "named.json", "/dev/null", "/dev/zero", cwd=tmp_path)
    assert code == 2
    assert "not a regular file" in one_error(doc, "named.json")
    assert "not a regular file" in one_error(doc, "/dev/null")
    assert "not a regular file" in one_error(doc, "/dev/zero")
    assert not [e for e in doc["errors"] if "pipe.json" in e["path"]]  # walked FIFO: silently skipped
    assert {f["path"] for f in doc["findings"]} == {"proj/ok.json"}


def test_read_text_refuses_a_fifo_even_after_discovery(tmp_path):
    # discovery checked a regular file; by the time it is read it is a FIFO
    p = tmp_path / "race.json"
    os.mkfifo(p)
    text, err = read_text(Target(str(p), "race.json", False))
    assert text is None and "not a regular file" in err.message


def _lint_as_nobody(paths: list[str], cwd: Path) -> dict:
    """Lint in a forked child that dropped root (chmod 000 means nothing to
    root).  The child needs no exec: the linter is already imported."""
    from utcp_lint.ruleset.rule import all_rules

    all_rules()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - child
        try:
            os.close(r)
            os.chdir(cwd)
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            res = Linter().lint_paths(paths)
            out = {
                "code": exit_code(res),
                "errors": [e.text() for e in res.errors],
                "findings": sorted({f.path for f in res.findings}),
            }
            os.write(w, json.dumps(out).encode())
        finally:
            os._exit(0)
    os.close(w)
    chunks = []
    while True:
        b = os.read(r, 65536)
        if not b:
            break
        chunks.append(b)
    os.close(r)
    os.waitpid(pid, 0)
    return json.loads(b"".join(chunks))


def test_unreadable_file_and_directory(tmp_path):
    d = tmp_path / "proj"
    (d / "locked").mkdir(parents=True)
    (d / "locked" / "inner.json").write_text(GOOD, encoding="utf-8")
    (d / "ok.json").write_text(GOOD, encoding="utf-8")
    (d / "secret.json").write_text(GOOD, encoding="utf-8")
    os.chmod(d / "secret.json", 0)
    os.chmod(d / "locked", 0)
    os.chmod(tmp_path, 0o755)
    try:
        if os.geteuid() == 0:
            out = _lint_as_nobody(["proj"], tmp_path)
        else:
            r = run_cli("--no-config", "--format", "json", "proj", cwd=tmp_path)
            doc = json.loads(r.stdout)
            out = {
                "code": r.returncode,
                "errors": [f"{e['path']}: {e['message']}" for e in doc["errors"]],
                "findings": sorted({f["path"] for f in doc["findings"]}),
            }
    finally:
        os.chmod(d / "secret.json", 0o644)
        os.chmod(d / "locked", 0o755)
    assert out["code"] == 2, out
    assert "proj/secret.json: permission denied" in out["errors"], out
    assert any(e.startswith("proj/locked: cannot read directory") for e in out["errors"]), out
    assert out["findings"] == ["proj/ok.json"]


def test_file_names_with_newlines_and_undecodable_bytes(tmp_path):
    nl = "evil\nname.json"
    (tmp_path / nl).write_text(GOOD, encoding="utf-8")
    raw = os.fsdecode(b"bad\xff.json")
    (tmp_path / raw).write_text(GOOD, encoding="utf-8")
    r = lint_text_out(nl, raw, "missing\nfile.json", cwd=tmp_path)
    assert r.returncode == 2
    lines = r.stdout.splitlines()
    assert any(ln.startswith("evil\\nname.json:") and "UL031" in ln for ln in lines), r.stdout
    assert any(ln.startswith("bad\\udcff.json:") and "UL031" in ln for ln in lines), r.stdout
    assert "missing\\nfile.json: no such file or directory" in r.stderr.splitlines()  # file errors: stderr
    lines += r.stderr.splitlines()
    # no output line starts with the part after the newline
    assert not any(ln.startswith("name.json") or ln.startswith("file.json") for ln in lines)
    # JSON keeps the real name (escaped by JSON itself)
    code, doc, _ = lint(nl, cwd=tmp_path)
    assert {f["path"] for f in doc["findings"]} == {nl}


def test_many_small_files(tmp_path):
    d = tmp_path / "many"
    d.mkdir()
    for i in range(1500):
        (d / f"m{i:04d}.json").write_text(GOOD, encoding="utf-8")
    code, doc, _ = lint("--select", "UL031", "many", cwd=tmp_path)
    assert code == 1 and not doc["errors"]
    assert len({f["path"] for f in doc["findings"]}) == 1500


def test_stdin_with_hostile_bytes():
    for data, expect in ((b"\xff\xfe\x00", 2), (b"\x00" * 100, 2), (GOOD.encode(), 1), (b"", 2)):
        exe = [str(EXE)] if EXE.exists() else [sys.executable, "-m", "utcp_lint.cli.app"]
        r = subprocess.run(exe + ["--no-config", "-"], input=data, capture_output=True, timeout=120)
        assert r.returncode == expect, (data[:10], r.stdout, r.stderr)
        assert b"Traceback" not in r.stderr


def test_output_to_a_closed_pipe_is_not_a_traceback(tmp_path):
    d = tmp_path / "many"
    d.mkdir()
    for i in range(300):
        (d / f"m{i:03d}.json").write_text(GOOD, encoding="utf-8")
    exe = str(EXE) if EXE.exists() else f"{sys.executable} -m utcp_lint.cli.app"
    r = subprocess.run(
        ["bash", "-o", "pipefail", "-c", f"'{exe}' --no-config many | head -c 10"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert "Traceback" not in r.stderr and "BrokenPipe" not in r.stderr, r.stderr
    assert r.returncode in (1, 2), r.returncode  # 1 if everything was written before head exited


# ----------------------------------------------------------------------------
# regressions found by the fuzzers (docs/design/hardening.md)
# ----------------------------------------------------------------------------


def test_astral_characters_that_crashed_tree_sitter_bash(tmp_path):
    # tree-sitter-bash 0.25 segfaults on "{" followed by some astral code
    # points (found by scripts/fuzz_million.py); the whole linter died (-11)
    cmds = ["x {\U000ca185 UTCP_ARG_path_UTCP_END", "echo {\U0002c6cf", "$@--%{\U000ca185\\Get-ChildItem"]
    manual = {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            dict(TOOL, name=f"t{i}", tool_call_template={"call_template_type": "cli", "commands": [{"command": c}]})
            for i, c in enumerate(cmds)
        ],
    }
    p = tmp_path / "astral.json"
    p.write_text(json.dumps(manual, ensure_ascii=False), encoding="utf-8")
    code, doc, r = lint(p, cwd=tmp_path)
    assert r.returncode in (0, 1), (r.returncode, r.stderr)
    assert doc["errors"] == []


def test_lone_surrogate_in_a_command_is_analysed_not_an_internal_error(tmp_path):
    # "\ud800" in a command made the bash engine raise UnicodeDecodeError in
    # every bash rule (19 internal errors, exit 2) for a file the runtime loads
    text = GOOD.replace('"command": "', '"command": "echo \\ud800 ', 1)
    assert text != GOOD
    p = tmp_path / "sur.json"
    p.write_text(text, encoding="utf-8")
    code, doc, _ = lint(p, cwd=tmp_path)
    assert doc["errors"] == [] and code == 1
    assert any(f["rule"] == "UL031" for f in doc["findings"])


def test_analyses_are_released_after_their_template_is_linted():
    from utcp_lint.core.findings import SourceFile
    from utcp_lint.document.jsonpos import parse
    from utcp_lint.engine import RunResult
    from utcp_lint.ruleset.context import DocumentContext

    doc = DocumentContext(SourceFile("m.json", GOOD), parse(GOOD))
    Linter().run_document(doc, RunResult())
    for tpl in doc.templates:
        assert "bash" not in tpl.__dict__ and "_declaration_report" not in tpl.__dict__
        assert tpl.bash is not None  # recomputed on demand


@pytest.mark.parametrize(
    "content",
    [
        b"[tool.utcp-lint]\nselect = " + b"[" * 100_000 + b"]" * 100_000 + b"\n",  # past tomllib's recursion
        b'[tool.utcp-lint]\nselect = "\xff"\n',  # not UTF-8
        b"\x00\x01binary",
    ],
)
def test_hostile_pyproject_is_a_usage_error_not_an_internal_error(tmp_path, content):
    (tmp_path / "pyproject.toml").write_bytes(content)
    (tmp_path / "m.json").write_text(GOOD, encoding="utf-8")
    r = run_cli("m.json", cwd=tmp_path)  # configuration found upward from the cwd
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("utcp-lint: error: ") and "pyproject.toml" in lines[0], lines
    assert "internal error" not in r.stderr


@pytest.mark.parametrize("content", [b"[" * 100_000, b"\xff\xfe\x00garbage", b"{}", b"[]"])
def test_hostile_baseline_is_a_usage_error(tmp_path, content):
    (tmp_path / "bl.json").write_bytes(content)
    (tmp_path / "m.json").write_text(GOOD, encoding="utf-8")
    r = run_cli("--no-config", "--baseline", "bl.json", "m.json", cwd=tmp_path)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
    assert "utcp-lint: error: " in r.stderr and "bl.json" in r.stderr


def test_scan_cache_committed_to_a_hostile_repository_is_never_trusted(tmp_path):
    # The Python scan caches results in .utcp-lint-cache/ inside the project.
    # An attacker with the same installation (e.g. the same container image)
    # could commit a cache saying "this file has no findings"; the cache key
    # includes a secret of the linting user, so the planted file is not read.
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "plugin.py").write_text('import subprocess\nsubprocess.run("ls " + x, shell=True)\n', encoding="utf-8")
    # (the scan's cache, not the run record above it: tests/test_replay.py has the record's own case)
    env_attacker = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "attacker-home"), UTCP_LINT_NO_REPLAY="1")
    env_victim = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "victim-home"))
    r = run_cli("--no-config", "--format", "json", "plugin.py", cwd=repo, env=env_attacker)
    assert json.loads(r.stdout)["findings"], r.stdout
    [cache] = list((repo / ".utcp-lint-cache").glob("pyscan-*.json"))
    data = json.loads(cache.read_text(encoding="utf-8"))
    data["entries"] = {k: [[], []] for k in data["entries"]}  # poison: "no findings"
    data["stats"] = {}
    cache.write_text(json.dumps(data), encoding="utf-8")
    # the attacker's own poisoned cache does work for the attacker (the test would prove nothing otherwise)
    r = run_cli("--no-config", "--format", "json", "plugin.py", cwd=repo, env=env_attacker)
    assert json.loads(r.stdout)["findings"] == []
    # the victim's run ignores it
    r = run_cli("--no-config", "--format", "json", "plugin.py", cwd=repo, env=env_victim)
    assert r.returncode == 1 and json.loads(r.stdout)["findings"], r.stdout
