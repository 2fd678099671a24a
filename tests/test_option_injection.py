"""UL150 option injection: the scanner, the table, the fix — and proof under real bash.

The proofs run templates through the installed utcp-cli 1.1.5 protocol (real
``/bin/bash``): a recording shim shows that a value starting with ``-`` arrives
as an option without ``--`` and as an operand with it; real ``tar`` and ``git``
show what that means (a canary file created by an injected option).
"""

import json
import shutil
import subprocess

import pytest
from conftest import lint_json, run_cli
from realcli import call, read_record, recording_shim, shim_env

from utcp_lint.template.bash import analyze_commands
from utcp_lint.template.option_scan import (
    AFTER,
    DYNAMIC,
    END,
    OPERAND,
    OPTION,
    SUBCOMMAND,
    VALUE,
    VALUE_GUESS,
    option_hits,
    walk,
)
from utcp_lint.template.option_table import NO_END_OF_OPTIONS, PROGRAMS, lookup

P = "UTCP_ARG_{}_UTCP_END".format


def manual(*cmds, props=None):
    props = props or {}
    tools = []
    for i, c in enumerate(cmds):
        names = sorted(set(__import__("re").findall(r"UTCP_ARG_(\w+?)_UTCP_END", c)))
        pr = {n: props.get(n, {"type": "string"}) for n in names}
        tools.append(
            {
                "name": f"t{i}",
                "description": "d",
                "inputs": {"type": "object", "properties": pr, "required": names},
                "tool_call_template": {"name": f"t{i}", "call_template_type": "cli", "commands": [{"command": c}]},
            }
        )
    return {"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}


def ul150(tmp_path, *cmds, props=None, name="m.json"):
    p = tmp_path / name
    p.write_text(json.dumps(manual(*cmds, props=props), indent=1))
    code, out = lint_json("--select", "UL150", p)
    assert not out["errors"], out["errors"]
    return p, [f for f in out["findings"] if f["rule"] == "UL150"]


# ---------------------------------------------------------------------------
# the option walk
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv,expect",
    [
        (["grep", "-e", None, "--", "f"], {1: OPTION, 2: VALUE, 3: END, 4: AFTER}),
        (["grep", "-ie", None], {1: OPTION, 2: VALUE}),
        (["grep", "-eX", None], {1: OPTION, 2: DYNAMIC}),
        (["grep", "--regexp", None], {1: OPTION, 2: VALUE}),
        (["grep", "--regexp=x", None], {1: OPTION, 2: DYNAMIC}),
        (["grep", "--color", None], {1: OPTION, 2: DYNAMIC}),  # optional value: never the next word
        (["tar", "-xf", "a.tar", None], {1: OPTION, 2: VALUE, 3: DYNAMIC}),
        (["git", "-C", "d", "log", None], {1: OPTION, 2: VALUE, 3: SUBCOMMAND, 4: DYNAMIC}),
        (["git", "log", "--end-of-options", None], {1: SUBCOMMAND, 2: END, 3: AFTER}),
        (["git", "commit", "-m", None], {1: SUBCOMMAND, 2: OPTION, 3: VALUE}),
        (["git", None], {1: DYNAMIC}),
        (["ssh", "host", None, "x"], {1: OPERAND, 2: DYNAMIC, 3: AFTER}),
        (["ssh", "-p", "22", None], {1: OPTION, 2: VALUE, 3: DYNAMIC}),
        (["docker", "run", "--rm", "img", None], {1: SUBCOMMAND, 2: OPTION, 3: OPERAND, 4: AFTER}),
        (["echo", "hi", None], {1: OPERAND, 2: AFTER}),
        (["echo", "-n", None], {1: OPTION, 2: DYNAMIC}),
        (["jq", "--arg", "n", None, "."], {1: OPTION, 2: VALUE, 3: VALUE, 4: OPERAND}),
        (["find", None, "-name", "x"], {1: DYNAMIC, 2: OPTION, 3: VALUE}),
        (["find", ".", "-name", None], {1: OPERAND, 2: OPTION, 3: VALUE}),
        (["find", ".", "-exec", "rm", None, ";"], {1: OPERAND, 2: OPTION, 3: VALUE, 4: VALUE, 5: VALUE}),
        (["mytool", "--input", None], {1: OPTION, 2: VALUE_GUESS}),
        (["mytool", None], {1: DYNAMIC}),
    ],
)
def test_walk_roles(argv, expect):
    w = walk(lookup(argv[0]), argv, 1)
    assert w.roles == expect


def test_table_covers_the_required_programs():
    for prog in (
        "git",
        "curl",
        "wget",
        "grep",
        "tar",
        "rm",
        "cp",
        "mv",
        "ssh",
        "scp",
        "rsync",
        "find",
        "sed",
        "jq",
        "docker",
        "kubectl",
        "npm",
        "pip",
    ):
        spec = PROGRAMS[prog]
        assert spec.impact in ("exec", "write", "read", "behavior") and spec.example, prog
    # programs documented as not accepting --: no fix is offered for them
    # jq 1.6 reads -- after its filter (end_after_operands); unzip 6.0 reads -d/-x after the zip
    # file, where -- is a member pattern (measured); qpdf 11's manual: `--` closes the
    # --pages/--encrypt sub-lists and is not an end of options
    assert NO_END_OF_OPTIONS == {"echo", "find", "unzip", "qpdf"}
    assert PROGRAMS["git"].end_of_options == "--end-of-options"
    assert PROGRAMS["git"].subcommand("clone").end_of_options == "--end-of-options"


def test_hits_through_wrappers_and_positions():
    a = analyze_commands(
        [f"sudo -u root timeout 5 rm -f {P('p')}", f"cat f | grep -e {P('q')} -- -", f"X={P('v')} ls > {P('o')}"]
    )
    hits = option_hits(a)
    assert [(h.ref.name, h.program) for h in hits] == [("p", "rm")]
    h = hits[0]
    assert (h.severity, h.confidence, h.whole) == ("error", "high", True)
    assert h.marker == "--" and h.insert_word.text.endswith('_p"')


# ---------------------------------------------------------------------------
# the rule: severities, confidences, messages, fixes
# ---------------------------------------------------------------------------


def test_rule_severity_by_impact(tmp_path):
    _p, fs = ul150(
        tmp_path,
        f"git clone {P('url')} dest",
        f"grep -r {P('p')} .",
        f"echo {P('t')}",
        f"mytool {P('x')}",
        f"kubectl get pods {P('pod')}",
    )
    got = {(f["tool"], f["severity"], f["confidence"]) for f in fs}
    assert got == {
        ("t0", "error", "high"),
        ("t1", "warning", "high"),
        ("t2", "note", "high"),
        ("t3", "warning", "low"),  # unknown program: a guess, but a warning (issue 23 item 4)
        ("t4", "error", "medium"),
    }


def test_schema_types_never_lower_the_severity(tmp_path):
    _p, fs = ul150(tmp_path, f"rm {P('n')}", props={"n": {"type": "integer", "minimum": 0}})
    assert len(fs) == 1 and fs[0]["severity"] == "error"
    assert "never validates arguments against inputs" in fs[0]["message"]


def test_quiet_where_protected(tmp_path):
    _p, fs = ul150(
        tmp_path,
        f"rm -- {P('p')}",
        f"git log --end-of-options {P('r')}",
        f"grep -e {P('q')} -- f",
        f"curl --url={P('u')}",
        f"cp ./{P('a')} b",
        f'ls "/srv/{P("d")}"',
        f"echo hi {P('t')}",
        f"ssh host -- {P('c')}",
        f"docker run --rm alpine echo {P('m')}",
        f"find . -name {P('g')}",
        f"mytool --input {P('x')}",
    )
    assert fs == []


def test_fix_inserts_end_of_options_in_json_source(tmp_path):
    # escapes before the placeholder on the same line: the insertion must land in
    # the JSON source at the right offset
    p, fs = ul150(tmp_path, f'grep -r "{P("p")}" .', f'git clone {P("url")} "d\\\\x"', f"tar -xf a.tar {P('m')}")
    assert len(fs) == 3
    r = run_cli("--no-config", "--select", "UL150", "--fix", p)
    assert r.returncode in (0, 1), r.stderr
    cmds = [t["tool_call_template"]["commands"][0]["command"] for t in json.loads(p.read_text())["tools"]]
    assert cmds == [
        f'grep -r -- "{P("p")}" .',
        f'git clone --end-of-options {P("url")} "d\\\\x"',
        f"tar -xf a.tar -- {P('m')}",
    ]
    code, out = lint_json("--select", "UL150", p)
    assert out["findings"] == []


def test_no_fix_when_an_option_follows_or_no_dashdash(tmp_path):
    p, fs = ul150(
        tmp_path, f"curl {P('u')} -o out.html", f"echo {P('t')}", f"find {P('d')} -type f", f"jq {P('f')} data.json"
    )
    assert len(fs) == 4
    before = p.read_text()
    r = run_cli("--no-config", "--select", "UL150", "--fix", "--diff", p)
    assert "No fixes available" in r.stderr
    assert p.read_text() == before
    msgs = {f["tool"]: f["message"] for f in fs}
    assert "not offered automatically" in msgs["t0"]
    assert "printf" in msgs["t1"] and "./" in msgs["t2"] and "--arg" in msgs["t3"]


# ---------------------------------------------------------------------------
# proof under real bash (the installed utcp-cli runtime)
# ---------------------------------------------------------------------------


def test_shim_sees_an_option_without_dashdash_and_an_operand_with_it(tmp_path):
    shims = tmp_path / "bin"
    recording_shim(shims)
    record = tmp_path / "record.json"
    env = shim_env(shims, record)
    value = "-rf"
    bad = f"probe {P('path')}"
    call({"commands": [{"command": bad}]}, {"path": value}, tmp_path, env)
    rec = read_record(record)
    assert rec["argv"] == ["-rf"]
    assert rec["options"] == ["-r", "-f"] and rec["operands"] == []
    # the linter reports exactly this word (an unknown program: low confidence, and no
    # automatic fix since it may not accept --); with -- it is quiet
    p, fs = ul150(tmp_path, bad)
    assert len(fs) == 1 and fs[0]["confidence"] == "low"
    fixed = f"probe -- {P('path')}"
    _p2, fs2 = ul150(tmp_path, fixed, name="fixed.json")
    assert fs2 == []
    call({"commands": [{"command": fixed}]}, {"path": value}, tmp_path, env)
    rec = read_record(record)
    assert rec["options"] == [] and rec["operands"] == ["-rf"]


def test_shim_long_option_with_value_in_one_word(tmp_path):
    shims = tmp_path / "bin"
    recording_shim(shims)
    record = tmp_path / "record.json"
    env = shim_env(shims, record)
    call(
        {"commands": [{"command": f"probe {P('name')} report.txt"}]}, {"name": "--output=/tmp/elsewhere"}, tmp_path, env
    )
    rec = read_record(record)
    assert rec["options"] == ["--output"] and rec["operands"] == ["report.txt"]
    call(
        {"commands": [{"command": f"probe -- {P('name')} report.txt"}]},
        {"name": "--output=/tmp/elsewhere"},
        tmp_path,
        env,
    )
    assert read_record(record)["operands"] == ["--output=/tmp/elsewhere", "report.txt"]


@pytest.mark.skipif(shutil.which("tar") is None, reason="needs tar")
def test_tar_to_command_runs_a_command(tmp_path):
    (tmp_path / "a.txt").write_text("hello\n")
    subprocess.run(["tar", "-cf", str(tmp_path / "a.tar"), "-C", str(tmp_path), "a.txt"], check=True)
    canary = tmp_path / "canary"
    value = f"--to-command=touch {canary}"
    call({"commands": [{"command": f"tar -xf a.tar {P('member')}"}]}, {"member": value}, tmp_path)
    assert canary.exists()
    canary.unlink()
    _p, fs = ul150(tmp_path, f"tar -xf a.tar {P('member')}")
    assert len(fs) == 1 and fs[0]["severity"] == "error"
    call({"commands": [{"command": f"tar -xf a.tar -- {P('member')}"}]}, {"member": value}, tmp_path)
    assert not canary.exists()


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_git_clone_upload_pack_runs_a_command(tmp_path):
    src = tmp_path / "src"
    subprocess.run(["git", "init", "-q", str(src)], check=True)
    subprocess.run(
        [
            "git",
            "-C",
            str(src),
            "-c",
            "user.email=a@b",
            "-c",
            "user.name=n",
            "commit",
            "-q",
            "--allow-empty",
            "-m",
            "init",
        ],
        check=True,
    )
    work = tmp_path / "work"
    work.mkdir()
    canary = tmp_path / "canary"
    # url takes the repository slot as an option; dest becomes the repository
    args = {"url": f"--upload-pack=touch {canary}; false", "dest": str(src)}
    tpl = f"git clone {P('url')} {P('dest')}"
    call({"commands": [{"command": tpl}]}, args, work)
    assert canary.exists()
    canary.unlink()
    p, fs = ul150(tmp_path, tpl)
    assert [f["severity"] for f in fs] == ["error", "error"]
    run_cli("--no-config", "--select", "UL150", "--fix", p)
    fixed = json.loads(p.read_text())["tools"][0]["tool_call_template"]["commands"][0]["command"]
    assert fixed == f"git clone --end-of-options {P('url')} {P('dest')}"
    call({"commands": [{"command": fixed}]}, args, work)
    assert not canary.exists()


@pytest.mark.skipif(shutil.which("perl") is None, reason="perl not installed")
def test_perl_keeps_reading_switches_after_a_clustered_e(tmp_path):
    """perl reads switches after `-e CODE` (perlrun(1)), also when -e ends a cluster of digit
    switches (`-wle`, `-0777 -ne`): a value `-e;CODE` adds a second program line and runs it
    (measured here through the real runtime); `--` keeps it an @ARGV word.  python -c is the
    opposite: it ends option parsing (`python3 -c CODE -c X` gives sys.argv ['-c', '-c', 'X'])."""
    canary = tmp_path / "canary"
    payload = f'-e;open my $f, ">", "{canary}"'
    for cmd in (f"perl -wle 'print uc shift' {P('s')}", f"perl -0777 -lne 'print' {P('s')}"):
        call({"commands": [cmd]}, {"s": payload}, tmp_path)
        assert canary.exists(), cmd
        canary.unlink()
    out = call({"commands": [f"perl -wle 'print uc shift' -- {P('s')}"]}, {"s": payload}, tmp_path)
    assert not canary.exists() and "-E;OPEN" in out
    _p, fs = ul150(
        tmp_path,
        f"perl -wle 'print uc shift' {P('s')}",
        f"perl -0777 -lne 'print' {P('s')}",
        f"perl -wle 'print uc shift' -- {P('s')}",
        f"python3 -c 'import sys; print(sys.argv[1])' {P('s')}",
    )
    assert sorted((f["tool"], f["severity"]) for f in fs) == [("t0", "error"), ("t1", "error")]


@pytest.mark.skipif(shutil.which("date") is None, reason="date not installed")
def test_date_format_value_reads_a_file(tmp_path):
    """GNU date: a value `--file=FILE` in the format's place makes date read FILE and print
    every line (as `invalid date 'LINE'`, captured by the runtime's 2>&1): a read, so a
    warning; `--` makes it an operand (measured through the real runtime)."""
    (tmp_path / "notes.txt").write_text("secret line\n")
    out = call({"commands": [f"date -u {P('fmt')}"]}, {"fmt": "--file=notes.txt"}, tmp_path)
    assert "secret line" in out
    out = call({"commands": [f"date -u -- {P('fmt')}"]}, {"fmt": "--file=notes.txt"}, tmp_path)
    assert "secret line" not in out
    assert call({"commands": [f"date -u -d @0 -- {P('fmt')}"]}, {"fmt": "+%Y"}, tmp_path).strip() == "1970"
    _p, fs = ul150(
        tmp_path,
        f"date -u {P('fmt')}",
        f"date -u -- {P('fmt')}",
        f"date -d {P('when')} +%s",
        f"date --date={P('when')} -u +%F",
    )
    assert [(f["tool"], f["severity"]) for f in fs] == [("t0", "warning")]


def test_helm_release_value_can_name_a_post_renderer(tmp_path):
    """helm install/upgrade (cobra/pflag: options anywhere before `--`): a release value
    `--post-renderer=PATH` makes helm run PATH (helm docs, "Post Rendering"), so it is an
    error; after `--`, or as the argument of -n/--set/--version, it stays data; a value
    that IS --post-renderer's argument names the program to run (UL151)."""
    _p, fs = ul150(
        tmp_path,
        f"helm upgrade --install {P('release')} ./chart",
        f"helm install {P('release')} oci://registry.example.com/charts/web",
        f"helm upgrade --install -n {P('ns')} --set image.tag={P('tag')} -- {P('release')} ./chart",
        f"helm install --version {P('ver')} web -- {P('release')}",
        f"helm template --values values.yaml -- {P('release')} ./chart",
    )
    assert sorted((f["tool"], f["severity"]) for f in fs) == [("t0", "error"), ("t1", "error")]
    p = tmp_path / "pr.json"
    p.write_text(json.dumps(manual(f"helm install web ./chart --post-renderer {P('hook')}"), indent=1))
    _code, out = lint_json("--select", "UL151", p)
    assert [f["rule"] for f in out["findings"]] == ["UL151"], out


def test_case_branch_with_a_fixed_first_byte_guards_the_value(tmp_path):
    """`case V in [a-z]*) prog V ;;`: only values starting with a-z reach the branch, so no
    option can (bash(1) Pattern Matching; measured: `-x` takes the `*)` branch).  A class
    holding `-`, or a branch after a negated class, is still reported."""
    cmds = (
        f"case {P('r')} in [a-z]*) helm upgrade --install {P('r')} ./chart;; *) echo 'bad name';; esac",
        f"case {P('r')} in v[0-9]*|main) git log {P('r')};; esac",
        f"case {P('r')} in [-a-z]*) git log {P('r')};; esac",
        f"case {P('r')} in [!0-9]*) git log {P('r')};; esac",
    )
    _p, fs = ul150(tmp_path, *cmds)
    assert sorted(f["tool"] for f in fs) == ["t2", "t3"]
    shim_dir = tmp_path / "bin"
    recording_shim(shim_dir, "git")
    record = tmp_path / "rec.json"
    out = call({"commands": [cmds[1]]}, {"r": "--output=x"}, tmp_path, env=shim_env(shim_dir, record))
    assert not record.exists() and out == ""
    call({"commands": [cmds[1]]}, {"r": "v1.2"}, tmp_path, env=shim_env(shim_dir, record))
    assert read_record(record)["argv"] == ["log", "v1.2"]
