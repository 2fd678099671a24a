"""The security claims of the bash rules, proven by running the real thing.

Every tool of every ``bad_*`` fixture of UL101-UL107 is rendered with the
executor exactly like utcp-cli would render it, run under real ``/bin/bash``
(``bash -c SCRIPT``, as the runtime does) in a fresh temporary directory, with
the runtime's environment and every input set to an attack payload.  A tool is
*proven* when one payload makes a file called ``CANARY`` appear.  Every tool of
every ``good_*`` fixture runs with every payload and must never produce it.

Sinks that need something this machine does not have (an ssh server, docker,
sudo) are listed in ``UNPROVEN`` with the reason; the test checks that list is
exact, so nothing slips in silently.

The "runtime fooled" class UL110 is proven the same way: the value ``1  *``
does not survive as one word (the double blank collapses or the ``*`` turns
into file names) when the reference really is unquoted.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import FIXTURES

from utcp_lint.executor.render import compose_env, render

BASH = "/bin/bash"
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
RULES = ("UL101", "UL102", "UL103", "UL104", "UL105", "UL106", "UL107")

# Tried in order for bad tools (first hit wins), all of them for good tools.
PAYLOADS = [
    "a[$(touch CANARY)]",  # arithmetic / variable-name subscript evaluation
    "GROUPS[$(touch CANARY)]",  # unset: needs an existing array
    "1+a[$(touch CANARY)]",  # after a base prefix (10#VALUE): `10#a` fails before the subscript
    "$(touch CANARY)",  # shell code
    "touch CANARY",  # shell code as a whole line (pipes into sh)
    "!touch CANARY",  # a command line of ed (ed(1) "!command")
    "'; touch CANARY; '",
    '"; touch CANARY; "',
    "x\ntouch CANARY\n",
    "x\n$(touch CANARY)",  # printf %q writes $'…' for a newline: "$'…'" then runs the $( )
    "x'); __import__('os').system('touch CANARY'); print('x",  # python in '…'
    'x"); __import__("os").system("touch CANARY"); print("x',  # python in "…"
    "__import__('os').system('touch CANARY')",  # python expression
    '1); require("child_process").execSync("touch CANARY"); (1',  # node
    'x"+require("child_process").execSync("touch CANARY")+"',  # node: inside "…" of a written module
    'x\'+require("child_process").execSync("touch CANARY")+\'',  # node: inside '…'
    'x"+str(__import__("os").system("touch CANARY"))+"',  # python: inside "…" of a written module
    'x/; system("touch CANARY"); /x',  # perl regex
    'strict;system("touch CANARY")',  # perl -MVALUE: `use VALUE;` (perlrun -M)
    'x/{}BEGIN{system("touch CANARY")}/x',  # awk pattern
    'x"; system("touch CANARY"); print "x',  # awk string
    "x/\ne touch CANARY\ns/x/x",  # GNU sed `e`
    # words split from the value into a runner's command position (`env $(echo J=V) prog`,
    # `timeout ${secs} prog`): the first word is taken as the runner's own operand (a
    # duration, an assignment's value), the rest run; ${IFS} is expanded by that sh only
    "sh -c touch${IFS}CANARY",
    "1 sh -c touch${IFS}CANARY",
    "./evil.sh",  # a file the caller controls: source / command name
    "./evil.py",  # a program file the caller controls: python3 -- FILE
    "./evil.js",  # a module the caller controls: node --require FILE
    "./bin",  # a directory the caller controls: PATH / PYTHONPATH entries (see _fresh)
    "CANARY",  # file-write targets
]

UNPROVEN = {
    ("UL102", "bad_unproven_remote.json", "ssh_remote"): "needs a reachable ssh server",
    ("UL102", "bad_unproven_remote.json", "docker_sh_c"): "needs docker",
    ("UL102", "bad_unproven_remote.json", "kubectl_exec"): "needs a kubernetes cluster",
    ("UL106", "bad_unproven_remote.json", "ssh_heredoc"): "needs a reachable ssh server",
    ("UL103", "bad_command_name.json", "sudo_command"): "sudo is not installed here",
    ("UL102", "bad_parallel.json", "parallel_template"): "GNU parallel is not installed here",
    ("UL103", "bad_command_name.json", "path_prefix"): "needs a writable /opt/tools",
    # launchers of the program table (programs.WRAPPER_PROGRAMS, each with its manual cited):
    # the canary needs the launcher installed, which CI images lack
    ("UL103", "bad_launcher_command.json", "jail_run"): "needs nsjail",
    ("UL103", "bad_launcher_command.json", "privdrop_run"): "needs setpriv (util-linux) and root",
    ("UL103", "bad_launcher_command.json", "numa_run"): "needs numactl",
    ("UL103", "bad_launcher_command.json", "cluster_run"): "needs a Slurm cluster (srun)",
    ("UL103", "bad_launcher_command.json", "queue_run"): "needs task-spooler (tsp)",
    ("UL106", "bad_command_readers.json", "crontab_install"): "crontab is not installed here",
    ("UL106", "bad_command_readers.json", "dc_calc"): "dc is not installed here",
    # a JVM start takes seconds (times the payload list): its Java payload is proven through
    # the real client in tests/test_exec_realclient_s33.py
    ("UL106", "bad_java_shell.json", "jshell_print_snippet"): "proven in tests/test_exec_realclient_s33.py",
    # the file written is NAME.json or out/../notes.txt (a name the value chooses, never the
    # bare CANARY this harness looks for): proven through the real client in
    # tests/test_sanitised_names.py
    ("UL104", "bad_sanitised_names.json", "basename_component_bad"): "proven in tests/test_sanitised_names.py",
    ("UL104", "bad_sanitised_names.json", "bare_bad"): "proven in tests/test_sanitised_names.py",
    # gdb's shell escape is `shell CMD` (no payload above has that form): proven in
    # tests/test_output_options_and_option_lines.py through the real client
    ("UL106", "bad_command_readers.json", "gdb_stdin_break"): "gdb's payload form is proven elsewhere",
    # bash 5.2 (here) expands a [[ -v arr[VALUE] ]] subscript once; bash 5.0/5.1 run the
    # payload: proven with BASH_COMPAT=51 in tests/test_broken_every_input.py
    ("UL107", "bad_v_test_subscript.json", "setting_known"): "runs on bash 5.0/5.1 only",
    ("UL107", "bad_v_test_subscript.json", "index_exists"): "runs on bash 5.0/5.1 only",
    # line editors: the escape is `!CMD` on a line of its own (no payload above has that
    # form): ed and ex proven in tests/test_output_options_and_option_lines.py
    ("UL106", "bad_command_readers.json", "ed_append_line"): "ed's `!CMD` form is proven elsewhere",
    ("UL106", "bad_command_readers.json", "ed_heredoc_search"): "ed's `!CMD` form is proven elsewhere",
    ("UL106", "bad_command_readers.json", "ex_substitute"): "ex's `!CMD` form is proven elsewhere",
    ("UL106", "bad_command_readers.json", "sftp_batch_get"): "needs a reachable sftp server",
    # static-site generators (set R): not installed here; their options from the references
    **{
        ("UL104", "bad_site_generators.json", t): "mkdocs/jekyll/zola are not installed here"
        for t in ("mkdocs_site_dir", "jekyll_destination", "unknown_target_dir")
    },
    # output-file options: the value names (or starts) the file written, which the
    # programs need inputs for; sort -o, msgfmt -o and csplit --prefix are proven through
    # the real client in tests/test_output_options_and_option_lines.py
    **{
        ("UL104", "bad_output_options.json", t): "needs the program's inputs; proven elsewhere for sort/msgfmt"
        for t in (
            "msgfmt_catalog",
            "sort_result",
            "pandoc_html",
            "gpg_encrypt",
            "tf_plan",
            "export_tool",
            "git_archive_tag",
            "tar_create_named",
            "cc_binary",
        )
    },
    ("UL106", "bad_group_piped.json", "crontab_append"): "crontab is not installed here",
    # code that runs later (a new shell, a commit, make with a recipe payload): proven with a
    # private HOME and git repository in tests/test_run_later_canary.py, never against the real ~
    ("UL102", "bad_run_later.json", "bashrc_export"): "runs later: tests/test_run_later_canary.py",
    ("UL102", "bad_run_later.json", "git_hook"): "runs later: tests/test_run_later_canary.py",
    ("UL102", "bad_run_later.json", "makefile_then_make"): "recipe payload: tests/test_run_later_canary.py",
}


def _tools(rule: str, prefix: str):
    """(file name, tool name, commands, input names) of every tool in the rule's
    ``prefix*.json`` fixtures; never empty (a loop over none would prove nothing)."""
    d = FIXTURES / "rules" / rule
    out = []
    for f in sorted(d.glob(prefix + "*.json")):
        doc = json.loads(f.read_text())
        for t in doc["tools"]:
            tpl = t["tool_call_template"]
            names = list((t.get("inputs") or {}).get("properties", {}))
            out.append((f.name, t["name"], tpl["commands"], names))
    assert out, f"no tools in {d}/{prefix}*.json"
    return out


def _run(commands, names, value, workdir: Path, timeout: float = 20.0):
    r = render(commands, {n: value for n in names})
    env = {**compose_env(None, None, os.environ), **r.env}
    # system directories first: a version-manager shim (pyenv) costs ~1 s per python start
    env["PATH"] = SYSTEM_PATH + ":" + os.environ.get("PATH", "")
    return subprocess.run(
        [BASH, "-c", r.script],
        cwd=workdir,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
    ), r


def _fresh(tmp: Path) -> Path:
    d = Path(tempfile.mkdtemp(dir=tmp))
    evil = d / "evil.sh"
    evil.write_text("#!/bin/sh\ntouch CANARY\n")
    evil.chmod(0o755)
    (d / "evil.py").write_text("open('CANARY', 'w').close()\n")
    (d / "evil.js").write_text("require('fs').writeFileSync('CANARY', '')\n")
    # a directory of impostors: `git` for PATH, a `json` module for PYTHONPATH, `run.sh`
    # and `env.sh` for `cd VALUE && ./run.sh` (each writes d/CANARY, wherever it runs from)
    (d / "bin").mkdir()
    for name in ("git", "run.sh", "env.sh"):
        (d / "bin" / name).write_text(f"#!/bin/sh\ntouch '{d}/CANARY'\n")
        (d / "bin" / name).chmod(0o755)
    (d / "bin" / "json.py").write_text(f"open({str(d / 'CANARY')!r}, 'w').close()\n")
    return d


def _one(commands, names, p, tmp: Path) -> bool:
    d = _fresh(tmp)
    try:
        _run(commands, names, p, d)
    except subprocess.TimeoutExpired:
        pass
    hit = (d / "CANARY").exists()
    shutil.rmtree(d, ignore_errors=True)
    return hit


def _canary_payloads(commands, names, tmp: Path, stop_at_first: bool):
    if stop_at_first:
        for p in PAYLOADS:
            if _one(commands, names, p, tmp):
                return [p]
        return []
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=4) as ex:
        flags = list(ex.map(lambda p: _one(commands, names, p, tmp), PAYLOADS))
    return [p for p, f in zip(PAYLOADS, flags) if f]


BAD = [
    pytest.param(rule, f, name, cmds, names, id=f"{rule}/{f}/{name}")
    for rule in RULES
    for f, name, cmds, names in _tools(rule, "bad_")
    if (rule, f, name) not in UNPROVEN
]
GOOD = [
    pytest.param(rule, f, name, cmds, names, id=f"{rule}/{f}/{name}")
    for rule in RULES
    for f, name, cmds, names in _tools(rule, "good_")
    if f != "good_run_later.json"  # writes under ~: tests/test_run_later_canary.py runs it with a private HOME
]


@pytest.mark.parametrize("rule,fname,tool,commands,names", BAD)
def test_bad_fixture_tool_runs_the_payload(rule, fname, tool, commands, names, tmp_path):
    hits = _canary_payloads(commands, names, tmp_path, stop_at_first=True)
    assert hits, f"{rule} {fname} {tool}: no payload produced CANARY"


@pytest.mark.parametrize("rule,fname,tool,commands,names", GOOD)
def test_good_fixture_tool_never_runs_the_payload(rule, fname, tool, commands, names, tmp_path):
    r = render(commands, {n: "x" for n in names})
    syntax = subprocess.run([BASH, "-n"], input=r.script, capture_output=True, text=True)
    assert syntax.returncode == 0, syntax.stderr  # it really runs, so "no canary" means something
    hits = _canary_payloads(commands, names, tmp_path, stop_at_first=False)
    assert hits == [], f"{rule} {fname} {tool}: payloads {hits} produced CANARY"


def test_unproven_list_is_exact():
    """Every unproven entry names a real bad fixture tool (nothing stale)."""
    present = {(rule, f, name) for rule in RULES for f, name, _c, _n in _tools(rule, "bad_")}
    assert set(UNPROVEN) <= present, set(UNPROVEN) - present
    # and the proven set covers every other bad tool
    assert len(BAD) + len(UNPROVEN) == len(present)


def test_every_bad_tool_is_reported_by_its_rule():
    """The canary-proven tools are exactly what the rules report (one finding per tool)."""
    from conftest import lint_json

    for rule in RULES:
        bad = sorted((FIXTURES / "rules" / rule).glob("bad_*.json"))
        assert bad, f"no bad_*.json fixtures for {rule}"
        for f in bad:
            _code, out = lint_json("--select", rule, f)
            tools = {x["tool"] for x in out["findings"] if x["rule"] == rule}
            expected = {name for fn, name, _c, _n in _tools(rule, "bad_") if fn == f.name}
            assert tools == expected, (rule, f.name, expected - tools, tools - expected)


# ---------------------------------------------------------------------------
# UL110: the runtime's tracker is fooled and the value expands unquoted
# ---------------------------------------------------------------------------


def _glob_dir(tmp: Path) -> Path:
    d = Path(tempfile.mkdtemp(dir=tmp))
    (d / "GLOBBED").mkdir()
    (d / "GLOBBED" / "INSIDE").write_text("")
    return d


def _ul110_tools(prefix):
    return [pytest.param(f, name, cmds, names, id=f"{f}/{name}") for f, name, cmds, names in _tools("UL110", prefix)]


SPLIT_PROBE = "1  *"


@pytest.mark.parametrize("fname,tool,commands,names", _ul110_tools("bad_"))
def test_ul110_bad_value_is_split_or_globbed(fname, tool, commands, names, tmp_path):
    d = _glob_dir(tmp_path)
    proc, _r = _run(commands, names, SPLIT_PROBE, d)
    assert SPLIT_PROBE not in proc.stdout, (proc.stdout, proc.stderr)


@pytest.mark.parametrize("fname,tool,commands,names", _ul110_tools("good_"))
def test_ul110_good_value_stays_one_word(fname, tool, commands, names, tmp_path):
    d = _glob_dir(tmp_path)
    proc, _r = _run(commands, names, SPLIT_PROBE, d)
    if fname.startswith("good_split_guarded"):
        # a guard rejects the blank/glob value before the unquoted use: nothing runs with it
        assert proc.stdout.strip() == "", (proc.stdout, proc.stderr)
    else:
        assert SPLIT_PROBE in proc.stdout, proc.stdout
    assert "GLOBBED" not in proc.stdout and "INSIDE" not in proc.stdout, proc.stdout


def test_ul110_word_splitting_splits_the_value(tmp_path):
    """nested_dq_comsub: printf '[%s]' gets two arguments for the value 'a b'."""
    doc = json.loads((FIXTURES / "rules" / "UL110" / "bad_unquoted.json").read_text())
    t = next(t for t in doc["tools"] if t["name"] == "nested_dq_comsub")
    proc, r = _run(t["tool_call_template"]["commands"], ["x"], "a b", tmp_path)
    assert proc.stdout.strip() == "<[a][b]>", proc.stdout
    # what the author meant (the runtime's promise): one argument
    quoted = subprocess.run(
        [BASH, "-c", "printf '<%s>' \"$(printf '[%s]' \"$V\")\""],
        env={"V": "a b", "PATH": os.environ["PATH"]},
        capture_output=True,
        text=True,
    )
    assert quoted.stdout == "<[a b]>"


# ---------------------------------------------------------------------------
# UL111 / UL113 / UL114: the structural claims, observed under bash
# ---------------------------------------------------------------------------


def test_ul111_value_never_reaches_the_command(tmp_path):
    for _f, name, cmds, names in _tools("UL111", "bad_"):
        proc, r = _run(cmds, names, "VALUE-SENT", tmp_path)
        assert "VALUE-SENT" not in proc.stdout, (name, proc.stdout)
        assert "__UTCP_ARG_" in proc.stdout, (name, proc.stdout)


def test_ul113_comment_breaks_the_whole_script(tmp_path):
    for _f, name, cmds, names in _tools("UL113", "bad_"):
        proc, r = _run(cmds + [{"command": "echo SECOND-STEP"}], names, "x", tmp_path)
        assert proc.returncode == 2 and "unexpected EOF" in proc.stderr, (name, proc.stderr)
        assert "SECOND-STEP" not in proc.stdout
    for _f, name, cmds, names in _tools("UL113", "good_"):
        proc, r = _run(cmds + [{"command": "echo SECOND-STEP"}], names, "x", tmp_path)
        assert "SECOND-STEP" in proc.stdout, (name, proc.stderr)


def test_ul114_terminator_on_last_line_warns_and_loses_stderr(tmp_path):
    for _f, name, cmds, names in _tools("UL114", "bad_"):
        proc, r = _run(cmds, names, "x", tmp_path)
        assert "delimited by end-of-file" in proc.stderr, (name, proc.stderr)
    for _f, name, cmds, names in _tools("UL114", "good_"):
        proc, r = _run(cmds, names, "x", tmp_path)
        assert "delimited by end-of-file" not in proc.stderr, (name, proc.stderr)
